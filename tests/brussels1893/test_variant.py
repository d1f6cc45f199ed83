"""The B-side variant: alternating strips and the five named architect boards."""

from __future__ import annotations

import pytest

from pyengine.games.brussels1893.data import STRIPS_COMPASS, STRIPS_OTHER, cell_id

from .helpers import RED, actions, edit, legal, new, play, top, where

ZERO_ART = {"yellow": 0, "blue": 0, "brown": 0, "green": 0, "black": 0}


@pytest.mark.parametrize("seed", range(4))
def test_strips_alternate_sides_top_strip_compass_side(seed):
    s = new(4, variant=True, seed=seed)
    for r in range(1, 6):
        row = "".join(s["grid"][cell_id(c, r)] for c in range(1, 6))
        assert row in (STRIPS_COMPASS if r in (5, 3, 1) else STRIPS_OTHER)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_every_player_gets_a_different_named_board(n):
    s = new(n, variant=True, seed=n)
    boards = [pl["board"] for pl in s["pl"]]
    assert len(set(boards)) == n and set(boards) <= {"hankar", "cauchie", "horta", "saintenoy", "strauven"}


def board(name, be=False):
    return actions(
        4,
        be=be,
        variant=True,
        boards=[name, "horta", "cauchie", "strauven"] if name != "horta" else [name, "hankar", "cauchie", "strauven"],
    )


def test_hankar_fleur_track_and_the_revealed_noble_taken_free():
    s = board("hankar")
    from pyengine.games.brussels1893.state import values

    assert values(s, RED)["fleur_vp"] == (1, 3, 4, 5, 7, 9)
    top_card = s["noble_deck"][0]
    s = edit(s, RED, money=1)
    s = play(s, f"place {where(s, 'N')}")
    assert s["reveal"] == top_card and legal(s) == {"noble 4", "noble top"}
    display = list(s["display"])
    s = play(s, "noble top")
    assert s["display"] == display and s["pl"][RED]["money"] == 0


def test_hankar_declined_noble_fills_the_leftmost_gap():
    s = board("hankar")
    top_card = s["noble_deck"][0]
    s = play(s, f"place {where(s, 'N')}", "francs 1", "noble 2")
    assert s["display"][0] == top_card


def test_hankar_ability_works_through_the_park():
    s = board("hankar")
    s = play(s, "visit park", "copy noble")
    assert s["reveal"] is not None and "noble top" in legal(s)


def test_cauchie_crown_track_and_the_cube_of_the_tiles_colour():
    s = board("cauchie")
    from pyengine.games.brussels1893.state import values

    assert values(s, RED)["crown_nobles"] == (2, 2, 3, 3, 4, 5)
    s = play(s, f"place {where(s, 'S')}", "francs 1", "art yellow")
    assert s["pl"][RED]["cubes"]["iron"] == 1


def test_cauchie_green_gives_glass_with_belle_epoque_and_a_wildcard_without():
    s = play(board("cauchie"), "visit park", "copy studio", "art green")
    assert s["pl"][RED]["cubes"]["wild"] == 1
    s = play(board("cauchie", be=True), "visit park", "copy studio", "art green")
    assert s["pl"][RED]["cubes"]["glass"] == 1


def test_horta_architect_track_and_two_francs_with_materials():
    s = board("horta")
    from pyengine.games.brussels1893.state import values

    assert values(s, RED)["architect_vp"] == (2, 3, 5, 6, 9, 12)
    s = play(s, f"place {where(s, 'M')}", "francs 1")
    money = s["pl"][RED]["money"]
    s = play(s, "cubes wood wood")
    assert s["pl"][RED]["money"] == money + 2


def test_saintenoy_zones_worth_2_and_a_pointer_turned_before_building():
    s = board("saintenoy")
    from pyengine.games.brussels1893.state import zone_value

    assert zone_value(s, RED, "money") == 2
    s["pointers"] = [1, 3]  # wood, stone
    s = edit(s, RED, cubes={"wood": 1, "iron": 1})
    s = play(s, f"place {where(s, 'B')}", "francs 1")
    # Without turning, stone is needed: turning it back to "any" lets iron pay, or on to
    # "3 francs" lets francs pay; no skip, since building is possible and must be done.
    assert top(s) == "build" and legal(s) == {"adjust stone ccw", "adjust stone cw"}
    s["pl"][RED]["cubes"]["stone"] = 1
    s["supply"]["stone"] -= 1
    assert {"skip", "adjust stone ccw", "adjust wood ccw"} <= legal(s)
    s = play(s, "adjust stone ccw")
    assert s["pointers"] == [1, 2] and s["frames"][-1]["stage"] == "where"


def test_strauven_build_costs_and_sell_bonus():
    s = board("strauven")
    from pyengine.games.brussels1893.state import house_cost

    costs = []
    for b in range(6):
        s["pl"][RED]["built"] = b
        costs.append(house_cost(s, RED))
    assert costs == [(2, 0), (2, 0), (2, 0), (4, 0), (4, 5), (5, 5)]
    s["pl"][RED]["built"] = 0
    s = edit(s, RED, art=dict(ZERO_ART, green=1))
    s = play(s, f"place {where(s, 'V')}", "francs 1")
    score, money = s["pl"][RED]["score"], s["pl"][RED]["money"]
    s = play(s, "indicator 4 3")  # green: 6 points, 2 francs
    assert s["pl"][RED]["score"] == score + 7 and s["pl"][RED]["money"] == money + 3


def test_b_side_abilities_do_not_leak_to_side_a():
    s = actions(4)
    s = play(s, f"place {where(s, 'M')}", "francs 1")
    money = s["pl"][RED]["money"]
    s = play(s, "cubes wood wood")
    assert s["pl"][RED]["money"] == money
