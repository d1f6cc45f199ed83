"""What holds in every New York 1901 position (the fuzz tests check it after every
move): the board's geometry, estates and workers, supplies, legendaries, lot cards and
scores. Each problem is one line in words; an empty list means a sound position.
Also why every game ends (RULES.md, "Why every game ends"): `progress`, which every
move makes smaller, and `move_budget`, the most moves a game can last."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from typing import Any

from .data import (
    END_TRIGGER_UNBUILT,
    LOT_AT,
    LOTS,
    LOTS_BY_ID,
    MARKET_SIZE,
    OFFSETS,
    PLAYER_TILES,
    TILE_BY_ID,
    WORKERS_PER_PLAYER,
    active_districts,
    anchored,
)


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
    if s["end_by"] is None and s["options"]["stalemate"] and not 0 <= s["idle"] <= n:
        out.append(f"{s['idle']} turns without progress and the end not triggered (the stalemate rule)")
    if not 0 <= s["fresh"] <= len(s["deck"]):
        out.append(f"{s['fresh']} cards never drawn, in a deck of {len(s['deck'])}")
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


def progress(s: dict[str, Any]) -> tuple[int, ...]:
    """A measure that every move makes strictly smaller (compared as a tuple), so no
    game goes on for ever: the end triggered, then the turns left in the final round;
    before that the skyscrapers still unbuilt (a build spends one for good), the cards
    never drawn (a card given back or shifted goes under them), the fewest cards the
    deck has held (once every card was drawn, the deck thinner), the idle turns still
    allowed by the stalemate rule (any other turn's end), the action cards left (each
    played once), and the acquisitions left in this turn."""
    if s["phase"] == "over":
        return (0,) * 8
    n, did = s["players"], s["did"]
    head = (1, 0) if s["end_by"] is None else (0, s["final_left"])
    tiles = sum(map(len, s["supply"])) + len(s["legends"])
    cards = sum(map(len, s["cards"]))
    return (*head, tiles, s["fresh"], s["deck_low"], max(0, n + 1 - s["idle"]), cards, 2 - did["takes"])


def move_budget(players: int, options: dict[str, Any]) -> int:
    """The most moves a game can take, from the bounds `progress` rests on.

    Before the end is triggered, a turn that makes progress builds (each player builds
    at most 14 of their 18 skyscrapers, the 14th leaving the 4 that trigger the end,
    and one legendary) or draws a card never drawn before or thins the deck below its
    fewest (each at most once per card under the market: twice in all);
    between two such turns, and before the first, at most `players` turns end idle
    (the stalemate rule). A turn with progress is at most 5 moves (2 acquisitions,
    2 builds, end), an idle one 3 (2 acquisitions, end); each action card is one more
    move, once; the final round is `players - 1` turns of at most 5. (A record saved
    before the stalemate rule replays without it, and has no such bound.)"""
    n = players
    cards = 13 * len(active_districts(n)) - (0 if options.get("expert") else n) - MARKET_SIZE
    progress_turns = n * (len(PLAYER_TILES) - END_TRIGGER_UNBUILT + 1) + 2 * cards
    idle_turns = n * (progress_turns + 1)
    return 5 * progress_turns + 3 * idle_turns + 3 * n + 5 * (n - 1)
