"""A complete business never grows (SEED: 「如果玩家在一个已完成商店旁放一个相同类型的生意板块，则这个
板块是一个新商店，不增加已完成商店的规模和价值」), and the readings for what the rulebook leaves
open: trades that end a complete business or join tiles past the max size (RULES.md,
reading 9). The board of block 4 (data spec §3a):

    43 44 45 46
    47 48 49 50
    51 52 53 54
          55 56
          57 58
"""

from __future__ import annotations

from itertools import permutations

import pytest
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from pyengine.core import rng
from pyengine.games.chinatown import bots, data, rules, scoring
from pyengine.games.chinatown.invariants import problems
from pyengine.games.chinatown.moves import Place

from .helpers import G, income_of, new_game, play, position


def business_problems(state: dict) -> list[str]:
    """The invariants' complaints about complete businesses (positions built by editing a
    state account for no cards or tiles, so the other checks do not apply)."""
    return [p for p in problems(state) if "complete" in p]


def test_the_example_lots_touch_as_the_issue_says():
    """The lots of the examples below, on the board of the data spec."""
    n = data.NEIGHBOURS
    assert 51 in n[47] and 47 in n[43] and 53 in n[54] and 53 in n[55]
    assert 51 not in n[43] and not set(n[54]) & {43, 47} and not set(n[55]) & {43, 47, 54}
    assert 52 in n[51] and 53 in n[52] and 54 in n[53]


def shop_income_after_placing(shop: str, complete: list[int], order: tuple[int, ...]) -> int:
    """The shops part of the income paid when the owner of the complete business on
    `complete` (placed in an earlier round) places tiles on `order`, in that order."""
    lots = complete + list(order)
    s = position(
        3,
        phase="place",
        owner={lot: 0 for lot in lots},
        tiles={lot: shop for lot in complete},
        hands={0: {shop: len(order)}},
    )
    assert s["complete"] == [complete]
    s = play(s, *(f"place {shop} {lot}" for lot in order))  # the last tile ends the round: income
    assert s["complete"][0] == complete  # it did not grow
    return s["income"][-1][0][0]


@pytest.mark.parametrize("order", list(permutations((47, 43, 54))))
def test_tiles_next_to_a_complete_pharmacy_start_new_businesses_that_join_only_each_other(order):
    """Pharmacy (max 3) complete on 51-52-53; 47 touches 51, 43 touches 47 only, 54 touches
    53: $5,000 (complete) + $2,000 ({43, 47}) + $1,000 ({54}), in any order of placing
    (the old ⌊6/3⌋ split paid $10,000)."""
    assert shop_income_after_placing("pharmacy", [51, 52, 53], order) == 8000


@pytest.mark.parametrize("order", list(permutations((47, 43, 55))))
def test_tiles_next_to_a_complete_restaurant_start_new_businesses_that_join_only_each_other(order):
    """Restaurant (max 4) complete on 51-54; 47 touches 51, 43 touches 47, 55 touches 53:
    $8,000 + $2,000 ({43, 47}) + $1,000 ({55}) (the old split paid $12,000)."""
    assert shop_income_after_placing("restaurant", [51, 52, 53, 54], order) == 11000


def test_a_business_is_complete_once_its_last_tile_is_placed_even_in_the_same_turn():
    """Complete from the moment it reaches its max size: a tile placed next to it later
    in the same turn starts a new business."""
    s = position(3, phase="place", owner={51: 0, 52: 0, 53: 0, 54: 0, 1: 0}, hands={0: {"seafood": 4, "tailor": 1}})
    s = play(s, "place seafood 51", "place seafood 52")
    assert s["complete"] == [] and income_of(s)[0] == 2000
    s = play(s, "place seafood 53")
    assert s["complete"] == [[51, 52, 53]] and income_of(s)[0] == 5000
    s = play(s, "place seafood 54")
    assert s["complete"] == [[51, 52, 53]] and income_of(s)[0] == 5000 + 1000


def test_the_complete_business_is_kept_in_the_state_and_in_every_view():
    s = position(
        3,
        phase="place",
        owner={51: 0, 52: 0, 53: 0, 1: 0},
        tiles={51: "seafood", 52: "seafood"},
        hands={0: {"seafood": 1, "tailor": 1}},
    )
    s = play(s, "place seafood 53")
    assert all(G.view(s, p)["complete"] == [[51, 52, 53]] for p in (None, 0, 1, 2))


