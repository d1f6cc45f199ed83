"""Bots shared by every game. A bot sees only `game.view(state, player)`.

Each bot owns a seeded generator, so a simulation with a given seed is repeatable
(the record stores the moves, so replay never needs the bot again).
"""

from __future__ import annotations

from typing import Any

from . import rng
from .game import Game, Move, State


class Bot:
    name = "bot"

    def __init__(self, seed: int = 0) -> None:
        self.rng = rng.seed_state(seed)

    def below(self, n: int) -> int:
        self.rng, x = rng.below(self.rng, n)
        return x

    def choose(self, game: Game, view: State, player: int) -> Move:
        raise NotImplementedError


class RandomBot(Bot):
    """Uniformly random legal move: the baseline, and the conformance test's driver."""

    name = "random"

    def choose(self, game: Game, view: State, player: int) -> Move:
        moves = game.legal_moves(view)
        return moves[self.below(len(moves))]


def best_by(bot: Bot, moves: list[Move], value: Any) -> Move:
    """The move with the highest value; ties broken by the bot's own generator."""
    scored = [(value(m), i) for i, m in enumerate(moves)]
    top = max(s for s, _ in scored)
    best = [moves[i] for s, i in scored if s == top]
    return best[bot.below(len(best))]
