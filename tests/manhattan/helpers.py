"""State-building helpers for the Manhattan rule tests.

Positions are built by editing the JSON state of a fresh game, as the rule examples
need. Conventions used throughout the tests:

* players 0..3 are A, B, C, D and sit S, W, N, E (4 players); S, N (2); S, W, N (3);
* colours: 0 red, 1 blue, 2 green, 3 orange (colour c belongs to player c, except in
  the two-colour game where player 0 has red+green and player 1 blue+orange);
* `city` arguments are 1..6 as in move texts; `keypad` is 1..9 (1 = north-west,
  5 = centre, 9 = south-east, seen on the board with north up).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from typing import Any

import pytest

import pyengine
from pyengine.core.game import IllegalMove, copy_state, state_hash
from pyengine.core.record import new_record
from pyengine.games.manhattan import data

G = pyengine.load_game("manhattan")

RED, BLUE, GREEN, ORANGE = range(4)
COLOUR_NAMES = ("red", "blue", "green", "orange")

# Storeys of one colour in the box (data.md §1.1: 11×1, 6×2, 4×3, 3×4 = 47 storeys).
STOREYS_PER_COLOUR = 11 * 1 + 6 * 2 + 4 * 3 + 3 * 4

# The rule tests are written for seat 1 starting; the default is a draw (first_player).
SEAT1 = {"first_player": "1"}


def keypad_rc(keypad: int) -> tuple[int, int]:
    """Keypad 1..9 -> (row, col) inside a city, row 0 at the north (data.md §2)."""
    return divmod(keypad - 1, 3)


def lot(city: int, keypad: int) -> int:
    """Global lot number of keypad square `keypad` in city `city` (1..6)."""
    row, col = keypad_rc(keypad)
    return data.lot_index(city - 1, row, col)


def lot_at(x: int, y: int) -> int:
    """Global lot number of board square (x, y) on the 9×6 grid (x east, y south)."""
    return y * 9 + x


def parts(*storeys: int) -> list[int]:
    """A `selected` row: parts(1, 1, 3) -> [2, 0, 1, 0]."""
    row = [0, 0, 0, 0]
    for s in storeys:
        row[s - 1] += 1
    return row


def position(
    players: int = 4,
    *,
    options: dict[str, Any] | None = None,
    seed: int = 0,
    phase: str = "build",
    turn: int = 0,
    hands: dict[int, Iterable[int]] | None = None,
    selected: dict[int, Iterable[int]] | None = None,
    board: dict[int, Iterable[Iterable[int]]] | None = None,
    godzilla: int | None = None,
    open_cities: int | None = None,
) -> dict[str, Any]:
    """A state of a fresh game, edited into the wanted position.

    In the build phase every colour's chosen parts are cleared first, so only the
    colours named in `selected` have parts (the others are skipped when turns pass).
    `selected` maps colour -> storeys list, e.g. {RED: [1, 3]}.
    `board` maps lot -> stack bottom to top, e.g. {lot(1, 5): [(BLUE, 2), (RED, 3)]}.
    """
    s = G.new_game(players, seed, {**SEAT1, **(options or {})})
    s["phase"] = phase
    s["turn"] = turn
    if phase == "build":
        s["selected"] = [[0, 0, 0, 0] for _ in s["selected"]]
    for colour, storeys in (selected or {}).items():
        s["selected"][colour] = parts(*storeys)
    for p, cards in (hands or {}).items():
        s["hands"][p] = list(cards)
    for where, stack in (board or {}).items():
        s["board"][where] = [list(part) for part in stack]
    if godzilla is not None:
        s["godzilla"] = godzilla
    if open_cities is not None:
        s["open_cities"] = open_cities
    return s


def legal_texts(state: dict[str, Any]) -> set[str]:
    return {str(m) for m in G.legal_moves(state)}


def build_storeys_allowed(state: dict[str, Any], card: int, city: int) -> set[int]:
    """Storeys the player to move may legally build with `card` in `city`."""
    out = set()
    for m in G.legal_moves(state):
        if str(m).startswith(f"card {card} city {city} storeys "):
            out.add(int(str(m).split()[5]))
    return out


def assert_rejected(state: dict[str, Any], text: str, rule: str) -> IllegalMove:
    """`text` is refused naming `rule`, is not offered, and `state` is untouched."""
    before = state_hash(state)
    with pytest.raises(IllegalMove) as info:
        G.apply(state, text)
    assert rule in str(info.value), f"{text!r}: expected rule {rule!r}, got {info.value}"
    assert state_hash(state) == before, "a rejected move changed the state"
    assert text not in legal_texts(state)
    assert not G.is_legal(state, text)
    return info.value


def top_colour(state: dict[str, Any], where: int) -> int | None:
    stack = state["board"][where]
    return stack[-1][0] if stack else None


def storeys_by_colour(state: dict[str, Any]) -> Counter:
    c: Counter = Counter()
    for stack in state["board"]:
        for colour, size in stack:
            c[colour] += size
    return c


def random_game(
    players: int,
    seed: int,
    options: dict[str, Any] | None = None,
    *,
    keep_states: bool = False,
) -> dict[str, Any]:
    """Play a whole game with uniformly random legal moves (Python's own Random,
    independent of the engine's bots). Returns record, final state, the states
    before each move (when asked), and the storeys Godzilla destroyed per colour."""
    rnd = random.Random(seed)
    record = new_record(G, players, seed, {**SEAT1, **(options or {})})
    state = G.new_game(players, seed, record["options"])
    states = []
    destroyed: Counter = Counter()
    while not G.is_over(state):
        if keep_states:
            states.append(state)
        move = rnd.choice(G.legal_moves(state))
        state = G.apply(state, move)
        record["moves"].append(str(move))
        gz = (state["last"] or {}).get("godzilla")
        if gz:
            for colour, size in gz["destroyed"]:
                destroyed[colour] += size
    return {"record": record, "state": state, "states": states, "destroyed": destroyed}


def play_until(state: dict[str, Any], stop, rnd: random.Random | None = None) -> dict[str, Any]:
    """Random legal moves until stop(state) is true (or the game ends)."""
    rnd = rnd or random.Random(0)
    while not stop(state) and not G.is_over(state):
        state = G.apply(state, rnd.choice(G.legal_moves(state)))
    return state


def pick_all(state: dict[str, Any], storeys: int = 1) -> dict[str, Any]:
    """Finish the pick phase with every remaining pick the same size (falling back
    to any size the supply still has)."""
    while state["phase"] == "pick":
        texts = legal_texts(state)
        want = f"pick {storeys}"
        state = G.apply(state, want if want in texts else sorted(texts)[0])
    return state


__all__ = [
    "G",
    "SEAT1",
    "RED",
    "BLUE",
    "GREEN",
    "ORANGE",
    "COLOUR_NAMES",
    "STOREYS_PER_COLOUR",
    "keypad_rc",
    "lot",
    "lot_at",
    "parts",
    "position",
    "legal_texts",
    "build_storeys_allowed",
    "assert_rejected",
    "top_colour",
    "storeys_by_colour",
    "random_game",
    "play_until",
    "pick_all",
    "copy_state",
    "state_hash",
    "IllegalMove",
]