# ------------------------------------------------------- tiles joined past the max size
def test_a_tile_joining_two_businesses_past_the_max_size_completes_one_with_the_lowest_lots():
    """Reading 9 (DESIGNED): {51, 52} and {54} joined by 53 are 4 Pharmacy tiles, max 3:
    3 joined tiles become complete, the rest a business of their own. Both choices pay
    $6,000, so the lowest lots are complete."""
    s = position(
        3,
        phase="place",
        owner={51: 0, 52: 0, 53: 0, 54: 0, 1: 0},
        tiles={51: "pharmacy", 52: "pharmacy", 54: "pharmacy"},
        hands={0: {"pharmacy": 1, "tailor": 1}},
    )
    assert s["complete"] == [] and income_of(s)[0] == 2000 + 1000
    s = play(s, "place pharmacy 53")
    assert s["complete"] == [[51, 52, 53]] and income_of(s)[0] == 5000 + 1000


def test_a_trade_joining_tiles_past_the_max_size_completes_the_business_that_pays_most():
    """Reading 9: Player 1 has Restaurants on {1, 2}, {5} and {6, 7}; buying Player 2's
    lots 3 and 4 (Restaurants) joins 7 tiles, max 4. Complete {1, 2, 4, 5} leaves {3, 6, 7}
    ($8,000 + $4,000); the lowest lots {1, 2, 3, 4} would leave {5} and {6, 7} ($11,000)."""
    lots = (1, 2, 3, 4, 5, 6, 7)
    s = position(
        3,
        phase="trade",
        owner={lot: 1 if lot in (3, 4) else 0 for lot in lots},
        tiles={lot: "restaurant" for lot in lots},
    )
    assert s["complete"] == [] and income_of(s) == [2000 + 1000 + 2000, 1000 + 1000, 0]
    s = play(s, "offer 2 give money 1000 get lot 3 lot 4", "accept")
    assert s["complete"] == [[1, 2, 4, 5]]
    assert income_of(s) == [8000 + 4000, 0, 0]


@pytest.mark.parametrize(
    "shop,size,expected",
    [
        ("seafood", 6, 2 * 5000),  # two complete businesses
        ("seafood", 7, 2 * 5000 + 1000),
        ("restaurant", 5, 8000 + 1000),
        ("tailor", 7, 11000 + 2000),
        ("watchmaker", 9, 14000 + 4000),
    ],
)
def test_tiles_joined_at_once_past_the_max_size_make_as_many_complete_businesses_as_fit(shop, size, expected):
    """Reading 9: joined at once (as a trade can), s tiles of max size M here pay s // M
    complete businesses and one of s % M: every choice of complete ones is tried."""
    lots = list(range(43, 43 + size))  # block 4: 43-46 / 47-50 / 51-54, rows joined
    s = position(3, owner={lot: 0 for lot in lots}, tiles={lot: shop for lot in lots})
    assert len(scoring.groups(s["owner"], s["tile"])) == 1
    assert income_of(s)[0] == expected
    assert all(len(lots) == data.MAX_SIZE[rules.type_index(s, shop)] for lots in s["complete"])


# -------------------------------------------------------------------------------- trades
def complete_pharmacy_with_new_ones(trade: str) -> dict:
    """Player 1: a complete Pharmacy on 51-52-53, then new ones placed on 47 and 54; then
    `trade`, accepted by Player 2."""
    lots = (47, 51, 52, 53, 54)
    s = position(3, phase="trade", owner={lot: 0 for lot in lots}, tiles={lot: "pharmacy" for lot in lots})
    s["complete"] = [[51, 52, 53]]  # the order of placing (joined at once, 47-51-52 would be chosen)
    assert business_problems(s) == [] and income_of(s)[0] == 5000 + 1000 + 1000
    return play(s, trade, "accept")


