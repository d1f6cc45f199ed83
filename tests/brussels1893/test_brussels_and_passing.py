"""Brussels board actions (escalating meeples, stock exchange, Grand-Place, park, market)
and passing."""

from __future__ import annotations

import pytest

from pyengine.games.brussels1893.data import STOCK, brussels_cost

from .helpers import BLUE, GREEN, RED, YELLOW, actions, edit, legal, nobles, play, refused, top, turn_to
from .invariants import check_invariants


@pytest.mark.parametrize(
    "players,needs", [(2, [1, 2, 3, 4]), (3, [1, 2, 3, 4]), (4, [1, 1, 2, 2, 3]), (5, [1, 1, 2, 2, 3])]
)
def test_brussels_actions_need_more_meeples_each_visit(players, needs):
    assert [brussels_cost(players, k) for k in range(1, len(needs) + 1)] == needs


def test_two_to_three_players_one_more_than_the_previous_visitor():
    s = actions(3)
    s = play(s, "visit bourse")
    assert s["visits"]["bourse"] == [[RED, 1, 0]]
    s = play(s, "visit bourse")
    assert s["visits"]["bourse"][-1] == [BLUE, 2, 0] and s["pl"][BLUE]["reserve"] == 3
    s = edit(s, GREEN, reserve=2)
    refused(s, "visit bourse", "Brussels action")
    assert "visit park" in legal(s)


def test_four_to_five_players_two_slots_per_level():
    """Grand-Place example: blue and red used it already, so green needs 2 architects."""
    s = actions(4)
    s = edit(s, RED, nobles={})  # nothing to activate: the visit ends at once
    s = play(s, "visit bourse", "visit bourse")
    s = turn_to(s, GREEN)
    s = play(s, "visit bourse")
    assert s["visits"]["bourse"][-1] == [GREEN, 2, 0]


def test_stock_exchange_pays_the_cards_francs():
    s = actions(4)
    money = s["pl"][RED]["money"]
    s = play(s, "visit bourse")
    assert s["pl"][RED]["money"] == money + STOCK[s["stock"]][0]


def test_grand_place_example_crown_level_2_uses_2_nobles_any_order():
    """Rulebook: Gabriel (crown level 2) exhausts 2 of his nobles, in any order."""
    s = actions(4)
    s = edit(s, RED, crown=2, nobles=nobles("brugmann", "albert", "maeterlinck"))
    s = play(s, "visit grandplace")
    assert top(s) == "grand" and legal(s) == {"activate brugmann", "activate albert", "activate maeterlinck", "done"}
    s = play(s, "activate albert")
    # Prince Albert raised the crown to 3, but the count was read before: one more.
    assert s["pl"][RED]["crown"] == 3
    s = play(s, "activate maeterlinck")
    assert top(s) == "turn" and s["turn"] == BLUE
    assert not s["pl"][RED]["nobles"]["brugmann"]["used"] and s["pl"][RED]["nobles"]["albert"]["used"]


def test_grand_place_each_noble_once_per_round():
    s = actions(4)
    s = edit(s, RED, crown=6, nobles={**nobles("brugmann"), **nobles("empain", used=True)})
    money = s["pl"][RED]["money"]
    s = play(s, "visit grandplace")
    assert legal(s) == {"activate brugmann", "done"}  # Empain was used this round
    s = play(s, "activate brugmann")
    assert s["pl"][RED]["money"] == money + 5 and top(s) == "turn"


def test_park_copies_an_art_nouveau_action():
    s = actions(4)
    s = play(s, "visit park")
    assert top(s) == "copy" and legal(s) == {"copy studio", "copy noble", "copy materials", "copy sell"}
    s = play(s, "copy materials", "cubes iron iron")
    assert s["pl"][RED]["cubes"]["iron"] == 2 and s["turn"] == BLUE


def test_park_copy_gives_no_free_action_nor_belle_epoque_tile():
    s = actions(4, be=True)
    s = play(s, "visit park", "copy studio", "art green")
    assert not any(e[0] in ("free", "tile") for e in s["events"])


def test_market_up_to_three_wildcards_from_a_limited_supply():
    s = actions(4)
    s = play(s, "visit market")
    assert legal(s) == {"wild 1", "wild 2", "wild 3"}
    s = play(s, "wild 3")
    assert s["pl"][RED]["cubes"]["wild"] == 3 and s["supply"]["wild"] == 12
    s["supply"]["wild"], s["pl"][BLUE]["cubes"]["wild"] = 1, 11
    s = play(s, "visit market")  # 1 left: taken by itself
    assert s["pl"][BLUE]["cubes"]["wild"] == 12 and s["supply"]["wild"] == 0
    check_invariants(s)


def test_travellers_are_used_before_architects_on_the_brussels_board():
    s = actions(4, be=True)
    s["train"] -= 1
    s = edit(s, RED, travellers=1)
    s = play(s, "visit bourse")
    assert s["visits"]["bourse"] == [[RED, 0, 1]] and s["pl"][RED]["reserve"] == 5


def test_travellers_never_go_to_the_art_nouveau_board():
    s = actions(4, be=True)
    s["train"] -= 1
    s = edit(s, RED, travellers=1, reserve=0)
    assert legal(s) == {"visit bourse", "visit grandplace", "visit park", "visit market", "pass"}


# ---------------------------------------------------------------- passing
def test_passing_example_two_colours_and_the_first_to_pass_draws_a_prestige_card():
    """Rulebook: Elisabeth passes with 2 blue and 1 green tiles: +2 francs. She is the
    first to pass: she draws a prestige card face down over last round's and gains 1 franc
    per card showing its '1 franc': +2 more. The new card's 2 Manneken-Pis count for her."""
    s = actions(4)
    deck = len(s["prestige_deck"])
    s = edit(
        s, RED, art={"yellow": 0, "blue": 2, "brown": 0, "green": 1, "black": 0}, reserve=1, pass_cards=["P30"], money=0
    )
    s = play(s, "pass")
    pl = s["pl"][RED]
    assert pl["money"] == 2 + 2 and len(pl["pass_cards"]) == 2 and len(s["prestige_deck"]) == deck - 1
    assert s["first_pass"] == RED and s["passed"][RED] and s["turn"] == BLUE
    from pyengine.games.brussels1893.scoring import manneken

    assert manneken(s, RED) == 2


def test_later_passers_only_get_the_colour_francs():
    s = actions(4)
    s = play(s, "pass")
    money = s["pl"][BLUE]["money"]
    s = edit(s, BLUE, art={"yellow": 1, "blue": 1, "brown": 1, "green": 0, "black": 1}, white=["green"])
    s = play(s, "pass")
    assert s["pl"][BLUE]["money"] == money + 5 and s["pl"][BLUE]["pass_cards"] == []


def test_a_player_who_passed_takes_no_more_turns():
    s = actions(4)
    s = play(s, "pass", "pass")
    assert s["turn"] == GREEN
    s = play(s, "visit bourse")
    assert s["turn"] == YELLOW
    s = play(s, "visit market", "wild 1")
    assert s["turn"] == GREEN


def test_everyone_passed_starts_the_scoring_phase():
    s = actions(4)
    s = play(s, "pass", "pass", "pass")
    assert s["phase"] == "actions"
    s = play(s, "pass")
    # Nothing to score on an empty board: the round ends and round 2 is planned.
    assert s["round"] == 2 and s["phase"] == "planning" and len(s["history"]) == 1
