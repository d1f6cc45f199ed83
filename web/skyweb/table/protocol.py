"""The table protocol's messages: JSON objects, versioned, checked on receipt.

docs/protocol.md is the reference. Every message is `{"v": 1, "t": <type>, ...}`;
`parse` refuses anything else with a `ProtocolError` whose message says what is
wrong, before any state is touched. Texts that the reader's page translates (log
lines, refusal reasons) travel as `{"m": template, "p": params}`, never as English.
"""

from __future__ import annotations

import json
import re
import string
from dataclasses import dataclass
from typing import Any

from pyengine import TITLES
from pyengine.core import safejson
from pyengine.core.i18n import Msg, msg

from ..params import parse_query, quote
from ..position import LogEntry

VERSION = 1
# The longest message a table sends is a view with the whole log (a rejoin after a full
# game): 2026-11 measure, a 5-player Brussels 1893 game of 384 moves, ~17 kB for a move's view
# and 156 kB with its whole log. 4 MB is 25 times that; anything longer is refused unread.
MAX_MESSAGE_CHARS = 4_000_000
MAX_TEXT_CHARS = 1_000
# A state nests a few levels, but a log line's list nests two levels per item ("{list}, {item}"
# inside "{list}, {item}"...): a Chinatown income line names every business of a big city, 41
# levels deep in a 1,000-game run, which the old bound of 40 refused. 200 is far above any
# real line (the same 5-player Brussels view nests 49 levels) and far below Python's
# recursion limit (each level is one frame here) and the ~7,000 levels at which json.loads
# exhausts Pyodide's C stack in the browser; safejson measures it before json.loads runs.
MAX_DEPTH = 200
# Each emote with the words a screen reader says for it (and a button's label).
EMOTE_WORDS = {
    "👍": msg("Good move"),
    "👏": msg("Well played"),
    "😮": msg("Surprise!"),
    "🤔": msg("Thinking"),
    "😄": msg("Fun"),
    "⏳": msg("Give me a moment"),
}
EMOTES = tuple(EMOTE_WORDS)

# type -> {field: required type(s)}; a bool is never accepted where an int is asked.
GUEST_SENDS: dict[str, dict[str, Any]] = {
    "join": {"seat": int, "token": str},
    "move": {"id": int, "n": int, "move": str},
    "undo": {"id": int, "n": int},
    "vote": {"id": int, "yes": bool},
    "resync": {},
    "emote": {"e": str},
    "bye": {},
}
HOST_SENDS: dict[str, dict[str, Any]] = {
    "welcome": {"seat": int, "game": str, "players": int, "options": dict, "names": list, "seats": list},
    "view": {"seq": int, "n": int, "state": dict, "log_from": int, "log": list, "acked": int},
    "accepted": {"id": int, "n": int},
    "refused": {"id": int, "reason": (dict, str)},
    "undo-ask": {"id": int, "by": int, "span": int},
    "undone": {"id": int, "n": int},
    "undo-refused": {"id": int, "reason": (dict, str)},
    "emote": {"from": int, "e": str},
    "error": {"reason": (dict, str)},
    "bye": {"reason": (dict, str)},
}


# An invitation's token is new_token()'s urlsafe base64; a seat is a small number. The
# offer inside is rtc.mjs's code (sky1o.<...>), which only rtc.mjs reads: here it is one
# word of a code's characters, and a damaged one fails there, with rtc.mjs's reason.
# An offer code is under 200 characters (tests/test_rtc_codes.py), its link a few
# hundred: a paste a hundred times longer is refused before it is read.
MAX_CODE_CHARS = 100_000
_INVITATION = re.compile(r"^([A-Za-z0-9._-]+)\*(\d{1,2})\*([A-Za-z0-9_-]{1,64})(\*r)?$")


@dataclass(frozen=True)
class Invitation:
    """What opens a seat: an rtc.mjs offer code, the seat and its token.

    The host's invitation carries the host's offer; a *rejoin code* (`rejoin`) is the
    same three fields going the other way: a guest that was seated before makes its own
    offer (the host's old one belonged to a connection that is gone), the host answers
    it. Written `<offer>*<seat>*<token>`, and `*r` after a rejoin code's token."""

    offer: str
    seat: int
    token: str
    rejoin: bool = False

    def code(self) -> str:
        return f"{self.offer}*{self.seat}*{self.token}{'*r' if self.rejoin else ''}"


def read_invitation(text: str) -> Invitation:
    """An invitation or a rejoin code, pasted as it came: whitespace and line breaks
    dropped, or the whole `?table=` link that carried it. ValueError with a Msg if not."""
    if not isinstance(text, str) or len(text) > MAX_CODE_CHARS:
        raise ValueError(msg("this is not a table invitation: ask the host for a new one"))
    text = "".join(text.split())
    if "table=" in text:
        text = "".join(_link_fields(text).get("table", "").split())
    m = _INVITATION.match(text)
    if m is None:
        raise ValueError(msg("this is not a table invitation: ask the host for a new one"))
    return Invitation(m[1], int(m[2]), m[3], m[4] is not None)


MAX_HOST_NAME = 40


@dataclass(frozen=True)
class About:
    """What an invitation's link tells the guest before anything is connected: the
    game and whose table (the seat is in the invitation itself). Neither decides
    anything: the host's welcome does; a pasted bare code has neither."""

    game: str = ""  # a name of pyengine.TITLES, or "" (not said, or not one of ours)
    host: str = ""  # the name of the host device's player, as the host set it

    def fields(self) -> list[str]:
        """Its part of a link's query or fragment."""
        out = [f"game={self.game}"] if self.game else []
        return out + ([f"by={quote(self.host)}"] if self.host else [])

    @classmethod
    def read(cls, fields: dict[str, str]) -> About:
        """From a link's fields, keeping only what is plainly a game and a name."""
        game = fields.get("game", "")
        host = " ".join(fields.get("by", "").split())[:MAX_HOST_NAME]
        return cls(game if game in TITLES else "", host)


