"""Building rules (ZH 建造規則, FR "Construction d'1 gratte-ciel"), technology thresholds
(ZH p.3, FR "Règles des différentes technologies"), legendaries (ZH p.3, FR
"Informations") and demolish-and-rebuild (ZH 拆除, FR "Démolir et reconstruire")."""

from __future__ import annotations

import pytest

from pyengine.games.newyork1901 import naming
from pyengine.games.newyork1901.data import LANDMARKS, PARKS

from .helpers import (
    BROWN,
    GREEN,
    G,
    assert_rejected,
    build,
    cells_of,
    fits,
    free,
    legal_texts,
    play,
    position,
    rules,
    tile_at,
)


def no_free_worker(**kw):
    """Brown's 4 workers hold Y10, Y11, Y13 and B01: no acquisition, build directly."""
    workers = {"Y10": BROWN, "Y11": BROWN, "Y13": BROWN, "B01": BROWN, **kw.pop("workers", {})}
    return position(2, workers=workers, **kw)


# ---- estate -------------------------------------------------------------------------


def test_a_skyscraper_must_lie_entirely_within_your_estate():
    s = no_free_worker()
    # (16, 5) is lot Y12, which nobody owns.
    assert_rejected(s, build("B6", (14, 4), (15, 4), (16, 4), (16, 5)), "Estate")
    # Another player's lot.
    s2 = no_free_worker(workers={"Y12": GREEN})
    err = assert_rejected(s2, build("B6", (14, 4), (15, 4), (16, 4), (16, 5)), "Estate")
    assert "Player 2" in str(err)


def test_a_skyscraper_may_not_cover_a_street():
    s = no_free_worker()
    assert_rejected(s, build("B1", (13, 4), (14, 4)), "Estate")


def test_a_skyscraper_may_span_several_lots_and_districts():
    """Across two yellow lots (Y10, Y11), and across a yellow and a blue lot (Y09, B01)."""
    s = play(no_free_worker(), build("B5", (14, 4), (15, 4), (14, 5), (15, 5)))
    assert s["scores"][BROWN] == 4
    assert "Y10" not in s["workers"] and "Y11" not in s["workers"]
    s2 = position(2, workers={"Y09": BROWN, "B01": BROWN, "Y10": BROWN, "Y11": BROWN})
    s2 = play(s2, build("B3", (10, 4), (11, 4), (12, 4)))
    assert set(s2["workers"]) == {"Y10", "Y11"}  # Y09 (in part) and B01 freed their workers


def test_a_partly_covered_lot_needs_no_worker_and_stays_yours():
    s = play(no_free_worker(), build("B1", (14, 4), (15, 4)))
    assert "Y10" not in s["workers"] and s["owner"]["Y10"] == BROWN
    assert free(s, BROWN) == 1


def test_workers_on_every_lot_built_on_return_and_others_stay():
    s = play(no_free_worker(), build("B4", (14, 5), (14, 6), (15, 6)))
    assert set(s["workers"]) == {"Y10", "B01"}
    assert free(s, BROWN) == 2


def test_two_or_three_of_your_skyscrapers_may_share_one_lot():
    """FR: 2 or 3 skyscrapers of one player may share a lot (here Y10, 3 squares)."""
    s = no_free_worker(tiles=[("B1", BROWN, [(14, 4), (15, 4)])])
    s["workers"].pop("Y10")
    s["workers"]["Y12"] = s["owner"]["Y12"] = BROWN
    s = play(s, build("B3", (16, 4), (16, 5), (16, 6)))
    assert tile_at(s, (14, 4))["id"] == "B1" and tile_at(s, (16, 4))["id"] == "B3"


# ---- frontage -----------------------------------------------------------------------


