"""New York 1901 bots: random, and greedy (immediate points, with a look at the
technology thresholds, the street cards and the challenge card in play)."""
from __future__ import annotations

from typing import Any

from ...core.bots import Bot, RandomBot, best_by
from ...core.game import Game, State
from . import rules
from .data import BONUS_STREET_CARDS, GEN_RANK, LOTS_BY_ID, OFFSETS, STREETS, TILE_BY_ID
from .moves import Acquire, Action, Build, End, Return

THRESHOLD_BONUS = 4.0  # unlocking a generation is worth a few points of future builds
STREET_WEIGHT = 1.0  # per in-play street card the skyscraper fronts
LOT_STREET_WEIGHT = 0.4


def _street_cells(view: State) -> list[frozenset]:
    return [frozenset(c for name in BONUS_STREET_CARDS[card] for c in STREETS[name]) for card in view["streets"]]


def _fronts(cells, street: frozenset) -> bool:
    return any((x + dx, y + dy) in street for x, y in cells for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)))


class GreedyBot(Bot):
    """Takes the move worth most now. A build is worth its points (and Gold Prestige),
    plus a bonus for reaching a new technology, for each street card it fronts and for
    the challenge card's aim. A lot is worth the best skyscraper it would let you build
    at once. Demolishing competes with acquiring on the same scale."""

    name = "greedy"

    def choose(self, game: Game, view: State, player: int) -> Any:
        moves = game.legal_moves(view)
        self._streets = _street_cells(view)
        values = {m: self._value(view, player, m) for m in moves}
        return best_by(self, moves, lambda m: values[m])

    # ---- values ----------------------------------------------------------------------
    def _value(self, view: State, p: int, move: Any) -> float:
        if isinstance(move, Build):
            return self._build_value(view, p, move)
        if isinstance(move, Acquire):
            return self._lot_value(view, p, move.lot)
        if isinstance(move, Action):
            return self._action_value(view, p, move.card)
        if isinstance(move, Return):
            return -LOTS_BY_ID[move.lot].size  # give back the smallest lot
        return 0.5 if isinstance(move, End) else 0.0

    def _build_value(self, view: State, p: int, move: Build) -> float:
        fx = rules.build_effects(view, move)
        gained = fx["points"] + fx["prestige"]
        value = float(gained)
        t = rules.thresholds(view)
        before = view["scores"][p]
        for need in t.values():
            if before < need <= before + gained:
                value += THRESHOLD_BONUS
        fallen = [view["tiles"][i]["cells"] for i in fx["falls"]]
        for street in self._streets:
            if _fronts(fx["cells"], street):
                value += STREET_WEIGHT
            value -= STREET_WEIGHT * sum(1 for cells in fallen if _fronts(cells, street))
        value += self._challenge_value(view, p, move, fx)
        return value

    def _challenge_value(self, view: State, p: int, move: Build, fx: dict) -> float:
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

    def _lot_value(self, view: State, p: int, lot: str) -> float:
        """The best skyscraper this lot would let us build, plus a little for street frontage."""
        covered = rules.cell_map(view)
        free = frozenset(c for c in rules.estate(view, p) | set(LOTS_BY_ID[lot].cells) if c not in covered)
        best = best_fit_points(view, p, free, must_touch=frozenset(LOTS_BY_ID[lot].cells))
        cells = LOTS_BY_ID[lot].cells
        streets = sum(1 for s in self._streets if _fronts(cells, s))
        return best + LOT_STREET_WEIGHT * (streets + LOTS_BY_ID[lot].size)

    def _action_value(self, view: State, p: int, card: str) -> float:
        if card == "boom":
            trial = dict(view, did=dict(view["did"], boom=True))
            best = max((self._build_value(trial, p, m) for m in rules.legal_builds(trial, demolish=False)), default=0)
            return best - 3.0  # keep the card (1 point) unless the second build is worth it
        if card == "grab":
            lots = sorted((self._lot_value(view, p, a.lot) for a in rules.acquisitions(view)
                           if LOTS_BY_ID[a.lot].size == 2), reverse=True)
            return sum(lots[:2]) - 1.0 if len(lots) >= 2 else -10.0
        return -10.0  # Market Shift: kept for its point at the end


def best_fit_points(view: State, p: int, free: frozenset, must_touch: frozenset = frozenset()) -> int:
    """Most points of any tile we may build that fits in ``free`` with street frontage
    (and covers a square of ``must_touch``, when given). Ignores turn order: an estimate."""
    if not free:
        return 0
    have = GEN_RANK[rules.tech(view, p)]
    ids = [t for t in view["supply"][p] if GEN_RANK[TILE_BY_ID[t].generation] <= have]
    if have == GEN_RANK["gold"] and view["king"][p] is None:
        ids += view["legends"]
    fits = rules._fits(free)
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


BOTS = {"random": RandomBot, "greedy": GreedyBot}
from .search import LEVELS  # noqa: E402 (search.py imports this module's bot lazily)

BOTS.update(LEVELS)  # easy, normal, hard: search.py
