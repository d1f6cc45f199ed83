"""The end of the game (ZH 遊戲結束, FR "Fin du jeu"), final scoring (ZH 最終計分, FR
"Décompte final"), the five challenge cards (ZH p.8, FR "Cartes Défi Bonus") and the
tie-break."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pyengine.core.record import replay

from .helpers import (
    BROWN,
    GREEN,
    YELLOW,
    G,
    build,
    cells_of,
    new_game,
    play,
    position,
    rules,
    scoring,
)

MARKET = [("yellow", 2), ("yellow", 2), ("yellow", 3), ("red", 2)]
DECK = [("blue", 2), ("blue", 3), ("red", 3), ("green", 2), ("green", 3), ("red", 2)]

# ---- end triggers -------------------------------------------------------------------


def five_left(players=2, **kw):
    """Brown has 5 unbuilt skyscrapers and holds Y10 with a worker."""
    s = position(players, workers={"Y10": BROWN}, market=MARKET, deck=DECK, **kw)
    s["supply"][BROWN] = ["B1", "B2", "B3", "S1", "S2"]
    return s


def test_end_trigger_4_unbuilt_skyscrapers_then_everyone_else_plays_once():
    s = play(five_left(), "acquire Y11", build("B1", (14, 5), (15, 5)))
    assert s["end_by"] == BROWN and s["phase"] == "play" and s["turn"] == GREEN
    s = play(s, "acquire Y13", "end")
    assert G.is_over(s) and s["final"] is not None
    assert G.legal_moves(s) == []
    with pytest.raises(rules.IllegalMove, match="Game over"):
        G.apply(s, "end")


def test_end_trigger_final_round_for_everyone_but_the_trigger_player_3_players():
    s = five_left(3)
    s["turn"] = 0
    s = play(s, "acquire Y11", build("B1", (14, 5), (15, 5)))  # brown triggers
    assert s["turn"] == GREEN and s["final_left"] == 2
    s = play(s, "acquire Y13", "end")
    assert not G.is_over(s) and s["turn"] == YELLOW
    s = play(s, "acquire Y05", "end")
    assert G.is_over(s)  # brown does not play again


def test_end_trigger_by_tiles_is_checked_at_the_end_of_the_turn():
    """Six left, a build and a Construction Boom build: 4 left, the end comes when the
    turn ends, not in the middle of it."""
    s = five_left()
    s["supply"][BROWN].append("B5")
    s = play(s, "acquire Y11", build("B1", (14, 5), (15, 5)))
    assert s["end_by"] is None and s["turn"] == BROWN
    s = play(s, "boom", build("B3", *cells_of("Y10")))
    assert s["end_by"] == BROWN and s["turn"] == GREEN


def test_end_trigger_market_cannot_be_refilled_to_4():
    s = position(2, market=MARKET, deck=[])
    s = play(s, "acquire Y11", "end")
    assert s["market"] == [list(c) for c in MARKET[1:]] and s["end_by"] == BROWN


def test_no_end_while_the_deck_still_refills_the_market():
    s = position(2, market=MARKET, deck=DECK[:1])
    s = play(s, "acquire Y11", "end")
    assert len(s["market"]) == 4 and s["deck"] == [] and s["end_by"] is None


def test_end_trigger_market_with_the_refill_after_acquiring_option():
    s = position(2, options={"market_refill": "acquire"}, market=MARKET, deck=[])
    s = play(s, "acquire Y11")
    assert s["end_by"] is None  # only at the end of the turn
    s = play(s, "end")
    assert s["end_by"] == BROWN


def test_returning_a_lot_does_not_cancel_the_end():
    s = position(
        2, workers={"Y10": GREEN, "Y11": GREEN, "Y13": GREEN, "B01": GREEN}, turn=GREEN, market=MARKET, deck=[]
    )
    s["supply"][GREEN] = [t for t in s["supply"][GREEN] if not t.startswith("B")]
    s["end_by"], s["final_left"] = BROWN, 1
    s = play(s, "return Y11")
    assert G.is_over(s)


# ---- street cards -------------------------------------------------------------------


def street_state(tiles, streets=("Broadway", "Wall Street", "Nassau & Broad Street"), starts=None):
    return position(2, tiles=tiles, streets=list(streets), starts=starts, challenge=None)


def test_street_card_5_points_for_the_strict_majority():
    s = street_state(
        [
            ("B3", BROWN, cells_of("B11")),  # Broadway + Wall Street
            ("B1", BROWN, cells_of("B07")),  # Nassau + Wall Street (and Pine)
            ("B2", GREEN, cells_of("B09")),  # Wall Street (and Pine, William)
        ]
    )
    assert scoring.street_counts(s, "Wall Street") == [2, 1]
    assert scoring.street_counts(s, "Broadway") == [1, 0]
    scoring.final_scoring(s)
    assert s["final"]["streets"] == [15, 0]  # Broadway, Wall Street and Nassau & Broad


def test_street_card_a_tie_scores_nobody():
    s = street_state(
        [("B1", BROWN, cells_of("B07")), ("B1", GREEN, cells_of("B09"))],
        streets=("Wall Street", "Cedar Street", "Broadway"),
    )
    scoring.final_scoring(s)
    assert s["final"]["per_street"]["Wall Street"] == [1, 1]
    assert s["final"]["streets"] == [0, 0]


def test_street_card_the_starting_building_counts():
    """Green's start building on G04 touches Wall Street and breaks the tie."""
    s = street_state(
        [("B1", BROWN, cells_of("B07")), ("B1", GREEN, cells_of("B09"))],
        streets=("Wall Street", "Cedar Street", "Broadway"),
        starts={GREEN: "G04"},
    )
    scoring.final_scoring(s)
    assert s["final"]["per_street"]["Wall Street"] == [1, 2]
    assert s["final"]["streets"] == [0, 5]


