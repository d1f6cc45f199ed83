"""Position-building helpers for the Brussels 1893 rule tests.

Positions are reached by playing the opening moves (starting art tiles, the try square,
neutral architects) and then editing the JSON state (format in
pyengine/games/brussels1893/state.py). Conventions:

* players are seats 0..n-1 (red, blue, green, yellow, purple); `actions(...)` makes seat 0
  the start player unless told otherwise;
* cells are "c3r4" (column 3, row 4, rows counted from the bottom), fleurs "2-2";
* `legal(s)` is the set of legal move texts, `play(s, ...)` applies move texts in order.
"""

from __future__ import annotations

from typing import Any

import pytest

import pyengine
from pyengine.core.game import IllegalMove, copy_state, state_hash
from pyengine.games.brussels1893 import rules
from pyengine.games.brussels1893.data import CELL_BY_NAME, STOCK

G = pyengine.load_game("brussels1893")
RED, BLUE, GREEN, YELLOW, PURPLE = range(5)


def opts(be: bool = False, variant: bool = False) -> dict[str, Any]:
    return {"belle_epoque": be, "variant": variant}


def new(n: int = 4, be: bool = False, variant: bool = False, seed: int = 1, start: int | None = None) -> dict[str, Any]:
    """A new game; `start` (a seat 0..n-1) names the start player, else the seed draws one."""
    first = {} if start is None else {"first_player": str(start + 1)}
    return G.new_game(n, seed, {**opts(be, variant), **first})


def legal(s: dict[str, Any]) -> set[str]:
    return {str(m) for m in G.legal_moves(s)}


def play(s: dict[str, Any], *moves: str) -> dict[str, Any]:
    for m in moves:
        s = G.apply(s, m)
    return s


def refused(s: dict[str, Any], move: str, rule: str) -> IllegalMove:
    before = state_hash(s)
    with pytest.raises(IllegalMove) as err:
        G.apply(s, move)
    assert err.value.rule == rule, str(err.value)
    assert state_hash(s) == before
    return err.value


def top(s: dict[str, Any]) -> str:
    return s["frames"][-1]["k"] if s["frames"] else "turn"


def cell(name: str) -> int:
    return CELL_BY_NAME[name]


def stock_for(n: int, fleur: str) -> str | None:
    return next((c for c, (_, coords) in sorted(STOCK.items()) if fleur in coords[n]), None)


def actions(
    n: int = 4,
    be: bool = False,
    variant: bool = False,
    square: str = "2-2",
    seed: int = 1,
    start: int = 0,
    neutrals: bool = False,
    boards: list[str] | None = None,
) -> dict[str, Any]:
    """A game in its first action phase, `start` to move, the try square on `square`.
    With two players the neutral architects are placed on the first free cells only
    when `neutrals` (else removed, so each test shows only what it needs)."""
    s = new(n, be, variant, seed, start)
    if boards:
        for p, b in enumerate(boards):
            s["pl"][p]["board"] = b
    while s["phase"] == "setup":
        s = play(s, sorted(legal(s))[0])
    # The revealed stock card offers `square` for this player count (when one does).
    want = stock_for(n, square)
    if want and s["stock"] != want:
        where = "stock_deck" if want in s["stock_deck"] else "stock_box"
        s[where][s[where].index(want)] = s["stock"]
        s["stock"] = want
    if want:
        s = play(s, f"square {square}")
    else:  # no card offers it: put the square there directly (as card B20 could)
        s["frames"][-1]["free"] = True
        s["pl"][s["frames"][-1]["p"]]["be_cards"]["B20"] = False
        s = play(s, f"square {square}")
        del s["pl"][start]["be_cards"]["B20"]
    while top(s) == "neutral":
        s = play(s, sorted(legal(s))[0])
    if n == 2 and not neutrals:
        s["arch"] = [-1 if a == -2 else a for a in s["arch"]]
    return s


def edit(s: dict[str, Any], p: int, **fields: Any) -> dict[str, Any]:
    """Set player fields; dict fields (cubes, art) are merged."""
    pl = s["pl"][p]
    for k, v in fields.items():
        if isinstance(v, dict) and isinstance(pl.get(k), dict) and k != "nobles":
            pl[k].update(v)
        else:
            pl[k] = v
    return s


def nobles(*names: str, used: bool = False) -> dict[str, Any]:
    return {n: {"id": f"{n}:9", "used": used} for n in names}


def give_card(s: dict[str, Any], p: int, card: str) -> dict[str, Any]:
    """Player p holds Belle Époque card `card` (taken off the board; if it was not dealt,
    a dealt one goes back to the box so 5 cards stay in play)."""
    s["pl"][p]["be_cards"][card] = False
    cards = s["be"]["cards"]
    i = cards.index(card) if card in cards else next(i for i, c in enumerate(cards) if c)
    cards[i] = None
    return s


def give_tile(s: dict[str, Any], p: int, tile: str) -> dict[str, Any]:
    be = s["be"]
    if tile not in be["tiles"]:
        be["tiles"].append(tile)
        be["tile_arch"].append(-1)
    i = be["tiles"].index(tile)
    be["tile_arch"][i] = p
    s["pl"][p]["tiles"].append(tile)
    s["pl"][p]["reserve"] -= 1
    return s


def put(s: dict[str, Any], p: int, name: str, francs: int = 1) -> dict[str, Any]:
    """An architect of player p (or -2, neutral) already on a cell, with francs."""
    c = cell(name)
    s["arch"][c] = p
    s["francs"][c] = francs if p >= 0 else 0
    if p >= 0:
        s["pl"][p]["reserve"] -= 1
    return s


def set_strip(s: dict[str, Any], col: int, card: str) -> dict[str, Any]:
    """Put prestige card `card` under column `col` (swapping it with what was there)."""
    old = s["strip"][col - 1]
    for where in ("prestige_deck", "strip", "prestige_discard"):
        if card in s[where]:
            s[where][s[where].index(card)] = old
            break
    s["strip"][col - 1] = card
    return s


def where(s: dict[str, Any], letter: str, cross: bool | None = False) -> str:
    """The first active cell with action `letter` ("S", "V", "N", "M", "B"); `cross`:
    False avoids Belle Époque cross cells, True wants one, None does not care."""
    from pyengine.games.brussels1893.data import ACTIVE_CELLS, BE_CROSS_CELLS, CELL_NAMES

    for c in sorted(ACTIVE_CELLS[s["square"]]):
        on_cross = s["be"] is not None and c in BE_CROSS_CELLS
        if s["grid"][c] == letter and s["arch"][c] == -1 and (cross is None or on_cross == cross):
            return CELL_NAMES[c]
    raise AssertionError(f"no free active {letter} cell (cross={cross})")


def turn_to(s: dict[str, Any], p: int) -> dict[str, Any]:
    s["turn"] = p
    return s


def scoring_step(s: dict[str, Any], name: str) -> dict[str, Any]:
    """Run one scoring-phase step function on a copy (e.g. '_fleurs')."""
    from pyengine.games.brussels1893 import scoring

    s = copy_state(s)
    getattr(scoring, name)(s)
    return s


def run_scoring(s: dict[str, Any]) -> dict[str, Any]:
    """Everyone passes: the scoring phase runs until it asks something (or the round ends)."""
    s = copy_state(s)
    s["passed"] = [True] * s["players"]
    if s["first_pass"] is None:
        s["first_pass"] = s["start"]
    from pyengine.games.brussels1893.flow import settle

    s["events"] = []
    settle(s)
    return s


__all__ = ["G", "rules", "copy_state", "state_hash"]
