"""Fit the weights of Brussels 1893's hard-level valuation from self-play, and write them
to pyengine/games/brussels1893/fitted_weights.py.

    python3 build_scripts/fit_eval.py [--games-per-count 300] [--jobs 2]

Self-play: for each player count, games whose seats are all greedy or all easy (noisy
greedy: more varied positions), with the Belle Epoque expansion and the B-side variant
each on in half the games. From every other position, each player's measurements
(``valuation.features``) and the points they went on to score (final score minus score
then) are recorded.

Only differences between players matter to a search (its values are a softmax over
the players), so each position's measurements and targets are centred on the
position's mean, and per (player count, round, phase) a ridge regression without
intercept gives the weights. Standard library only, deterministic for given
arguments: the same command writes the same file.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pyengine import load_game  # noqa: E402
from pyengine.games.brussels1893.valuation import NAMES, features  # noqa: E402

OUT = ROOT / "pyengine" / "games" / "brussels1893" / "fitted_weights.py"
RIDGE = 10.0
K = len(NAMES)


def play(args: tuple[int, int]) -> dict[tuple, tuple[list[list[float]], list[float], int]]:
    """One self-play game: per key, the sums X'X and X'y of its centred rows."""
    players, seed = args
    game = load_game("brussels1893")
    table = game.bots()
    r = random.Random(seed)
    level = r.choice(["greedy", "easy"])
    options = {"belle_epoque": r.random() < 0.5, "variant": r.random() < 0.5}
    bots = [table[level](seed * 17 + p) for p in range(players)]
    state = game.new_game(players, seed, options)
    records = []
    while not game.is_over(state):
        if r.random() < 0.5:
            records.append(
                (
                    (players, state["round"], state["phase"]),
                    [features(state, p) for p in range(players)],
                    [pl["score"] for pl in state["pl"]],
                )
            )
        p = game.to_move(state)[0]
        state = game.apply(state, bots[p].choose(game, game.view(state, p), p))
    final = game.scores(state)
    sums: dict[tuple, tuple[list[list[float]], list[float], int]] = {}
    for key, rows, scores in records:
        xtx, xty, n = sums.setdefault(key, ([[0.0] * K for _ in range(K)], [0.0] * K, 0))
        mean_x = [sum(row[i] for row in rows) / players for i in range(K)]
        gains = [final[p] - scores[p] for p in range(players)]
        mean_y = sum(gains) / players
        for row, gain in zip(rows, gains):
            x = [(i, row[i] - mean_x[i]) for i in range(K) if row[i] != mean_x[i]]
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
    parser.add_argument("--games-per-count", type=int, default=300)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    counts = load_game("brussels1893").player_counts
    tasks = [(n, n * 1_000_003 + g) for n in counts for g in range(args.games_per_count)]
    total: dict[tuple, tuple[list[list[float]], list[float], int]] = {}
    with multiprocessing.Pool(args.jobs) as pool:
        for done, sums in enumerate(pool.imap(play, tasks, chunksize=4), 1):
            for key, (xtx, xty, n) in sums.items():
                txx, txy, tn = total.setdefault(key, ([[0.0] * K for _ in range(K)], [0.0] * K, 0))
                for i in range(K):
                    txy[i] += xty[i]
                    for j in range(K):
                        txx[i][j] += xtx[i][j]
                total[key] = (txx, txy, tn + n)
            if done % 50 == 0:
                print(f"{done}/{len(tasks)} games", file=sys.stderr)
    lines = [
        f'"""Generated by build_scripts/fit_eval.py --games-per-count {args.games_per_count}: do not edit.',
        "",
        "Weights of valuation.features per (players, round, phase), fitted to the points",
        'players went on to score in self-play; the row count of each fit is in the comment."""',
        "",
        "WEIGHTS = {",
    ]
    for key in sorted(total):
        xtx, xty, n = total[key]
        w = fit(xtx, xty)
        lines.append(f"    {key!r}: ({', '.join(f'{v:.3f}' for v in w)}),  # {n} rows")
    lines.append("}")
    OUT.write_text("\n".join(lines) + "\n")
    print(f"wrote {OUT.relative_to(ROOT)}: {len(total)} fits")


if __name__ == "__main__":
    main()
