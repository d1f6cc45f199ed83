"""The public log of plays and the hard level's reading of its rivals (rivals.py)."""

from __future__ import annotations

from typing import Any

import pytest

import pyengine
from pyengine.core.game import copy_state
from pyengine.games.manhattan import rivals
from pyengine.games.manhattan.moves import Build, Discard, Pick

G = pyengine.load_game("manhattan")


def play(
    names: list[str], seed: int, options: dict | None = None, iterations: int = 30, until: Any = None
) -> tuple[dict, list[tuple[dict, Any]]]:
    """A game of the named bots (search bots at `iterations`), stopped when `until(state)`
    holds; returns the state reached and every (state before, move) on the way."""
    table = G.bots()
    bots = []
    for p, name in enumerate(names):
        bot = table[name](seed * 10 + p)
        if hasattr(bot, "iterations"):
            bot.iterations, bot.max_ms = iterations, None
        bots.append(bot)
    state = G.new_game(len(names), seed, options)
    seen = []
    while not G.is_over(state) and not (until and until(state)):
        p = G.to_move(state)[0]
        move = bots[p].choose(G, G.view(state, p), p)
        seen.append((copy_state(state), move))
        state = G.apply(state, move)
    return state, seen


@pytest.mark.parametrize("players, options", [(4, None), (2, None), (3, {"slow_development": True})])
def test_the_log_holds_every_card_played_and_the_board_before_it_can_be_rebuilt(players, options) -> None:
    state, seen = play(["random"] * players, 5, options)
    played = [(before, move) for before, move in seen if not isinstance(move, Pick)]
    assert len(state["plays"]) == len(played) > 0
    for (round_, p, card, lot, storeys, _colour), (before, move) in zip(state["plays"], played):
        assert (round_, p, card, storeys) == (before["round"], before["turn"], move.card, move.storeys)
        assert (lot < 0) == isinstance(move, Discard)
    # Walking back from the end rebuilds, before each play, the board and the parts
    # chosen exactly as they were, across rounds.
    checked = 0
    for (play_, rebuilt), (before, _move) in zip(rivals.positions_before(G.view(state, 0)), reversed(played)):
        assert play_[1] == before["turn"]
        assert rebuilt["board"] == before["board"] and rebuilt["selected"] == before["selected"]
        assert rebuilt["open_cities"] == before["open_cities"]
        checked += 1
    assert checked == len(played)


def test_the_log_is_public() -> None:
    state, _ = play(["random"] * 4, 2, until=lambda s: len(s["plays"]) >= 10)
    assert all(G.view(state, p)["plays"] == state["plays"] for p in range(4))


def test_a_random_rival_reads_as_random_and_the_others_as_playing_well() -> None:
    names = ["greedy", "normal", "random", "easy"]
    share: dict[str, list[float]] = {name: [] for name in names[1:]}
    for seed in range(2):
        _, seen = play(names, seed)
        for before, _ in seen:
            if before["round"] >= 2 and before["turn"] == 0 and before["phase"] == "build":
                eps = rivals.rival_randomness(G.view(before, 0), 0)
                assert eps[0] == 0.0
                for p in (1, 2, 3):
                    share[names[p]].append(eps[p])
    mean = {name: sum(v) / len(v) for name, v in share.items()}
    assert mean["random"] > 0.85
    assert mean["normal"] < 0.05 and mean["easy"] < 0.1


def test_the_hard_level_reads_its_rivals_with_this_model() -> None:
    hard = G.bots()["hard"]
    assert hard.rival_model and hard.hooks.rival_randomness is rivals.rival_randomness


def test_no_reading_before_a_rival_builds_and_none_with_godzilla() -> None:
    state = G.new_game(4, 1, None)
    assert rivals.rival_randomness(G.view(state, 0), 0) == [0.0] * 4
    state, _ = play(["random"] * 4, 1, {"godzilla": "full"}, until=lambda s: len(s["plays"]) >= 8)
    assert rivals.rival_randomness(G.view(state, 0), 0) is None


def test_a_build_is_read_against_the_builds_its_card_allowed() -> None:
    state, _ = play(["random"] * 4, 3, until=lambda s: len(s["plays"]) >= 1)
    (round_, p, card, lot, storeys, colour), before = next(rivals.positions_before(state))
    hands = list(before["hands"])
    hands[p] = [card]
    allowed = [m for m in G.legal_moves(dict(before, hands=hands)) if isinstance(m, Build)]
    assert allowed and all(m.card == card for m in allowed)
    u, share = rivals.observations(G.view(state, (p + 1) % 4), (p + 1) % 4)[p][0]
    assert u == 1 / len(allowed) and 0 < share <= 1
