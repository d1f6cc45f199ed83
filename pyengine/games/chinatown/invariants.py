"""What holds in every Chinatown position (the fuzz tests check it after every move):
lot cards, shop tiles and money are all accounted for, and the complete businesses are
businesses of exactly their max size that the rules would keep. Each problem is one line
in words; an empty list means a sound position."""

from __future__ import annotations

from collections import Counter
from typing import Any

from .data import EDITION_SCALE, LOT_COUNT, MAX_SIZE, ROUNDS, START_MONEY, TILE_COUNTS
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


# ---- why every game ends (RULES.md, "Why every game ends") ----------------------------
_PHASE_RANK = {"keep": 3, "trade": 2, "place": 1, "over": 0}


def _placing_left(s: dict[str, Any]) -> int:
    """Place phase: for the player placing and each one after them in turn order, one
    move per tile they could still place (tiles in hand, up to their empty lots) plus
    their "done"."""
    n = s["players"]
    seq = [(s["start"] + i) % n for i in range(n)]
    left = 0
    for p in seq[seq.index(s["turn"]) :]:
        empty = sum(1 for lot in range(1, LOT_COUNT + 1) if s["owner"][lot] == p and s["tile"][lot] < 0)
        left += min(sum(s["hands"][p]), empty) + 1
    return left


def progress(s: dict[str, Any]) -> tuple[int, ...]:
    """(rounds still to start, phases left in the round, moves left in the phase).
    Keeping: the players still to keep. Trading: for each player not done, two moves per
    offer they may still make (the offer and its answer) and their "done", plus one for
    an offer awaiting its answer. An offer spends one of the offer limit, an answer ends
    the offer (and makes a player out of offers done), "done" ends a player's trading:
    each strictly lowers it, so accepting, declining and trading back and forth cannot
    go on (offer_limit). Placing: see _placing_left."""
    phase = s["phase"]
    if phase == "over":
        return (0, 0, 0)
    if phase == "keep":
        left = sum(1 for kept in s["kept"] if not kept)
    elif phase == "trade":
        left = sum(2 * s["offers_left"][p] + 1 for p in range(s["players"]) if not s["done"][p])
        left += 1 if s["offer"] else 0
    else:
        left = _placing_left(s)
    return (ROUNDS - s["round"], _PHASE_RANK[phase], left)


def move_budget(players: int, options: dict[str, Any]) -> int:
    """Per round (ROUNDS = 6): each player keeps once, makes at most offer_limit offers,
    each answered once, says done once when trading and at most once when placing; and
    over the game each Place fills one of the 85 lots for good. 6 x players x
    (2 x offer_limit + 3) + 85: 247 (3 players, limit 3) to 775 (5 players, limit 10)."""
    limit = int(options["offer_limit"])
    return ROUNDS * players * (2 * limit + 3) + LOT_COUNT