def test_a_trade_that_splits_a_complete_business_between_players_ends_it():
    """Reading 9: a business is complete while one player owns all its lots. Selling 53
    leaves Player 1 the Pharmacies 47, 51, 52 (joined: complete again) and 54."""
    s = complete_pharmacy_with_new_ones("offer 2 give lot 53 get nothing")
    assert s["complete"] == [[47, 51, 52]]
    assert income_of(s) == [5000 + 1000, 1000, 0]
    assert business_problems(s) == []


def test_a_complete_business_traded_whole_stays_complete_and_does_not_grow():
    """Reading 9: all three lots to Player 2, who gets a complete business; it does not
    join Player 2's Pharmacies next to it (47 and 54 here, which Player 2 buys too)."""
    s = complete_pharmacy_with_new_ones("offer 2 give lot 47 lot 51 lot 52 lot 53 lot 54 get nothing")
    assert s["complete"] == [[51, 52, 53]]
    assert income_of(s) == [0, 5000 + 1000 + 1000, 0]  # ⌊5/3⌋ split: $7,000 too, but 47 and 54 never joined


def test_acquiring_the_tile_that_completes_a_business_by_trade_completes_it():
    """SEED: ...或者通过交易或收购获取相邻的同类板块. Complete from then on: a tile placed
    next to it later starts a new business."""
    s = position(
        3,
        phase="trade",
        owner={51: 0, 52: 0, 53: 1, 54: 0},
        tiles={51: "pharmacy", 52: "pharmacy", 53: "pharmacy"},
        hands={0: {"pharmacy": 1}},
    )
    s = play(s, "offer 2 give money 2000 get lot 53", "accept")
    assert s["complete"] == [[51, 52, 53]]
    s = play(s, "done", "done", "done", "place pharmacy 54")
    assert s["income"][-1][0][0] == 5000 + 1000


# ------------------------------------------------------ the board, the bots, the invariants
def test_the_board_outlines_a_complete_business_apart_from_the_new_one_beside_it():
    s = position(
        3,
        phase="place",
        owner={51: 0, 52: 0, 53: 0, 54: 0, 1: 0},
        tiles={51: "seafood", 52: "seafood", 53: "seafood"},
        hands={0: {"seafood": 2}},
    )
    s = play(s, "place seafood 54")
    svg = G.render(G.view(s, None), None)
    assert svg.count('class="business complete"') == 1 and svg.count('class="complete-mark"') == 1
    # The single tile on 54 is a business of its own: no outline, no star (a lone tile has none).
    assert svg.count('class="business"') == 0


def test_the_invariants_catch_a_complete_business_the_rules_would_not_keep():
    s = position(
        3, owner={51: 0, 52: 0, 53: 1, 54: 0}, tiles={51: "seafood", 52: "seafood", 53: "seafood", 54: "seafood"}
    )
    assert business_problems(s) == [] and s["complete"] == []
    rules_make = ["the complete businesses are not those the rules make of this board"]
    assert business_problems({**s, "complete": [[51, 52, 53]]}) == rules_make  # two owners: ended
    assert business_problems({**s, "complete": [[51, 52]]}) == [
        "complete business [51, 52] is not tiles of one type at its max size"
    ]
    assert business_problems({**s, "complete": [[51, 52, 54]]}) == [
        "complete business [51, 52, 54] is not joined by edges, or not in ascending order"
    ]
    t = position(3, owner={51: 0, 52: 0, 53: 0}, tiles={51: "seafood", 52: "seafood", 53: "seafood"})
    assert business_problems({**t, "complete": []}) == rules_make  # a full group left incomplete
    assert business_problems({**t, "complete": [[51, 52, 53], [51, 52, 53]]}) == ["a lot is in two complete businesses"]


def random_positions(seed: int, players: int = 4):
    """States of a game played by random legal moves (every move, trades included)."""
    s = new_game(players, seed)
    r = rng.seed_state(seed)
    while not G.is_over(s):
        yield s
        legal = G.legal_moves(s)
        r, i = rng.below(r, len(legal))
        s = G.apply(s, legal[i])