def test_one_skyscraper_counts_for_each_street_it_touches():
    s = street_state([("B3", BROWN, cells_of("B11"))], streets=("Broadway", "Wall Street", "Cedar Street"))
    scoring.final_scoring(s)
    assert s["final"]["streets"] == [10, 0]


def test_nassau_and_broad_street_is_one_card():
    """Data spec §3.1: one card covers both segments; a skyscraper on each counts 2."""
    s = street_state(
        [
            ("B1", BROWN, cells_of("B07")),  # Nassau Street
            ("B2", BROWN, cells_of("G08")),  # Broad Street
            ("B3", GREEN, cells_of("B08")),
        ]
    )
    assert scoring.street_counts(s, "Nassau & Broad Street") == [2, 1]


def test_pine_and_thames_street_is_one_card():
    s = position(4, tiles=[("B3", BROWN, cells_of("P12")), ("B1", BROWN, cells_of("P13"))], challenge=None)
    assert scoring.street_counts(s, "Pine & Thames Street") == [2, 0, 0, 0]


# ---- unused action cards ------------------------------------------------------------


def test_one_point_per_unused_action_card():
    s = position(2, cards={BROWN: ["boom", "shift", "grab"], GREEN: ["grab"]}, challenge=None, streets=[])
    scoring.final_scoring(s)
    assert s["final"]["cards"] == [3, 1] and s["scores"] == [3, 1]


def test_no_action_card_points_when_playing_without_them():
    s = position(2, options={"action_cards": False}, challenge=None, streets=[])
    scoring.final_scoring(s)
    assert s["final"]["cards"] == [0, 0]


# ---- challenge cards ----------------------------------------------------------------

BRONZE_SPOTS = [
    ("B1", cells_of("Y11")),
    ("B2", cells_of("Y13")),
    ("B3", cells_of("Y10")),
    ("B4", [(9, 8), (9, 9), (10, 9)]),
    ("B5", [(14, 8), (15, 8), (14, 9), (15, 9)]),
    ("B6", [(9, 5), (9, 6), (10, 6), (11, 6)]),
]


