"""Who starts: the option first_player (SEED: 「选出起始玩家」, the players choose; here a
seat, or drawn from the game's generator by default), and the whole turn order that
follows from it (SEED: 「每轮起始玩家为上一轮起始玩家左侧的玩家」)."""

from __future__ import annotations

import pytest

from pyengine.core.record import new_record, replay

from .helpers import G, play, position


def movers_by_phase(players: int, seed: int, first: str) -> list[tuple[int, str, list[int]]]:
    """A whole game where everyone keeps their first cards, offers nothing and places one
    tile when they can: per round and phase, the seats in the order they acted."""
    s = G.new_game(players, seed, {"first_player": first})
    out: list[tuple[int, str, list[int]]] = []
    while not G.is_over(s):
        key = (s["round"], G.phase(s))
        if not out or out[-1][:2] != key:
            out.append((*key, []))
        p = G.to_move(s)[0]
        if not out[-1][2] or out[-1][2][-1] != p:
            out[-1][2].append(p)
        if s["phase"] == "keep":
            move = G.legal_moves(s)[0]
        elif s["phase"] == "place":
            move = G.legal_moves(s)[0]  # a Place while one is legal: each placer in turn
        else:
            move = "done"
        s = G.apply(s, move)
    return out


def left_of(seat: int, players: int) -> list[int]:
    return [(seat + i) % players for i in range(players)]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_chosen_first_player_acts_first_and_the_whole_order_follows(players):
    """With first_player k, seat k starts round 1 and round r starts at seat k + r - 1,
    to the left: keeping land cards, trade turns and placing all go round from there."""
    for k in range(1, players + 1):
        s = G.new_game(players, 7, {"first_player": str(k)})
        assert s["start"] == s["turn"] == k - 1 and G.to_move(s) == (k - 1,)
        rounds = movers_by_phase(players, 7, str(k))
        assert {r for r, _, _ in rounds} == set(range(1, 7))
        for r, phase, seats in rounds:
            start = (k - 1 + r - 1) % players
            # Placing skips no one here (everyone holds tiles and empty lots), but keep
            # the check to the seats that acted, in turn order from the round's start.
            order = left_of(start, players)
            assert seats == [p for p in order if p in seats], (r, phase, seats)
            if phase in ("keep", "trade"):
                assert seats == order, (r, phase, seats)


def test_placing_and_trading_go_left_from_the_start_player_skipping_who_cannot_place():
    s = position(
        4,
        phase="trade",
        start=2,
        turn=2,
        owner={1: 0, 2: 1, 3: 2, 4: 3},
        hands={0: {"seafood": 1}, 1: {"seafood": 1}, 3: {"seafood": 1}},
    )
    s = play(s, "done")
    assert s["turn"] == 3
    s = play(s, "done", "done")
    assert s["turn"] == 1
    s = play(s, "done")
    assert s["phase"] == "place" and s["turn"] == 3  # Player 3 (seat index 2) has no tile: skipped
    s = play(s, "place seafood 4")
    assert s["turn"] == 0
    s = play(s, "place seafood 1")
    assert s["turn"] == 1


def test_a_tie_is_not_broken_by_seat_or_by_who_started():
    """Reading 12 uses money and tiles only: the same tie is shared whoever started."""
    for start in range(3):
        s = position(
            3,
            phase="over",
            start=start,
            money=[52000, 52000, 30000],
            owner={1: 0, 2: 1},
            tiles={1: "seafood", 2: "laundry"},
        )
        assert G.winners(s) == [0, 1]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_random_first_player_is_reproducible_from_the_seed_and_reaches_every_seat(players):
    firsts = []
    for seed in range(40):
        s = G.new_game(players, seed)
        assert s["options"]["first_player"] == "random"
        assert G.new_game(players, seed, {"first_player": "random"}) == s  # the same seed, the same draw
        firsts.append(s["start"])
        assert s["turn"] == s["start"]
    assert set(firsts) == set(range(players))


def test_the_draw_comes_after_the_deal_so_the_deck_and_tiles_do_not_depend_on_it():
    """The deck, the tile supply and the outlook cards are those of the same seed with a
    chosen seat; land cards go out from the top in turn order from the start player
    (Reading 16), so the same hands reach the same positions in the turn order."""
    for seed in range(10):
        drawn = G.new_game(4, seed)
        chosen = G.new_game(4, seed, {"first_player": str(drawn["start"] + 1)})
        seat_1 = G.new_game(4, seed, {"first_player": "1"})
        assert drawn["rng"] != chosen["rng"]  # the draw moved the generator...
        for key in ("deck", "bag", "outlook", "dealt"):
            assert drawn[key] == chosen[key], key  # ...after everything else was drawn
        assert drawn["deck"] == seat_1["deck"] and drawn["bag"] == seat_1["bag"]
        in_turn_order = [seat_1["dealt"][p] for p in range(4)]
        start = drawn["start"]
        assert [drawn["dealt"][(start + i) % 4] for i in range(4)] == in_turn_order


def test_a_record_from_before_the_option_replays_with_seat_1_starting():
    """A record without first_player was played with seat 1 starting: replay reads it so,
    and draws nothing, so the game is the one that was played."""
    record = new_record(G, 3, 12)
    del record["options"]["first_player"]
    _, s = replay(record)
    assert s["start"] == 0 and s == G.new_game(3, 12, {"first_player": "1"})
