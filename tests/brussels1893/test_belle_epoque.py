"""Belle Époque: tiles on the board, white art, the new nobles, glass, exhibition halls,
the exhibition visit, travellers, every Belle Époque card and every Belle Époque tile."""

from __future__ import annotations

import pytest

from pyengine.core.game import copy_state
from pyengine.games.brussels1893.data import BE_CROSS_CELLS, CELL_NAMES, STOCK
from pyengine.games.brussels1893.flow import settle

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
    nobles,
    play,
    put,
    refused,
    run_scoring,
    scoring_step,
    set_strip,
    top,
    turn_to,
    where,
)
from .invariants import check_invariants

ZERO_ART = {"yellow": 0, "blue": 0, "brown": 0, "green": 0, "black": 0}


def be(n=4, square="2-2", **kw):
    return actions(n, be=True, square=square, **kw)


def set_action(s, name, letter):
    c = cell(name)
    s["grid"] = s["grid"][:c] + letter + s["grid"][c + 1 :]
    return s


def noble_display(s, cards):
    rest = [c for c in s["display"] + s["noble_deck"] if c not in cards]
    s["display"], s["noble_deck"] = list(cards), rest
    return s


# ---------------------------------------------------------------- the board and its tiles
def test_no_house_on_a_belle_epoque_cell():
    s = be()
    s["pointers"] = [1, 3]
    s = edit(s, RED, cubes={"wood": 1, "stone": 1})
    s = play(s, f"place {where(s, 'B')}", "francs 1")
    targets = {m.split()[1] for m in legal(s) if m.startswith("house")}
    assert not targets & {CELL_NAMES[c] for c in BE_CROSS_CELLS}


def test_an_architect_on_a_cross_cell_may_also_go_to_a_belle_epoque_tile():
    """Rulebook: Gabriel takes a noble on a cell with a Belle Époque tile, then puts another
    available architect on a tile of the Belle Époque board, where it stays."""
    s = set_action(be(), "c3r3", "S")
    s = play(s, "place c3r3", "francs 1", "art green")
    assert top(s) == "betile" and legal(s) == {"skip", "tile 1", "tile 2", "tile 3", "tile 4", "tile 5"}
    s = play(s, "tile 2")
    assert s["be"]["tile_arch"][1] == RED and s["pl"][RED]["reserve"] == 3
    assert s["pl"][RED]["tiles"] == [s["be"]["tiles"][1]]
    check_invariants(s)
    # It stays to the end: round-end clean-up does not bring it back.
    s = run_scoring(s)
    while s["phase"] == "scoring":
        s = play(s, sorted(legal(s))[0])
    assert s["be"]["tile_arch"][1] == RED and s["pl"][RED]["reserve"] + s["pl"][RED]["court"] == 6


def test_one_architect_per_belle_epoque_tile_and_none_without_an_architect():
    s = set_action(be(), "c3r3", "S")
    s["be"]["tile_arch"] = [BLUE, -1, -1, -1, -1]
    s = play(s, "place c3r3", "francs 1", "art green")
    assert "tile 1" not in legal(s)
    t = set_action(be(), "c3r3", "S")
    t = edit(t, RED, reserve=1)
    t = play(t, "place c3r3", "francs 1", "art green")
    assert top(t) == "turn"  # no architect left to put on a tile


# ---------------------------------------------------------------- white art
def test_white_tile_sells_as_any_colour_not_shown_for_half_rounded_down():
    s = be()
    s = edit(s, RED, art=dict(ZERO_ART), white=["green"])
    s["studio"]["blue"] += 1
    s["studio"]["green"] -= 1
    s["market"] = {"pos": [3, 3], "slots": ["blue", None]}
    s["studio"]["blue"] -= 1
    s = play(s, f"place {where(s, 'V')}", "francs 1")
    assert legal(s) == {"sell white as yellow", "sell white as brown", "sell white as green", "sell white as black"}
    s = play(s, "sell white as green")
    score, money = s["pl"][RED]["score"], s["pl"][RED]["money"]
    s = play(s, "indicator 4 3")  # green at column 5 (6 points), row 2 (2 francs): half
    assert s["pl"][RED]["score"] == score + 3 and s["pl"][RED]["money"] == money + 1
    assert s["market"]["slots"] == ["blue", "white:green"]
    check_invariants(s)


