"""The valuation of a position (valuation.py): the greedy bot's hand-set weights, the
hard level's fitted weights, and the regression that fits them
(build_scripts/fit_eval.py)."""

from __future__ import annotations

import random

import pytest

from build_scripts import fit_eval
from pyengine.core.game import copy_state
from pyengine.games.brussels1893 import search, valuation
from pyengine.games.brussels1893.bots import BOTS
from pyengine.games.brussels1893.fitted_weights import WEIGHTS

from .helpers import G


def greedy_states(players: int, options: dict, seed: int) -> list:
    bots = [BOTS["greedy"](seed * 10 + p) for p in range(players)]
    s = G.new_game(players, seed, options)
    out = []
    while not G.is_over(s):
        out.append(s)
        p = G.to_move(s)[0]
        s = G.apply(s, bots[p].choose(G, G.view(s, p), p))
    return out


@pytest.mark.parametrize(
    "players,options",
    [
        (2, {"variant": True}),
        (3, {}),
        (4, {"belle_epoque": True}),
        (5, {"belle_epoque": True, "variant": True}),
    ],
)
def test_every_position_of_a_game_has_fitted_weights(players, options) -> None:
    """Hard never falls back to the hand weights in a real game: every (players, round,
    phase) a game passes through was fitted, with one weight per measurement."""
    keys = {(s["players"], s["round"], s["phase"]) for s in greedy_states(players, options, seed=7)}
    assert keys <= set(WEIGHTS)
    assert all(len(w) == len(valuation.NAMES) for w in WEIGHTS.values())


def test_hard_weighs_a_position_differently_from_normal() -> None:
    s = greedy_states(4, {}, seed=2)[150]
    assert s["phase"] == "actions" and s["round"] >= 2
    hand = [valuation.evaluate(s, p) for p in range(4)]
    fitted = [valuation.fitted_value(s, p) for p in range(4)]
    assert hand != fitted
    table = G.bots()
    assert table["hard"].hooks.evaluate is search.evaluate_fitted
    assert table["normal"].hooks.evaluate is search.evaluate  # normal keeps the greedy bot's valuation
    values = search.evaluate_fitted(s)
    assert abs(sum(values) - 1) < 1e-9 and all(0 <= v <= 1 for v in values)


def test_both_valuations_reward_money() -> None:
    s = greedy_states(4, {}, seed=2)[150]
    richer = copy_state(s)
    richer["pl"][0]["money"] += 5
    assert valuation.evaluate(richer, 0) > valuation.evaluate(s, 0)
    assert valuation.fitted_value(richer, 0) > valuation.fitted_value(s, 0)


def test_a_finished_game_is_worth_its_score() -> None:
    s = greedy_states(3, {}, seed=4)[-1]
    last = G.apply(s, G.legal_moves(s)[0])
    while not G.is_over(last):
        last = G.apply(last, G.legal_moves(last)[0])
    for p in range(3):
        assert valuation.evaluate(last, p) == valuation.fitted_value(last, p) == last["pl"][p]["score"]


def test_the_regression_recovers_known_weights() -> None:
    """Rows made from y = 2*x0 - 3*x2 (x1 is noise the target ignores) give back those
    weights, up to the small ridge term."""
    r = random.Random(1)
    k = 3
    xtx = [[0.0] * k for _ in range(k)]
    xty = [0.0] * k
    for _ in range(2000):
        x = [r.uniform(-5, 5) for _ in range(k)]
        y = 2 * x[0] - 3 * x[2]
        for i in range(k):
            xty[i] += x[i] * y
            for j in range(k):
                xtx[i][j] += x[i] * x[j]
    w = fit_eval.fit(xtx, xty)
    assert w == pytest.approx([2.0, 0.0, -3.0], abs=0.01)
    assert fit_eval.fit(xtx, xty, ridge=1e7)[0] < 1.0  # and the ridge term does shrink them


def test_a_self_play_game_gives_the_same_sums_every_time() -> None:
    """The fitter is deterministic for its arguments (the same command writes the same
    file), and its sums are a square X'X of one row per measurement."""
    first = fit_eval.play(("brussels1893", 2, 2_000_007))
    assert first == fit_eval.play(("brussels1893", 2, 2_000_007))
    k = len(valuation.NAMES)
    assert first and all(
        len(xtx) == k and all(len(r) == k for r in xtx) and len(xty) == k for xtx, xty, _ in first.values()
    )
    assert set(first) <= {valuation.fit_key(s) for s in greedy_states(2, {}, seed=1)} | set(WEIGHTS)
