"""Art Nouveau board actions: placing with francs, studio, sell, noble, materials, build,
the compass, and the house owner's free actions."""

from __future__ import annotations

import pytest

from pyengine.games.brussels1893.board import judge, payments, requirements

from .helpers import (
    BLUE,
    RED,
    YELLOW,
    G,
    actions,
    cell,
    edit,
    legal,
    nobles,
    play,
    put,
    refused,
    top,
    turn_to,
)
from .invariants import check_invariants

# A 4-player board with the try square on 2-2: active cells c3-c5 x r3-r5. Where each
# action lies depends on the shuffled strips, so tests look cells up by action.


def where(s, letter, active=True):
    from pyengine.games.brussels1893.data import ACTIVE_CELLS, CELL_NAMES

    cells = [c for c in range(25) if s["grid"][c] == letter and (not active or c in ACTIVE_CELLS[s["square"]])]
    return CELL_NAMES[cells[0]]


# ---------------------------------------------------------------- placing
def test_placing_needs_an_architect_and_at_least_one_franc_under_it():
    s = actions(4)
    c = where(s, "S")
    s = play(s, f"place {c}")
    assert top(s) == "francs" and legal(s) == {f"francs {n}" for n in range(1, 6)}
    s = play(s, "francs 3")
    assert s["francs"][cell(c)] == 3 and s["pl"][RED]["money"] == 2 and s["pl"][RED]["reserve"] == 4


def test_no_money_no_art_nouveau_action():
    s = edit(actions(4), RED, money=0)
    assert not any(m.startswith("place") for m in legal(s))
    refused(s, f"place {where(s, 'S')}", "Art Nouveau action")


def test_no_architect_left_no_placement_but_brussels_needs_none_if_travellers():
    s = edit(actions(4), RED, reserve=0)
    refused(s, f"place {where(s, 'S')}", "Architects")
    assert legal(s) == {"pass"}


def test_one_architect_per_cell_and_only_in_the_active_area():
    s = actions(4)
    c = where(s, "S")
    s = put(s, BLUE, c)
    refused(s, f"place {c}", "One architect per cell")
    refused(s, "place c1r1", "Active area")


def test_an_action_that_cannot_be_performed_does_nothing_but_the_architect_stays():
    s = actions(4)
    c = where(s, "B")
    s = edit(s, RED, money=1)
    s = play(s, f"place {c}")  # one franc: placed at once; no materials: no house
    assert s["arch"][cell(c)] == RED and s["francs"][cell(c)] == 1 and s["pl"][RED]["built"] == 0
    assert top(s) == "turn" and s["turn"] == BLUE
    assert any(e[0] == "nothing" for e in s["events"])


def test_an_action_that_can_be_performed_must_be_no_skip():
    s = play(actions(4), f"place {where(actions(4), 'S')}", "francs 1")
    assert top(s) == "studio" and "skip" not in legal(s)


# ---------------------------------------------------------------- studio
def test_studio_takes_any_non_black_tile_and_an_empty_stack_is_not_offered():
    s = actions(4)
    s["studio"]["blue"] = 0
    s = play(s, f"place {where(s, 'S')}", "francs 1")
    assert legal(s) == {"art yellow", "art brown", "art green"}
    brown = s["pl"][RED]["art"]["brown"]
    s = play(s, "art brown")
    assert s["pl"][RED]["art"]["brown"] == brown + 1 and s["studio"]["brown"] == 5


# ---------------------------------------------------------------- sell
def sell_position():
    s = actions(4)
    s = edit(s, RED, art={"yellow": 0, "blue": 1, "brown": 0, "green": 1, "black": 0}, money=5)
    s["market"] = {"pos": [3, 4], "slots": ["brown", "yellow"]}
    s["studio"]["brown"] -= 1
    s["studio"]["yellow"] -= 1
    s["studio"]["green"] -= 1
    return s