@pytest.mark.parametrize("count,points", [(3, 0), (4, 5), (5, 10), (6, 15)])
def test_bronze_baron(count, points):
    s = position(2, challenge="Bronze Baron", tiles=[(t, BROWN, c) for t, c in BRONZE_SPOTS[:count]])
    assert scoring.challenge_points(s) == [points, 0]


def test_bronze_baron_counts_bronze_still_on_the_board():
    s = position(2, challenge="Bronze Baron", scores=[40, 0], tiles=[(t, BROWN, c) for t, c in BRONZE_SPOTS[:4]])
    assert scoring.challenge_points(s) == [5, 0]
    s = play(s, build("S2", (14, 5), (14, 6), (15, 6)))  # demolishes B1 and B2
    assert scoring.challenge_points(s) == [0, 0]


IRREGULAR = [
    ("B4", [(9, 8), (9, 9), (10, 9)]),
    ("B6", [(9, 5), (9, 6), (10, 6), (11, 6)]),
    ("S2", [(14, 5), (14, 6), (15, 6)]),
    ("S4", [(4, 8), (5, 8), (6, 8), (5, 9)]),
    ("S5", [(14, 8), (15, 8), (14, 9), (15, 9), (16, 9)]),
    ("G2", [(10, 12), (11, 12), (9, 13), (10, 13)]),
]


@pytest.mark.parametrize("count,points", [(2, 0), (3, 3), (4, 6), (5, 10), (6, 10)])
def test_master_architect(count, points):
    regular = [("B1", cells_of("G01")), ("B3", cells_of("G02")), ("B5", [(0, 12), (1, 12), (0, 13), (1, 13)])]
    s = position(
        2,
        challenge="Master Architect",
        starts={BROWN: "G04"},
        tiles=[(t, BROWN, c) for t, c in IRREGULAR[:count] + regular],
    )
    assert scoring.challenge_points(s) == [points, 0]


def test_master_architect_an_irregular_legendary_counts():
    """Reading: Park Row (###/.##) and MetLife (####/###.) are not rectangles."""
    s = position(
        2,
        challenge="Master Architect",
        tiles=[(t, BROWN, c) for t, c in IRREGULAR[:2]] + [("L1", BROWN, [(9, 0), (10, 0), (11, 0), (10, 1), (11, 1)])],
    )
    assert scoring.challenge_points(s) == [3, 0]
    assert not rules.TILE_BY_ID["L1"].regular and rules.TILE_BY_ID["L2"].regular


def test_generation_king_majority_per_generation_ties_score_nothing():
    s = position(
        2,
        challenge="Generation King",
        tiles=[
            ("B1", BROWN, cells_of("Y11")),
            ("B2", BROWN, cells_of("Y13")),  # bronze 2-1
            ("B1", GREEN, cells_of("G01")),
            ("S1", BROWN, cells_of("Y10")),
            ("S1", GREEN, cells_of("G02")),  # silver 1-1
            ("G1", GREEN, [(0, 12), (1, 12), (0, 13), (1, 13)]),  # gold 0-1
        ],
    )
    assert scoring.challenge_points(s) == [5, 5]


def test_generation_king_a_legendary_counts_as_gold():
    s = position(
        2,
        challenge="Generation King",
        tiles=[
            ("L1", BROWN, [(9, 0), (10, 0), (11, 0), (10, 1), (11, 1)]),
            ("G1", GREEN, [(0, 12), (1, 12), (0, 13), (1, 13)]),
        ],
    )
    assert scoring.challenge_points(s) == [0, 0]  # gold 1-1
    s["tiles"].append({"id": "G5", "player": BROWN, "cells": [[14, 4], [15, 4], [16, 4], [14, 5], [15, 5], [16, 5]]})
    assert scoring.challenge_points(s) == [5, 0]