def test_frontage_a_skyscraper_with_no_side_on_a_street_or_park_is_refused():
    """(10,12)-(11,12) is inside the block at Wall & Broad: no side on a street."""
    s = position(2, workers={"G09": BROWN, "R06": BROWN, "G05": BROWN, "R02": BROWN})
    assert_rejected(s, build("B1", (10, 12), (11, 12)), "Frontage")
    assert build("B1", (9, 12), (10, 12)) in legal_texts(s)  # (9,12) is on Broad Street


def test_frontage_the_stock_exchange_landmark_is_not_a_park():
    """(6,12) touches only the New York Stock Exchange (6,11); (5,12) touches nothing.
    A landmark is unbuildable but gives no frontage (data spec §8.6)."""
    s = position(2, workers={"G04": BROWN, "G08": BROWN, "G03": BROWN, "G10": BROWN})
    assert (6, 11) in LANDMARKS["New York Stock Exchange"]
    assert_rejected(s, build("B1", (5, 12), (6, 12)), "Frontage")
    assert_rejected(s, build("B1", (6, 11), (6, 12)), "Estate")  # nor can one build on it


def test_frontage_parks_count(monkeypatch):
    """On the designed board every square beside a park is also beside a street, so the
    park clause is shown with the streets switched off: P06's square (6,2) touches City
    Hall Park (6,1), and that alone is enough."""
    park_cells = frozenset(c for cells in PARKS.values() for c in cells)
    monkeypatch.setattr(rules, "FRONTAGE", park_cells)
    s = position(4, workers={"P06": BROWN, "P05": BROWN, "P04": BROWN, "P03": BROWN})
    s = play(s, build("B1", (6, 2), (7, 2)))
    assert s["scores"][BROWN] == 2
    s = position(4, workers={"P09": BROWN, "P05": BROWN, "P04": BROWN, "P03": BROWN})
    assert_rejected(s, build("B3", (5, 4), (6, 4), (7, 4)), "Frontage")


def test_frontage_is_an_edge_not_a_corner(monkeypatch):
    """Adjacency is orthogonal only (ZH "僅有角對角不算"; data spec §5.3). No lot square of
    the designed board touches a street only at a corner, so the frontage is cut down to
    one street square, the Wall/Broad crossing (8,10): G05's square (9,11) then meets it
    only at a corner and is refused; with (9,10) of Wall Street instead, the same square
    shares a side with it and is accepted."""
    s = position(2, workers={"G05": BROWN, "G09": BROWN, "R06": BROWN, "R02": BROWN})
    west = build("B1", (9, 11), (10, 11))
    monkeypatch.setattr(rules, "FRONTAGE", frozenset({(8, 10)}))
    assert not rules.touches_frontage([(9, 11)])
    assert_rejected(s, west, "Frontage")
    monkeypatch.setattr(rules, "FRONTAGE", frozenset({(9, 10)}))
    assert rules.touches_frontage([(9, 11)])
    assert play(s, west)["scores"][BROWN] == 2


# ---- overlap ------------------------------------------------------------------------


def test_tiles_may_not_overlap_except_in_a_demolition():
    s = no_free_worker(tiles=[("B1", BROWN, [(14, 4), (15, 4)])])
    s["workers"].pop("Y10")
    s["workers"]["Y12"] = s["owner"]["Y12"] = BROWN
    # Same generation over the bronze: not a higher generation, so no demolition.
    assert_rejected(s, build("B3", (14, 4), (15, 4), (16, 4)), "Demolition")


def test_building_on_another_players_skyscraper_is_refused_by_the_estate_rule():
    s = position(2, starts={GREEN: "Y06"}, workers={"Y10": BROWN, "Y11": BROWN, "Y13": BROWN, "B01": BROWN})
    assert_rejected(s, build("B3", (14, 2), (14, 3), (14, 4)), "Estate")


# ---- technology ---------------------------------------------------------------------


