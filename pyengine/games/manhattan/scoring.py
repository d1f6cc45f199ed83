"""Scoring after each round, final totals and the tie-break (data.md §5, §7)."""

from __future__ import annotations

from typing import Any

from .data import CITIES, lot_city

State = dict[str, Any]


def owners(state: State) -> list[int | None]:
    """The player owning each lot: the one whose colour is on top (SOURCED: RGG, SUMO;
    the rulebook's 歸誰所有, "whose it is"). In the two-colour game both of a player's
    colours are theirs, so every scoring rule counts players, not colours (RULES.md)."""
    of = state["colours"]
    return [of[stack[-1][0]] if stack else None for stack in state["board"]]


def heights(board: list[list[list[int]]]) -> list[int]:
    return [sum(size for _, size in stack) for stack in board]


def tallest_owner(state: State) -> int | None:
    """The player owning the single tallest building, or None on a tie.

    DESIGNED (data.md §5 open point): when every building of the greatest height
    has the same owner, that owner still scores, unless the option says otherwise.
    """
    hs = heights(state["board"])
    top = max(hs)
    if top == 0:
        return None
    tops = [lot for lot, h in enumerate(hs) if h == top]
    own = {state["colours"][state["board"][lot][-1][0]] for lot in tops}
    if len(tops) == 1 or (len(own) == 1 and state["options"]["tallest_tie_same_owner"]):
        return own.pop()
    return None


def majority_players(state: State) -> list[int | None]:
    """Per city, the player with strictly the most buildings (ties score nobody)."""
    counts: list[dict[int, int]] = [{} for _ in CITIES]
    for lot, player in enumerate(owners(state)):
        if player is not None:
            c = counts[lot_city(lot)]
            c[player] = c.get(player, 0) + 1
    out: list[int | None] = []
    for c in counts:
        if not c:
            out.append(None)
            continue
        best = max(c.values())
        leaders = [p for p, n in c.items() if n == best]
        out.append(leaders[0] if len(leaders) == 1 else None)
    return out


def score_round(state: State) -> list[dict[str, int]]:
    """Points each player earns for the board as it stands, itemised."""
    rows = [{"buildings": 0, "majorities": 0, "tallest": 0, "total": 0} for _ in range(state["players"])]
    for player in owners(state):
        if player is not None:
            rows[player]["buildings"] += 1
    for player in majority_players(state):
        if player is not None:
            rows[player]["majorities"] += 2
    tall = tallest_owner(state)
    if tall is not None:
        rows[tall]["tallest"] += 3
    for row in rows:
        row["total"] = row["buildings"] + row["majorities"] + row["tallest"]
    return rows


def winners(state: State) -> list[int]:
    """Highest total; ties broken by the owner of the tallest building, then by most
    city majorities (2017 edition rule, DESIGNED for all editions, data.md §7);
    still tied players share the win."""
    scores = state["scores"]
    best = max(scores)
    tied = [p for p, s in enumerate(scores) if s == best]
    if len(tied) == 1:
        return tied
    tall = tallest_owner(state)
    if tall is not None and tall in tied:
        return [tall]
    majors = [0] * state["players"]
    for player in majority_players(state):
        if player is not None:
            majors[player] += 1
    most = max(majors[p] for p in tied)
    return [p for p in tied if majors[p] == most]
