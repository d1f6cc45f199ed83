"""The hard level's builds in the two-player game: a three-ply lookahead whose rival
hand is averaged exactly, not sampled (issue 48).

Why: in two-player Manhattan the game turns on the rival's hand. A diagnostic that let
normal's search see the rival's true hand in round 1 only (every other round as usual)
won 77.5% of 40 games against normal (82.6 points against 67.8); in rounds 1-3, 80.0%.
Most of that is one question asked at every build: can the rival answer this build
(take the building, top the tower) with a card they hold? The search answers it by
sampling the rival's hand once per iteration, a few times per move at most (250 or
800 iterations over 30-90 moves), so two builds whose risks differ by a third look
alike in its statistics.

Here that chance is computed. The rival's hand is `n` cards drawn from the cards the
bot has not seen (the 45-card deck minus its hand and the discard pile: the rival's hand
and the draw pile together). For each of the bot's builds and each card position
`k` the rival might hold, the rival's best answer with a `k` card is found (of the
`TOP_REPLIES` answers best for the rival at once, the one that leaves the bot least
after the bot's best build back with the three cards it keeps). The rival plays the
best answer their hand allows; sorted from worst for the bot, the chance that the
`i`-th is the best one held is, by the hypergeometric law,

    P(the hand holds none of the first i-1) - P(it holds none of the first i),
    P(none of a set of m unseen cards among n drawn from N) = C(N - m, n) / C(N, n).

Values are search.py's evaluation (points so far, the board scored now and for the
rounds to come, the unbuilt parts) as the chance to win: the logistic of the
projected lead at its scale (`Weights`, which search.py passes). Boards are scored with bots.RoundBoard, without
copying a state per build. The three plies run on the `TOP_MOVES` builds best after two
plies.

Only the builds of rounds before the last: in the last round the tree search, which
sees the game's end and scores it exactly, played better. Screens against normal (40
two-player games, seats permuted, no clock, seed 7700), the lookahead in an ad-hoc script:
two plies every round 50.0% (73.5 points against 69.0); three plies every round 55.0%
(75.9 against 66.5); three plies before the last round, the search in it, 72.5% (78.4
against 65.9). The shipped hard (this, in rounds 1-5 of the two-player game):
`python -m pyengine tournament --game manhattan --players 2 --bots hard,normal --games 40
--seating permute --no-clock --seed S` gave 77.5% (79.8 against 65.0) at S = 7700, 65.0%
(78.1 against 69.1) at 7800 and 67.5% (78.3 against 67.0) at 7900; with --games 200
at 7700, 72.5% [65.9, 78.2] (81.5 points against 67.5). Picks, discards, three
or four players, two colours and Godzilla are left to the search (`choose` returns None).
"""

from __future__ import annotations

import math
from collections.abc import Generator, Iterable
from dataclasses import dataclass

from ...core.game import Move, State
from ...core.search import finish, win_chance
from . import rules
from .bots import CARD_LOTS, RoundBoard
from .data import CARDS_PER_POSITION, SIZES
from .moves import Build

TOP_MOVES = 20  # the bot's builds best after two plies that get the third
TOP_REPLIES = 5  # per card position, the rival's answers (best for them at once) tried against the bot's reply
FIRST_SLICE = 8  # builds valued to two plies between two yields
FIRST_SHARE = 0.3  # of the progress: the two plies of every build; the rest, the third ply


def applies(view: State) -> bool:
    """Whether the lookahead chooses this move: a build of a one-colour two-player game
    without Godzilla, before the last round."""
    return (
        view["phase"] == "build"
        and view["players"] == 2
        and len(view["colours"]) == 2
        and view["options"]["godzilla"] == "off"
        and view["round"] < view["rounds"]
    )


@dataclass(frozen=True)
class Weights:
    """The evaluation's weights (search.py's, which passes them: this module is below it)."""

    part_value: tuple[float, ...]  # points a chosen, unbuilt part is worth, by storeys
    future_round: float  # weight of the board in each scoring after this round's
    scale: float  # a projected lead of `scale` points makes a player e times likelier to win


def think(view: State, player: int, moves: list[Move], weights: Weights) -> Generator[float, None, Move | None]:
    """`choose` in slices for a page: yields its progress in [0, 1] after every few builds
    valued to two plies and after each build searched to three (a few ms each in
    CPython), returns the move."""
    if not applies(view) or not moves or not all(isinstance(m, Build) for m in moves):
        return None
    values = yield from _values(view, player, [m for m in moves if isinstance(m, Build)], weights, TOP_MOVES)
    best = max(range(len(moves)), key=lambda i: (values[i], -i))
    return moves[best]


def choose(view: State, player: int, moves: list[Move], weights: Weights) -> Move | None:
    """The build with the best value (first of equals), or None where the search decides."""
    return finish(think(view, player, moves, weights))


class _Context:
    """What every ply shares: the projection's weights and how the value is read."""

    def __init__(self, view: State, player: int, part_value: tuple[float, ...], future_round: float, scale: float):
        self.me = player
        self.rival = 1 - player
        self.part_value = part_value
        self.scale = scale
        self.scores = view["scores"]
        self.still = 1 + future_round * (view["rounds"] - view["round"])

    def parts(self, state: State) -> list[float]:
        out = [0.0, 0.0]
        for colour, chosen in enumerate(state["selected"]):
            out[state["colours"][colour]] += sum(k * self.part_value[size] for size, k in enumerate(chosen, 1))
        return out

    def value(self, rows: list[int], parts: list[float]) -> float:
        """The bot's chance to win from the round scores `rows` and the parts' value."""
        me, rival = self.me, self.rival
        lead = (self.scores[me] - self.scores[rival]) + self.still * (rows[me] - rows[rival]) + parts[me] - parts[rival]
        return win_chance(lead, self.scale)


