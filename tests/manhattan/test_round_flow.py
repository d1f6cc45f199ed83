"""Setup, rounds, turn order, cards and the end of the game (rulebook (C), (D); data.md §3, §4, §6)."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from .helpers import (
    BLUE,
    RED,
    SEAT1,
    STOREYS_PER_COLOUR,
    G,
    IllegalMove,
    assert_rejected,
    legal_texts,
    pick_all,
    position,
    random_game,
    state_hash,
    storeys_by_colour,
)


def turn_sequence(res, phase):
    """{round: [player to move, ...]} over the states of a recorded game."""
    out: dict[int, list[int]] = {}
    for s in res["states"]:
        if s["phase"] == phase:
            out.setdefault(s["round"], []).append(G.to_move(s)[0])
    return out


def runs(seq):
    """[0,0,1,1,1] -> [(0, 2), (1, 3)]"""
    return [(k, len(list(g))) for k, g in itertools.groupby(seq)]


# ---- rounds and parts per player count -------------------------------------------------


@pytest.mark.parametrize("players,rounds,per_round", [(4, 4, 6), (3, 6, 4), (2, 6, 4)])
def test_rounds_and_parts_chosen_per_round_by_player_count(players, rounds, per_round):
    res = random_game(players, 40 + players, keep_states=True)
    picks = Counter()
    builds = Counter()
    for s, text in zip(res["states"], res["record"]["moves"]):
        key = (s["round"], G.to_move(s)[0])
        (picks if text.startswith("pick") else builds)[key] += 1
    expected = {(r, p): per_round for r in range(1, rounds + 1) for p in range(players)}
    assert dict(picks) == expected
    assert dict(builds) == expected  # every chosen part is built (or set aside) in its round
    assert len(res["state"]["history"]) == rounds


def test_each_player_is_dealt_a_hand_of_4_cards_from_45():
    for players in (2, 3, 4):
        s = G.new_game(players, 7, SEAT1)
        assert [len(h) for h in s["hands"]] == [4] * players
        cards = Counter(s["deck"]) + Counter(c for h in s["hands"] for c in h)
        assert cards == Counter({k: 5 for k in range(1, 10)})
        assert s["discard"] == []


def test_playing_a_card_discards_it_and_draws_one_back_to_4():
    s = pick_all(G.new_game(4, 3, SEAT1))
    hand = list(s["hands"][0])
    card = hand[0]
    text = next(t for t in sorted(legal_texts(s)) if t.startswith(f"card {card} "))
    after = G.apply(s, text)
    drawn = Counter(after["hands"][0]) - (Counter(hand) - Counter([card]))
    assert len(after["hands"][0]) == 4 and sum(drawn.values()) == 1
    assert after["discard"] == [card]
    assert len(after["deck"]) == len(s["deck"]) - 1
    assert Counter(s["deck"]) - Counter(after["deck"]) == drawn
    assert after["hands"][1:] == s["hands"][1:]


def test_45_cards_are_conserved_and_every_hand_stays_at_4_all_game():
    res = random_game(4, 44, keep_states=True)  # 96 cards played: the deck is reshuffled twice
    reshuffles = 0
    for s, nxt in zip(res["states"], res["states"][1:]):
        cards = Counter(s["deck"]) + Counter(s["discard"]) + Counter(c for h in s["hands"] for c in h)
        assert cards == Counter({k: 5 for k in range(1, 10)})
        assert all(len(h) == 4 for h in s["hands"])
        reshuffles += len(nxt["deck"]) > len(s["deck"])
    assert reshuffles >= 2


def test_empty_draw_pile_is_refilled_by_shuffling_the_discards():
    s = position(4, hands={0: [5, 5, 5, 5]}, selected={RED: [1, 1]})
    s["deck"] = []
    s["discard"] = [1, 2, 3, 4, 6, 7]
    after = G.apply(s, "card 5 city 1 storeys 1")
    # the played 5 joins the discards, which become the new (shuffled) draw pile
    assert after["discard"] == []
    assert len(after["hands"][0]) == 4
    assert len(after["deck"]) == 6
    assert Counter(after["deck"]) + Counter(after["hands"][0]) == Counter([1, 2, 3, 4, 6, 7, 5, 5, 5, 5])
    # shuffled with the game's own generator: the order depends on it
    orders = set()
    for r in range(1, 30):
        s["rng"] = r
        a = G.apply(s, "card 5 city 1 storeys 1")
        orders.add(tuple(a["deck"]) + tuple(a["hands"][0]))
    assert len(orders) > 1


# ---- choosing parts ------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_start_player_chooses_the_whole_set_first_then_clockwise(players):
    res = random_game(players, 50 + players, keep_states=True)
    per_round = 6 if players == 4 else 4
    for rnd, seq in turn_sequence(res, "pick").items():
        start = (rnd - 1) % players
        assert runs(seq) == [((start + i) % players, per_round) for i in range(players)], rnd


@pytest.mark.parametrize("players", [2, 3, 4])
def test_first_player_chooses_and_builds_first_and_the_start_passes_left_each_round(players):
    # Rulebook: the youngest player starts round 1, then the start passes to the left.
    # The option says who that is; every round's order follows from it.
    per_round = 6 if players == 4 else 4
    for first in range(1, players + 1):
        res = random_game(players, 60 + first, {"first_player": str(first)}, keep_states=True)
        picks, builds = turn_sequence(res, "pick"), turn_sequence(res, "build")
        assert sorted(picks) == sorted(builds) == list(range(1, res["state"]["rounds"] + 1))
        for rnd, seq in picks.items():
            start = (first - 1 + rnd - 1) % players
            assert runs(seq) == [((start + i) % players, per_round) for i in range(players)], (first, rnd)
            assert builds[rnd][:players] == [(start + i) % players for i in range(players)], (first, rnd)


def test_first_player_random_is_drawn_from_the_seed_and_reaches_every_seat():
    firsts = {seed: G.new_game(4, seed)["start"] for seed in range(40)}
    assert set(firsts.values()) == {0, 1, 2, 3}
    assert all(G.new_game(4, seed)["start"] == first for seed, first in firsts.items())
    for seed, first in firsts.items():
        s = G.new_game(4, seed)
        assert s["turn"] == first and s["options"]["first_player"] == "random"
        # The draw comes after the deal: whoever starts, the same seed deals the same cards.
        assert s["hands"] == G.new_game(4, seed, {"first_player": "2"})["hands"]


def test_chosen_parts_are_public_in_every_view():
    s = G.new_game(4, 5, SEAT1)
    for text in ("pick 4", "pick 4", "pick 1", "pick 2", "pick 3", "pick 1"):
        s = G.apply(s, text)
    assert G.to_move(s) == (1,)
    for viewer in (None, 1, 2, 3):
        v = G.view(s, viewer)
        assert v["selected"][RED] == [2, 1, 1, 2]
        assert v["supply"][RED] == [9, 5, 3, 1]


def test_pick_order_one_alternates_one_part_at_a_time():
    res = random_game(4, 55, {"pick_order": "one"}, keep_states=True)
    seqs = turn_sequence(res, "pick")
    assert seqs[1] == [0, 1, 2, 3] * 6
    assert seqs[2] == [1, 2, 3, 0] * 6
    assert seqs[4] == [3, 0, 1, 2] * 6


def test_picks_take_parts_from_the_players_own_supply():
    s = G.new_game(3, 0, SEAT1)
    after = G.apply(s, "pick 4")
    assert after["supply"][RED] == [11, 6, 4, 2] and after["selected"][RED] == [0, 0, 0, 1]
    assert after["supply"][BLUE] == s["supply"][BLUE]


def test_picking_a_size_the_supply_has_run_out_of_is_refused():
    s = G.new_game(4, 0, SEAT1)
    s["supply"][RED] = [5, 6, 4, 0]
    assert_rejected(s, "pick 4", "Parts supply")
    assert legal_texts(s) == {"pick 1", "pick 2", "pick 3"}


# ---- building turns, scoring, start player -------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_build_turns_go_clockwise_from_the_start_player_one_part_each(players):
    res = random_game(players, 60 + players, keep_states=True)
    per_round = 6 if players == 4 else 4
    seqs = turn_sequence(res, "build")
    assert len(seqs) == res["state"]["rounds"]
    for rnd, seq in seqs.items():
        start = (rnd - 1) % players
        assert seq == [(start + i) % players for i in range(players)] * per_round, rnd


@pytest.mark.parametrize("players", [2, 3, 4])
def test_scoring_after_every_round_and_start_player_passes_left(players):
    res = random_game(players, 70 + players, keep_states=True)
    states = res["states"] + [res["state"]]
    for before, after in zip(states, states[1:]):
        if after["round"] != before["round"]:
            assert after["round"] == before["round"] + 1
            assert len(after["history"]) == len(before["history"]) + 1 == before["round"]
            assert after["start"] == (before["start"] + 1) % players
            assert after["phase"] == "pick" and G.to_move(after) == (after["start"],)
            assert G.scores(after) == [a + r["total"] for a, r in zip(G.scores(before), after["history"][-1])]
        else:
            assert len(after["history"]) == len(before["history"]) or G.is_over(after)


def test_first_round_start_player_is_the_first_seat():
    s = G.new_game(4, 9, SEAT1)
    assert s["start"] == 0 and G.to_move(s) == (0,) and G.phase(s) == "pick"


# ---- end of the game -------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_game_ends_after_the_last_round_is_scored(players):
    res = random_game(players, 80 + players)
    s = res["state"]
    assert G.is_over(s) and G.phase(s) == "over"
    assert G.to_move(s) == ()
    assert G.legal_moves(s) == []
    assert len(s["history"]) == s["rounds"] == (4 if players == 4 else 6)
    assert G.winners(s) and set(G.winners(s)) <= set(range(players))
    before = state_hash(s)
    for text in ("pick 1", "card 5 city 1 storeys 1", "discard 5 storeys 1"):
        with pytest.raises(IllegalMove, match="Game over"):
            G.apply(s, text)
    assert state_hash(s) == before


@pytest.mark.parametrize(
    "players,options",
    [
        (4, {}),
        (3, {}),
        (2, {}),
        (4, {"godzilla": "full"}),
        (4, {"godzilla": "little"}),
        (2, {"two_colour": True}),
        (4, {"anti_trust": True, "slow_development": True}),
        (3, {"anti_trust": True, "godzilla": "full", "pick_order": "one"}),
    ],
)
def test_every_part_of_every_colour_is_used_exactly_once(players, options):
    """24 parts = 47 storeys per colour: at the end each storey is on the board,
    destroyed by Godzilla or set aside by the stuck rule; the box is empty."""
    res = random_game(players, 90 + players, options)
    s = res["state"]
    on_board = storeys_by_colour(s)
    for colour in range(len(s["colours"])):
        assert on_board[colour] + res["destroyed"][colour] + s["set_aside"][colour] == STOREYS_PER_COLOUR
        assert s["supply"][colour] == [0, 0, 0, 0]
        assert s["selected"][colour] == [0, 0, 0, 0]
    if not options.get("godzilla"):
        assert sum(res["destroyed"].values()) == 0
