"""Setup edits for scenarios (pyengine/core/scenario.py): build a position that no game
reaches easily, such as the rulebook's worked examples, from a new game. Each edit keeps
the position one the rules can reach: lot cards come from the deck, skyscrapers from the
seat's supply and by the building rules, and the invariants hold after every edit.

- {"edit": "lot", "lot": "Y10", "seat": S}: the seat owns the lot, named as in the move
  ``acquire Y10``, and one of its free workers stands on it. The lot's card leaves the
  deck (or, when the deck has none of its kind, the market, refilled from the deck).
- {"edit": "build", "seat": S, "tile": "B3", "squares": ["14 4", "15 4", "16 4"]}: a
  skyscraper of the seat's supply (or a legendary, L1-L4, for a seat without one) on
  those squares, named as the board's data-cell ids. It obeys the building rules: the
  squares make the tile in one of its rotations, lie in the seat's estate, touch a street
  or a park, are free (a setup build demolishes nothing: demolish with a move), and the
  seat's score allows the tile's generation. Workers on the lots it covers come back.
  It scores nothing: set the score with "score" (before a build that needs it).
- {"edit": "score", "seat": S, "points": N}: at least the points of the seat's
  skyscrapers on the board, and enough for their generations.
- {"edit": "hand", "seat": S, "cards": ["boom", "shift", "grab"]}: the action cards the
  seat still holds (a used card is out of the game, so any of the three may be gone).
- {"edit": "market", "cards": ["yellow 3", "red 2"]}: the market's first cards, named as
  a card's colour and size; the old market goes under the deck, the wanted cards come
  out of it, and the rest of the market is refilled from the top of the deck.
- {"edit": "turn", "seat": S}: the seat whose turn begins.
"""

from __future__ import annotations

from typing import Any, TypeGuard

from ...core.edits import edit_kind, refuse_broken, seat
from ...core.game import IllegalMove, State, copy_state
from ...core.i18n import Msg, msg
from . import rules
from .data import (
    DISTRICTS,
    END_TRIGGER_UNBUILT,
    GEN_RANK,
    HEIGHT,
    LOTS_BY_ID,
    MARKET_SIZE,
    OFFSETS,
    TILE_BY_ID,
    WIDTH,
    active_districts,
    anchored,
)
from .invariants import problems
from .moves import ACTIONS, Build

EDITS = ("lot", "build", "score", "hand", "market", "turn")


def apply_setup(state: State, edit: dict[str, Any]) -> State:
    new = copy_state(state)
    kind = edit_kind("New York 1901", edit, EDITS)
    if kind == "market":
        _market(new, edit)
    else:
        player = seat(new, edit.get("seat"))
        {"lot": _lot, "build": _build, "score": _score, "hand": _hand, "turn": _turn}[kind](new, player, edit)
    _reachable(new)
    # A lot card set aside by the edit is not a card drawn in play: what is left of the
    # deck counts as never drawn, for the stalemate rule.
    new["fresh"] = min(new["fresh"], len(new["deck"]))
    new["deck_low"] = min(new["deck_low"], len(new["deck"]))
    refuse_broken(problems(new))
    return new