@pytest.mark.parametrize("expert,silver,gold", [(False, 6, 18), (True, 10, 25)])
def test_technology_thresholds(expert, silver, gold):
    """Basic game: silver at 6 points, gold (and legendaries) at 18. Expert: 10 and 25."""

    def at(score):
        return no_free_worker(options={"expert": expert}, scores=[score, 0])

    silver_move = build("S2", (14, 5), (14, 6), (15, 6))
    gold_move = build("G1", (14, 5), (15, 5), (14, 6), (15, 6))
    legend_move = build("L2", (14, 4), (15, 4), (16, 4), (14, 5), (15, 5), (16, 5))
    err = assert_rejected(at(silver - 1), silver_move, "Technology")
    assert str(silver) in str(err)
    assert silver_move in legal_texts(at(silver))
    assert_rejected(at(gold - 1), gold_move, "Technology")
    assert gold_move in legal_texts(at(gold))
    s = at(gold - 1)
    s["workers"]["Y12"] = s["owner"]["Y12"] = BROWN
    s["workers"].pop("B01")
    s["owner"].pop("B01")
    assert_rejected(s, legend_move, "Technology")
    s["scores"][BROWN] = gold
    assert legend_move in legal_texts(s)


def test_older_generations_stay_buildable():
    s = no_free_worker(scores=[40, 0])
    texts = legal_texts(s)
    assert build("B1", (14, 4), (15, 4)) in texts and build("S1", (14, 4), (15, 4), (16, 4)) in texts


# ---- legendaries --------------------------------------------------------------------


def legend_position(**kw):
    """Brown (18+) holds the whole block Y10/Y11/Y12/Y13 (9 squares) by workers."""
    return position(2, workers={"Y10": BROWN, "Y11": BROWN, "Y12": BROWN, "Y13": BROWN}, **kw)


SINGER = build("L2", (14, 4), (15, 4), (16, 4), (14, 5), (15, 5), (16, 5))


def test_a_legendary_scores_its_points_and_gets_the_king_token():
    s = play(legend_position(scores=[18, 0]), SINGER)
    assert s["scores"][BROWN] == 18 + 11
    assert s["king"] == ["L2", None] and "L2" not in s["legends"]
    assert s["supply"][BROWN] == [t.id for t in rules.PLAYER_TILES]  # not one of the 18


def test_one_legendary_per_player():
    s = legend_position(scores=[30, 0], tiles=[("L1", BROWN, [(9, 0), (10, 0), (11, 0), (10, 1), (11, 1)])])
    err = assert_rejected(s, SINGER, "Legendary")
    assert "only one" in str(err)


def test_legendaries_are_first_come_first_served():
    s = legend_position(scores=[30, 30], tiles=[("L2", GREEN, [(9, 0), (10, 0), (11, 0), (9, 1), (10, 1), (11, 1)])])
    err = assert_rejected(s, SINGER, "Legendary")
    assert "already built" in str(err)
    assert any(t.startswith("build L1") for t in legal_texts(s))


# ---- demolish and rebuild -----------------------------------------------------------


def demolish_position(tile_ids, score=40, workers=None):
    """Brown (40 points) has the (tile id, squares) skyscrapers built."""
    return position(2, scores=[score, 0], tiles=[(tid, BROWN, cells) for tid, cells in tile_ids], workers=workers)


ROW4 = cells_of("Y10")
G3_ON_ROW4 = build("G3", (14, 4), (15, 4), (16, 4), (14, 5), (15, 5))


def test_demolish_the_new_skyscraper_must_be_of_a_higher_generation():
    s = demolish_position([("S1", ROW4)], workers={"Y11": BROWN})
    assert_rejected(s, build("S2", (14, 4), (14, 5), (15, 5)), "Demolition")  # silver over silver
    assert build("G2", (15, 4), (16, 4), (14, 5), (15, 5)) in legal_texts(s)  # gold over silver


