"""What a player's Brussels 1893 position is worth in points: the greedy bot's valuation
and, for the hard search, the same measurements with fitted weights.

``features(s, p)`` measures the position (buildings at their end value, money,
materials, art, tracks, nobles, majorities held, half-done actions...). A valuation is
points so far plus a weighted sum of those measurements:

- ``evaluate``: weights set by hand (the greedy bot's valuation, and normal's).
- ``fitted_value``: weights fitted, per player count, round and phase, to how many
  points players actually went on to score from such positions in self-play
  (``build_scripts/fit_eval.py`` writes ``fitted_weights.py``). Where no weights were
  fitted it falls back to the hand weights.
"""

from __future__ import annotations

from typing import Any

from ...core.game import State
from .board import market_reach, market_value
from .data import NOBLES, ROUNDS, ZONES, active_area, cell_id
from .fitted_weights import WEIGHTS
from .state import art_count, sellable, values

ACTION_GUESS = {"S": 1.6, "V": 3.0, "N": 3.0, "M": 3.2, "B": 5.0}

NAMES = (
    "buildings",
    "money",
    "materials",
    "wild materials",
    "art",
    "white art",
    "fleur track",
    "crown track",
    "architect level",
    "level x buildings",
    "architects at court",
    "nobles",
    "nobles x rounds left",
    "noble cost",
    "tucked cards",
    "Belle Epoque tiles",
    "Belle Epoque cards",
    "travellers",
    "columns won",
    "columns tied",
    "architects to play",
    "travellers to play",
    "majorities held",
    "first to pass",
    "half-done actions",
)


def rounds_left(s: State) -> int:
    return max(0, ROUNDS - s["round"]) + (0 if s["phase"] in ("end", "over") else 1)


def hand_weights(s: State) -> tuple[float, ...]:
    late = rounds_left(s) <= 1
    return (
        1.0,
        0.3 if late else 0.45,
        1.5,
        0.4 if late else 1.2,
        1.4,
        -0.4,
        1.3,
        1.0,
        1.5,
        0.5,
        1.2,
        1.5,
        0.8,
        -0.25,
        1.0,
        4.0,
        2.0,
        0.8,
        2.0,
        1.5,
        2.2,
        0.6,
        1.0,
        2.0,
        1.0,
    )


def features(s: State, p: int) -> list[float]:
    """Player p's position, measured (in the order of NAMES)."""
    pl = s["pl"][p]
    left = rounds_left(s)
    level = min(pl["level"], 6)
    vp = values(s, p)["architect_vp"][level - 1]
    nobles = len(pl["nobles"])
    art = art_count(pl)
    counts = {"architects": max(0, 5 - pl["court"]), "nobles": nobles, "art": art, "money": pl["money"] // 4}
    active = s["phase"] == "actions"
    playing = active and not s["passed"][p]
    return [
        pl["built"] * vp,
        pl["money"],
        sum(n for c, n in pl["cubes"].items() if c != "wild"),
        pl["cubes"]["wild"],
        art,
        len(pl["white"]),
        (pl["fleur"] - 1) * min(left, 3) / 3,
        (pl["crown"] - 1) * min(left, 3) / 3,
        level - 1,
        (level - 1) * pl["built"],
        7 - pl["court"],
        nobles,
        nobles * left,
        sum(NOBLES[name][2] for name in pl["nobles"]),
        sum(pl["tucked"][z] * max(1, counts[z]) for z in ZONES),
        len(pl["tiles"]),
        len(pl["be_cards"]),
        pl["travellers"],
        len(pl["won"]),
        len(pl["tied"]),
        min(pl["reserve"], 1 + pl["money"]) if playing else 0,
        pl["travellers"] if playing else 0,
        _majorities(s, p) if active else 0.0,
        1.0 if active and s["first_pass"] == p else 0.0,
        pending(s, p),
    ]


def weighted(s: State, p: int, weights: tuple[float, ...] | list[float]) -> float:
    value = float(s["pl"][p]["score"])
    if s["phase"] == "over":
        return value
    for w, f in zip(weights, features(s, p)):
        value += w * f
    return value


def evaluate(s: State, p: int) -> float:
    """The hand-set valuation: points, money, materials, art, tracks, nobles, buildings
    at their end value, majorities held, architects still to play this round."""
    return weighted(s, p, hand_weights(s))


def fit_key(s: State) -> tuple[Any, ...]:
    """What a set of fitted weights is for (build_scripts/fit_eval.py)."""
    return (s["players"], s["round"], s["phase"])


def fitted_value(s: State, p: int) -> float:
    """Points so far plus the points such a position went on to score in self-play."""
    weights = WEIGHTS.get(fit_key(s))
    return weighted(s, p, weights if weights is not None else hand_weights(s))


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
