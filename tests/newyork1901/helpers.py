"""State-building helpers for the New York 1901 rule tests.

Positions are built by editing the JSON state of a fresh game (see the state format in
pyengine/games/newyork1901/rules.py). Conventions used throughout the tests:

* players 0..3 are brown, green, yellow, blue (the rulebook's player colours; the app
  draws them in colour-blind-safe hues with the player's number); a player's
  colour is not a district colour (district = the colour of a lot, e.g. Y10 is yellow);
* board cells are (x, y): x = column 0..16 west->east, y = row 0..16 north->south;
* `position(...)` starts from an EMPTY board (no start buildings, no owners, no
  workers) unless `starts=` puts starting buildings down, so each test shows only what
  its rule needs;
* `build("S5", (14, 8), (15, 8), ...)` turns a set of squares into the move text
  (the tile's rotation and anchor are found from the squares).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

import pytest

import pyengine
from pyengine.core.game import IllegalMove, copy_state, state_hash
from pyengine.core.record import new_record
from pyengine.games.newyork1901 import data, rules, scoring
from pyengine.games.newyork1901.data import LOTS_BY_ID, OFFSETS, anchored

G = pyengine.load_game("newyork1901")

# The game draws who starts unless told; these tests were written with seat 1 first.
SEAT_1_FIRST = {"first_player": "1"}

BROWN, GREEN, YELLOW, BLUE = range(4)

Cell = tuple[int, int]


def cells_of(*lots: str) -> list[Cell]:
    """All squares of the named lots."""
    return [c for lot in lots for c in LOTS_BY_ID[lot].cells]


def build(tile: str, *cells: Cell) -> str:
    """Move text that puts `tile` exactly on `cells` (any rotation; no mirroring)."""
    want = frozenset(tuple(c) for c in cells)
    ax, ay = min(want, key=lambda c: (c[1], c[0]))  # top row, then leftmost
    for rot in range(len(OFFSETS[tile])):
        if anchored(tile, rot, ax, ay) == want:
            return f"build {tile} rot {rot} at {ax} {ay}"
    raise AssertionError(f"{tile} has no rotation covering exactly {sorted(want)} (mirror image?)")


def fits(tile: str, *cells: Cell) -> bool:
    try:
        build(tile, *cells)
    except AssertionError:
        return False
    return True


def new_game(players: int, seed: int, options: dict[str, Any] | None = None) -> dict[str, Any]:
    """A fresh game with seat 1 first (unless `options` name another first player)."""
    return G.new_game(players, seed, {**SEAT_1_FIRST, **(options or {})})


def position(
    players: int = 2,
    *,
    options: dict[str, Any] | None = None,
    seed: int = 0,
    turn: int = 0,
    starts: dict[int, str] | None = None,
    owner: dict[str, int] | None = None,
    workers: dict[str, int] | None = None,
    tiles: Iterable[tuple[str, int, Iterable[Cell]]] = (),
    scores: list[int] | None = None,
    market: list[tuple[str, int]] | None = None,
    deck: list[tuple[str, int]] | None = None,
    cards: dict[int, list[str]] | None = None,
    challenge: str | None | bool = False,
    streets: list[str] | None = None,
) -> dict[str, Any]:
    """A state of a fresh game, edited into the wanted position.

    `starts` {player: lot}: a starting building on that 2-square lot (owned, no worker).
    `owner` {lot: player}: lots owned (they must also be covered or worker-held to be a
    real position). `workers` {lot: player}: a worker on the lot (implies ownership).
    `tiles` [(tile id, player, squares)]: built skyscrapers, in build order; their lots
    become the player's, the ids leave the player's supply (legendaries: the shared pile,
    and the King token goes on it). `scores` also sets the "built" column.
    `challenge` False keeps the game's card; None removes it; else a card name.
    """
    s = new_game(players, seed, options)
    s["turn"] = turn
    s["owner"], s["workers"], s["tiles"] = {}, {}, []
    if s["characters"][0] is not None:
        s["characters"] = [None] * players
    for p, lot in (starts or {}).items():
        s["owner"][lot] = p
        s["tiles"].append({"id": "START", "player": p, "cells": [list(c) for c in LOTS_BY_ID[lot].cells]})
    for lot, p in (owner or {}).items():
        s["owner"][lot] = p
    for lot, p in (workers or {}).items():
        s["owner"][lot] = p
        s["workers"][lot] = p
    for tile, p, squares in tiles:
        squares = [list(c) for c in squares]
        assert fits(tile, *map(tuple, squares)) or tile == "START", (tile, squares)
        s["tiles"].append({"id": tile, "player": p, "cells": squares})
        for c in squares:
            s["owner"].setdefault(data.LOT_AT[tuple(c)], p)
        if tile.startswith("L"):
            s["legends"].remove(tile)
            s["king"][p] = tile
        elif tile != "START":
            s["supply"][p].remove(tile)
    if scores is not None:
        s["scores"] = list(scores)
        s["built"] = list(scores)
    if market is not None:
        s["market"] = [list(k) for k in market]
    if deck is not None:
        s["deck"] = [list(k) for k in deck]
        s["fresh"] = s["deck_low"] = len(s["deck"])
    for p, held in (cards or {}).items():
        s["cards"][p] = list(held)
    if challenge is not False:
        s["challenge"] = challenge
    if streets is not None:
        s["streets"] = list(streets)
    return s


def legal_texts(state: dict[str, Any]) -> set[str]:
    return {str(m) for m in G.legal_moves(state)}


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


def play(state: dict[str, Any], *texts: str) -> dict[str, Any]:
    """Apply each move text in turn (each must be offered by legal_moves too)."""
    for text in texts:
        assert text in legal_texts(state), f"{text!r} not offered; phase {G.phase(state)}, did {state['did']}"
        state = G.apply(state, text)
    return state


def free(state: dict[str, Any], player: int) -> int:
    return rules.free_workers(state, player)


def tile_at(state: dict[str, Any], cell: Cell) -> dict[str, Any] | None:
    for t in state["tiles"]:
        if list(cell) in t["cells"]:
            return t
    return None


def random_game(
    players: int, seed: int, options: dict[str, Any] | None = None, keep_states: bool = False
) -> dict[str, Any]:
    """A whole game of uniformly random legal moves (Python's Random, not the bots)."""
    rnd = random.Random(seed)
    record = new_record(G, players, seed, {**SEAT_1_FIRST, **(options or {})})
    state = G.new_game(players, seed, record["options"])
    states = []
    while not G.is_over(state):
        if keep_states:
            states.append(state)
        move = rnd.choice(G.legal_moves(state))
        state = G.apply(state, move)
        record["moves"].append(str(move))
    return {"record": record, "state": state, "states": states}


__all__ = [
    "G",
    "BROWN",
    "GREEN",
    "YELLOW",
    "BLUE",
    "IllegalMove",
    "assert_rejected",
    "build",
    "cells_of",
    "copy_state",
    "fits",
    "free",
    "legal_texts",
    "new_game",
    "play",
    "position",
    "random_game",
    "rules",
    "scoring",
    "state_hash",
    "tile_at",
    "data",
]