def test_sell_example_green_tile_two_steps_six_points_two_francs():
    """Rulebook: Elisabeth holds 2 tiles and sells green (not shown in the market); she
    moves the indicator 2 steps, puts her green in place of the market's brown (which goes
    back to the studio) and reads green on the 6-point column and 2-franc row."""
    s = sell_position()
    s = play(s, f"place {where(s, 'V')}", "francs 1")
    assert legal(s) == {"sell blue", "sell green"}
    s = play(s, "sell green")
    assert top(s) == "sell" and "indicator 4 3" in legal(s)
    assert all(abs(int(m.split()[1]) - 3) + abs(int(m.split()[2]) - 4) in (0, 2) for m in legal(s))
    score, money, brown = s["pl"][RED]["score"], s["pl"][RED]["money"], s["studio"]["brown"]
    s = play(s, "indicator 4 3")
    assert s["pl"][RED]["score"] == score + 6 and s["pl"][RED]["money"] == money + 2
    assert legal(s) == {"return 1", "return 2"}
    s = play(s, "return 1")
    assert s["market"]["slots"] == ["green", "yellow"] and s["studio"]["brown"] == brown + 1
    check_invariants(s)


def test_sell_needs_a_colour_not_shown_in_the_market():
    s = sell_position()
    s = edit(s, RED, art={"green": 0, "blue": 0, "brown": 1, "yellow": 1})
    s["studio"]["green"] += 1
    s["studio"]["blue"] += 1
    s["studio"]["brown"] -= 1
    s["studio"]["yellow"] -= 1
    s = play(s, f"place {where(s, 'V')}", "francs 1")
    assert top(s) == "turn"  # brown and yellow are both shown: nothing to sell


def test_the_first_two_sales_fill_empty_market_slots():
    s = actions(4)
    s = edit(s, RED, art={"yellow": 1, "blue": 0, "brown": 0, "green": 0, "black": 0})
    s = play(s, f"place {where(s, 'V')}", "francs 1")  # one tile to sell: chosen by itself
    assert s["frames"][-1]["stage"] == "pos"
    assert all(abs(int(m.split()[1]) - 3) + abs(int(m.split()[2]) - 3) == 1 for m in legal(s))
    s = play(s, "indicator 3 2")
    assert s["market"]["slots"] == ["yellow", None] and top(s) == "turn"


def test_black_tiles_sell_on_the_black_centre_square_at_most_4_and_4():
    from pyengine.games.brussels1893.board import market_value

    values = {market_value((x, y), "black") for x in (2, 3, 4) for y in (2, 3, 4)}
    assert max(v for v, _ in values) == 4 and max(f for _, f in values) == 4


def test_indicator_stays_on_the_grid():
    from pyengine.games.brussels1893.board import market_reach

    assert set(market_reach((2, 2), 1)) == {(3, 2), (2, 3)}
    assert all(2 <= x <= 4 and 2 <= y <= 4 for x, y in market_reach((4, 4), 5))


# ---------------------------------------------------------------- noble
def noble_position(display=("empain:1", "buls:1", "albert:1", "maeterlinck:1")):
    s = actions(4)
    old = [c for c in s["display"]]
    s["display"] = list(display)
    for c in display:
        if c in s["noble_deck"]:
            s["noble_deck"].remove(c)
    s["noble_deck"] = [c for c in old if c not in display] + s["noble_deck"]
    return s


def test_noble_costs_3_2_1_0_by_display_position():
    s = edit(noble_position(), RED, money=3)
    s = play(s, f"place {where(s, 'N')}", "francs 2")  # 1 franc left
    assert legal(s) == {"noble 3", "noble 4"}


def test_noble_bought_is_used_then_kept_or_discarded_and_the_display_shifts_right():
    s = edit(noble_position(), RED, money=6)
    deck_top = s["noble_deck"][0]
    s = play(s, f"place {where(s, 'N')}", "francs 1", "noble 2")  # Charles Buls for 2
    assert s["pl"][RED]["fleur"] == 2 and s["pl"][RED]["money"] == 3
    assert s["display"] == [deck_top, "empain:1", "albert:1", "maeterlinck:1"]
    assert top(s) == "keep" and legal(s) == {"keep", "discard"}
    s = play(s, "keep")
    assert s["pl"][RED]["nobles"]["buls"]["used"]  # sideways: used this round
    check_invariants(s)


def test_a_second_noble_of_a_name_is_always_discarded():
    s = edit(noble_position(), RED, money=6, nobles={**nobles("brugmann"), **nobles("buls")})
    s = play(s, f"place {where(s, 'N')}", "francs 1", "noble 2")
    assert top(s) == "turn" and "buls:1" in s["noble_discard"]


