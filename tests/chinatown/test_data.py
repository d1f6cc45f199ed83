"""Chinatown data against the rulebook (SEED) and the data spec
(/work/shared/rules/chinatown.data.md, section cited in each docstring)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pyengine.games.chinatown import data
from pyengine.games.chinatown.scoring import business_income

SPEC = Path(__file__).resolve().parents[2].parent / "shared" / "rules" / "chinatown.data.md"


def test_85_lots_in_six_blocks_numbered_block_by_block():
    """§3a: block sizes 15, 12, 15, 16, 12, 15; lots numbered row by row within a block."""
    assert sorted(data.LOTS) == list(range(1, 86))
    sizes = [sum(1 for lot in data.LOTS.values() if lot.block == b) for b in range(1, 7)]
    assert sizes == [15, 12, 15, 16, 12, 15]
    for b, (lo, hi) in enumerate(data.BLOCK_RANGES, 1):
        cells = [(data.LOTS[n].row, data.LOTS[n].col) for n in range(lo, hi + 1)]
        assert cells == sorted(cells), f"block {b} is numbered row by row, left to right"


def test_adjacency_is_shared_edges_inside_a_block():
    """§3b (SEED): 119 adjacent pairs; diagonals and lots across a street never count."""
    pairs = {(a, b) for a, lot in data.LOTS.items() for b in lot.neighbours if a < b}
    assert len(pairs) == 119
    for a, b in pairs:
        la, lb = data.LOTS[a], data.LOTS[b]
        assert la.block == lb.block
        assert abs(la.row - lb.row) + abs(la.col - lb.col) == 1
    assert 8 not in data.LOTS[3].neighbours  # diagonal
    assert data.LOTS[5].row == data.LOTS[19].row and 19 not in data.LOTS[5].neighbours  # a street between
    assert 59 not in data.LOTS[26].neighbours  # across the main street


def test_street_frontage_is_fewer_than_four_neighbours():
    """§3c (DESIGNED): exactly these 17 lots have no frontage."""
    inner = [n for n, lot in data.LOTS.items() if not lot.frontage]
    assert inner == [4, 7, 8, 11, 20, 32, 35, 38, 48, 49, 53, 64, 67, 76, 77, 80, 81]


@pytest.mark.skipif(not SPEC.exists(), reason="../shared/rules is not beside the checkout")
def test_every_lot_matches_the_spec_table():
    """§3c: block, grid row and column, neighbours and frontage of all 85 lots."""
    rows = re.findall(
        r"^\| (\d+) \| (\d) \| (\d+) \| (\d+) \| \d+ \| \d+ \| ([\d, ]+) \| (yes|no) \|$",
        SPEC.read_text(encoding="utf-8"),
        re.M,
    )
    assert len(rows) == 85
    for lot, block, r, c, near, front in rows:
        info = data.LOTS[int(lot)]
        assert (info.block, info.row, info.col) == (int(block), int(r), int(c)), lot
        assert info.neighbours == tuple(sorted(int(x) for x in near.split(","))), lot
        assert info.frontage == (front == "yes"), lot


def test_twelve_types_tiles_are_max_size_plus_three():
    """SEED: 3 types each of max size 3, 4, 5, 6; tiles = max + 3 (pharmacy 3 -> 6, restaurant 4 -> 7)."""
    for edition in ("alea", "zman"):
        types = data.TYPES[edition]
        assert len(types) == 12 and len({t.id for t in types}) == 12
        assert [t.max for t in types] == [3] * 3 + [4] * 3 + [5] * 3 + [6] * 3
        assert all(t.tiles == t.max + 3 for t in types)
        assert sum(t.tiles for t in types) == 90
    alea = {t.id: t for t in data.ALEA_TYPES}
    assert (alea["pharmacy"].max, alea["pharmacy"].tiles) == (3, 6)  # the rulebook's example
    assert (alea["restaurant"].max, alea["restaurant"].tiles) == (4, 7)  # the rulebook's example
    assert [alea[i].zh for i in ("seafood", "pharmacy", "workwear")] == ["海鲜", "药店", "工装店"]
    assert [t.max for t in data.ALEA_TYPES if t.zh in ("裁缝店", "烟花店", "古玩店")] == [5, 5, 5]
    zman = {t.id: t.max for t in data.ZMAN_TYPES}
    assert zman["photo"] == 3 and zman["florist"] == 4 and zman["dim_sum"] == 5 and zman["factory"] == 6


def test_deal_table_and_totals():
    """§4a (SEED): the per-round table, and its totals (81/75, 84/76, 85/75 tiles/cards kept)."""
    assert data.DEAL[3][0] == (7, 5, 7) and data.DEAL[3][1:] == ((6, 4, 4),) * 5
    assert data.DEAL[4][0] == (6, 4, 6) and data.DEAL[4][1:] == ((5, 3, 3),) * 5
    assert data.DEAL[5] == ((5, 3, 5), (5, 3, 3), (5, 3, 3), (4, 2, 2), (4, 2, 2), (4, 2, 2))
    for n, tiles, kept in ((3, 81, 75), (4, 84, 76), (5, 85, 75)):
        assert sum(r[2] for r in data.DEAL[n]) * n == tiles
        assert sum(r[1] for r in data.DEAL[n]) * n == kept
        assert tiles <= 90 and kept <= 85


@pytest.mark.parametrize(
    "max_size,expected",
    [
        (3, [1000, 2000, 5000]),
        (4, [1000, 2000, 4000, 8000]),
        (5, [1000, 2000, 4000, 6000, 11000]),
        (6, [1000, 2000, 4000, 6000, 8000, 14000]),
    ],
)
def test_income_table_for_every_size_of_every_max_size(max_size, expected):
    """SEED income table: each size from 1 to the max size."""
    assert [business_income(s, max_size) for s in range(1, max_size + 1)] == expected


def test_outlook_cards():
    """§6 (SEED): nine cards, one each for 3, 4, 5, 6, 5-or-6, 3-or-4, three without bonus."""
    assert sorted(data.OUTLOOK_CARDS) == sorted([(3,), (4,), (5,), (6,), (5, 6), (3, 4), (), (), ()])
    assert data.OUTLOOK_REMOVED == 3 and data.OUTLOOK_BONUS == 1000
