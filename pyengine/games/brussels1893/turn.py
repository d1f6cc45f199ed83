"""The turn itself, the decision of the action phase when no other is pending: place an
architect on a free cell of the active area (then francs under it, actions.py), visit
a Brussels action (brussels.py), or pass. After the action come card B22's extra turn
and the turn's end. Registered in decisions.py like every other decision (kind "turn").
"""

from __future__ import annotations

from ...core.game import IllegalMove
from ...core.i18n import Msg, msg
from .actions import placed_on_board
from .brussels import visit
from .changes import draw, event, francs, pop, use_card
from .data import ACTIVE_CELLS, AREA_TITLES, AREAS, CELL_BY_NAME, CELL_NAMES, brussels_cost
from .moves import M, Move
from .state import Frame, P, State, art_colours, card_ready, meeples
from .words import count


# ---------------------------------------------------------------- the turn
def can_place(state: State, p: int) -> bool:
    pl = P(state, p)
    return pl["reserve"] > 0 and pl["money"] > 0


def turn_moves(state: State, f: Frame) -> list[Move]:
    p = f["p"]
    out: list[Move] = []
    if can_place(state, p):
        active = ACTIVE_CELLS[state["square"]]
        arch = state["arch"]
        out += [M("place", CELL_NAMES[c]) for c in sorted(active) if arch[c] == -1]
    have = meeples(state, p)
    for area in AREAS:
        if brussels_cost(state["players"], len(state["visits"][area]) + 1) <= have:
            out.append(M("visit", area))
    out.append(M("pass"))
    return out


def turn_candidates(state: State, f: Frame) -> list[Move]:
    """Every cell, every Brussels action, and passing."""
    return [M("place", name) for name in CELL_NAMES] + [M("visit", area) for area in AREAS] + [M("pass")]


def turn_allows(state: State, f: Frame, move: Move) -> bool:
    """An architect (and a franc for under it) on an empty active cell; a Brussels action
    the player has the meeples for; or passing."""
    p = f["p"]
    if move.verb == "place":
        c = CELL_BY_NAME[move.args[0]]
        return can_place(state, p) and c in ACTIVE_CELLS[state["square"]] and state["arch"][c] == -1
    if move.verb == "visit":
        return brussels_cost(state["players"], len(state["visits"][move.args[0]]) + 1) <= meeples(state, p)
    return move.verb == "pass"


def explain_turn(state: State, f: Frame, move: Move) -> IllegalMove:
    """The rule an illegal move of the turn breaks, in the rulebook's words."""
    p = f["p"]
    pl = P(state, p)
    if move.verb == "place":
        cell = CELL_BY_NAME[move.args[0]]
        if pl["reserve"] == 0:
            return IllegalMove(
                msg("Architects"), msg("you have no architect left to place (the court holds {n})", n=pl["court"])
            )
        if pl["money"] == 0:
            return IllegalMove(msg("Art Nouveau action"), msg("you need at least 1 franc to put under the architect"))
        if cell not in ACTIVE_CELLS[state["square"]]:
            return IllegalMove(
                msg("Active area"), msg("{cell} is outside the area the try square opens", cell=move.args[0])
            )
        return IllegalMove(msg("One architect per cell"), msg("{cell} already has an architect", cell=move.args[0]))
    if move.verb == "visit":
        area = move.args[0]
        need = brussels_cost(state["players"], len(state["visits"][area]) + 1)
        return IllegalMove(
            msg("Brussels action"),
            msg(
                "the {area} now needs {meeples}; you have {n}",
                area=Msg(AREA_TITLES[area]),
                meeples=count(need, "meeple"),
                n=meeples(state, p),
            ),
        )
    return IllegalMove(
        msg("Action phase"),
        msg("it is your turn: place an architect, visit a Brussels action or pass, not {move}", move=repr(str(move))),
    )


def turn_play(state: State, f: Frame, move: Move) -> None:
    p = f["p"]
    if move.verb == "pass":
        do_pass(state, p)
        next_turn(state)
    elif move.verb == "place":
        placed_on_board(state, p, CELL_BY_NAME[move.args[0]])
    else:
        visit(state, p, move.args[0])


def do_pass(state: State, p: int) -> None:
    pl = P(state, p)
    state["passed"][p] = True
    francs(state, p, art_colours(pl))
    event(state, "pass", p, fr=art_colours(pl))
    if state["first_pass"] is None:
        state["first_pass"] = p
        card = draw(state, "prestige_deck", "prestige_discard")
        if card:
            pl["pass_cards"].append(card)
        n = len(pl["pass_cards"])
        francs(state, p, n)
        event(state, "first_pass", p, fr=n)


def next_turn(state: State) -> None:
    n = state["players"]
    for i in range(1, n + 1):
        q = (state["turn"] + i) % n
        if not state["passed"][q]:
            state["turn"] = q
            return
    state["phase"] = "scoring"
    state["step"] = 0


def end_turn(state: State, f: Frame) -> None:
    """Automatic: the turn is over (unless card B22 gave another)."""
    pop(state)
    if not f.get("again"):
        next_turn(state)


# ---------------------------------------------------------------- B22: an extra turn
def b22_moves(state: State, f: Frame) -> list[Move]:
    p = f["p"]
    pl = P(state, p)
    if not card_ready(state, p, "B22") or meeples(state, p) < 2:
        return []
    out = [M("skip")]
    if pl["reserve"]:
        out.append(M("extra", "architect"))
    if pl["travellers"]:
        out.append(M("extra", "traveller"))
    return out


def b22_candidates(state: State, f: Frame) -> list[Move]:
    return [M("skip"), M("extra", "architect"), M("extra", "traveller")]


def b22_allows(state: State, f: Frame, move: Move) -> bool:
    """Card B22 unused, 2 meeples left, and the meeple parked on it at hand."""
    p = f["p"]
    if not card_ready(state, p, "B22") or meeples(state, p) < 2:
        return False
    if move.verb == "extra":
        return bool(P(state, p)["reserve" if move.args[0] == "architect" else "travellers"])
    return move.verb == "skip"


def b22_play(state: State, f: Frame, move: Move) -> None:
    pop(state)
    if move.verb == "skip":
        return
    p = f["p"]
    use_card(state, p, "B22")
    kind = move.args[0]
    P(state, p)["reserve" if kind == "architect" else "travellers"] -= 1
    state["b22"] = [p, kind]
    for fr in reversed(state["frames"]):
        if fr["k"] == "endturn":
            fr["again"] = True
            break
    event(state, "extra_turn", p)
