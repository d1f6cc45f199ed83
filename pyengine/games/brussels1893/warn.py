"""Feedback before and after a click: a legal move that will do nothing (the page asks
first), and why a part of the board that is no target does nothing now.

The rulebook lets an architect go on a cell whose action cannot be performed (it still
counts for the majorities), so such a move stays legal; a newcomer is told first."""
from __future__ import annotations

from typing import Any

from ...core.i18n import Msg, msg
from .data import CELL_BY_NAME, active_area, cell_cr
from .moves import M, Move
from .state import P, State
from .text import ACTION_TITLES, cell_words

STILL_COUNTS = msg("the architect and its francs still count for the majorities")


def _nothing(events: list[list[Any]], p: int) -> str | None:
    return next((a["kind"] for key, q, a in events if key == "nothing" and q == p), None)


def warning(game: Any, state: State, move: Move) -> Msg | None:
    """Why a legal placement or visit will perform no action, or None."""
    if move.verb not in ("place", "visit") or state["phase"] != "actions":
        return None
    p = game.to_move(state)[0]
    after = game.apply(state, move)
    events = list(after["events"])
    top = after["frames"][-1] if after["frames"] else None
    if move.verb == "place" and top and top["k"] == "francs" and top["p"] == p:
        events += game.apply(after, M("francs", 1))["events"]
    kind = _nothing(events, p)
    if kind is None:
        return None
    if move.verb == "visit":
        return msg("The Park has no Art Nouveau action you could perform: this visit will do nothing.")
    pl = P(state, p)
    if kind == "build":
        if not any(pl["cubes"].values()):
            return msg("You hold no materials: this Build action will do nothing ({still}).", still=STILL_COUNTS)
        return msg("Your materials cannot pay for your next house as the compass asks: this Build action will do "
                   "nothing ({still}).", still=STILL_COUNTS)
    reason = {
        "studio": msg("The studio has no art tile you may take"),
        "sell": msg("You have no art tile you can sell"),
        "noble": msg("You cannot buy any noble now"),
        "materials": msg("The supply has no materials left"),
    }.get(kind, msg("This action cannot be performed now"))
    letter = {"studio": "S", "sell": "V", "noble": "N", "materials": "M"}.get(kind)
    action = Msg(ACTION_TITLES[letter]) if letter else msg("Art Nouveau")
    return msg("{reason}: this {action} action will do nothing ({still}).", reason=reason, action=action,
               still=STILL_COUNTS)


def explain(state: State, selected: tuple[str, ...], token: str) -> Msg | None:
    """Why a cell that is no target does nothing: the rulebook's reason in its words."""
    words = token.split()
    if len(words) != 2 or words[0] != "place" or words[1] not in CELL_BY_NAME or state["phase"] != "actions":
        return None
    if state["frames"]:
        return None  # a decision of an action is pending: the prompt says what it is
    cell = CELL_BY_NAME[words[1]]
    where = cell_words(state, cell)
    if state["square"] is not None:
        cols, rows = active_area(state["square"])
        c, r = cell_cr(cell)
        if c not in cols or r not in rows:
            return msg("{cell} is outside the active area the try square opens (the green frame).", cell=where)
    if state["arch"][cell] != -1:
        return msg("{cell} already holds an architect: one meeple per cell.", cell=where)
    return None