def test_generation_king_the_starting_building_is_no_generation():
    s = position(
        2, challenge="Generation King", starts={BROWN: "G04", GREEN: "Y06"}, tiles=[("B1", GREEN, cells_of("Y07"))]
    )
    assert scoring.challenge_points(s) == [0, 5]


def test_gold_tycoon_3_points_per_district_with_2_gold_a_straddling_tile_counts_in_both():
    g5 = [(14, 8), (15, 8), (16, 8), (14, 9), (15, 9), (16, 9)]  # blue B10/B13 + red R01
    s = position(
        2,
        challenge="Gold Tycoon",
        tiles=[
            ("G5", BROWN, g5),
            ("G1", BROWN, [(9, 8), (10, 8), (9, 9), (10, 9)]),  # blue: 2, red: 1
        ],
    )
    assert scoring.districts_of(s["tiles"][0]) == {"blue", "red"}
    assert scoring.challenge_points(s) == [3, 0]
    s = position(
        2,
        challenge="Gold Tycoon",
        tiles=[
            ("G5", BROWN, g5),
            ("G1", BROWN, [(9, 8), (10, 8), (9, 9), (10, 9)]),
            ("G2", BROWN, [(15, 11), (16, 11), (14, 12), (15, 12)]),  # red: 2 now
        ],
    )
    assert scoring.challenge_points(s) == [6, 0]


def test_gold_tycoon_silver_does_not_count():
    s = position(
        2,
        challenge="Gold Tycoon",
        tiles=[
            ("S6", BROWN, [(14, 8), (15, 8), (16, 8), (14, 9), (15, 9), (16, 9)]),
            ("G1", BROWN, [(9, 8), (10, 8), (9, 9), (10, 9)]),
        ],
    )
    assert scoring.challenge_points(s) == [0, 0]


# ---- Gold Prestige (during play) ----------------------------------------------------


def prestige_position(challenge="Gold Prestige"):
    """Brown (18) holds Y09, B01 and B02 by workers (and G01: no free worker). Green has a silver on B05 (edge
    contact with (9,5)/(10,5) below brown's gold) and a bronze on B03 (its square (12,5)
    touches (11,4) only at a corner)."""
    return position(
        2,
        challenge=challenge,
        scores=[18, 0],
        workers={"Y09": BROWN, "B01": BROWN, "B02": BROWN, "G01": BROWN},
        tiles=[("S1", GREEN, cells_of("B05")), ("B1", GREEN, cells_of("B03"))],
    )


G3 = build("G3", (9, 4), (10, 4), (11, 4), (9, 5), (10, 5))
PARK_ROW = build("L1", (9, 4), (10, 4), (11, 4), (10, 5), (11, 5))


def test_gold_prestige_one_point_per_adjacent_older_opponent_skyscraper_corners_do_not_count():
    s = prestige_position()
    fx = rules.build_effects(s, G.parse_move(G3))
    assert fx["prestige"] == 1  # the silver (2 shared edges, counted once)
    s = play(s, G3)
    assert s["scores"][BROWN] == 18 + 7 + 1 and s["prestige"][BROWN] == 1 and s["built"][BROWN] == 25


def test_gold_prestige_a_legendary_scores_it_too():
    """Park Row (###/.##) over (9..11,4),(10..11,5): now edge to edge with both tiles."""
    s = play(prestige_position(), PARK_ROW)
    assert s["scores"][BROWN] == 18 + 10 + 2


def test_gold_prestige_counts_a_start_building_but_not_an_opponents_gold():
    """Park Row touches both of green's tiles along an edge. Relabelled (a what-if on
    the same squares): the B03 tile as a starting building still counts, the B05 tile as
    a gold does not."""
    s = prestige_position()
    s["tiles"][1]["id"] = "START"
    s["tiles"][0]["id"] = "G5"
    assert rules.build_effects(s, G.parse_move(PARK_ROW))["prestige"] == 1


