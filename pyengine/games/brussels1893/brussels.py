"""Brussels board actions: stock exchange, Grand-Place, park, market, and their cards.

A visit needs more meeples the more the action was used this round (SEED, data.py
``brussels_cost``). Travellers can only go here; a visit uses the player's travellers
before architects (DESIGNED: a traveller can do nothing else and never goes to court).
"""

from __future__ import annotations

from itertools import combinations_with_replacement

from .actions import action_frames, art_allows, can_build, material_allows, material_candidates, material_choices
from .changes import event, francs, give_cubes, points, pop, push, take_art, take_cubes, use_card
from .data import (
    ACTION_BY_NAME,
    ACTION_NAMES,
    ACTIONS,
    ART_COLOURS,
    CELL_BY_NAME,
    CELL_NAMES,
    CUBES,
    MARKET_WILDCARDS,
    NOBLE_DISPLAY_COST,
    STOCK,
    STUDIO_COLOURS,
    brussels_cost,
)
from .moves import M, Move
from .state import Frame, P, State, art_count, card_ready, cube_kinds, sellable, studio_has, values


def visit(state: State, p: int, area: str) -> None:
    pl = P(state, p)
    visits = state["visits"][area]
    need = brussels_cost(state["players"], len(visits) + 1)
    trav = min(pl["travellers"], need)
    pl["travellers"] -= trav
    pl["reserve"] -= need - trav
    visits.append([p, need - trav, trav])
    event(state, "visit", p, area=area, meeples=need, travellers=trav)
    after = [{"k": "b22", "p": p}, {"k": "endturn", "p": p}]
    if area == "bourse":
        _bourse(state, p)
        push(state, *after)
    elif area == "grandplace":
        left = values(state, p)["crown_nobles"][pl["crown"] - 1]  # read before any effect (SEED)
        push(state, {"k": "grand", "p": p, "left": left}, {"k": "b13", "p": p}, {"k": "b14", "p": p}, *after)
    elif area == "park":
        push(state, {"k": "b15", "p": p}, {"k": "copy", "p": p}, *after)
    else:
        push(state, {"k": "market", "p": p}, {"k": "b17", "p": p, "stage": "give"}, {"k": "b18", "p": p}, *after)


