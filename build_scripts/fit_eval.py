"""Fit the weights of a game's hard-level evaluation from self-play, and write them to
pyengine/games/<game>/fitted_weights.py.

    python3 build_scripts/fit_eval.py --game G [--games-per-count 300] [--jobs 2]

Self-play: for each player count, games whose seats are all greedy or all easy (noisy
greedy: more varied positions), with the game's options drawn per game (Brussels 1893:
the Belle Epoque expansion and the B-side variant each on in half the games). From
every other position, each player's measurements (the game's ``features``: Brussels
1893's in ``valuation``) and the points they went on to score
(final score minus score then) are recorded, keyed by the game's ``fit_key`` (player
count, round, phase).

Only differences between players matter to a search (its values are a softmax over
the players), so each position's measurements and targets are centred on the
position's mean, and per (player count, round, phase) a ridge regression without
intercept gives the weights. Standard library only, deterministic for given
arguments: the same command writes the same file.
"""

from __future__ import annotations

import argparse
import importlib
import multiprocessing
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pyengine import load_game  # noqa: E402

RIDGE = 10.0
MIN_ROWS = 100  # fewer rows than this (a rare position) fit noise: the game's hand values stay

# Per game: the module holding NAMES, features(state, p) and fit_key(state), and the
# options of one self-play game drawn from its generator.
GAMES: dict[str, tuple[str, Callable[[random.Random], dict[str, Any]]]] = {
    "brussels1893": (
        "pyengine.games.brussels1893.valuation",
        lambda r: {"belle_epoque": r.random() < 0.5, "variant": r.random() < 0.5},
    ),
    # Manhattan's and New York 1901's measurements were fitted too (branch i48-fitted);
    # as the hard level's evaluation they lost to the hand projections (docs/bots.md).
}


def play(args: tuple[str, int, int]) -> dict[tuple, tuple[list[list[float]], list[float], int]]:
    """One self-play game: per key, the sums X'X and X'y of its centred rows."""
    name, players, seed = args
    module_name, draw_options = GAMES[name]
    measure = importlib.import_module(module_name)
    k = len(measure.NAMES)
    game = load_game(name)
    table = game.bots()
    r = random.Random(seed)
    level = r.choice(["greedy", "easy"])
    options = draw_options(r)
    bots = [table[level](seed * 17 + p) for p in range(players)]
    state = game.new_game(players, seed, options)
    records = []
    budget = game.move_budget(players, options)
    while not game.is_over(state):
        budget -= 1
        if budget < 0:  # a game that cannot end teaches nothing about how games end
            return {}
        if r.random() < 0.5:
            records.append(
                (
                    measure.fit_key(state),
                    [measure.features(state, p) for p in range(players)],
                    game.scores(state),
                )
            )
        p = game.to_move(state)[0]
        state = game.apply(state, bots[p].choose(game, game.view(state, p), p))
    final = game.scores(state)
    sums: dict[tuple, tuple[list[list[float]], list[float], int]] = {}
    for key, rows, scores in records:
        xtx, xty, n = sums.setdefault(key, ([[0.0] * k for _ in range(k)], [0.0] * k, 0))
        mean_x = [sum(row[i] for row in rows) / players for i in range(k)]
        gains = [final[p] - scores[p] for p in range(players)]
        mean_y = sum(gains) / players
        for row, gain in zip(rows, gains):
            x = [(i, row[i] - mean_x[i]) for i in range(k) if row[i] != mean_x[i]]
            y = gain - mean_y
            for i, xi in x:
                xty[i] += xi * y
                line = xtx[i]
                for j, xj in x:
                    line[j] += xi * xj
        sums[key] = (xtx, xty, n + players)
    return sums


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (the matrix is small and, with the
    ridge term, positive definite)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for i in range(n):
        pivot = max(range(i, n), key=lambda r: abs(m[r][i]))
        m[i], m[pivot] = m[pivot], m[i]
        for r in range(n):
            if r != i:
                f = m[r][i] / m[i][i]
                if f:
                    for c in range(i, n + 1):
                        m[r][c] -= f * m[i][c]
    return [m[i][n] / m[i][i] for i in range(n)]


def fit(xtx: list[list[float]], xty: list[float], ridge: float = RIDGE) -> list[float]:
    """Ridge regression weights from the sums X'X and X'y."""
    k = len(xty)
    return solve([[xtx[i][j] + (ridge if i == j else 0.0) for j in range(k)] for i in range(k)], xty)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True, choices=sorted(GAMES))
    parser.add_argument("--games-per-count", type=int, default=300)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    k = len(importlib.import_module(GAMES[args.game][0]).NAMES)
    out = ROOT / "pyengine" / "games" / args.game / "fitted_weights.py"
    counts = load_game(args.game).player_counts
    tasks = [(args.game, n, n * 1_000_003 + g) for n in counts for g in range(args.games_per_count)]
    total: dict[tuple, tuple[list[list[float]], list[float], int]] = {}
    with multiprocessing.Pool(args.jobs) as pool:
        for done, sums in enumerate(pool.imap(play, tasks, chunksize=4), 1):
            for key, (xtx, xty, n) in sums.items():
                txx, txy, tn = total.setdefault(key, ([[0.0] * k for _ in range(k)], [0.0] * k, 0))
                for i in range(k):
                    txy[i] += xty[i]
                    for j in range(k):
                        txx[i][j] += xtx[i][j]
                total[key] = (txx, txy, tn + n)
            if done % 50 == 0:
                print(f"{done}/{len(tasks)} games", file=sys.stderr)
    lines = [
        f'"""Generated by build_scripts/fit_eval.py --game {args.game} --games-per-count {args.games_per_count}:',
        "do not edit.",
        "",
        "Weights of the game's features per fit_key (players, round, phase or stage), fitted to",
        "the points players went on to score in self-play; the row count of each fit is in the",
        'comment. Keys with fewer than MIN_ROWS rows are left out: the hand values stand."""',
        "",
        "WEIGHTS = {",
    ]
    fits = 0
    for key in sorted(total):
        xtx, xty, n = total[key]
        if n < MIN_ROWS:
            continue
        fits += 1
        w = fit(xtx, xty)
        lines.append(f"    {key!r}: ({', '.join(f'{v:.3f}' for v in w)}),  # {n} rows")
    lines.append("}")
    out.write_text("\n".join(lines) + "\n")
    print(f"wrote {out.relative_to(ROOT)}: {fits} fits ({len(total) - fits} keys under {MIN_ROWS} rows left out)")


if __name__ == "__main__":
    main()
