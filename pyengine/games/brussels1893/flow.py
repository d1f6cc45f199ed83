"""The state machine: pending decisions ("frames"), the pipeline of phases, turn order.

Every decision a player makes is the top frame of ``state["frames"]`` (a stack), or, when
the stack is empty in the action phase, the turn itself (place an architect, visit a
Brussels action, or pass). A frame kind registers three things:

    MOVES[kind](state, frame) -> the legal moves now (the one source of truth)
    PLAY[kind](state, frame, move)  applies one of them (pops or advances the frame)
    TITLE[kind]                     the rule it belongs to, for error messages

Frames that need no decision register AUTO[kind](state, frame) instead. ``settle`` runs
after every move: it resolves automatic frames, applies a decision that has a single
legal move (a forced step is not a question), drops decisions with none (an action
that cannot be performed), and advances the phase pipeline when the stack is empty.
"""
from __future__ import annotations

from typing import Any, Callable

from ...core.game import IllegalMove
from ...core.i18n import Msg, msg
from .data import (
    ACTIVE_CELLS, AREAS, AREA_TITLES, BE_CROSS_CELLS, CELL_BY_NAME, CELL_NAMES, ROUNDS, brussels_cost,
)
from .moves import M, Move
from .state import (
    P, State, art_colours, be_on, card_ready, draw, event, francs, meeples, push, use_card,
)

Frame = dict[str, Any]
ACTION_FRAMES = ("studio", "sell", "noble", "materials", "build", "copy")
MOVES: dict[str, Callable[[State, Frame], list[Move]]] = {}
PLAY: dict[str, Callable[[State, Frame, Move], None]] = {}
AUTO: dict[str, Callable[[State, Frame], None]] = {}
TITLE: dict[str, Msg] = {}
STEPS: dict[str, list[Callable[[State], None]]] = {}  # phase -> pipeline of steps


def decision(kind: str, title: Msg):
    """Register a decision frame: decorate its moves function; pass play= separately."""
    def wrap(moves):
        MOVES[kind] = moves
        TITLE[kind] = title
        return moves
    return wrap


def plays(kind: str):
    def wrap(fn):
        PLAY[kind] = fn
        return fn
    return wrap


def automatic(kind: str):
    def wrap(fn):
        AUTO[kind] = fn
        return fn
    return wrap


def pop(state: State) -> Frame:
    return state["frames"].pop()


# ---------------------------------------------------------------- the turn
def can_place(state: State, p: int) -> bool:
    pl = P(state, p)
    return pl["reserve"] > 0 and pl["money"] > 0


def turn_moves(state: State) -> list[Move]:
    p = state["turn"]
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


def explain_turn(state: State, move: Move) -> IllegalMove:
    p = state["turn"]
    pl = P(state, p)
    if move.verb == "place":
        cell = CELL_BY_NAME[move.args[0]]
        if pl["reserve"] == 0:
            return IllegalMove(msg("Architects"), msg("you have no architect left to place (the court holds {n})",
                                                      n=pl["court"]))
        if pl["money"] == 0:
            return IllegalMove(msg("Art Nouveau action"), msg("you need at least 1 franc to put under the architect"))
        if cell not in ACTIVE_CELLS[state["square"]]:
            return IllegalMove(msg("Active area"), msg("{cell} is outside the area the try square opens",
                                                       cell=move.args[0]))
        return IllegalMove(msg("One architect per cell"), msg("{cell} already has an architect", cell=move.args[0]))
    if move.verb == "visit":
        from .text import count

        area = move.args[0]
        need = brussels_cost(state["players"], len(state["visits"][area]) + 1)
        return IllegalMove(msg("Brussels action"), msg("the {area} now needs {meeples}; you have {n}",
                                                       area=Msg(AREA_TITLES[area]), meeples=count(need, "meeple"),
                                                       n=meeples(state, p)))
    return IllegalMove(msg("Action phase"), msg("it is your turn: place an architect, visit a Brussels action or "
                                                "pass, not {move}", move=repr(str(move))))


def play_turn(state: State, move: Move) -> None:
    from .actions import placed_on_board
    from .brussels import visit

    p = state["turn"]
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


@automatic("endturn")
def _endturn(state: State, f: Frame) -> None:
    pop(state)
    if not f.get("again"):
        next_turn(state)


# ---------------------------------------------------------------- B22: an extra turn
@decision("b22", msg("Card {card}", card="B22"))
def _b22_moves(state: State, f: Frame) -> list[Move]:
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


