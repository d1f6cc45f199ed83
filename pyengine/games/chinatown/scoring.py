"""Businesses, income and the winner: pure functions of the board.

A business is a maximal group of same-type tiles on lots of one owner, joined by shared
edges inside a block (SEED). A group bigger than its type's max size M counts as
s // M complete businesses plus one incomplete business of s % M tiles: a tile placed
next to a complete business starts a new one (SEED), and the split makes that true
whatever the order the tiles arrived in, by placement or by trade (RULES.md, reading 9).
"""
from __future__ import annotations

from typing import Any

from .data import INCOME_COMPLETE, INCOME_INCOMPLETE, LOT_COUNT, MAX_SIZE, NEIGHBOURS, OUTLOOK_BONUS, OUTLOOK_CARDS

State = dict[str, Any]


def group_income(size: int, max_size: int) -> int:
    """Income at scale 1 (alea dollars) of a group of `size` same-type tiles."""
    full, rest = divmod(size, max_size)
    return full * INCOME_COMPLETE[max_size] + INCOME_INCOMPLETE[rest]


def groups(owner: list[int], tile: list[int]) -> list[tuple[int, int, list[int]]]:
    """Every (owner, type, lots) group of the board, lots ascending, by lowest lot."""
    seen = [False] * (LOT_COUNT + 1)
    out = []
    for lot in range(1, LOT_COUNT + 1):
        t = tile[lot]
        if t < 0 or seen[lot]:
            continue
        p = owner[lot]
        seen[lot] = True
        members = [lot]
        stack = [lot]
        while stack:
            x = stack.pop()
            for y in NEIGHBOURS[x]:
                if not seen[y] and tile[y] == t and owner[y] == p:
                    seen[y] = True
                    members.append(y)
                    stack.append(y)
        members.sort()
        out.append((p, t, members))
    return out


def reach(owner: list[int], tile: list[int], player: int, t: int, lot: int) -> set[int]:
    """`lot` and every lot joined to it by edges through `player`'s tiles of type `t`
    (`lot` itself counts whatever it holds: it may be the spot a tile would go)."""
    members = {lot}
    stack = [lot]
    while stack:
        x = stack.pop()
        for y in NEIGHBOURS[x]:
            if y not in members and tile[y] == t and owner[y] == player:
                members.add(y)
                stack.append(y)
    return members


def group_at(owner: list[int], tile: list[int], lot: int) -> list[int]:
    """The lots of the group the tile on `lot` belongs to."""
    return sorted(reach(owner, tile, owner[lot], tile[lot], lot))


def outlook_types(card: int | None) -> tuple[int, ...]:
    """Shop type indexes that an outlook card pays a bonus for."""
    if card is None:
        return ()
    sizes = OUTLOOK_CARDS[card]
    return tuple(t for t, m in enumerate(MAX_SIZE) if m in sizes)


def income(state: State, card: int | None, scale: int = 1) -> dict[str, Any]:
    """This round's income: per player the total, the shops part, the outlook part, and
    a line per business (owner, type, tiles, complete businesses, income)."""
    n = state["players"]
    shops = [0] * n
    bonus = [0] * n
    lines = []
    lucky = set(outlook_types(card))
    for p, t, lots in groups(state["owner"], state["tile"]):
        if p < 0:  # defensive: a tile always sits on an owned lot
            continue
        money = group_income(len(lots), MAX_SIZE[t]) * scale
        shops[p] += money
        extra = OUTLOOK_BONUS * scale * len(lots) if t in lucky else 0
        bonus[p] += extra
        lines.append({"player": p, "type": t, "lots": lots, "complete": len(lots) // MAX_SIZE[t],
                      "income": money, "bonus": extra})
    return {"shops": shops, "outlook": bonus, "total": [a + b for a, b in zip(shops, bonus)], "lines": lines}


def tiles_on_board(state: State) -> list[int]:
    """Per player, the tiles on lots they own (the tie-break)."""
    out = [0] * state["players"]
    for lot in range(1, LOT_COUNT + 1):
        if state["tile"][lot] >= 0 and state["owner"][lot] >= 0:
            out[state["owner"][lot]] += 1
    return out


def winners(state: State) -> list[int]:
    """Most money; a tie goes to the most tiles on the board (DESIGNED, after the Z-Man
    rule); a tie on both is shared."""
    money = state["money"]
    best = max(money)
    tied = [p for p, m in enumerate(money) if m == best]
    if len(tied) == 1:
        return tied
    shops = tiles_on_board(state)
    most = max(shops[p] for p in tied)
    return [p for p in tied if shops[p] == most]
