"""The opening and the rounds: the starting art tiles (setup step 15), each round's
planning (the stock-exchange card, the try square, two players' neutral architects)
and the step from one round to the next. Its decisions are registered in decisions.py.
"""

from __future__ import annotations

from .changes import draw, event, pop, push, take_art, use_card
from .data import (
    ACTIVE_CELLS,
    BE_CROSS_CELLS,
    CELL_BY_NAME,
    CELL_NAMES,
    FLEUR_BY_NAME,
    FLEUR_NAMES,
    ROUNDS,
    STOCK,
)
from .moves import M, Move
from .state import Frame, P, State, be_on, card_ready, holder


# ---------------------------------------------------------------- setup: the starting art tile
def startart_moves(state: State, f: Frame) -> list[Move]:
    return [M("art", c) for c, n in state["studio"].items() if n and c != "black"]


def startart_play(state: State, f: Frame, move: Move) -> None:
    pop(state)
    take_art(state, f["p"], move.args[0])


# ---------------------------------------------------------------- planning
def begin_round(state: State) -> None:
    state["phase"] = "planning"
    state["stock"] = draw(state, "stock_deck")
    event(
        state,
        "round",
        None,
        round=state["round"],
        stock=state["stock"],
        fr=STOCK[state["stock"]][0] if state["stock"] else 0,
    )
    for p in range(state["players"]):
        if card_ready(state, p, "B19") and state["train"]:
            use_card(state, p, "B19")
            state["train"] -= 1
            P(state, p)["travellers"] += 1
    who = holder(state, "B20")
    if who is not None and card_ready(state, who, "B20"):
        state["frames"].append({"k": "square", "p": who, "free": True})
    else:
        state["frames"].append({"k": "square", "p": state["start"], "free": False})


def _offers(state: State) -> tuple[str, ...]:
    """The fleurs-de-lis the stock-exchange card offers the try square (one or two)."""
    a, b = STOCK[state["stock"]][1][state["players"]]
    return (a,) if b == a else (a, b)


def square_moves(state: State, f: Frame) -> list[Move]:
    if f["free"]:
        return [M("square", name) for name in FLEUR_NAMES]
    a, b = STOCK[state["stock"]][1][state["players"]]
    return [M("square", a)] + ([M("square", b)] if b != a else [])


def square_candidates(state: State, f: Frame) -> list[Move]:
    """Every fleur-de-lis, the stock-exchange card's offers first (in its order)."""
    first = () if f["free"] else _offers(state)
    return [M("square", name) for name in first] + [M("square", name) for name in FLEUR_NAMES if name not in first]


def square_allows(state: State, f: Frame, move: Move) -> bool:
    """Card B20: any fleur-de-lis; else one the stock-exchange card offers."""
    return move.verb == "square" and (f["free"] or move.args[0] in _offers(state))


def square_play(state: State, f: Frame, move: Move) -> None:
    pop(state)
    if f["free"]:
        use_card(state, f["p"], "B20")
    state["square"] = FLEUR_BY_NAME[move.args[0]]
    event(state, "square", f["p"], fleur=move.args[0])
    state["phase"] = "actions"
    state["turn"] = state["start"]
    if state["players"] == 2:
        # SEED: from the start player, each puts a neutral architect on an empty active cell.
        push(state, *({"k": "neutral", "p": (state["start"] + i) % 2} for i in range(2)))


def neutral_moves(state: State, f: Frame) -> list[Move]:
    active = ACTIVE_CELLS[state["square"]]
    cross = BE_CROSS_CELLS if be_on(state) else ()
    return [
        M("neutral", CELL_NAMES[c])
        for c in sorted(active)
        if state["arch"][c] == -1 and state["house"][c] == -1 and c not in cross
    ]


def neutral_candidates(state: State, f: Frame) -> list[Move]:
    return [M("neutral", name) for name in CELL_NAMES]


def neutral_allows(state: State, f: Frame, move: Move) -> bool:
    """An active cell with no architect, no house and no Belle Époque tile."""
    if move.verb != "neutral":
        return False
    c = CELL_BY_NAME[move.args[0]]
    return (
        c in ACTIVE_CELLS[state["square"]]
        and state["arch"][c] == -1
        and state["house"][c] == -1
        and not (be_on(state) and c in BE_CROSS_CELLS)
    )


def neutral_play(state: State, f: Frame, move: Move) -> None:
    pop(state)
    state["arch"][CELL_BY_NAME[move.args[0]]] = -2
    event(state, "neutral", f["p"], cell=move.args[0])


# ---------------------------------------------------------------- the next round
def finish_round(state: State) -> None:
    """Last scoring step: next round, or the game end."""
    if state["round"] >= ROUNDS:
        state["phase"] = "end"
        state["step"] = 0
        return
    state["round"] += 1
    begin_round(state)