def test_empty_noble_deck_is_reshuffled_from_the_discards():
    s = edit(noble_position(), RED, money=6)
    s["noble_discard"] = s["noble_deck"]
    s["noble_deck"] = []
    s = play(s, f"place {where(s, 'N')}", "francs 1", "noble 4")
    assert any(e[0] == "reshuffle" for e in s["events"])
    s = play(s, "discard")
    assert all(s["display"]) and len(s["noble_discard"]) == 1


@pytest.mark.parametrize(
    "name,check",
    [
        ("brugmann", lambda b, a: a["money"] == b["money"] + 5),
        ("empain", lambda b, a: a["cubes"]["wild"] == b["cubes"]["wild"] + 2),
        ("buls", lambda b, a: a["fleur"] == b["fleur"] + 1),
        ("albert", lambda b, a: a["crown"] == b["crown"] + 1),
        ("velde", lambda b, a: a["level"] == b["level"] + 1),
        ("vandervelde", lambda b, a: a["court"] == b["court"] - 1 and a["reserve"] == b["reserve"] + 1),
        ("maeterlinck", lambda b, a: a["score"] == b["score"] + 5),
    ],
)
def test_each_base_noble_effect(name, check):
    s = edit(noble_position((f"{name}:1", "buls:2", "albert:2", "empain:2")), RED, money=6, nobles={})
    s = play(s, f"place {where(s, 'N')}", "francs 3")
    before = dict(s["pl"][RED], cubes=dict(s["pl"][RED]["cubes"]))
    s = play(s, "noble 1")
    after = s["pl"][RED]
    after_money = dict(after)
    after_money["money"] = after["money"] + 3  # the noble cost 3
    assert check(before, after_money)


def test_solvay_one_material_or_a_wildcard_for_two():
    s = edit(noble_position(("solvay:1", "buls:2", "albert:2", "empain:2")), RED, money=6, cubes={"wild": 1})
    s = play(s, f"place {where(s, 'N')}", "francs 1", "noble 1")
    assert {"solvay wood", "solvay stone", "solvay wild iron stone", "solvay wild wood wood"} <= legal(s)
    s = play(s, "solvay wild iron stone")
    c = s["pl"][RED]["cubes"]
    assert (c["wild"], c["iron"], c["stone"]) == (0, 1, 1)


def test_vandervelde_frees_an_architect_usable_at_once():
    s = edit(noble_position(("vandervelde:1", "buls:2", "albert:2", "empain:2")), RED, money=6, reserve=1)
    s = play(s, f"place {where(s, 'N')}", "francs 1", "noble 1", "discard")
    assert s["pl"][RED]["reserve"] == 1 and s["pl"][RED]["court"] == 1


# ---------------------------------------------------------------- materials
def test_materials_any_two_duplicates_allowed_limited_supply():
    s = actions(4)
    s["supply"].update({"wood": 1, "iron": 0})
    s = play(s, f"place {where(s, 'M')}", "francs 1")
    assert legal(s) == {"cubes wood stone", "cubes stone stone"}
    s = play(s, "cubes wood stone")
    assert s["supply"]["wood"] == 0 and s["pl"][RED]["cubes"]["wood"] == 1


def test_materials_with_one_cube_left_gives_one():
    s = actions(4)
    s["supply"].update({"wood": 0, "iron": 0, "stone": 1})
    s = play(s, f"place {where(s, 'M')}", "francs 1")
    assert s["pl"][RED]["cubes"]["stone"] == 1 and top(s) == "turn"


# ---------------------------------------------------------------- build and compass
def build_position(pointers=(1, 4), **cubes):
    s = actions(4)
    s["pointers"] = list(pointers)
    c = {"wood": 0, "iron": 0, "stone": 0, "glass": 0, "wild": 0}
    c.update(cubes)
    for k, n in c.items():
        s["supply"][k] -= n
    return edit(s, RED, cubes=c)


