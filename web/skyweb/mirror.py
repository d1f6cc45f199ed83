"""The guest's game screen: a Session whose state is the view the host last sent.

The page (ui.py, panels.py) draws a `Session`; a guest has no record to replay, only
its `Guest` (skyweb.table). `MirrorSession` gives the page the same object, built
from the guest's view and log, with every other seat marked remote: the page lets
this device's player click on its own turns only, and a move goes to the host as
a request (checked here first) instead of being applied.
"""

from __future__ import annotations

from typing import Any

from pyengine.core.game import Choices, IllegalMove, State
from pyengine.core.i18n import Msg, msg

from .params import HUMAN
from .session import Session
from .table import Guest


class MirrorSession(Session):
    def __init__(self, guest: Guest) -> None:
        # Not super().__init__: that replays a record, and a guest has none.
        assert guest.game is not None and guest.state is not None
        self.guest = guest
        self.game = guest.game
        self.spectator = False
        self.selected: tuple[str, ...] = ()
        self.draft: Any = None
        self.shown: int | None = guest.seat
        self.redo_stack: list[list[str]] = []
        self.seats = [HUMAN] * len(guest.names)
        self.remote = {p for p in range(len(self.seats)) if p != guest.seat}
        self.bots = {}
        self.names = list(guest.names)
        self.movers, self.revealed = [], []
        self.record: dict[str, Any] = {"moves": None}
        self.refresh()

    def refresh(self) -> None:
        """Take the guest's newest view and log (after each message from the host)."""
        g = self.guest
        if g.state is None:
            return
        if self.record["moves"] is None or g.n != len(self.record["moves"]):
            self.selected, self.draft = (), None  # a new position: a half-made move is moot
        self.state: State = g.state
        self.states = [g.state]
        self.log = list(g.log)
        # The page reads the move count from the record; the moves' texts stay with the host.
        self.record = {
            "game": self.game.name,
            "players": len(self.seats),
            "options": g.options,
            "moves": [""] * g.n,
            "seats": ["remote"] * len(self.seats),
        }

    # ---- what the page may do here -----------------------------------------------------
    def state_at(self, k: int) -> State:
        return self.state  # the host keeps the history; a guest shows its live view

    def score_history(self) -> list[list[int]]:
        return [self.game.scores(self.state)]

    def choices(self) -> Choices | None:
        if self.guest.pending is not None:
            return None  # one request at a time: the board waits for the host's answer
        return super().choices()

    def play(self, text: str, *, redoing: bool = False) -> str:
        self.guest.play(text)  # IllegalMove at once if this view already rules it out
        self.selected, self.draft = (), None
        return ""

    def undo_span(self, me: int | None = None) -> int:
        return 1 if self.undo_blocker() is None else 0

    def undo_blocker(self, me: int | None = None) -> Msg | None:
        """The host's own rule (Host.undo_refusal, sent with each view): Undo is on
        exactly when the host would take the request to the other players' vote."""
        g = self.guest
        if g.pending is not None:
            return msg("your last move is still on its way to the host")
        if g.link is None:
            return msg("Undo needs the connection to the host.")
        if g.undo_known:
            return g.undo_why  # type: ignore[no-any-return]
        # A host that does not say (an older page): what this view shows, and the host decides.
        if self.game.is_over(self.state) or not any(e.player == g.seat for e in self.log):
            return msg("You have made no move to take back yet.")
        return None

    def undo(self, me: int | None = None) -> None:
        if self.undo_blocker() is not None:
            raise IllegalMove(msg("Undo"), self.undo_blocker())
        self.guest.undo()

    def can_redo(self) -> bool:
        return False

    def save_json(self) -> str:
        raise IllegalMove(msg("Table"), msg("the host's device keeps this game's record"))
