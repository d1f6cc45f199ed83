"""Brussels 1893 bots: random, and greedy (one ply: each legal move is applied to a
determinised copy of the bot's own view and the result is valued by
``valuation.evaluate``)."""
from __future__ import annotations

from typing import Any

from ...core.bots import Bot, RandomBot, best_by
from ...core.game import Game, State, copy_state
from . import rules
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


def values_after(s: State, moves: list, p: int) -> list[float]:
    """Player p's valuation of the position after each move (a copy and an apply each)."""
    out = []
    for m in moves:
        after = copy_state(s)
        rules.apply(after, m)
        out.append(evaluate(after, p))
    return out


BOTS = {"random": RandomBot, "greedy": GreedyBot}
from .search import LEVELS  # noqa: E402 (search.py imports this module's bot lazily)

BOTS.update(LEVELS)  # easy, normal, hard: search.py