def test_gold_prestige_your_own_skyscrapers_do_not_count():
    s = prestige_position()
    s["tiles"][1]["player"] = BROWN  # the bronze on B03 is brown's own
    s["owner"]["B03"] = BROWN
    assert rules.build_effects(s, G.parse_move(PARK_ROW))["prestige"] == 1  # green's silver only


def test_gold_prestige_only_with_that_card_and_only_for_gold():
    s = play(prestige_position(challenge="Gold Tycoon"), G3)
    assert s["scores"][BROWN] == 25 and s["prestige"][BROWN] == 0
    s = prestige_position()
    s = play(s, build("S3", (9, 4), (10, 4), (11, 4), (12, 4)))
    assert s["scores"][BROWN] == 18 + 5
    scoring.final_scoring(s)
    assert s["final"]["challenge"] == [0, 0]  # nothing more at the end


# ---- final scoring and the tie-break ------------------------------------------------


def test_final_scoring_adds_streets_challenge_and_cards_to_the_score():
    green_bronzes = [
        ("B3", GREEN, cells_of("G02")),
        ("B4", GREEN, [(0, 12), (0, 13), (1, 13)]),
        ("B5", GREEN, [(4, 15), (5, 15), (4, 16), (5, 16)]),
        ("B6", GREEN, [(9, 15), (9, 16), (10, 16), (11, 16)]),
    ]
    s = five_left(challenge="Bronze Baron", streets=["Broadway", "Wall Street", "Cedar Street"], tiles=green_bronzes)
    s = play(s, "acquire Y11", build("B1", (14, 5), (15, 5)), "acquire Y13", "end")
    assert G.is_over(s)
    f = s["final"]
    assert f["per_street"]["Broadway"] == [0, 2]
    assert f["streets"] == [0, 5]
    assert f["challenge"] == [0, 5]  # green: 4 bronze; brown: 1
    assert f["cards"] == [3, 3]
    assert s["scores"] == [2 + 3, 5 + 5 + 3]
    assert G.winners(s) == [GREEN]
    rows = G.breakdown(s)
    assert rows["totals"] == s["scores"] and rows["labels"] == ["During play", "Final scoring"]
    # Each row names what it adds up; prestige only appears with the Gold Prestige card.
    assert rows["row_items"] == [["skyscrapers"], ["streets", "challenge", "cards"]]
    final = rows["rounds"][1][GREEN]
    assert (final["streets"], final["challenge"], final["cards"], final["total"]) == (5, 5, 3, 13)


def test_score_rows_show_prestige_only_with_the_gold_prestige_card():
    assert G.breakdown(G.new_game(2, 1, {"challenge": "gold_prestige"}))["row_items"] == [["skyscrapers", "prestige"]]
    assert G.breakdown(G.new_game(2, 1, {"challenge": "none"}))["row_items"] == [["skyscrapers"]]


def test_tie_break_tallest_legendary_first():
    s = position(
        3,
        scores=[20, 20, 20],
        challenge=None,
        tiles=[
            ("L1", BROWN, [(9, 0), (10, 0), (11, 0), (10, 1), (11, 1)]),
            ("L2", GREEN, [(14, 4), (15, 4), (16, 4), (14, 5), (15, 5), (16, 5)]),
            ("G1", YELLOW, [(0, 12), (1, 12), (0, 13), (1, 13)]),
            ("G2", YELLOW, [(10, 12), (11, 12), (9, 13), (10, 13)]),
        ],
    )
    s["phase"] = "over"
    assert G.winners(s) == [GREEN]  # Singer (612 ft) beats Park Row (391 ft)


