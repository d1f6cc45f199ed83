"""Brussels board actions: stock exchange, Grand-Place, park, market, and their cards.

A visit needs more meeples the more the action was used this round (SEED, data.py
``brussels_cost``). Travellers can only go here; a visit uses the player's travellers
before architects (DESIGNED: a traveller can do nothing else and never goes to court).
"""
from __future__ import annotations

from itertools import combinations_with_replacement

from ...core.i18n import msg
from .actions import action_frames, can_build, cube_kinds, material_choices, sellable
from .data import (
    ACTION_BY_NAME, ACTION_NAMES, ART_COLOURS, CELL_BY_NAME, CELL_NAMES, NOBLE_DISPLAY_COST, STOCK, brussels_cost,
)
from .flow import automatic, decision, plays, pop
from .moves import M, Move
from .state import (
    P, State, art_count, card_ready, event, francs, give_cubes, points, push, take_art, take_cubes, use_card,
    values,
)


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
def copyable(state: State, p: int) -> list[str]:
    """Art Nouveau actions the park could perform now (an impossible one is pointless)."""
    out = []
    if any(state["studio"][c] for c in ART_COLOURS if c != "black"):
        out.append("S")
    if sellable(state, p):
        out.append("V")
    money = P(state, p)["money"]
    hankar = P(state, p)["board"] == "hankar" and (state["noble_deck"] or state["noble_discard"])
    if hankar or any(c and NOBLE_DISPLAY_COST[i] <= money for i, c in enumerate(state["display"])):
        out.append("N")
    if material_choices(state, 2):
        out.append("M")
    if can_build(state, p, "park"):
        out.append("B")
    return out


@decision("b15", msg("Card {card}", card="B15"))
def _b15_moves(state: State, f: dict) -> list[Move]:
    p = f["p"]
    if not card_ready(state, p, "B15"):
        return []
    out = [M("skip")]
    for c in range(25):
        if state["arch"][c] == p and state["francs"][c]:
            out += [M("reclaim", CELL_NAMES[c], n) for n in range(1, state["francs"][c] + 1)]
    return out if len(out) > 1 else []


@plays("b15")
def _b15_play(state: State, f: dict, move: Move) -> None:
    pop(state)
    if move.verb == "reclaim":
        p, cell, n = f["p"], CELL_BY_NAME[move.args[0]], int(move.args[1])
        use_card(state, p, "B15")
        state["francs"][cell] -= n
        P(state, p)["money"] += n
        event(state, "reclaim", p, cell=move.args[0], n=n)


@decision("copy", msg("Park"))
def _copy_moves(state: State, f: dict) -> list[Move]:
    return [M("copy", ACTION_NAMES[a]) for a in copyable(state, f["p"])]


@plays("copy")
def _copy_play(state: State, f: dict, move: Move) -> None:
    pop(state)
    p = f["p"]
    event(state, "copy", p, action=move.args[0])
    push(state, *action_frames(state, p, ACTION_BY_NAME[move.args[0]], "park"), {"k": "b16", "p": p})


@automatic("b16")
def _b16(state: State, f: dict) -> None:
    pop(state)
    p = f["p"]
    if card_ready(state, p, "B16"):
        use_card(state, p, "B16")
        points(state, p, "cards", art_count(P(state, p)), "B16")


# ---------------------------------------------------------------- market
@decision("market", msg("Market"))
def _market_moves(state: State, f: dict) -> list[Move]:
    n = min(3, state["supply"]["wild"])
    return [M("wild", k) for k in range(1, n + 1)] if n else [M("wild", 0)]


@plays("market")
def _market_play(state: State, f: dict, move: Move) -> None:
    pop(state)
    n = take_cubes(state, f["p"], "wild", int(move.args[0]))
    event(state, "cubes", f["p"], cubes=["wild"] * n)


@decision("b17", msg("Card {card}", card="B17"))
def _b17_moves(state: State, f: dict) -> list[Move]:
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


@plays("b17")
def _b17_play(state: State, f: dict, move: Move) -> None:
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


@decision("b18", msg("Card {card}", card="B18"))
def _b18_moves(state: State, f: dict) -> list[Move]:
    if not card_ready(state, f["p"], "B18"):
        return []
    colours = [c for c in ART_COLOURS if c != "black" and state["studio"][c]]
    return [M("art", c) for c in colours] + [M("skip")] if colours else []


@plays("b18")
def _b18_play(state: State, f: dict, move: Move) -> None:
    pop(state)
    if move.verb == "art":
        use_card(state, f["p"], "B18")
        take_art(state, f["p"], move.args[0], white=True)
