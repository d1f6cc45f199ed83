"""Manhattan's hooks for the search bot (pyengine/core/search.py) and its levels.

Hidden: the other hands and the deck. Every card not in your hand and not in the
open discard pile is in one of them, so a determinisation deals those cards at random
into the others' hands (of their known sizes) and the deck.

The evaluation projects each player's final score: points so far, plus the board as
it stands scored for this round and (discounted, since buildings change hands) for the
rounds still to come, plus a little for the parts chosen but not yet built. The
priors score a build by how it changes this round's scoring (its own points minus the
best rival's, as the greedy bot does) computed directly from the board, without
copying the state, so the search can afford them at every node.
"""
from __future__ import annotations

from typing import Any

from ...core import rng
from ...core.game import State, copy_state
from ...core.search import levels, softmax_values
from . import rules, scoring
from .data import CARD_POSITIONS, CARDS_PER_POSITION, CITIES, card_square, lot_city, lot_index
from .moves import Discard

FUTURE_ROUND = 0.5  # weight of the current board in each scoring still to come after this round's
PART_VALUE = (0.0, 0.5, 0.7, 0.9, 1.1)  # points a chosen, unbuilt part is worth, by storeys
EVAL_SCALE = 3.0  # a projected lead of 3 points makes a player e times likelier to win

# The lot a card names in each city, per seat: _LOTS[seat][card][city].
_LOTS = {seat: [[lot_index(city, *card_square(card, seat)) for city in range(len(CITIES))] if card else []
                for card in range(10)] for seat in ("S", "W", "N", "E")}
_CITY_LOTS = [[lot_index(c, r, k) for r in range(3) for k in range(3)] for c in range(len(CITIES))]


def determinize(game: Any, view: State, player: int, rng_state: int) -> tuple[State, int]:
    """Deal every unseen card (the 45-card deck minus your hand and the discard pile)
    at random into the other hands and the deck."""
    state = copy_state(view)
    state.pop("viewer", None)
    unseen = [card for card in CARD_POSITIONS for _ in range(CARDS_PER_POSITION)]
    for card in view["hands"][player]:
        unseen.remove(card)
    for card in view["discard"]:
        unseen.remove(card)
    rng_state = rng.shuffle(rng_state, unseen)
    for p, hand in enumerate(state["hands"]):
        if p != player:
            state["hands"][p] = [unseen.pop() for _ in hand]
    state["deck"] = unseen
    rng_state, state["rng"] = rng.next_u64(rng_state)
    return state, rng_state


def evaluate(game: Any, state: State) -> list[float]:
    n = state["players"]
    rows = scoring.score_round(state)
    still = 1 + FUTURE_ROUND * (state["rounds"] - state["round"])
    proj = [state["scores"][p] + still * rows[p]["total"] for p in range(n)]
    for colour, chosen in enumerate(state["selected"]):
        p = state["colours"][colour]
        proj[p] += sum(k * PART_VALUE[size] for size, k in enumerate(chosen, 1))
    return softmax_values(proj, EVAL_SCALE)


class _Board:
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
        self.tallest = owners.pop() if len(self.tops) == 1 or (
            len(owners) == 1 and state["options"]["tallest_tie_same_owner"]) else None
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


def ordering(game: Any, state: State, moves: list) -> list[float]:
    """Builds: own round points minus the best rival's after the build, keeping tall
    parts for when they matter; discards set aside the smallest part; picks spread the
    supply over the rounds (as the greedy bot)."""
    p = state["turn"]
    if state["phase"] == "pick":
        colour = rules.picking_colour(state, p)
        supply = state["supply"][colour]
        return [supply[m.storeys - 1] / (12 - 2 * m.storeys) + m.storeys * 0.01 for m in moves]
    board = _Board(state)
    lots = _LOTS[state["seats"][p]]
    out = []
    for m in moves:
        if isinstance(m, Discard):
            out.append(-10.0 - m.storeys)
            continue
        rows = board.after(lots[m.card][m.city], p, m.storeys)
        mine_now = rows[p]
        rows[p] = -99
        out.append(mine_now - max(rows) - 0.1 * m.storeys)
        rows[p] = mine_now
    return out


# Levels. Budgets: normal about 0.3 s and hard about 1 s per decision in CPython on
# the reference machine (Pyodide is 2-2.5x slower: about 0.7 s and 2.5 s in the
# browser); max_ms caps a decision on a slow machine (docs/bots.md). Hard also reads
# from the plays how its rivals play (rivals.py): more iterations alone bought nothing.
LEVELS = levels(
    normal={"iterations": 250, "max_ms": 1000, "playout_moves": 0},
    hard={"iterations": 800, "max_ms": 3000, "playout_moves": 0, "rival_model": True},
    prefix="Manhattan",
)
