"""An online table's words: the link a guest opens, and the host's choice of relays and
ICE servers. Pure Python (tests/test_online.py); web/online.mjs does the talking.

The link is the page's address with a fragment, which no server ever receives:

    index.html#online=1&table=<id>&secret=<key>&seat=<n>&token=<seat token>[&relays=<urls>]

`relays` is there only when the host's list is not the build's default, so the guest
meets the host where the host listens. The STUN and TURN servers are not in the link:
they come sealed in the host's offer, so a TURN password is never in a message window.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from pyengine.core.i18n import msg

from ..params import parse_query
from .protocol import About

LINK_VERSION = "1"
# Public Nostr relays that pass on ephemeral events (NIP-01, kinds 20000-29999) and ask for
# no account: any one of them that both pages reach is enough. Shown to the host, editable.
DEFAULT_RELAYS = ("wss://relay.damus.io", "wss://nos.lol", "wss://relay.primal.net", "wss://relay.nostr.band")
# Public STUN servers: they tell a page its address as the internet sees it (no game data).
DEFAULT_STUN = ("stun:stun.l.google.com:19302", "stun:stun.cloudflare.com:3478")
MAX_SERVERS = 8
_ID = re.compile(r"^[A-Za-z0-9_-]{16,64}$")
_TOKEN = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
_RELAY = re.compile(r"^wss?://[^\s/?#]+(?::\d{1,5})?(/[^\s?#]*)?$")
_STUN = re.compile(r"^stun:[^\s?#]+$")
_TURN = re.compile(r"^turns?:[^\s#]+$")


@dataclass(frozen=True)
class OnlineSeat:
    """What a guest's link says: which table, its secret, and the seat with its token."""

    table: str
    secret: str
    seat: int
    token: str
    relays: tuple[str, ...] = DEFAULT_RELAYS
    about: About = About()  # what the guest is told before it joins

    def fragment(self) -> str:
        parts = [
            f"online={LINK_VERSION}",
            f"table={self.table}",
            f"secret={self.secret}",
            f"seat={self.seat}",
            f"token={self.token}",
        ]
        if self.relays != DEFAULT_RELAYS:
            # Relay URLs hold no & # or space (relay_list refuses them): joined with "+".
            parts.append("relays=" + "+".join(self.relays))
        return "&".join(parts + self.about.fields())


def is_online_link(fragment: str) -> bool:
    return fragment.lstrip("#").startswith("online=")


def read_link(fragment: str) -> OnlineSeat:
    """The seat a link's fragment names; ValueError (a Msg) says what is wrong with it."""
    text = fragment.lstrip("#")
    if len(text) > 4000:
        raise ValueError(msg("this online table link is too long to be one"))
    fields = parse_query(text)
    if fields.get("online") != LINK_VERSION:
        raise ValueError(
            msg(
                "this online table link comes from another version of Skyline (link version {v}): reload both pages",
                v=fields.get("online", "?")[:8],
            )
        )
    table, secret, seat, token = (fields.get(k, "") for k in ("table", "secret", "seat", "token"))
    if not (_ID.match(table) and _ID.match(secret) and seat.isdigit() and len(seat) <= 2 and _TOKEN.match(token)):
        raise ValueError(msg("this online table link is damaged or cut short: open the whole link again"))
    relays = DEFAULT_RELAYS
    if "relays" in fields:
        relays = tuple(relay_list(fields["relays"]))
    return OnlineSeat(table, secret, int(seat), token, relays, About.read(fields))


@dataclass
class Settings:
    """The host's choice, shown in the Table dialog before anything is contacted, and
    remembered on the device."""

    relays: list[str] = field(default_factory=lambda: list(DEFAULT_RELAYS))
    stun: list[str] = field(default_factory=lambda: list(DEFAULT_STUN))
    turn_url: str = ""
    turn_user: str = ""
    turn_credential: str = ""

    def ice_servers(self) -> list[dict[str, str]]:
        """RTCPeerConnection's iceServers."""
        servers = [{"urls": url} for url in self.stun]
        if self.turn_url:
            turn = {"urls": self.turn_url}
            if self.turn_user:
                turn |= {"username": self.turn_user, "credential": self.turn_credential}
            servers.append(turn)
        return servers

    def contacted(self) -> list[str]:
        """Every third party the table will contact, as the dialog names them."""
        return [*self.relays, *self.stun, *([self.turn_url] if self.turn_url else [])]

    def to_json(self) -> dict[str, Any]:
        return {
            "relays": self.relays,
            "stun": self.stun,
            "turn": {"url": self.turn_url, "user": self.turn_user, "credential": self.turn_credential},
        }

    @classmethod
    def from_json(cls, data: Any) -> Settings:
        """What the device remembered (or an autosave held): anything odd gives the defaults."""
        if not isinstance(data, dict):
            return cls()
        try:
            turn = data.get("turn") if isinstance(data.get("turn"), dict) else {}
            return cls.from_texts(
                "\n".join(data.get("relays", [])),
                "\n".join(data.get("stun", [])),
                str(turn.get("url", "")),
                str(turn.get("user", "")),
                str(turn.get("credential", "")),
            )
        except (ValueError, TypeError):
            return cls()

    @classmethod
    def from_texts(
        cls, relays: str, stun: str, turn_url: str = "", turn_user: str = "", turn_credential: str = ""
    ) -> Settings:
        """The dialog's fields (one server a line, or separated by spaces or commas);
        ValueError (a Msg) names the first entry that is not what its field takes."""
        turn_url = turn_url.strip()
        if turn_url and not _TURN.match(turn_url):
            raise ValueError(msg("{url} is not a TURN server (turn:host:port or turns:host:port)", url=turn_url[:80]))
        if len(turn_user) > 256 or len(turn_credential) > 256:
            raise ValueError(msg("the TURN user name or password is too long"))
        return cls(relay_list(relays), stun_list(stun), turn_url, turn_user.strip(), turn_credential)


def _split(text: str) -> list[str]:
    items: list[str] = []
    for item in re.split(r"[\s,]+", text.strip()):
        if item and item not in items:
            items.append(item)
    if len(items) > MAX_SERVERS:
        raise ValueError(msg("at most {n} servers of each kind", n=MAX_SERVERS))
    return items


def relay_list(text: str) -> list[str]:
    relays = _split(text)
    for url in relays:
        if not _RELAY.match(url) or len(url) > 200:
            raise ValueError(msg("{url} is not a Nostr relay (wss://host, or ws:// on your own network)", url=url[:80]))
    return relays


def stun_list(text: str) -> list[str]:
    servers = _split(text)
    for url in servers:
        if not _STUN.match(url) or len(url) > 200:
            raise ValueError(msg("{url} is not a STUN server (stun:host:port)", url=url[:80]))
    return servers


def overrides(query: dict[str, str]) -> dict[str, str]:
    """The page's parameters that replace the remembered lists for this visit: `relays`
    and `stun` (space- or comma-separated; `stun=none` for none). Tests point a page at
    the relay they started; a club can link its own relay."""
    out = {}
    if "relays" in query:
        out["relays"] = query["relays"]
    if "stun" in query:
        out["stun"] = "" if query["stun"] == "none" else query["stun"]
    return out
