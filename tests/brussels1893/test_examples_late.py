"""The rulebook's later worked examples as scenarios (pyengine/games/brussels1893/scenarios/
late-*.json): the final scoring example (計分範例: Elisabeth, 80 points, 4 nobles costing 13
francs) and the three Belle Époque examples (範例: Gabriel's Belle Époque tile, Louise's
exhibition hall at the third position, the exhibition visit of her hall). The chapter on
the B-side variant has no worked example. Each test replays a scenario and checks that its
position says what its captions say, and that its task accepts the rulebook's move only."""

from __future__ import annotations

from pathlib import Path

import pytest

from pyengine.core.i18n import LANGUAGES
from pyengine.core.scenario import Scenario, check_scenario, grade, load_scenario
from pyengine.games.brussels1893.data import CELL_BY_NAME, EXHIBITION_GLASS, EXHIBITION_ROW, cell_id
from pyengine.games.brussels1893.final import upkeep
from pyengine.games.brussels1893.scoring import hall_colours

from .helpers import GREEN, RED, legal, top
from .invariants import check_invariants

SCENARIOS = Path(__file__).resolve().parents[2] / "pyengine" / "games" / "brussels1893" / "scenarios"
LATE = (
    "late-final-scoring.json",
    "late-belle-epoque-tile.json",
    "late-exhibition-hall.json",
    "late-exhibition-visit.json",
)


def load(name: str) -> Scenario:
    return load_scenario((SCENARIOS / name).read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", LATE)
def test_each_example_replays_in_every_language(name: str) -> None:
    scenario = load(name)
    check_scenario(scenario)
    for value in [
        scenario.title,
        *(s.caption for s in scenario.steps),
        *(x for t in scenario.tasks for x in (t.ask, t.right, t.wrong)),
    ]:
        assert isinstance(value, dict) and set(value) == set(LANGUAGES), value
    for at in sorted({s.at for s in scenario.steps} | {t.at for t in scenario.tasks}):
        check_invariants(scenario.position(at)[1])


def test_at_least_two_tasks_among_the_late_examples() -> None:
    assert sum(len(load(name).tasks) for name in LATE) >= 2


# ---------------------------------------------------------------- 計分範例
def test_final_scoring_elisabeth_gives_up_the_five_franc_noble() -> None:
    """Round 5 over: Elisabeth (seat 1) has 80 points, 12 francs and 4 nobles costing 13
    (2 + 2 + 4 + 5). Giving up the 5-franc one: 75, then 40 + 3 + 10 + 3 + 3 + 1 = 135."""
    scenario = load("late-final-scoring.json")
    task = scenario.tasks[0]
    game, s = scenario.position(task.at)
    me = s["pl"][RED]
    assert top(s) == "upkeep" and game.to_move(s) == (RED,)
    assert (me["score"], me["money"], upkeep(s, RED)) == (80, 12, 13)
    assert sorted(me["nobles"]) == ["brugmann", "buls", "solvay", "velde"]
    assert legal(s) == {"forfeit brugmann", "forfeit solvay", "forfeit buls", "forfeit velde"}
    # Only the rulebook's choice reaches the points the task asks for.
    for other in ("forfeit brugmann", "forfeit solvay", "forfeit buls"):
        ok, why = grade(scenario, 0, other)
        assert not ok and "54" in why
    assert grade(scenario, 0, task.answer)[0] and task.answer == "forfeit velde"
    game, end = scenario.position(task.at + 1)
    me = end["pl"][RED]
    row = end["history"][-1][RED]
    assert game.is_over(end) and me["money"] == 4 and "velde" not in me["nobles"]
    assert (row["upkeep"], row["houses"], row["materials"], row["marker"], row["zones"]) == (-5, 40, 3, 0, 17)
    assert me["score"] == 135 and game.winners(end) == [RED]


# ---------------------------------------------------------------- 範例 (美好年代板塊)
def test_belle_epoque_tile_gabriel_takes_two_points_per_building() -> None:
    scenario = load("late-belle-epoque-tile.json")
    task = scenario.tasks[0]
    game, s = scenario.position(task.at)
    assert s["arch"][CELL_BY_NAME["c4r3"]] == RED
    assert s["grid"][cell_id(4, 3)] == "N" and "buls" in s["pl"][RED]["nobles"]
    assert top(s) == "betile" and "tile 3" in legal(s) and "skip" in legal(s)
    assert s["be"]["tiles"][2] == "T08"
    for other in ("skip", "tile 1", "tile 2", "tile 4"):
        assert not grade(scenario, 0, other)[0]
    game, after = scenario.position(task.at + 1)
    assert after["be"]["tile_arch"][2] == RED and after["pl"][RED]["tiles"] == ["T08"]
    assert after["pl"][RED]["reserve"] == 3  # 5 free, 1 on the noble cell, 1 on the tile


# ---------------------------------------------------------------- 範例 (展覽館)
def test_exhibition_hall_at_the_third_position_takes_two_extra_glass() -> None:
    scenario = load("late-exhibition-hall.json")
    task = scenario.tasks[0]
    game, s = scenario.position(task.at)
    me = s["pl"][RED]
    assert top(s) == "build" and EXHIBITION_GLASS[2] == 2
    assert {k: v for k, v in me["cubes"].items() if v} == {"wood": 1, "stone": 1, "glass": 2}
    assert {f"hall {i}" for i in range(1, 6)} <= legal(s)
    assert not grade(scenario, 0, "hall 1")[0] and grade(scenario, 0, "hall 3")[0]
    # Wildcards pay the house, never the extra glass: with wildcards for the glass, no third hall.
    swapped = {**me["cubes"], "glass": 0, "wild": 2}
    s["pl"][RED]["cubes"] = swapped
    s["supply"]["glass"] += 2
    s["supply"]["wild"] -= 2
    assert "hall 3" not in legal(s) and "hall 1" in legal(s)
    game, built = scenario.position(len(scenario.record["moves"]))
    me = built["pl"][RED]
    assert built["be"]["halls"][2] == RED and me["halls"] == [2] and me["built"] == 1
    assert me["be_cards"] == {"B23": False} and built["be"]["cards"][2] is None
    assert sum(me["cubes"].values()) == 0 and built["supply"]["glass"] == 10
    assert me["score"] == 5  # no wildcard used


# ---------------------------------------------------------------- 範例 (造訪展覽館)
def test_exhibition_visit_two_colours_in_the_halls_row() -> None:
    scenario = load("late-exhibition-visit.json")
    before, after = scenario.steps
    game, s = scenario.position(before.at)
    row = [s["arch"][cell_id(c, EXHIBITION_ROW[2])] for c in range(1, 6)]
    assert s["be"]["halls"][2] == RED and sorted(a for a in row if a != -1) == [RED, RED, GREEN]
    assert hall_colours(s, 2) == 2 and all(s["passed"]) and s["tally"][RED]["exhibitions"] == 0
    game, s = scenario.position(after.at)
    assert s["phase"] == "scoring" and top(s) == "b23"  # the board is not cleared yet
    assert [s["arch"][cell_id(c, 3)] for c in range(1, 4)] == [RED, RED, GREEN]
    assert s["tally"][RED]["exhibitions"] == 2 and s["pl"][RED]["score"] == 7