def test_tie_break_then_most_gold_skyscrapers():
    s = position(
        3,
        scores=[20, 20, 19],
        challenge=None,
        tiles=[
            ("G1", BROWN, [(0, 12), (1, 12), (0, 13), (1, 13)]),
            ("G1", GREEN, [(14, 4), (15, 4), (14, 5), (15, 5)]),
            ("G2", GREEN, [(10, 12), (11, 12), (9, 13), (10, 13)]),
        ],
    )
    s["phase"] = "over"
    assert G.winners(s) == [GREEN]


def test_tie_break_a_legendary_beats_more_gold():
    s = position(
        2,
        scores=[20, 20],
        challenge=None,
        tiles=[
            ("L1", BROWN, [(9, 0), (10, 0), (11, 0), (10, 1), (11, 1)]),
            ("G1", GREEN, [(14, 4), (15, 4), (14, 5), (15, 5)]),
            ("G2", GREEN, [(10, 12), (11, 12), (9, 13), (10, 13)]),
        ],
    )
    s["phase"] = "over"
    assert G.winners(s) == [BROWN]


def test_tie_break_still_tied_players_share_the_win():
    s = position(
        3,
        scores=[20, 20, 20],
        challenge=None,
        tiles=[
            ("G1", BROWN, [(0, 12), (1, 12), (0, 13), (1, 13)]),
            ("G1", GREEN, [(14, 4), (15, 4), (14, 5), (15, 5)]),
        ],
    )
    s["phase"] = "over"
    assert G.winners(s) == [BROWN, GREEN]


def test_tie_break_gold_count_leaves_the_legendary_out():
    s = position(
        2,
        tiles=[
            ("L1", BROWN, [(9, 0), (10, 0), (11, 0), (10, 1), (11, 1)]),
            ("G1", BROWN, [(14, 4), (15, 4), (14, 5), (15, 5)]),
        ],
    )
    assert scoring.tiebreak_key(s, BROWN) == (391, 1)
    assert scoring.tiebreak_key(s, GREEN) == (0, 0)


def test_a_legendary_is_not_one_of_your_18_skyscrapers_for_the_end_trigger():
    """Reading: the trigger counts your own 18 tiles; a legendary comes from the shared
    pile, so building one with 5 of yours left does not end the game."""
    s = position(2, scores=[18, 0], workers={"Y10": BROWN, "Y11": BROWN, "Y12": BROWN, "Y13": BROWN})
    s["supply"][BROWN] = ["B1", "B2", "B3", "S1", "S2"]
    s = play(s, build("L2", (14, 4), (15, 4), (16, 4), (14, 5), (15, 5), (16, 5)))
    assert s["end_by"] is None and len(s["supply"][BROWN]) == 5


# ---- stalemate (RULES.md reading 23) ------------------------------------------------

CASES = Path(__file__).resolve().parents[2].parent / "shared" / "cases"


def all_workers_out(players=3):
    """Every player's four workers hold lots, so nobody can acquire; each could build."""
    held = {f"{d}0{k}": p for p, d in zip(range(players), "RBG") for k in range(1, 5)}
    s = position(players, workers=held, market=MARKET, deck=DECK)
    assert all(rules.has_build(dict(s, turn=p)) for p in range(players))
    return s


def test_a_whole_round_without_progress_triggers_the_end():
    s = play(all_workers_out(), "end", "end")
    assert s["end_by"] is None and s["turn"] == YELLOW
    # The player whose idle turn would end it is told, and the log says why it ended.
    assert rules.stalemate_next(s)
    assert "A whole round has passed without a build or a new lot card" in G.prompt(s)
    assert "a whole round without a build or a new lot card triggers the end" in G.describe(s, "end")
    s = play(s, "end")
    assert s["end_by"] == YELLOW and s["stalled"] and s["final_left"] == 2 and s["turn"] == BROWN
    banner = " ".join(re.sub(r"<[^>]+>", " ", G.render(s)).split())
    assert "Player 3 triggered the end; 2 turns left (a whole round without a build or a new lot card)" in banner
    # The final round is played as after any other trigger: each other player once.
    assert not rules.stalemate_next(s) and "A whole round" not in G.prompt(s)
    s = play(s, "end", "end")
    assert G.is_over(s) and s["final"] is not None