def _built(state: State, player: int, lot: int, storeys: int) -> State:
    """`state` with `player`'s part on `lot` (the board's other lots and the hands shared)."""
    board = list(state["board"])
    board[lot] = board[lot] + [[player, storeys]]
    selected = [row[:] for row in state["selected"]]
    selected[player][storeys - 1] -= 1
    return dict(state, board=board, selected=selected, turn=1 - player)


def _sizes(state: State, player: int) -> list[int]:
    return [s for s in SIZES if state["selected"][player][s - 1]]


def _builds(state: State, player: int, cards: Iterable[int]) -> Iterable[tuple[int, int, int]]:
    """(card, lot, storeys) of every legal build of `player` with these cards."""
    sizes = _sizes(state, player)
    lots = CARD_LOTS[state["seats"][player]]
    for card in cards:
        for city in range(state["open_cities"]):
            lot = lots[card][city]
            for size in sizes:
                if rules._build_ok(state, player, lot, size):
                    yield card, lot, size


def _after(ctx: _Context, board: RoundBoard, parts: list[float], who: int, lot: int, size: int) -> float:
    rows = board.after(lot, who, size)
    left = parts[:]
    left[who] -= ctx.part_value[size]
    return ctx.value(rows, left)


def _best_reply(ctx: _Context, state: State, cards: list[int]) -> float | None:
    """The bot's best value with one more build from `cards`, or None if it has none."""
    if not cards or not _sizes(state, ctx.me):
        return None
    board = RoundBoard(state)
    parts = ctx.parts(state)
    best = None
    for _, lot, size in _builds(state, ctx.me, sorted(set(cards))):
        v = _after(ctx, board, parts, ctx.me, lot, size)
        if best is None or v > best:
            best = v
    return best


def _expected(answers: list[tuple[float, int]], unseen: int, hand: int, rest: float) -> float:
    """The value when the rival plays the answer worst for the bot among those their
    hand allows: `answers` are (value, unseen cards of that position); `rest` is the
    value if the hand allows none."""
    answers = sorted(answers)
    total = math.comb(unseen, hand)
    out, avoided, before = 0.0, 0, 1.0
    for v, n in answers:
        avoided += n
        now = math.comb(unseen - avoided, hand) / total if unseen - avoided >= hand else 0.0
        out += (before - now) * v
        before = now
    return out + before * rest


def build_values(
    view: State, player: int, moves: list[Build], weights: Weights, top_moves: int = TOP_MOVES
) -> list[float]:
    """Each build's value: two plies (the rival's answer averaged over their hand) for
    every build, three (the bot's build back) for the `top_moves` best; the others get
    -inf so that only builds compared on the same footing are chosen from."""
    return finish(_values(view, player, moves, weights, top_moves))


def _values(
    view: State, player: int, moves: list[Build], weights: Weights, top_moves: int
) -> Generator[float, None, list[float]]:
    ctx = _Context(view, player, weights.part_value, weights.future_round, weights.scale)
    rival = ctx.rival
    unseen_of = [0] + [CARDS_PER_POSITION] * 9
    for card in view["hands"][player]:
        unseen_of[card] -= 1
    for card in view["discard"]:
        unseen_of[card] -= 1
    unseen = sum(unseen_of)
    hand = len(view["hands"][rival])
    lots = CARD_LOTS[view["seats"][player]]
    states = []
    two = []
    for k, m in enumerate(moves):
        if k % FIRST_SLICE == FIRST_SLICE - 1:  # up to 90 builds: the page draws between slices
            yield FIRST_SHARE * k / len(moves)
        state = _built(view, player, lots[m.card][m.city], m.storeys)
        states.append(state)
        board = RoundBoard(state)
        parts = ctx.parts(state)
        stay = ctx.value(board.rows, parts)
        if not _sizes(state, rival) or hand == 0:
            two.append(stay)
            continue
        worst: dict[int, float] = {}
        for card, lot, size in _builds(state, rival, (k for k in range(1, 10) if unseen_of[k] > 0)):
            v = _after(ctx, board, parts, rival, lot, size)
            if card not in worst or v < worst[card]:
                worst[card] = v
        two.append(_expected([(v, unseen_of[k]) for k, v in worst.items()], unseen, hand, stay))
    order = sorted(range(len(moves)), key=lambda i: (-two[i], i))[:top_moves]
    out = [-math.inf] * len(moves)
    for step, i in enumerate(order):
        yield FIRST_SHARE + (1 - FIRST_SHARE) * step / len(order)
        m, state = moves[i], states[i]
        mine = list(view["hands"][player])
        mine.remove(m.card)
        if not _sizes(state, rival) or hand == 0:
            # The rival has built all their parts this round: the bot builds again at once.
            again = _best_reply(ctx, dict(state, turn=player), mine)
            out[i] = two[i] if again is None else again
            continue
        board = RoundBoard(state)
        parts = ctx.parts(state)
        by_card: dict[int, list[tuple[float, int, int]]] = {}
        for card, lot, size in _builds(state, rival, (k for k in range(1, 10) if unseen_of[k] > 0)):
            by_card.setdefault(card, []).append((_after(ctx, board, parts, rival, lot, size), lot, size))
        answers = []
        for card, replies in by_card.items():
            replies.sort()
            worst_value = None
            for v1, lot, size in replies[:TOP_REPLIES]:
                back = _best_reply(ctx, _built(state, rival, lot, size), mine)
                v = v1 if back is None else back
                if worst_value is None or v < worst_value:
                    worst_value = v
            assert worst_value is not None
            answers.append((worst_value, unseen_of[card]))
        out[i] = _expected(answers, unseen, hand, two[i]) if answers else two[i]
    return out
