"""How often each rival builds at random, read from the plays everyone saw (the hard
level's model of its rivals: the `rival_randomness` of search.py's ``HOOKS``, used by a
level with `SearchBot.rival_model`).

The search otherwise assumes every rival answers with the move best for them (max^n).
Against a player who builds at random, that wastes the tree on threats that will not
come and misjudges what the board will look like at the scoring. So each of a rival's
latest builds is scored as a choice among the builds the card they played allowed (the
card is public once played; the rest of their hand never enters). Two ways to choose:

- at random: every such build equally likely (1/n), as the random bot does;
- well: a softmax of the priors the search orders moves with (`bots.priors`: own
  round points minus the best rival's), `BETA` per point.

The two are weighed against each other by Bayes: the odds that a rival plays at
random start at `PRIOR_RANDOM` and every build read multiplies them by
(1/n) / (`SLACK`/n + (1 - `SLACK`) * softmax); the slack keeps one odd build by a good
player from counting as proof. The estimate is that posterior chance, used as the share
of the rival's moves the search makes at random. With β = 2 a random bot reads on
average above 0.85 from round 2 on, normal below 0.05 and easy below 0.1 (two games,
tests/manhattan/test_rivals.py). A rival not yet seen building gets 0.

The board before a play is the board now with that play and every later one taken off
again. With Godzilla it cannot be rebuilt (Godzilla destroys parts), so then no rival
is modelled.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

from ...core.game import State
from . import rules
from .bots import priors
from .data import CITIES, SLOW_START_CITIES, lot_city
from .moves import Build

BETA = 2.0  # how much likelier a build is per point of prior, for a rival who plays well
SLACK = 0.1  # a rival who plays well still makes this share of their builds by other lights
PRIOR_RANDOM = 0.3  # the chance that a rival plays at random, before any build is read
READ_BACK = 12  # a rival's latest builds read


def _open_cities(view: State, round_: int) -> int:
    if not view["options"]["slow_development"]:
        return len(CITIES)
    return min(len(CITIES), SLOW_START_CITIES + round_ - 1)


def _choice(before: State, player: int, card: int, lot: int, storeys: int, colour: int) -> tuple[float, float] | None:
    """(1/n, softmax share) of the build `player` chose among those `card` allowed."""
    moves = rules.legal_moves(before)
    two = len(rules.player_colours(before, player)) > 1
    chosen = Build(card, lot_city(lot), storeys, colour if two else None)
    if chosen not in moves:
        return None
    scores = priors(before, moves)
    top = max(scores)
    weights = [math.exp(BETA * (p - top)) for p in scores]
    return 1 / len(moves), weights[moves.index(chosen)] / sum(weights)


def positions_before(view: State) -> Iterator[tuple[list, State]]:
    """Each play, newest first, with the position just before it: the board and the
    parts chosen as they were (shared lists: read them before asking for the next)."""
    board = [stack[:] for stack in view["board"]]
    selected = [row[:] for row in view["selected"]]
    round_ = view["round"]
    for play in reversed(view["plays"]):
        play_round, p, card, lot, storeys, colour = play
        if play_round != round_:  # every part of an earlier round was played by its end
            round_ = play_round
            selected = [[0] * 4 for _ in selected]
        if lot >= 0:
            board[lot].pop()
        selected[colour][storeys - 1] += 1
        yield (
            play,
            dict(
                view,
                board=board,
                selected=selected,
                turn=p,
                phase="build",
                round=play_round,
                open_cities=_open_cities(view, play_round),
            ),
        )


def observations(view: State, player: int) -> dict[int, list[tuple[float, float]]]:
    """Per rival, their latest builds, newest first: (1/n, softmax share)."""
    out: dict[int, list[tuple[float, float]]] = {p: [] for p in range(view["players"]) if p != player}
    for (_, p, card, lot, storeys, colour), before in positions_before(view):
        if all(len(seen) >= READ_BACK for seen in out.values()):
            break
        if p == player or lot < 0 or len(out[p]) >= READ_BACK:
            continue
        hands = list(view["hands"])
        hands[p] = [card]  # the card played is public; the rest of the hand never enters
        seen = _choice(dict(before, hands=hands), p, card, lot, storeys, colour)
        if seen is not None:
            out[p].append(seen)
    return out


def rival_randomness(view: State, player: int) -> list[float] | None:
    """Each player's estimated share of random builds (0 for `player` and for a rival
    not yet seen building), or None when the plays cannot be read (Godzilla)."""
    if view["options"]["godzilla"] != "off":
        return None
    eps = [0.0] * view["players"]
    for p, seen in observations(view, player).items():
        if not seen:
            continue
        # Log odds of "at random" (every build 1/n) against "plays well".
        odds = math.log(PRIOR_RANDOM / (1 - PRIOR_RANDOM))
        for u, share in seen:
            odds += math.log(u) - math.log(SLACK * u + (1 - SLACK) * share)
        eps[p] = 1 / (1 + math.exp(-odds)) if odds > -700 else 0.0
    return eps
