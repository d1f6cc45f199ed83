"""The scoring phase: column majorities, the next start player, reward or strategy zone,
fleur-de-lis majorities, the Brussels majority, and the round-end clean-up."""

from __future__ import annotations

from .helpers import (
    BLUE,
    GREEN,
    RED,
    YELLOW,
    actions,
    edit,
    legal,
    nobles,
    play,
    put,
    run_scoring,
    scoring_step,
    set_strip,
    top,
)
from .invariants import check_invariants


def test_column_majority_example_3_francs_beat_2():
    """Rulebook: Louise (red) put 3 francs in a column, Gabriel (green) 2: she takes the
    prestige card under that column."""
    s = actions(4, square="2-2")  # active columns 3-5
    s = put(s, RED, "c4r3", 3)
    s = put(s, GREEN, "c4r5", 2)
    s = set_strip(s, 4, "P13")
    s = run_scoring(s)
    assert s["pl"][RED]["won"] == ["P13"] and s["pl"][GREEN]["won"] == [] and s["strip"][3] is None
    assert top(s) == "prize" and s["frames"][-1]["card"] == "P13"


def test_column_majority_sums_francs_per_player_in_the_column():
    s = actions(4, square="2-2")
    s = put(s, RED, "c3r3", 1)
    s = put(s, RED, "c3r4", 1)
    s = put(s, BLUE, "c3r5", 1)
    from pyengine.games.brussels1893.scoring import column_francs

    assert column_francs(s, 3) == [2, 1, 0, 0]


def test_column_majority_tie_everyone_tied_takes_the_reward_nobody_the_card():
    s = actions(4, square="2-2")
    s = put(s, RED, "c5r3", 2)
    s = put(s, BLUE, "c5r4", 2)
    s = set_strip(s, 5, "P04")  # crown, single reward
    s = run_scoring(s)
    assert s["pl"][RED]["crown"] == 2 and s["pl"][BLUE]["crown"] == 2
    assert "P04" in s["prestige_discard"] and all("P04" not in pl["tucked_cards"] for pl in s["pl"])


def test_start_player_by_manneken_pis_example():
    """Rulebook: Louise (the start player) won 2 cards with 1 Manneken-Pis each; Elisabeth
    won none but passed first (2). Tied at 2: the first tied player clockwise from the
    start player's left starts, Elisabeth."""
    s = actions(4, start=RED)
    s["pl"][RED]["won"] = ["P01", "P04"]
    s["first_pass"] = BLUE
    s = scoring_step(s, "_start_player")
    assert s["start"] == BLUE


def test_start_player_most_icons_wins_even_against_the_first_passer():
    s = actions(4, start=RED)
    s["pl"][YELLOW]["won"] = ["P01", "P04", "P07"]
    s["first_pass"] = BLUE
    s = scoring_step(s, "_start_player")
    assert s["start"] == YELLOW


def test_card_choice_take_the_reward_or_tuck_it_under_a_zone():
    s = actions(4)
    s["pl"][RED]["won"] = ["P13"]  # fleur or crown, 1 Manneken, +1
    s = scoring_step(s, "_rewards")
    assert legal(s) == {
        "reward P13 fleur",
        "reward P13 crown",
        "tuck P13 architects",
        "tuck P13 nobles",
        "tuck P13 art",
        "tuck P13 money",
    }
    t = play(s, "reward P13 crown")
    assert t["pl"][RED]["crown"] == 2 and "P13" in t["prestige_discard"]
    t = play(s, "tuck P13 money")
    assert t["pl"][RED]["tucked"]["money"] == 1 and "P13" in t["pl"][RED]["tucked_cards"]


def test_tuck_example_one_card_per_zone_per_round():
    """Rulebook: Louise won 3 cards; she tucks two (nobles zone 1 -> 3, money zone 1 -> 2)
    and takes the third's rewards (architect and crown tracks)."""
    s = actions(4)
    s["pl"][RED]["won"] = ["P14", "P02", "P28"]  # +2 icon, +1 icon, crown+architect
    s = scoring_step(s, "_rewards")
    s = play(s, "tuck P14 nobles")
    assert "tuck P02 nobles" not in legal(s)
    s = play(s, "tuck P02 money")
    # P28 gives both rewards and cannot be tucked: taken by itself.
    pl = s["pl"][RED]
    assert pl["tucked"] == {"architects": 0, "nobles": 2, "art": 0, "money": 1}
    assert (pl["level"], pl["crown"]) == (2, 2)
    from pyengine.games.brussels1893.state import zone_value

    assert zone_value(s, RED, "nobles") == 3 and zone_value(s, RED, "money") == 2