def test_a_build_starts_the_count_again():
    """Without green's build, yellow's end would trigger the end (the test above)."""
    s = play(all_workers_out(), "end")
    green = next(m for m in G.legal_moves(s) if str(m).startswith("build B1"))
    s = play(s, str(green))
    if s["turn"] == GREEN:  # Construction Boom still open: end the turn
        s = play(s, "end")
    assert s["idle"] == 1 and s["turn"] == YELLOW
    s = play(s, "end", "end")
    assert s["end_by"] is None and s["turn"] == GREEN
    assert rules.stalemate_next(s)  # a whole round since green's build: its idle end would trigger it


def test_a_new_lot_card_is_progress_and_a_given_back_one_is_not_until_the_deck_is_thinner():
    s = five_left()  # brown holds Y10 and has free workers; Y11 matches a market card
    fresh = s["fresh"]
    s = play(s, "acquire Y11", "end")
    assert s["fresh"] == fresh - 1 and s["idle"] == 1  # the refill drew a card never drawn
    # As after lots given back: every card left was drawn before, and the deck is one
    # card above its fewest, so the refill brings it back down to that: no progress.
    s = play(s, "acquire Y13")
    s["fresh"], s["deck_low"] = 0, len(s["deck"]) - 1
    assert rules.stalemate_next(dict(s, idle=2))
    s = play(s, "end")
    assert s["idle"] == 2 and len(s["deck"]) == s["deck_low"]
    assert rules.stalemate_next(s)  # brown ending now, without acquiring, would trigger it
    # An acquisition: its refill takes the deck below its fewest, progress again.
    s = play(s, "acquire R06")
    assert not rules.stalemate_next(s)
    s = play(s, "end")
    assert s["idle"] == 1 and len(s["deck"]) == s["deck_low"]


def test_the_stalled_tournament_game_now_ends():
    """shared/cases: two search bots ended every turn from move 86 on, for ever. Its 90
    moves now reach the end: seat 1's end at move 89 completes a whole round without a build or a
    new lot card and triggers it; seat 2's last turn, move 90, ends it."""
    record = json.loads((CASES / "newyork1901-stall.json").read_text())
    s = G.new_game(record["players"], record["seed"], record["options"])
    for i, text in enumerate(record["moves"]):
        s = G.apply(s, text)
        if i == 88:
            assert s["end_by"] == 0 and s["stalled"] and s["final_left"] == 1
    assert G.is_over(s) and G.legal_moves(s) == []


def test_a_stall_hunting_player_cannot_keep_a_game_going():
    """Every seat ends its turn (or gives a lot back) whenever it may: the game ends
    within its move budget from any start."""
    for players in (2, 3, 4):
        s = G.new_game(players, 11, {})
        moves = 0
        while not G.is_over(s):
            legal = [str(m) for m in G.legal_moves(s)]
            idle = [t for t in legal if t == "end" or t.startswith("return")]
            s = G.apply(s, idle[0] if idle else legal[0])
            moves += 1
            assert moves <= G.move_budget(players, {}), players


def test_a_record_saved_before_the_rule_replays_without_it():
    """A record without the `stalemate` option was saved before the rule existed, and
    replays as it was played (tests/test_first_player.py checks whole saved games); the
    stalled tournament game is such a record: without the rule its 90 moves leave it
    going on, with the rule they end it."""
    record = json.loads((CASES / "newyork1901-stall.json").read_text())
    assert "stalemate" not in record["options"]
    game, before = replay(record)
    assert before["options"]["stalemate"] is False and not G.is_over(before) and before["idle"] > 2
    game, now = replay({**record, "options": {**record["options"], "stalemate": True}})
    assert G.is_over(now) and now["stalled"]
    assert new_game(2, 1)["options"]["stalemate"] is True
