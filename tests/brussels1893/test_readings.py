"""One test per numbered reading of RULES.md ("Readings we chose"): the data spec's open
questions (§14) first, then the rulebook's gaps. Test names carry the reading's number."""

from __future__ import annotations

import pytest

from pyengine.games.brussels1893 import data
from pyengine.games.brussels1893.board import market_reach, market_value, pointer_turns, requirements
from pyengine.games.brussels1893.state import zone_count

from .helpers import (
    BLUE,
    GREEN,
    RED,
    G,
    actions,
    cell,
    edit,
    give_card,
    give_tile,
    legal,
    new,
    nobles,
    play,
    put,
    run_scoring,
    scoring_step,
    top,
    turn_to,
    where,
)

ZERO_ART = {"yellow": 0, "blue": 0, "brown": 0, "green": 0, "black": 0}


def test_reading_01_strip_orders():
    assert data.STRIPS_COMPASS == ("SVNMB", "VNMBS", "NMBSV", "MBSVN", "BSVNM")
    assert data.STRIPS_OTHER == ("SMVBN", "MVBNS", "VBNSM", "BNSMV", "NSMVB")
    for side in (data.STRIPS_COMPASS, data.STRIPS_OTHER):
        for i in range(5):  # every side is a cyclic shift of the first
            assert any(side[i] == side[0][k:] + side[0][:k] for k in range(5))


def test_reading_02_track_values_and_house_tiers():
    assert data.FLEUR_VP_A == (2, 3, 4, 5, 6, 7) and data.CROWN_NOBLES_A == (1, 2, 2, 3, 3, 4)
    assert data.ARCHITECT_VP_A == (3, 4, 5, 6, 8, 10) and data.PORTRAIT_VP == 15
    assert data.HOUSE_COST_A == (2, 2, 3, 3, 4, 4) and data.HOUSE_BONUS_A == (0, 0, 0, 0, 5, 5)


def test_reading_03_compass_order_and_both_any_segments_alike():
    assert data.COMPASS == ("iron", "wood", "any1", "stone", "fr3", "any2", "blank", "glass")
    assert requirements((1, 2), False) == requirements((1, 5), False)


def test_reading_04_art_market_grid_and_indicator():
    assert market_value((3, 3), "yellow") == (2, 4) and market_value((3, 3), "blue") == (4, 4)
    assert market_value((3, 3), "brown") == (2, 2) and market_value((3, 3), "green") == (4, 2)
    assert market_value((3, 3), "black") == (3, 3) and market_value((4, 3), "green") == (6, 2)


def test_reading_05_noble_copies_and_upkeep():
    s = new(4, be=True)
    names = [c.split(":")[0] for c in s["noble_deck"] + s["display"]]
    assert all(names.count(n) == 3 for n in data.NOBLES if n != "brugmann")
    assert {n: v[2] for n, v in data.NOBLES.items()} == {
        "brugmann": 2,
        "empain": 3,
        "solvay": 2,
        "buls": 4,
        "albert": 4,
        "velde": 5,
        "vandervelde": 3,
        "maeterlinck": 4,
        "nagelmackers": 2,
        "privat": 3,
    }


def test_reading_06_prestige_and_stock_cards():
    kinds = [v[1] for v in data.PRESTIGE.values()]
    assert len(data.PRESTIGE) == 30 and kinds.count("single") == 12 and kinds.count("choice") == 12
    assert all(v[3] == 0 for v in data.PRESTIGE.values() if v[1] == "multi")
    assert len(data.STOCK) == 12 and data.STOCK["X01"][1][4] == ("2-2", "3-3")


def test_reading_07_belle_epoque_board():
    assert data.EXHIBITION_ROW == (5, 4, 3, 2, 1) and data.EXHIBITION_GLASS == (0, 1, 2, 1, 0)
    assert data.BE_TILES_ON_BOARD == {2: 3, 3: 4, 4: 5, 5: 6}


def test_reading_08_b_side_numbers():
    assert data.board_values("hankar")["fleur_vp"] == (1, 3, 4, 5, 7, 9)
    assert data.board_values("cauchie")["crown_nobles"] == (2, 2, 3, 3, 4, 5)
    assert data.board_values("horta")["architect_vp"] == (2, 3, 5, 6, 9, 12)
    assert data.board_values("saintenoy")["zone_base"] == 2
    assert data.board_values("strauven")["house_cost"] == (2, 2, 2, 4, 4, 5)


