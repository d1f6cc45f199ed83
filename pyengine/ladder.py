"""The bot ladder (issue 48): every bot of a game against every other, rated with OpenSkill.

A round robin over the game's whole bot table (``random``, ``greedy`` or Chinatown's
``trader``, ``easy``, ``normal``, ``hard``):

- In a game that two can play (Manhattan, New York 1901, Brussels 1893) every pair of
  bots plays ``games`` two-player games.
- Chinatown needs three to five players, so every *triple* of distinct bots plays
  ``games`` three-player games (10 triples of 5 bots, as many matches as the 10 pairs).
  Triples rather than each pair plus a ``random`` filler: no bot ever holds two seats of
  one game (a rating is one player's), every bot meets every pair of the others, and a
  filler would hand its points to whoever sits after it (Chinatown's seat order matters,
  docs/bots.md).

Each match is one ``tournament.run`` with ``seating="permute"``: a deal is played in
every order of the seats (2 games per deal for a pair, 6 for a triple), so the luck of
the deal and of the seat, and who sits after whom, cancel out. ``games`` is rounded up
to whole deals. The games' results are then fed, in a fixed order (match by match, game
by game), to OpenSkill's Plackett-Luce model: each game ranks its seats by win (a shared
win is a tie for first) and then by score (equal scores tie). A bot's place on the
ladder is its *ordinal*, mu - 3 sigma, the rating it has with 99.7% confidence, so a bot
that played few games does not rank high on luck.

With ``clock=False`` every bot's budget is iterations only and the whole ladder depends
on its arguments alone. ``openskill`` is a developer dependency (``pip install
.[test]``), imported here lazily: the rules and the page never load this module.

``python -m pyengine ladder --game G --docs`` also keeps the result: a marked section of
docs/bots.md (``write_docs``) and the lobby's data, ``pyengine/games/<game>/ladder.json``
(``write_data``), from which the lobby's bot menu says each level's place.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from itertools import combinations
from pathlib import Path
from typing import Any

from . import load_game, tournament
from .tournament import GameResult

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs" / "bots.md"


def seats_per_game(game_name: str) -> int:
    """Two players where the game allows it, else its smallest count (Chinatown: 3)."""
    counts = load_game(game_name).player_counts
    return 2 if 2 in counts else min(counts)


def matches(bots: list[str], players: int) -> list[list[str]]:
    """Every group of `players` distinct bots, in the bot table's order."""
    return [list(group) for group in combinations(bots, players)]


def deal_size(players: int) -> int:
    """Games per deal with the seats permuted: every order of distinct bots."""
    return tournament.block_size([f"b{i}" for i in range(players)], players, "permute")


def ranks(result: GameResult) -> list[int]:
    """Each seat's place in one game, 1 best: by win (shared wins tie), then by score."""
    keys = [(-s.win, -s.score) for s in result.seats]
    return [1 + sum(other < key for other in keys) for key in keys]


def rate(bots: list[str], games: list[GameResult]) -> list[dict[str, Any]]:
    """OpenSkill (Plackett-Luce) ratings of every bot after these games, in their order;
    one row per bot, best ordinal first (ties in the bot table's order)."""
    from openskill.models import PlackettLuce  # a developer dependency: see the docstring

    model = PlackettLuce()
    ratings = {name: model.rating(name=name) for name in bots}
    played = dict.fromkeys(bots, 0)
    wins = dict.fromkeys(bots, 0.0)
    for g in games:
        names = [s.bot for s in g.seats]
        new = model.rate([[ratings[n]] for n in names], ranks=[float(r) for r in ranks(g)])
        for n, team, seat in zip(names, new, g.seats):
            ratings[n] = team[0]
            played[n] += 1
            wins[n] += seat.win
    rows: list[dict[str, Any]] = [
        {
            "bot": n,
            "ordinal": ratings[n].ordinal(),
            "mu": ratings[n].mu,
            "sigma": ratings[n].sigma,
            "games": played[n],
            "wins": round(wins[n], 3),
        }
        for n in bots
    ]
    rows.sort(key=lambda r: -r["ordinal"])  # stable: equal ordinals keep the table's order
    for place, r in enumerate(rows, 1):
        r["rank"] = place
    return rows