def test_the_bots_value_placing_as_the_income_pays_it():
    """One source of truth: the bots' board income and the gain of a placement they
    weigh equal what scoring pays after the move, in real positions."""
    checked = 0
    for seed in range(3):
        for s in random_positions(seed):
            if s["phase"] != "place":
                continue
            p = s["turn"]
            closed = scoring.complete_lots(s["complete"])
            before = scoring.income(s, None)["shops"][p]
            assert bots.board_income(s["owner"], s["tile"], s["complete"], p) == before
            for m in G.legal_moves(s):
                if isinstance(m, Place):
                    t = rules.type_index(s, m.shop)
                    gain = scoring.place_gain(s["owner"], s["tile"], closed, p, t, m.lot)
                    after = G.apply(s, m)
                    if after["round"] == s["round"]:  # else income was paid and the tiles counted
                        assert scoring.income(after, None)["shops"][p] - before == gain, str(m)
                        checked += 1
    assert checked > 100


def test_a_tile_next_to_a_complete_business_gains_a_bot_only_a_new_business():
    s = position(
        3, phase="place", owner={51: 0, 52: 0, 53: 0, 54: 0}, tiles={51: "seafood", 52: "seafood", 53: "seafood"}
    )
    closed = scoring.complete_lots(s["complete"])
    assert scoring.place_gain(s["owner"], s["tile"], closed, 0, 0, 54) == 1000


# ---------------------------------------------------------------------- the printed rule
MAX = {"pharmacy": 3, "restaurant": 4, "tailor": 5}
PAY = {3: (0, 1000, 2000, 5000), 4: (0, 1000, 2000, 4000, 8000), 5: (0, 1000, 2000, 4000, 6000, 11000)}
BLOCK_4 = list(range(43, 59))


def printed_rule_income(history: list[tuple[int, str]]) -> int | None:
    """The rulebook's rule applied tile by tile, written apart from the engine: a tile
    joins the incomplete businesses of its type it touches, never a complete one; a
    business of max size tiles is complete. None when a tile joins businesses past the
    max size, which the rulebook does not settle."""
    shops: list[tuple[str, set[int]]] = []
    for lot, shop in history:
        joined = [
            x for x in shops if x[0] == shop and len(x[1]) < MAX[shop] and any(lot in data.NEIGHBOURS[y] for y in x[1])
        ]
        lots = {lot}.union(*(x[1] for x in joined))
        if len(lots) > MAX[shop]:
            return None
        shops = [x for x in shops if x not in joined] + [(shop, lots)]
    return sum(PAY[MAX[shop]][len(lots)] for shop, lots in shops)


@st.composite
def placing_histories(draw) -> list[tuple[int, str]]:
    """Up to 16 tiles (mostly 6 or more: businesses get complete) of one or two types on
    lots of block 4, in any order, no more of a type than the game has (max size + 3)."""
    kinds = draw(st.lists(st.sampled_from(sorted(MAX)), min_size=1, max_size=2, unique=True))
    lots = draw(st.permutations(BLOCK_4))
    shops = draw(st.lists(st.sampled_from(kinds), min_size=6, max_size=len(BLOCK_4)))
    out: list[tuple[int, str]] = []
    for lot, shop in zip(lots, shops):
        if sum(1 for _, x in out if x == shop) < MAX[shop] + 3:
            out.append((lot, shop))
    return out