def test_reading_09_architect_zone_counts_from_the_third_unlocked_architect_tiles_included():
    s = actions(4, be=True)
    assert zone_count(s, RED, "architects") == 3  # 5 unlocked (2 in court)
    s = give_tile(s, RED, "T05")
    assert zone_count(s, RED, "architects") == 3  # the one on the tile is not in the court
    s = edit(s, RED, court=0)
    assert zone_count(s, RED, "architects") == 5


def test_reading_10_white_sales_round_down():
    s = actions(4, be=True)
    s = edit(s, RED, art=dict(ZERO_ART), white=["green"])
    s["market"]["pos"] = [2, 3]
    s = play(s, f"place {where(s, 'V')}", "francs 1", "sell white as yellow")
    score, money = s["pl"][RED]["score"], s["pl"][RED]["money"]
    s = play(s, "indicator 3 3")  # yellow reads 2 points, 4 francs: half is 1 and 2
    assert (s["pl"][RED]["score"] - score, s["pl"][RED]["money"] - money) == (1, 2)
    t = actions(4, be=True)
    t = edit(t, RED, art=dict(ZERO_ART), white=["green"])
    t["market"]["pos"] = [3, 2]
    t = play(t, f"place {where(t, 'V')}", "francs 1", "sell white as black")
    score, money = t["pl"][RED]["score"], t["pl"][RED]["money"]
    t = play(t, "indicator 3 3")  # black reads 3 and 3: half is 1 and 1
    assert (t["pl"][RED]["score"] - score, t["pl"][RED]["money"] - money) == (1, 1)


def test_reading_11_no_manneken_pis_at_all_the_left_neighbour_starts():
    s = actions(4, start=GREEN)
    s["first_pass"] = None
    s = scoring_step(s, "_start_player")
    assert s["start"] == (GREEN + 1) % 4


def test_reading_12_a_hall_is_the_next_house_with_its_cost_bonuses_and_pointer_turn():
    s = actions(4, be=True)
    s["pointers"] = [1, 3]
    s = edit(s, RED, built=4, cubes={"wood": 2, "stone": 2, "glass": 1}, money=6)
    s = play(s, f"place {where(s, 'B')}", "francs 1", "hall 2")  # 4 units + 1 glass
    score = s["pl"][RED]["score"]
    s = play(s, "turn stone")
    assert s["pl"][RED]["score"] == score + 5 + 5 and s["pl"][RED]["built"] == 5 and s["pointers"] == [1, 4]


def test_reading_13_indicator_paths_may_turn_and_come_back():
    assert (3, 3) in market_reach((3, 3), 2) and (3, 3) not in market_reach((3, 3), 1)
    assert set(market_reach((3, 3), 3)) == {(2, 3), (4, 3), (3, 2), (3, 4)}  # odd: never a corner
    assert set(market_reach((2, 2), 4)) == {(x, y) for x in (2, 3, 4) for y in (2, 3, 4) if (x + y) % 2 == 0}


def test_reading_14_travellers_before_architects():
    s = actions(4, be=True)
    s["train"] -= 1
    s = edit(s, RED, travellers=1)
    s = play(s, "visit bourse", "visit bourse", "visit bourse")  # red 1 traveller, blue 1, green 2
    assert s["visits"]["bourse"][0] == [RED, 0, 1]


def test_reading_15_park_copies_only_what_can_be_done():
    s = actions(4)
    s = edit(s, RED, money=0, art=dict(ZERO_ART))
    s["supply"].update({"wood": 0, "iron": 0, "stone": 0})
    s["display"] = [s["display"][0], s["display"][1], s["display"][2], None]
    for c in ("yellow", "blue", "brown", "green"):
        s["studio"][c] = 0
    s = play(s, "visit park")
    assert s["turn"] == BLUE and any(e[0] == "nothing" and e[2]["kind"] == "copy" for e in s["events"])


