"""The start player of round 1 (rulebook setup step 12: "隨機決定1位起始玩家，並給他曲尺板塊、
起始玩家標記及5法郎。接著按順時針方向，每位其他玩家分別獲得6法郎、7法郎、8法郎、9法郎"):
drawn at random, or the seat the first_player option names. The draw is made either
way, so a seed deals the same game whoever starts; start money, the start art, the
planning, the turns and the next start player's ties all follow from the start player."""

from __future__ import annotations

import pytest

from pyengine.core.game import state_hash
from pyengine.core.record import new_record, replay

from .helpers import BLUE, GREEN, RED, YELLOW, G, actions, edit, legal, new, nobles, play, scoring_step, top
from .test_game_end import at_game_end

SEATS = [(n, k) for n in (2, 3, 4, 5) for k in range(1, n + 1)]


def clockwise(start: int, n: int) -> list[int]:
    return [(start + i) % n for i in range(n)]


@pytest.mark.parametrize("players,k", SEATS)
def test_first_player_seat_k_is_the_start_player_with_5_francs_then_6_7_8_9_clockwise(players, k):
    s = G.new_game(players, 5, {"first_player": str(k)})
    assert s["start"] == s["turn"] == k - 1
    assert [s["pl"][p]["money"] for p in clockwise(k - 1, players)] == [5, 6, 7, 8, 9][:players]


@pytest.mark.parametrize("players,k", SEATS)
def test_start_art_is_chosen_clockwise_from_the_first_player(players, k):
    s = G.new_game(players, 6, {"first_player": str(k)})
    chose = []
    while top(s) == "startart":
        chose.append(G.to_move(s)[0])
        s = play(s, sorted(legal(s))[0])
    assert chose == clockwise(k - 1, players)


@pytest.mark.parametrize("players,k", [(3, 2), (4, 4), (5, 3)])
def test_the_first_player_places_the_try_square_and_acts_first_then_turns_go_clockwise(players, k):
    start = k - 1
    s = G.new_game(players, 8, {"first_player": str(k)})
    while s["phase"] == "setup":
        s = play(s, sorted(legal(s))[0])
    assert top(s) == "square" and G.to_move(s) == (start,)
    s = play(s, sorted(legal(s))[0])
    assert s["phase"] == "actions" and G.to_move(s) == (start,)
    order = []
    for _ in range(players):
        p = G.to_move(s)[0]
        order.append(p)
        s = play(s, "pass")  # the shortest turn: the next player not passed follows
    assert order == clockwise(start, players)


@pytest.mark.parametrize("k", [1, 2])
def test_two_players_place_the_neutral_architects_from_the_first_player(k):
    s = G.new_game(2, 3, {"first_player": str(k)})
    while s["phase"] == "setup":
        s = play(s, sorted(legal(s))[0])
    s = play(s, sorted(legal(s))[0])
    placed = []
    while top(s) == "neutral":
        placed.append(G.to_move(s)[0])
        s = play(s, sorted(legal(s))[0])
    assert placed == clockwise(k - 1, 2)


@pytest.mark.parametrize("first,expected", [(RED, BLUE), (BLUE, GREEN), (GREEN, YELLOW), (YELLOW, RED)])
def test_next_start_player_tie_goes_clockwise_from_the_left_of_the_first_player(first, expected):
    """Nobody won a Manneken-Pis and nobody passed first: everyone ties, so the start
    moves to the left of whoever started the game, not to a fixed seat."""
    s = actions(4, start=first)
    s["first_pass"] = None
    assert scoring_step(s, "_start_player")["start"] == expected


@pytest.mark.parametrize("first", [RED, GREEN, YELLOW])
def test_upkeep_choices_at_the_game_end_are_made_clockwise_from_the_start_player(first):
    s = actions(4, start=first)
    for p in range(4):
        edit(s, p, money=5, nobles=nobles("buls", "velde"))  # 4 + 5 francs: keep one, a choice
    s = at_game_end(s)
    asked = []
    while top(s) == "upkeep":
        asked.append(G.to_move(s)[0])
        s = play(s, sorted(legal(s))[0])
    assert G.is_over(s) and asked == clockwise(first, 4)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("be,variant", [(False, False), (True, True)])
def test_naming_the_drawn_seat_gives_the_very_game_random_deals(players, be, variant):
    """The start player is drawn whatever the option says, so naming a seat changes who
    starts (and the start money) but nothing the seed dealt."""
    drawn = new(players, be, variant, seed=12)
    assert drawn["options"]["first_player"] == "random"
    same = new(players, be, variant, seed=12, start=drawn["start"])
    assert state_hash({**same, "options": drawn["options"]}) == state_hash(drawn)
    other = new(players, be, variant, seed=12, start=(drawn["start"] + 1) % players)
    money = ("pl", "start", "turn", "frames", "options")
    assert {k: v for k, v in other.items() if k not in money} == {k: v for k, v in drawn.items() if k not in money}
    assert [pl["board"] for pl in other["pl"]] == [pl["board"] for pl in drawn["pl"]]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_random_start_player_is_drawn_from_the_seed_and_can_be_any_seat(players):
    starts = set()
    for seed in range(40):
        s = new(players, seed=seed)
        assert state_hash(new(players, seed=seed)) == state_hash(s)
        starts.add(s["start"])
    assert starts == set(range(players))


def test_a_record_made_before_the_option_replays_with_the_drawn_start_player():
    """Before the option the start player was always drawn: a record without it means
    random, not seat 1."""
    record = new_record(G, 4, 31)
    s = G.new_game(4, 31, record["options"])
    for _ in range(12):
        move = sorted(legal(s))[0]
        s = G.apply(s, move)
        record["moves"].append(move)
    older = {**record, "options": {k: v for k, v in record["options"].items() if k != "first_player"}}
    _, again = replay(older)
    assert state_hash(again) == state_hash(s)
    assert G.new_game(4, 31)["start"] != 0  # so seat 1 would not have replayed it


def test_the_lobby_offers_random_or_a_seat_and_says_what_follows():
    schema = {o["name"]: o for o in G.option_schema()}
    assert schema["first_player"]["kind"] == "seat" and schema["first_player"]["default"] == "random"
    assert "5 francs" in schema["first_player"]["help"]
