"""Businesses, income and the winner: pure functions of the board.

A business is a group of same-type tiles on lots of one owner, joined by shared edges
inside a block (SEED). It is complete once it has its type's max size M, and a complete
business never grows: a same-type tile placed next to it starts a new business (SEED,
「如果玩家在一个已完成商店旁放一个相同类型的生意板块，则这个板块是一个新商店，不增加已完成商店的
规模和价值」). So the board alone does not say where the businesses are: the state keeps
the lots of every complete business (``state["complete"]``), and every other tile
belongs to the group of non-complete tiles it is joined to (RULES.md, reading 9):

- a business is complete from the moment it has M tiles, by a placement or by a trade;
- it stays complete while one player owns all its lots; a trade that splits its lots
  between players ends it, and its tiles join their owners' other tiles again;
- when tiles join into a group of more than M (a tile or a trade joins two
  businesses), M of them, joined by edges, become a complete business: the choice that
  pays the owner most, then the lowest lot numbers; the rest form businesses as usual
  (DESIGNED: the rulebook is silent).

``businesses`` is the one place that says what the businesses are: income, the board's
outlines, the invariants and the bots all use it (the bots weigh one more tile with
``place_gain``, which joins and carves the same way).
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations
from typing import Any

from .data import INCOME_COMPLETE, INCOME_INCOMPLETE, LOT_COUNT, MAX_SIZE, NEIGHBOURS, OUTLOOK_BONUS, OUTLOOK_CARDS

State = dict[str, Any]


# (owner, type, lots ascending, complete): a plain tuple, as the bots build thousands a move.
Business = tuple[int, int, list[int], bool]


def business_income(size: int, max_size: int) -> int:
    """Income at scale 1 (alea dollars) of one business of `size` tiles (at most max_size)."""
    return INCOME_COMPLETE[max_size] if size == max_size else INCOME_INCOMPLETE[size]


def groups(owner: list[int], tile: list[int], skip: Iterable[int] = ()) -> list[tuple[int, int, list[int]]]:
    """Every (owner, type, lots) group of edge-joined same-type tiles of one owner, lots
    ascending, by lowest lot; the lots in `skip` are left out (and join nothing)."""
    seen = [False] * (LOT_COUNT + 1)
    for lot in skip:
        seen[lot] = True
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


def pieces(lots: Iterable[int]) -> list[list[int]]:
    """The edge-joined pieces of a set of lots, each ascending, by lowest lot."""
    left = set(lots)
    out = []
    for lot in sorted(left):
        if lot not in left:
            continue
        left.discard(lot)
        piece = [lot]
        stack = [lot]
        while stack:
            for y in NEIGHBOURS[stack.pop()]:
                if y in left:
                    left.discard(y)
                    piece.append(y)
                    stack.append(y)
        out.append(sorted(piece))
    return out


def carve(lots: Iterable[int], max_size: int) -> tuple[int, list[list[int]], list[list[int]]]:
    """(income, complete businesses, other businesses) of edge-joined tiles of one owner
    and type that belong to no complete business. A piece of max_size or more tiles gives
    complete businesses of exactly max_size joined tiles: the choice that pays most, then
    the lowest lots (the first in ascending order). A piece has at most max_size + 3 tiles
    (the tiles of a type), so trying every choice is cheap."""
    income, complete, rest = 0, [], []
    for piece in pieces(lots):
        if len(piece) < max_size:
            income += INCOME_INCOMPLETE[len(piece)]
            rest.append(piece)
            continue
        best: tuple[int, list[list[int]], list[list[int]]] | None = None
        for chosen in combinations(piece, max_size):
            if len(pieces(chosen)) != 1:
                continue
            left = set(piece).difference(chosen)
            more, done, other = carve(left, max_size)
            if best is None or INCOME_COMPLETE[max_size] + more > best[0]:
                best = (INCOME_COMPLETE[max_size] + more, [list(chosen), *done], other)
        assert best is not None  # a joined piece always holds a joined subset of any size
        income += best[0]
        complete += best[1]
        rest += best[2]
    return income, complete, rest


def _standing(owner: list[int], complete: list[list[int]]) -> list[list[int]]:
    """The recorded complete businesses that still stand: one owner holds all their lots."""
    return [lots for lots in complete if len({owner[lot] for lot in lots}) == 1]


def businesses(owner: list[int], tile: list[int], complete: list[list[int]]) -> list[Business]:
    """Every business on the board: the complete ones of `complete` that still stand, and
    the groups of all other tiles, a group of max size or more carved into complete
    businesses and the rest. Ordered by lowest lot."""
    kept = _standing(owner, complete) if complete else []
    out = [(owner[lots[0]], tile[lots[0]], list(lots), True) for lots in kept]
    carved = False
    for p, t, lots in groups(owner, tile, [lot for shop in kept for lot in shop]):
        if len(lots) < MAX_SIZE[t]:
            out.append((p, t, lots, False))
            continue
        carved = True
        _, done, rest = carve(lots, MAX_SIZE[t])
        out += [(p, t, x, True) for x in done] + [(p, t, x, False) for x in rest]
    if kept or carved:  # groups come by lowest lot already (the bots call this a lot)
        out.sort(key=lambda b: b[2][0])
    return out


def settle(owner: list[int], tile: list[int], complete: list[list[int]]) -> list[list[int]]:
    """The complete businesses after a tile was placed or lots changed hands: what the
    state keeps in "complete" (lots ascending, by lowest lot)."""
    return [lots for _, _, lots, done in businesses(owner, tile, complete) if done]


def complete_lots(complete: list[list[int]]) -> set[int]:
    return {lot for lots in complete for lot in lots}


def free_group(owner: list[int], tile: list[int], closed: set[int], player: int, t: int, lot: int) -> set[int]:
    """`lot` and every lot joined to it through `player`'s type-`t` tiles that are in no
    complete business (`closed`: the lots of complete businesses)."""
    members = {lot}
    stack = [lot]
    while stack:
        x = stack.pop()
        for y in NEIGHBOURS[x]:
            if y not in members and tile[y] == t and owner[y] == player and y not in closed:
                members.add(y)
                stack.append(y)
    return members


def place_gain(owner: list[int], tile: list[int], closed: set[int], player: int, t: int, lot: int) -> int:
    """Income (alea dollars, per round) that `player` gains by placing a type-`t` tile on
    the empty `lot`: the businesses it joins (none complete) become one, carved if it
    passes the max size; complete businesses next to it do not change."""
    m = MAX_SIZE[t]
    parts = []
    seen: set[int] = set()
    for y in NEIGHBOURS[lot]:
        if y not in seen and tile[y] == t and owner[y] == player and y not in closed:
            part = free_group(owner, tile, closed, player, t, y)
            seen |= part
            parts.append(part)
    return _joined_income(set().union({lot}, *parts), m) - sum(_joined_income(part, m) for part in parts)


def _joined_income(lots: set[int], max_size: int) -> int:
    """carve's income for edge-joined tiles, without carving when they fit one business
    (the bots ask this for every empty lot of theirs)."""
    if len(lots) <= max_size:
        return business_income(len(lots), max_size)
    return carve(lots, max_size)[0]


def close_after_placing(owner: list[int], tile: list[int], closed: set[int], lot: int) -> list[list[int]]:
    """The complete businesses that the tile just placed on `lot` makes (none if its
    group stays under the max size); their lots belong in `closed`."""
    t = tile[lot]
    group = free_group(owner, tile, closed, owner[lot], t, lot)
    return carve(group, MAX_SIZE[t])[1] if len(group) >= MAX_SIZE[t] else []


def reach(owner: list[int], tile: list[int], player: int, t: int, lot: int) -> set[int]:
    """`lot` and every lot joined to it by edges through `player`'s tiles of type `t`
    (`lot` itself counts whatever it holds: it may be the spot a tile would go). Business
    borders do not matter here: the street variant's access runs through any such tile."""
    return free_group(owner, tile, set(), player, t, lot)


def outlook_types(card: int | None) -> tuple[int, ...]:
    """Shop type indexes that an outlook card pays a bonus for."""
    if card is None:
        return ()
    sizes = OUTLOOK_CARDS[card]
    return tuple(t for t, m in enumerate(MAX_SIZE) if m in sizes)


def income(state: State, card: int | None, scale: int = 1) -> dict[str, Any]:
    """This round's income: per player the total, the shops part, the outlook part, and
    a line per business (owner, type, lots, complete 0/1, income, outlook bonus)."""
    n = state["players"]
    shops = [0] * n
    bonus = [0] * n
    lines = []
    lucky = set(outlook_types(card))
    for p, t, lots, complete in businesses(state["owner"], state["tile"], state["complete"]):
        if p < 0:  # defensive: a tile always sits on an owned lot
            continue
        money = business_income(len(lots), MAX_SIZE[t]) * scale
        shops[p] += money
        extra = OUTLOOK_BONUS * scale * len(lots) if t in lucky else 0
        bonus[p] += extra
        lines.append({"player": p, "type": t, "lots": lots, "complete": int(complete), "income": money, "bonus": extra})
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