def test_reading_16_free_action_even_if_the_action_was_not_performed_noble_may_be_declined():
    s = actions(4)
    c = where(s, "M")
    s["house"][cell(c)] = BLUE
    s["pl"][BLUE]["built"] = 1
    s["supply"].update({"wood": 0, "iron": 0, "stone": 1})
    s = edit(s, RED, money=1)
    s = play(s, f"place {c}")  # red takes the last stone; blue's free cube: none left
    assert s["pl"][RED]["cubes"]["stone"] == 1 and top(s) == "turn" and s["turn"] == BLUE
    t = actions(4)
    n = where(t, "N")
    t["house"][cell(n)] = BLUE
    t = edit(t, RED, money=1)
    t["display"][3] = None
    t = play(t, f"place {n}")  # red cannot afford any noble: the action does nothing
    assert top(t) == "freenoble" and "decline" in legal(t)


def test_reading_17_market_takes_one_to_three():
    s = actions(4)
    s = play(s, "visit market")
    assert "wild 0" not in legal(s)
    s = turn_to(actions(4), RED)
    s["supply"]["wild"] = 0
    s["pl"][BLUE]["cubes"]["wild"] = 15
    s = play(s, "visit market")
    assert s["turn"] == BLUE


def test_reading_18_exhibition_visit_in_the_round_the_first_hall_is_built():
    s = actions(4, be=True)
    s["be"]["halls"][2] = RED  # built this round (row 3)
    s = put(s, BLUE, "c3r3")
    s = scoring_step(s, "_exhibition")
    assert s["pl"][RED]["score"] == 1


def test_reading_19_neutral_architects_count_once_as_a_colour():
    s = actions(2, be=True, square="2-2")
    s["be"]["halls"][2] = RED
    s = put(s, -2, "c3r3")
    s = put(s, -2, "c4r3")
    s = scoring_step(s, "_exhibition")
    assert s["pl"][RED]["score"] == 1


def test_reading_20_automatic_cards_b29_b27():
    s = give_card(actions(4, be=True), RED, "B29")
    s["visits"]["bourse"] = [[RED, 2, 0]]
    s["pl"][RED]["reserve"] -= 2
    s = scoring_step(s, "_brussels")
    assert s["pl"][RED]["be_cards"]["B29"] is True and s["pl"][RED]["court"] == 3  # 1 left: still the most


def test_reading_21_b20_holder_places_the_try_square_every_round():
    s = give_card(actions(4, be=True), GREEN, "B20")
    for _ in range(2):
        s = run_scoring(s)
        while s["phase"] == "scoring":
            s = play(s, sorted(legal(s))[0])
        assert top(s) == "square" and G.to_move(s) == (GREEN,)
        s = play(s, "square 1-1")


def test_reading_22_b22_needs_two_meeples():
    s = give_card(actions(4, be=True), RED, "B22")
    s = edit(s, RED, reserve=2)
    s = play(s, "visit bourse")  # 1 architect left: no extra turn
    assert top(s) == "turn" and s["turn"] == BLUE


def test_reading_23_b17_gives_wildcards_and_black_tiles():
    s = give_card(actions(4, be=True), RED, "B17")
    s = edit(s, RED, art=dict(ZERO_ART, black=1))
    s["studio"]["black"] -= 1
    s = play(s, "visit market", "wild 2")
    assert {"give wild wild", "give art black"} <= legal(s)


def test_reading_24_round_end_cards_act_before_the_cards_are_turned_back():
    s = give_card(actions(4, be=True), RED, "B24")
    s = edit(s, RED, nobles=nobles("brugmann", "buls"))
    s = run_scoring(s)
    while s["phase"] == "scoring":
        s = play(s, sorted(legal(s))[0])
    assert s["history"][0][RED]["nobles"] == 2 and s["pl"][RED]["be_cards"]["B24"] is False


def test_reading_25_forced_steps_are_not_asked():
    s = actions(4)
    s = edit(s, RED, money=1)
    s = play(s, f"place {where(s, 'S')}")
    assert top(s) == "studio"  # the single franc went under the architect by itself


