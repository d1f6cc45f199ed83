"""A seat played from this device: the view its host last sent, and the moves it asks for.

The guest never holds the true state or the record: its state is the host's
`game.view(state, seat)`, its log the one every player reads. A move is checked against
that view (an impossible one is refused at once, with the engine's reason) and sent as
a request; the host's answer decides (docs/protocol.md). view.py draws it on the page.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyengine import load_game
from pyengine.core.game import Game, IllegalMove, State
from pyengine.core.i18n import msg

from ..position import LogEntry
from .protocol import EMOTES, GUEST_SENDS, HOST_SENDS, ProtocolError, entry_from_json, make, parse, text_from_json
from .transport import Link


class Guest:
    """A seat played from this device: the view the host sent, and the moves asked for."""

    def __init__(self, seat: int, token: str) -> None:
        self.seat, self.token = seat, token
        self.link: Link | None = None
        self.game: Game | None = None
        self.state: State | None = None
        self.n = 0
        self.seq = 0  # the newest view drawn (a duplicate or late one is older)
        self.overtaken = False  # a view came before the welcome and was not drawn
        self.log: list[LogEntry] = []
        self.names: list[Any] = []
        self.seats: list[str] = []
        self.options: dict[str, Any] = {}
        self.next_id = 1
        self.pending: str | None = None  # the request sent and not yet answered (sent again on rejoin)
        self.pending_id = 0
        self.refused: Any = None  # the host's reason for the last refusal, for the page to show
        # Why the host would refuse this seat's undo request now (its rule, sent with each view),
        # None when it would take it; undo_known is False for a host that does not say.
        self.undo_why: Any = None
        self.undo_known = False
        self.asked: dict[str, int] | None = None  # an undo-ask waiting for this player's answer
        self.problems: list[Any] = []  # messages from the host this page could not read
        self.on_change: Callable[[], None] = lambda: None
        self.on_emote: Callable[[int, str], None] = lambda seat, e: None
        self.gone: Any = None  # the host's goodbye, if it said one

    @property
    def ready(self) -> bool:
        return self.game is not None and self.state is not None

    def kept(self) -> dict[str, Any]:
        """What a reloaded page needs to go on: its request numbering and the request
        still unanswered (sent again, with its id, on rejoining). The page stores it."""
        return {"next_id": self.next_id, "pending": self.pending, "pending_id": self.pending_id}

    @classmethod
    def again(cls, seat: int, token: str, kept: Any) -> Guest:
        """The guest of a reloaded page, from what `kept` gave before the reload. What it
        stored is checked like a message from the wire: anything odd is dropped."""
        guest = cls(seat, token)
        if not isinstance(kept, dict):
            return guest
        next_id, pending, pending_id = kept.get("next_id"), kept.get("pending"), kept.get("pending_id")
        if type(next_id) is int and 1 <= next_id < 2**53:
            guest.next_id = next_id
        if isinstance(pending, str) and type(pending_id) is int and 0 < pending_id < guest.next_id:
            try:
                request = parse(pending, GUEST_SENDS)
            except ProtocolError:
                return guest
            if request["t"] in ("move", "undo") and request["id"] == pending_id:
                guest.pending, guest.pending_id = pending, pending_id
        return guest

    def connect(self, link: Link) -> None:
        """Join (or rejoin) over `link`; a request still unanswered goes again, with its id."""
        self.link = link
        self.seq = 0  # views are counted per connection (a host that reloaded counts from 1 again)
        link.on_message(self.receive)
        link.on_close(self._closed)
        link.send(make("join", seat=self.seat, token=self.token))
        if self.pending is not None:
            link.send(self.pending)

    def _closed(self) -> None:
        self.link = None
        self.on_change()

    def receive(self, text: str) -> None:
        try:
            m = parse(text, HOST_SENDS)
            self.handlers[m["t"]](m)
        except ProtocolError as e:
            self.problems.append(e.args[0])
            return
        self.on_change()

    @property
    def handlers(self) -> dict[str, Callable[[dict[str, Any]], None]]:
        """The host's message type -> what this guest does with it (every type of HOST_SENDS)."""
        return {
            "welcome": self._welcome,
            "view": self._view,
            "accepted": self._accepted,
            "refused": self._refused,
            "undo-ask": self._undo_ask,
            "undone": self._undone,
            "undo-refused": self._undo_refused,
            "emote": self._emote,
            "error": self._error,
            "bye": self._bye,
        }

    def _welcome(self, m: dict[str, Any]) -> None:
        try:
            game = load_game(m["game"])
        except KeyError:
            raise ProtocolError(msg("unknown game {game}", game=repr(m["game"][:30]))) from None
        if m["seat"] != self.seat or not 0 <= self.seat < m["players"] or len(m["names"]) != m["players"]:
            raise ProtocolError(msg("the host's welcome does not match this seat"))
        self.game, self.options = game, m["options"]
        self.names = [text_from_json(n) for n in m["names"]]
        self.seats = [str(k) for k in m["seats"]]
        if self.overtaken:
            self.overtaken = False
            self.send("resync")

    def _view(self, m: dict[str, Any]) -> None:
        if self.game is None:
            self.overtaken = True  # it overtook the welcome: ask for it again once welcomed
            return
        if m["seq"] <= self.seq:
            return  # a duplicate, or overtaken by a newer view
        if m["log_from"] > len(self.log):
            self.send("resync")  # a part of the log went missing: ask for all of it
            return
        entries = [entry_from_json(e) for e in m["log"]]
        try:  # optional (a host of an older page does not send it): anything odd means "not said"
            self.undo_why, self.undo_known = text_from_json(m["undo"]), True
        except (KeyError, ProtocolError):
            self.undo_why, self.undo_known = None, False
        self.state, self.n, self.seq = m["state"], m["n"], m["seq"]
        self.log = self.log[: m["log_from"]] + entries
        self.next_id = max(self.next_id, m["acked"] + 1)
        if self.pending is not None and m["acked"] >= self.pending_id:
            self.pending = None

    def _accepted(self, m: dict[str, Any]) -> None:
        if m["id"] == self.pending_id:
            self.pending, self.refused = None, None

    def _refused(self, m: dict[str, Any]) -> None:
        if m["id"] == self.pending_id:
            self.pending, self.refused = None, text_from_json(m["reason"])

    def _undone(self, m: dict[str, Any]) -> None:
        self._accepted(m)

    def _undo_refused(self, m: dict[str, Any]) -> None:
        self._refused(m)

    def _undo_ask(self, m: dict[str, Any]) -> None:
        self.asked = {"id": m["id"], "by": m["by"], "span": m["span"]}

    def _emote(self, m: dict[str, Any]) -> None:
        if m["e"] in EMOTES and 0 <= m["from"] < len(self.names):
            self.on_emote(m["from"], m["e"])

    def _error(self, m: dict[str, Any]) -> None:
        self.problems.append(text_from_json(m["reason"]))

    def _bye(self, m: dict[str, Any]) -> None:
        self.gone = text_from_json(m["reason"])

    # ---- asking ------------------------------------------------------------------------------
    def send(self, kind: str, **fields: Any) -> None:
        if self.link is not None:
            self.link.send(make(kind, **fields))

    def my_turn(self) -> bool:
        return self.ready and self.seat in self.game.to_move(self.state)  # type: ignore[union-attr]

    def play(self, text: str) -> None:
        """Ask the host for a move; IllegalMove at once, with the engine's reason, when
        this view already shows it cannot be played."""
        if not self.ready:
            raise IllegalMove(msg("Table"), msg("the host has not sent the game yet"))
        game, state = self.game, self.state
        assert game is not None and state is not None
        if self.pending is not None:
            raise IllegalMove(msg("Table"), msg("your last move is still on its way to the host"))
        if not self.my_turn():
            raise IllegalMove(msg("Turn"), msg("it is not your turn"))
        move = game.parse_move(text.strip())
        game.check(state, move)  # raises IllegalMove: nothing is sent
        self._request(make("move", id=self.next_id, n=self.n, move=str(move)))

    def undo(self) -> None:
        if self.pending is not None:
            raise IllegalMove(msg("Table"), msg("your last move is still on its way to the host"))
        self._request(make("undo", id=self.next_id, n=self.n))

    def vote(self, yes: bool) -> None:
        if self.asked is not None:
            self.send("vote", id=self.asked["id"], yes=yes)
            self.asked = None

    def emote(self, e: str) -> None:
        if e in EMOTES:
            self.send("emote", e=e)

    def leave(self) -> None:
        self.send("bye")
        if self.link is not None:
            self.link.close()

    def _request(self, text: str) -> None:
        self.pending, self.pending_id, self.refused = text, self.next_id, None
        self.next_id += 1
        if self.link is not None:
            self.link.send(text)