def invitation_about(text: str) -> About:
    """The game and the host named by a pasted or opened invitation link (nothing for a bare code)."""
    if not isinstance(text, str) or len(text) > MAX_CODE_CHARS or "table=" not in text:
        return About()
    return About.read(_link_fields("".join(text.split())))


def _link_fields(link: str) -> dict[str, str]:
    """The query fields of a pasted link (or of a bare query), its fragment dropped."""
    return parse_query(link.split("?", 1)[-1].split("#", 1)[0])


class ProtocolError(ValueError):
    """A message that is not one this protocol sends; args[0] is a Msg for a person."""


def make(kind: str, **fields: Any) -> str:
    return json.dumps({"v": VERSION, "t": kind, **fields}, separators=(",", ":"), ensure_ascii=False)


def parse(text: Any, allowed: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """The message in `text` if it is one of `allowed`; ProtocolError otherwise."""
    if not isinstance(text, str):
        raise ProtocolError(msg("a message must be text"))
    try:
        data = safejson.loads(text, MAX_MESSAGE_CHARS, MAX_DEPTH)
    except safejson.JsonRefused as e:  # before json.loads: too long, too deep, not text
        raise ProtocolError(_REFUSED.get(e.kind, _NOT_JSON) if e.kind != "size" else _too_long(text)) from None
    except ValueError:
        raise ProtocolError(_NOT_JSON) from None
    if not isinstance(data, dict):
        raise ProtocolError(msg("a message must be a JSON object"))
    if data.get("v") != VERSION:
        raise ProtocolError(
            msg(
                "the other device speaks table protocol {theirs}; this one speaks {ours}",
                theirs=repr(str(data.get("v"))[:10]),
                ours=VERSION,
            )
        )
    kind = data.get("t")
    if not isinstance(kind, str) or kind not in allowed:
        raise ProtocolError(msg("unknown message {kind}", kind=repr(str(kind)[:20])))
    for name, want in allowed[kind].items():
        value = data.get(name)
        if not isinstance(value, want) or (want is int and isinstance(value, bool)):
            raise ProtocolError(msg("message {kind} needs {field}", kind=kind, field=name))
        if isinstance(value, int) and not isinstance(value, bool) and not 0 <= value < 2**53:
            raise ProtocolError(msg("message {kind} has {field} out of range", kind=kind, field=name))
        if isinstance(value, str) and len(value) > MAX_TEXT_CHARS:
            raise ProtocolError(msg("message {kind} has {field} too long", kind=kind, field=name))
    return data


_NOT_JSON = msg("a message must be a JSON object")
_REFUSED = {"text": msg("a message must be text"), "depth": msg("a message nests deeper than any this table sends")}


def _too_long(text: str) -> Msg:
    return msg("a message of {n} characters is longer than any this table sends", n=len(text))


def text_to_json(text: Any) -> Any:
    """A Msg (kept translatable, with its parameters) or plain text as JSON data."""
    if isinstance(text, Msg):
        return {"m": text.template, "p": {k: text_to_json(v) for k, v in text.params.items()}}
    if isinstance(text, (list, tuple)):
        return [text_to_json(v) for v in text]
    if isinstance(text, (str, int, float)) or text is None:
        return text
    return str(text)


def _plain_fields(template: str, params: dict[str, Any]) -> bool:
    """Whether every field of `template` is `{name}` with `name` in `params`, as in every
    template this project writes (test_i18n's catalogs). Msg formats its template at once:
    a stranger's "{lis" (ValueError), "{x}" without x (KeyError), "{n:>999999999}" (a
    gigabyte of spaces) or "{a.__class__}" must not reach str.format (issue 46's fuzzer)."""
    try:
        fields = list(_FORMATTER.parse(template))
    except ValueError:
        return False
    return all(
        name is None or (name.isidentifier() and name in params and not spec and conversion is None)
        for _, name, spec, conversion in fields
    )


_FORMATTER = string.Formatter()


def text_from_json(data: Any, depth: int = 0) -> Any:
    """The inverse of text_to_json; ProtocolError on anything it never writes."""
    if depth > MAX_DEPTH:
        raise ProtocolError(msg("a text nests deeper than any this table sends"))
    if isinstance(data, dict):
        template, params = data.get("m"), data.get("p", {})
        if not isinstance(template, str) or not isinstance(params, dict) or len(template) > MAX_TEXT_CHARS:
            raise ProtocolError(msg("a text must be a template and its parameters"))
        if params and not _plain_fields(template, params):
            raise ProtocolError(msg("a text must be a template and its parameters"))
        return Msg(template, {str(k): text_from_json(v, depth + 1) for k, v in params.items()})
    if isinstance(data, list):
        return [text_from_json(v, depth + 1) for v in data]
    if isinstance(data, bool) or not isinstance(data, (str, int, float, type(None))):
        raise ProtocolError(msg("a text must be a template and its parameters"))
    return data


def entry_to_json(entry: LogEntry) -> list[Any]:
    return [entry.player, text_to_json(entry.text), entry.move, entry.scored]


def entry_from_json(data: Any) -> LogEntry:
    if not (
        isinstance(data, list)
        and len(data) == 4
        and (data[0] is None or type(data[0]) is int)
        and type(data[2]) is int
        and isinstance(data[3], bool)
    ):
        raise ProtocolError(msg("a log line must be [player, text, move, scored]"))
    return LogEntry(data[0], text_from_json(data[1]), data[2], data[3])