def _bourse(state: State, p: int) -> None:
    francs(state, p, STOCK[state["stock"]][0], "bourse")
    if card_ready(state, p, "B11"):
        use_card(state, p, "B11")
        francs(state, p, sum(a + t for _, a, t in state["visits"]["bourse"]), "B11")
    if card_ready(state, p, "B12"):
        use_card(state, p, "B12")
        points(state, p, "cards", P(state, p)["money"] // 5, "B12")


# ---------------------------------------------------------------- park
def can_copy(state: State, p: int, letter: str) -> bool:
    """Whether the park could perform this Art Nouveau action now (an impossible one is
    pointless)."""
    if letter == "S":
        return any(state["studio"][c] for c in ART_COLOURS if c != "black")
    if letter == "V":
        return bool(sellable(state, p))
    if letter == "N":
        money = P(state, p)["money"]
        hankar = P(state, p)["board"] == "hankar" and (state["noble_deck"] or state["noble_discard"])
        return bool(hankar or any(c and NOBLE_DISPLAY_COST[i] <= money for i, c in enumerate(state["display"])))
    if letter == "M":
        return bool(material_choices(state, 2))
    return can_build(state, p, "park")


def copyable(state: State, p: int) -> list[str]:
    """Art Nouveau actions the park could perform now."""
    return [a for a in ACTIONS if can_copy(state, p, a)]


def b15_moves(state: State, f: Frame) -> list[Move]:
    p = f["p"]
    if not card_ready(state, p, "B15"):
        return []
    out = [M("skip")]
    for c in range(25):
        if state["arch"][c] == p and state["francs"][c]:
            out += [M("reclaim", CELL_NAMES[c], n) for n in range(1, state["francs"][c] + 1)]
    return out if len(out) > 1 else []


def b15_candidates(state: State, f: Frame) -> list[Move]:
    """Skip, and every amount of the francs on every cell (1 on a cell without)."""
    return [M("skip")] + [
        M("reclaim", CELL_NAMES[c], n) for c in range(25) for n in range(1, max(1, state["francs"][c]) + 1)
    ]


def b15_allows(state: State, f: Frame, move: Move) -> bool:
    """Card B15: take back francs from under one of your architects, or skip (only when
    some could be taken back)."""
    p = f["p"]
    arch, under = state["arch"], state["francs"]
    if not card_ready(state, p, "B15") or not any(arch[c] == p and under[c] for c in range(25)):
        return False
    if move.verb == "reclaim":
        c = CELL_BY_NAME[move.args[0]]
        return arch[c] == p and int(move.args[1]) <= under[c]
    return move.verb == "skip"


def b15_play(state: State, f: Frame, move: Move) -> None:
    pop(state)
    if move.verb == "reclaim":
        p, cell, n = f["p"], CELL_BY_NAME[move.args[0]], int(move.args[1])
        use_card(state, p, "B15")
        state["francs"][cell] -= n
        P(state, p)["money"] += n
        event(state, "reclaim", p, cell=move.args[0], n=n)


def copy_moves(state: State, f: Frame) -> list[Move]:
    return [M("copy", ACTION_NAMES[a]) for a in copyable(state, f["p"])]


def copy_candidates(state: State, f: Frame) -> list[Move]:
    return [M("copy", ACTION_NAMES[a]) for a in ACTIONS]


def copy_allows(state: State, f: Frame, move: Move) -> bool:
    """An Art Nouveau action the park could perform now."""
    return move.verb == "copy" and can_copy(state, f["p"], ACTION_BY_NAME[move.args[0]])


def copy_play(state: State, f: Frame, move: Move) -> None:
    pop(state)
    p = f["p"]
    event(state, "copy", p, action=move.args[0])
    push(state, *action_frames(state, p, ACTION_BY_NAME[move.args[0]], "park"), {"k": "b16", "p": p})


def b16(state: State, f: Frame) -> None:
    """Automatic: card B16's points after the park's action."""
    pop(state)
    p = f["p"]
    if card_ready(state, p, "B16"):
        use_card(state, p, "B16")
        points(state, p, "cards", art_count(P(state, p)), "B16")


# ---------------------------------------------------------------- market
def market_moves(state: State, f: Frame) -> list[Move]:
    n = min(3, state["supply"]["wild"])
    return [M("wild", k) for k in range(1, n + 1)] if n else [M("wild", 0)]


def market_candidates(state: State, f: Frame) -> list[Move]:
    return [M("wild", k) for k in range(MARKET_WILDCARDS + 1)]


def market_allows(state: State, f: Frame, move: Move) -> bool:
    """1 to 3 wildcards, as many as the supply has; none only when it has none."""
    if move.verb != "wild":
        return False
    n, k = min(3, state["supply"]["wild"]), int(move.args[0])
    return 1 <= k <= n if n else k == 0


def market_play(state: State, f: Frame, move: Move) -> None:
    pop(state)
    n = take_cubes(state, f["p"], "wild", int(move.args[0]))
    event(state, "cubes", f["p"], cubes=["wild"] * n)


def b17_moves(state: State, f: Frame) -> list[Move]:
    p = f["p"]
    pl = P(state, p)
    if f["stage"] == "get_art":
        return [M("art", c) for c in ART_COLOURS if c != "black" and state["studio"][c]]
    if f["stage"] == "get_cubes":
        return material_choices(state, 2)
    if not card_ready(state, p, "B17"):
        return []
    out = [M("skip")]
    if any(state["studio"][c] for c in ART_COLOURS if c != "black"):
        kinds = [c for c in cube_kinds(state) + ("wild",) if pl["cubes"][c]]
        for a, b in combinations_with_replacement(kinds, 2):
            if a != b or pl["cubes"][a] >= 2:
                out.append(M("give", a, b))
    if material_choices(state, 2):
        out += [M("give", "art", c) for c in ART_COLOURS if pl["art"][c]]
    return out if len(out) > 1 else []


def b17_candidates(state: State, f: Frame) -> list[Move]:
    """By stage: every art tile, every materials choice, or skip and every trade."""
    if f["stage"] == "get_art":
        return [M("art", c) for c in STUDIO_COLOURS]
    if f["stage"] == "get_cubes":
        return material_candidates(state, f)
    return (
        [M("skip")]
        + [M("give", a, b) for a, b in combinations_with_replacement(CUBES + ("wild",), 2)]
        + [M("give", "art", c) for c in ART_COLOURS]
    )


def _can_give(state: State, p: int, give: tuple[str, ...]) -> bool:
    """Card B17's trades: 2 cubes the player has for an art tile the studio has, or an
    art tile the player has for 2 materials the supply has."""
    pl = P(state, p)
    if give[0] == "art":
        return bool(pl["art"][give[1]]) and bool(material_choices(state, 2))
    kinds = cube_kinds(state) + ("wild",)
    a, b = give
    return (
        any(studio_has(state, c) for c in STUDIO_COLOURS)
        and a in kinds
        and b in kinds
        and (pl["cubes"][a] >= 2 if a == b else pl["cubes"][a] >= 1 and pl["cubes"][b] >= 1)
    )


def b17_allows(state: State, f: Frame, move: Move) -> bool:
    """Card B17: a trade (or skip, when one is possible), then what it gets."""
    p = f["p"]
    if f["stage"] == "get_art":
        return art_allows(state, f, move)
    if f["stage"] == "get_cubes":
        return material_allows(state, f, move)
    if not card_ready(state, p, "B17"):
        return False
    if move.verb == "give":
        return _can_give(state, p, move.args)
    pl = P(state, p)
    cubes = (
        any(studio_has(state, c) for c in STUDIO_COLOURS)
        and sum(pl["cubes"][c] for c in cube_kinds(state) + ("wild",)) >= 2
    )
    art = any(pl["art"][c] for c in ART_COLOURS) and bool(material_choices(state, 2))
    return move.verb == "skip" and (cubes or art)


def b17_play(state: State, f: Frame, move: Move) -> None:
    p = f["p"]
    pl = P(state, p)
    if move.verb == "skip":
        pop(state)
    elif move.verb == "give":
        use_card(state, p, "B17")
        if move.args[0] == "art":
            pl["art"][move.args[1]] -= 1
            state["studio"][move.args[1]] += 1
            f["stage"] = "get_cubes"
        else:
            for c in move.args:
                give_cubes(state, p, c, 1)
            f["stage"] = "get_art"
        event(state, "give", p, what=list(move.args))
    elif move.verb == "art":
        pop(state)
        take_art(state, p, move.args[0])
    else:
        pop(state)
        for c in move.args:
            take_cubes(state, p, c, 1)
        event(state, "cubes", p, cubes=list(move.args))


def b18_moves(state: State, f: Frame) -> list[Move]:
    if not card_ready(state, f["p"], "B18"):
        return []
    colours = [c for c in ART_COLOURS if c != "black" and state["studio"][c]]
    return [M("art", c) for c in colours] + [M("skip")] if colours else []


def b18_candidates(state: State, f: Frame) -> list[Move]:
    return [M("art", c) for c in STUDIO_COLOURS] + [M("skip")]


def b18_allows(state: State, f: Frame, move: Move) -> bool:
    """Card B18: a white art tile from a stack the studio has, or skip (only when it has one)."""
    if not card_ready(state, f["p"], "B18") or not any(studio_has(state, c) for c in STUDIO_COLOURS):
        return False
    return art_allows(state, f, move) or move.verb == "skip"


def b18_play(state: State, f: Frame, move: Move) -> None:
    pop(state)
    if move.verb == "art":
        use_card(state, f["p"], "B18")
        take_art(state, f["p"], move.args[0], white=True)
