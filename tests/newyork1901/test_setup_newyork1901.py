"""New York 1901's scenario setup edits (pyengine/games/newyork1901/setup.py) and its
shipped scenarios (pyengine/games/newyork1901/scenarios/): each edit refuses a position
the rules cannot reach, naming the rule; the rulebook's examples come out with the
rulebook's numbers, on the positions test_examples.py builds; every task can be answered
on the scenario page's board."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from pyengine.core.game import IllegalMove, choices
from pyengine.core.scenario import Scenario, ScenarioError, check_scenario, grade, load_scenario
from pyengine.games.newyork1901 import scoring, setup
from pyengine.games.newyork1901.data import START_LOTS

from .helpers import BLUE, GREEN, G, build, cells_of, play, position
from .test_examples import G3_OVER_BOTH, MARKET, METLIFE, SILVER_5

SCENARIOS = Path(__file__).resolve().parents[2] / "pyengine" / "games" / "newyork1901" / "scenarios"
BASE = {"scenario": 1, "game": "newyork1901", "players": 2, "seed": 18, "options": {"first_player": "2"}, "moves": []}


def scenario(name: str) -> Scenario:
    return load_scenario((SCENARIOS / name).read_text(encoding="utf-8"))


def squares(*cells: tuple[int, int]) -> list[str]:
    return [f"{x} {y}" for x, y in cells]


def made(*edits: dict[str, Any], **record: Any) -> dict[str, Any]:
    return load_scenario(json.dumps({**BASE, **record, "setup": list(edits)})).position(0)[1]


def refused(why: str, *edits: dict[str, Any], **record: Any) -> None:
    """The last edit is refused with `why` (the rule's name and the reason)."""
    with pytest.raises(ScenarioError, match=rf"setup\[{len(edits) - 1}\]: {why}"):
        made(*edits, **record)


LOT = {"edit": "lot", "seat": 2}
BUILD = {"edit": "build", "seat": 2}


def test_an_edit_names_a_seat_and_one_of_the_edits():
    refused(
        r"Setup: New York 1901's setup edits are lot, build, score, hand, market, turn, not 'demolish'",
        {"edit": "demolish"},
    )
    refused(r"Setup: 'seat' must be a seat from 1 to 2", {**LOT, "lot": "Y10", "seat": 3})
    refused(r"Setup: 'seat' must be a seat from 1 to 2", {**LOT, "lot": "Y10", "seat": True})


def test_a_lot_comes_with_its_card_and_a_worker_of_the_seat():
    s0 = made()
    s = made({**LOT, "lot": "Y10"})
    assert s["owner"]["Y10"] == GREEN and s["workers"]["Y10"] == GREEN
    assert len(s["deck"] + s["market"]) == len(s0["deck"] + s0["market"]) - 1
    # The 2-square yellow lots but the starting one: 5 cards in the deck, 1 in the market.
    # Taking them all, the last comes from the market, which is refilled.
    twos = [lot for lot in ("Y06", "Y07", "Y08", "Y09", "Y11", "Y12", "Y13") if lot not in s0["owner"]]
    assert len(twos) == 6 and s0["market"].count(["yellow", 2]) == 1
    edits = [{**LOT, "lot": lot, "seat": 1 + i // 3} for i, lot in enumerate(twos)]
    s = made(*edits)
    assert ["yellow", 2] not in s["deck"] + s["market"] and len(s["market"]) == 4


def test_a_lot_the_rules_cannot_give_is_refused():
    refused(r"Setup: 'Z99' is not a lot", {**LOT, "lot": "Z99"})
    refused(r"Two-player game: the pink district is not used with 2 players", {**LOT, "lot": "P01"})
    refused(
        r"Acquisition: this lot is Player 2's: only a lot nobody owns",
        {**LOT, "lot": "Y10"},
        {**LOT, "lot": "Y10", "seat": 1},
    )
    four = [{**LOT, "lot": lot} for lot in ("Y01", "Y02", "Y03", "Y04")]
    refused(r"Acquisition: that seat has no free worker to put on the lot", *four, {**LOT, "lot": "Y05"})
    start = START_LOTS[made()["characters"][1]]
    refused(r"Acquisition: this lot is Player 2's", {**LOT, "lot": start})


def test_a_build_obeys_the_building_rules_and_brings_the_workers_back():
    two = {"edit": "score", "seat": 2, "points": 2}  # a setup build scores nothing: the score comes first
    s = made({**LOT, "lot": "Y10"}, two, {**BUILD, "tile": "B1", "squares": ["14 4", "15 4"]})
    assert s["tiles"][-1] == {"id": "B1", "player": GREEN, "cells": [[14, 4], [15, 4]]}
    assert "Y10" not in s["workers"] and s["owner"]["Y10"] == GREEN
    assert "B1" not in s["supply"][GREEN] and s["scores"][GREEN] == 2
    assert s["turn"] == GREEN and s["did"]["builds"] == 0  # ... and is no move of a turn
    lot = {**LOT, "lot": "Y10"}
    refused(r"Setup: there is no tile 'START'", lot, {**BUILD, "tile": "START", "squares": ["14 4", "15 4"]})
    refused(r"Setup: 'squares' lists board squares as", lot, {**BUILD, "tile": "B1", "squares": "14 4"})
    refused(r"Setup: 'squares' lists board squares as", lot, {**BUILD, "tile": "B1", "squares": []})
    refused(r"Setup: '17 4' is not a square of the board", lot, {**BUILD, "tile": "B1", "squares": ["16 4", "17 4"]})
    refused(r"Setup: these squares are not the shape of B1", lot, {**BUILD, "tile": "B1", "squares": ["14 4", "16 4"]})
    refused(
        r"Estate: it would cover .*, which is nobody's yet",
        lot,
        {**BUILD, "tile": "B3", "squares": ["14 4", "14 5", "14 6"]},
    )
    refused(
        r"Frontage: at least one side",
        {**LOT, "lot": "G09"},
        {**LOT, "lot": "R06"},
        {**BUILD, "tile": "B1", "squares": ["10 12", "11 12"]},
    )
    refused(
        r"Technology: silver needs 6 points; you have 0",
        lot,
        {**BUILD, "tile": "S1", "squares": squares(*cells_of("Y10"))},
    )
    b1 = {**BUILD, "tile": "B1", "squares": ["14 4", "15 4"]}
    refused(
        r"Skyscraper supply: you have already built that skyscraper",
        lot,
        {**two, "points": 4},
        b1,
        {**LOT, "lot": "Y11"},
        {**b1, "squares": ["14 5", "15 5"]},
    )
    refused(
        r"Overlap: a setup build goes on free squares",
        lot,
        {**two, "points": 4},
        b1,
        {**BUILD, "tile": "B2", "squares": ["15 4", "16 4"]},
    )
    refused(r"Setup: Player 2's skyscrapers on the board score 2 points, more than their score of 0", lot, b1)


def test_a_legendary_is_one_per_player():
    lots = [{"edit": "lot", "seat": 2, "lot": lot} for lot in ("Y01", "Y02", "Y03", "Y04")]
    score = {"edit": "score", "seat": 2, "points": 40}
    park_row = {**BUILD, "tile": "L1", "squares": ["9 0", "10 0", "11 0", "10 1", "11 1"]}
    s = made(*lots, score, park_row)
    assert s["king"][GREEN] == "L1" and "L1" not in s["legends"]
    refused(
        r"Legendary: each player may build only one legendary",
        *lots,
        score,
        park_row,
        {**BUILD, "tile": "L2", "squares": ["14 4", "15 4", "16 4", "14 5", "15 5", "16 5"]},
    )
    refused(
        r"Legendary: the Park Row Building is already built",
        *lots,
        score,
        park_row,
        {**LOT, "lot": "Y10", "seat": 1},
        {"edit": "score", "seat": 1, "points": 18},
        {**BUILD, "seat": 1, "tile": "L1", "squares": ["14 4", "15 4", "16 4", "15 5", "16 5"]},
    )


def test_the_last_skyscrapers_would_end_the_game():
    s = made({**LOT, "lot": "Y10"})
    s["supply"][GREEN] = ["B1", "B2", "B3", "B4", "B5"]  # 13 built elsewhere, as far as the count goes
    with pytest.raises(IllegalMove, match="only 4 skyscrapers left to build"):
        setup.apply_setup(s, {**BUILD, "tile": "B1", "squares": ["14 4", "15 4"]})


def test_a_score_covers_the_skyscrapers_standing_for_it():
    s = made({"edit": "score", "seat": 2, "points": 18})
    assert s["scores"] == s["built"] == [0, 18]
    refused(r"Setup: a score is a whole number of points, 0 or more", {"edit": "score", "seat": 2, "points": -1})
    refused(r"Setup: a score is a whole number", {"edit": "score", "seat": 2, "points": "18"})
    silver = [
        {**LOT, "lot": "Y10"},
        {"edit": "score", "seat": 2, "points": 6},
        {**BUILD, "tile": "S1", "squares": squares(*cells_of("Y10"))},
    ]
    assert made(*silver)["scores"][GREEN] == 6
    refused(r"Technology: silver needs 6 points; you have 5", *silver, {"edit": "score", "seat": 2, "points": 5})


def test_a_hand_is_some_of_the_three_action_cards():
    assert made({"edit": "hand", "seat": 2, "cards": ["grab", "boom"]})["cards"] == [
        ["boom", "shift", "grab"],
        ["boom", "grab"],
    ]
    assert made({"edit": "hand", "seat": 1, "cards": []})["cards"][0] == []
    refused(r"Cards in hand: a hand holds each", {"edit": "hand", "seat": 2, "cards": ["boom", "boom"]})
    refused(r"Cards in hand: a hand holds each", {"edit": "hand", "seat": 2, "cards": ["king"]})
    refused(
        r"Cards in hand: this game is played without action cards",
        {"edit": "hand", "seat": 2, "cards": ["boom"]},
        options={"action_cards": False},
    )


def test_the_market_shows_the_cards_asked_for_and_the_deck_keeps_the_rest():
    before = made()
    s = made({"edit": "market", "cards": ["red 2", "yellow 3"]})
    assert s["market"][:2] == [["red", 2], ["yellow", 3]] and len(s["market"]) == 4
    assert sorted(map(tuple, s["deck"] + s["market"])) == sorted(map(tuple, before["deck"] + before["market"]))
    refused(r"Setup: 'cards' lists 1 to 4 lot cards", {"edit": "market", "cards": []})
    refused(r"Setup: 'cards' lists 1 to 4 lot cards", {"edit": "market", "cards": ["red 4"]})
    refused(r"Setup: 'cards' lists 1 to 4 lot cards", {"edit": "market", "cards": ["purple 2"]})
    refused(r"Setup: no card of a 2-square pink lot is left", {"edit": "market", "cards": ["pink 2"]})


def test_the_turn_begins_for_the_seat_named():
    s = made({"edit": "turn", "seat": 1})
    assert s["turn"] == 0 and G.phase(s) == "start"


# ---------------------------------------------------------------- the shipped scenarios
def owned(s: dict[str, Any], seat: int) -> dict[str, Any]:
    """What a seat has on the board, apart from its starting building (which the tests'
    positions leave out): lots, workers, skyscrapers (id and squares) and score."""
    start = START_LOTS.get(s["characters"][seat] or "")
    return {
        "lots": sorted(lot for lot, p in s["owner"].items() if p == seat and lot != start),
        "workers": sorted(lot for lot, p in s["workers"].items() if p == seat),
        "tiles": sorted(
            (t["id"], tuple(sorted(map(tuple, t["cells"]))))
            for t in s["tiles"]
            if t["player"] == seat and t["id"] != "START"
        ),
        "score": s["scores"][seat],
    }


def test_the_setup_example_is_a_new_three_player_game():
    s = scenario("setup.json").position(0)[1]
    assert s["players"] == 3 and s["tiles"] == [t for t in s["tiles"] if t["id"] == "START"] and len(s["tiles"]) == 3
    assert len(s["market"]) == 4 and len(s["streets"]) == 3 and s["challenge"] and len(s["legends"]) == 4
    assert all(len(supply) == 18 for supply in s["supply"]) and all(len(c) == 3 for c in s["cards"])


def test_example_1_is_reached_by_a_real_game_and_scores_2():
    sc = scenario("example-1.json")
    _, before = sc.position(0)
    assert ["yellow", 3] in before["market"] and before["turn"] == GREEN
    after = sc.position(2)[1]
    mirror = play(position(2, turn=GREEN, market=MARKET), "acquire Y10", build("B1", (14, 4), (15, 4)))
    assert (
        owned(after, GREEN)
        == owned(mirror, GREEN)
        == {"lots": ["Y10"], "workers": [], "tiles": [("B1", ((14, 4), (15, 4)))], "score": 2}
    )


def test_example_2_continues_example_1_and_scores_3_more():
    sc = scenario("example-2.json")
    assert sc.record["moves"][:2] == scenario("example-1.json").record["moves"]
    s = sc.position(6)[1]
    assert owned(s, GREEN) == {
        "lots": ["Y10", "Y12"],
        "workers": [],
        "tiles": [("B1", ((14, 4), (15, 4))), ("B3", ((16, 4), (16, 5), (16, 6)))],
        "score": 5,
    }


def test_example_3_is_test_examples_position_and_scores_6():
    sc = scenario("example-3.json")
    s = sc.position(0)[1]
    mirror = position(4, turn=BLUE, workers={"B10": BLUE, "B13": BLUE}, scores=[0, 0, 0, 6], market=MARKET)
    assert owned(s, BLUE) == owned(mirror, BLUE) and s["turn"] == BLUE and ["red", 2] in s["market"]
    moves = sc.record["moves"]
    assert moves[1] == build("S5", (14, 8), (15, 8), (14, 9), (15, 9), (16, 9))
    assert owned(sc.position(2)[1], BLUE) == owned(play(mirror, *moves), BLUE)
    assert sc.position(2)[1]["scores"][BLUE] == 12 and not sc.position(2)[1]["workers"]


def test_example_4_is_test_examples_position_and_its_demolition_scores_7():
    sc = scenario("example-4.json")
    s = sc.position(0)[1]
    mirror = position(
        2,
        turn=GREEN,
        scores=[0, 18],
        market=MARKET,
        tiles=[("B3", GREEN, cells_of("Y10")), ("B5", GREEN, [(14, 5), (15, 5), (14, 6), (15, 6)])],
    )
    assert owned(s, GREEN) == owned(mirror, GREEN)
    assert sc.record["moves"] == [G3_OVER_BOTH]
    after = sc.position(1)[1]
    assert after["scores"][GREEN] == 25 and after["workers"] == {"Y13": GREEN}
    assert owned(after, GREEN) == owned(play(mirror, G3_OVER_BOTH), GREEN)


def test_example_5_is_test_examples_position_and_the_tower_scores_12():
    sc = scenario("example-5.json")
    s = sc.position(0)[1]
    mirror = position(
        4,
        turn=BLUE,
        scores=[0, 0, 0, 18],
        workers={"B03": BLUE},
        tiles=[("S5", BLUE, SILVER_5)],
        challenge="Gold Tycoon",
        streets=["Broadway", "Wall Street", "Cedar Street"],
        market=MARKET,
    )
    assert owned(s, BLUE) == owned(mirror, BLUE)
    assert sorted(s["streets"]) == sorted(mirror["streets"]) and s["challenge"] == "Gold Tycoon"
    assert sc.record["moves"] == [build("L3", *METLIFE)]
    after = sc.position(1)[1]
    assert after["scores"][BLUE] == 30 and after["king"][BLUE] == "L3" and not after["workers"]
    assert {card: scoring.street_counts(after, card)[BLUE] for card in after["streets"]} == {
        "Broadway": 0,
        "Wall Street": 0,
        "Cedar Street": 1,
    }


def test_the_wall_street_example_ends_4_1_1_3_and_its_task_asks_for_that_majority():
    """FR "Majorité sur Wall Street": brown 4, green 1, yellow 1 (its starting building
    counts), blue 3: brown alone has the majority. Before the last build, 3 against 3
    is a tie, which scores nobody."""
    sc = scenario("street-majority.json")
    before, after = sc.position(1)[1], sc.position(2)[1]
    assert "Wall Street" in G.regions(after)
    assert scoring.street_counts(before, "Wall Street") == [3, 1, 1, 3] and G.majority(before, "Wall Street") is None
    assert scoring.street_counts(after, "Wall Street") == [4, 1, 1, 3] and G.majority(after, "Wall Street") == 0
    assert any(t["id"] == "START" and t["player"] == 2 for t in after["tiles"])
    assert G.majority(after, "Cedar Street") is None  # not a card in play
    assert [t.check["kind"] for t in sc.tasks] == ["move", "majority"]
    ok, why = grade(sc, 1, "end")
    assert not ok and "you do not hold that majority alone" in why


def answerable(sc: Scenario, index: int) -> list[str]:
    """The moves that pass task `index` and that a reader can click on the scenario page's
    board: a build's places are shown at the first rotation that has any (that board
    cannot turn a tile), as render() draws them for the tile chosen."""
    task = sc.tasks[index]
    game, state = sc.position(task.at)
    out = []
    for move in game.legal_moves(state):
        if not grade(sc, index, str(move))[0]:
            continue
        *steps, _ = move.tokens
        board = game.render(state, state["turn"], choices=choices(game, state, steps).tokens, selected=tuple(steps))
        if re.search(rf'data-move="{re.escape(str(move))}"', board):
            out.append(str(move))
    return out


@pytest.mark.parametrize("name", sorted(p.name for p in SCENARIOS.glob("*.json")))
def test_every_task_can_be_answered_on_the_board(name):
    sc = scenario(name)
    check_scenario(sc)
    for i in range(len(sc.tasks)):
        assert answerable(sc, i), f"{name} task {i}: no passing move is clickable"


def test_the_guide_has_the_setup_and_every_worked_example():
    import pyengine.games.newyork1901 as package

    guide = json.loads((Path(package.__file__).parent / "guide.json").read_text(encoding="utf-8"))
    worked = ["setup.json", *(f"example-{n}.json" for n in range(1, 6)), "street-majority.json"]
    # Then the cards the rulebook names without an example (issue 50), each on a live board.
    cards = ["market-shift.json", "land-grab.json", "construction-boom.json", "challenge-cards.json"]
    assert [name for name in guide["examples"] if name not in cards] == worked
    assert sorted(set(guide["examples"]) - set(worked)) == sorted(cards)
    assert set(guide["sections"].values()) <= set(guide["examples"])
    assert sum(len(scenario(name).tasks) for name in guide["examples"]) >= 2
