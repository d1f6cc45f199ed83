"""New York 1901 final scoring: street cards, the challenge card, unused action cards,
and the winner with its tie-break. Gold Prestige scores during play (rules.py)."""

from __future__ import annotations

from typing import Any

from ...core.game import State
from .data import (
    BONUS_STREET_CARDS,
    CHALLENGE_CARDS,
    DISTRICT_LETTER,
    LEGENDARY_IDS,
    ROWS,
    STREET_BONUS_POINTS,
    STREETS,
    TILE_BY_ID,
    UNUSED_ACTION_CARD_POINTS,
)

GENERATIONS = ("bronze", "silver", "gold")  # gold includes the legendaries (SOURCED §7)


def _touches(cells: list, street_cells: frozenset) -> bool:
    return any((x + dx, y + dy) in street_cells for x, y in cells for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)))


def street_counts(state: State, card: str) -> list[int]:
    """Skyscrapers (starting building and legendaries included) per player with a side
    on any street segment of the card; one skyscraper counts once per card."""
    cells = frozenset(c for name in BONUS_STREET_CARDS[card] for c in STREETS[name])
    counts = [0] * state["players"]
    for t in state["tiles"]:
        if _touches(t["cells"], cells):
            counts[t["player"]] += 1
    return counts


def strict_leader(counts: list[int]) -> int | None:
    best = max(counts)
    return counts.index(best) if best > 0 and counts.count(best) == 1 else None


def tiles_of(state: State, player: int, generation: str | None = None) -> list[dict[str, Any]]:
    return [
        t
        for t in state["tiles"]
        if t["player"] == player and (generation is None or TILE_BY_ID[t["id"]].generation == generation)
    ]


def districts_of(tile: dict[str, Any]) -> set[str]:
    """A skyscraper straddling districts counts in each (SOURCED, FR challenge cards)."""
    return {DISTRICT_LETTER[ROWS[y][x]] for x, y in tile["cells"]}


def _tier(count: int, tiers: tuple) -> int:
    points = 0
    for need, pts in tiers:
        if count >= need:
            points = pts
    return points


def challenge_points(state: State) -> list[int]:
    card, n = state["challenge"], state["players"]
    if card == "Bronze Baron":
        return [_tier(len(tiles_of(state, p, "bronze")), CHALLENGE_CARDS[card]["tiers"]) for p in range(n)]
    if card == "Master Architect":
        return [
            _tier(sum(1 for t in tiles_of(state, p) if not TILE_BY_ID[t["id"]].regular), CHALLENGE_CARDS[card]["tiers"])
            for p in range(n)
        ]
    if card == "Generation King":
        out = [0] * n
        for gen in GENERATIONS:
            leader = strict_leader([len(tiles_of(state, p, gen)) for p in range(n)])
            if leader is not None:
                out[leader] += CHALLENGE_CARDS[card]["points_per_generation"]
        return out
    if card == "Gold Tycoon":
        rule = CHALLENGE_CARDS[card]
        out = []
        for p in range(n):
            per: dict[str, int] = {}
            for t in tiles_of(state, p, "gold"):
                for d in districts_of(t):
                    per[d] = per.get(d, 0) + 1
            out.append(rule["points_per_district"] * sum(1 for c in per.values() if c >= rule["min_gold"]))
        return out
    return [0] * n  # no card, or Gold Prestige (scored while building)


def final_scoring(state: State) -> None:
    n = state["players"]
    streets = [0] * n
    per_street = {}
    for card in state["streets"]:
        counts = street_counts(state, card)
        per_street[card] = counts
        leader = strict_leader(counts)
        if leader is not None:
            streets[leader] += STREET_BONUS_POINTS
    challenge = challenge_points(state)
    cards = [UNUSED_ACTION_CARD_POINTS * len(state["cards"][p]) for p in range(n)]
    for p in range(n):
        state["scores"][p] += streets[p] + challenge[p] + cards[p]
    state["final"] = {"streets": streets, "challenge": challenge, "cards": cards, "per_street": per_street}


def tiebreak_key(state: State, player: int) -> tuple[int, int]:
    """Tallest legendary, then most gold skyscrapers (SOURCED, ZH p.5 / FR)."""
    king = state["king"][player]
    height = LEGENDARY_IDS[king].height_ft if king else 0
    gold = sum(1 for t in tiles_of(state, player, "gold") if not t["id"].startswith("L"))
    return height, gold


def winners(state: State) -> list[int]:
    n = state["players"]
    keys = [(state["scores"][p], *tiebreak_key(state, p)) for p in range(n)]
    best = max(keys)
    return [p for p in range(n) if keys[p] == best]