def test_reward_court_frees_an_architect():
    s = actions(4)
    s["pl"][RED]["won"] = ["P12"]
    s = scoring_step(s, "_rewards")
    s = play(s, "reward P12 court")
    assert s["pl"][RED]["court"] == 1 and s["pl"][RED]["reserve"] == 6


def test_fleur_majority_example_with_ties():
    """Rulebook: fleurs not fully surrounded are ignored; Gabriel (green) has 2 of the 4
    architects around one and scores his level (2); Louise (red) and Elisabeth (blue) tie
    around another and score their own levels, 3 and 2."""
    s = actions(4, square="1-1")  # active: columns 2-5, rows 2-5
    s = edit(s, RED, fleur=2)
    for p, c in ((GREEN, "c2r2"), (GREEN, "c3r2"), (RED, "c2r3"), (BLUE, "c3r3")):  # fleur 2-2
        s = put(s, p, c)
    for p, c in ((RED, "c4r4"), (RED, "c5r4"), (BLUE, "c4r5"), (BLUE, "c5r5")):  # fleur 4-4
        s = put(s, p, c)
    s = put(s, YELLOW, "c4r2")  # fleur 3-2 / 4-2 / 3-1 ... never fully surrounded
    before = [pl["score"] for pl in s["pl"]]
    s = scoring_step(s, "_fleurs")
    gained = [pl["score"] - b for pl, b in zip(s["pl"], before)]
    assert gained == [3, 2, 2, 0]


def test_neutral_architects_surround_but_never_win():
    s = actions(2, square="1-1")
    for p, c in ((-2, "c2r2"), (-2, "c3r2"), (RED, "c2r3"), (BLUE, "c3r3")):
        s = put(s, p, c)
    s = scoring_step(s, "_fleurs")
    assert [pl["score"] for pl in s["pl"]] == [2, 2]


def test_brussels_majority_example_both_tied_leaders_go_to_court():
    """Rulebook: blue placed 1 architect on the Brussels board, red and green 2 each: red
    and green each put one in the court."""
    s = actions(4)
    s["visits"]["bourse"] = [[BLUE, 1, 0], [RED, 1, 0], [GREEN, 2, 0]]
    s["visits"]["market"] = [[RED, 1, 0]]
    for p, n in ((BLUE, 1), (RED, 2), (GREEN, 2)):
        s["pl"][p]["reserve"] -= n
    s = scoring_step(s, "_brussels")
    assert [pl["court"] for pl in s["pl"]] == [3, 2, 3, 2]
    check_invariants(s)


def test_round_end_clean_up():
    s = actions(4, square="2-2")
    s = put(s, RED, "c3r3", 2)
    s = edit(s, RED, nobles=nobles("brugmann", used=True))
    display = list(s["display"])
    s["visits"]["park"] = [[BLUE, 1, 0]]
    s["pl"][BLUE]["reserve"] -= 1
    s = run_scoring(s)
    while s["phase"] == "scoring":
        s = play(s, sorted(legal(s))[0])
    assert s["round"] == 2
    assert all(a == -1 for a in s["arch"]) and all(f == 0 for f in s["francs"])
    assert all(pl["reserve"] + pl["court"] == 7 for pl in s["pl"])
    assert not s["pl"][RED]["nobles"]["brugmann"]["used"]
    assert s["display"][1:] == display[:3] and display[3] in s["noble_discard"]
    assert all(s["strip"]) and s["stock_discard"] and s["stock"] not in s["stock_discard"]
    check_invariants(s)


def test_the_round_row_adds_up_to_the_points_scored():
    s = actions(4, square="2-2")
    s = put(s, RED, "c3r3", 2)
    s = run_scoring(s)
    while s["phase"] == "scoring":
        s = play(s, sorted(legal(s))[0])
    row = s["history"][0][RED]
    assert row["total"] == s["pl"][RED]["score"]