def test_no_white_sale_while_a_white_tile_is_shown():
    s = be()
    s = edit(s, RED, art=dict(ZERO_ART), white=["green"])
    s["market"] = {"pos": [3, 3], "slots": ["white:yellow", None]}
    s = play(s, f"place {where(s, 'V')}", "francs 1")
    assert top(s) == "turn"  # nothing could be sold


def test_white_tile_gives_a_franc_when_passing_and_nothing_at_the_end():
    s = be()
    s = edit(s, RED, art=dict(ZERO_ART), white=["green", "blue"], money=0)
    s = play(s, "pass")
    assert s["pl"][RED]["money"] == 1 + 1  # one colour (white) + the first-pass card


def test_nagelmackers_gives_a_traveller_and_privat_livemont_a_white_tile():
    s = noble_display(be(), ["nagelmackers:1", "privat:1", "buls:1", "albert:1"])
    s = edit(s, RED, money=9)
    s = play(s, f"place {where(s, 'N')}", "francs 1", "noble 1")
    assert s["pl"][RED]["travellers"] == 1 and s["train"] == 3
    s = play(s, "discard")
    s = turn_to(s, RED)
    s = noble_display(s, ["privat:1", "buls:1", "albert:1", "empain:1"])
    s = play(s, f"place {where(s, 'N')}", "francs 1", "noble 1")
    assert top(s) == "privat"
    s = play(s, "art brown")
    assert s["pl"][RED]["white"] == ["brown"]


def test_glass_is_a_material_with_belle_epoque():
    s = be()
    s = play(s, f"place {where(s, 'M')}", "francs 1")
    assert "cubes glass glass" in legal(s)


# ---------------------------------------------------------------- exhibition halls
def hall_position(glass=2, wild=1, pointers=(1, 3)):
    s = be()
    s["pointers"] = list(pointers)
    s = edit(s, RED, cubes={"wood": 1, "stone": 1, "glass": glass, "wild": wild}, money=5)
    for k, n in (("wood", 1), ("stone", 1), ("glass", glass), ("wild", wild)):
        s["supply"][k] -= n
    return s


def test_exhibition_hall_example_third_position_costs_two_more_glass():
    """Rulebook: Louise builds an exhibition hall on the third position, paying 2 extra
    glass; she takes the position's Belle Époque card and keeps it in front of her."""
    s = hall_position(glass=2)
    card = s["be"]["cards"][2]
    s = play(s, f"place {where(s, 'B')}", "francs 1")
    assert {"hall 1", "hall 2", "hall 3", "hall 4", "hall 5"} <= legal(s)
    s = play(s, "hall 3")
    # Both glass cubes are kept for the surcharge; a single wildcard.
    assert legal(s) == {"pay wood stone", "pay wood wild", "pay stone wild"}
    s = play(s, "pay wood stone", "turn wood")
    pl = s["pl"][RED]
    assert s["be"]["halls"][2] == RED and pl["halls"] == [2] and pl["built"] == 1
    assert pl["cubes"]["glass"] == 0 and card in pl["be_cards"] and s["be"]["cards"][2] is None
    check_invariants(s)


def test_wildcards_never_pay_the_glass_surcharge():
    s = hall_position(glass=1, wild=3)
    s = play(s, f"place {where(s, 'B')}", "francs 1")
    assert "hall 3" not in legal(s) and "hall 2" in legal(s)


def test_one_hall_per_position():
    s = hall_position()
    s["be"]["halls"][0] = BLUE
    s = play(s, f"place {where(s, 'B')}", "francs 1")
    assert "hall 1" not in legal(s)


def test_free_build_action_counts_houses_and_halls():
    s = be()
    c = where(s, "B")
    s["house"][cell(c)] = BLUE
    s["be"]["halls"][4] = BLUE
    s = edit(s, BLUE, built=2, halls=[4])
    before = s["pl"][BLUE]["score"]
    s = play(s, f"place {c}", "francs 1")
    assert s["pl"][BLUE]["score"] == before + 2


