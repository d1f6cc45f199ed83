"""Manhattan game data. Source: ../shared/rules/manhattan.data.md (tags kept here).

Every value tagged DESIGNED is the project's own choice where no public source exists;
a player who owns the physical game can correct it in this one file.
"""

from __future__ import annotations

# SOURCED (RGG, EXB, ES, SC): parts per colour by storeys; the 12th one-storey piece is
# the score marker and never enters play.
PARTS_PER_COLOUR = {1: 11, 2: 6, 3: 4, 4: 3}
SIZES = (1, 2, 3, 4)

# SOURCED (RGG, KNOB): 45 building cards, 5 for each of the 9 positions (keypad 1..9).
CARD_POSITIONS = tuple(range(1, 10))
CARDS_PER_POSITION = 5
HAND_SIZE = 4  # SOURCED (RGG, SUMO)

# DESIGNED (data.md §2): the six cities laid out 3 across and 2 down, names cosmetic.
CITIES = ("Manhattan", "Frankfurt", "Hong Kong", "Sydney", "São Paulo", "Cairo")
CITY_COLS, CITY_ROWS = 3, 2
BOARD_W, BOARD_H = 9, 6  # global lot grid, row 0 at the north

# SOURCED (RGG/SUMO/MINA/ZH): rounds and parts chosen per round by player count.
ROUNDS = {2: 6, 3: 6, 4: 4}
PARTS_PER_ROUND = {2: 4, 3: 4, 4: 6}

# DESIGNED (data.md §3): clockwise seating. Two players sit opposite (ZH); three use
# three sides. Clockwise seen from above: south, west, north, east.
SEATS = {2: ("S", "N"), 3: ("S", "W", "N"), 4: ("S", "W", "N", "E")}
SEAT_NAMES = {"S": "south", "W": "west", "N": "north", "E": "east"}

# Colour names used in move texts and on screen; index = colour id.
COLOURS = ("red", "blue", "green", "orange")
COLOUR_HEX = ("#d55e00", "#0072b2", "#009e73", "#e69f00")  # Okabe-Ito: told apart with colour blindness too

# DESIGNED (data.md §8.1): Godzilla starts on the centre of Manhattan (ZH: "the centre
# of SoHo", a Mayfair neighbourhood; Manhattan stands in for it on this board).
GODZILLA_START_CITY = 0

# DESIGNED (data.md §8.2): slow development opens 3 cities, then one more per round,
# in city order Manhattan, Frankfurt, Hong Kong, Sydney, São Paulo, Cairo.
SLOW_START_CITIES = 3


def card_square(card: int, seat: str) -> tuple[int, int]:
    """Board (row, col) inside a city named by `card` (keypad 1..9) for a seat.

    DESIGNED formulas (data.md §3): the card's top row points at the board, so each
    seat sees the card turned by a quarter turn more than its right-hand neighbour.
    """
    r, c = divmod(card - 1, 3)
    if seat == "S":
        return r, c
    if seat == "N":
        return 2 - r, 2 - c
    if seat == "W":
        return c, 2 - r
    if seat == "E":
        return 2 - c, r
    raise ValueError(f"unknown seat {seat!r}")


def lot_index(city: int, row: int, col: int) -> int:
    """Global lot number (0..53): Y*9 + X with X = 3*cityCol + col, Y = 3*cityRow + row."""
    x = 3 * (city % CITY_COLS) + col
    y = 3 * (city // CITY_COLS) + row
    return y * BOARD_W + x


def cell_id(lot: int) -> str:
    """A lot's id (the board's data-cell, a scenario's name for it): "<city> <lot>", the
    city numbered as the board labels it (1 Manhattan ... 6 Cairo) and the lot 1-9
    within it, read as drawn: left to right, top row first."""
    y, x = divmod(lot, BOARD_W)
    return f"{(y // 3) * CITY_COLS + x // 3 + 1} {(y % 3) * 3 + x % 3 + 1}"


def lot_of_cell(text: object) -> int | None:
    """The lot a cell id names, or None."""
    parts = text.split() if isinstance(text, str) else []
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        return None
    city, lot = int(parts[0]) - 1, int(parts[1]) - 1
    if not (0 <= city < len(CITIES) and 0 <= lot < 9):
        return None
    return lot_index(city, lot // 3, lot % 3)


def lot_city(lot: int) -> int:
    y, x = divmod(lot, BOARD_W)
    return (y // 3) * CITY_COLS + x // 3
