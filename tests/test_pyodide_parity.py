"""Cross-runtime determinism: the same records replayed in CPython and in the shipped
Pyodide (under node) give identical state hashes at every step, and a search bot with
an iteration budget chooses the same moves in both.

Records: one per game and option value (random play, every player count in turn) plus
fuzzed ones (random play from other seeds). Needs dist/ (built by `./run.sh test`
before pytest) and node. Outside CI a missing dist/ skips the test; in CI it fails,
so the check is never silently lost.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from test_fuzz import configs

import pyengine
from pyengine.__main__ import play_game
from pyengine.core import rng
from pyengine.core.game import state_hash
from pyengine.core.record import replay
from pyengine.games.manhattan import lookahead

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
FUZZED_PER_GAME = 3


def random_record(name: str, players: int, seed: int, options: dict) -> dict:
    game = pyengine.load_game(name)
    state = game.new_game(players, seed, options)
    r = rng.seed_state(seed)
    moves = []
    while not game.is_over(state):
        legal = game.legal_moves(state)
        r, i = rng.below(r, len(legal))
        moves.append(str(legal[i]))
        state = game.apply(state, legal[i])
    return {"game": name, "players": players, "seed": seed, "options": options, "moves": moves}


def records() -> list[dict]:
    out = []
    for name in pyengine.GAMES:
        game = pyengine.load_game(name)
        cases = configs(game)
        for i, (players, options) in enumerate(cases):
            out.append(random_record(name, players, 500 + i, options))
        for k in range(FUZZED_PER_GAME):
            players, options = cases[(k * 7) % len(cases)]
            out.append(random_record(name, players, 9_000 + 31 * k, options))
    return out


def step_hashes(record: dict) -> list[str]:
    game = pyengine.load_game(record["game"])
    state = game.new_game(record["players"], record["seed"], record["options"])
    hashes = [state_hash(state)]
    for text in record["moves"]:
        state = game.apply(state, text)
        hashes.append(state_hash(state))
    return hashes


def test_records_replay_identically_in_cpython_and_pyodide(tmp_path: Path) -> None:
    if not (DIST / "engine.zip").exists() or shutil.which("node") is None:
        if os.environ.get("CI"):
            pytest.fail("dist/ or node missing in CI: run ./run.sh test")
        pytest.skip("dist/ not built (./run.sh test builds it)")
    recs = records()
    path = tmp_path / "records.json"
    path.write_text(json.dumps(recs))
    out = subprocess.run(
        ["node", str(ROOT / "tests" / "pyodide_replay.mjs"), str(DIST), str(path)],
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert out.returncode == 0, out.stderr[-3000:]
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert result["python"].startswith("3.14"), "the bundle runs Pyodide's own Python"
    assert len(result["hashes"]) == len(recs)
    for rec, theirs in zip(recs, result["hashes"]):
        ours = step_hashes(rec)
        first = next((k for k, (a, b) in enumerate(zip(ours, theirs)) if a != b), None)
        assert first is None and len(ours) == len(theirs), (
            f"{rec['game']} {rec['players']}p seed {rec['seed']} {rec['options']}: "
            f"states differ from step {first} (move {rec['moves'][first - 1] if first else None!r})"
        )


def search_cases(iterations: int | None = 30) -> list[dict]:
    """Positions from a Manhattan game (a record prefix each) for the normal bot, and
    from two-player games of Manhattan and New York 1901 for hard, whose lookaheads
    choose there (floating-point sums of chances: they must come out the same in Pyodide)."""
    game = pyengine.load_game("manhattan")
    record, _ = play_game(game, 4, 77, {}, ["greedy", "random"])
    two, _ = play_game(game, 2, 78, {}, ["greedy", "random"])
    newyork = pyengine.load_game("newyork1901")
    ny_two, _ = play_game(newyork, 2, 79, {}, ["greedy", "random"])
    return (
        [
            {"record": {**record, "moves": record["moves"][:k]}, "bot": "normal", "iterations": iterations}
            for k in range(10, len(record["moves"]), 31)
        ]
        + [
            {"record": {**two, "moves": two["moves"][:k]}, "bot": "hard", "iterations": iterations}
            for k in range(14, len(two["moves"]), 9)
            if lookahead.applies(game.view(replay({**two, "moves": two["moves"][:k]})[1], None))
        ]
        + [
            {"record": {**ny_two, "moves": ny_two["moves"][:k]}, "bot": "hard", "iterations": iterations}
            for k in range(3, len(ny_two["moves"]), 11)
        ]
    )


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
    out = subprocess.run(
        ["node", str(ROOT / "tests" / "pyodide_bots.mjs"), str(DIST), str(path)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert [d["move"] for d in result["decisions"]] == [cpython_choice(c) for c in cases]