def test_exhibition_visit_example_one_point_per_colour_in_the_row():
    """Rulebook: Louise's (red) hall's row holds 1 green and 2 red architects: 2 points."""
    s = be(square="1-2")  # active: columns 2-5, rows 3-5
    s["be"]["halls"][0] = RED  # E1 lines up with row 5
    s["pl"][RED]["halls"] = [0]
    s["pl"][RED]["built"] = 1
    for p, c in ((GREEN, "c2r5"), (RED, "c3r5"), (RED, "c4r5")):
        s = put(s, p, c)
    s = scoring_step(s, "_exhibition")
    assert s["pl"][RED]["score"] == 2


def test_exhibition_visit_counts_the_neutral_colour():
    s = actions(2, be=True, square="2-2")
    s["be"]["halls"][0] = RED
    s["pl"][RED]["halls"] = [0]
    s = put(s, -2, "c3r5")
    s = put(s, BLUE, "c4r5")
    s = scoring_step(s, "_exhibition")
    assert s["pl"][RED]["score"] == 2


# ---------------------------------------------------------------- travellers
def test_travellers_leave_before_the_brussels_majority_and_go_home_at_round_end():
    s = be()
    s["visits"]["bourse"] = [[RED, 0, 2], [BLUE, 1, 0]]
    s["train"] -= 2
    s["pl"][BLUE]["reserve"] -= 1
    s = scoring_step(s, "_brussels")
    assert s["pl"][BLUE]["court"] == 3 and s["pl"][RED]["court"] == 2 and s["train"] == 4


def test_unused_travellers_return_to_the_train():
    s = be()
    s["train"] -= 1
    s = edit(s, RED, travellers=1)
    s = run_scoring(s)
    while s["phase"] == "scoring":
        s = play(s, sorted(legal(s))[0])
    assert s["pl"][RED]["travellers"] == 0 and s["train"] == 4


# ---------------------------------------------------------------- the 32 cards
def test_b01_studio_plus_a_franc_per_art_tile():
    s = give_card(be(), RED, "B01")
    s = play(s, f"place {where(s, 'S')}", "francs 1")
    money = s["pl"][RED]["money"]
    s = play(s, "art green")
    assert s["pl"][RED]["money"] == money + 2 and s["pl"][RED]["be_cards"]["B01"] is True


def test_b01_not_through_the_park():
    s = give_card(be(), RED, "B01")
    money = s["pl"][RED]["money"]
    s = play(s, "visit park", "copy studio", "art green")
    assert s["pl"][RED]["money"] == money and s["pl"][RED]["be_cards"]["B01"] is False


def test_b02_studio_turn_a_white_tile_coloured():
    s = give_card(edit(be(), RED, white=["yellow"]), RED, "B02")
    s = play(s, f"place {where(s, 'S')}", "francs 1", "art green")
    assert legal(s) == {"skip", "flip yellow"}
    s = play(s, "flip yellow")
    assert s["pl"][RED]["white"] == [] and s["pl"][RED]["art"]["yellow"] == 1


def test_b03_sell_up_to_two_more_steps():
    s = give_card(edit(be(), RED, art=dict(ZERO_ART, green=1)), RED, "B03")
    s = play(s, f"place {where(s, 'V')}", "francs 1")
    assert "indicator 3 3" in legal(s) and "indicator 4 4" in legal(s)  # 2 steps: 1 + 1 extra
    s = play(s, "indicator 3 3")
    assert s["pl"][RED]["be_cards"]["B03"] is True


def test_b04_sell_clear_a_market_tile_first():
    s = give_card(edit(be(), RED, art=dict(ZERO_ART, blue=1)), RED, "B04")
    s["market"]["slots"] = ["blue", None]
    s["studio"]["blue"] -= 1
    s = play(s, f"place {where(s, 'V')}", "francs 1")
    assert legal(s) == {"skip", "clear 1"}
    s = play(s, "clear 1")
    assert s["market"]["slots"] == [None, None] and top(s) == "sell"  # now blue can be sold


def test_b05_discarding_the_bought_noble_scores_3():
    s = give_card(noble_display(be(), ["buls:1", "albert:1", "empain:1", "maeterlinck:1"]), RED, "B05")
    s = play(s, f"place {where(s, 'N')}", "francs 1", "noble 4")
    score = s["pl"][RED]["score"]
    s = play(s, "discard")
    assert s["pl"][RED]["score"] == score + 3


