"""What holds in every New York 1901 position (the fuzz tests check it after every
move): the board's geometry, estates and workers, supplies, legendaries, lot cards and
scores. Each problem is one line in words; an empty list means a sound position."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Any

from .data import LOT_AT, LOTS, LOTS_BY_ID, OFFSETS, TILE_BY_ID, WORKERS_PER_PLAYER, anchored


@lru_cache(maxsize=4096)
def _in_shape(tile_id: str, cells: tuple) -> bool:
    """Whether the squares are the tile in one of its rotations (built tiles never
    change, so each is worked out once)."""
    anchor = min(cells, key=lambda c: (c[1], c[0]))
    return any(frozenset(cells) == anchored(tile_id, r, *anchor) for r in range(len(OFFSETS[tile_id])))


@lru_cache(maxsize=2)
def _all_cards(pink: bool) -> list[tuple[str, int]]:
    """Every lot card in play, sorted: the pink district's only with more than two players."""
    return sorted((lot.district, lot.size) for lot in LOTS if pink or lot.district != "pink")


def problems(s: dict[str, Any]) -> list[str]:
    out: list[str] = []
    n = s["players"]
    covered: dict[tuple[int, int], int] = {}
    for t in s["tiles"]:
        cells = [tuple(c) for c in t["cells"]]
        tile = TILE_BY_ID[t["id"]]
        if len(cells) != tile.squares:
            out.append(f"{t['id']} covers {len(cells)} squares, not {tile.squares}")
        if t["id"] != "START" and not _in_shape(t["id"], tuple(sorted(cells))):
            out.append(f"{t['id']} is not drawn in one of its shapes")
        for c in cells:
            if c in covered:
                out.append(f"skyscrapers overlap at {c}")
            covered[c] = t["player"]
            if s["owner"].get(LOT_AT.get(c)) != t["player"]:
                out.append(f"{t['id']} of player {t['player'] + 1} stands outside their estate at {c}")
    for lot, p in s["owner"].items():
        built = any(covered.get(c) == p for c in LOTS_BY_ID[lot].cells)
        held = s["workers"].get(lot) == p
        if built == held:
            out.append(f"lot {lot} must be built on in part or hold a worker (not both, not neither)")
    per_player = Counter(s["workers"].values())
    if any(per_player[p] > WORKERS_PER_PLAYER for p in range(n)):
        out.append("a player has more than 4 workers on the board")
    for p in range(n):
        mine = [t["id"] for t in s["tiles"] if t["player"] == p and t["id"] != "START" and not t["id"].startswith("L")]
        if set(mine) & set(s["supply"][p]) or len(set(mine)) != len(mine):
            out.append(f"player {p + 1}'s skyscrapers are both built and unbuilt, or built twice")
    kings = [k for k in s["king"] if k]
    if len(kings) != len(set(kings)) or sorted(kings + s["legends"]) != ["L1", "L2", "L3", "L4"]:
        out.append("the four legendaries are not each either unbuilt or built once")
    # Lot cards: deck + market + the cards of owned lots = every card in play.
    # Sorted lists, not Counters: the fuzz tests run this after each of ~2 million moves.
    held = [(LOTS_BY_ID[lot].district, LOTS_BY_ID[lot].size) for lot in s["owner"]]
    if sorted([*map(tuple, s["deck"] + s["market"]), *held]) != _all_cards(n > 2):
        out.append("lot cards are lost or duplicated")
    if s["phase"] == "play":
        if len(s["market"]) > 4:
            out.append("more than 4 market cards")
        if any(s["scores"][p] != s["built"][p] + s["prestige"][p] for p in range(n)):
            out.append("a score differs from its skyscrapers and prestige")
    elif s["final"]:
        f = s["final"]
        if any(
            s["scores"][p] != s["built"][p] + s["prestige"][p] + f["streets"][p] + f["challenge"][p] + f["cards"][p]
            for p in range(n)
        ):
            out.append("a final score differs from its breakdown")
    return out
