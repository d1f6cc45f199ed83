"""Board geometry and the card orientation rule (data.md §2, §3; rulebook (E))."""

from __future__ import annotations

import pytest

from pyengine.games.manhattan import data

from .helpers import G, lot, lot_at, position

# data.md §3, worked by hand from the DESIGNED formulas: card k (keypad, as printed)
# -> keypad square it names on the board, for each seat.
#   S (r, c)  N (2-r, 2-c)  W (c, 2-r)  E (2-c, r)
EXPECTED_SQUARE = {
    "S": {1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9},
    "N": {1: 9, 2: 8, 3: 7, 4: 6, 5: 5, 6: 4, 7: 3, 8: 2, 9: 1},
    "W": {1: 3, 2: 6, 3: 9, 4: 2, 5: 5, 6: 8, 7: 1, 8: 4, 9: 7},
    "E": {1: 7, 2: 4, 3: 1, 4: 8, 5: 5, 6: 2, 7: 9, 8: 6, 9: 3},
}
SEAT_OF_PLAYER = {2: ("S", "N"), 3: ("S", "W", "N"), 4: ("S", "W", "N", "E")}


# ---- board model (data.md §2) --------------------------------------------------------


def test_board_is_six_cities_of_nine_lots_laid_out_three_across_two_down():
    assert data.BOARD_W * data.BOARD_H == 54
    # corners of the cities on the 9×6 grid, row 0 at the north
    assert data.lot_index(0, 0, 0) == lot_at(0, 0)  # Manhattan NW
    assert data.lot_index(1, 0, 0) == lot_at(3, 0)  # Frankfurt NW
    assert data.lot_index(2, 2, 2) == lot_at(8, 2)  # Hong Kong SE
    assert data.lot_index(3, 0, 0) == lot_at(0, 3)  # Sydney NW
    assert data.lot_index(4, 1, 1) == lot_at(4, 4)  # São Paulo centre
    assert data.lot_index(5, 2, 2) == lot_at(8, 5)  # Cairo SE


def test_every_lot_belongs_to_exactly_one_city_and_lot_city_inverts_lot_index():
    seen = set()
    for city in range(6):
        for row in range(3):
            for col in range(3):
                where = data.lot_index(city, row, col)
                assert data.lot_city(where) == city
                seen.add(where)
    assert seen == set(range(54))


def test_a_new_game_has_an_empty_board_of_54_lots():
    s = G.new_game(4, 1)
    assert len(s["board"]) == 54 and all(stack == [] for stack in s["board"])


# ---- orientation rule ----------------------------------------------------------------


@pytest.mark.parametrize("seat,keypad", [("S", 1), ("N", 9), ("W", 3), ("E", 7)])
def test_card_1_top_left_names_nw_for_south_se_for_north_ne_for_west_sw_for_east(seat, keypad):
    player = SEAT_OF_PLAYER[4].index(seat)
    s = position(4, turn=player, hands={player: [1, 2, 3, 4]}, selected={player: [1]})
    after = G.apply(s, "card 1 city 2 storeys 1")
    assert after["board"][lot(2, keypad)] == [[player, 1]]
    assert sum(len(stack) for stack in after["board"]) == 1


@pytest.mark.parametrize("seat", ["S", "W", "N", "E"])
def test_centre_card_5_names_the_centre_for_every_seat(seat):
    player = SEAT_OF_PLAYER[4].index(seat)
    s = position(4, turn=player, hands={player: [5, 5, 5, 5]}, selected={player: [2]})
    after = G.apply(s, "card 5 city 6 storeys 2")
    assert after["board"][lot(6, 5)] == [[player, 2]]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("card", range(1, 10))
def test_every_card_lands_on_the_seat_rotated_square_in_every_seat(players, card):
    for player, seat in enumerate(SEAT_OF_PLAYER[players]):
        s = position(players, turn=player, hands={player: [card]}, selected={player: [1]})
        for city in range(1, 7):
            after = G.apply(s, f"card {card} city {city} storeys 1")
            assert after["board"][lot(city, EXPECTED_SQUARE[seat][card])] == [[player, 1]], (seat, card, city)


def test_seats_are_south_west_north_east_clockwise_and_two_players_sit_opposite():
    assert G.new_game(4, 0)["seats"] == ["S", "W", "N", "E"]
    assert G.new_game(3, 0)["seats"] == ["S", "W", "N"]
    assert G.new_game(2, 0)["seats"] == ["S", "N"]


def test_one_card_names_four_different_squares_for_the_four_seats():
    """SDJ/SPT/ZH: the same card builds in a different place for every seat."""
    for card in (1, 2, 3, 4, 6, 7, 8, 9):
        squares = {EXPECTED_SQUARE[seat][card] for seat in "SWNE"}
        assert len(squares) == 4
        for seat in "SWNE":
            assert data.card_square(card, seat) == divmod(EXPECTED_SQUARE[seat][card] - 1, 3)


def test_a_card_may_be_used_in_any_of_the_six_cities():
    s = position(4, hands={0: [3, 3, 3, 3]}, selected={0: [1]})
    assert {str(m) for m in G.legal_moves(s)} == {f"card 3 city {c} storeys 1" for c in range(1, 7)}
