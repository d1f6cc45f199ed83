"""Nobles: their effects, the display (shift right, refill from the left), activation of
kept nobles (Grand-Place, the free action, cards B13/B23) and cards B06/B14."""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement

from .changes import (
    draw,
    event,
    francs,
    free_from_court,
    give_cubes,
    points,
    pop,
    push,
    take_art,
    take_cubes,
    track_up,
    use_card,
)
from .data import BRUGMANN_VP, CUBES, MAETERLINCK_VP, NOBLE_DISPLAY_COST, NOBLES, noble_name
from .moves import SLOTS, M, Move
from .state import Frame, P, State, be_on, card_ready, cube_kinds


def noble_effect(state: State, p: int, name: str) -> list[dict]:
    """Apply a noble's effect (SEED); returns frames for the effects that ask a choice."""
    event(state, "effect", p, noble=name)
    if name == "brugmann":
        francs(state, p, BRUGMANN_VP)
    elif name == "empain":
        n = take_cubes(state, p, "wild", 2)
        event(state, "cubes", p, cubes=["wild"] * n)
    elif name == "solvay":
        return [{"k": "solvay", "p": p}]
    elif name == "buls":
        track_up(state, p, "fleur")
    elif name == "albert":
        track_up(state, p, "crown")
    elif name == "velde":
        track_up(state, p, "level")
    elif name == "vandervelde":
        free_from_court(state, p)
    elif name == "maeterlinck":
        points(state, p, "nobles", MAETERLINCK_VP)
    elif name == "nagelmackers":
        if state["train"]:
            state["train"] -= 1
            P(state, p)["travellers"] += 1
            event(state, "traveller", p)
    elif name == "privat":
        return [{"k": "privat", "p": p}]
    return []


def activate(state: State, p: int, name: str) -> None:
    """Turn a kept noble sideways and use its effect (at most once per round, SEED)."""
    P(state, p)["nobles"][name]["used"] = True
    push(state, *noble_effect(state, p, name))


def ready_nobles(state: State, p: int) -> list[str]:
    return [n for n in NOBLES if n in P(state, p)["nobles"] and not P(state, p)["nobles"][n]["used"]]


# ---------------------------------------------------------------- display
def refill_display(state: State, first: str | None = None) -> None:
    """Shift the display's cards right, then fill the gaps from the deck (an empty deck
    is reshuffled from the discards, SEED); `first` (Hankar's declined card) fills the
    leftmost gap."""
    cards = [c for c in state["display"] if c]
    gaps = len(NOBLE_DISPLAY_COST) - len(cards)
    if first and not gaps:  # cannot happen after a purchase; keep the card anyway
        state["noble_deck"].insert(0, first)
        first = None
    new: list[str] = []  # right to left: the first card drawn fills the rightmost gap
    while len(new) < gaps - (1 if first else 0):
        card = draw(state, "noble_deck", "noble_discard")
        if card is None:
            break
        new.append(card)
    if first:
        new.append(first)
    state["display"] = [None] * (gaps - len(new)) + new[::-1] + cards


# ---------------------------------------------------------------- effect choices
def solvay_moves(state: State, f: Frame) -> list[Move]:
    supply = state["supply"]
    kinds = [c for c in (CUBES if be_on(state) else CUBES[:3]) if supply[c]]
    out = [M("solvay", c) for c in kinds]
    if P(state, f["p"])["cubes"]["wild"]:
        for a, b in combinations_with_replacement(kinds, 2):
            if a != b or supply[a] >= 2:
                out.append(M("solvay", "wild", a, b))
    return out


def solvay_candidates(state: State, f: Frame) -> list[Move]:
    return [M("solvay", c) for c in CUBES] + [
        M("solvay", "wild", a, b) for a, b in combinations_with_replacement(CUBES, 2)
    ]


def solvay_allows(state: State, f: Frame, move: Move) -> bool:
    """Ernest Solvay: a material the supply has, or a wildcard for 2 it has."""
    if move.verb != "solvay":
        return False
    supply, kinds = state["supply"], cube_kinds(state)
    wanted = move.args[1:] if move.args[0] == "wild" else move.args
    if move.args[0] == "wild" and not P(state, f["p"])["cubes"]["wild"]:
        return False
    return all(c in kinds and wanted.count(c) <= supply[c] for c in wanted)


def solvay_play(state: State, f: Frame, move: Move) -> None:
    pop(state)
    p = f["p"]
    cubes = list(move.args)
    if cubes[0] == "wild":
        give_cubes(state, p, "wild", 1)
        cubes = cubes[1:]
    for c in cubes:
        take_cubes(state, p, c, 1)
    event(state, "cubes", p, cubes=cubes, paid_wild=move.args[0] == "wild")


def privat_moves(state: State, f: Frame) -> list[Move]:
    return [M("art", c) for c, n in state["studio"].items() if n and c != "black"]


def privat_play(state: State, f: Frame, move: Move) -> None:
    pop(state)
    take_art(state, f["p"], move.args[0], white=True)


# ---------------------------------------------------------------- activations
def activate_candidates(state: State, f: Frame) -> list[Move]:
    """Every noble, then the way to stop (decline, done or skip, by decision)."""
    stop = {"freenoble": "decline", "grand": "done"}.get(f["k"], "skip")
    return [M("activate", n) for n in NOBLES] + [M(stop)]


def _activates(state: State, f: Frame, move: Move, stop: str) -> bool:
    """One of the player's nobles not yet used this round, or stop."""
    if move.verb == "activate":
        return move.args[0] in ready_nobles(state, f["p"])
    return move.verb == stop