def test_build_example_two_wood_and_a_wildcard_for_three_francs():
    """Rulebook: Louise builds her 4th house (cost 3); the pointers show wood and 3 francs.
    With 2 francs, 2 wood, 2 stone and a wildcard she pays 2 wood + the wildcard for the
    3 francs, and gets no 5-point bonus."""
    s = build_position(pointers=(1, 4), wood=2, stone=2, wild=1)
    s = edit(s, RED, built=3, money=3)
    for name in ("c1r1", "c2r1", "c1r2"):
        s["house"][cell(name)] = RED
    s = play(s, f"place {where(s, 'B')}", "francs 1")
    assert top(s) == "build" and s["frames"][-1]["stage"] == "where"
    s = play(s, "house c1r5")
    # Stone is not pointed at, 6 francs cannot be paid: one way only, taken by itself.
    assert s["frames"][-1]["stage"] == "turn" and s["frames"][-1]["units"] == ["wood", "wood", "wild"]
    score = s["pl"][RED]["score"]
    s = play(s, "turn wood")
    pl = s["pl"][RED]
    assert pl["built"] == 4 and s["house"][cell("c1r5")] == RED
    assert pl["score"] == score and pl["cubes"] == {"wood": 0, "iron": 0, "stone": 2, "glass": 0, "wild": 0}
    check_invariants(s)


def test_compass_example_payments_with_wood_and_three_francs():
    required, allowed = requirements((1, 4), glass=False)
    assert judge(("wood", "wood", "fr3"), required, allowed, False) == (True, True, False)
    assert judge(("wood", "fr3", "fr3"), required, allowed, False)[0]
    assert not judge(("wood", "wood", "wood"), required, allowed, False)[0]  # 3 francs must be paid once
    assert not judge(("wood", "stone", "fr3"), required, allowed, False)[0]  # stone not pointed at
    assert judge(("wood", "wood", "wild"), required, allowed, False) == (True, False, False)


def test_cost_two_is_one_of_each_pointed_symbol():
    required, allowed = requirements((1, 3), glass=False)  # wood, stone
    ok = [p for p, _, _ in payments((1, 3), 2, False, False, (5, 5, 5, 0, 0), 9, 0)]
    assert ok == [("wood", "stone")]
    assert judge(("wood", "wood"), required, allowed, False)[0] is False


def test_a_pointer_on_any_lets_that_part_be_any_material_or_three_francs():
    required, allowed = requirements((1, 2), glass=False)  # wood, any
    assert judge(("wood", "iron"), required, allowed, False)[0]
    assert judge(("wood", "fr3"), required, allowed, False)[0]
    assert judge(("wood", "wood"), required, allowed, False)[0]
    assert not judge(("iron", "stone"), required, allowed, False)[0]  # wood at least once


def test_a_pointer_on_blank_asks_the_whole_cost_in_the_other_symbol():
    required, allowed = requirements((6, 3), glass=False)  # blank, stone
    assert judge(("stone", "stone", "stone"), required, allowed, False)[0]
    assert not judge(("stone", "wood", "stone"), required, allowed, False)[0]


def test_wildcards_replace_any_unit_but_lose_the_bonus():
    required, allowed = requirements((0, 4), glass=False)  # iron, 3 francs
    assert judge(("wild", "wild"), required, allowed, False) == (True, False, False)


def test_houses_come_from_the_bottom_tier_first_costs_2_2_3_3_4_4_top_tier_plus_5():
    from pyengine.games.brussels1893.state import house_cost

    s = actions(4)
    costs = []
    for built in range(6):
        s["pl"][RED]["built"] = built
        costs.append(house_cost(s, RED))
    assert costs == [(2, 0), (2, 0), (3, 0), (3, 0), (4, 5), (4, 5)]


def test_no_wildcard_gives_5_and_a_top_house_5_more():
    s = build_position(pointers=(1, 3), wood=2, stone=2)
    s = edit(s, RED, built=4, money=3)
    s = play(s, f"place {where(s, 'B')}", "francs 1", "house c1r1")
    # Only wood and stone are pointed at: 2 of each is the one way to pay 4 (taken by itself).
    assert s["frames"][-1]["stage"] == "turn" and s["frames"][-1]["units"] == ["wood", "wood", "stone", "stone"]
    score = s["pl"][RED]["score"]
    s = play(s, "turn wood")
    assert s["pl"][RED]["score"] == score + 10