def test_demolish_bronze_replaces_only_the_starting_building():
    s = position(2, starts={BROWN: "Y06"}, workers={"Y07": BROWN})
    s = play(s, build("B5", (14, 1), (15, 1), (14, 2), (15, 2)))
    assert [t["id"] for t in s["tiles"]] == ["B5"] and s["scores"][BROWN] == 4
    s2 = demolish_position([("B3", ROW4)], workers={"Y11": BROWN})
    assert_rejected(s2, build("B5", (14, 4), (15, 4), (14, 5), (15, 5)), "Demolition")


def test_demolish_the_new_skyscraper_must_beat_every_tile_it_removes():
    """A silver over a bronze and a silver together is refused (the silver is not older)."""
    s = demolish_position([("B3", ROW4), ("S2", [(14, 5), (14, 6), (15, 6)])])
    move = build("S5", (14, 4), (15, 4), (14, 5), (15, 5), (14, 6))
    err = assert_rejected(s, move, "Demolition")
    assert "silver" in str(err)
    assert build("G3", (14, 4), (15, 4), (16, 4), (14, 5), (15, 5)) in legal_texts(s)


@pytest.mark.parametrize(
    "old,old_cells,new,new_cells",
    [
        ("G1", [(14, 4), (15, 4), (14, 5), (15, 5)], "G5", [(14, 5), (15, 5), (16, 5), (14, 6), (15, 6), (16, 6)]),
        ("L2", [(14, 4), (15, 4), (16, 4), (14, 5), (15, 5), (16, 5)], "G1", [(14, 5), (15, 5), (14, 6), (15, 6)]),
    ],
)
def test_gold_and_legendary_skyscrapers_can_never_be_demolished(old, old_cells, new, new_cells):
    s = position(2, scores=[60, 0], tiles=[(old, BROWN, old_cells)], workers={"Y12": BROWN, "Y13": BROWN})
    err = assert_rejected(s, build(new, *new_cells), "Demolition")
    assert "never" in str(err)


def test_demolish_removes_every_tile_under_the_footprint_even_partly_covered():
    s = position(
        2, scores=[40, 0], workers={"Y13": BROWN}, tiles=[("B3", BROWN, ROW4), ("B1", BROWN, [(14, 5), (15, 5)])]
    )
    s = play(s, build("S1", (14, 4), (14, 5), (14, 6)))
    ids = sorted(t["id"] for t in s["tiles"])
    assert ids == ["S1"]
    # Y10's other squares and Y11's (15,5) are now bare: Y10 and Y11 are covered in part
    # by S1, so they need no worker; Y13's worker came back (S1 stands on (14,6)).
    assert s["workers"] == {}


def test_demolish_two_lots_emptied_need_two_workers():
    """Every lot of yours left with no tile and no worker gets one of your workers; with
    too few free workers the demolition is illegal (FR "Attention", ZH 拆除). A lot is
    emptied when its only tile is demolished through another lot's squares."""
    busy = {"G01": BROWN, "G06": BROWN, "G07": BROWN}
    a = [(16, 4), (16, 5), (16, 6)]  # B3 vertical: Y10's (16,4) + all of Y12
    b = [(14, 5), (14, 6), (15, 6)]  # B4: Y11's (14,5) + all of Y13
    s = position(2, scores=[40, 0], workers=busy, tiles=[("B3", BROWN, a), ("B4", BROWN, b)])
    s["owner"]["Y10"] = BROWN
    s["owner"]["Y11"] = BROWN
    assert free(s, BROWN) == 1
    # G1 on (14,4),(15,4),(14,5),(15,5): touches B4 (via (14,5)) only -> B4 demolished,
    # Y13 left empty -> 1 worker needed, 1 free: legal. Y11 covered, Y10 covered.
    one = build("G1", (14, 4), (15, 4), (14, 5), (15, 5))
    fx = rules.build_effects(s, G.parse_move(one))
    assert fx["needs"] == ["Y13"]
    after = play(s, one)
    assert after["workers"]["Y13"] == BROWN and free(after, BROWN) == 0
    # G3 over (14,4),(15,4),(16,4),(14,5),(15,5): touches both -> Y12 and Y13 emptied,
    # 2 workers needed, 1 free: illegal, the message names both lots.
    two = build("G3", (14, 4), (15, 4), (16, 4), (14, 5), (15, 5))
    err = assert_rejected(s, two, "Demolition")
    assert str(naming.lot("Y12")) in str(err) and str(naming.lot("Y13")) in str(err)
    s["workers"].pop("G07")
    s["owner"].pop("G07")
    after = play(s, two)
    assert after["workers"] == {"Y12": BROWN, "Y13": BROWN, "G01": BROWN, "G06": BROWN}


