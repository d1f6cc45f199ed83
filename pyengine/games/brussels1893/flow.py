"""The state machine: pending decisions ("frames"), the pipeline of phases, turn order.

Every decision a player makes is the top frame of ``state["frames"]`` (a stack), or, when
the stack is empty in the action phase, the turn itself (place an architect, visit a
Brussels action, or pass: turn.py). decisions.py registers every kind of decision, in
one table: its legal moves, how a move is played, and how one move is checked.

``settle`` runs after every move: it resolves automatic frames, applies a decision that
has a single legal move (a forced step is not a question), drops decisions with none
(an action that cannot be performed), and advances the phase pipeline when the stack is
empty.
"""

from __future__ import annotations

from ...core.game import IllegalMove
from ...core.i18n import msg
from .changes import event
from .decisions import AUTOMATIC, DECISIONS, PIPELINES
from .moves import Move, validate
from .planning import begin_round
from .state import Frame, State

ACTION_FRAMES = ("studio", "sell", "noble", "materials", "build", "copy")


def decision(state: State) -> Frame:
    """The decision to make now: the top frame, or the turn itself (kind "turn")."""
    frames = state["frames"]
    return frames[-1] if frames else {"k": "turn", "p": state["turn"]}


def to_move(state: State) -> int | None:
    if state["phase"] == "over":
        return None
    if state["frames"]:
        return state["frames"][-1]["p"]
    return state["turn"]


def legal_moves(state: State) -> list[Move]:
    """The legal moves, fast: the decision's own list."""
    if state["phase"] == "over":
        return []
    f = decision(state)
    return DECISIONS[f["k"]].moves(state, f)


def candidate_moves(state: State) -> list[Move]:
    """Every move of the kinds the decision takes, legal or not: filtered through `check`,
    they are `legal_moves`."""
    if state["phase"] == "over":
        return []
    f = decision(state)
    return DECISIONS[f["k"]].candidates(state, f)


def check(state: State, move: Move) -> None:
    """Raise IllegalMove, naming the rule, unless the rules allow `move` now."""
    if state["phase"] == "over":
        raise IllegalMove(msg("Game over"), msg("no more moves can be made"))
    validate(move)
    f = decision(state)
    kind = DECISIONS[f["k"]]
    if kind.allows(state, f, move):
        return
    if kind.explain is not None:
        raise kind.explain(state, f, move)
    legal = kind.moves(state, f)
    shown = ", ".join(str(m) for m in legal[:8]) + (", …" if len(legal) > 8 else "")
    raise IllegalMove(
        kind.title, msg("{move} is not possible now; choose one of: {moves}", move=repr(str(move)), moves=shown)
    )


def apply(state: State, move: Move) -> None:
    state["events"] = []
    f = decision(state)
    DECISIONS[f["k"]].play(state, f, move)
    settle(state)


def settle(state: State) -> None:
    frames = state["frames"]
    while True:
        if frames:
            f = frames[-1]
            kind = f["k"]
            auto = AUTOMATIC.get(kind)
            if auto is not None:
                auto(state, f)
                continue
            d = DECISIONS[kind]
            options = d.moves(state, f)
            if not options:
                frames.pop()
                if kind in ACTION_FRAMES:  # an action that cannot be performed does nothing
                    event(state, "nothing", f["p"], kind=kind)
                continue
            if len(options) == 1:
                d.play(state, f, options[0])
                continue
            return
        phase = state["phase"]
        if phase == "setup":
            begin_round(state)
        elif phase in ("scoring", "end"):
            steps = PIPELINES[phase]
            i = state["step"]
            state["step"] = i + 1
            steps[i](state)
        elif phase == "actions" and all(state["passed"]):
            state["phase"] = "scoring"
            state["step"] = 0
        else:
            return