def test_b06_discard_displayed_nobles_before_choosing():
    s = give_card(be(), RED, "B06")
    s = play(s, f"place {where(s, 'N')}", "francs 1")
    assert top(s) == "b06" and {"skip", "refresh 1", "refresh 1 2 3 4"} <= legal(s)
    old = list(s["display"])
    s = play(s, "refresh 2 3")
    assert old[1] in s["noble_discard"] and old[2] in s["noble_discard"]
    assert s["display"][2:] == [old[0], old[3]] and all(s["display"])


def test_b07_materials_plus_two_wildcards():
    s = give_card(be(), RED, "B07")
    s = play(s, f"place {where(s, 'M')}", "francs 1", "cubes wood wood")
    assert s["pl"][RED]["cubes"]["wild"] == 2


def test_b08_materials_swap_a_wildcard_for_a_material():
    s = give_card(edit(be(), RED, cubes={"wild": 1}), RED, "B08")
    s["supply"]["wild"] -= 1
    s = play(s, f"place {where(s, 'M')}", "francs 1", "cubes wood wood")
    assert top(s) == "b08" and "swap glass" in legal(s)
    s = play(s, "swap glass")
    assert s["pl"][RED]["cubes"]["wild"] == 0 and s["pl"][RED]["cubes"]["glass"] == 1


def test_b09_one_cube_in_place_of_another_and_a_swapped_wildcard_keeps_the_bonus():
    s = give_card(be(), RED, "B09")
    s["pointers"] = [1, 3]  # wood, stone
    s = edit(s, RED, cubes={"wood": 1, "iron": 1, "wild": 1})
    s = play(s, f"place {where(s, 'B')}", "francs 1", "house c1r1")
    assert {"pay wood iron", "pay wood wild"} <= legal(s)
    score = s["pl"][RED]["score"]
    s = play(s, "pay wood wild", "turn wood")
    assert s["pl"][RED]["score"] == score + 5 and s["pl"][RED]["be_cards"]["B09"] is True


def test_b10_build_a_point_per_cube_type_used():
    s = give_card(be(), RED, "B10")
    s["pointers"] = [1, 3]
    s = edit(s, RED, cubes={"wood": 1, "stone": 1})
    s = play(s, f"place {where(s, 'B')}", "francs 1", "house c1r1")
    score = s["pl"][RED]["score"]
    s = play(s, "turn wood")
    assert s["pl"][RED]["score"] == score + 5 + 2


def test_b11_stock_exchange_a_franc_per_meeple_there():
    s = give_card(be(), BLUE, "B11")
    s = play(s, "visit bourse")
    money = s["pl"][BLUE]["money"]
    s = play(s, "visit bourse")
    assert s["pl"][BLUE]["money"] == money + STOCK[s["stock"]][0] + 2


def test_b12_stock_exchange_a_point_per_5_francs():
    s = give_card(edit(be(), RED, money=12), RED, "B12")
    s = play(s, "visit bourse")
    assert s["pl"][RED]["score"] == (12 + STOCK[s["stock"]][0]) // 5


def test_b13_grand_place_one_more_noble():
    s = give_card(edit(be(), RED, nobles=nobles("brugmann", "maeterlinck")), RED, "B13")
    s = play(s, "visit grandplace", "activate brugmann")  # crown 1: one noble
    assert top(s) == "b13" and legal(s) == {"activate maeterlinck", "skip"}
    s = play(s, "activate maeterlinck")
    assert s["pl"][RED]["score"] == 5


def test_b14_grand_place_discard_a_used_noble_for_its_francs():
    s = give_card(edit(be(), RED, nobles=nobles("brugmann", "velde")), RED, "B14")
    s = play(s, "visit grandplace", "activate brugmann")
    assert legal(s) == {"cashin brugmann", "skip"}
    money = s["pl"][RED]["money"]
    s = play(s, "cashin brugmann")
    assert s["pl"][RED]["money"] == money + 2 and "brugmann" not in s["pl"][RED]["nobles"]


