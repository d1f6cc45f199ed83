"""Bot tournaments: many seeded games, seats rotated, win rates and scores with 95% CIs.

Games come in blocks of one deal each: by default (``seating="rotate"``) game g is
dealt from seed ``seed + g // players`` with the bot list turned by ``g % players``
seats, so over a block every bot plays the same deal from every seat (the luck of the
deal and of the seat cancels out). Turning the list keeps who sits next to whom: with
``--bots a,b,random,random`` b always follows a. In Chinatown that alone is worth
about 14 points of win rate to b (two identical normal bots, 100 games: 43% against
57%, docs/bots.md), so ``seating="permute"`` plays each deal in every distinct order
of the seats instead (blocks of 12 games for a,b,random,random). Each bot's generator
is seeded from the game and the seat. The result of a tournament depends only on its
arguments (and on the machines' speed only if a bot's ``max_ms`` safety cap binds:
``capped`` counts those decisions; with ``clock=False`` the caps are lifted and the
budget is iterations only).

A bot that holds several seats (``random`` twice) is counted per seat-game: its win
rate is the share of wins over all the seats it held (shared wins split), so the fair
share is 1 / players for every bot.

A *variant* is a bot with some settings changed (``n100=normal:iterations=100``): the
screens in docs/bots.md compare a level with such variants of itself, so they can be
rerun from the command line.
"""

from __future__ import annotations

import json
import math
import time
from dataclasses import dataclass, field
from itertools import permutations
from typing import Any

from . import load_game
from .core.game import Game
from .core.record import new_record


@dataclass
class SeatResult:
    bot: str
    seat: int
    score: float
    win: float  # 1, 0, or 1/k for a win shared by k
    moves: int  # decisions taken
    think_ms: float  # total time spent choosing (wall clock)
    cpu_ms: float  # the same in CPU time of the process: what a busy machine does not inflate
    max_ms: float  # the longest single decision
    capped: int  # decisions cut by the bot's max_ms


@dataclass
class GameResult:
    index: int
    seed: int
    seats: list[SeatResult] = field(default_factory=list)
    moves: int = 0


Variants = dict[str, tuple[str, dict[str, Any]]]  # name -> (base bot, settings)


def parse_variant(text: str) -> tuple[str, str, dict[str, Any]]:
    """``NAME=BASE:key=value,...`` -> (name, base, settings). Values are numbers; a
    dotted key sets one entry of a dict setting (``phase_iterations.place=50``)."""
    name, sep, rest = text.partition("=")
    base, _, pairs = rest.partition(":")
    if not sep or not name or not base:
        raise ValueError(f"variant {text!r}: expected NAME=BASE:key=value,...")
    settings: dict[str, Any] = {}
    for pair in filter(None, pairs.split(",")):
        key, sep, value = pair.partition("=")
        if not sep:
            raise ValueError(f"variant {name}: {pair!r} is not key=value")
        try:
            number: Any = int(value)
        except ValueError:
            try:
                number = float(value)
            except ValueError:
                raise ValueError(f"variant {name}: {key} must be a number, not {value!r}") from None
        top, _, entry = key.partition(".")
        if entry:
            settings.setdefault(top, {})[entry] = number
        else:
            settings[key] = number
    return name, base, settings


def variant_text(name: str, base: str, settings: dict[str, Any]) -> str:
    """The command-line form of a variant (parse_variant's inverse)."""
    pairs = [f"{k}.{e}={v}" for k, d in settings.items() if isinstance(d, dict) for e, v in d.items()]
    pairs += [f"{k}={v}" for k, v in settings.items() if not isinstance(v, dict)]
    return f"{name}={base}:{','.join(pairs)}"


def bot_table(game: Game, variants: Variants | None = None) -> dict[str, Any]:
    """The game's bots plus the variants, each a subclass of its base with the settings
    as class attributes (a dict setting is merged into the base's)."""
    table = dict(game.bots())
    for name, (base, settings) in (variants or {}).items():
        if base not in table:
            raise ValueError(f"variant {name}: unknown bot {base!r} (have: {', '.join(table)})")
        cls = table[base]
        attrs: dict[str, Any] = {"name": name}
        for key, value in settings.items():
            if not hasattr(cls, key) or key.startswith("_") or callable(getattr(cls, key)):
                raise ValueError(f"variant {name}: {base} has no setting {key!r}")
            old = getattr(cls, key)
            attrs[key] = {**old, **value} if isinstance(value, dict) and isinstance(old, dict) else value
        table[name] = type(f"{cls.__name__}_{name}", (cls,), attrs)
    return table


