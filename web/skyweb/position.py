"""What the game screen draws and lets this device click, whatever holds the game.

A game played on this device (session.Session: its record, replayed) and a seat of
another device's table (table.view.GuestView: the view its host sent) are both a
`Position`: a game and its state, the seats and who plays them from here, the log, and
the half-made move of the player clicking. Who decides now, whose view is shown and
what may be clicked follow from those alone, so both answer them the same way.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pyengine.core.game import Choices, Game, State, choices
from pyengine.core.i18n import Msg

from .params import HUMAN, REMOTE


@dataclass
class LogEntry:
    player: int | None  # None for the game's own events (a round scored)
    text: str  # a Msg when the game gave one: the page shows it in the reader's language
    move: int  # how many moves had been played once this line was true
    scored: bool = False  # a round's scoring summary (the page also shows it in a banner)


class Position:
    guest: Any = None  # table.guest.Guest when this is a seat of another device's table

    def __init__(self, game: Game, state: State, seats: list[str], names: list[Any], remote: set[int]) -> None:
        self.game = game
        self.state = state
        self.seats = seats
        self.names = names
        # Seats played from other devices (skyweb.table): humans to the rules and the
        # undo policy, but never this device's to click for, nor whose view it shows.
        self.remote = remote
        self.spectator = False
        self.selected: tuple[str, ...] = ()
        # A game with a free-form move builder (Chinatown's trade panel) keeps its
        # half-built move here: UI state, never part of the record.
        self.draft: Any = None
        self.shown: int | None = None  # the human whose private view is on screen
        self.movers: list[int] = []  # who made each move, as far as this device knows
        self.log: list[LogEntry] = []

    def move_count(self) -> int:
        raise NotImplementedError

    def undo_blocker(self, me: int | None = None) -> Msg | None:
        """Why Undo is off now, in words (None when it is on)."""
        raise NotImplementedError

    # ---- whose decision ----------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.game.is_over(self.state)

    def current(self) -> int | None:
        to_move = self.game.to_move(self.state)
        return to_move[0] if to_move else None

    def is_human(self, player: int | None) -> bool:
        return player is not None and player >= 0 and self.seats[player] == HUMAN

    def humans(self) -> list[int]:
        return [p for p, s in enumerate(self.seats) if s == HUMAN]

    def local_humans(self) -> list[int]:
        """The humans who play on this device."""
        return [p for p in self.humans() if p not in self.remote]

    def awaiting(self) -> str | None:
        """ "human", "bot" or "remote" (another device's player) while the game runs,
        None when it is over (or watched)."""
        p = self.current()
        if p is None or self.spectator:
            return None
        if p in self.remote:
            return REMOTE
        return HUMAN if self.is_human(p) else "bot"

    def needs_pass(self) -> bool:
        """Hot-seat: the device must change hands before the next human's view is drawn.
        A game whose views hide nothing from one player that another may see
        (``private_information = False``) needs no pass screen."""
        p = self.current()
        if self.spectator or not self.game.private_information or p in self.remote:
            return False
        return self.is_human(p) and len(self.local_humans()) >= 2 and self.shown != p

    def reveal(self) -> None:
        self.shown = self.current()

    def viewer(self) -> int | None:
        """Whose private view the board shows: the human to move; while a bot moves,
        the last human to have moved (or the only human); else nobody."""
        if self.spectator:
            return None
        p = self.current()
        local = self.local_humans()
        if p in local:
            return p
        for mover in reversed(self.movers):
            if mover in local:
                return mover
        return local[0] if len(local) == 1 else None

    def choices(self) -> Choices | None:
        """The clickable tokens, only when a human may click now."""
        if self.awaiting() != HUMAN or self.needs_pass():
            return None
        ch = choices(self.game, self.state, self.selected)
        if not ch.tokens and self.selected:
            # A stale selection (should not happen): start the move over.
            self.selected = ()
            ch = choices(self.game, self.state, ())
        return ch

    def select(self, token: str) -> None:
        if token not in self.selected:
            self.selected = self.selected + (token,)

    def unselect(self, token: str) -> None:
        self.selected = tuple(t for t in self.selected if t != token)

    def edit_draft(self, token: str) -> None:
        """One click in a game's move builder (``game.edit_draft``), for the human to move."""
        if not self.game.drafts or self.awaiting() != HUMAN or self.needs_pass():
            return
        p = self.current()
        self.draft = self.game.edit_draft(self.game.view(self.state, p), p, self.draft, token)

    def holder(self) -> int | None:
        """The human who holds the device and may take moves back (None: nobody)."""
        if self.spectator or self.needs_pass():
            return None
        p = self.current()
        local = self.local_humans()
        if p is not None:
            return p if p in local else None
        # Over: the last human to move still holds the device, unless it was passed on.
        last = next((m for m in reversed(self.movers) if m in local), None)
        return last if self.shown in (None, last) else None