def freenoble_moves(state: State, f: Frame) -> list[Move]:
    ready = ready_nobles(state, f["p"])
    return [M("activate", n) for n in ready] + [M("decline")] if ready else []


def freenoble_allows(state: State, f: Frame, move: Move) -> bool:
    return bool(ready_nobles(state, f["p"])) and _activates(state, f, move, "decline")


def freenoble_play(state: State, f: Frame, move: Move) -> None:
    pop(state)
    if move.verb == "activate":
        activate(state, f["p"], move.args[0])


def grand_moves(state: State, f: Frame) -> list[Move]:
    ready = ready_nobles(state, f["p"])
    if not ready or f["left"] <= 0:
        return []
    return [M("activate", n) for n in ready] + [M("done")]


def grand_allows(state: State, f: Frame, move: Move) -> bool:
    """Grand-Place: as many nobles as the crown track allows, or stop."""
    return bool(ready_nobles(state, f["p"])) and f["left"] > 0 and _activates(state, f, move, "done")


def grand_play(state: State, f: Frame, move: Move) -> None:
    if move.verb == "done":
        pop(state)
        return
    f["left"] -= 1
    activate(state, f["p"], move.args[0])


def b13_moves(state: State, f: Frame) -> list[Move]:
    ready = ready_nobles(state, f["p"])
    if not card_ready(state, f["p"], "B13") or not ready:
        return []
    return [M("activate", n) for n in ready] + [M("skip")]


def b13_allows(state: State, f: Frame, move: Move) -> bool:
    """Card B13: one more noble, or skip."""
    return card_ready(state, f["p"], "B13") and bool(ready_nobles(state, f["p"])) and _activates(state, f, move, "skip")


def b13_play(state: State, f: Frame, move: Move) -> None:
    pop(state)
    if move.verb == "activate":
        use_card(state, f["p"], "B13")
        activate(state, f["p"], move.args[0])


def _used_nobles(state: State, p: int) -> list[str]:
    return [n for n in NOBLES if n in P(state, p)["nobles"] and P(state, p)["nobles"][n]["used"]]


def b14_moves(state: State, f: Frame) -> list[Move]:
    p = f["p"]
    used = _used_nobles(state, p)
    if not card_ready(state, p, "B14") or not used:
        return []
    return [M("cashin", n) for n in used] + [M("skip")]


def b14_candidates(state: State, f: Frame) -> list[Move]:
    return [M("cashin", n) for n in NOBLES] + [M("skip")]


def b14_allows(state: State, f: Frame, move: Move) -> bool:
    """Card B14: discard a noble used this round for its upkeep in francs, or skip."""
    used = _used_nobles(state, f["p"])
    if not card_ready(state, f["p"], "B14") or not used:
        return False
    return move.args[0] in used if move.verb == "cashin" else move.verb == "skip"


def b14_play(state: State, f: Frame, move: Move) -> None:
    pop(state)
    if move.verb == "cashin":
        p, name = f["p"], move.args[0]
        use_card(state, p, "B14")
        card = P(state, p)["nobles"].pop(name)
        state["noble_discard"].append(card["id"])
        francs(state, p, NOBLES[name][2])
        event(state, "cashin", p, noble=name, fr=NOBLES[name][2])


def b06_moves(state: State, f: Frame) -> list[Move]:
    filled = [str(i + 1) for i, c in enumerate(state["display"]) if c]
    out = [M("skip")]
    for k in range(1, len(filled) + 1):
        out += [M("refresh", *combo) for combo in combinations(filled, k)]
    return out


def b06_candidates(state: State, f: Frame) -> list[Move]:
    return [M("skip")] + [M("refresh", *combo) for k in range(1, len(SLOTS) + 1) for combo in combinations(SLOTS, k)]


def b06_allows(state: State, f: Frame, move: Move) -> bool:
    """Card B06: discard nobles from the display (each slot once), or skip."""
    if move.verb == "refresh":
        return all(state["display"][int(slot) - 1] for slot in move.args)
    return move.verb == "skip"


def b06_play(state: State, f: Frame, move: Move) -> None:
    pop(state)
    if move.verb == "refresh":
        use_card(state, f["p"], "B06")
        gone = []
        for slot in move.args:
            i = int(slot) - 1
            gone.append(state["display"][i])
            state["noble_discard"].append(state["display"][i])
            state["display"][i] = None
        event(state, "refresh", f["p"], cards=gone)
        refill_display(state)


def b23_moves(state: State, f: Frame) -> list[Move]:
    p = f["p"]
    if not card_ready(state, p, "B23") or P(state, p)["money"] < 2 or not state["display"][-1]:
        return []
    return [M("borrow"), M("skip")]


def b23_candidates(state: State, f: Frame) -> list[Move]:
    return [M("borrow"), M("skip")]


def b23_allows(state: State, f: Frame, move: Move) -> bool:
    """Card B23: 2 francs to use the noble leaving the display, or skip."""
    p = f["p"]
    if not card_ready(state, p, "B23") or P(state, p)["money"] < 2 or not state["display"][-1]:
        return False
    return move.verb in ("borrow", "skip")


def b23_play(state: State, f: Frame, move: Move) -> None:
    pop(state)
    if move.verb == "borrow":
        p = f["p"]
        use_card(state, p, "B23")
        P(state, p)["money"] -= 2
        name = noble_name(state["display"][-1])
        event(state, "borrow", p, noble=name)
        push(state, *noble_effect(state, p, name))