SEATINGS = ("rotate", "permute")


def _arrangements(names: list[str], players: int, seating: str) -> list[list[str]]:
    """One block of games' seats: the list cycled to the player count, then turned by
    one seat per game (rotate) or put in every distinct order (permute)."""
    full = [names[i % len(names)] for i in range(players)]
    if seating == "rotate":
        return [full[players - k :] + full[: players - k] for k in range(players)]
    if seating == "permute":
        return [list(p) for p in sorted(set(permutations(full)))]
    raise ValueError(f"unknown seating {seating!r} (have: {', '.join(SEATINGS)})")


def block_size(names: list[str], players: int, seating: str = "rotate") -> int:
    """Games per deal: after this many every bot has held every seat equally often."""
    return len(_arrangements(names, players, seating))


def seat_bots(names: list[str], players: int, index: int, seating: str = "rotate") -> list[str]:
    """The bot in each seat for game `index` (see _arrangements)."""
    block = _arrangements(names, players, seating)
    return block[index % len(block)]


def play_one(args: tuple[str, int, int, int, list[str], dict[str, Any], bool, Variants, str]) -> GameResult:
    """One game (a top-level function, so multiprocessing can send it to a worker)."""
    game_name, players, base_seed, index, names, options, clock, variants, seating = args
    game = load_game(game_name)
    block = _arrangements(names, players, seating)
    seed = base_seed + index // len(block)
    bots_in_seats = block[index % len(block)]
    table = bot_table(game, variants)
    bots = [table[name](seed * 7919 + index * 131 + p) for p, name in enumerate(bots_in_seats)]
    if not clock:
        for bot in bots:
            if getattr(bot, "max_ms", None) is not None:
                bot.max_ms = None  # iterations only: the result no longer depends on the machine
    state = game.new_game(players, seed, options)
    think = [0.0] * players
    cpu = [0.0] * players
    longest = [0.0] * players
    decisions = [0] * players
    capped = [0] * players
    moves: list[str] = []
    budget = game.move_budget(players, options)  # the most moves any game can take: past it, a bug
    while not game.is_over(state):
        if len(moves) >= budget:  # a game the bots cannot finish is a bug to see, not a hang
            record = new_record(game, players, seed, options)
            record["moves"] = moves
            raise RuntimeError(
                f"{game_name} game {index} (seed {seed}, seats {bots_in_seats}) did not end within its budget of "
                f"{budget} moves; its record: {json.dumps(record)}"
            )
        p = game.to_move(state)[0]
        started, cpu_started = time.perf_counter(), time.process_time()
        move = bots[p].choose(game, game.view(state, p), p)
        spent = (time.perf_counter() - started) * 1000
        cpu[p] += (time.process_time() - cpu_started) * 1000
        think[p] += spent
        longest[p] = max(longest[p], spent)
        decisions[p] += 1
        capped[p] += bool((getattr(bots[p], "stats", None) or {}).get("capped"))
        state = game.apply(state, move)
        moves.append(str(move))
    scores = game.scores(state)
    winners = game.winners(state)
    result = GameResult(index, seed, moves=len(moves))
    for p, name in enumerate(bots_in_seats):
        win = 1 / len(winners) if p in winners else 0.0
        result.seats.append(SeatResult(name, p, scores[p], win, decisions[p], think[p], cpu[p], longest[p], capped[p]))
    return result


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval for a proportion (successes may be fractional: split wins)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_ci(values: list[float], z: float = 1.96) -> tuple[float, float, float]:
    """Mean and its normal-approximation 95% interval."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0, 0.0
    m = sum(values) / n
    if n == 1:
        return m, m, m
    sd = math.sqrt(sum((v - m) ** 2 for v in values) / (n - 1))
    half = z * sd / math.sqrt(n)
    return m, m - half, m + half


def summarise(results: list[GameResult], players: int) -> list[dict[str, Any]]:
    """One row per bot name, in order of first appearance."""
    rows: dict[str, dict[str, Any]] = {}
    for g in results:
        for s in g.seats:
            r = rows.setdefault(
                s.bot,
                {
                    "bot": s.bot,
                    "seat_games": 0,
                    "wins": 0.0,
                    "scores": [],
                    "moves": 0,
                    "think_ms": 0.0,
                    "cpu_ms": 0.0,
                    "max_ms": 0.0,
                    "capped": 0,
                },
            )
            r["seat_games"] += 1
            r["wins"] += s.win
            r["scores"].append(s.score)
            r["moves"] += s.moves
            r["think_ms"] += s.think_ms
            r["cpu_ms"] += s.cpu_ms
            r["max_ms"] = max(r["max_ms"], s.max_ms)
            r["capped"] += s.capped
    out = []
    for r in rows.values():
        n = r["seat_games"]
        lo, hi = wilson(r["wins"], n)
        mean, slo, shi = mean_ci(r["scores"])
        out.append(
            {
                "bot": r["bot"],
                "seat_games": n,
                "wins": round(r["wins"], 3),
                "win_rate": r["wins"] / n,
                "win_ci": [lo, hi],
                "fair_share": 1 / players,
                "score": mean,
                "score_ci": [slo, shi],
                "ms_per_move": r["think_ms"] / r["moves"] if r["moves"] else 0.0,
                "max_ms": r["max_ms"],
                "cpu_ms_per_move": r["cpu_ms"] / r["moves"] if r["moves"] else 0.0,
                "capped": r["capped"],
            }
        )
    return out


def run(
    game_name: str,
    players: int,
    names: list[str],
    games: int,
    seed: int = 0,
    jobs: int = 1,
    options: dict[str, Any] | None = None,
    progress: Any = None,
    clock: bool = True,
    variants: Variants | None = None,
    seating: str = "rotate",
) -> dict[str, Any]:
    game: Game = load_game(game_name)
    options = game.normalize_options(players, options)
    variants = variants or {}
    bot_table(game, variants)  # a bad variant or seating fails here, not in a worker
    block_size(names, players, seating)
    tasks = [(game_name, players, seed, i, names, options, clock, variants, seating) for i in range(games)]
    jobs = max(1, min(jobs, games))  # a worker with no game to play is not a job
    started = time.perf_counter()
    if jobs > 1:
        import multiprocessing

        with multiprocessing.Pool(jobs) as pool:
            results = []
            for r in pool.imap_unordered(play_one, tasks):
                results.append(r)
                if progress:
                    progress(r, len(results), games)
    else:
        results = []
        for t in tasks:
            results.append(play_one(t))
            if progress:
                progress(results[-1], len(results), games)
    results.sort(key=lambda r: r.index)
    return {
        "game": game_name,
        "players": players,
        "bots": names,
        "games": games,
        "seed": seed,
        "jobs": jobs,
        "clock": clock,
        "options": options,
        "variants": variants,
        "seating": seating,
        "seconds": round(time.perf_counter() - started, 1),
        "results": summarise(results, players),
    }


def table(report: dict[str, Any]) -> str:
    """The report as a plain-text table."""
    games = report["games"]
    head = (
        f"{report['game']}, {report['players']} players, {games} game{'s' if games != 1 else ''} "
        f"(seed {report['seed']}, bots {','.join(report['bots'])}{'' if report['clock'] else ', no clock'}"
        f"{', seats permuted' if report.get('seating') == 'permute' else ''}), "
        f"{report['seconds']} s with {report['jobs']} job{'s' if report['jobs'] > 1 else ''}"
    )
    lines = [head]
    for name, (base, settings) in report.get("variants", {}).items():
        lines.append(f"variant {variant_text(name, base, settings)}")
    lines += [
        f"{'bot':<10} {'seats':>5} {'win rate':>9} {'95% CI':>15} {'score':>7} {'95% CI':>15} "
        f"{'ms/move':>8} {'cpu ms':>7} {'max ms':>7}"
    ]
    for r in report["results"]:
        lo, hi = r["win_ci"]
        slo, shi = r["score_ci"]
        capped = f"  ({r['capped']} capped)" if r["capped"] else ""
        lines.append(
            f"{r['bot']:<10} {r['seat_games']:>5} {r['win_rate']:>8.1%} "
            f"{f'[{lo:.1%}, {hi:.1%}]':>15} {r['score']:>7.1f} {f'[{slo:.1f}, {shi:.1f}]':>15} "
            f"{r['ms_per_move']:>8.1f} {r['cpu_ms_per_move']:>7.1f} {r['max_ms']:>7.0f}{capped}"
        )
    lines.append(f"fair share {report['results'][0]['fair_share']:.1%} per seat; shared wins split")
    return "\n".join(lines)
