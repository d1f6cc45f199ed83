"""Brussels 1893's hooks for the search bot (pyengine/core/search.py) and its levels.

Hidden from the bot: the order of the noble, prestige and stock-exchange decks, the
face-down first-pass prestige cards and the face-down Belle Époque tiles.
``rules.determinize`` deals every card the view does not show at random into those
places, at their known sizes.

Normal's evaluation is the greedy bot's valuation of each player's position (points,
money, materials, art, tracks, nobles, buildings at their end value, majorities held,
half-done actions), as a softmax. Hard's measures the same things but weighs them as
fitted to self-play (``valuation.fitted_value``): with it, hard won 92% of 200 games
against normal (docs/bots.md). The priors are the greedy valuation, for the player to
move, of the position after each move: the greedy bot's own choice comes first.

Wired here: ``HOOKS`` holds the hooks and ``LEVELS`` binds them to the levels, hard
with its own (``HARD_HOOKS``: the fitted evaluation); ``BOTS`` (bots.py's bots, then
the levels) is what ``Brussels1893.bots()`` returns (it imports this module lazily).
This module imports bots.py, never the other way round.
"""

from __future__ import annotations

from dataclasses import replace

from ...core import rng
from ...core.bots import Bot
from ...core.game import Move as GameMove
from ...core.game import State
from ...core.search import SearchHooks, levels, softmax_values
from . import bots, rules
from .bots import values_after
from .valuation import evaluate as value
from .valuation import fitted_value

EVAL_SCALE = 8.0  # points: a projected lead of this makes a player e times likelier to win


def determinize(view: State, player: int, rng_state: int) -> tuple[State, int]:
    rng_state, seed = rng.next_u64(rng_state)
    return rules.determinize(view, seed), rng_state


def evaluate(state: State) -> list[float]:
    return softmax_values([value(state, p) for p in range(state["players"])], EVAL_SCALE)


def evaluate_fitted(state: State) -> list[float]:
    """Hard's evaluation: the same measurements, weighed as fitted to self-play."""
    return softmax_values([fitted_value(state, p) for p in range(state["players"])], EVAL_SCALE)


def ordering(state: State, moves: list[GameMove]) -> list[float]:
    """The greedy valuation, for the player to move, after each move."""
    mover = rules.to_move(state)
    assert mover is not None  # the search orders the moves of a running game
    return values_after(state, moves, mover)


HOOKS = SearchHooks(determinize=determinize, evaluate=evaluate, ordering=ordering)
HARD_HOOKS = replace(HOOKS, evaluate=evaluate_fitted)

# Budgets from measured CPU time (docs/bots.md): a Brussels decision has many small
# steps (an architect's cell, its francs, the action's choices), each a tree level.
LEVELS = levels(
    normal={"iterations": 120, "max_ms": 1000, "playout_moves": 0},
    hard={"iterations": 240, "max_ms": 3000, "playout_moves": 0, "hooks": HARD_HOOKS},
    prefix="Brussels1893",
    hooks=HOOKS,
)

BOTS: dict[str, type[Bot]] = {**bots.BOTS, **LEVELS}  # random, greedy, easy, normal, hard
