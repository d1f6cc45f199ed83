"""Position-building helpers for the Chinatown rule tests.

Positions are built by editing the JSON state of a fresh game (see the state format in
pyengine/games/chinatown/rules.py). Conventions:

* players are 0-based in code and "Player 1.." in texts; move texts use seat numbers;
* `position(...)` starts from an EMPTY board (no owners, no tiles, empty hands) in the
  phase asked for, so each test shows only what its rule needs;
* the board's complete businesses are those its tiles make when joined at once (as by a
  trade: scoring.settle), so a group of a type's max size is complete;
* shop types are given by their alea ids (`seafood` max 3, `restaurant` max 4,
  `tailor` max 5, `watchmaker` max 6, ...), or Z-Man ids with edition="zman".
"""

from __future__ import annotations

from typing import Any

import pytest

import pyengine
from pyengine.core.game import IllegalMove, state_hash
from pyengine.games.chinatown import rules, scoring

G = pyengine.load_game("chinatown")
SEAT_1_STARTS = {"first_player": "1"}


def new_game(players: int, seed: int, options: dict[str, Any] | None = None) -> dict[str, Any]:
    """A new game in which seat 1 starts unless `options` says otherwise: the tests that
    follow the turn order from seat 1 say so here rather than rely on the default (a draw)."""
    return G.new_game(players, seed, {**SEAT_1_STARTS, **(options or {})})


def position(
    players: int = 3,
    *,
    options: dict[str, Any] | None = None,
    seed: int = 0,
    phase: str = "place",
    turn: int = 0,
    start: int = 0,
    round: int = 1,
    owner: dict[int, int] | None = None,
    tiles: dict[int, str] | None = None,
    hands: dict[int, dict[str, int]] | None = None,
    money: list[int] | None = None,
) -> dict[str, Any]:
    """A fresh game's state edited into the wanted position.

    `owner` {lot: player}; `tiles` {lot: shop id} (the lot must be owned); `hands`
    {player: {shop id: count}}; `money` per player (default: the start money).
    """
    s = new_game(players, seed, options)
    n = players
    s["round"], s["start"], s["phase"], s["turn"] = round, start, phase, turn
    s["owner"] = [-1] * 86
    s["tile"] = [-1] * 86
    s["hands"] = [[0] * 12 for _ in range(n)]
    for lot, p in (owner or {}).items():
        s["owner"][lot] = p
    for lot, shop in (tiles or {}).items():
        assert s["owner"][lot] >= 0, f"lot {lot} needs an owner for its tile"
        s["tile"][lot] = rules.type_index(s, shop)
    s["complete"] = scoring.settle(s["owner"], s["tile"], [])
    for p, held in (hands or {}).items():
        for shop, k in held.items():
            s["hands"][p][rules.type_index(s, shop)] = k
    if money is not None:
        s["money"] = list(money)
    if phase != "keep":
        s["dealt"] = [[] for _ in range(n)]
        s["kept"] = [[] for _ in range(n)]
    if phase == "trade":
        s["done"] = [False] * n
        s["offers_left"] = [rules.offer_limit(s)] * n
        s["offer"] = None
        s["trades"] = []
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
    for t in texts:
        state = G.apply(state, t)
    return state


def income_of(state: dict[str, Any], card: int | None = None) -> list[int]:
    """Each player's income for the board as it stands (no outlook card by default)."""
    return scoring.income(state, card, rules.scale(state))["total"]


def finish_round_keeping_first(state: dict[str, Any]) -> dict[str, Any]:
    """From phase 1: everyone keeps their first cards, trades nothing and places nothing."""
    assert state["phase"] == "keep"
    r = state["round"]
    while state["round"] == r and state["phase"] != "over":
        state = G.apply(state, G.legal_moves(state)[0] if state["phase"] == "keep" else "done")
    return state
