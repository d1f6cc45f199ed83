"""Game setup from a URL query (`?game=manhattan&players=4&seats=human,bot&seed=7&godzilla=full`).

The query is part of the UI testing contract: a URL with `game=` skips the lobby.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Any

from pyengine.core.i18n import Msg, msg

# Query keys that are not game options.
# relays and stun: an online table's servers for this visit (skyweb.online.overrides)
RESERVED = {"game", "players", "seats", "seed", "fast", "lang", "names", "relays", "stun"}
MAX_NAME = 24  # characters of a player's name
SHOWN = 40  # characters of a refused value quoted back: a URL may hold 100 kB of anything
HUMAN = "human"
REMOTE = "remote"  # a seat played from another device (skyweb.table)
DEFAULT_BOT = "bot"  # a seat named "bot" gets the game's default bot


class SetupError(ValueError):
    """A setup that cannot start a game; the message is one line for a person."""


@dataclass
class Setup:
    game: str
    players: int
    seats: list[str]  # "human" or a bot name, one per player
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    names: list[str] = field(default_factory=list)  # chosen names; "" keeps the default


def clean_names(names: Any, players: int) -> list[str]:
    """Players' chosen names: text, trimmed, at most MAX_NAME characters; markup stays
    plain text (everything that draws a name escapes it)."""
    if names in (None, []):
        return [""] * players
    if not isinstance(names, list) or len(names) != players or not all(isinstance(n, str) for n in names):
        raise SetupError(msg("names must be a list of {n} texts", n=players))
    return [" ".join(n.split())[:MAX_NAME] for n in names]


def random_seed() -> int:
    # Seeds only pick a deal; a readable number is easier to report than a 64-bit one.
    return random.randrange(1, 1_000_000)


# Runs of %XX escapes: the bytes of one or more UTF-8 characters.
_ESCAPES = re.compile(r"((?:%[0-9A-Fa-f]{2})+)")


def quote(text: str) -> str:
    """Text as one field of a query, the inverse of _unquote: every byte but
    A-Z a-z 0-9 - _ . ! ~ * ' ( ) as %XX, as JavaScript's encodeURIComponent writes it
    (a table code's `*` stays as it is); not urllib.parse, for the same reason."""
    return "".join(
        c if c.isascii() and (c.isalnum() or c in "-_.!~*'()") else "".join(f"%{b:02X}" for b in c.encode())
        for c in text
    )


def _unquote(text: str) -> str:
    """A query's form-encoded text ('+' a space, %XX a byte), as urllib.parse.parse_qsl
    reads it. Not urllib.parse itself: it and ipaddress, which it imports, would be
    in every first visit's download for this one function."""
    pieces = _ESCAPES.split(text.replace("+", " "))
    for i in range(1, len(pieces), 2):
        pieces[i] = bytes.fromhex(pieces[i].replace("%", "")).decode("utf-8", "replace")
    return "".join(pieces)


def parse_query(search: str) -> dict[str, str]:
    """`location.search` (with or without the leading '?') as a dict; last value wins."""
    query: dict[str, str] = {}
    for field_ in search.lstrip("?").split("&"):
        if field_:
            key, _, value = field_.partition("=")
            query[_unquote(key)] = _unquote(value)
    return query


def is_fast(query: dict[str, str]) -> bool:
    return query.get("fast", "") not in ("", "0", "false", "no")


def resolve_seat(seat: str, bots: dict[str, Any], default_bot: str) -> str:
    seat = seat.strip().lower()
    if seat == DEFAULT_BOT:
        return default_bot
    if seat in (HUMAN, REMOTE) or seat in bots:
        return seat
    known = ", ".join([HUMAN, REMOTE, DEFAULT_BOT, *bots])
    raise SetupError(msg("unknown seat {seat} (use one of: {known})", seat=repr(seat[:SHOWN]), known=known))


def setup_from_query(query: dict[str, str], game: Any) -> Setup:
    """Validate a query against `game` (a pyengine Game); raises SetupError."""
    bots = game.bots()
    seats_text = query.get("seats", "")
    seats = [s for s in seats_text.split(",") if s.strip()] if seats_text else []
    if "players" in query:
        try:
            players = int(query["players"])
        except ValueError:
            raise SetupError(
                msg("players must be a number, not {value}", value=repr(query["players"][:SHOWN]))
            ) from None
    else:
        players = len(seats) or min(game.player_counts)
    if players not in game.player_counts:
        counts = ", ".join(map(str, game.player_counts))
        raise SetupError(msg("{game} is for {counts} players, not {n}", game=Msg(game.title), counts=counts, n=players))
    if not seats:
        seats = [HUMAN] + [DEFAULT_BOT] * (players - 1)
    if len(seats) != players:
        raise SetupError(msg("{seats} seats given for {n} players", seats=len(seats), n=players))
    seats = [resolve_seat(s, bots, game.default_bot) for s in seats]
    if "seed" in query and query["seed"] != "":
        try:
            seed = int(query["seed"])
        except ValueError:
            raise SetupError(
                msg("seed must be a whole number, not {value}", value=repr(query["seed"][:SHOWN]))
            ) from None
    else:
        seed = random_seed()
    # An option's name and value are a word or two; the game refuses an unknown one by name.
    options = {k[:SHOWN]: v[:SHOWN] for k, v in query.items() if k not in RESERVED}
    names = query["names"].split(",") if query.get("names") else []
    if names and len(names) != players:
        raise SetupError(msg("{count} names given for {n} players", count=len(names), n=players))
    return Setup(query.get("game", game.name), players, seats, seed, options, clean_names(names, players))
