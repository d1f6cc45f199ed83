"""Hard's whole-turn lookahead for the two-player game: three plies of whole turns, the
card that refills the market averaged exactly.

A New York 1901 turn is several moves (Market Shift or Land Grab, an acquisition, a
build, Construction Boom and a second build), but seldom more than a hundred whole
turns. The search (normal's 150 iterations, hard's 350) spends its iterations on the
first moves of the turn and rarely sees the rival's answer. Here:

1. every whole turn of the bot is valued by search.py's projection (with land counted
   for less, ``LOOKAHEAD_LAND_SHARE``), read as a chance to win;
2. the best ``TOP_TURNS`` are valued after the rival's best whole turn back, for each
   kind of lot card the end-of-turn refill may put in the market, weighted by how many
   cards of that kind the deck holds (its composition is public, its order hidden);
3. then after the bot's own best turn after that: without it, land held looked as good
   as the skyscraper it might carry, and the bot acquired and ended its turn, turn
   after turn (tests/newyork1901/test_lookahead.py keeps the position).

The rival (and the bot in the third ply) chooses among turns that play no action card,
from their ``RIVAL_FIRST`` best first moves by the greedy bot's values. Past a turn's
first move, a choice of more than ``WIDTH`` moves (a Land Grab's second lot) keeps the
best by the same values. Market Shift shows a new market before the bot chooses the rest
of its turn: it is valued over ``SHIFT_SAMPLES`` markets from decks in other orders.

The choice is the first move of the best turn; the next decision of the same turn
values the turns left from where it stands. Measured in docs/bots.md (issue 48).
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Callable, Generator
from typing import TypeVar

from ...core import rng
from ...core.game import Game, Move, State, copy_state
from ...core.search import finish, win_chance
from .bots import Streets, move_value, street_cells
from .moves import Action

Projection = Callable[[State], list[float]]  # each player's projected final score
_I = TypeVar("_I")

TOP_TURNS = 10  # the bot's whole turns valued after the rival's answer
RIVAL_FIRST = 8  # the rival's first moves considered (by the greedy bot's values)
WIDTH = 6  # moves considered at each later step of a turn, where there are more
SLICE_MS = 15.0
SHIFT_SAMPLES = 4  # markets drawn to value Market Shift


def applies(view: State) -> bool:
    """Two players, the game not over."""
    return view["players"] == 2 and view["phase"] != "over"


def _value(game: Game, state: State, me: int, projected: Projection, scale: float) -> float:
    """The bot's chance to win: the result once the game is over, else the projection's
    lead read through a logistic curve (the search's softmax for two players)."""
    if game.is_over(state):
        winners = game.winners(state)
        return 1.0 / len(winners) if me in winners else 0.0
    proj = projected(state)
    return win_chance(proj[me] - proj[1 - me], scale)


Turn = tuple[Move, tuple[Move, ...], State]  # (first move, the turn's moves, the state after)


class _Clock:
    """When the page is due a slice (every ``SLICE_MS`` of work), and the progress every
    slice reports, however deep the work that yields it (the bar never goes back)."""

    def __init__(self) -> None:
        self.start = time.perf_counter()
        self.progress = 0.0

    def due(self) -> bool:
        if (time.perf_counter() - self.start) * 1000 < SLICE_MS:
            return False
        self.start = time.perf_counter()
        return True


def _greedy_best(s: State, mover: int, moves: list[Move], k: int, streets: Streets) -> list[Move]:
    """The `k` moves the greedy bot values most (all of them when there are no more)."""
    if len(moves) <= k:
        return moves
    return sorted(moves, key=lambda m: -move_value(s, mover, m, streets))[:k]


def _best_of(items: list[_I], score: Callable[[_I], float], clock: _Clock) -> Generator[float, None, _I]:
    """The item of highest `score` (the first of equals), scored in slices."""
    best, chosen = -math.inf, items[0]
    for item in items:
        v = score(item)
        if v > best:
            best, chosen = v, item
        if clock.due():
            yield clock.progress
    return chosen


def turns_in_slices(
    game: Game,
    state: State,
    mover: int,
    first: list[Move] | None = None,
    actions: bool = True,
    clock: _Clock | None = None,
) -> Generator[float, None, list[Turn]]:
    """Ways `mover` may finish the turn from `state`, walked in slices (yielding when
    `clock` is due). `first` limits the first move (else every legal move),
    `actions=False` leaves out the action cards; past the first move, a choice of more
    than ``WIDTH`` moves (a Land Grab's second lot) keeps the ``WIDTH`` best by the
    greedy bot's values."""
    out: list[Turn] = []
    streets = street_cells(state)

    def walk(s: State, path: tuple[Move, ...]) -> Generator[float, None, None]:
        if path:
            moves = _greedy_best(s, mover, game.legal_moves(s), WIDTH, streets)
        else:
            moves = game.legal_moves(s) if first is None else first
        for m in moves:
            if not actions and isinstance(m, Action):
                continue
            after = copy_state(s)
            game.apply_unchecked(after, m)
            turn = (*path, m)
            if game.is_over(after) or after["turn"] != mover:
                out.append((turn[0], turn, after))
            else:
                yield from walk(after, turn)
            if clock is not None and clock.due():
                yield clock.progress

    yield from walk(state, ())
    return out


def whole_turns(
    game: Game, state: State, mover: int, first: list[Move] | None = None, actions: bool = True
) -> list[Turn]:
    """Every way `mover` may finish the turn from `state` (``turns_in_slices`` at once)."""
    return finish(turns_in_slices(game, state, mover, first, actions))


def _best_turn(
    game: Game, s: State, value: Callable[[State], float], for_me: bool, clock: _Clock, width: int
) -> Generator[float, None, State]:
    """The state after the best whole turn of the player to move in `s`, the bot
    (`for_me`) or its rival, by the bot's `value` (their first `width` moves by
    the greedy bot's values, no action card unless they have nothing else)."""
    mover = s["turn"]
    firsts = _greedy_best(s, mover, game.legal_moves(s), width, street_cells(s))
    answers = yield from turns_in_slices(game, s, mover, firsts, actions=False, clock=clock)
    if not answers:
        answers = yield from turns_in_slices(game, s, mover, firsts, clock=clock)
    sign = 1.0 if for_me else -1.0
    _, _, chosen = yield from _best_of(answers, lambda turn: sign * value(turn[2]), clock)
    return chosen


def _refills(before: State, after: State, moves: tuple[Move, ...]) -> list[tuple[float, State]]:
    """The states the turn may have led to, by the card drawn to refill the market, with
    their chances: one card drawn from a deck of known composition gives one state per
    kind of card. Two cards (Land Grab) or a Market Shift keep the sampled deck."""
    drawn = len(before["deck"]) - len(after["deck"])
    if drawn != 1 or any(map(_is_shift, moves)) or not after["market"]:
        return [(1.0, after)]
    kinds = Counter(tuple(c) for c in before["deck"])
    total = sum(kinds.values())
    out = []
    for kind, k in sorted(kinds.items()):
        s = copy_state(after)
        s["market"][-1] = list(kind)
        out.append((k / total, s))
    return out


Outcome = tuple[float, tuple[Move, ...], State]  # (chance, the turn's moves, the state after)


def _options(
    game: Game, state: State, me: int, value: Callable[[State], float], clock: _Clock
) -> Generator[float, None, list[tuple[float, Move, list[Outcome]]]]:
    """The bot's choices as (value now, first move, outcomes): one sure outcome per
    whole turn, except Market Shift. The bot chooses the rest of that turn once the new
    market is shown, so the best turn after one sampled market would look better than
    shifting is (the best of a lucky draw); it is valued over ``SHIFT_SAMPLES`` markets
    from the deck in other orders, each followed by its best turn."""
    legal = game.legal_moves(state)
    turns = yield from turns_in_slices(game, state, me, [m for m in legal if not _is_shift(m)], clock=clock)
    options: list[tuple[float, Move, list[Outcome]]] = []
    for first, path, after in turns:
        options.append((value(after), first, [(1.0, path, after)]))
        if clock.due():
            yield clock.progress
    shift = next((m for m in legal if _is_shift(m)), None)
    if shift is not None:
        r = state["rng"]
        outcomes: list[Outcome] = []
        for _ in range(SHIFT_SAMPLES):
            s = copy_state(state)
            r = rng.shuffle(r, s["deck"])
            game.apply_unchecked(s, shift)
            rest: list[Turn] = [(shift, (), s)]
            if not game.is_over(s) and s["turn"] == me:
                rest = yield from turns_in_slices(game, s, me, clock=clock)
            _, path, after = yield from _best_of(rest, lambda turn: value(turn[2]), clock)
            outcomes.append((1.0 / SHIFT_SAMPLES, (shift, *path), after))
        options.append((sum(c * value(after) for c, _, after in outcomes), shift, outcomes))
    return options


def _is_shift(move: Move) -> bool:
    return isinstance(move, Action) and move.card == "shift"


def think(
    game: Game,
    state: State,
    me: int,
    projected: Projection,
    scale: float,
    top_turns: int = TOP_TURNS,
    rival_first: int = RIVAL_FIRST,
    exact: bool = True,
) -> Generator[float, None, Move | None]:
    """The first move of the best whole turn, from a determinised `state` (the deck in
    some order): `top_turns` of the bot's turns valued after the rival's answer, from
    the rival's `rival_first` best first moves, for each card the refill may draw
    (`exact`) or the one the determinisation draws. Yields its progress every
    ``SLICE_MS`` of work."""
    moves = game.legal_moves(state)
    if len(moves) == 1:
        return moves[0]

    def value(after: State) -> float:
        return _value(game, after, me, projected, scale)

    clock = _Clock()
    options = yield from _options(game, state, me, value, clock)
    ranked = sorted(range(len(options)), key=lambda i: (-options[i][0], i))[:top_turns]
    best_value, best_move = -1.0, options[ranked[0]][1]
    for n, i in enumerate(ranked):
        clock.progress = (n + 1) / (len(ranked) + 1)
        _, first_move, outcomes = options[i]
        expected = 0.0
        for weight, path, after in outcomes:
            for chance, s in _refills(state, after, path) if exact else [(1.0, after)]:
                if game.is_over(s):
                    expected += weight * chance * value(s)
                    continue
                answer = yield from _best_turn(game, s, value, False, clock, rival_first)
                if not game.is_over(answer):
                    answer = yield from _best_turn(game, answer, value, True, clock, rival_first)
                expected += weight * chance * value(answer)
                if clock.due():
                    yield clock.progress
        if expected > best_value:
            best_value, best_move = expected, first_move
    return best_move
