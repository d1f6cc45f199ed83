"""One game in progress: record, state, seats, log and the undo / hot-seat rules.

No DOM here. The record's move list is the truth (see pyengine.core.record); the
state, the log and who made each move are derived from it by replaying, so resume
and undo cannot drift from a game played straight through.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from pyengine import load_game
from pyengine.core.game import Choices, IllegalMove, choices
from pyengine.core.record import RecordError, load_record, new_record, replay

from .params import HUMAN, Setup, SetupError

AUTOSAVE_KEY = "skyline.autosave"


@dataclass
class LogEntry:
    player: int | None  # None for the game's own events (a round scored)
    text: str


def seat_name(seat: str, player: int) -> str:
    return f"Player {player + 1}" if seat == HUMAN else f"Bot {player + 1} ({seat})"


class Session:
    """A running game. Build with `Session.start(setup)` or `Session.resume(text)`."""

    def __init__(self, record: dict[str, Any], seats: list[str]) -> None:
        self.record = record
        self.seats = seats
        self.game, start = replay(record, 0)
        self.names = [seat_name(s, p) for p, s in enumerate(seats)]
        bots = self.game.bots()
        unknown = sorted({s for s in seats if s != HUMAN and s not in bots})
        if unknown:
            raise RecordError(f"{self.game.title} has no bot called {', '.join(unknown)}")
        # A bot's own generator is seeded from the game's seed and its seat, so a
        # bots-only game with a given seed plays out the same every time.
        self.bots = {p: bots[s](record["seed"] * 7 + p) for p, s in enumerate(seats) if s != HUMAN}
        self.selected: tuple[str, ...] = ()
        self.shown: int | None = None  # the human whose private view is on screen
        # Replay through play(), the path live moves take, so the log and who-moved
        # list are rebuilt exactly as they were first written.
        moves = record["moves"]
        record["moves"] = []
        self.state = start
        self.log: list[LogEntry] = []
        self.movers: list[int] = []
        self.revealed: list[bool] = []  # per move: did it show anyone something new?
        for i, text in enumerate(moves, 1):
            try:
                self.play(text)
            except ValueError as e:  # IllegalMove, or text the parser chokes on
                raise RecordError(f"move {i} {text!r} is illegal: {e}") from None

    # ---- construction ------------------------------------------------------------
    @classmethod
    def start(cls, setup: Setup) -> Session:
        try:
            game = load_game(setup.game)
        except KeyError:
            raise SetupError(f"unknown game {setup.game!r}") from None
        try:
            record = new_record(game, setup.players, setup.seed, setup.options)
        except IllegalMove as e:  # an unknown option or a bad value
            raise SetupError(str(e)) from None
        record["seats"] = list(setup.seats)
        try:
            return cls(record, list(setup.seats))
        except RecordError as e:
            raise SetupError(str(e)) from None

    @classmethod
    def resume(cls, text: str) -> Session:
        """From autosaved JSON; raises RecordError if it cannot be replayed."""
        record = load_record(text)
        seats = record.get("seats") or [HUMAN] * record["players"]
        if not isinstance(seats, list) or len(seats) != record["players"]:
            raise RecordError("not a Skyline save: 'seats' does not match 'players'")
        return cls(record, [str(s) for s in seats])

    def save_json(self) -> str:
        return json.dumps(self.record, separators=(",", ":"))

    # ---- whose decision ----------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.game.is_over(self.state)

    def current(self) -> int | None:
        to_move = self.game.to_move(self.state)
        return to_move[0] if to_move else None

    def is_human(self, player: int | None) -> bool:
        return player is not None and self.seats[player] == HUMAN

    def humans(self) -> list[int]:
        return [p for p, s in enumerate(self.seats) if s == HUMAN]

    def awaiting(self) -> str | None:
        """"human" or "bot" while the game runs, None when it is over."""
        p = self.current()
        if p is None:
            return None
        return HUMAN if self.is_human(p) else "bot"

    def needs_pass(self) -> bool:
        """Hot-seat: the device must change hands before the next human's view is drawn.
        A game whose views hide nothing from one player that another may see
        (``private_information = False``) needs no pass screen."""
        p = self.current()
        if not self.game.private_information:
            return False
        return self.is_human(p) and len(self.humans()) >= 2 and self.shown != p

    def reveal(self) -> None:
        self.shown = self.current()

    def viewer(self) -> int | None:
        """Whose private view the board shows: the human to move; while a bot moves,
        the last human to have moved (or the only human); else nobody."""
        p = self.current()
        if self.is_human(p):
            return p
        for mover in reversed(self.movers):
            if self.is_human(mover):
                return mover
        humans = self.humans()
        return humans[0] if len(humans) == 1 else None

    # ---- moves ---------------------------------------------------------------------
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

    def play(self, text: str) -> str:
        """Apply one move given as text; raises IllegalMove and changes nothing if illegal."""
        move = self.game.parse_move(text.strip())
        before = self.state
        player = self.current()
        rounds_before = self._rounds_scored(before)
        self.state = self.game.apply(before, move)  # raises before anything changes
        said = self.game.describe(before, move, self.names)
        self.record["moves"].append(str(move))
        self.movers.append(player if player is not None else -1)
        self.revealed.append(self.game.reveals_hidden_information(before, move))
        self.log.append(LogEntry(player, said))
        self.selected = ()
        b = self.game.breakdown(self.state)
        rounds = b.get("rounds", [])
        for i in range(rounds_before, len(rounds)):  # one move may close several rows
            labels = b.get("labels") or []
            label = labels[i] if i < len(labels) else f"Round {i + 1} scored"
            self.log.append(LogEntry(None, self._round_summary(label, rounds[i])))
        return said

    def bot_move(self) -> str:
        p = self.current()
        if p is None or self.is_human(p):
            raise RuntimeError("not a bot's turn")
        move = self.bots[p].choose(self.game, self.game.view(self.state, p), p)
        return self.play(str(move))

    def select(self, token: str) -> None:
        if token not in self.selected:
            self.selected = self.selected + (token,)

    def unselect(self, token: str) -> None:
        self.selected = tuple(t for t in self.selected if t != token)

    # ---- undo ----------------------------------------------------------------------
    def can_undo(self) -> bool:
        """Only your own moves, back to the last move of anyone else (human or bot)
        or the last move that revealed something (a card drawn)."""
        if not self.movers or self.needs_pass() or self.revealed[-1]:
            return False
        last = self.movers[-1]
        if not self.is_human(last):
            return False
        p = self.current()
        # Over: the last mover still holds the device and nobody has moved since.
        return p == last or (p is None and self.shown in (None, last))

    def undo(self) -> None:
        if not self.can_undo():
            raise IllegalMove(
                "Undo", "you can only take back your own moves, and none that drew a card or was followed by another player's"
            )
        moves = self.record["moves"][:-1]
        rebuilt = Session({**self.record, "moves": moves}, self.seats)
        # Keep the bots and who holds the device: undo is not a new game.
        rebuilt.bots, rebuilt.shown = self.bots, self.shown
        self.__dict__.update(rebuilt.__dict__)

    # ---- scores ----------------------------------------------------------------------
    def _rounds_scored(self, state: dict[str, Any]) -> int:
        return len(self.game.breakdown(state).get("rounds", []))

    def _round_summary(self, label: str, rows: list[dict[str, int]]) -> str:
        points = ", ".join(f"{self.names[p]} +{row.get('total', 0)}" for p, row in enumerate(rows))
        return f"{label}: {points}."

    def move_count(self) -> int:
        return len(self.record["moves"])
