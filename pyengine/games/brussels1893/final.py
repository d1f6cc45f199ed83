"""Game end (SEED order): Belle Époque tiles (T01 first), noble upkeep (5 points per
noble you cannot pay, you choose which), wildcards and white tiles discarded, then the
final scoring: buildings by architect track, materials, start-player marker, the four
strategy zones."""

from __future__ import annotations

from itertools import combinations

from .board import adjacencies
from .changes import event, francs, give_cubes, points, pop, push
from .data import NOBLES, PORTRAIT_VP, START_MARKER_VP, T07_VP, T09_VP, UNPAID_NOBLE_VP, ZONES
from .moves import M, Move
from .scoring import commit_row
from .state import FINAL_ITEMS, Frame, P, State, has_tile, house_cells, values, zone_count, zone_value


def _t01(state: State) -> None:
    for p in range(state["players"]):
        if has_tile(state, p, "T01"):  # resolved before everything else (SEED)
            points(state, p, "tiles", max(0, P(state, p)["score"]) // 7, "T01")


def _tiles(state: State) -> None:
    n = state["players"]
    frames = []
    for i in range(n):
        p = (state["start"] + i) % n
        pl = P(state, p)
        if has_tile(state, p, "T02"):
            frames.append({"k": "t02", "p": p})
        if has_tile(state, p, "T03"):  # before the nobles are paid (DESIGNED)
            francs(state, p, 3 * pl["fleur"], "T03")
        if has_tile(state, p, "T05"):
            points(state, p, "tiles", 2 * pl["crown"], "T05")
        if has_tile(state, p, "T07"):
            points(state, p, "tiles", T07_VP[n] * len(pl["pass_cards"]), "T07")
        if has_tile(state, p, "T08"):
            points(state, p, "tiles", 2 * pl["built"], "T08")
        if has_tile(state, p, "T09"):
            points(state, p, "tiles", T09_VP[n] * adjacencies(house_cells(state, p)), "T09")
        if has_tile(state, p, "T11"):
            points(state, p, "tiles", 3 * len(pl["white"]), "T11")
    push(state, *frames)


def t02_moves(state: State, f: Frame) -> list[Move]:
    return [M("zone", z) for z in ZONES]


def t02_allows(state: State, f: Frame, move: Move) -> bool:
    """Any strategy zone."""
    return move.verb == "zone"


def t02_play(state: State, f: Frame, move: Move) -> None:
    pop(state)
    P(state, f["p"])["t02"] = move.args[0]
    event(state, "t02", f["p"], zone=move.args[0])


def upkeep(state: State, p: int) -> int:
    return sum(NOBLES[n][2] for n in P(state, p)["nobles"])


def forfeit_options(state: State, p: int) -> list[tuple[str, ...]]:
    """Sets of nobles left unpaid: you pay every noble you can, so only sets whose kept
    nobles are affordable and where no forfeited one would still fit."""
    pl = P(state, p)
    names = [n for n in NOBLES if n in pl["nobles"]]
    money = pl["money"]
    out = []
    for k in range(1, len(names) + 1):
        for gone in combinations(names, k):
            kept = sum(NOBLES[n][2] for n in names if n not in gone)
            if kept <= money and all(kept + NOBLES[g][2] > money for g in gone):
                out.append(gone)
    return out


def _upkeep(state: State) -> None:
    n = state["players"]
    frames = []
    for i in range(n):
        p = (state["start"] + i) % n
        if has_tile(state, p, "T12"):
            event(state, "upkeep_free", p)
        elif upkeep(state, p) <= P(state, p)["money"]:
            _pay(state, p, ())
        else:
            frames.append({"k": "upkeep", "p": p})
    push(state, *frames)


def _pay(state: State, p: int, gone: tuple[str, ...]) -> None:
    pl = P(state, p)
    for name in gone:
        state["noble_discard"].append(pl["nobles"].pop(name)["id"])
        points(state, p, "upkeep", -UNPAID_NOBLE_VP)
    cost = upkeep(state, p)
    pl["money"] -= cost
    event(state, "upkeep", p, fr=cost, gone=list(gone))


def upkeep_moves(state: State, f: Frame) -> list[Move]:
    return [M("forfeit", *gone) for gone in forfeit_options(state, f["p"])]


def upkeep_candidates(state: State, f: Frame) -> list[Move]:
    """Every set of the player's nobles."""
    names = [n for n in NOBLES if n in P(state, f["p"])["nobles"]]
    return [M("forfeit", *gone) for k in range(1, len(names) + 1) for gone in combinations(names, k)]


def upkeep_allows(state: State, f: Frame, move: Move) -> bool:
    """Nobles of the player's, left unpaid: every other one paid, and none of these
    affordable on top of them."""
    if move.verb != "forfeit":
        return False
    pl = P(state, f["p"])
    gone = move.args
    if any(n not in pl["nobles"] for n in gone):
        return False
    kept = sum(NOBLES[n][2] for n in pl["nobles"] if n not in gone)
    return kept <= pl["money"] and all(kept + NOBLES[g][2] > pl["money"] for g in gone)


def upkeep_play(state: State, f: Frame, move: Move) -> None:
    pop(state)
    _pay(state, f["p"], tuple(move.args))


def building_vp(state: State, p: int) -> int:
    level = P(state, p)["level"]
    return PORTRAIT_VP if level == 7 else values(state, p)["architect_vp"][level - 1]


def _final(state: State) -> None:
    for p in range(state["players"]):
        pl = P(state, p)
        give_cubes(state, p, "wild", pl["cubes"]["wild"])  # wildcards are discarded (SEED)
        for colour in pl["white"]:  # white tiles are worth nothing now (SEED)
            state["studio"][colour] += 1
        pl["white"] = []
        houses = pl["built"] + (1 if has_tile(state, p, "T06") else 0)
        points(state, p, "houses", houses * building_vp(state, p))
        points(state, p, "materials", sum(n for c, n in pl["cubes"].items() if c != "wild"))
        if state["start"] == p:
            points(state, p, "marker", START_MARKER_VP)
        for zone in ZONES:
            points(state, p, "zones", zone_value(state, p, zone) * zone_count(state, p, zone))
    state["history"].append(commit_row(state, FINAL_ITEMS))
    state["phase"] = "over"
    event(state, "game_over", None)


STEPS = (_t01, _tiles, _upkeep, _final)
"""The game end, in order (flow.py runs one step at a time, in decisions.py's pipeline)."""
