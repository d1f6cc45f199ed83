"""Reading a rival's hand from the builds they chose this round (hard's determinisation).

A rival who could have taken over a building with a card and built elsewhere probably
does not hold that card. Each of a rival's builds this round is scored as a choice among
every build their parts allowed with every card, by the same priors the search orders
moves with (`search.ordering`: own round points minus the best rival's). The chance that
a rival holding hand H chose what they did is modelled as a softmax over the builds H
allowed, with `beta` per point:

    P(choice | H) = exp(beta * prior(choice)) / sum over cards k in H of z_k,
    z_k = sum of exp(beta * prior(b)) over the builds b with card k.

A rival's hand now is the hand they chose from minus the card they played plus the card
they drew, so one unknown card per step back (each of the hand's cards equally likely
to be the one drawn). `determinize` draws `samples` candidate hands per rival from the
unseen cards and keeps one with probability proportional to this likelihood (importance
resampling), so it only reweights the deals the plain determinisation makes: every deal
still agrees with the view.

Only a rival's own view-independent history is used: the moves everyone saw. With
Godzilla the board before a build cannot be rebuilt from the board now (it destroys
parts), and in the two-colour game a build names its colour, so both fall back to the
plain determinisation.
"""
from __future__ import annotations

import math
from typing import Any

from ...core import rng
from ...core.game import State, copy_state
from . import rules
from .data import CARD_POSITIONS, CARDS_PER_POSITION, lot_city
from .moves import Build
from .search import _LOTS, determinize as plain_determinize, ordering

BETA = 3.0  # how much a point of prior makes a choice likelier (e^3 per point)
DEPTH = 3  # a rival's most recent builds read back
SAMPLES = 8  # candidate hands drawn per rival and determinisation


def _before(view: State, index: int) -> State:
    """The position just before plays[index]: that play and every later one undone."""
    plays = view["plays"]
    board = [stack[:] for stack in view["board"]]
    selected = [row[:] for row in view["selected"]]
    for player, card, lot, storeys, colour in reversed(plays[index:]):
        if lot >= 0:
            board[lot].pop()
        selected[colour][storeys - 1] += 1
    state = dict(view)
    state.update(board=board, selected=selected, turn=plays[index][0], phase="build")
    return state


def _choice_weights(view: State, index: int, beta: float) -> tuple[float, list[float]] | None:
    """For plays[index]: exp(beta * prior) of the build chosen, and z_k for cards 0..9
    (the same scale: the best build's weight is 1)."""
    player, card, lot, storeys, colour = view["plays"][index]
    if lot < 0:
        return None
    state = _before(view, index)
    lots = _LOTS[state["seats"][player]]
    sizes = [s for s in (1, 2, 3, 4) if state["selected"][colour][s - 1]]
    cities = range(state["open_cities"])
    moves, cards = [], []
    for k in CARD_POSITIONS:
        for city in cities:
            target = lots[k][city]
            for s in sizes:
                if rules._build_ok(state, colour, target, s):
                    moves.append(Build(k, city, s, None))
                    cards.append(k)
    chosen = Build(card, lot_city(lot), storeys, None)
    if chosen not in moves:
        return None
    priors = ordering(None, state, moves)
    top = max(priors)
    z = [0.0] * 10
    w = 0.0
    for m, k, p in zip(moves, cards, priors):
        e = math.exp(beta * (p - top))
        z[k] += e
        if m == chosen:
            w = e
    return w, z


def _evidence(view: State, player: int, beta: float, depth: int) -> dict[int, list[tuple[int, float, list[float]]]]:
    """Per rival, their latest builds this round, newest first: (card played, w, z)."""
    out: dict[int, list[tuple[int, float, list[float]]]] = {}
    stopped: set[int] = set()  # a discard or an unreadable step ends what can be read back
    for index in range(len(view["plays"]) - 1, -1, -1):
        rival = view["plays"][index][0]
        if rival == player or rival in stopped:
            continue
        weights = _choice_weights(view, index, beta)
        if weights is None:
            stopped.add(rival)
            continue
        steps = out.setdefault(rival, [])
        steps.append((view["plays"][index][1], *weights))
        if len(steps) >= depth:
            stopped.add(rival)
    return out


def likelihood(hand: list[int], steps: list[tuple[int, float, list[float]]],
               memo: dict | None = None) -> float:
    """The chance of the rival's recorded choices if they hold `hand` now (up to a
    constant). `memo` caches it by hand for one list of steps."""
    if not steps:
        return 1.0
    key = (tuple(sorted(hand)), len(steps))
    if memo is not None and key in memo:
        return memo[key]
    card, w, z = steps[0]
    total = 0.0
    for i in range(len(hand)):  # hand[i] is the card drawn after this choice
        before = hand[:i] + hand[i + 1:] + [card]
        denom = sum(z[k] for k in set(before))
        if denom > 0:
            total += w / denom * likelihood(before, steps[1:], memo)
    value = total / len(hand) if hand else 0.0
    if memo is not None:
        memo[key] = value
    return value


# (view, evidence, memos): one search asks for the same view every iteration.
_cache: list[Any] = [None, None, None]


def make_determinize(beta: float = BETA, depth: int = DEPTH, samples: int = SAMPLES):
    def determinize(game: Any, view: State, player: int, rng_state: int) -> tuple[State, int]:
        if (view["options"]["godzilla"] != "off" or "plays" not in view
                or len(rules.player_colours(view, player)) > 1):
            return plain_determinize(game, view, player, rng_state)
        if _cache[0] is not view:
            evidence = _evidence(view, player, beta, depth)
            _cache[:] = view, evidence, {p: {} for p in evidence}
        evidence, memos = _cache[1], _cache[2]
        state = copy_state(view)
        state.pop("viewer", None)
        unseen = [card for card in CARD_POSITIONS for _ in range(CARDS_PER_POSITION)]
        for card in view["hands"][player]:
            unseen.remove(card)
        for card in view["discard"]:
            unseen.remove(card)
        rng_state = rng.shuffle(rng_state, unseen)
        for p, hand in enumerate(state["hands"]):
            if p == player:
                continue
            n = len(hand)
            steps = evidence.get(p)
            if not steps or n == 0:
                state["hands"][p] = [unseen.pop() for _ in range(n)]
                continue
            # Candidate hands: disjoint slices of the shuffled unseen cards.
            k = min(samples, len(unseen) // n)
            weights = [likelihood(unseen[-(i + 1) * n:len(unseen) - i * n], steps, memos[p]) for i in range(k)]
            total = sum(weights)
            pick = 0
            if total > 0:
                rng_state, x = rng.next_u64(rng_state)
                r = x / 2.0 ** 64 * total
                while pick < k - 1 and r >= weights[pick]:
                    r -= weights[pick]
                    pick += 1
            start = len(unseen) - (pick + 1) * n
            state["hands"][p] = unseen[start:start + n]
            del unseen[start:start + n]
        state["deck"] = unseen
        rng_state, state["rng"] = rng.next_u64(rng_state)
        return state, rng_state
    return determinize


determinize = make_determinize()