def test_demolish_is_the_whole_turn_not_after_acquiring():
    s = position(2, scores=[40, 0], tiles=[("B3", BROWN, ROW4)], market=[("yellow", 2)] * 4)
    s = play(s, "acquire Y11")
    err = assert_rejected(s, G3_ON_ROW4, "Demolition")
    assert "whole turn" in str(err)


def test_demolish_instead_of_acquiring_with_free_workers():
    s = position(2, scores=[40, 0], tiles=[("B3", BROWN, ROW4)], workers={"Y11": BROWN}, market=[("yellow", 2)] * 4)
    assert free(s, BROWN) == 3 and rules.must_acquire(s)
    s = play(s, G3_ON_ROW4)
    assert s["scores"][BROWN] == 47


def test_demolishing_loses_no_points():
    s = position(2, scores=[40, 0], tiles=[("S1", BROWN, ROW4)], workers={"Y11": BROWN})
    s["built"][BROWN] = 40
    s = play(s, G3_ON_ROW4)
    assert s["scores"][BROWN] == 47 and s["built"][BROWN] == 47


def test_after_acquiring_a_build_over_another_players_building_names_the_estate_rule():
    """Regression (rules._check_build, fixed): another player's tile under the footprint
    was taken for a demolition, so the refusal said "demolish and rebuild is a whole
    turn" instead of naming the estate rule."""
    s = position(2, starts={GREEN: "Y06"}, market=[("yellow", 2)] * 4)
    s = play(s, "acquire Y07")
    err = assert_rejected(s, build("B5", (14, 1), (15, 1), (14, 2), (15, 2)), "Estate")
    assert "Player 2" in str(err)


def test_tiles_rotate_but_are_never_mirrored():
    """Reading (data spec §6.2, DESIGNED): single-sided tiles. The S5 'P' and its mirror
    image: 4 rotations are offered, the mirror image is not among them."""
    s = position(2, scores=[40, 0], workers={"Y10": BROWN, "Y11": BROWN, "Y12": BROWN, "Y13": BROWN})
    p_shape = [(14, 4), (15, 4), (14, 5), (15, 5), (14, 6)]  # ##/##/#.
    mirror = [(14, 4), (15, 4), (14, 5), (15, 5), (15, 6)]  # ##/##/.#
    assert build("S5", *p_shape) in legal_texts(s)
    assert len(rules.OFFSETS["S5"]) == 4
    assert not fits("S5", *mirror)
    cells = {frozenset(rules.anchored("S5", rot, x, y)) for rot in range(4) for x in range(17) for y in range(17)}
    assert frozenset(mirror) not in cells


def test_demolish_the_new_skyscraper_also_needs_frontage():
    """FR: at least part of one side of the NEW skyscraper must face a street or park.
    The 2x2 at (15..16, 0..1) touches only other lots and the board's edge (not a street)."""
    s = position(
        2,
        scores=[40, 0],
        tiles=[("B3", BROWN, cells_of("Y05")), ("B1", BROWN, cells_of("Y07")), ("B2", BROWN, cells_of("Y08"))],
    )
    assert_rejected(s, build("G1", (15, 0), (16, 0), (15, 1), (16, 1)), "Frontage")
    assert build("G1", (15, 1), (16, 1), (15, 2), (16, 2)) in legal_texts(s)  # on Cedar Street