def test_b15_park_take_back_francs_from_a_cell():
    s = give_card(be(), RED, "B15")
    c = where(s, "S")
    s = put(s, RED, c, 3)
    s["pl"][RED]["money"] -= 3
    money = s["pl"][RED]["money"]
    s = play(s, "visit park")
    assert top(s) == "b15" and legal(s) == {"skip", f"reclaim {c} 1", f"reclaim {c} 2", f"reclaim {c} 3"}
    s = play(s, f"reclaim {c} 2")
    assert s["francs"][cell(c)] == 1 and s["pl"][RED]["money"] == money + 2 and top(s) == "copy"
    assert s["arch"][cell(c)] == RED  # the architect stays


def test_b16_park_a_point_per_art_tile():
    s = give_card(be(), RED, "B16")
    s = play(s, "visit park", "copy studio", "art green")
    assert s["pl"][RED]["score"] == 2


def test_b17_market_trade_cubes_for_art_or_art_for_cubes():
    s = give_card(edit(be(), RED, cubes={"wood": 2}), RED, "B17")
    s["supply"]["wood"] -= 2
    s = play(s, "visit market", "wild 1")
    assert top(s) == "b17" and {"give wood wood", "give wood wild", "give art blue", "skip"} <= legal(s)
    t = play(s, "give wood wood", "art green")
    assert t["pl"][RED]["cubes"]["wood"] == 0 and t["pl"][RED]["art"]["green"] == 1
    t = play(s, "give art blue", "cubes iron stone")
    assert t["pl"][RED]["art"]["blue"] == 0 and t["pl"][RED]["cubes"]["iron"] == 1
    check_invariants(t)


def test_b18_market_make_a_white_tile():
    s = give_card(be(), RED, "B18")
    s = play(s, "visit market", "wild 1")
    assert top(s) == "b18"
    s = play(s, "art yellow")
    assert s["pl"][RED]["white"] == ["yellow"]


def test_b19_round_start_a_traveller():
    s = give_card(be(), RED, "B19")
    s = run_scoring(s)
    while s["phase"] == "scoring":
        s = play(s, sorted(legal(s))[0])
    assert s["pl"][RED]["travellers"] == 1 and s["train"] == 3


def test_b20_its_holder_places_the_try_square_anywhere():
    s = give_card(be(), BLUE, "B20")
    s = run_scoring(s)
    while s["phase"] == "scoring":
        s = play(s, sorted(legal(s))[0])
    assert top(s) == "square" and G.to_move(s) == (BLUE,) and len(legal(s)) == 16


def test_b21_three_points_for_an_architect_on_a_house():
    s = give_card(be(), RED, "B21")
    c = where(s, "S")
    s["house"][cell(c)] = RED
    s["pl"][RED]["built"] = 1
    s = play(s, f"place {c}")
    assert s["pl"][RED]["score"] == 3


def test_b22_park_a_meeple_for_an_extra_turn_once_a_round():
    s = give_card(be(), RED, "B22")
    s = play(s, "visit bourse")
    assert top(s) == "b22" and legal(s) == {"skip", "extra architect"}
    s = play(s, "extra architect")
    assert s["turn"] == RED and s["b22"] == [RED, "architect"] and s["pl"][RED]["reserve"] == 3
    s = play(s, "visit market", "wild 1")
    assert s["turn"] == BLUE
    check_invariants(s)


def test_b23_round_end_pay_2_for_the_leaving_noble():
    s = give_card(edit(be(), RED, money=5), RED, "B23")
    s = noble_display(s, ["buls:1", "albert:1", "empain:1", "maeterlinck:1"])
    s = run_scoring(s)
    assert top(s) == "b23" and legal(s) == {"borrow", "skip"}
    s = play(s, "borrow")
    assert s["pl"][RED]["money"] == 3 and s["pl"][RED]["score"] == 5 and "maeterlinck" not in s["pl"][RED]["nobles"]
    assert "maeterlinck:1" in s["noble_discard"]


def test_b24_round_end_a_point_per_noble_not_used():
    s = give_card(edit(be(), RED, nobles={**nobles("brugmann"), **nobles("buls", used=True)}), RED, "B24")
    s = run_scoring(s)
    while s["phase"] == "scoring":
        s = play(s, sorted(legal(s))[0])
    assert s["history"][0][RED]["nobles"] == 1


