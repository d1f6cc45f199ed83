"""Manhattan bots: random, and greedy (best immediate score with a look at majorities)."""
from __future__ import annotations

from typing import Any

from ...core.bots import Bot, RandomBot, best_by
from ...core.game import Game, State
from . import rules, scoring
from .moves import Build, Discard, Pick
from .search import LEVELS


class GreedyBot(Bot):
    """Scores each build as if the round ended now: its own points minus the best
    rival's, so taking a rival's building or a city majority counts twice. Among
    equals it spends the smallest part, keeping tall parts for contested towers."""

    name = "greedy"

    def choose(self, game: Game, view: State, player: int) -> Any:
        moves = game.legal_moves(view)
        first = moves[0]
        if isinstance(first, Pick):
            return best_by(self, moves, lambda m: self._pick_value(view, player, m))
        if isinstance(first, Discard):
            # Keep the tall parts: set aside the smallest one.
            return best_by(self, moves, lambda m: -m.storeys)
        return best_by(self, moves, lambda m: self._build_value(game, view, player, m))

    @staticmethod
    def _pick_value(view: State, player: int, move: Pick) -> float:
        # Spread the supply evenly over the rounds: take what is most plentiful,
        # measured against how many of that size the whole game started with.
        colour = rules.picking_colour(view, player)
        left = view["supply"][colour][move.storeys - 1]
        return left / (12 - 2 * move.storeys) + move.storeys * 0.01

    @staticmethod
    def _build_value(game: Game, view: State, player: int, move: Build) -> float:
        after = game.apply(view, move)
        rows = scoring.score_round(after) if after["phase"] != "over" else after["history"][-1]
        mine = rows[player]["total"]
        rival = max((r["total"] for p, r in enumerate(rows) if p != player), default=0)
        return (mine - rival) * 10 - move.storeys


BOTS = {"random": RandomBot, "greedy": GreedyBot}
BOTS.update(LEVELS)
