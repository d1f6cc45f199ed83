"""What one more lot, or one more tile, is worth in Chinatown, measured by playing on.

    python3 build_scripts/chinatown_worth.py [--games 240] [--seed 11] [--jobs 2]

From trader self-play (three players), at the start of every trading phase one player
is given one lot (empty, from a rival) or one tile (from a rival's hand), drawn at
random. The game is then played to its end by traders twice, with and without the
gift, from the same state and with the same bots' seeds (so only the gift differs), in
two such pairs. The table compares what the gift earned (money at the end, with minus
without) to what the trader's valuation said it was worth (bots.trade_gain, no money).
This is how search.py's own weights (OWN) were chosen: docs/bots.md, "What a lot and a
tile are worth". Deterministic for given arguments.
"""

from __future__ import annotations

import argparse
import copy
import multiprocessing
import random
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pyengine import load_game  # noqa: E402
from pyengine.core.game import State  # noqa: E402
from pyengine.games.chinatown import bots  # noqa: E402
from pyengine.games.chinatown.data import LOT_COUNT, TYPE_COUNT  # noqa: E402

GAME = load_game("chinatown")
PLAYERS = 3
PAIRS = 2  # played-on pairs per gift


def play_on(state: State, seed: int) -> list[int]:
    seats = [bots.TraderBot(seed * PLAYERS + p) for p in range(PLAYERS)]
    while not GAME.is_over(state):
        p = GAME.to_move(state)[0]
        state = GAME.apply(state, seats[p].choose(GAME, GAME.view(state, p), p))
    return list(GAME.scores(state))


def trade_starts(seed: int) -> list[State]:
    """The state at the start of each trading phase of one trader game."""
    state = GAME.new_game(PLAYERS, seed, {})
    seats = [bots.TraderBot(seed * 7 + p) for p in range(PLAYERS)]
    out = []
    while not GAME.is_over(state):
        p = GAME.to_move(state)[0]
        view = GAME.view(state, p)
        if view["phase"] == "trade" and not view["offer"] and not any(view["done"]) and not view["trades"]:
            out.append(copy.deepcopy(state))
        state = GAME.apply(state, seats[p].choose(GAME, view, p))
    return out


def gifts(game_seed: int) -> list[dict[str, Any]]:
    rnd = random.Random(game_seed)
    rows = []
    for state in trade_starts(game_seed):
        p = rnd.randrange(PLAYERS)
        q = (p + 1 + rnd.randrange(PLAYERS - 1)) % PLAYERS
        kind = rnd.choice(["lot", "tile"])
        if kind == "lot":
            found = [x for x in range(1, LOT_COUNT + 1) if state["owner"][x] == q and state["tile"][x] < 0]
        else:
            found = [t for t in range(TYPE_COUNT) if state["hands"][q][t]]
        if not found:
            continue
        item = rnd.choice(found)
        given = copy.deepcopy(state)
        if kind == "lot":
            given["owner"][item] = p
        else:
            given["hands"][q][item] -= 1
            given["hands"][p][item] += 1
        before = {x: bots.worth(state, x, state["owner"], state["hands"]) for x in (p, q)}
        get = bots.side((item,)) if kind == "lot" else bots.side(tile=item)
        said, _ = bots.trade_gain(state, p, q, bots.side(), get, before)
        earned = []
        for k in range(PAIRS):
            a, b = play_on(copy.deepcopy(state), 100 + k), play_on(copy.deepcopy(given), 100 + k)
            earned.append(b[p] - a[p])
        rows.append({"round": state["round"], "kind": kind, "said": said, "earned": statistics.mean(earned)})
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=240)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    seeds = [args.seed * 1000 + i for i in range(args.games)]
    with multiprocessing.Pool(args.jobs) as pool:
        rows = [r for part in pool.map(gifts, seeds) for r in part]
    print(f"{len(rows)} gifts from {args.games} trader games, {PAIRS} pairs each")
    print("| gift | round | gifts | earned (mean ± s.e.) | the trader's valuation said |")
    print("|---|---|---|---|---|")
    for kind in ("lot", "tile"):
        for rnd in range(1, 7):
            got = [r for r in rows if r["kind"] == kind and r["round"] == rnd]
            if len(got) < 2:
                continue
            earned = [r["earned"] for r in got]
            se = statistics.stdev(earned) / len(earned) ** 0.5
            said = statistics.mean(r["said"] for r in got)
            print(f"| {kind} | {rnd} | {len(got)} | ${statistics.mean(earned):,.0f} ± {se:,.0f} | ${said:,.0f} |")


if __name__ == "__main__":
    main()
