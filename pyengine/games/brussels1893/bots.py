"""Brussels 1893's hand-written bots: random, and greedy (one ply: each legal move is
applied to a determinised copy of the bot's own view and the result is valued by
``valuation.evaluate``). The rules and the valuation are all they use; the search's
levels, built on the greedy valuation, are search.py's."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core.bots import Bot, RandomBot, best_by
from ...core.game import Game, State, copy_state
from ...core.game import Move as GameMove
from . import rules
from .moves import own
from .valuation import evaluate


class GreedyBot(Bot):
    """Takes the move whose result it values most: points, money, materials, art,
    tracks, nobles, buildings at their end value, majorities it currently holds, and
    architects still to play this round."""

    name = "greedy"

    def choose(self, game: Game, view: State, player: int) -> Any:
        moves = game.legal_moves(view)
        if len(moves) == 1:
            return moves[0]
        seed = self.below(1 << 30)
        base = rules.determinize(view, seed)
        values_ = dict(zip(moves, values_after(base, moves, player)))
        return best_by(self, moves, lambda m: values_[m])


def values_after(s: State, moves: Sequence[GameMove], p: int) -> list[float]:
    """Player p's valuation of the position after each move (a copy and an apply each)."""
    out = []
    for m in moves:
        after = copy_state(s)
        rules.apply(after, own(m))
        out.append(evaluate(after, p))
    return out


BOTS: dict[str, type[Bot]] = {"random": RandomBot, "greedy": GreedyBot}  # the levels: search.py
