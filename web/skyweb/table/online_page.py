"""The page's side of an online table (issue 47): the host's choice of servers and its
consent, each seat's one link, and the guest's page that opens it and is seated.

web/online.mjs meets the other page through Nostr relays and opens the WebRTC link;
from there the table is the same as one joined by codes (TableScreen, skyweb.table).
Nothing here contacts anyone until the host presses *Invite over the internet*, or a
guest presses *Join* on a link (a device that joined that table before goes on by
itself: a reload, or the host's page coming back).
"""

from __future__ import annotations

import asyncio
import json
from html import escape
from typing import Any

from pyodide.ffi import create_proxy
from pyscript import window

from pyengine.core import safejson
from pyengine.core.i18n import msg, translate

from .. import panels, parts
from ..dom import el, error_text, js_object

SETTINGS_KEY = "skyline.online"  # the host's servers, remembered on this device
RECONNECT_S = 1.0  # a guest whose link dropped asks the relays again after this


def js_value(data: Any) -> Any:
    """A JSON-able Python value as a plain JS value (lists of objects included)."""
    return window.JSON.parse(json.dumps(data))


def link_for(fragment: str) -> str:
    loc = window.location
    return f"{loc.origin}{loc.pathname}#{fragment}"


class OnlineScreen:
    """Mixin of ui.App, beside TableScreen whose table and guest it shares."""

    station: Any = None  # web/online.mjs host(): listening for this table's guests
    online_seat: Any = None  # skyweb.online.OnlineSeat: the link this guest page opened
    online_join: Any = None  # web/online.mjs join() while a guest looks for its host
    online_news: dict[str, Any] = {}  # the relays' last news, for the dialog
    vias: dict[int, str] = {}  # seat -> "direct" or "turn", while connected

    # ---- the host's servers ----------------------------------------------------------------
    def online_action(self, name: str, seat: int) -> bool:
        """A button of the online method (data-action); False: not one of its."""
        if name == "table-online":
            self.go_online()
        elif name == "table-online-servers":
            self.change_servers()
        elif name == "table-online-copy":
            window.navigator.clipboard.writeText(el(f"table-online-link-{seat}").href)
        elif name == "table-online-join" or (name == "table-rejoin-start" and self.online_seat is not None):
            self.online_connect()
        else:
            return False
        return True

    def online_settings(self) -> Any:
        """This visit's servers: the page's parameters, else what this device remembered,
        else the build's defaults."""
        from ..params import parse_query
        from .online import Settings, overrides

        try:
            saved = safejson.loads(str(window.localStorage.getItem(SETTINGS_KEY) or "null"), 20_000)
        except ValueError:
            saved = None
        settings = Settings.from_json(saved) if saved else Settings()
        given = overrides(parse_query(str(window.location.search)))
        try:
            if "relays" in given or "stun" in given:
                return Settings.from_texts(
                    given.get("relays", " ".join(settings.relays)),
                    given.get("stun", " ".join(settings.stun)),
                    settings.turn_url,
                    settings.turn_user,
                    settings.turn_credential,
                )
        except ValueError:
            pass
        return settings

    def draw_online_section(self) -> None:
        """The dialog's part on online play: before, what will be contacted and the fields
        to change it; after, whether the relays answer."""
        box = el("table-online")
        host = self.table
        if not box or host is None:
            return
        from .dialog import before_online_html, relay_status_html, servers_html
        from .online import Settings

        info = self.session.record.get("table", {}).get("online")
        typed = {f: str(el(f).value) for f in ONLINE_FIELDS if el(f)}  # a redraw keeps what was typed
        was_open = bool(box.querySelector("details[open]"))
        settings = Settings.from_json(info.get("settings")) if info else self.online_settings()
        turn = (settings.turn_url, settings.turn_user, settings.turn_credential)
        if info:
            servers = servers_html(settings.relays, settings.stun, turn, was_open, "table-online-servers", self.lang)
            box.innerHTML = relay_status_html(self.online_news, self.lang) + servers
        else:
            servers = servers_html(settings.relays, settings.stun, turn, was_open, None, self.lang)
            box.innerHTML = before_online_html(settings.contacted(), servers, self.lang)
        for f, value in typed.items():
            el(f).value = value

    def read_servers(self) -> Any:
        """The fields as Settings, remembered on this device; None (said) if one is wrong."""
        from .online import Settings

        try:
            settings = Settings.from_texts(*(str(el(f).value) if el(f) else "" for f in ONLINE_FIELDS))
        except ValueError as e:
            el("table-error").textContent = self.T("Cannot go online: {why}", why=error_text(e, self.lang))
            return None
        el("table-error").textContent = ""
        try:
            window.localStorage.setItem(SETTINGS_KEY, json.dumps(settings.to_json()))
        except Exception:  # noqa: BLE001 - storage off: the servers are asked for again next time
            pass
        return settings

    def change_servers(self) -> None:
        """New servers for a table already online: STUN and TURN travel in the next offers;
        new relays change the links (shown at once), since a guest must listen there."""
        info = self.session.record.get("table", {}).get("online") if self.table is not None else None
        settings = self.read_servers()
        if not info or settings is None:
            return
        info["settings"] = settings.to_json()
        self.save_locally()
        self.stop_station()
        asyncio.ensure_future(self.start_station())

    def go_online(self) -> None:
        """The host's consent: remember the servers, make the table's id and secret, listen."""
        settings = self.read_servers()
        if settings is not None:
            asyncio.ensure_future(self._go_online(settings))

    async def _go_online(self, settings: Any) -> None:
        online = await page_module_online()
        record = self.session.record
        if record.get("table", {}).get("online") or self.table is None:
            return  # pressed twice
        # 18 and 32 random bytes: the id only has to be unique, the secret must not be guessed.
        record.setdefault("table", {})["online"] = {
            "table": str(online.randomId(18)),
            "secret": str(online.randomId(32)),
            "settings": settings.to_json(),
        }
        self.save_locally()
        await self.start_station()

    def remote_tokens(self) -> dict[str, str]:
        host = self.table
        return {str(p): s.token for p, s in host.remote.items()} if host is not None else {}

    async def start_station(self) -> None:
        """Listen for this table's guests (after the consent, or at once when a reloaded
        host page finds its table was online)."""
        from .online import Settings

        host = self.table
        info = self.session.record.get("table", {}).get("online") if host is not None else None
        if not info or self.station is not None:
            return
        settings = Settings.from_json(info.get("settings"))
        self.online_news, self.vias = {}, {}
        self.draw_table_rows()
        online = await page_module_online()
        proxies = [
            create_proxy(lambda link, seat, via: self.online_link(host, link, int(seat), str(via))),
            create_proxy(lambda news: self.on_station_news(host, news.to_py() if hasattr(news, "to_py") else {})),
        ]
        station = await online.host(
            js_object(
                table=info["table"],
                secret=info["secret"],
                relays=js_value(settings.relays),
                iceServers=js_value(settings.ice_servers()),
                seats=js_value(self.remote_tokens()),
                onLink=proxies[0],
                onNews=proxies[1],
            )
        )
        if self.table is not host:
            station.close()
            return
        self.station, self._station_proxies = station, proxies
        self.draw_table_rows()

    def stop_station(self) -> None:
        if self.station is not None:
            self.station.close()
        self.station = None

    def leave_online(self) -> None:
        """Back to the lobby: stop listening, and stop looking for a host."""
        self.stop_station()
        if self.online_join is not None:
            self.online_join.close()
        self.online_join = self.online_seat = None

    def online_link(self, host: Any, link: Any, seat: int, via: str) -> None:
        """A guest's page connected through the relays: its join takes the seat."""
        from .screen import JsLink

        if self.table is not host or seat not in host.remote:
            link.close()
            return
        joined = JsLink(link)
        self.vias[seat] = via
        self.watch_join(joined, seat, "online")
        host.attach(joined)
        self.draw_table_rows()

    def on_station_news(self, host: Any, news: dict[str, Any]) -> None:
        if self.table is not host:
            return
        self.online_news = news
        seat, problem = news.get("seat"), news.get("problem")
        if isinstance(seat, int) and seat in host.remote and problem:
            name = panels.names(self.session, self.lang)[seat]
            self.outcomes[seat] = (
                msg(
                    "{name}'s page was found through the relays, but no network path between the two devices worked: the networks need a TURN server, or a STUN server if none is set (Change servers). Their page keeps trying.",
                    name=name,
                )
                if problem == "ice"
                else msg("{name}'s page did not finish connecting; it keeps trying.", name=name)
            )
        if el("table-dialog").open:
            self.draw_table_rows()

    def online_link_of(self, seat: int) -> str | None:
        """A seat's one link, at a table that is online (None: it is not)."""
        from .online import OnlineSeat, Settings

        info = self.session.record.get("table", {}).get("online")
        host = self.table
        if not info or host is None:
            return None
        settings = Settings.from_json(info.get("settings"))
        invite = OnlineSeat(
            info["table"], info["secret"], seat, host.remote[seat].token, tuple(settings.relays), self.about()
        )
        return link_for(invite.fragment())

    # ---- the guest's page ------------------------------------------------------------------
    def join_online(self, fragment: str) -> None:
        asyncio.ensure_future(self._join_online(fragment))

    async def _join_online(self, fragment: str) -> None:
        await parts.fetch_part("table")
        from .online import read_link

        try:
            seat = read_link(fragment)
        except ValueError as e:
            self.show_lobby(self.T("Cannot join the table: {why}", why=error_text(e, self.lang)))
            return
        from .screen import was_seated

        self.online_seat = seat
        self.guest_for(seat.seat, seat.token)
        consented = was_seated(seat.seat, seat.token, f"online:{seat.table}")
        self.online_join_screen(seat, consented)
        if consented:
            self.online_connect()

    def online_join_screen(self, seat: Any, consented: bool) -> None:
        for box in ("lobby", "join-box", "game"):
            el(box).hidden = True
        screen = el("join")
        screen.hidden = False
        screen.dataset.online = "1"
        if not el("join-more"):
            el("join-qr").insertAdjacentHTML("afterend", '<div id="join-more"></div>')
        node = screen.querySelector("#join > p[data-i18n]")
        text = msg(
            "You are invited to a table over the internet, as player {n}. Your page will find the host's through the relays below, which pass on only sealed messages, then connect to the host's device.",
            n=seat.seat + 1,
        )
        node.setAttribute("data-i18n", text.template)
        node.textContent = translate(text, self.lang)
        from .dialog import invited_words

        el("join-about").textContent = invited_words(seat.about, seat.seat, self.lang)
        for hidden in ("join-answer", "join-qr"):
            el(hidden).hidden = True
        el("join-link").parentElement.hidden = True
        el("join-wait").textContent = ""
        el("join-status").textContent = ""
        relays = "".join(f"<li><code>{escape(u)}</code></li>" for u in seat.relays)
        button = (
            ""
            if consented
            else f'<button type="button" class="primary" data-action="table-online-join">{escape(self.T("Join"))}</button>'
        )
        el("join-more").innerHTML = f'<ul class="table-servers">{relays}</ul>{button}'

    def online_connect(self) -> None:
        asyncio.ensure_future(self._online_connect())

    async def _online_connect(self) -> None:
        from .screen import JsLink, remember

        seat = self.online_seat
        if seat is None or self.online_join is not None:
            return
        remember(seat.seat, seat.token, used=f"online:{seat.table}")  # consent given: a reload goes on by itself
        if el("join-more") and not el("join").hidden:
            el("join-more").innerHTML = ""
        el("join-status").textContent = self.T("Looking for the host…")
        online = await page_module_online()

        def linked(link: Any, via: Any) -> None:
            self.online_join = None
            guest = self.guest_for(seat.seat, seat.token)
            guest.connect(JsLink(link))

        proxies = [create_proxy(linked), create_proxy(lambda news: self.on_join_news(news.to_py()))]
        self._join_proxies = proxies
        self.online_join = online.join(
            js_object(
                table=seat.table,
                secret=seat.secret,
                seat=seat.seat,
                token=seat.token,
                relays=js_value(list(seat.relays)),
                onLink=proxies[0],
                onNews=proxies[1],
            )
        )

    def on_join_news(self, news: dict[str, Any]) -> None:
        stage, problem = news.get("stage"), news.get("problem")
        words = {
            "relays": msg(
                "No relay could be reached: this device may be offline, or the relays refuse it. Ask the host for a link with relays you can reach, or for a code on one local network."
            ),
            "waiting": msg("Looking for the host: their page must be open. This page keeps trying."),
            "connecting": msg("Found the host: connecting…"),
            "connected": msg("Connected."),
        }
        if stage == "failed":
            text = (
                msg(
                    "The host was found, but no network path between the two devices worked: the host needs a TURN server (or a STUN server, if they set none). This page keeps trying."
                )
                if problem == "ice"
                else msg("The connection to the host did not open ({why}). This page keeps trying.", why=str(problem))
            )
        else:
            text = words.get(str(stage), msg("Looking for the host: their page must be open. This page keeps trying."))
        line = el("join-status")
        if line:
            line.textContent = translate(text, self.lang)
            line.dataset.stage = str(stage)

    def online_link_lost(self) -> None:
        """A guest of an online table lost its link: ask the relays again, by itself."""
        if self.online_seat is None or self.online_join is not None:
            return

        async def again() -> None:
            await asyncio.sleep(RECONNECT_S)
            g = self.guest
            if g is not None and g.link is None and g.gone is None:
                self.online_connect()

        asyncio.ensure_future(again())


ONLINE_FIELDS = ("online-relays", "online-stun", "online-turn", "online-turn-user", "online-turn-credential")


async def page_module_online() -> Any:
    from .screen import page_module

    return await page_module("online.mjs")
