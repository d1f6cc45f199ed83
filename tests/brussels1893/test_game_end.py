"""Game end: upkeep, the final scoring items, the rulebook's final scoring example, ties."""

from __future__ import annotations

from pyengine.core.game import copy_state
from pyengine.games.brussels1893.flow import settle

from .helpers import BLUE, RED, G, actions, edit, legal, nobles, play, top


def at_game_end(s):
    """Jump to the game end with the position as it is (round 5 over)."""
    s = copy_state(s)
    s["round"] = 5
    s["phase"] = "end"
    s["step"] = 0
    s["frames"] = []
    s["tally"] = [{} for _ in s["pl"]]
    s["history"] = [[{"total": 0} for _ in s["pl"]] for _ in range(5)]
    s["events"] = []
    settle(s)
    return s


def final_row(s, p):
    return s["history"][-1][p]


def test_final_scoring_example():
    """Rulebook: after round 5 Elisabeth has 80 points and 4 nobles whose upkeep totals 13
    francs, but only 12 francs: she gives up the 5-franc noble (-5 points) and keeps 4
    francs. Then: 5 houses at architect value 8 (40), 3 materials (3), 5 counted architects
    at zone value 2 (10), 3 nobles (3), 3 art tiles (3), 4 francs (1): 135 in all."""
    s = actions(4, start=RED)
    e = BLUE
    s = edit(
        s,
        e,
        score=80,
        money=12,
        level=5,
        built=5,
        court=0,
        reserve=7,
        nobles=nobles("brugmann", "solvay", "buls", "velde"),  # 2 + 2 + 4 + 5 = 13
        cubes={"wood": 2, "iron": 1, "stone": 0, "glass": 0, "wild": 1},
        art={"yellow": 1, "blue": 1, "brown": 1, "green": 0, "black": 0},
        tucked={"architects": 1, "nobles": 0, "art": 0, "money": 0},
    )
    for c in (0, 1, 2, 3, 4):
        s["house"][c] = e
    s = at_game_end(s)
    assert top(s) == "upkeep" and G.to_move(s) == (e,)
    assert "forfeit velde" in legal(s) and "forfeit brugmann solvay" not in legal(s)
    s = play(s, "forfeit velde")
    pl = s["pl"][e]
    assert G.is_over(s) and pl["money"] == 4 and "velde" not in pl["nobles"]
    row = final_row(s, e)
    assert (row["upkeep"], row["houses"], row["materials"], row["marker"]) == (-5, 40, 3, 0)
    assert row["zones"] == 10 + 3 + 3 + 1
    assert pl["score"] == 135


def test_upkeep_paid_in_full_when_affordable():
    s = actions(4)
    s = edit(s, RED, money=10, nobles=nobles("brugmann", "velde"))
    s = at_game_end(s)
    assert s["pl"][RED]["money"] == 3 and final_row(s, RED)["upkeep"] == 0


def test_you_must_pay_every_noble_you_can():
    s = actions(4)
    s = edit(s, RED, money=6, nobles=nobles("brugmann", "velde", "buls"))  # 2 + 5 + 4 = 11
    s = at_game_end(s)
    # Keep velde alone (5, then brugmann 2 would not fit: 7 > 6), or buls + brugmann (6).
    assert legal(s) == {"forfeit brugmann buls", "forfeit velde"}


def test_wildcards_score_nothing_materials_one_each():
    s = actions(4)
    s = edit(s, RED, money=0, nobles={}, cubes={"wood": 1, "iron": 1, "stone": 1, "glass": 0, "wild": 4})
    s = at_game_end(s)
    assert final_row(s, RED)["materials"] == 3 and s["pl"][RED]["cubes"]["wild"] == 0


def test_start_player_marker_is_worth_5():
    s = actions(4, start=BLUE)
    s = at_game_end(s)
    assert final_row(s, BLUE)["marker"] == 5 and final_row(s, RED)["marker"] == 0


def test_houses_score_by_the_architect_track():
    s = actions(4)
    s = edit(s, RED, level=6, built=2, money=100)
    s = at_game_end(s)
    assert final_row(s, RED)["houses"] == 20


def test_strategy_zones_score_even_without_tucked_cards():
    s = actions(4)
    # 5 architects not in court -> 3 counted; Brugmann kept; 1 art tile; 9 francs after upkeep.
    s = edit(s, RED, money=11, art={"yellow": 0, "blue": 1, "brown": 0, "green": 0, "black": 0})
    s = at_game_end(s)
    assert final_row(s, RED)["zones"] == 3 + 1 + 1 + 2


def test_ties_share_the_win():
    s = actions(2)
    s = at_game_end(s)
    s["pl"][0]["score"] = s["pl"][1]["score"] = 50
    assert G.winners(s) == [0, 1]


def test_rows_of_the_breakdown_add_up_to_the_scores():
    s = actions(3)
    s = edit(s, RED, built=3, level=3)
    s = at_game_end(s)
    b = G.breakdown(s)
    assert b["labels"][-1] == "Final scoring" and b["totals"] == G.scores(s)
    for p in range(3):
        assert sum(row[p]["total"] for row in b["rounds"]) == s["pl"][p]["score"]
