"""Scenarios for Chinatown (issue 27): the setup edits (pyengine/games/chinatown/setup.py)
build only positions the rules reach, the board names its parts for a scenario's marks,
and the shipped scenarios (pyengine/games/chinatown/scenarios/) show what their captions
say: the rulebook's worked examples (the business sizes, joining two shops, a tile next
to a complete shop, the income table, trading, the business-outlook bonus, the street
frontage variant) and the data spec's tiles joined past the max size.

tests/test_scenario.py checks every shipped scenario in every language (it replays, its
answers pass, other moves fail); here each one is checked against its own captions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pyengine.core.annotate import boxes
from pyengine.core.game import Game, IllegalMove
from pyengine.core.guide import load_guide
from pyengine.core.scenario import ScenarioError, check_scenario, grade, load_scenario
from pyengine.games.chinatown import data, scoring
from pyengine.games.chinatown.invariants import problems

from .helpers import G, new_game

SCENARIOS = Path(__file__).resolve().parents[2] / "pyengine" / "games" / "chinatown" / "scenarios"


def setup(*edits, players: int = 3, seed: int = 1, **options) -> dict:
    state = new_game(players, seed, options)
    for edit in edits:
        state = G.apply_setup(state, edit)
    return state


def refused(why: str, *edits, **options) -> None:
    with pytest.raises(IllegalMove, match=why):
        setup(*edits, **options)


def lots(seat: int, *numbers: int) -> list[dict]:
    return [{"edit": "lot", "lot": n, "seat": seat} for n in numbers]


def tiles(shop: str, *numbers: int) -> list[dict]:
    return [{"edit": "tile", "lot": n, "shop": shop} for n in numbers]


def scenario(name: str):
    return load_scenario((SCENARIOS / name).read_text(encoding="utf-8"))


# ------------------------------------------------------------------------ setup edits
def test_a_lot_comes_from_the_deck_or_from_a_hand_dealt_for_phase_1():
    fresh = new_game(3, 1, {})
    dealt, in_deck = fresh["dealt"][1][0], fresh["deck"][0]
    s = setup(*lots(1, in_deck, dealt))
    assert s["owner"][in_deck] == s["owner"][dealt] == 0
    assert dealt not in s["dealt"][1] and len(s["dealt"][1]) == len(fresh["dealt"][1])  # dealt another card
    assert in_deck not in s["deck"] and problems(s) == []
    s = G.apply_setup(s, {"edit": "lot", "lot": "40", "seat": 2})  # the board's id for it works too
    assert s["owner"][40] == 1


def test_a_lot_another_seat_owns_changes_hands_with_its_tile_as_in_a_trade():
    s = setup(*lots(1, 43, 45, 46), *tiles("restaurant", 43, 45, 46), *lots(2, 44), *tiles("restaurant", 44))
    assert s["complete"] == []
    s = G.apply_setup(s, {"edit": "lot", "lot": 44, "seat": 1})
    assert s["owner"][44] == 0 and s["complete"] == [[43, 44, 45, 46]]


def test_tiles_come_from_the_supply_and_complete_businesses_in_the_order_placed():
    s = setup(*lots(1, 51, 52, 53, 54), *tiles("pharmacy", 51, 52, 53, 54))
    assert s["complete"] == [[51, 52, 53]]  # complete with its 3rd tile: the 4th starts a new one
    assert scoring.income(s, None)["total"][0] == 5000 + 1000
    assert s["bag"].count(1) == data.TILE_COUNTS[1] - 4 and problems(s) == []
    s = setup(*lots(1, 51, 52, 53, 54), *tiles("pharmacy", 51, 52, 54, 53))
    assert s["complete"] == [[51, 52, 53]]  # joined past the max size: carved as a placement does


def test_a_hand_gives_back_what_it_held_and_draws_from_the_supply():
    s = setup({"edit": "hand", "seat": 2, "tiles": {"restaurant": 3, "tailor": 1}})
    assert s["hands"][1][4] == 3 and s["hands"][1][6] == 1
    s = G.apply_setup(s, {"edit": "hand", "seat": 2, "tiles": {"tailor": 2}})
    assert s["hands"][1][4] == 0 and s["hands"][1][6] == 2 and problems(s) == []


def test_a_round_reveals_the_outlook_cards_played_and_moves_the_start_player_on():
    fresh = new_game(4, 3, {})
    s = setup({"edit": "round", "round": 4}, players=4, seed=3)
    assert s["round"] == 4 and s["revealed"] == fresh["outlook"][:3] and s["outlook"] == fresh["outlook"][3:]
    assert s["start"] == 3 and s["income"] == [[[0] * 4, [0] * 4]] * 3
    assert s["phase"] == "keep" and [len(h) for h in s["dealt"]] == [5] * 4  # round 4's deal with 4 players
    assert problems(s) == []


def test_money_is_start_money_plus_income_spread_over_the_rounds_played():
    s = setup({"edit": "round", "round": 3}, {"edit": "money", "seat": 2, "dollars": 12000})
    assert s["money"] == [5000, 12000, 5000]
    assert [shops[1] for shops, _ in s["income"]] == [3000, 4000] and problems(s) == []
    assert G.breakdown(s)["totals"][1] == 12000


def test_the_next_outlook_cards_may_be_chosen_among_those_not_revealed():
    s = setup(
        *lots(1, 59, 60),
        *tiles("restaurant", 59, 60),
        *lots(1, 61),
        {"edit": "hand", "seat": 1, "tiles": {"pharmacy": 1}},
        {"edit": "outlook", "next": [[4], [3, 4], []]},
        {"edit": "turn", "seat": 1, "phase": "place"},
    )
    assert [data.OUTLOOK_CARDS[c] for c in s["outlook"][:3]] == [(4,), (3, 4), ()] and len(s["outlook"]) == 6
    s = G.apply(s, "place pharmacy 61")  # the round's last tile: income with the card chosen
    assert s["revealed"] == [s["last_income"]["card"]] and data.OUTLOOK_CARDS[s["revealed"][0]] == (4,)
    assert s["last_income"]["total"][0] == 2000 + 1000 + 2 * 1000


def test_the_turn_sets_the_phase_and_who_moves():
    s = setup(
        *lots(2, 10),
        {"edit": "hand", "seat": 2, "tiles": {"seafood": 1}},
        {"edit": "turn", "seat": 2, "phase": "place", "start": 3},
    )
    assert (s["phase"], s["turn"], s["start"]) == ("place", 1, 2)
    assert s["dealt"] == [[], [], []] and len(s["deck"]) == data.LOT_COUNT - 1 and problems(s) == []
    assert {str(m) for m in G.legal_moves(s)} == {"place seafood 10", "done"}
    s = setup({"edit": "turn", "seat": 3, "phase": "trade"})
    assert (s["phase"], s["turn"], s["offers_left"]) == ("trade", 2, [5, 5, 5])


def test_setup_refuses_what_the_rules_cannot_reach():
    refused(r"Chinatown's setup edits are lot, tile, hand, round, money, outlook, turn, not 'build'", {"edit": "build"})
    refused(r"'seat' must be a seat from 1 to 3", {"edit": "lot", "lot": 1, "seat": 4})
    refused(r"86 is not a lot \(1 to 85\)", {"edit": "lot", "lot": 86, "seat": 1})
    refused(r"Placement: lot 5 has no owner", {"edit": "tile", "lot": 5, "shop": "seafood"})
    refused(r"Placement: lot 5 already has a shop", *lots(1, 5), *tiles("seafood", 5, 5))
    refused(r"Shop type: there is no 'photo' shop in the alea edition", *lots(1, 5), *tiles("photo", 5))
    refused(
        r"Shop tiles: no Pharmacy tile is left in the supply", *lots(1, *range(1, 8)), *tiles("pharmacy", *range(1, 8))
    )
    refused(r"Shop tiles: no Seafood tile is left", {"edit": "hand", "seat": 1, "tiles": {"seafood": 7}})
    refused(r"Street frontage: lot 48 has no street frontage", *lots(1, 48), *tiles("laundry", 48), street_variant=True)
    refused(r"Money: money changes hands in whole \$1,000 cards", {"edit": "money", "seat": 1, "dollars": 5500})
    refused(r"at least \$5,000, and more only after a round edit", {"edit": "money", "seat": 1, "dollars": 9000})
    refused(r"'round' must be from 1 to 6", {"edit": "round", "round": 7})
    refused(r"the Z-Man edition has no outlook cards", {"edit": "outlook", "next": [[]]}, edition="zman")
    refused(r"no outlook card for sizes \[3\] is left", {"edit": "outlook", "next": [[3], [3]]})
    refused(r"only 1 outlook cards are left", {"edit": "round", "round": 6}, {"edit": "outlook", "next": [[], []]})
    refused(r"'phase' is trade or place", {"edit": "turn", "seat": 1, "phase": "keep"})
    refused(r"Player 1 is to place a tile but has none", {"edit": "turn", "seat": 1, "phase": "place"})
    refused(
        r"Player 1 is to place a tile but has none",
        *lots(1, 5),  # a later edit takes the tile away
        {"edit": "hand", "seat": 1, "tiles": {"seafood": 1}},
        {"edit": "turn", "seat": 1, "phase": "place"},
        {"edit": "hand", "seat": 1, "tiles": {}},
    )


def test_a_scenario_names_the_edit_that_fails():
    text = json.dumps(
        {
            "scenario": 1,
            "game": "chinatown",
            "players": 3,
            "seed": 1,
            "moves": [],
            "setup": [{"edit": "lot", "lot": 5, "seat": 1}, {"edit": "tile", "lot": 6, "shop": "seafood"}],
        }
    )
    with pytest.raises(ScenarioError, match=r"setup\[1\]: Placement: lot 6 has no owner"):
        check_scenario(load_scenario(text))


def test_a_game_without_setup_edits_refuses_them():
    class Bare(Game):
        title = "Bare"

    with pytest.raises(IllegalMove, match="Bare takes no setup edits"):
        Bare().apply_setup({}, {"edit": "lot"})


# ----------------------------------------------------------------- the board's part ids
def test_the_board_names_its_parts_for_a_scenarios_marks():
    """Lots by number; the legend's shop types, each player's panel, the tiles in their
    hand, the land cards dealt to the viewer, the outlook cards, and the box under the
    board (the income, or the offer to answer)."""
    s = setup(*lots(2, 44), {"edit": "hand", "seat": 1, "tiles": {"restaurant": 2}})
    for portrait in (False, True):
        ids = set(boxes(G.render(G.view(s, 0), 0, portrait=portrait)))
        assert {str(lot) for lot in range(1, 86)} <= ids
        assert {f"shop {t.id}" for t in data.ALEA_TYPES} <= ids
        assert {"player 1", "player 2", "player 3", "hand 1 restaurant", "income"} <= ids
        assert {f"card {c}" for c in s["dealt"][0]} <= ids and not {f"card {c}" for c in s["dealt"][1]} & ids
        assert {f"outlook {r}" for r in range(1, 7)} <= ids
    s = G.apply(G.apply_setup(s, {"edit": "turn", "seat": 2, "phase": "trade"}), "offer 1 give lot 44 get money 3000")
    ids = set(boxes(G.render(G.view(s, 0), 0)))
    assert "offer" in ids and "income" not in ids
    x, y, w, h = boxes(G.render(G.view(s, 0), 0))["shop restaurant"]
    assert w > 200 and h == 17  # the whole legend row, not its colour swatch


# -------------------------------------------------------- the scenarios say what is true
def money(sc, at: int) -> list[int]:
    return G.scores(sc.position(at)[1])


def income_for(sc, at: int, move: str, seat: int = 0) -> int:
    game, state = sc.position(at)
    return game.scores(game.apply(state, move))[seat] - game.scores(state)[seat]


def test_sizes_a_pharmacy_completes_with_3_of_6_tiles_and_a_restaurant_with_4_of_7():
    """Rulebook: 如药店最大规模为 3，药店板块数量为 6；餐馆最大规模为 4，餐馆数量为 7."""
    _, s = scenario("sizes.json").position(0)
    pharmacy, restaurant = (next(t for t in data.ALEA_TYPES if t.id == i) for i in ("pharmacy", "restaurant"))
    assert (pharmacy.max, pharmacy.tiles, restaurant.max, restaurant.tiles) == (3, 6, 4, 7)
    assert s["complete"] == [[51, 52, 53], [59, 60, 61, 62]]
    shops = scoring.businesses(s["owner"], s["tile"], s["complete"])
    assert (1, 1, [54], False) in shops  # Player 2's Pharmacy beside Player 1's stands alone
    assert [lots for _, _, lots, _ in shops if lots[0] in (3, 5, 8, 19)] == [[3], [5], [8], [19]]


def test_join_a_tile_between_two_restaurants_makes_one_complete_restaurant():
    sc = scenario("join.json")
    assert income_for(sc, 0, "place restaurant 45") == 8000
    assert income_for(sc, 0, "place restaurant 47") == 5000 and income_for(sc, 0, "done") == 3000
    assert [43, 44, 45, 46] in sc.position(1)[1]["complete"]


def test_new_shop_a_tile_next_to_a_complete_pharmacy_starts_a_new_business():
    sc = scenario("new-shop.json")
    assert income_for(sc, 0, "place pharmacy 54") == 5000 + 1000 + 2000
    assert income_for(sc, 0, "place pharmacy 55") == income_for(sc, 0, "place pharmacy 56") == 10000
    assert sc.position(1)[1]["complete"] == [[51, 52, 53], [55, 57, 58]]


def test_income_the_table_for_complete_and_incomplete_businesses():
    sc = scenario("income.json")
    lines = {
        (t, len(lots), bool(c)): money
        for p, t, money, _, c, *lots in sc.position(1)[1]["last_income"]["lines"]
        if p == 0
    }
    ids = [t.id for t in data.ALEA_TYPES]
    assert lines == {
        (ids.index("workwear"), 3, True): 5000,
        (ids.index("laundry"), 3, False): 4000,
        (ids.index("tailor"), 5, True): 11000,
        (ids.index("watchmaker"), 6, True): 14000,
        (ids.index("seafood"), 1, False): 1000,
    }
    assert money(sc, 1)[:2] == [5000 + 35000, 5000 + 1000]
    assert income_for(sc, 0, "place tailor 31") == 30000 + 1000


def test_trading_a_lot_with_its_tile_completes_the_buyers_restaurant():
    sc = scenario("trading.json")
    _, s = sc.position(1)
    assert s["offer"]["to"] == 0 and G.to_move(s) == (0,)
    _, s = sc.position(2)
    assert s["owner"][44] == 0 and s["complete"] == [[43, 44, 45, 46]] and s["money"][:2] == [2000, 8000]
    assert scoring.income(s, None)["total"][0] == 8000


def test_outlook_the_bonus_counts_every_matching_tile_complete_or_not():
    sc = scenario("outlook.json")
    _, s = sc.position(1)
    assert data.OUTLOOK_CARDS[s["revealed"][0]] == (3, 4)
    assert s["income"][0] == [[9000, 0, 0], [5000, 0, 0]]


def test_street_a_new_business_needs_frontage_or_a_same_type_tile_that_has_it():
    sc = scenario("street.json")
    assert not data.FRONTAGE[48] and not data.FRONTAGE[49] and all(data.FRONTAGE[x] for x in (44, 47, 50))
    for move in ("place laundry 48", "place laundry 49"):
        assert grade(sc, 0, move)[1].startswith("Street frontage: lot")
    assert grade(sc, 1, "place fireworks 49")[1].startswith("Street frontage: lot 49")
    assert sc.position(2)[1]["tile"][48] == data.ALEA_TYPES.index(
        next(t for t in data.ALEA_TYPES if t.id == "fireworks")
    )


def test_oversize_four_joined_pharmacies_pay_a_complete_one_and_a_single_one():
    sc = scenario("oversize.json")
    assert income_for(sc, 0, "place pharmacy 53") == 5000 + 1000
    assert sc.position(1)[1]["complete"] == [[51, 52, 53]]


def test_round_one_round_played_from_the_deal_to_the_income():
    sc = scenario("round.json")
    _, s = sc.position(0)
    assert s["phase"] == "keep" and len(s["dealt"][0]) == 7
    _, s = sc.position(3)
    assert s["phase"] == "trade" and [sum(h) for h in s["hands"]] == [7, 7, 7]
    _, s = sc.position(6)
    assert s["phase"] == "place" and s["turn"] == 0
    _, s = sc.position(len(sc.record["moves"]))
    assert s["round"] == 2 and s["start"] == 1 and data.OUTLOOK_CARDS[s["revealed"][0]] == (6,)


def test_end_a_tie_on_money_goes_to_the_most_tiles_on_the_board():
    _, s = scenario("end.json").position(1)
    assert G.is_over(s) and G.scores(s) == [49000, 49000, 31000]
    assert scoring.tiles_on_board(s)[:2] == [5, 6] and G.winners(s) == [1]


def test_the_guide_has_a_board_for_each_section_and_the_rulebooks_examples():
    guide = load_guide(G)
    assert all(section.scenario is not None for section in guide.sections)
    names = json.loads((SCENARIOS.parent / "guide.json").read_text(encoding="utf-8"))
    shipped = {p.name for p in SCENARIOS.glob("*.json")}
    assert set(names["sections"].values()) | set(names["examples"]) == shipped
    tasks = [t for sc in guide.examples for t in sc.tasks]
    assert {t.check["kind"] for t in tasks} >= {"score", "move"}
