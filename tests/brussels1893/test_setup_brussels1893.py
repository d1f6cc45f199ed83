"""Brussels 1893's setup edits for scenarios (pyengine/games/brussels1893/setup.py): each
refuses a position the rules cannot reach, naming the rule; the regions and majorities a
task may ask about; the board ids; and the rulebook's worked examples come out with the
numbers the rulebook gives."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pyengine.core.annotate import boxes
from pyengine.core.game import IllegalMove
from pyengine.core.scenario import load_scenario

from .helpers import BLUE, GREEN, RED, G, cell, new

SCENARIOS = Path(__file__).resolve().parents[2] / "pyengine" / "games" / "brussels1893" / "scenarios"
ACTIONS = {"edit": "phase", "phase": "actions", "square": "2-2", "start": 1}


def built(*edits, n: int = 4):
    s = new(n)
    for e in edits:
        s = G.apply_setup(s, e)
    return s


def refused(rule: str, words: str, *edits, n: int = 4) -> None:
    with pytest.raises(IllegalMove) as err:
        built(*edits, n=n)
    assert err.value.rule == rule, str(err.value)
    assert words in str(err.value), str(err.value)


def test_every_edit_applies_and_keeps_the_invariants():
    s = built(
        dict(ACTIONS, round=3, turn=2),
        {"edit": "architect", "seat": 1, "cell": "3 4", "francs": 3},
        {"edit": "art", "seat": 2, "tiles": {"green": 1, "black": 1}},
        {"edit": "house", "seat": 2, "cell": "1 1"},
        {"edit": "noble", "seat": 1, "noble": "buls", "used": True},
        {"edit": "score", "seat": 1, "points": 20, "item": "art"},
        {"edit": "visit", "seat": 2, "area": "grandplace", "architects": 2},
        {"edit": "prestige", "seat": 2, "pass": ["P03"], "tucked": {"nobles": "P14"}},
        {"edit": "strip", "column": 3, "card": "P13"},
        {"edit": "market", "pos": [4, 3], "slots": ["brown", None]},
        {"edit": "compass", "pointers": ["wood", "fr3"]},
        {"edit": "cubes", "seat": 1, "wood": 2, "wild": 1},
        {"edit": "display", "nobles": ["buls", "albert", "solvay", "empain"]},
        {"edit": "turn", "seat": 2, "passed": [4, 3]},
        {"edit": "tracks", "seat": 1, "crown": 2, "fleur": 3},
        {"edit": "court", "seat": 1, "architects": 1},
        {"edit": "money", "seat": 1, "francs": 2},
    )
    assert G.invariants(s) == []
    assert s["round"] == 3 and len(s["stock_discard"]) == 2 and G.phase(s) == "action phase"
    assert G.to_move(s) == (BLUE,) and s["first_pass"] == 3 and s["passed"] == [False, False, True, True]
    assert G.scores(s) == [20, 0, 0, 0] and G.breakdown(s)["rounds"][0][RED]["art"] == 20
    assert s["pl"][RED]["nobles"]["buls"]["used"] and s["pl"][BLUE]["tucked"]["nobles"] == 2
    assert s["pl"][RED]["reserve"] == 5 and s["pl"][RED]["court"] == 1 and s["pl"][RED]["money"] == 2
    assert s["house"][cell("c1r1")] == BLUE and s["pl"][BLUE]["built"] == 1
    assert [c.split(":")[0] for c in s["display"]] == ["buls", "albert", "solvay", "empain"]
    assert s["strip"][2] == "P13" and s["market"]["slots"] == ["brown", None] and s["studio"]["brown"] == 5


def test_the_phase_edit_deals_start_money_and_turns_up_a_card_offering_the_square():
    s = built({"edit": "phase", "phase": "planning", "start": 3, "square": "2-2"})
    assert [pl["money"] for pl in s["pl"]] == [7, 8, 5, 6]
    assert {str(m) for m in G.legal_moves(s)} >= {"square 2-2"} and G.to_move(s) == (GREEN,)


@pytest.mark.parametrize(
    "rule,words,edits",
    [
        ("Setup", "setup edits are", [{"edit": "teleport"}]),
        ("Setup", "comes first, and once", [ACTIONS, ACTIONS]),
        ("Setup", "'phase' is planning or actions", [{"edit": "phase", "phase": "scoring"}]),
        ("Planning", "not a fleur-de-lis", [{"edit": "phase", "phase": "actions", "square": "5-5"}]),
        ("Planning", "no stock card left offers", [{"edit": "phase", "phase": "actions", "square": "1-1"}]),
        ("Setup", "'round' must be", [{"edit": "phase", "phase": "actions", "square": "2-2", "round": 6}]),
        ("Setup", "needs the action phase", [{"edit": "architect", "seat": 1, "cell": "3 3"}]),
        ("Active area", "outside the area", [ACTIONS, {"edit": "architect", "seat": 1, "cell": "1 1"}]),
        (
            "One architect per cell",
            "already has an architect",
            [ACTIONS, {"edit": "architect", "seat": 1, "cell": "3 3"}, {"edit": "architect", "seat": 2, "cell": "3 3"}],
        ),
        ("Setup", "not a cell", [ACTIONS, {"edit": "architect", "seat": 1, "cell": "c3r3"}]),
        ("Neutral architects", "two-player", [ACTIONS, {"edit": "architect", "seat": "neutral", "cell": "3 3"}]),
        ("Architects", "no architect left", [ACTIONS, {"edit": "visit", "seat": 1, "area": "park", "architects": 6}]),
        ("Setup", "'area' is one of", [ACTIONS, {"edit": "visit", "seat": 1, "area": "opera", "architects": 1}]),
        (
            "Architects",
            "off the boards",
            [
                ACTIONS,
                {"edit": "visit", "seat": 1, "area": "park", "architects": 5},
                {"edit": "court", "seat": 1, "architects": 3},
            ],
        ),
        ("Setup", "'seat' must be a seat", [{"edit": "money", "seat": 5, "francs": 3}]),
        ("Setup", "'francs' must be", [{"edit": "money", "seat": 1, "francs": -1}]),
        ("Setup", "'item' is one of", [{"edit": "score", "seat": 1, "points": 3, "item": "luck"}]),
        ("Setup", "'crown' must be", [{"edit": "tracks", "seat": 1, "crown": 7}]),
        (
            "Studio",
            "art tiles are left",
            [{"edit": "art", "seat": 1, "tiles": {"green": 4}}, {"edit": "art", "seat": 2, "tiles": {"green": 3}}],
        ),
        (
            "Materials",
            "left in the supply",
            [{"edit": "cubes", "seat": 1, "wild": 10}, {"edit": "cubes", "seat": 2, "wild": 6}],
        ),
        (
            "Build",
            "no tile and no architect",
            [{"edit": "house", "seat": 1, "cell": "1 1"}, {"edit": "house", "seat": 2, "cell": "1 1"}],
        ),
        (
            "Build",
            "all 6 houses",
            [{"edit": "house", "seat": 1, "cell": f"{c} 1"} for c in range(1, 6)]
            + [{"edit": "house", "seat": 1, "cell": "1 2"}, {"edit": "house", "seat": 1, "cell": "2 2"}],
        ),
        (
            "Noble action",
            "same name",
            [{"edit": "noble", "seat": 1, "noble": "buls"}, {"edit": "noble", "seat": 1, "noble": "buls"}],
        ),
        ("Setup", "'noble' is one of", [{"edit": "noble", "seat": 1, "noble": "brugmann"}]),
        ("Setup", "left in the deck", [{"edit": "noble", "seat": s, "noble": "buls"} for s in (1, 2, 3, 4)]),
        ("Setup", "cards of the display", [{"edit": "display", "nobles": ["buls"]}]),
        ("Setup", "not a prestige card", [{"edit": "strip", "column": 1, "card": "P31"}]),
        ("Setup", "no points to tuck", [{"edit": "prestige", "seat": 1, "tucked": {"art": "P25"}}]),
        ("Sell action", "indicator's centre", [{"edit": "market", "pos": [1, 3]}]),
        ("Sell action", "two art colours", [{"edit": "market", "slots": ["pink", None]}]),
        ("Compass", "same segment", [{"edit": "compass", "pointers": ["wood", "wood"]}]),
        ("Compass", "two segments", [{"edit": "compass", "pointers": ["wood", "glass"]}]),
        ("Action phase", "passes once", [ACTIONS, {"edit": "turn", "seat": 1, "passed": [1]}]),
    ],
)
def test_an_impossible_position_is_refused_with_the_rule(rule, words, edits):
    refused(rule, words, *edits)


def test_neutral_architects_in_a_two_player_game():
    s = built(ACTIONS, {"edit": "architect", "seat": "neutral", "cell": "3 3"}, n=2)
    assert s["arch"][cell("c3r3")] == -2
    refused(
        "Neutral architects",
        "without a tile",
        {"edit": "house", "seat": 1, "cell": "3 4"},
        ACTIONS,
        {"edit": "architect", "seat": "neutral", "cell": "3 4"},
        n=2,
    )


def test_regions_are_the_active_columns_and_the_fleurs_and_a_fleur_counts_once_surrounded():
    s = built(
        {"edit": "phase", "phase": "actions", "square": "2-1", "start": 1},
        {"edit": "architect", "seat": 3, "cell": "3 2"},
        {"edit": "architect", "seat": 3, "cell": "4 2"},
        {"edit": "architect", "seat": 1, "cell": "3 3", "francs": 4},
    )
    assert G.regions(s)[:3] == ("column 3", "column 4", "column 5") and "fleur 3-2" in G.regions(s)
    assert G.majority(s, "column 3") == RED and G.majority(s, "column 4") == GREEN
    assert G.majority(s, "fleur 3-2") is None  # one cell is empty
    s = G.apply_setup(s, {"edit": "architect", "seat": 2, "cell": "4 3"})
    assert G.majority(s, "fleur 3-2") == GREEN and G.majority(s, "column 1") is None


def test_the_board_ids_are_boxes_a_mark_can_be_drawn_on():
    s = built(ACTIONS)
    found = boxes(G.render(s))
    for part in (
        "3 4",
        "column 2",
        "fleur 2-2",
        "prestige 5",
        "bourse",
        "grandplace",
        "park",
        "market",
        "court",
        "stock",
        "noble 1",
        "noble 4",
        "noble deck",
        "art market",
        "indicator",
        "market slot 2",
        "studio black",
        "supply wild",
        "compass",
        "seat 4",
        "seat 1 tracks",
        "seat 2 houses",
        "seat 3 zones",
        "seat 4 pieces",
        "seat 1 cards",
    ):
        assert part in found, part
    be = G.new_game(3, 1, {"belle_epoque": True, "variant": False})
    ids = boxes(G.render(be))
    assert {"hall 1", "hall 5", f"tile {be['be']['tiles'][0]}"} <= set(ids)


def _scenario(name: str):
    data = json.loads((SCENARIOS / name).read_text(encoding="utf-8"))
    return load_scenario(json.dumps(data)), data


def _at(name: str, at: int):
    sc, _ = _scenario(name)
    return sc.position(at)[1]


def test_the_sell_example_gives_6_points_and_2_francs():
    before, after = _at("sell.json", 3), _at("sell.json", 5)
    assert after["pl"][BLUE]["score"] - before["pl"][BLUE]["score"] == 6
    assert after["pl"][BLUE]["money"] - before["pl"][BLUE]["money"] == 2
    assert after["market"]["slots"][0] == "green" and after["studio"]["brown"] == 6


def test_the_build_example_pays_2_wood_and_a_wildcard_and_gets_no_bonus():
    s = _at("build.json", 4)
    assert s["pl"][RED]["built"] == 4 and s["pl"][RED]["score"] == 0
    assert s["pl"][RED]["cubes"]["wood"] == 0 and s["pl"][RED]["cubes"]["wild"] == 0 and s["pl"][RED]["money"] == 2


def test_the_grand_place_example_costs_2_architects_and_uses_2_nobles():
    s = _at("grand-place.json", 3)
    assert s["visits"]["grandplace"][-1] == [GREEN, 2, 0]
    assert sum(1 for v in s["pl"][GREEN]["nobles"].values() if v["used"]) == 2 and s["pl"][GREEN]["score"] == 5


def test_the_pass_example_gives_2_then_2_more_francs():
    before, after = _at("pass-first.json", 0), _at("pass-first.json", 1)
    assert after["pl"][BLUE]["money"] - before["pl"][BLUE]["money"] == 4 and len(after["pl"][BLUE]["pass_cards"]) == 2


def test_the_column_example_gives_louise_the_card():
    assert _at("column-majority.json", 4)["pl"][RED]["won"] == ["P13"]


def test_the_start_player_example_ties_and_elisabeth_starts():
    assert _at("start-player.json", 1)["start"] == BLUE


def test_the_prestige_example_makes_nobles_worth_3_and_money_2():
    from pyengine.games.brussels1893.state import zone_value

    s = _at("prestige-cards.json", 3)
    assert zone_value(s, RED, "nobles") == 3 and zone_value(s, RED, "money") == 2
    assert s["pl"][RED]["crown"] == 2 and s["pl"][RED]["level"] == 2


def test_the_fleur_example_scores_2_3_and_2():
    assert G.scores(_at("fleur-majority.json", 6)) == [3, 2, 2, 0]


def test_the_brussels_example_sends_louise_and_gabriel_to_the_court():
    before, after = _at("brussels-majority.json", 0), _at("brussels-majority.json", 1)
    assert [a["court"] - b["court"] for a, b in zip(after["pl"], before["pl"])] == [1, 0, 1, 0]