def test_pointer_turns_clockwise_never_onto_the_other_and_the_arrow_sends_to_iron():
    s = build_position(pointers=(6, 0), iron=2, wild=1)  # blank and iron
    s = edit(s, RED, money=3)
    s = play(s, f"place {where(s, 'B')}", "francs 1", "house c1r1")
    assert legal(s) == {"pay iron iron", "pay iron wild"}  # blank: the whole cost in iron
    # blank -> arrow -> iron is taken by the other pointer: only iron may turn (to wood),
    # a single choice the engine makes by itself.
    s = play(s, "pay iron iron")
    assert top(s) == "turn" and s["pointers"] == [6, 1]
    s2 = build_position(pointers=(6, 2), wood=2)  # blank and any
    s2 = edit(s2, RED, money=3)
    s2 = play(s2, f"place {where(s2, 'B')}", "francs 1", "house c1r1")  # pays 2 wood by itself
    assert legal(s2) == {"turn blank", "turn any1"}
    s2 = play(s2, "turn blank")
    assert s2["pointers"] == [0, 2]  # onto the arrow, spun on to iron


def test_houses_go_on_any_empty_cell_even_outside_the_active_area_not_on_a_meeple():
    s = build_position(pointers=(1, 3), wood=1, stone=1)
    c = where(s, "B")
    s = play(s, f"place {c}", "francs 1")
    targets = {m.split()[1] for m in legal(s)}
    assert "c1r1" in targets and c not in targets and len(targets) == 24


# ---------------------------------------------------------------- free actions
def free_position(letter, owner=BLUE):
    s = actions(4)
    c = where(s, letter)
    s["house"][cell(c)] = owner
    s["pl"][owner]["built"] = 1
    return s, c


def test_free_action_studio_gives_the_house_owner_a_black_tile():
    s, c = free_position("S")
    s = play(s, f"place {c}", "francs 1", "art green")
    assert s["pl"][BLUE]["art"]["black"] == 1 and s["studio"]["black"] == 5


def test_free_action_sell_gives_a_point_per_art_tile():
    s, c = free_position("V")
    s = edit(s, BLUE, art={"yellow": 2, "blue": 1, "brown": 0, "green": 0, "black": 0})
    s = edit(s, RED, art={"yellow": 0, "blue": 0, "brown": 0, "green": 0, "black": 0})  # RED cannot sell
    before = s["pl"][BLUE]["score"]
    s = play(s, f"place {c}", "francs 1")
    assert s["pl"][BLUE]["score"] == before + 3 and s["turn"] == BLUE


def test_free_action_noble_uses_a_ready_noble_or_declines():
    s, c = free_position("N")
    s = edit(s, RED, money=1)
    s = play(s, f"place {c}")  # RED cannot afford any but the free noble
    while G.to_move(s) == (RED,):
        s = play(s, sorted(legal(s))[0])
    assert top(s) == "freenoble" and G.to_move(s) == (BLUE,)
    assert legal(s) == {"activate brugmann", "decline"}
    money = s["pl"][BLUE]["money"]
    s = play(s, "activate brugmann")
    assert s["pl"][BLUE]["money"] == money + 5 and s["pl"][BLUE]["nobles"]["brugmann"]["used"]


def test_free_action_materials_gives_one_cube_of_choice():
    s, c = free_position("M")
    s = play(s, f"place {c}", "francs 1", "cubes wood wood")
    assert top(s) == "freecube" and G.to_move(s) == (BLUE,)
    s = play(s, "cube iron")
    assert s["pl"][BLUE]["cubes"]["iron"] == 1


def test_free_action_build_gives_a_point_per_building():
    s, c = free_position("B")
    s["pl"][BLUE]["built"] = 3
    before = s["pl"][BLUE]["score"]
    s = play(s, f"place {c}", "francs 1")
    assert s["pl"][BLUE]["score"] == before + 3


def test_no_free_action_on_your_own_house():
    s, c = free_position("V", owner=RED)
    s = edit(s, RED, art={"yellow": 2})
    before = s["pl"][RED]["score"]
    s = play(s, f"place {c}", "francs 1")
    while top(s) != "turn":
        s = play(s, sorted(legal(s))[0])
    assert not any(e[0] == "free" for e in s["events"]) and s["pl"][RED]["score"] >= before


def test_turn_passes_clockwise_after_an_action():
    s = actions(4)
    s = play(s, f"place {where(s, 'S')}", "francs 1", "art blue")
    assert s["turn"] == BLUE
    s = turn_to(s, YELLOW)
    s = play(s, "visit market", "wild 1")
    assert s["turn"] == RED