def _whole(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _take_card(state: State, kind: list[Any]) -> None:
    """A lot card of `kind` out of play: from the deck, else from the market (refilled)."""
    if kind in state["deck"]:
        state["deck"].remove(kind)
    elif kind in state["market"]:
        state["market"].remove(kind)
        while len(state["market"]) < MARKET_SIZE and state["deck"]:
            state["market"].append(state["deck"].pop(0))
    else:
        raise IllegalMove(
            msg("newyork1901|Setup"),
            msg("no card of a {size}-square {district_colour} lot is left", size=kind[1], district_colour=Msg(kind[0])),
        )


def _lot(state: State, player: int, edit: dict[str, Any]) -> None:
    lot_id = edit.get("lot")
    if not isinstance(lot_id, str) or lot_id not in LOTS_BY_ID:
        raise IllegalMove(
            msg("newyork1901|Setup"),
            msg("{lot_name} is not a lot (R01-R13, B01-B13, Y01-Y13, G01-G13, P01-P13)", lot_name=repr(lot_id)),
        )
    lot = LOTS_BY_ID[lot_id]
    if lot.district not in active_districts(state["players"]):
        raise IllegalMove(msg("Two-player game"), msg("the pink district is not used with 2 players"))
    if lot_id in state["owner"]:
        raise IllegalMove(
            msg("Acquisition"),
            msg(
                "this lot is {who}'s: only a lot nobody owns can be acquired",
                who=msg("Player {n}", n=state["owner"][lot_id] + 1),
            ),
        )
    if rules.free_workers(state, player) == 0:
        raise IllegalMove(msg("Acquisition"), msg("that seat has no free worker to put on the lot"))
    _take_card(state, rules.lot_kind(lot_id))
    state["owner"][lot_id] = player
    state["workers"][lot_id] = player


def _squares(value: Any) -> frozenset[tuple[int, int]]:
    cells = set()
    for square in value if isinstance(value, list) and value else [None]:
        words = square.split() if isinstance(square, str) else []
        if len(words) != 2 or not all(w.isascii() and w.isdigit() for w in words):
            raise IllegalMove(
                msg("newyork1901|Setup"),
                msg('\'squares\' lists board squares as "<x> <y>" (across, then down), from "0 0" at the top left'),
            )
        x, y = int(words[0]), int(words[1])
        if not (0 <= x < WIDTH and 0 <= y < HEIGHT):
            raise IllegalMove(
                msg("newyork1901|Setup"), msg("{square} is not a square of the board", square=repr(square))
            )
        cells.add((x, y))
    return frozenset(cells)


def _build(state: State, player: int, edit: dict[str, Any]) -> None:
    tile = edit.get("tile")
    if not isinstance(tile, str) or tile not in TILE_BY_ID or tile == "START":
        raise IllegalMove(
            msg("newyork1901|Setup"),
            msg("there is no tile {tile_name} (B1-B6, S1-S6, G1-G6, L1-L4)", tile_name=repr(tile)),
        )
    cells = _squares(edit.get("squares"))
    anchor = min(cells, key=lambda c: (c[1], c[0]))  # a tile's anchor: its top row's leftmost square
    rot = next((r for r in range(len(OFFSETS[tile])) if anchored(tile, r, *anchor) == cells), None)
    if rot is None:
        raise IllegalMove(
            msg("newyork1901|Setup"),
            msg("these squares are not the shape of {tile_name} in any of its rotations", tile_name=tile),
        )
    move = Build(tile, rot, *anchor)
    turn = state["turn"]
    state["turn"] = player  # the rules ask about the player to move
    try:
        covered = rules.cell_map(state)  # (another player's squares are outside the estate: build_effects says so)
        if any(c in covered and state["tiles"][covered[c]]["player"] == player for c in cells):
            raise IllegalMove(
                msg("Overlap"), msg("a setup build goes on free squares; demolish and rebuild with a move")
            )
        rules.build_owner_checks(state, move)
        effects = rules.build_effects(state, move)
    finally:
        state["turn"] = turn
    for lot in effects["returned"]:
        del state["workers"][lot]
    state["tiles"].append({"id": tile, "player": player, "cells": [list(c) for c in effects["cells"]]})
    if tile.startswith("L"):
        state["legends"].remove(tile)
        state["king"][player] = tile
    else:
        state["supply"][player].remove(tile)
        if rules.unbuilt(state, player) <= END_TRIGGER_UNBUILT:
            raise IllegalMove(
                msg("End of the game"),
                msg(
                    "that seat would have only {n} skyscrapers left to build, which ends the game",
                    n=rules.unbuilt(state, player),
                ),
            )


def _score(state: State, player: int, edit: dict[str, Any]) -> None:
    points = edit.get("points")
    if not _whole(points) or points < 0:
        raise IllegalMove(msg("newyork1901|Setup"), msg("a score is a whole number of points, 0 or more"))
    state["scores"][player] = points
    state["built"][player] = points - state["prestige"][player]


def _reachable(state: State) -> None:
    """What no game can reach, beyond the invariants: a score is never less than the
    points of the skyscrapers standing for it, nor below the generation of any of them."""
    for p in range(state["players"]):
        mine = [t["id"] for t in state["tiles"] if t["player"] == p]
        standing = sum(TILE_BY_ID[t].points for t in mine)
        if state["scores"][p] < standing:
            raise IllegalMove(
                msg("newyork1901|Setup"),
                msg(
                    "{who}'s skyscrapers on the board score {n} points, more than their "
                    "score of {score}: set the score first",
                    who=msg("Player {n}", n=p + 1),
                    n=standing,
                    score=state["scores"][p],
                ),
            )
        newest = max(mine, key=lambda t: GEN_RANK[TILE_BY_ID[t].generation], default=None)
        generation = TILE_BY_ID[newest].generation if newest else "start"
        if GEN_RANK[generation] > GEN_RANK[rules.tech(state, p)]:
            raise IllegalMove(
                msg("Technology"),
                msg(
                    "{generation} needs {need} points; you have {have}",
                    generation=Msg(generation),
                    need=rules.thresholds(state)[generation],
                    have=state["scores"][p],
                ),
            )


def _hand(state: State, player: int, edit: dict[str, Any]) -> None:
    cards = edit.get("cards")
    if (
        not isinstance(cards, list)
        or not all(isinstance(c, str) and c in ACTIONS for c in cards)
        or len(set(cards)) != len(cards)
    ):
        raise IllegalMove(msg("Cards in hand"), msg("a hand holds each of boom, shift and grab at most once"))
    if cards and not state["options"]["action_cards"]:
        raise IllegalMove(msg("Cards in hand"), msg("this game is played without action cards"))
    state["cards"][player] = [c for c in ("boom", "shift", "grab") if c in cards]  # new_game's order


def _market(state: State, edit: dict[str, Any]) -> None:
    cards = edit.get("cards")
    kinds: list[list[Any]] = []  # [colour, size], as in the deck
    for card in cards if isinstance(cards, list) and 1 <= len(cards) <= MARKET_SIZE else [None]:
        words = card.split() if isinstance(card, str) else []
        if len(words) != 2 or words[0] not in DISTRICTS or words[1] not in ("2", "3"):
            raise IllegalMove(
                msg("newyork1901|Setup"),
                msg('\'cards\' lists 1 to 4 lot cards, each as "<colour> <size>" ("yellow 3")'),
            )
        kinds.append([words[0], int(words[1])])
    state["deck"].extend(state["market"])  # under the deck, as Market Shift does (unshuffled)
    state["market"] = []
    for kind in kinds:
        if kind not in state["deck"]:
            raise IllegalMove(
                msg("newyork1901|Setup"),
                msg(
                    "no card of a {size}-square {district_colour} lot is left",
                    size=kind[1],
                    district_colour=Msg(kind[0]),
                ),
            )
        state["deck"].remove(kind)
        state["market"].append(kind)
    while len(state["market"]) < MARKET_SIZE and state["deck"]:
        state["market"].append(state["deck"].pop(0))


def _turn(state: State, player: int, edit: dict[str, Any]) -> None:
    state["turn"] = player
    state["did"] = rules.fresh_turn()
