"""What the page draws of a guest: a read-only view of its seat's position.

The page (ui.py, panels.py) draws a `Position`. A game played here is a `Session`,
which replays its record; a guest has no record, only its `Guest`, so `GuestView` is
a `Position` built from the guest's view and log, with every other seat remote: the
page lets this device's player click on its own turns only, a move goes to the host
as a request (checked against the view first) instead of being applied, and nothing
here keeps a history, undoes or saves: the host does.
"""

from __future__ import annotations

from pyengine.core.game import Choices, IllegalMove, State
from pyengine.core.i18n import Msg, msg

from ..params import HUMAN
from ..position import Position
from .guest import Guest


class GuestView(Position):
    def __init__(self, guest: Guest) -> None:
        assert guest.game is not None and guest.state is not None
        seats = [HUMAN] * len(guest.names)
        remote = {p for p in range(len(seats)) if p != guest.seat}
        super().__init__(guest.game, guest.state, seats, list(guest.names), remote)
        self.guest: Guest = guest
        self.shown = guest.seat
        self.n = guest.n
        self.log = list(guest.log)

    def refresh(self) -> None:
        """Take the guest's newest view and log (after each message from the host)."""
        g = self.guest
        if g.state is None:
            return
        if g.n != self.n:
            self.selected, self.draft = (), None  # a new position: a half-made move is moot
        self.n, self.state, self.log = g.n, g.state, list(g.log)

    def move_count(self) -> int:
        return self.n

    # ---- what the page may do here -----------------------------------------------------
    def state_at(self, k: int) -> State:
        return self.state  # the host keeps the history; a guest shows its live view

    def score_history(self) -> list[list[int]]:
        return [self.game.scores(self.state)]

    def choices(self) -> Choices | None:
        if self.guest.pending is not None:
            return None  # one request at a time: the board waits for the host's answer
        return super().choices()

    def play(self, text: str) -> str:
        self.guest.play(text)  # IllegalMove at once if this view already rules it out
        self.selected, self.draft = (), None
        return ""

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
        why = self.undo_blocker()
        if why is not None:
            raise IllegalMove(msg("Undo"), why)
        self.guest.undo()

    def can_redo(self) -> bool:
        return False