@plays("b22")
def _b22_play(state: State, f: Frame, move: Move) -> None:
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


# ---------------------------------------------------------------- setup, planning
@decision("startart", msg("Setup"))
def _startart_moves(state: State, f: Frame) -> list[Move]:
    return [M("art", c) for c, n in state["studio"].items() if n and c != "black"]


@plays("startart")
def _startart_play(state: State, f: Frame, move: Move) -> None:
    from .state import take_art

    pop(state)
    take_art(state, f["p"], move.args[0])


def begin_round(state: State) -> None:
    from .data import STOCK
    from .state import holder

    state["phase"] = "planning"
    state["stock"] = draw(state, "stock_deck")
    event(state, "round", None, round=state["round"], stock=state["stock"],
          fr=STOCK[state["stock"]][0] if state["stock"] else 0)
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


@decision("square", msg("Planning"))
def _square_moves(state: State, f: Frame) -> list[Move]:
    from .data import FLEUR_NAMES, STOCK

    if f["free"]:
        return [M("square", name) for name in FLEUR_NAMES]
    a, b = STOCK[state["stock"]][1][state["players"]]
    return [M("square", a)] + ([M("square", b)] if b != a else [])


@plays("square")
def _square_play(state: State, f: Frame, move: Move) -> None:
    from .data import FLEUR_BY_NAME

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


@decision("neutral", msg("Neutral architects"))
def _neutral_moves(state: State, f: Frame) -> list[Move]:
    active = ACTIVE_CELLS[state["square"]]
    cross = BE_CROSS_CELLS if be_on(state) else ()
    return [M("neutral", CELL_NAMES[c]) for c in sorted(active)
            if state["arch"][c] == -1 and state["house"][c] == -1 and c not in cross]


@plays("neutral")
def _neutral_play(state: State, f: Frame, move: Move) -> None:
    pop(state)
    state["arch"][CELL_BY_NAME[move.args[0]]] = -2
    event(state, "neutral", f["p"], cell=move.args[0])


# ---------------------------------------------------------------- the engine loop
def to_move(state: State) -> int | None:
    if state["phase"] == "over":
        return None
    if state["frames"]:
        return state["frames"][-1]["p"]
    return state["turn"]


def legal_moves(state: State) -> list[Move]:
    if state["phase"] == "over":
        return []
    if state["frames"]:
        f = state["frames"][-1]
        return MOVES[f["k"]](state, f)
    return turn_moves(state)


def check(state: State, move: Move) -> None:
    if state["phase"] == "over":
        raise IllegalMove(msg("Game over"), msg("no more moves can be made"))
    legal = legal_moves(state)
    if move in legal:
        return
    if not state["frames"]:
        raise explain_turn(state, move)
    f = state["frames"][-1]
    shown = ", ".join(str(m) for m in legal[:8]) + (", …" if len(legal) > 8 else "")
    raise IllegalMove(TITLE[f["k"]], msg("{move} is not possible now; choose one of: {moves}", move=repr(str(move)),
                                         moves=shown))


def apply(state: State, move: Move) -> None:
    state["events"] = []
    if state["frames"]:
        f = state["frames"][-1]
        PLAY[f["k"]](state, f, move)
    else:
        play_turn(state, move)
    settle(state)


def settle(state: State) -> None:
    frames = state["frames"]
    while True:
        if frames:
            f = frames[-1]
            kind = f["k"]
            if kind in AUTO:
                AUTO[kind](state, f)
                continue
            options = MOVES[kind](state, f)
            if not options:
                frames.pop()
                if kind in ACTION_FRAMES:  # an action that cannot be performed does nothing
                    event(state, "nothing", f["p"], kind=kind)
                continue
            if len(options) == 1:
                PLAY[kind](state, f, options[0])
                continue
            return
        phase = state["phase"]
        if phase == "setup":
            begin_round(state)
        elif phase in ("scoring", "end"):
            steps = STEPS[phase]
            i = state["step"]
            state["step"] = i + 1
            steps[i](state)
        elif phase == "actions" and all(state["passed"]):
            state["phase"] = "scoring"
            state["step"] = 0
        else:
            return


def finish_round(state: State) -> None:
    """Last scoring step: next round, or the game end."""
    if state["round"] >= ROUNDS:
        state["phase"] = "end"
        state["step"] = 0
        return
    state["round"] += 1
    begin_round(state)

