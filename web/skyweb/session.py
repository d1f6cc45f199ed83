"""One game in progress: record, state, seats, log and the undo / hot-seat rules.

No DOM here. The record's move list is the truth (see pyengine.core.record); the
state, the log and who made each move are derived from it by replaying, so resume
and undo cannot drift from a game played straight through.
"""

from __future__ import annotations

import json
from collections.abc import Generator
from typing import Any

from pyengine import load_game
from pyengine.core.game import IllegalMove, State
from pyengine.core.i18n import Msg, msg
from pyengine.core.record import RecordError, load_record, new_record, replay
from pyengine.core.search import think

from .params import HUMAN, REMOTE, Setup, SetupError, clean_names
from .position import LogEntry, Position

AUTOSAVE_KEY = "skyline.autosave"


def reason(e: Exception) -> Msg | str:
    """An error's message, still translatable when the error carries a Msg."""
    if isinstance(e, IllegalMove):
        return e.message
    return e.args[0] if e.args and isinstance(e.args[0], Msg) else str(e)


def seat_name(seat: str, player: int) -> Msg:
    if seat == HUMAN:
        return msg("Player {n}", n=player + 1)
    return msg("Bot {n} ({name})", n=player + 1, name=Msg(seat))


class Session(Position):
    """A running game. Build with `Session.start(setup)` or `Session.resume(text)`.

    `spectator=True` makes a read-only session (a shared link of a game whose players
    hold hidden information): nobody may move, no bot runs, and every position is drawn
    as a spectator sees it.
    """

    def __init__(self, record: dict[str, Any], seats: list[str], spectator: bool = False) -> None:
        self.record = record
        game, start = replay(record, 0)
        remote = {p for p, s in enumerate(seats) if s == REMOTE}
        seats = [HUMAN if s == REMOTE else s for s in seats]
        chosen = clean_names(record.get("names"), len(seats))
        names: list[Any] = [name or seat_name(s, p) for p, (s, name) in enumerate(zip(seats, chosen))]
        # spectator is set once the record is replayed (replaying plays its moves)
        super().__init__(game, start, seats, names, remote)
        bots = self.game.bots()
        unknown = sorted({s for s in seats if s != HUMAN and s not in bots})
        if unknown:
            raise RecordError(
                msg("{game} has no bot called {names}", game=Msg(self.game.title), names=", ".join(unknown))
            )
        # Bot kinds per seat. A bot is made afresh for each of its moves, seeded from the
        # game's seed, its seat and the move number: so a game plays out the same every
        # time, also when it is saved, reloaded and resumed half-way, or undone and redone.
        self.bots = {p: bots[s] for p, s in enumerate(seats) if s != HUMAN}
        # Replay through play(), the path live moves take, so the log and who-moved
        # list are rebuilt exactly as they were first written.
        moves = record["moves"]
        record["moves"] = []
        self.states: list[State] = [start]  # states[k]: the position after k moves
        self.revealed: list[bool] = []  # per move: did it show anyone something new?
        self.redo_stack: list[list[str]] = []  # what undo took back, newest last
        for i, text in enumerate(moves, 1):
            try:
                self.play(text)
            except ValueError as e:  # IllegalMove, or text the parser chokes on
                raise RecordError(
                    msg("move {i} {text} is illegal: {why}", i=i, text=repr(text), why=reason(e))
                ) from None
        self.spectator = spectator

    # ---- construction ------------------------------------------------------------
    @classmethod
    def start(cls, setup: Setup) -> Session:
        try:
            game = load_game(setup.game)
        except KeyError:
            raise SetupError(msg("unknown game {game}", game=repr(setup.game))) from None
        try:
            record = new_record(game, setup.players, setup.seed, setup.options)
        except IllegalMove as e:  # an unknown option or a bad value
            raise SetupError(e.message) from None
        record["seats"] = list(setup.seats)
        if any(setup.names):
            record["names"] = clean_names(setup.names, setup.players)
        try:
            return cls(record, list(setup.seats))
        except RecordError as e:
            raise SetupError(e.args[0]) from None

    @classmethod
    def resume(cls, text: str) -> Session:
        """From autosaved or exported JSON; raises RecordError if it cannot be replayed."""
        return cls.from_record(load_record(text))

    @classmethod
    def from_record(cls, record: dict[str, Any], spectator: bool = False) -> Session:
        seats = record.get("seats") or [HUMAN] * record["players"]
        if not isinstance(seats, list) or len(seats) != record["players"]:
            raise RecordError(msg("not a Skyline save: 'seats' does not match 'players'"))
        if not all(isinstance(s, str) for s in seats):
            raise RecordError(msg("not a Skyline save: 'seats' must be a list of seat names"))
        record = {**record, "seats": list(seats), "moves": list(record["moves"])}
        try:
            clean_names(record.get("names"), len(seats))
        except SetupError as e:
            raise RecordError(msg("not a Skyline save: {why}", why=reason(e))) from None
        return cls(record, list(seats), spectator=spectator)

    @classmethod
    def shared(cls, record: dict[str, Any]) -> Session:
        """A game opened from a share link: playable at its last position, unless its
        players hold hidden information and it is not over (then a spectator's replay)."""
        session = cls.from_record(record)
        session.spectator = session.game.private_information and not session.over
        return session

    def save_json(self) -> str:
        return json.dumps(self.record, separators=(",", ":"))

    def set_seat(self, player: int, kind: str) -> None:
        """Who plays a seat from now on: "human" or one of the game's bots (a player who
        left a table of devices is replaced). The moves so far stay as they were."""
        bots = self.game.bots()
        if kind not in (HUMAN, REMOTE) and kind not in bots:
            raise SetupError(msg("{game} has no bot called {names}", game=Msg(self.game.title), names=kind))
        self.remote.discard(player)
        if kind == REMOTE:
            self.remote.add(player)
        self.seats[player] = HUMAN if kind == REMOTE else kind
        self.record["seats"] = [REMOTE if p in self.remote else k for p, k in enumerate(self.seats)]
        if kind in (HUMAN, REMOTE):
            self.bots.pop(player, None)
        else:
            self.bots[player] = bots[kind]
            self.names[player] = seat_name(kind, player)

    # ---- moves ---------------------------------------------------------------------
    def play(self, text: str, *, redoing: bool = False) -> str:
        """Apply one move given as text; raises IllegalMove and changes nothing if illegal."""
        if self.spectator:
            raise IllegalMove(msg("Spectator"), msg("this shared game is a replay: nobody can move in it"))
        move = self.game.parse_move(text.strip())
        before = self.state
        player = self.current()
        rounds_before = self._rounds_scored(before)
        self.state = self.game.apply(before, move)  # raises before anything changes
        said = self.game.describe(before, move, self.names, after=self.state)
        self.record["moves"].append(str(move))
        self.states.append(self.state)
        self.movers.append(player if player is not None else -1)
        self.revealed.append(self.game.reveals_hidden_information(before, move, after=self.state))
        n = len(self.record["moves"])
        self.log.append(LogEntry(player, said, n))
        for line in self.game.events(before, self.state, self.names):
            self.log.append(LogEntry(None, line, n))
        self.selected = ()
        self.draft = None
        if not redoing:
            self.redo_stack = []  # a new move forks the game: what was undone is gone
        b = self.game.breakdown(self.state)
        rounds = b.get("rounds", [])
        for r in range(rounds_before, len(rounds)):  # one move may close several rows
            label = b["labels"][r] if b.get("labels") else msg("Round {n} scored", n=r + 1)
            self.log.append(LogEntry(None, self._round_summary(label, rounds[r]), n, scored=True))
        return said

    def bot_move(self) -> str:
        thinking = self.bot_thinking()
        while True:
            try:
                next(thinking)
            except StopIteration as done:
                return done.value

    def bot_thinking(self) -> Generator[float, None, str]:
        """The bot to move, as a generator: it yields its progress (0..1) while a search
        bot thinks, so the page can draw and answer clicks between slices; then it
        plays the move and returns its log line. The bot sees only its own view."""
        p = self.current()
        if p is None or self.is_human(p) or self.spectator:
            raise RuntimeError("not a bot's turn")
        at = self.move_count()
        bot = self.bots[p](self.record["seed"] * 7 + p + 1_000_003 * at)
        move = yield from think(bot, self.game, self.game.view(self.state, p), p)
        yield 1.0  # the page draws the move in a task of its own, not after the last slice
        if self.move_count() != at:  # the page abandons a search once the game changes
            raise RuntimeError("the game changed while the bot was thinking")
        return self.play(str(move))

    # ---- undo and redo ----------------------------------------------------------------
    def undo_span(self, me: int | None = None) -> int:
        """How many moves one undo takes back for `me` (default: the holder of the
        device; 0: none may be taken back).

        Policy (as on Board Game Arena): your own last move, plus the bots' replies
        after it; never another human's move, never a move that revealed something
        (a card drawn, a tile turned up), whoever made it. At a table of several
        devices `me` is the seat that asks (skyweb.table), whoever is to move.
        """
        return self._undo(me)[0]

    def undo_blocker(self, me: int | None = None) -> Msg | None:
        """Why Undo is off now, in words (None when it is on): the greyed button's tooltip."""
        span, why = self._undo(me)
        if span:
            return None
        if self.spectator or self.over:
            return msg("Nothing to take back: the game is over or only watched.")
        return why

    def _undo(self, me: int | None = None) -> tuple[int, Msg | None]:
        """(undo_span, why it is 0): one walk back over the moves answers both."""
        if me is None:
            me = self.holder()
        elif self.spectator or not self.is_human(me):
            me = None
        if me is None:
            return 0, msg("Nothing to take back while another player moves.")
        if me not in self.movers:  # at a table, a guest who has not played yet: say that, not who moved
            return 0, msg("You have made no move to take back yet.")
        k = len(self.movers)
        while k and not self.is_human(self.movers[k - 1]):
            if self.revealed[k - 1]:
                return 0, msg(
                    "A move since your last one turned up something hidden (a card, a tile): it cannot be taken back."
                )
            k -= 1
        if k == 0:
            return 0, msg("You have made no move to take back yet.")
        if self.movers[k - 1] != me:
            return 0, msg("Another player has moved since your last move: only your own last move can be taken back.")
        if self.revealed[k - 1]:
            return 0, msg("Your last move turned up something hidden (a card, a tile): it cannot be taken back.")
        return len(self.movers) - k + 1, None

    def can_undo(self) -> bool:
        return self.undo_span() > 0

    def undo(self, me: int | None = None) -> None:
        span = self.undo_span(me)
        if not span:
            raise IllegalMove(
                msg("Undo"),
                msg(
                    "you can only take back your own moves, and none that drew a card or "
                    "was followed by another player's"
                ),
            )
        taken = self.record["moves"][-span:]
        self._truncate(len(self.record["moves"]) - span)
        self.redo_stack.append(taken)

    def can_redo(self) -> bool:
        return bool(self.redo_stack) and self.holder() is not None

    def redo(self) -> None:
        if not self.can_redo():
            raise IllegalMove(msg("Redo"), msg("nothing to redo"))
        for text in self.redo_stack.pop():
            self.play(text, redoing=True)

    def _truncate(self, n: int) -> None:
        """Back to the position after n moves: every list is cut, nothing replayed."""
        self.record["moves"] = self.record["moves"][:n]
        del self.states[n + 1 :], self.movers[n:], self.revealed[n:]
        self.state = self.states[n]
        self.log = [e for e in self.log if e.move <= n]
        self.selected = ()

    # ---- history -----------------------------------------------------------------------
    def state_at(self, k: int) -> State:
        """The position after k moves (0 = the start)."""
        return self.states[max(0, min(k, len(self.states) - 1))]

    def score_history(self) -> list[list[int]]:
        """Each player's score after every move: history[k][p]."""
        return [self.game.scores(s) for s in self.states]

    # ---- scores ----------------------------------------------------------------------
    def _rounds_scored(self, state: dict[str, Any]) -> int:
        return len(self.game.breakdown(state).get("rounds", []))

    def _round_summary(self, label: str, rows: list[dict[str, int]]) -> Msg:
        """ "Round 2 scored: Ann +7 (majorities 4, tallest 3), Bot 1 +2 (buildings 2)."
        Who scored what and why: each player's total and the items it came from."""
        points = []
        for p, row in enumerate(rows):
            total = row.get("total", 0)
            delta = msg("+{points}", points=self.game.points_text(total)) if total > 0 else self.game.points_text(total)
            parts = [
                msg("{item} {value}", item=self.game.item_label(item), value=self.game.points_text(value))
                for item, value in row.items()
                if item != "total" and value
            ]
            points.append(
                msg("{name} {delta} ({parts})", name=self.names[p], delta=delta, parts=parts)
                if parts
                else msg("{name} {delta}", name=self.names[p], delta=delta)
            )
        return msg("{label}: {points}.", label=Msg(label) if not isinstance(label, Msg) else label, points=points)

    def move_count(self) -> int:
        return len(self.record["moves"])
