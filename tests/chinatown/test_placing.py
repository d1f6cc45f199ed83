"""Phase 4: placing tiles on your own empty lots, in turn order, and the street variant."""

from __future__ import annotations

from itertools import product

from pyengine.games.chinatown import rules
from pyengine.games.chinatown.moves import Place

from .helpers import G, assert_rejected, legal_texts, play, position


def place_position(**kw):
    defaults = dict(
        owner={1: 0, 2: 0, 3: 0, 4: 1, 5: 1, 16: 2},
        tiles={3: "pharmacy"},
        hands={0: {"seafood": 2}, 1: {"laundry": 1}, 2: {"tailor": 1}},
    )
    defaults.update(kw)
    return position(3, phase="place", **defaults)


def test_tiles_go_on_your_own_empty_lots_only():
    s = place_position()
    assert legal_texts(s) == {"place seafood 1", "place seafood 2", "done"}
    assert_rejected(s, "place seafood 3", "Placement")  # a shop is already there
    assert_rejected(s, "place seafood 4", "Placement")  # Player 2's lot
    assert_rejected(s, "place seafood 60", "Placement")  # nobody's lot
    assert_rejected(s, "place laundry 1", "Tiles in hand")  # no Laundry in hand
    assert_rejected(s, "place photo 1", "Shop type")  # Z-Man id in the alea edition
    s = G.apply(s, "place seafood 1")
    assert s["tile"][1] == 0 and s["hands"][0][0] == 1 and s["turn"] == 0


def test_legal_moves_list_exactly_what_check_accepts():
    s = place_position(
        owner={n: 0 for n in range(1, 16)} | {16: 1},
        tiles={8: "tailor"},
        hands={0: {"seafood": 1, "fireworks": 2}, 1: {"laundry": 1}},
    )
    listed = {str(m) for m in G.legal_moves(s) if isinstance(m, Place)}
    accepted = set()
    for t, lot in product(rules.types(s), range(1, 86)):
        move = Place(t.id, lot)
        if G.is_legal(s, move):
            accepted.add(str(move))
    assert listed == accepted and len(listed) == 14 * 2


def test_placing_in_turn_order_from_the_start_player_then_income():
    s = place_position(start=1, turn=1)
    s = play(s, "place laundry 4")  # player 2 has placed everything: done by itself
    assert s["turn"] == 2
    s = play(s, "done")  # player 3 keeps the Tailor tile
    assert s["turn"] == 0 and s["hands"][2][6] == 1
    s = play(s, "place seafood 1", "place seafood 2")  # last tile: player 1 is done too
    assert s["round"] == 2 and s["phase"] == "keep"  # income was paid, the next round began
    assert s["tile"][1] == s["tile"][2] == 0


def test_players_who_cannot_place_are_skipped():
    """Reading 11: no tile in hand, or no empty lot of one's own."""
    s = position(
        3,
        phase="trade",
        owner={1: 0, 4: 1, 16: 2},
        tiles={1: "seafood"},
        hands={0: {"seafood": 1}, 1: {}, 2: {"tailor": 1}},
    )
    s = play(s, "done", "done", "done")
    assert s["phase"] == "place" and s["turn"] == 2  # player 1 has no empty lot, player 2 no tile
    s = play(s, "done")
    assert s["round"] == 2  # nobody else could place: income at once


def test_placed_tiles_never_move_and_placing_is_only_in_phase_4():
    s = position(3, phase="trade", owner={1: 0}, hands={0: {"seafood": 1}})
    assert_rejected(s, "place seafood 1", "Phase")


def test_street_variant_new_business_needs_frontage():
    """SEED variant: lot 8 (block 1) has no street frontage."""
    opts = {"street_variant": True}
    s = position(3, phase="place", options=opts, owner={8: 0, 9: 0, 12: 0}, hands={0: {"seafood": 1, "tailor": 1}})
    assert not rules.street_ok(s, 0, 0, 8)
    assert_rejected(s, "place seafood 8", "Street frontage")
    assert "place seafood 9" in legal_texts(s)
    # Without the variant the same placement is fine.
    plain = position(3, phase="place", owner={8: 0}, hands={0: {"seafood": 1}})
    assert "place seafood 8" in legal_texts(plain)


def test_street_variant_access_through_same_owner_same_type_tiles():
    """A lot without frontage may join a business of yours of the same type that reaches
    a street (Reading 10: through a chain of any length)."""
    opts = {"street_variant": True}
    # 9 fronts a street; 8 and 7 do not; 8-9 and 7-8 share edges.
    s = position(
        3,
        phase="place",
        options=opts,
        owner={7: 0, 8: 0, 9: 0, 11: 0},
        tiles={9: "tailor"},
        hands={0: {"tailor": 2, "seafood": 1}},
    )
    assert "place tailor 8" in legal_texts(s)
    assert "place seafood 8" not in legal_texts(s)  # other type: no access
    s = G.apply(s, "place tailor 8")
    assert "place tailor 7" in legal_texts(s)  # 7 -> 8 -> 9 -> street
    assert "place tailor 11" not in legal_texts(s)  # 11 touches no tailor of player 1 yet
    s["hands"][0][6] += 1
    s = G.apply(s, "place tailor 7")
    assert "place tailor 11" in legal_texts(s)  # 11 -> 7 -> 8 -> 9 -> street


def test_street_variant_other_owners_tiles_give_no_access():
    opts = {"street_variant": True}
    s = position(3, phase="place", options=opts, owner={8: 0, 9: 1}, tiles={9: "tailor"}, hands={0: {"tailor": 1}})
    assert_rejected(s, "place tailor 8", "Street frontage")