def run(
    game_name: str,
    games: int = 20,
    seed: int = 0,
    clock: bool = True,
    bots: list[str] | None = None,
    variants: tournament.Variants | None = None,
    progress: Callable[[list[str], GameResult, int, int], None] | None = None,
) -> dict[str, Any]:
    """Play the round robin and rate it. `games` per match, rounded up to whole deals;
    `bots` defaults to the game's whole table. Every match starts from the same `seed`,
    so every group of bots plays the same deals."""
    game = load_game(game_name)
    names = bots or list(game.bots())
    players = seats_per_game(game_name)
    if len(names) < players:
        raise ValueError(f"a ladder of {game_name} needs at least {players} bots")
    per_deal = deal_size(players)
    per_match = max(per_deal, -(-games // per_deal) * per_deal)
    started = time.perf_counter()
    played: list[GameResult] = []
    groups = matches(names, players)
    for group in groups:
        results: list[GameResult] = []

        def keep(
            result: GameResult, done: int, total: int, group: list[str] = group, results: list[GameResult] = results
        ) -> None:
            results.append(result)
            if progress:
                progress(group, result, done, total)

        # tournament.run plays the games and sums them up; the ladder needs each game's
        # ranks, which its progress hook hands over one finished game at a time.
        tournament.run(
            game_name, players, group, per_match, seed, 1, None, keep, clock=clock, variants=variants, seating="permute"
        )
        played += sorted(results, key=lambda r: r.index)
    return {
        "game": game_name,
        "players": players,
        "bots": names,
        "games_per_match": per_match,
        "matches": len(groups),
        "games": len(played),
        "seed": seed,
        "clock": clock,
        "seconds": round(time.perf_counter() - started, 1),
        "ratings": rate(names, played),
    }


def command(report: dict[str, Any]) -> str:
    """The command line that plays this ladder again."""
    clock = "" if report["clock"] else " --no-clock"
    return f"python3 -m pyengine ladder --game {report['game']} --games {report['games_per_match']} --seed {report['seed']}{clock}"


def table(report: dict[str, Any]) -> str:
    """The ladder as a plain-text table, best first."""
    one, many = ("pair", "pairs") if report["players"] == 2 else ("triple", "triples")
    head = (
        f"{report['game']}, {report['players']}-player games, {report['games_per_match']} per {one} of bots "
        f"({report['matches']} {many}, {report['games']} games; seed {report['seed']}"
        f"{'' if report['clock'] else ', no clock'}, seats permuted), {report['seconds']} s"
    )
    lines = [head, f"{'#':>2} {'bot':<10} {'ordinal':>8} {'mu':>7} {'sigma':>6} {'games':>6} {'wins':>7}"]
    for r in report["ratings"]:
        lines.append(
            f"{r['rank']:>2} {r['bot']:<10} {r['ordinal']:>8.2f} {r['mu']:>7.2f} {r['sigma']:>6.2f} "
            f"{r['games']:>6} {r['wins']:>7g}"
        )
    lines.append("ordinal = mu - 3 sigma (OpenSkill, Plackett-Luce); wins: shared wins split")
    return "\n".join(lines)


def marker(game_name: str, end: bool = False) -> str:
    return f"<!-- ladder {game_name} {'end' if end else 'begin'} (written by python3 -m pyengine ladder --docs) -->"


def docs_section(report: dict[str, Any]) -> str:
    """The marked block of docs/bots.md for this ladder: the command and its table."""
    return (
        f"{marker(report['game'])}\n```text\n$ {command(report)}\n{table(report)}\n```\n"
        f"{marker(report['game'], end=True)}"
    )


def replace_section(text: str, game_name: str, section: str) -> str:
    """`text` with the game's marked block replaced by `section`, everything else kept;
    appended at the end (after a blank line) if the text has no such block yet."""
    pattern = re.compile(re.escape(marker(game_name)) + r".*?" + re.escape(marker(game_name, end=True)), re.S)
    if pattern.search(text):
        return pattern.sub(lambda _: section, text, count=1)
    return text.rstrip("\n") + "\n\n" + section + "\n"


def write_docs(report: dict[str, Any], path: Path = DOCS) -> None:
    path.write_text(replace_section(path.read_text(encoding="utf-8"), report["game"], docs_section(report)), "utf-8")


def data(report: dict[str, Any]) -> dict[str, Any]:
    """What the lobby reads (ladder.json): each bot's place and rating, and how it was made."""
    return {
        "command": command(report),
        "games": report["games"],
        "seconds": report["seconds"],
        "bots": [
            {
                "bot": r["bot"],
                "rank": r["rank"],
                "ordinal": round(r["ordinal"], 2),
                "mu": round(r["mu"], 2),
                "sigma": round(r["sigma"], 2),
            }
            for r in report["ratings"]
        ],
    }


def data_path(game_name: str) -> Path:
    return ROOT / "pyengine" / "games" / game_name / "ladder.json"


def write_data(report: dict[str, Any], path: Path | None = None) -> None:
    target = path or data_path(report["game"])
    target.write_text(json.dumps(data(report), indent=1) + "\n", encoding="utf-8")