def placing(history: list[tuple[int, str]]):
    """Player 1 places the tiles of `history` in that order, one placing turn; yields
    the state after each. A Watchmaker in hand and the empty lot 1 keep the turn open,
    so no income is paid in between."""
    s = position(
        3,
        phase="place",
        owner={**{lot: 0 for lot, _ in history}, 1: 0},
        hands={0: {**{shop: sum(1 for _, x in history if x == shop) for shop in MAX}, "watchmaker": 1}},
    )
    for lot, shop in history:
        s = G.apply(s, f"place {shop} {lot}")
        yield s


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(history=placing_histories())
def test_income_never_exceeds_what_the_printed_rule_pays_for_the_same_placements(history):
    """Property: whatever the order of placing, the engine pays exactly what the printed
    rule pays, wherever the rulebook settles every business (so never more)."""
    expected = printed_rule_income(history)
    assume(expected is not None)
    *_, s = placing(history)
    assert scoring.income(s, None)["shops"][0] == expected
    event(
        "a complete business with a tile beside it"
        if any(
            s["tile"][y] == s["tile"][lot]
            for lots in s["complete"]
            for lot in lots
            for y in data.NEIGHBOURS[lot]
            if y not in lots
        )
        else "no tile beside a complete business"
    )


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(history=placing_histories())
def test_a_complete_business_never_grows_and_no_business_passes_its_max_size(history):
    """Property, every order of placing (tiles joined past the max size included): a
    complete business keeps exactly its lots while tiles are placed, no business has
    more tiles than its max size, and the pay never exceeds the old ⌊s/M⌋ split of each
    group of touching tiles."""
    seen: list[list[int]] = []
    for s in placing(history):
        assert all(x in s["complete"] for x in seen)
        seen = s["complete"]
        assert business_problems(s) == []
        assert all(
            len(lots) <= data.MAX_SIZE[t] for _, t, lots, _ in scoring.businesses(s["owner"], s["tile"], s["complete"])
        )
        split = sum(
            len(lots) // data.MAX_SIZE[t] * data.INCOME_COMPLETE[data.MAX_SIZE[t]]
            + data.INCOME_INCOMPLETE[len(lots) % data.MAX_SIZE[t]]
            for _, t, lots in scoring.groups(s["owner"], s["tile"])
        )
        assert scoring.income(s, None)["shops"][0] <= split


@st.composite
def placing_and_trading(draw) -> list[tuple[str, int, str]]:
    """Steps on block 4: ("place", lot, shop), its owner placing there if it is empty, or
    ("trade", lot, ""), its owner giving it (with its tile) to the other player."""
    kinds = draw(st.lists(st.sampled_from(sorted(MAX)), min_size=1, max_size=2, unique=True))
    place = st.tuples(st.just("place"), st.sampled_from(BLOCK_4), st.sampled_from(kinds))
    trade = st.tuples(st.just("trade"), st.sampled_from(BLOCK_4), st.just(""))
    return draw(st.lists(st.one_of(place, place, trade), min_size=12, max_size=40))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(steps=placing_and_trading(), owners=st.lists(st.sampled_from([0, 0, 0, 1]), min_size=16, max_size=16))
def test_placing_and_trading_in_any_order_keep_complete_businesses_as_the_rules_make_them(steps, owners):
    """Property: after any placements and trades (lots with their tiles changing hands),
    the invariants hold (every complete business has its max size, one owner, joined
    tiles; none left that the rules would end or make), no business passes its max, and
    the bots' board income and placing gain are what the income pays."""
    s = position(
        3, owner={**dict(zip(BLOCK_4, owners)), 1: 0, 2: 1}, hands={0: {"watchmaker": 1}, 1: {"watchmaker": 1}}
    )  # an open turn: no income
    seen = s["complete"]
    for kind, lot, shop in steps:
        who = s["owner"][lot]
        if kind == "place":
            t = rules.type_index(s, shop)
            if s["tile"][lot] >= 0 or s["tile"].count(t) == data.TILE_COUNTS[t]:
                continue
            s["phase"], s["turn"] = "place", who
            s["hands"][who][t] += 1
            before = scoring.income(s, None)["shops"][who]
            gain = scoring.place_gain(s["owner"], s["tile"], scoring.complete_lots(s["complete"]), who, t, lot)
            s = G.apply(s, f"place {shop} {lot}")
            assert scoring.income(s, None)["shops"][who] - before == gain  # what the bots weigh is what pays
        else:
            s["phase"], s["turn"], s["offer"] = "trade", who, None
            s["done"], s["offers_left"] = [False] * 3, [5] * 3
            s = play(s, f"offer {2 - who} give lot {lot} get nothing", "accept")
        assert business_problems(s) == []
        assert all(
            len(lots) <= data.MAX_SIZE[t] for _, t, lots, _ in scoring.businesses(s["owner"], s["tile"], s["complete"])
        )
        paid = scoring.income(s, None)["shops"]
        assert [bots.board_income(s["owner"], s["tile"], s["complete"], p) for p in range(3)] == paid
        change = "made" if len(s["complete"]) > len(seen) else "ended" if len(s["complete"]) < len(seen) else "kept"
        event(f"{kind}: complete businesses {change}")
        seen = s["complete"]
