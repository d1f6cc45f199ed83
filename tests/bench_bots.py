#!/usr/bin/env python3
"""Think time of bot levels per decision (a benchmark script, not a test).

    python3 tests/bench_bots.py --game manhattan --players 4 --bots normal,hard
    python3 tests/bench_bots.py --game manhattan --pyodide     # also in the shipped Pyodide

Positions come from two games of the game's greedy bot (every 5th decision with a
choice), or of the bots named by ``--from`` seat by seat (``--from greedy,random`` puts
random rivals beside greedy ones, whose play Manhattan's hard then reads as random).
Each level decides every position with its own iteration budget and no clock; the CPU time of this process is reported per phase (mean, 90th percentile,
max), which a busy machine inflates far less than wall-clock time. ``--pyodide`` times
six positions in dist/ (node tests/pyodide_bots.mjs, wall clock) against CPython's
wall clock on the same positions, back to back, and prints the ratio.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pyengine  # noqa: E402
from pyengine.__main__ import play_game  # noqa: E402
from pyengine.core.record import replay  # noqa: E402


def unclocked(cls: type) -> type:
    return type(f"Unclocked{cls.__name__}", (cls,), {"max_ms": None})


def positions(name: str, players: int, bots: list[str] | None = None) -> list[dict]:
    """Record prefixes ending where the player to move has a choice."""
    game = pyengine.load_game(name)
    bots = bots or ["greedy" if "greedy" in game.bots() else "trader"]
    out = []
    for seed in range(2):
        record, _ = play_game(game, players, seed, {}, bots)
        k = 0
        _, state = replay(record, 0)
        for i, text in enumerate(record["moves"]):
            if len(game.legal_moves(state)) > 1:
                if k % 5 == 0:
                    out.append({**record, "moves": record["moves"][:i]})
                k += 1
            state = game.apply(state, text)
    return out


def cpu_times(name: str, players: int, levels: list[str], bots: list[str] | None = None) -> None:
    game = pyengine.load_game(name)
    prefixes = positions(name, players, bots)
    for level in levels:
        cls = unclocked(game.bots()[level])
        by_phase: dict[str, list[float]] = {}
        for record in prefixes:
            _, state = replay(record)
            p = game.to_move(state)[0]
            started = time.process_time()
            cls(1).choose(game, game.view(state, p), p)
            by_phase.setdefault(game.phase(state), []).append((time.process_time() - started) * 1000)
        for phase, ms in by_phase.items():
            ms.sort()
            print(
                f"{level:7} ({getattr(cls, 'iterations', '-')} iterations) {phase:10} n={len(ms):3}  "
                f"mean {statistics.mean(ms):6.0f}  p90 {ms[int(0.9 * len(ms))]:6.0f}  max {ms[-1]:6.0f} ms CPU"
            )


def pyodide_ratio(name: str, players: int, levels: list[str], bots: list[str] | None = None) -> None:
    game = pyengine.load_game(name)
    prefixes = positions(name, players, bots)[::4][:6]
    for level in levels:
        cases = [{"record": r, "bot": level, "iterations": None} for r in prefixes]
        cls = unclocked(game.bots()[level])

        def cpython(cases: list[dict] = cases, cls: type = cls) -> list[float]:
            out = []
            for case in cases:
                _, state = replay(case["record"])
                p = game.to_move(state)[0]
                started = time.perf_counter()
                cls(1).choose(game, game.view(state, p), p)
                out.append((time.perf_counter() - started) * 1000)
            return out

        before = cpython()
        with tempfile.NamedTemporaryFile("w", suffix=".json") as f:
            json.dump(cases, f)
            f.flush()
            run = subprocess.run(
                ["node", str(ROOT / "tests" / "pyodide_bots.mjs"), str(ROOT / "dist"), f.name],
                capture_output=True,
                text=True,
                check=True,
            )
        py = [d["ms"] for d in json.loads(run.stdout.strip().splitlines()[-1])["decisions"]]
        after = cpython()
        cp = [(a + b) / 2 for a, b in zip(before, after)]
        ratios = [x / y for x, y in zip(py, cp)]
        print(
            f"{level:7} Pyodide {[round(x) for x in py]} ms, CPython {[round(x) for x in cp]} ms (wall): "
            f"Pyodide/CPython {min(ratios):.1f}-{max(ratios):.1f}x, mean {statistics.mean(ratios):.1f}x"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="manhattan")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default="normal,hard")
    parser.add_argument("--pyodide", action="store_true", help="also time dist/'s Pyodide in node")
    parser.add_argument(
        "--from",
        dest="origin",
        default=None,
        help="bots, seat by seat, whose games give the positions (default: the greedy bot)",
    )
    args = parser.parse_args()
    levels = args.bots.split(",")
    origin = args.origin.split(",") if args.origin else None
    cpu_times(args.game, args.players, levels, origin)
    if args.pyodide:
        pyodide_ratio(args.game, args.players, levels, origin)


if __name__ == "__main__":
    main()
