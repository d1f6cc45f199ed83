"""A game record replays to the identical state in CPython and in the shipped Pyodide,
and a search bot with an iteration budget chooses the same moves in both.

Needs dist/ (built by `./run.sh test` before pytest) and node. Outside CI a missing
dist/ skips the test; in CI it fails, so the check is never silently lost.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

import pyengine
from pyengine.__main__ import play_game
from pyengine.core.game import state_hash
from pyengine.core.record import replay

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"


def _records() -> list[dict]:
    out = []
    for name in pyengine.GAMES:
        game = pyengine.load_game(name)
        for n in game.player_counts:
            options = {"godzilla": "full"} if name == "manhattan" and n == 3 else {}
            record, _ = play_game(game, n, 1000 + n, options, list(game.bots()))
            out.append(record)
    return out


def test_records_replay_identically_in_cpython_and_pyodide(tmp_path: Path) -> None:
    if not (DIST / "engine.zip").exists() or shutil.which("node") is None:
        if os.environ.get("CI"):
            pytest.fail("dist/ or node missing in CI: run ./run.sh test")
        pytest.skip("dist/ not built (./run.sh test builds it)")
    records = _records()
    path = tmp_path / "records.json"
    path.write_text(json.dumps(records))
    out = subprocess.run(["node", str(ROOT / "tests" / "pyodide_replay.mjs"), str(DIST), str(path)],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert result["python"].startswith("3.14"), "the bundle runs Pyodide's own Python"
    expected = [state_hash(replay(r)[1]) for r in records]
    assert result["hashes"] == expected


def search_cases(iterations: int | None = 30) -> list[dict]:
    """Positions from a Manhattan game (a record prefix each) for the normal bot."""
    game = pyengine.load_game("manhattan")
    record, _ = play_game(game, 4, 77, {}, ["greedy", "random"])
    return [{"record": {**record, "moves": record["moves"][:k]}, "bot": "normal", "iterations": iterations}
            for k in range(10, len(record["moves"]), 31)]


def cpython_choice(case: dict) -> str:
    game, state = replay(case["record"])
    cls = game.bots()[case["bot"]]
    cls = type("Budget", (cls,), {"iterations": case.get("iterations") or cls.iterations, "max_ms": None})
    p = game.to_move(state)[0]
    return str(cls(1).choose(game, game.view(state, p), p))


def test_the_search_chooses_the_same_moves_in_pyodide(tmp_path: Path) -> None:
    if not (DIST / "engine.zip").exists() or shutil.which("node") is None:
        if os.environ.get("CI"):
            pytest.fail("dist/ or node missing in CI: run ./run.sh test")
        pytest.skip("dist/ not built (./run.sh test builds it)")
    cases = search_cases()
    path = tmp_path / "cases.json"
    path.write_text(json.dumps(cases))
    out = subprocess.run(["node", str(ROOT / "tests" / "pyodide_bots.mjs"), str(DIST), str(path)],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert [d["move"] for d in result["decisions"]] == [cpython_choice(c) for c in cases]
