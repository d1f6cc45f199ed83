"""Brussels 1893 bots: random, and greedy (one ply: each legal move is applied to a
determinised copy of the bot's own view and the result is valued; what a half-done
action will still bring is estimated by ``pending``)."""
from __future__ import annotations

from typing import Any

from ...core.bots import Bot, RandomBot, best_by
from ...core.game import Game, State, copy_state
from . import rules
from .board import market_reach, market_value
from .data import NOBLES, ROUNDS, ZONES, active_area, cell_id
from .state import art_count, values

ACTION_GUESS = {"S": 1.6, "V": 3.0, "N": 3.0, "M": 3.2, "B": 5.0}


class GreedyBot(Bot):
    """Takes the move whose result it values most: points, money, materials, art,
    tracks, nobles, buildings at their end value, majorities it currently holds, and
    architects still to play this round."""

    name = "greedy"

    def choose(self, game: Game, view: State, player: int) -> Any:
        moves = game.legal_moves(view)
        if len(moves) == 1:
            return moves[0]
        seed = self.below(1 << 30)
        base = rules.determinize(view, seed)
        values_ = dict(zip(moves, values_after(base, moves, player)))
        return best_by(self, moves, lambda m: values_[m])


def values_after(s: State, moves: list, p: int) -> list[float]:
    """Player p's valuation of the position after each move (a copy and an apply each)."""
    out = []
    for m in moves:
        after = copy_state(s)
        rules.apply(after, m)
        out.append(evaluate(after, p))
    return out


def evaluate(s: State, p: int) -> float:
    pl = s["pl"][p]
    v = values(s, p)
    left = max(0, ROUNDS - s["round"]) + (0 if s["phase"] in ("end", "over") else 1)
    late = left <= 1
    value = float(pl["score"])
    if s["phase"] == "over":
        return value
    level = min(pl["level"], 6)
    vp = v["architect_vp"][level - 1]
    value += pl["built"] * vp
    value += pl["money"] * (0.3 if late else 0.45)
    cubes = sum(n for c, n in pl["cubes"].items() if c != "wild")
    value += cubes * 1.5 + pl["cubes"]["wild"] * (0.4 if late else 1.2)
    value += art_count(pl) * 1.4 + len(pl["white"]) * -0.4
    value += (pl["fleur"] - 1) * 1.3 * min(left, 3) / 3
    value += (pl["crown"] - 1) * 1.0 * min(left, 3) / 3
    value += (level - 1) * (1.5 + 0.5 * pl["built"])
    value += (7 - pl["court"]) * 1.2
    for name in pl["nobles"]:
        value += 1.5 + 0.8 * left - 0.25 * NOBLES[name][2]
    counts = {"architects": max(0, 5 - pl["court"]), "nobles": len(pl["nobles"]), "art": art_count(pl),
              "money": pl["money"] // 4}
    for z in ZONES:
        value += pl["tucked"][z] * max(1, counts[z])
    value += len(pl["tiles"]) * 4 + len(pl["be_cards"]) * 2 + pl["travellers"] * 0.8
    value += len(pl["won"]) * 2.0 + len(pl["tied"]) * 1.5
    if s["phase"] == "actions":
        if not s["passed"][p]:
            value += min(pl["reserve"], 1 + pl["money"]) * 2.2 + pl["travellers"] * 0.6
        value += _majorities(s, p)
    if s["first_pass"] == p and s["phase"] == "actions":
        value += 2.0
    value += pending(s, p)
    return value


def _majorities(s: State, p: int) -> float:
    """Columns the player now leads (their prestige card) and the court risk."""
    if s["square"] is None:
        return 0.0
    out = 0.0
    cols, rows = active_area(s["square"])
    for col in cols:
        money = [0] * s["players"]
        for r in rows:
            c = cell_id(col, r)
            if s["arch"][c] >= 0:
                money[s["arch"][c]] += s["francs"][c]
        best = max(money)
        if best and money[p] == best:
            out += 2.5 if money.count(best) == 1 else 1.0
    count = [0] * s["players"]
    for area in s["visits"].values():
        for q, a, _ in area:
            count[q] += a
    if count[p] and count[p] == max(count):
        out -= 2.0
    return out


def pending(s: State, p: int) -> float:
    """What this player's half-done decisions will still bring (a rough estimate)."""
    out = 0.0
    for f in s["frames"]:
        if f["p"] != p:
            continue
        k = f["k"]
        if k == "francs":
            out += ACTION_GUESS[s["grid"][f["cell"]]] + (2.0 if s["grid"][f["cell"]] == "V" and _best_sale(s, p) else 0)
        elif k == "sell":
            if f["stage"] == "tile":
                out += _best_sale(s, p)
            elif f["stage"] == "pos":
                pos = tuple(s["market"]["pos"])
                best = max((sum(_value(market_value(q, f["as"]))) for q in market_reach(pos, f["n"])), default=0)
                out += best / (2 if f["tile"].startswith("white") else 1)
        elif k in ("noble", "grand", "b13"):
            out += 2.5 * (f.get("left", 1) if k == "grand" else 1)
        elif k == "materials":
            out += 3.0
        elif k == "build":
            out += 6.0
        elif k == "copy":
            out += 3.0
        elif k == "market":
            out += 2.0
        elif k == "studio":
            out += 1.4
        elif k in ("betile",):
            out += 3.0
    return out


def _value(vf: tuple[int, int]) -> tuple[float, float]:
    return vf[0], vf[1] * 0.45


def _best_sale(s: State, p: int) -> float:
    from .actions import sellable

    pl = s["pl"][p]
    pos = tuple(s["market"]["pos"])
    n = art_count(pl)
    best = 0.0
    for m in sellable(s, p):
        colour = m.args[-1]
        half = m.args[0] == "white"
        for q in market_reach(pos, n):
            vp, fr = market_value(q, colour)
            val = (vp + 0.45 * fr) / (2 if half else 1) - 1.4
            best = max(best, val)
    return best


BOTS = {"random": RandomBot, "greedy": GreedyBot}
from .search import LEVELS  # noqa: E402 (search.py imports this module's bot lazily)

BOTS.update(LEVELS)  # easy, normal, hard: search.py
