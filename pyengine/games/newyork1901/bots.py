"""New York 1901 bots: random, and greedy (immediate points, with a look at the
technology thresholds, the street cards and the challenge card in play).

Imports only the rules. The greedy bot's move values (``move_value``) are the search's
move priors, and ``best_fit_points`` values free land in its evaluation (search.py)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ...core.bots import Bot, RandomBot, best_by
from ...core.game import Game, Move, State
from . import rules
from .data import BONUS_STREET_CARDS, GEN_RANK, LOTS_BY_ID, OFFSETS, STREETS, TILE_BY_ID
from .moves import Acquire, Action, Build, End, Return

THRESHOLD_BONUS = 4.0  # unlocking a generation is worth a few points of future builds
STREET_WEIGHT = 1.0  # per in-play street card the skyscraper fronts
LOT_STREET_WEIGHT = 0.4

Cell = tuple[int, int]
Streets = list[frozenset[Cell]]


def street_cells(view: State) -> Streets:
    """The squares of each street card in play (a card may name two streets)."""
    return [frozenset(c for name in BONUS_STREET_CARDS[card] for c in STREETS[name]) for card in view["streets"]]


def _fronts(cells: Iterable[Sequence[int]], street: frozenset[Cell]) -> bool:
    return any((x + dx, y + dy) in street for x, y in cells for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)))


class GreedyBot(Bot):
    """Takes the move worth most now (``move_value``); ties broken by its own generator."""

    name = "greedy"

    def choose(self, game: Game, view: State, player: int) -> Move:
        moves = game.legal_moves(view)
        streets = street_cells(view)
        values = {m: move_value(view, player, m, streets) for m in moves}
        return best_by(self, moves, lambda m: values[m])


# ---- values (the greedy bot's choice, and the search's move priors) ---------------------
def move_value(view: State, p: int, move: Move, streets: Streets) -> float:
    """What `move` is worth to player `p` now, `streets` being ``street_cells(view)``.
    A build is worth its points (and Gold Prestige), plus a bonus for reaching a new
    technology, for each street card it fronts and for the challenge card's aim. A lot
    is worth the best skyscraper it would let you build at once. Demolishing competes
    with acquiring on the same scale."""
    if isinstance(move, Build):
        return _build_value(view, p, move, streets)
    if isinstance(move, Acquire):
        return _lot_value(view, p, move.lot, streets)
    if isinstance(move, Action):
        return _action_value(view, p, move.card, streets)
    if isinstance(move, Return):
        return -LOTS_BY_ID[move.lot].size  # give back the smallest lot
    return 0.5 if isinstance(move, End) else 0.0


def _build_value(view: State, p: int, move: Build, streets: Streets) -> float:
    fx = rules.build_effects(view, move)
    gained = fx["points"] + fx["prestige"]
    value = float(gained)
    t = rules.thresholds(view)
    before = view["scores"][p]
    for need in t.values():
        if before < need <= before + gained:
            value += THRESHOLD_BONUS
    fallen = [view["tiles"][i]["cells"] for i in fx["falls"]]
    for street in streets:
        if _fronts(fx["cells"], street):
            value += STREET_WEIGHT
        value -= STREET_WEIGHT * sum(1 for cells in fallen if _fronts(cells, street))
    value += _challenge_value(view, move, fx)
    return value


def _challenge_value(view: State, move: Build, fx: dict[str, Any]) -> float:
    card = view["challenge"]
    tile = TILE_BY_ID[move.tile]
    fallen = [TILE_BY_ID[view["tiles"][i]["id"]] for i in fx["falls"]]
    if card == "Bronze Baron":
        return 2.0 * ((tile.generation == "bronze") - sum(f.generation == "bronze" for f in fallen))
    if card == "Master Architect":
        return 1.5 * ((not tile.regular) - sum(not f.regular for f in fallen))
    if card == "Gold Tycoon" and tile.generation == "gold":
        return 1.5
    if card == "Generation King":
        return 0.5
    return 0.0


def _lot_value(view: State, p: int, lot: str, streets: Streets) -> float:
    """The best skyscraper this lot would let us build, plus a little for street frontage."""
    covered = rules.cell_map(view)
    free = frozenset(c for c in rules.estate(view, p) | set(LOTS_BY_ID[lot].cells) if c not in covered)
    best = best_fit_points(view, p, free, must_touch=frozenset(LOTS_BY_ID[lot].cells))
    cells = LOTS_BY_ID[lot].cells
    fronted = sum(1 for s in streets if _fronts(cells, s))
    return best + LOT_STREET_WEIGHT * (fronted + LOTS_BY_ID[lot].size)


def _action_value(view: State, p: int, card: str, streets: Streets) -> float:
    if card == "boom":
        trial = dict(view, did=dict(view["did"], boom=True))
        best = max((_build_value(trial, p, m, streets) for m in rules.legal_builds(trial, demolish=False)), default=0)
        return best - 3.0  # keep the card (1 point) unless the second build is worth it
    if card == "grab":
        lots = sorted(
            (_lot_value(view, p, a.lot, streets) for a in rules.acquisitions(view) if LOTS_BY_ID[a.lot].size == 2),
            reverse=True,
        )
        return sum(lots[:2]) - 1.0 if len(lots) >= 2 else -10.0
    return -10.0  # Market Shift: kept for its point at the end


def best_fit_points(view: State, p: int, free: frozenset[Cell], must_touch: frozenset[Cell] = frozenset()) -> int:
    """Most points of any tile we may build that fits in ``free`` with street frontage
    (and covers a square of ``must_touch``, when given). Ignores turn order: an estimate.
    The search's evaluation values free land with it."""
    if not free:
        return 0
    have = GEN_RANK[rules.tech(view, p)]
    ids = [t for t in view["supply"][p] if GEN_RANK[TILE_BY_ID[t].generation] <= have]
    if have == GEN_RANK["gold"] and view["king"][p] is None:
        ids += view["legends"]
    fits = rules.fits_in(free)
    best = 0
    for tid in sorted(set(ids), key=lambda t: -TILE_BY_ID[t].points):
        if TILE_BY_ID[tid].points <= best:
            break
        for offsets in OFFSETS[tid]:
            for (ax, ay), _ in fits[offsets]:  # fits touch a street or park already
                if not must_touch or any((ax + dx, ay + dy) in must_touch for dx, dy in offsets):
                    best = TILE_BY_ID[tid].points
                    break
            if best == TILE_BY_ID[tid].points:
                break
    return best


# The hand-written bots; search.py adds the levels (easy, normal, hard) after them.
BOTS: dict[str, type[Bot]] = {"random": RandomBot, "greedy": GreedyBot}