def test_b25_column_winner_may_take_a_card_under_an_inactive_column():
    s = give_card(be(), RED, "B25")
    s = put(s, RED, "c3r3", 2)
    s = set_strip(s, 1, "P03")
    s = run_scoring(s)
    assert top(s) == "claim" and legal(s) == {"skip", "prestige 1", "prestige 2"}
    s = play(s, "prestige 1")
    assert "P03" in s["pl"][RED]["won"]


def test_b26_two_more_manneken_pis():
    s = give_card(be(), BLUE, "B26")
    s["first_pass"] = RED
    s = scoring_step(s, "_start_player")
    assert s["start"] == BLUE


def test_b27_an_architect_on_a_belle_epoque_cell_counts_double():
    s = give_card(be(square="2-2"), RED, "B27")
    for p, c in ((RED, "c3r3"), (BLUE, "c4r3"), (BLUE, "c3r4"), (GREEN, "c4r4")):
        s = put(s, p, c)
    t = scoring_step(s, "_fleurs")
    assert t["pl"][RED]["score"] == 2 and t["pl"][BLUE]["score"] == 2  # 2 (double) vs 2: tie
    s["pl"][RED]["be_cards"] = {}
    t = scoring_step(s, "_fleurs")
    assert t["pl"][RED]["score"] == 0 and t["pl"][BLUE]["score"] == 2


def test_b28_two_francs_per_fleur_majority():
    s = give_card(be(square="2-2"), RED, "B28")
    for p, c in ((RED, "c3r3"), (RED, "c4r3"), (BLUE, "c3r4"), (GREEN, "c4r4")):
        s = put(s, p, c)
    money = s["pl"][RED]["money"]
    s = scoring_step(s, "_fleurs")
    assert s["pl"][RED]["money"] == money + 2


def test_b29_take_back_an_architect_before_the_brussels_majority():
    s = give_card(be(), RED, "B29")
    s["visits"]["bourse"] = [[RED, 1, 0], [BLUE, 1, 0]]
    s["pl"][RED]["reserve"] -= 1
    s["pl"][BLUE]["reserve"] -= 1
    s = scoring_step(s, "_brussels")
    assert s["pl"][RED]["court"] == 2 and s["pl"][BLUE]["court"] == 3


def test_b30_a_point_per_own_traveller_on_the_brussels_board():
    s = give_card(be(), RED, "B30")
    s["visits"]["market"] = [[RED, 0, 2]]
    s["train"] -= 2
    s = scoring_step(s, "_brussels")
    assert s["pl"][RED]["score"] == 2


@pytest.mark.parametrize("card,vp,fr", [("B31", 4, 0), ("B32", 0, 6)])
def test_b31_b32_exhibition_visit_per_belle_epoque_card(card, vp, fr):
    s = give_card(be(), RED, card)
    s = give_card(s, RED, "B01")
    s["be"]["halls"][4] = RED
    s["pl"][RED]["halls"] = [4]
    money = s["pl"][RED]["money"]
    s = scoring_step(s, "_exhibition")
    assert s["pl"][RED]["score"] == vp and s["pl"][RED]["money"] == money + fr


def test_cards_are_used_once_a_round_and_turned_back_at_round_end():
    s = give_card(be(), RED, "B12")
    s = play(s, "visit bourse")
    assert s["pl"][RED]["be_cards"]["B12"] is True
    s = turn_to(s, RED)
    score = s["pl"][RED]["score"]
    s = play(s, "visit bourse")
    assert s["pl"][RED]["score"] == score
    s = run_scoring(s)
    while s["phase"] == "scoring":
        s = play(s, sorted(legal(s))[0])
    assert s["pl"][RED]["be_cards"]["B12"] is False


# ---------------------------------------------------------------- the 12 tiles
def end_with(tile, n=4, **fields):
    s = be(n)
    s = edit(s, RED, **fields) if fields else s
    s = give_tile(s, RED, tile)
    s = copy_state(s)
    s["round"], s["phase"], s["step"], s["frames"], s["events"] = 5, "end", 0, [], []
    s["tally"] = [{} for _ in s["pl"]]
    settle(s)
    return s


def final(s, item="tiles"):
    return s["history"][-1][RED][item]


