"""Manhattan's hand-written bots (random, and greedy: best immediate score with a look
at majorities) and the heuristics they share with the search:

- `pick_value`: which part to choose (the greedy bot's choice and the search's priors
  for a pick, one formula);
- `priors`: the search's move priors (its `ordering` hook, search.py), a build scored
  by how it changes this round's scoring, own points minus the best rival's as the
  greedy bot does, but computed from the board without copying the state (`RoundBoard`),
  so the search can afford them at every node. rivals.py reads how rivals play with them.

This module imports only the rules side; search.py imports it, never the other way.
"""

from __future__ import annotations

from typing import Any, cast

from ...core.bots import Bot, RandomBot, best_by
from ...core.game import Game, Move, State
from . import rules, scoring
from .data import CITIES, card_square, lot_city, lot_index
from .moves import Build, Discard, Pick


def pick_value(state: State, player: int, storeys: int) -> float:
    """How much `player` wants a part of `storeys` now: spread the supply evenly over
    the rounds, taking what is most plentiful, measured against how many of that size
    the whole game started with."""
    colour = rules.picking_colour(state, player)
    left = state["supply"][colour][storeys - 1]
    return left / (12 - 2 * storeys) + storeys * 0.01


class GreedyBot(Bot):
    """Scores each build as if the round ended now: its own points minus the best
    rival's, so taking a rival's building or a city majority counts twice. Among
    equals it spends the smallest part, keeping tall parts for contested towers."""

    name = "greedy"

    def choose(self, game: Game, view: State, player: int) -> Any:
        moves = game.legal_moves(view)
        first = moves[0]
        if isinstance(first, Pick):
            return best_by(self, moves, lambda m: pick_value(view, player, m.storeys))
        if isinstance(first, Discard):
            # Keep the tall parts: set aside the smallest one.
            return best_by(self, moves, lambda m: -m.storeys)
        return best_by(self, moves, lambda m: self._build_value(game, view, player, m))

    @staticmethod
    def _build_value(game: Game, view: State, player: int, move: Build) -> float:
        after = game.apply(view, move)
        rows = scoring.score_round(after) if after["phase"] != "over" else after["history"][-1]
        mine = rows[player]["total"]
        rival = max((r["total"] for p, r in enumerate(rows) if p != player), default=0)
        return (mine - rival) * 10 - move.storeys


BOTS: dict[str, type[Bot]] = {"random": RandomBot, "greedy": GreedyBot}


# ---- the search's priors ----------------------------------------------------------------

# The lot a card names in each city, per seat: CARD_LOTS[seat][card][city].
CARD_LOTS = {
    seat: [
        [lot_index(city, *card_square(card, seat)) for city in range(len(CITIES))] if card else [] for card in range(10)
    ]
    for seat in ("S", "W", "N", "E")
}
_CITY_LOTS = [[lot_index(c, r, k) for r in range(3) for k in range(3)] for c in range(len(CITIES))]


class RoundBoard:
    """This round's scoring as it stands, and how one build would change it. Everything
    is counted per player, as scoring.py does (a colour's owner is a player)."""

    def __init__(self, state: State) -> None:
        board = state["board"]
        of = state["colours"]
        self.state = state
        self.owner = owner = [of[stack[-1][0]] if stack else -1 for stack in board]
        self.height = height = [sum(size for _, size in stack) for stack in board]
        self.top = top = max(height)
        self.tops = [lot for lot, h in enumerate(height) if h == top] if top else []
        # The same scoring as scoring.score_round, from the arrays above.
        rows = [0] * state["players"]
        for p in owner:
            if p >= 0:
                rows[p] += 1
        self.majority = [self._leader(city, -1, -1) for city in range(len(CITIES))]
        for p in self.majority:
            if p is not None:
                rows[p] += 2
        owners = {owner[x] for x in self.tops}
        self.tallest = (
            owners.pop()
            if len(self.tops) == 1 or (len(owners) == 1 and state["options"]["tallest_tie_same_owner"])
            else None
        )
        if self.tallest is not None:
            rows[self.tallest] += 3
        self.rows = rows
        self._taken: dict[tuple[int, int], list[int]] = {}

    def _leader(self, city: int, lot: int, player: int) -> int | None:
        counts: dict[int, int] = {}
        for x in _CITY_LOTS[city]:
            p = player if x == lot else self.owner[x]
            if p >= 0:
                counts[p] = counts.get(p, 0) + 1
        if not counts:
            return None
        best = max(counts.values())
        leaders = [p for p, k in counts.items() if k == best]
        return leaders[0] if len(leaders) == 1 else None

    def _tallest_after(self, lot: int, player: int, height: int) -> int | None:
        if height > self.top:
            return player
        if height < self.top:
            return self.tallest
        tops = self.tops + [lot]
        owners = {player if x == lot else self.owner[x] for x in tops}
        if len(owners) == 1 and self.state["options"]["tallest_tie_same_owner"]:
            return player
        return None

    def after(self, lot: int, player: int, storeys: int) -> list[int]:
        """Each player's round score if `player` built `storeys` on `lot` (Godzilla aside)."""
        key = (lot, player)
        rows = self._taken.get(key)
        if rows is None:
            rows = self._taken[key] = self._take(lot, player)
        before, now = self.tallest, self._tallest_after(lot, player, self.height[lot] + storeys)
        if before == now:
            return rows
        rows = rows[:]
        if before is not None:
            rows[before] -= 3
        if now is not None:
            rows[now] += 3
        return rows

    def _take(self, lot: int, player: int) -> list[int]:
        """The round scores once `player` owns `lot` (buildings and majorities)."""
        rows = self.rows[:]
        old = self.owner[lot]
        if old != player:
            rows[player] += 1
            if old >= 0:
                rows[old] -= 1
            city = lot_city(lot)
            before, now = self.majority[city], self._leader(city, lot, player)
            if before != now:
                if before is not None:
                    rows[before] -= 2
                if now is not None:
                    rows[now] += 2
        return rows


def priors(state: State, moves: list[Move]) -> list[float]:
    """The search's move priors (its `ordering` hook): builds score own round points
    minus the best rival's after the build, keeping tall parts for when they matter;
    discards set aside the smallest part; picks spread the supply over the rounds
    (`pick_value`, as the greedy bot)."""
    p = state["turn"]
    if state["phase"] == "pick":
        return [pick_value(state, p, m.storeys) for m in cast("list[Pick]", moves)]
    board = RoundBoard(state)
    lots = CARD_LOTS[state["seats"][p]]
    out = []
    for m in cast("list[Build | Discard]", moves):  # a build turn offers builds, or only discards
        if isinstance(m, Discard):
            out.append(-10.0 - m.storeys)
            continue
        rows = board.after(lots[m.card][m.city], p, m.storeys)
        mine_now = rows[p]
        rows[p] = -99
        out.append(mine_now - max(rows) - 0.1 * m.storeys)
        rows[p] = mine_now
    return out
