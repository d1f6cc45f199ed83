"""What holds in every Chinatown position (the fuzz tests check it after every move):
lot cards, shop tiles and money are all accounted for, and the complete businesses are
businesses of exactly their max size that the rules would keep. Each problem is one line
in words; an empty list means a sound position."""

from __future__ import annotations

from collections import Counter
from typing import Any

from .data import EDITION_SCALE, LOT_COUNT, MAX_SIZE, START_MONEY, TILE_COUNTS
from .scoring import pieces, settle

ALL_LOTS = list(range(1, LOT_COUNT + 1))


def problems(s: dict[str, Any]) -> list[str]:
    out: list[str] = []
    n = s["players"]
    # Lot cards: in the deck, dealt this round (the kept ones are chosen among the dealt)
    # or gone with a claimed lot.
    # A sorted list, not Counters: the fuzz tests run this after each of ~2.6 million moves.
    owned = [lot for lot, o in enumerate(s["owner"]) if o >= 0 and lot]
    cards = sorted([*s["deck"], *(c for hand in s["dealt"] for c in hand), *owned])
    if cards != ALL_LOTS:
        out.append("lot cards are lost or duplicated")
    if any(not set(kept) <= set(dealt) for kept, dealt in zip(s["kept"], s["dealt"])):
        out.append("a player kept a land card they were not dealt")
    if any(not -1 <= o < n for o in s["owner"]):
        out.append("a lot has an owner who is not a player")
    # Shop tiles: in the bag, in a hand or on an owned lot; each type its printed count.
    on_board = Counter(s["tile"])
    in_bag = Counter(s["bag"])
    for kind, count in enumerate(TILE_COUNTS):
        have = in_bag[kind] + sum(hand[kind] for hand in s["hands"]) + on_board[kind]
        if have != count:
            out.append(f"shop type {kind}: {have} tiles accounted for, not {count}")
    if any(t >= 0 and o < 0 for t, o in zip(s["tile"], s["owner"])):
        out.append("a shop tile stands on a lot nobody owns")
    if any(x < 0 for hand in s["hands"] for x in hand):
        out.append("a negative number of tiles in a hand")
    # Complete businesses: max size, one type and owner, each lot in one of them at most,
    # and nothing the rules would change (none ended by a trade, no group at max size
    # left incomplete).
    complete = s["complete"]
    for lots in complete:
        kinds = {s["tile"][lot] for lot in lots}
        if len(kinds) != 1 or min(kinds) < 0 or len(lots) != MAX_SIZE[min(kinds)]:
            out.append(f"complete business {lots} is not tiles of one type at its max size")
        elif pieces(lots) != [lots]:
            out.append(f"complete business {lots} is not joined by edges, or not in ascending order")
    if len({lot for lots in complete for lot in lots}) != sum(len(lots) for lots in complete):
        out.append("a lot is in two complete businesses")
    elif settle(s["owner"], s["tile"], complete) != complete:
        out.append("the complete businesses are not those the rules make of this board")
    # Money: start money + the bank's income + what trades brought, never below zero.
    start = START_MONEY * EDITION_SCALE[s["options"]["edition"]]
    income = [start] * n
    for shops, bonus in s["income"]:
        for p in range(n):
            income[p] += shops[p] + bonus[p]
    if [income[p] + s["trade_net"][p] for p in range(n)] != s["money"]:
        out.append("money differs from start money + income + trades")
    if sum(s["trade_net"]) != 0:
        out.append("trades created or destroyed money")
    if any(m < 0 for m in s["money"]):
        out.append("a player has negative money")
    return out