def test_t01_a_point_per_7_points_resolved_first():
    s = end_with("T01", score=50, money=2)
    assert final(s) == 7


def test_t02_one_zone_worth_two_more():
    s = end_with("T02", money=8)
    assert top(s) == "t02" and G.to_move(s) == (RED,)
    s = play(s, "zone money")
    # architects 3x1, nobles 1x1, art 1x1, money (1+2) x 1 (6 francs after Brugmann's upkeep)
    assert final(s, "zones") == 3 + 1 + 1 + 3 * (6 // 4)


def test_t03_three_francs_per_fleur_level_before_upkeep():
    s = end_with("T03", fleur=4, money=0)
    assert s["pl"][RED]["money"] == 12 - 2  # Brugmann's upkeep paid from it


def test_t04_counts_as_four_art_tiles():
    s = end_with("T04", art=dict(ZERO_ART), money=2)
    assert final(s, "zones") == 3 + 1 + 4 + 0


def test_t05_two_points_per_crown_level():
    assert final(end_with("T05", crown=5, money=2)) == 10


def test_t06_one_more_house():
    assert final(end_with("T06", built=0, level=3, money=2), "houses") == 5


@pytest.mark.parametrize("n,vp", [(3, 3), (4, 5)])
def test_t07_first_pass_cards_3_or_5_points(n, vp):
    s = end_with("T07", n=n, pass_cards=["P01", "P02"], money=2)
    assert final(s) == 2 * vp


def test_t08_two_points_per_building():
    s = be()
    s = edit(s, RED, built=3, money=2, halls=[0])
    s["be"]["halls"][0] = RED
    s["house"][cell("c1r1")] = RED
    s["house"][cell("c1r2")] = RED
    s = give_tile(s, RED, "T08")
    s["round"], s["phase"], s["step"], s["frames"], s["tally"] = 5, "end", 0, [], [{} for _ in s["pl"]]
    settle(s)
    assert final(s) == 6


def test_t09_points_per_adjacency_of_your_houses():
    s = be(5)
    for c in ("c1r1", "c2r1", "c1r2", "c5r5"):
        s["house"][cell(c)] = RED
    s = edit(s, RED, built=4, money=2)
    s = give_tile(s, RED, "T09")
    s["round"], s["phase"], s["step"], s["frames"], s["tally"] = 5, "end", 0, [], [{} for _ in s["pl"]]
    settle(s)
    assert final(s) == 2 * 7


def test_t10_the_portrait_is_architect_level_7_worth_15():
    s = be()
    s = give_tile(s, RED, "T10")
    s = edit(s, RED, level=6)
    from pyengine.games.brussels1893.changes import track_up

    track_up(s, RED, "level")
    assert s["pl"][RED]["level"] == 7
    t = be()
    t = edit(t, RED, level=6)
    track_up(t, RED, "level")
    assert t["pl"][RED]["level"] == 6
    s = edit(s, RED, built=2, money=2)
    s["round"], s["phase"], s["step"], s["frames"], s["tally"] = 5, "end", 0, [], [{} for _ in s["pl"]]
    settle(s)
    assert final(s, "houses") == 30


def test_t11_three_points_per_white_tile_which_are_then_discarded():
    s = end_with("T11", white=["blue", "green"], money=2)
    assert final(s) == 6 and s["pl"][RED]["white"] == []


def test_t12_nobles_cost_nothing():
    s = end_with("T12", nobles=nobles("brugmann", "velde"), money=0)
    assert final(s, "upkeep") == 0 and len(s["pl"][RED]["nobles"]) == 2


def test_white_tiles_are_worth_nothing_at_the_end():
    s = be()
    s = edit(s, RED, art=dict(ZERO_ART), white=["blue"], money=2)
    s["round"], s["phase"], s["step"], s["frames"], s["tally"] = 5, "end", 0, [], [{} for _ in s["pl"]]
    settle(s)
    assert final(s, "zones") == 3 + 1 + 0 + 0


def test_refused_moves_name_their_rule():
    s = be()
    refused(s, "place c1r1", "Active area")
    s = play(s, "visit market")
    refused(s, "wild 4", "Move syntax")
    refused(s, "cubes wood", "Market")