def test_reading_26_a_reward_past_the_top_is_lost():
    s = actions(4)
    s = edit(s, RED, crown=6)
    s["pl"][RED]["won"] = ["P04"]
    s = scoring_step(s, "_rewards")
    s = play(s, "reward P04 crown")
    assert s["pl"][RED]["crown"] == 6


def test_reading_27_t03_pays_before_the_nobles():
    s = actions(4, be=True)
    s = give_tile(s, RED, "T03")
    s = edit(s, RED, money=0, nobles=nobles("brugmann", "velde"))
    s["round"], s["phase"], s["step"], s["frames"], s["tally"] = 5, "end", 0, [], [{} for _ in s["pl"]]
    from pyengine.games.brussels1893.flow import settle

    settle(s)
    assert s["history"][-1][RED]["upkeep"] == -5  # 3 francs: Brugmann paid, van de Velde not


def test_reading_28_upkeep_you_choose_what_to_give_up():
    from pyengine.games.brussels1893.final import forfeit_options

    s = edit(actions(4), RED, money=4, nobles=nobles("brugmann", "solvay", "velde"))
    assert forfeit_options(s, RED) == [("velde",)]
    s = edit(s, RED, money=5)
    assert set(forfeit_options(s, RED)) == {("velde",), ("brugmann", "solvay")}


def test_reading_29_start_tiles_in_turn_order_and_seat_colours():
    s = new(3, seed=11)
    assert G.to_move(s) == (s["start"],)
    assert G.player_colours(s) == [data.COLOUR_HEX[c] for c in ("red", "blue", "green")]


def test_reading_30_hankar_revealed_noble_is_kept_or_discarded_as_usual():
    s = actions(4, variant=True, boards=["hankar", "horta", "cauchie", "strauven"])
    s = play(s, f"place {where(s, 'N')}", "francs 1", "noble top")
    while top(s) not in ("keep", "turn"):  # the revealed noble's own choices, if any
        s = play(s, sorted(legal(s))[0])
    assert top(s) == "keep" and legal(s) == {"keep", "discard"}


def test_reading_31_saintenoy_never_onto_the_arrow_or_the_other_pointer():
    assert set(pointer_turns([0, 3], arrow=True, directions=(1, -1))) == {(0, 1, 1), (1, 1, 4), (1, -1, 2)}
    assert set(pointer_turns([1, 2], arrow=False, directions=(1, -1))) == {(0, -1, 0), (1, 1, 3)}


def test_reading_32_nothing_new_revealed_after_the_last_round():
    s = actions(4)
    s["round"] = 5
    deck = list(s["noble_deck"])
    prestige = list(s["prestige_deck"])
    s = run_scoring(s)
    while s["phase"] == "scoring":
        s = play(s, sorted(legal(s))[0])
    assert s["noble_deck"] == deck and s["prestige_deck"] == prestige


def test_reading_33_start_marker_goes_to_round_6s_start_player():
    s = actions(4, start=RED)
    s["round"] = 5
    s["first_pass"] = GREEN
    s = run_scoring(s)
    while not G.is_over(s):
        s = play(s, sorted(legal(s))[0])
    assert s["start"] == GREEN and s["history"][-1][GREEN]["marker"] == 5


def test_reading_34_bank_unlimited_materials_limited():
    s = actions(4)
    s = edit(s, RED, money=500, nobles=nobles("brugmann"))
    s = play(s, "visit bourse")
    assert s["pl"][RED]["money"] > 500
    s = turn_to(s, RED)
    s["supply"].update({"wood": 0, "iron": 0, "stone": 0})
    s = play(s, f"place {where(s, 'M')}", "francs 1")
    assert s["turn"] == BLUE and s["pl"][RED]["cubes"]["wood"] == 0


def test_readings_are_all_written_down():
    from importlib import resources

    text = resources.files("pyengine.games.brussels1893").joinpath("RULES.md").read_text(encoding="utf-8")
    numbers = [
        int(line.split(".")[0]) for line in text.split("## Readings we chose")[1].splitlines() if line[:1].isdigit()
    ]
    assert numbers == list(range(1, 35))


@pytest.mark.parametrize("n", [2, 3])
def test_reading_none_two_three_players_brussels_cost_k(n):
    assert [data.brussels_cost(n, k) for k in (1, 2, 3)] == [1, 2, 3]
