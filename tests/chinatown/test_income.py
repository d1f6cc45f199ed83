"""Phase 5: businesses, the income table, outlook cards, and the rulebook's examples."""

from __future__ import annotations

import pytest

from pyengine.games.chinatown import data, scoring

from .helpers import G, income_of, play, position


def board(owner: dict[int, int], tiles: dict[int, str], players: int = 3, **kw) -> dict:
    return position(players, owner=owner, tiles=tiles, **kw)


def test_adjacent_same_type_tiles_of_one_owner_form_one_business():
    s = board({1: 0, 2: 0}, {1: "seafood", 2: "seafood"})
    assert income_of(s) == [2000, 0, 0]
    assert scoring.businesses(s["owner"], s["tile"], s["complete"]) == [(0, 0, [1, 2], False)]


def test_diagonal_tiles_are_separate_businesses():
    """SEED: adjacency is a shared edge, not a corner (lots 3 and 8 touch at a corner)."""
    s = board({3: 0, 8: 0}, {3: "seafood", 8: "seafood"})
    assert income_of(s) == [2000, 0, 0]  # 1,000 + 1,000, not a 2-tile business
    assert len(scoring.groups(s["owner"], s["tile"])) == 2


def test_tiles_across_a_street_are_not_adjacent():
    """SEED: lots 5 (block 1) and 19 (block 2) face each other across a street."""
    s = board({5: 0, 19: 0, 26: 0, 59: 0}, {5: "laundry", 19: "laundry", 26: "tailor", 59: "tailor"})
    assert income_of(s) == [4000, 0, 0]


def test_same_type_tiles_of_different_owners_are_independent():
    """SEED: 属于不同玩家的相邻相同板块是相互独立的."""
    s = board({1: 0, 2: 1, 3: 0}, {1: "seafood", 2: "seafood", 3: "seafood"})
    assert income_of(s) == [2000, 1000, 0]


def test_a_complete_business_earns_the_complete_income():
    s = board({1: 0, 2: 0, 3: 0}, {1: "pharmacy", 2: "pharmacy", 3: "pharmacy"})
    assert income_of(s) == [5000, 0, 0]


def test_a_tile_next_to_a_complete_business_starts_a_new_one():
    """SEED: 如果玩家在一个已完成商店旁放一个相同类型的生意板块，则这个板块是一个新商店."""
    s = board({1: 0, 2: 0, 3: 0, 4: 0}, {1: "seafood", 2: "seafood", 3: "seafood"}, hands={0: {"seafood": 1}})
    assert income_of(s)[0] == 5000
    s = G.apply(s, "place seafood 4")  # next to the complete Seafood business (4 touches 2 and 3)
    assert income_of(s)[0] == 5000 + 1000  # the complete one is unchanged; the new one earns 1,000


def test_two_small_businesses_joined_by_a_tile():
    """SEED: 玩家可以用增加板块的方法将两个小商店合并成大商店."""
    s = board({1: 0, 2: 0, 4: 0}, {1: "restaurant", 4: "restaurant"}, hands={0: {"restaurant": 1}})
    assert income_of(s)[0] == 1000 + 1000
    s = G.apply(s, "place restaurant 2")  # lot 2 touches 1 and 4
    assert income_of(s)[0] == 4000  # one business of 3 (max 4)


def test_acquiring_an_adjacent_tile_by_trade_grows_the_business():
    """SEED: ...或者通过交易或收购获取相邻的同类板块."""
    s = position(3, phase="trade", owner={1: 0, 2: 1}, tiles={1: "seafood", 2: "seafood"})
    assert income_of(s) == [1000, 1000, 0]
    s = play(s, "offer 2 give money 2000 get lot 2", "accept")
    assert income_of(s) == [2000, 0, 0]


@pytest.mark.parametrize(
    "card,bonus",
    [
        ((3,), 4 * 1000),  # 1 Seafood (incomplete) + 3 Pharmacy (complete)
        ((4,), 2 * 1000),  # 2 Laundry
        ((5,), 1 * 1000),  # 1 Tailor
        ((6,), 0),
        ((5, 6), 1 * 1000),
        ((3, 4), 6 * 1000),
        ((), 0),
    ],
)
def test_outlook_bonus_per_matching_tile_complete_or_not(card, bonus):
    """SEED: +$1,000 per tile of the shown sizes, even in an incomplete business."""
    s = board(
        {1: 0, 3: 0, 4: 0, 5: 0, 16: 0, 17: 0, 28: 0},
        {1: "seafood", 3: "pharmacy", 4: "pharmacy", 5: "pharmacy", 16: "laundry", 17: "laundry", 28: "tailor"},
    )
    index = data.OUTLOOK_CARDS.index(card)
    result = scoring.income(s, index)
    assert result["outlook"][0] == bonus
    assert result["shops"][0] == 1000 + 5000 + 2000 + 1000


def test_income_phase_reveals_the_next_outlook_card_and_pays():
    s = position(
        3, phase="place", owner={1: 0, 2: 0, 16: 1}, tiles={1: "seafood", 16: "tailor"}, hands={0: {"seafood": 1}}
    )
    s["outlook"] = [data.OUTLOOK_CARDS.index((3,)), data.OUTLOOK_CARDS.index(())] + s["outlook"][2:]
    s = play(s, "place seafood 2")  # the last placement of the round: phase 5 follows
    assert s["revealed"] == [data.OUTLOOK_CARDS.index((3,))]
    assert s["money"] == [5000 + 2000 + 2000, 5000 + 1000, 5000]
    assert s["income"][0] == [[2000, 1000, 0], [2000, 0, 0]]
    assert s["last_income"]["card"] == data.OUTLOOK_CARDS.index((3,))
    assert len(s["outlook"]) == 5


def test_zman_edition_pays_ten_times_and_has_no_outlook_cards():
    s = position(
        3,
        phase="place",
        options={"edition": "zman"},
        owner={1: 0, 2: 0, 3: 0},
        tiles={1: "photo", 2: "photo"},
        hands={0: {"photo": 1}},
    )
    assert s["money"] == [50000] * 3 and s["outlook"] == []
    s = play(s, "place photo 3")
    assert s["money"][0] == 50000 + 50000  # a complete Photo business: 5,000 x 10
    assert s["revealed"] == [None]
