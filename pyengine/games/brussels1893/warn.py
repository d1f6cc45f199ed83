"""Feedback before and after a click: a legal move that will do nothing (the page asks
first), why a part of the board that is no target does nothing now, and what the
hover preview says of a cell.

The rulebook lets an architect go on a cell whose action cannot be performed (it still
counts for the majorities), so such a move stays legal; a newcomer is told first."""

from __future__ import annotations

from typing import Any

from ...core.game import Game
from ...core.i18n import Msg, msg
from .data import ACTIVE_CELLS, CELL_BY_NAME, CELL_NAMES, active_area, cell_cr
from .moves import M, Move
from .state import P, State
from .words import ACTION_RULES, ACTION_TITLES, cell_words

STILL_COUNTS = msg("the architect and its francs still count for the majorities")


def _nothing(events: list[list[Any]], p: int) -> str | None:
    return next((a["kind"] for key, q, a in events if key == "nothing" and q == p), None)


def warning(game: Game, state: State, move: Move) -> Msg | None:
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
        return msg(
            "Your materials cannot pay for your next house as the compass asks: this Build action will do "
            "nothing ({still}).",
            still=STILL_COUNTS,
        )
    reason = {
        "studio": msg("The studio has no art tile you may take"),
        "sell": msg("You have no art tile you can sell"),
        "noble": msg("You cannot buy any noble now"),
        "materials": msg("The supply has no materials left"),
    }.get(kind, msg("This action cannot be performed now"))
    letter = {"studio": "S", "sell": "V", "noble": "N", "materials": "M"}.get(kind)
    action = Msg(ACTION_TITLES[letter]) if letter else msg("Art Nouveau")
    return msg(
        "{reason}: this {action} action will do nothing ({still}).", reason=reason, action=action, still=STILL_COUNTS
    )


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


def hover_words(game: Game, state: State, viewer: int | None, cell: int) -> tuple[bool, Msg]:
    """(whether the viewer may place there now, what the cell would do) for the preview."""
    letter = state["grid"][cell]
    c, r = cell_cr(cell)
    rule = msg(
        "{action} (column {c}, row {r}): {rule}",
        action=Msg(ACTION_TITLES[letter]),
        c=c,
        r=r,
        rule=Msg(ACTION_RULES[letter]),
    )
    owner = state["house"][cell]
    if owner >= 0:
        rule = msg(
            "{rule}; {who}'s house here gets a free {action} action when another player uses it",
            rule=rule,
            who=msg("Player {n}", n=owner + 1),
            action=Msg(ACTION_TITLES[letter]),
        )
    mover = game.to_move(state)
    if viewer is None or not mover or mover[0] != viewer:
        return False, rule
    move = M("place", CELL_NAMES[cell])
    if move not in game.legal_moves(state):
        why = None
        if state["phase"] == "actions" and not state["frames"]:
            if state["arch"][cell] != -1:
                why = msg("An architect already stands here.")
            elif state["square"] is not None and cell not in ACTIVE_CELLS[state["square"]]:
                why = msg("Outside the active area the try square opens.")
        return False, msg("{rule}. {why}", rule=rule, why=why) if why else rule
    warn = warning(game, state, move)
    if warn:
        return True, msg("{rule}. {warning}", rule=rule, warning=warn)
    return True, msg("{rule}. Its francs compete for the prestige card of column {c}.", rule=rule, c=c)
