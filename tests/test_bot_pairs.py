"""The long run of issue 46: every pair of bots, at every player count of every game,
ends each game within the game's `move_budget`, every move lowering its `progress`
(as tests/test_fuzz.py checks it). Random fuzzing never reaches the positions search
bots steer into (the New York 1901 stall between hard and normal); this plays them.

Skipped unless asked for: ``--bot-pairs N`` plays N games per pair and player count
(seats filled by the pair alternately, the first bot of the pair starting in even
games, the second in odd ones; a pair may be one bot twice). The bots are built as
``python3 -m pyengine tournament --no-clock`` builds them: the same seeds, fixed
iteration budgets, no wall-clock cap, so a run is reproducible on any machine.
``--bot-pairs-scale F`` multiplies the search levels' iterations by F: the full budgets
take hours on two cores (hard searches 240-800 iterations a decision), so the run
the README gives uses 0.25. The games are spread over the machine's cores::

    .venv/bin/python -m pytest tests/test_bot_pairs.py --bot-pairs 1 --bot-pairs-scale 0.25 -s

Each game prints a summary line (games, the longest game against its budget); a
failure prints the game's record, which ``python3 -m pyengine replay`` replays.
"""

from __future__ import annotations

import json
import os
from concurrent.futures import ProcessPoolExecutor
from itertools import combinations_with_replacement
from typing import Any

import pytest
from test_fuzz import StallError, check_progress

import pyengine
from pyengine.core.game import Game
from pyengine.core.record import new_record
from pyengine.tournament import bot_table

# The bots every game pairs: random, its greedy bot (Chinatown's is the trader), the levels.
GREEDY = {"chinatown": "trader"}
LEVELS = ("easy", "normal", "hard")


def pair_bots(name: str) -> tuple[str, ...]:
    return ("random", GREEDY.get(name, "greedy"), *LEVELS)


def scaled(game: Game, scale: float) -> dict[str, tuple[str, dict[str, Any]]]:
    """Tournament variants of the search levels with their iterations times `scale`
    (each phase's too), at least 1; none at scale 1."""
    if scale == 1:
        return {}
    out = {}
    for name, cls in game.bots().items():
        if hasattr(cls, "iterations"):
            settings: dict[str, Any] = {"iterations": max(1, round(cls.iterations * scale))}
            if getattr(cls, "phase_iterations", None):
                settings["phase_iterations"] = {k: max(1, round(v * scale)) for k, v in cls.phase_iterations.items()}
            out[name] = (name, settings)
    return out


def play_pair(args: tuple[str, int, str, str, int, float]) -> dict[str, Any]:
    """One game of bots `a` and `b` in alternate seats: its length, budget and any failure."""
    name, players, a, b, k, scale = args
    game = pyengine.load_game(name)
    first, second = (a, b) if k % 2 == 0 else (b, a)
    seats = [first if p % 2 == 0 else second for p in range(players)]
    seed = 46_000 + 1_000 * k + 10 * players
    table = bot_table(game, scaled(game, scale))
    index = k  # as pyengine/tournament.py seeds a game's bots
    bots = [table[bot](seed * 7919 + index * 131 + p) for p, bot in enumerate(seats)]
    for bot in bots:
        if getattr(bot, "max_ms", None) is not None:
            bot.max_ms = None  # --no-clock: iterations only, reproducible
    options: dict[str, Any] = {}
    budget = game.move_budget(players, options)
    state = game.new_game(players, seed, options)
    record = new_record(game, players, seed, options)
    progress, flat = game.progress(state), 0
    error = None
    try:
        while not game.is_over(state):
            if len(record["moves"]) >= budget:
                raise StallError(f"no end within the move budget ({budget} moves); progress {progress}")
            p = game.to_move(state)[0]
            move = bots[p].choose(game, game.view(state, p), p)
            record["moves"].append(str(move))
            state = game.apply(state, move)
            after = game.progress(state)
            flat = check_progress(game, progress, after, flat)
            progress = after
    except AssertionError as e:
        error = f"{name} {players}p {seats}: {e} {json.dumps(record)}"
    return {
        "game": name,
        "players": players,
        "seats": seats,
        "moves": len(record["moves"]),
        "budget": budget,
        "error": error,
    }


@pytest.mark.parametrize("name", list(pyengine.GAMES))
def test_every_pair_of_bots_ends_every_game(name: str, request) -> None:
    count = request.config.getoption("--bot-pairs")
    if not count:
        pytest.skip("the long run: --bot-pairs N (N games per pair of bots and player count)")
    scale = request.config.getoption("--bot-pairs-scale")
    game = pyengine.load_game(name)
    jobs = [
        (name, players, a, b, k, scale)
        for players in game.player_counts
        for a, b in combinations_with_replacement(pair_bots(name), 2)
        for k in range(count)
    ]
    with ProcessPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        results = list(pool.map(play_pair, jobs, chunksize=1))
    failures = [r["error"] for r in results if r["error"]]
    longest = max(results, key=lambda r: r["moves"] / r["budget"])
    print(
        f"\n{name}: {len(results)} games (scale {scale}), {len(failures)} failures; longest "
        f"{longest['moves']} moves of a {longest['budget']} budget ({longest['players']}p, {longest['seats']})"
    )
    for error in failures:
        print(error)
    assert not failures, failures[0]
