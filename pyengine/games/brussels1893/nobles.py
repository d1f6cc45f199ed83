"""Nobles: their effects, the display (shift right, refill from the left), activation of
kept nobles (Grand-Place, the free action, cards B13/B23) and cards B06/B14."""
from __future__ import annotations

from itertools import combinations, combinations_with_replacement

from ...core.i18n import Msg, msg
from .data import BRUGMANN_VP, CUBES, MAETERLINCK_VP, NOBLE_DISPLAY_COST, NOBLES, noble_name
from .flow import decision, plays, pop
from .moves import M, Move
from .state import (
    P, State, be_on, card_ready, draw, event, francs, free_from_court, give_cubes, points, push, take_art,
    take_cubes, track_up, use_card,
)


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
    new = []  # right to left: the first card drawn fills the rightmost gap
    while len(new) < gaps - (1 if first else 0):
        card = draw(state, "noble_deck", "noble_discard")
        if card is None:
            break
        new.append(card)
    if first:
        new.append(first)
    state["display"] = [None] * (gaps - len(new)) + new[::-1] + cards


# ---------------------------------------------------------------- effect choices
@decision("solvay", Msg("Ernest Solvay"))
def _solvay_moves(state: State, f: dict) -> list[Move]:
    supply = state["supply"]
    kinds = [c for c in (CUBES if be_on(state) else CUBES[:3]) if supply[c]]
    out = [M("solvay", c) for c in kinds]
    if P(state, f["p"])["cubes"]["wild"]:
        for a, b in combinations_with_replacement(kinds, 2):
            if a != b or supply[a] >= 2:
                out.append(M("solvay", "wild", a, b))
    return out


@plays("solvay")
def _solvay_play(state: State, f: dict, move: Move) -> None:
    pop(state)
    p = f["p"]
    cubes = list(move.args)
    if cubes[0] == "wild":
        give_cubes(state, p, "wild", 1)
        cubes = cubes[1:]
    for c in cubes:
        take_cubes(state, p, c, 1)
    event(state, "cubes", p, cubes=cubes, paid_wild=move.args[0] == "wild")


@decision("privat", Msg("Henri Privat-Livemont"))
def _privat_moves(state: State, f: dict) -> list[Move]:
    return [M("art", c) for c, n in state["studio"].items() if n and c != "black"]


@plays("privat")
def _privat_play(state: State, f: dict, move: Move) -> None:
    pop(state)
    take_art(state, f["p"], move.args[0], white=True)


# ---------------------------------------------------------------- activations
@decision("freenoble", msg("Free action"))
def _freenoble_moves(state: State, f: dict) -> list[Move]:
    ready = ready_nobles(state, f["p"])
    return [M("activate", n) for n in ready] + [M("decline")] if ready else []


@plays("freenoble")
def _freenoble_play(state: State, f: dict, move: Move) -> None:
    pop(state)
    if move.verb == "activate":
        activate(state, f["p"], move.args[0])


@decision("grand", msg("Grand-Place"))
def _grand_moves(state: State, f: dict) -> list[Move]:
    ready = ready_nobles(state, f["p"])
    if not ready or f["left"] <= 0:
        return []
    return [M("activate", n) for n in ready] + [M("done")]


@plays("grand")
def _grand_play(state: State, f: dict, move: Move) -> None:
    if move.verb == "done":
        pop(state)
        return
    f["left"] -= 1
    activate(state, f["p"], move.args[0])


@decision("b13", msg("Card {card}", card="B13"))
def _b13_moves(state: State, f: dict) -> list[Move]:
    ready = ready_nobles(state, f["p"])
    if not card_ready(state, f["p"], "B13") or not ready:
        return []
    return [M("activate", n) for n in ready] + [M("skip")]


@plays("b13")
def _b13_play(state: State, f: dict, move: Move) -> None:
    pop(state)
    if move.verb == "activate":
        use_card(state, f["p"], "B13")
        activate(state, f["p"], move.args[0])


@decision("b14", msg("Card {card}", card="B14"))
def _b14_moves(state: State, f: dict) -> list[Move]:
    p = f["p"]
    used = [n for n in NOBLES if n in P(state, p)["nobles"] and P(state, p)["nobles"][n]["used"]]
    if not card_ready(state, p, "B14") or not used:
        return []
    return [M("cashin", n) for n in used] + [M("skip")]


@plays("b14")
def _b14_play(state: State, f: dict, move: Move) -> None:
    pop(state)
    if move.verb == "cashin":
        p, name = f["p"], move.args[0]
        use_card(state, p, "B14")
        card = P(state, p)["nobles"].pop(name)
        state["noble_discard"].append(card["id"])
        francs(state, p, NOBLES[name][2])
        event(state, "cashin", p, noble=name, fr=NOBLES[name][2])


@decision("b06", msg("Card {card}", card="B06"))
def _b06_moves(state: State, f: dict) -> list[Move]:
    filled = [str(i + 1) for i, c in enumerate(state["display"]) if c]
    out = [M("skip")]
    for k in range(1, len(filled) + 1):
        out += [M("refresh", *combo) for combo in combinations(filled, k)]
    return out


@plays("b06")
def _b06_play(state: State, f: dict, move: Move) -> None:
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


@decision("b23", msg("Card {card}", card="B23"))
def _b23_moves(state: State, f: dict) -> list[Move]:
    p = f["p"]
    if not card_ready(state, p, "B23") or P(state, p)["money"] < 2 or not state["display"][-1]:
        return []
    return [M("borrow"), M("skip")]


@plays("b23")
def _b23_play(state: State, f: dict, move: Move) -> None:
    pop(state)
    if move.verb == "borrow":
        p = f["p"]
        use_card(state, p, "B23")
        P(state, p)["money"] -= 2
        name = noble_name(state["display"][-1])
        event(state, "borrow", p, noble=name)
        push(state, *noble_effect(state, p, name))
