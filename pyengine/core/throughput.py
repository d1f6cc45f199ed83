"""Random full games per second: the engine benchmark run the same way in CPython and
in Pyodide (build_scripts/bench.py runs it in both and compares).

A random game is what a random bot plays: at each step the player to move sees their
own `view`, picks uniformly among its `legal_moves`, and `apply` checks and plays it.
"""

from __future__ import annotations

import time
from typing import Any

from .. import load_game
from .bots import RandomBot

# The configuration the speed targets name (issue 8): 4 players, or 5 with trades /
# Belle Époque where the game has them.
SETUPS: dict[str, tuple[int, dict[str, Any]]] = {
    "manhattan": (4, {}),
    "newyork1901": (4, {}),
    "chinatown": (5, {}),
    "brussels1893": (5, {"belle_epoque": True}),
}


def random_game(name: str, players: int, seed: int, options: dict[str, Any]) -> int:
    """One random game to the end; returns its number of moves."""
    game = load_game(name)
    state = game.new_game(players, seed, options)
    bot = RandomBot(seed)
    moves = 0
    while not game.is_over(state):
        p = game.to_move(state)[0]
        state = game.apply(state, bot.choose(game, game.view(state, p), p))
        moves += 1
    return moves


def measure(name: str, games: int = 20, runs: int = 5, seed: int = 1) -> dict[str, Any]:
    """ms per game: median, min and max over `runs` runs of `games` games each."""
    players, options = SETUPS.get(name, (min(load_game(name).player_counts), {}))
    random_game(name, players, seed, options)  # warm-up: imports, caches
    per_run = []
    moves = 0
    for run in range(runs):
        t = time.perf_counter()
        for g in range(games):
            moves += random_game(name, players, seed + 1000 * run + g, options)
        per_run.append((time.perf_counter() - t) * 1000 / games)
    per_run.sort()
    return {
        "game": name,
        "players": players,
        "options": options,
        "ms_median": per_run[len(per_run) // 2],
        "ms_min": per_run[0],
        "ms_max": per_run[-1],
        "moves_per_game": moves / (games * runs),
        "games_per_s": 1000 / per_run[len(per_run) // 2],
    }
