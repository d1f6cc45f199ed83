#!/usr/bin/env python3
"""Fixed-seed outputs of the command line, saved before a change that must not change
behaviour and compared after it (issue 29: the engine restructured, every game playing
exactly as before).

    python -m build_scripts.golden save DIR     # before the change
    python -m build_scripts.golden check DIR    # after it: exit 1 and the differing files

Saved: `simulate --json` for every game, player count and option set (the defaults, each
option's other values one at a time, and every option away from its default at once),
with the random and the hand-written bots; `tournament --no-clock --json` for a few
pairings of every level, the search's levels cut to small budgets so the run takes
minutes. Each command's output is one file, named by its arguments; the tournament's
timings (wall clock, CPU) are left out of the comparison.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pyengine  # noqa: E402


def _option_sets(game: pyengine.Game, players: int) -> list[list[str]]:
    """Defaults, each option's other values alone, and all of them off their defaults."""
    sets: list[list[str]] = [[]]
    far: list[str] = []
    for opt in game.options:
        if opt.players and players not in opt.players:
            continue
        others = [v for v in opt.values(players) if v != opt.default and str(v) != str(opt.default)]
        for v in others:
            sets.append([f"{opt.name}={str(v).lower() if isinstance(v, bool) else v}"])
        if others:
            v = others[-1]
            far.append(f"{opt.name}={str(v).lower() if isinstance(v, bool) else v}")
    if len(far) > 1:
        sets.append(far)
    return sets


def commands() -> list[list[str]]:
    out: list[list[str]] = []
    for name in pyengine.GAMES:
        game = pyengine.load_game(name)
        hand = [b for b in game.bots() if b not in ("random", "easy", "normal", "hard")]
        for players in game.player_counts:
            for opts in _option_sets(game, players):
                args = [
                    "simulate",
                    "--game",
                    name,
                    "--players",
                    str(players),
                    "--seed",
                    "7",
                    "--games",
                    "2",
                    "--bots",
                    ",".join(["random", *hand]),
                    "--json",
                ]
                for o in opts:
                    args += ["--option", o]
                out.append(args)
        low = min(game.player_counts)
        cheap = ["--variant", "n=normal:iterations=40", "--variant", "h=hard:iterations=40"]
        for bots in ("easy,n", "n,h", f"{hand[0]},h"):
            out.append(
                [
                    "tournament",
                    "--game",
                    name,
                    "--players",
                    str(low),
                    "--bots",
                    bots,
                    "--games",
                    "2",
                    "--seed",
                    "3",
                    "--no-clock",
                    "--json",
                    "--jobs",
                    "1",
                    *cheap,
                ]
            )
        top = max(game.player_counts)
        out.append(
            [
                "tournament",
                "--game",
                name,
                "--players",
                str(top),
                "--bots",
                "n,h,easy",
                "--games",
                "1",
                "--seed",
                "5",
                "--no-clock",
                "--json",
                "--jobs",
                "1",
                *cheap,
            ]
        )
    return out


# The tournament's clock readings, which no two runs share.
TIMINGS = {"seconds", "ms_per_move", "max_ms", "cpu_ms_per_move"}


def _comparable(text: str) -> str:
    """The output without its wall-clock and CPU-time figures (JSON lines or a JSON document)."""

    def strip(v: object) -> object:
        if isinstance(v, dict):
            return {k: strip(x) for k, x in v.items() if k not in TIMINGS}
        if isinstance(v, list):
            return [strip(x) for x in v]
        return v

    try:
        return json.dumps(strip(json.loads(text)), sort_keys=True)
    except ValueError:
        return text


def _file(args: list[str]) -> str:
    key = " ".join(args)
    return f"{args[0]}-{args[2]}-{hashlib.sha256(key.encode()).hexdigest()[:12]}.txt"


def _run(args: list[str]) -> tuple[list[str], str]:
    done = subprocess.run([sys.executable, "-m", "pyengine", *args], cwd=ROOT, capture_output=True, text=True)
    if done.returncode:
        return args, f"exit {done.returncode}\n{done.stderr}"
    return args, done.stdout


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("what", choices=("save", "check"))
    ap.add_argument("dir", type=Path)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--game", help="only this game's commands")
    a = ap.parse_args()
    a.dir.mkdir(parents=True, exist_ok=True)
    cmds = [c for c in commands() if a.game in (None, c[2])]
    bad = 0
    with ThreadPoolExecutor(a.jobs) as pool:
        for args, text in pool.map(_run, cmds):
            path = a.dir / _file(args)
            if a.what == "save":
                path.write_text(" ".join(args) + "\n" + text)
            elif _comparable(path.read_text().partition("\n")[2]) != _comparable(text):
                bad += 1
                print("differs:", path.name, " ".join(args))
    print(f"{len(cmds)} commands, {bad} differ" if a.what == "check" else f"{len(cmds)} outputs saved in {a.dir}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
