"""Whole random games under every option: the board stays a legal New York 1901 position
after every move (pyengine/games/newyork1901/invariants.py, which the fuzz test also
uses), and the invariants themselves catch broken positions."""

from __future__ import annotations

import pytest

from pyengine.games.newyork1901.invariants import problems

from .helpers import G, random_game

OPTION_SETS = [
    (2, 11, {}),
    (3, 12, {"expert": True, "challenge": "gold_prestige"}),
    (4, 13, {"market_refill": "acquire", "land_grab_workers": "1", "challenge": "gold_prestige"}),
    (3, 14, {"action_cards": False, "streets": "beginner", "challenge": "none"}),
    (4, 15, {"land_grab_workers": "1"}),
]


def check_position(s):
    assert problems(s) == []


@pytest.mark.parametrize("players,seed,options", OPTION_SETS)
def test_random_games_keep_every_invariant(players, seed, options):
    res = random_game(players, seed, options, keep_states=True)
    for s in res["states"] + [res["state"]]:
        check_position(s)
    end = res["state"]
    assert G.is_over(end)
    f = end["final"]
    for p in range(players):
        assert (
            end["scores"][p]
            == end["built"][p] + end["prestige"][p] + f["streets"][p] + f["challenge"][p] + f["cards"][p]
        )


def test_the_invariants_catch_broken_positions():
    s = random_game(3, 21, {}, keep_states=True)["states"][40]
    assert problems(s) == []
    lost = {**s, "market": s["market"][:-1]}
    assert "lot cards are lost or duplicated" in problems(lost)
    doubled = {**s, "tiles": s["tiles"] + s["tiles"][:1]}
    assert any("overlap" in p for p in problems(doubled))
    cheat = {**s, "scores": [x + 1 for x in s["scores"]]}
    assert any("score" in p for p in problems(cheat))


def test_greedy_games_reach_every_kind_of_end_keeping_every_invariant():
    """Random play now ends by the stalemate rule (aimless players get stuck and give
    lots back), so the fuzz's random games no longer reach the other two ends; greedy
    players do. Twelve of their games, every move checked as the fuzz checks it: the
    invariants, `progress` falling and the move budget; and each of the three ends comes."""
    bots = G.bots()
    ends = set()
    for seed in range(12):
        n = 2 + seed % 3
        s = G.new_game(n, seed, {})
        players = [bots["greedy"](seed * 10 + p) for p in range(n)]
        progress, moves = G.progress(s), 0
        while not G.is_over(s):
            p = G.to_move(s)[0]
            G.apply_unchecked(s, players[p].choose(G, G.view(s, p), p))
            moves += 1
            before, progress = progress, G.progress(s)
            assert problems(s) == [] and progress < before and moves <= G.move_budget(n)
        ends.add("stalemate" if s["stalled"] else "deck" if len(s["market"]) < 4 else "skyscrapers")
    assert ends == {"stalemate", "deck", "skyscrapers"}
