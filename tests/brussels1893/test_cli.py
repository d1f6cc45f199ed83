"""`python -m pyengine simulate --game brussels1893` for 2-5 players and every option
combination, and the record it prints replays to its scores."""

from __future__ import annotations

import itertools
import json

import pytest

from pyengine.core.record import replay
from tests.test_cli import cli_parallel

COMBOS = [(n, be, var) for n in (2, 3, 4, 5) for be, var in itertools.product((0, 1), repeat=2)]


@pytest.fixture(scope="module")
def runs():
    calls = {}
    for n, be, var in COMBOS:
        bots = "greedy,random" if (n + be + var) % 2 else "random"
        calls[(n, be, var)] = (
            "simulate",
            "--game",
            "brussels1893",
            "--players",
            n,
            "--seed",
            40 + n,
            "--json",
            "--bots",
            bots,
            "--option",
            f"belle_epoque={be}",
            "--option",
            f"variant={var}",
        )
    return cli_parallel(calls)


@pytest.mark.parametrize("players,be,variant", COMBOS)
def test_simulate_every_player_count_and_option_combination(runs, players, be, variant):
    r = runs[(players, be, variant)]
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
    (line,) = r.stdout.splitlines()
    result = json.loads(line)
    record = result["record"]
    assert record["game"] == "brussels1893" and record["players"] == players
    assert record["options"] == {"belle_epoque": bool(be), "variant": bool(variant), "first_player": "random"}
    game, state = replay(record)
    assert game.is_over(state) and game.scores(state) == result["scores"]
    assert result["winners"] == game.winners(state)
