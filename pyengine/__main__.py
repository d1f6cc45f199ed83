"""Command line: python -m pyengine list | simulate | tournament | ladder | replay | render."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from . import GAMES, load_game, tournament
from .core import bake
from .core.game import Game, IllegalMove, State, state_hash
from .core.i18n import LANGUAGES, Translator
from .core.record import MAX_RECORD_BYTES, MAX_SEED, RecordError, load_record, new_record, replay
from .core.scenario import MAX_SCENARIO_BYTES, check_scenario, load_scenario, render_step
from .tournament import SEATINGS


class CliError(Exception):
    """One clear line for stderr; exit status 2."""


def _parse_options(pairs: list[str]) -> dict[str, Any]:
    out = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep:
            raise CliError(f"--option wants name=value, got {pair!r}")
        out[name] = value
    return out


def option_values(option: dict[str, Any], player_counts: Sequence[int]) -> str:
    """What `list` shows after `--option NAME=`: the words it takes, or its kind.

    A "seat" option's choices hold only its words ("random"); the seat numbers it
    also takes depend on the player count, so the widest range the game allows is shown.
    """
    words = [c[0] for c in option["choices"]]
    if option["kind"] == "seat":
        return "|".join([*words, f"1..{max(player_counts)}"])
    return "|".join(words) if words else option["kind"]


def cmd_list(args: argparse.Namespace) -> None:
    rows: list[dict[str, Any]] = []
    for name in GAMES:
        g = load_game(name)
        rows.append(
            {
                "game": name,
                "title": g.title,
                "players": list(g.player_counts),
                "bots": list(g.bots()),
                "default_bot": g.default_bot,
                "options": g.option_schema(),
            }
        )
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    for r in rows:
        print(f"{r['game']}: {r['title']}, {'/'.join(map(str, r['players']))} players; bots: {', '.join(r['bots'])}")
        for o in r["options"]:
            values = option_values(o, r["players"])
            only = f" (only {'/'.join(map(str, o['players']))} players)" if o["players"] else ""
            print(f"  --option {o['name']}={values}  default {o['default']}: {o['label']}{only}")


def play_game(
    game: Game, players: int, seed: int, options: dict[str, Any], bot_names: list[str], max_moves: int = 100_000
) -> tuple[dict[str, Any], State]:
    """Bots play one whole game; returns the record and the final state."""
    record = new_record(game, players, seed, options)
    state = game.new_game(players, seed, record["options"])
    table = game.bots()
    bots = [table[bot_names[p % len(bot_names)]](seed * 1000 + p) for p in range(players)]
    while not game.is_over(state):
        if len(record["moves"]) >= max_moves:
            raise CliError(f"game did not end within {max_moves} moves")
        p = game.to_move(state)[0]
        move = bots[p].choose(game, game.view(state, p), p)
        state = game.apply(state, move)
        record["moves"].append(str(move))
    return record, state


def record_paths(path: str, games: int) -> list[str]:
    """Where `simulate --record` writes: the file itself for one game; for several, one
    file each, numbered like the "game N" lines (game.json -> game-1.json, game-2.json)."""
    if games == 1:
        return [path]
    p = Path(path)
    return [str(p.with_name(f"{p.stem}-{i}{p.suffix}")) for i in range(1, games + 1)]


def _write(path: str, text: str) -> None:
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as e:
        raise CliError(f"cannot write {path}: {e.strerror}") from None


def _check_bots(game_name: str, names: list[str], known: Iterable[str]) -> None:
    have = list(known)
    for b in names:
        if b not in have:
            raise CliError(f"unknown bot {b!r} for {game_name} (have: {', '.join(have)})")


def cmd_simulate(args: argparse.Namespace) -> None:
    game = _game(args.game)
    if args.games < 1:
        raise CliError("--games must be at least 1")
    # Every game's record must replay, and load_record refuses seeds beyond this range.
    if not (-MAX_SEED < args.seed and args.seed + args.games - 1 < MAX_SEED):
        raise CliError(f"--seed must lie between {-MAX_SEED + 1} and {MAX_SEED - 1} for every game")
    if args.record is not None and (args.record == "-" or not Path(args.record).name):
        # "-" would make a file that replay - does not read (it reads stdin); "." has no name to number.
        raise CliError(f"--record wants a file name, not {args.record!r}")
    paths = record_paths(args.record, args.games) if args.record is not None else []
    names = [game.default_bot if b == "bot" else b for b in args.bots.split(",")] if args.bots else ["random"]
    _check_bots(args.game, names, game.bots())
    options = _parse_options(args.option)
    try:  # new_game validates the player count, seed and options in one place
        game.new_game(args.players, args.seed, options)
    except IllegalMove as e:
        raise CliError(str(e)) from None
    for i in range(args.games):
        record, state = play_game(game, args.players, args.seed + i, options, names)
        # Written before the line is printed, so no line speaks of a record that is not there.
        if paths:
            _write(paths[i], json.dumps(record) + "\n")
        result: dict[str, Any] = {
            "scores": game.scores(state),
            "winners": game.winners(state),
            "moves": len(record["moves"]),
            "record": record,
        }
        if args.json:
            print(json.dumps(result, separators=(",", ":")))
        else:
            where = f", record in {paths[i]}" if paths else ""
            print(
                f"game {i + 1} seed {args.seed + i}: scores {result['scores']} winners "
                f"{[w + 1 for w in result['winners']]} in {result['moves']} moves{where}"
            )


def _game(name: str) -> Game:
    try:
        return load_game(name)
    except KeyError:
        raise CliError(f"unknown game {name!r} (have: {', '.join(GAMES)})") from None


def _near_miss(text: str) -> str | None:
    """Why a text load_record refused is a known near miss (simulate's summaries, or
    several records one per line), with what to do instead; None for anything else."""
    try:
        values = [json.loads(text)]
    except (ValueError, RecursionError):
        try:  # JSON lines: what simulate --json prints for --games N
            values = [json.loads(line) for line in text.splitlines() if line.strip()]
        except (ValueError, RecursionError):
            return None
    if not values or not all(isinstance(v, dict) for v in values):
        return None
    if all(isinstance(v.get("record"), dict) for v in values):
        n = len(values)
        what = "is a simulate summary" if n == 1 else f"holds {n} simulate summaries (one per line)"
        return f"this {what}, not a record: write records with simulate --record FILE"
    if len(values) > 1 and all("game" in v and "moves" in v for v in values):
        return f"this holds {len(values)} records (one per line); replay and render read one record per file"
    return None


def _read_record(path: str) -> dict[str, Any]:
    text = _read_text(path, MAX_RECORD_BYTES)
    try:
        return load_record(text)
    except RecordError:
        hint = _near_miss(text) if len(text) <= MAX_RECORD_BYTES else None
        if hint:
            raise CliError(hint) from None
        raise


def _read_text(path: str, most: int) -> str:
    where = "stdin" if path == "-" else path
    # One character past the limit is enough for the loader to refuse the size, and a
    # bounded read keeps replay /dev/zero from reading forever.
    limit = most + 1
    try:
        if path == "-":
            text = sys.stdin.read(limit).removeprefix("\ufeff")
        else:  # utf-8-sig: editors on Windows save a byte-order mark that JSON does not allow
            with open(path, encoding="utf-8-sig") as f:
                text = f.read(limit)
    except OSError as e:
        raise CliError(f"cannot read {where}: {e.strerror}") from None
    except UnicodeDecodeError:
        raise CliError(f"{where} is not a text file") from None
    return text


def cmd_replay(args: argparse.Namespace) -> None:
    record = _read_record(args.file)
    game, state = replay(record)
    print(
        json.dumps(
            {
                "game": game.name,
                "moves": len(record["moves"]),
                "over": game.is_over(state),
                "scores": game.scores(state),
                "winners": game.winners(state),
                "breakdown": game.breakdown(state),
                "hash": state_hash(state),
            }
        )
    )


def cmd_render(args: argparse.Namespace) -> None:
    # The arguments are checked before the replay, which may take a while.
    if args.lang not in LANGUAGES:
        raise CliError(f"--lang must be one of {', '.join(LANGUAGES)}")
    if (args.file is None) == (args.scenario is None):
        raise CliError("give either a record file or --scenario FILE")
    if args.scenario is not None:
        return _render_scenario(args)
    record = _read_record(args.file)
    if args.step is not None and not 0 <= args.step <= len(record["moves"]):
        raise CliError(f"--step must be between 0 and {len(record['moves'])}")
    game, state = replay(record, args.step)  # checks the player count before --player is
    if args.player is not None and not 1 <= args.player <= record["players"]:
        raise CliError(f"--player must be between 1 and {record['players']}")
    if args.portrait and not game.portrait:
        raise CliError(f"{game.title} has no portrait drawing (--portrait)")
    viewer = None if args.player is None else args.player - 1
    T = Translator(args.lang)
    chosen: list[Any] = record["names"] if isinstance(record.get("names"), list) else []
    names = [
        str(chosen[p])[:24]
        if p < len(chosen) and isinstance(chosen[p], str) and chosen[p].strip()
        else T("Player {n}", n=p + 1)
        for p in range(record["players"])
    ]
    extra = {"portrait": True} if args.portrait else {}
    _write(args.output, game.render(game.view(state, viewer), viewer, names=names, lang=args.lang, **extra))


def cmd_scenario_check(args: argparse.Namespace) -> None:
    scenario = load_scenario(_read_text(args.file, MAX_SCENARIO_BYTES))
    print(json.dumps(check_scenario(scenario)))


def cmd_scenario_link(args: argparse.Namespace) -> None:
    text = _read_text(args.file, MAX_SCENARIO_BYTES)
    check_scenario(load_scenario(text))  # a link to a broken scenario helps nobody
    print(bake.link_word(text))


def cmd_scenario_bake(args: argparse.Namespace) -> None:
    text = _read_text(args.file, MAX_SCENARIO_BYTES)
    scenario = load_scenario(text)
    check_scenario(scenario)  # a broken scenario is refused before anything is written
    for lang in args.lang or LANGUAGES:
        path = f"{args.out}.{lang}.json"
        _write(path, json.dumps(bake.bake(scenario, lang, text), separators=(",", ":"), ensure_ascii=False))
        print(path)


def _render_scenario(args: argparse.Namespace) -> None:
    scenario = load_scenario(_read_text(args.scenario, MAX_SCENARIO_BYTES))
    step = 1 if args.step is None else args.step
    if not 1 <= step <= len(scenario.steps):
        raise CliError(f"--step must be between 1 and {len(scenario.steps)} (the scenario's steps)")
    if args.player is not None:
        raise CliError("a scenario names its own viewer: --player does not apply")
    game = _game(scenario.record["game"])
    if args.portrait and not game.portrait:
        raise CliError(f"{game.title} has no portrait drawing (--portrait)")
    _write(args.output, render_step(scenario, step - 1, args.lang, args.portrait))


def _game_line(result: tournament.GameResult) -> str:
    """One finished game for --verbose: its seed, each seat's bot and score, * for a win."""
    seats = ", ".join(f"{s.bot} {s.score:g}{'*' if s.win else ''}" for s in result.seats)
    return f"seed {result.seed}: {seats}"


def cmd_tournament(args: argparse.Namespace) -> None:
    game = _game(args.game)
    variants = {}
    try:
        for text in args.variant:
            name, base, settings = tournament.parse_variant(text)
            variants[name] = (base, settings)
        known = tournament.bot_table(game, variants)
    except ValueError as e:
        raise CliError(str(e)) from None
    names = [game.default_bot if b == "bot" else b for b in args.bots.split(",")]
    _check_bots(args.game, names, known)
    if args.games < 1 or args.jobs < 1:
        raise CliError("--games and --jobs must be at least 1")
    options = _parse_options(args.option)
    try:
        game.new_game(args.players, args.seed, options)
    except IllegalMove as e:
        raise CliError(str(e)) from None

    def progress(result: tournament.GameResult, done: int, total: int) -> None:
        print(f"[{done}/{total}] game {result.index} {_game_line(result)}", file=sys.stderr, flush=True)

    report = tournament.run(
        args.game,
        args.players,
        names,
        args.games,
        args.seed,
        args.jobs,
        options,
        progress if args.verbose else None,
        clock=not args.no_clock,
        variants=variants,
        seating=args.seating,
    )
    print(json.dumps(report, indent=2) if args.json else tournament.table(report))


def cmd_ladder(args: argparse.Namespace) -> None:
    from . import ladder  # imports openskill, a developer dependency, only when asked

    game = _game(args.game)
    if args.games < 1:
        raise CliError("--games must be at least 1")
    bots = args.bots.split(",") if args.bots else None
    _check_bots(args.game, bots or [], game.bots())
    if args.docs and bots:
        raise CliError("--docs keeps the ladder of every bot: leave out --bots")
    try:
        import openskill  # noqa: F401  # checked before hours of games, not after
    except ImportError:
        raise CliError("the ladder rates with openskill: pip install openskill==6.2.0 (or .[test])") from None

    def progress(group: list[str], result: tournament.GameResult, done: int, total: int) -> None:
        print(f"[{'/'.join(group)} {done}/{total}] {_game_line(result)}", file=sys.stderr, flush=True)

    try:
        report = ladder.run(
            args.game,
            args.games,
            args.seed,
            clock=not args.no_clock,
            bots=bots,
            progress=progress if args.verbose else None,
        )
    except ValueError as e:
        raise CliError(str(e)) from None
    if args.docs:
        ladder.write_docs(report)
        ladder.write_data(report)
    print(json.dumps(report, indent=2) if args.json else ladder.table(report))


def build_parser() -> argparse.ArgumentParser:
    # argparse formats every help text with %: a literal percent sign must be written %%.
    parser = argparse.ArgumentParser(prog="python -m pyengine", description="Skyline board game engine")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("list", help="games, player counts, options")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_list)
    p = sub.add_parser("simulate", help="play bot games")
    p.add_argument("--game", required=True)
    p.add_argument("--players", type=int, required=True)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--games", type=int, default=1)
    p.add_argument(
        "--bots",
        help="comma-separated bot names, one per seat (cycled); bot is the game's default bot (default: random)",
    )
    p.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help="a game option (list shows each game's)"
    )
    p.add_argument(
        "--json",
        action="store_true",
        help="one JSON summary per game: scores, winners, moves "
        "and the record nested inside (not itself a record file: use --record for that)",
    )
    p.add_argument(
        "--record",
        metavar="FILE",
        help="also write each game's record, the file replay and "
        "render read, to FILE; with --games N above 1, one file per game, numbered: "
        "game.json becomes game-1.json ... game-N.json",
    )
    p.set_defaults(run=cmd_simulate)
    p = sub.add_parser("tournament", help="bots play many games; win rates and scores with 95%% CIs")
    p.add_argument("--game", required=True)
    p.add_argument("--players", type=int, required=True)
    p.add_argument(
        "--bots",
        required=True,
        help="comma-separated bot names, one per seat (cycled); "
        "seats rotate from game to game; bot is the game's default bot",
    )
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--jobs", type=int, default=1, help="worker processes")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    p.add_argument("--json", action="store_true")
    p.add_argument(
        "--no-clock",
        action="store_true",
        help="lift the bots' time caps: iteration budgets only, so the result depends on the arguments alone",
    )
    p.add_argument(
        "--seating",
        choices=SEATINGS,
        default=SEATINGS[0],
        help="rotate: turn the bot list one seat per game (who follows whom stays fixed); "
        "permute: every distinct order of the seats per deal (fair when seat order matters)",
    )
    p.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="NAME=BASE:KEY=VALUE,...",
        help="a bot with settings changed, usable in --bots (e.g. n100=normal:iterations=100; "
        "phase_iterations.place=50 sets one phase)",
    )
    p.add_argument("-v", "--verbose", action="store_true", help="one line per finished game on stderr")
    p.set_defaults(run=cmd_tournament)
    p = sub.add_parser("ladder", help="every bot against every other (pairs; Chinatown: triples), rated with OpenSkill")
    p.add_argument("--game", required=True)
    p.add_argument(
        "--games", type=int, default=20, help="games per pair (triple), rounded up to whole deals (2 games; 6)"
    )
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--bots", help="comma-separated bot names (default: every bot of the game)")
    p.add_argument(
        "--no-clock",
        action="store_true",
        help="lift the bots' time caps: iteration budgets only, so the ladder depends on the arguments alone",
    )
    p.add_argument("--json", action="store_true")
    p.add_argument(
        "--docs",
        action="store_true",
        help="also write the table into docs/bots.md (the game's marked section) and "
        "pyengine/games/GAME/ladder.json (the lobby's bot menu)",
    )
    p.add_argument("-v", "--verbose", action="store_true", help="one line per finished game on stderr")
    p.set_defaults(run=cmd_ladder)
    p = sub.add_parser("replay", help="replay a record, print final scores as JSON")
    p.add_argument("file", help="record file, or - for stdin")
    p.set_defaults(run=cmd_replay)
    p = sub.add_parser("scenario", help="scenarios: a position, what to show on it, what to ask")
    scenario = p.add_subparsers(dest="action", required=True)
    p = scenario.add_parser(
        "check", help="validate a scenario file, replay it, check its tasks' answers; print a JSON report"
    )
    p.add_argument("file", help="scenario file, or - for stdin")
    p.set_defaults(run=cmd_scenario_check)
    p = scenario.add_parser("link", help="check a scenario and print it packed for embed.html?scenario=")
    p.add_argument("file", help="scenario file, or - for stdin")
    p.set_defaults(run=cmd_scenario_link)
    p = scenario.add_parser(
        "bake",
        help="check a scenario and draw every step in advance for view.html (one OUT.LANG.json per language)",
    )
    p.add_argument("file", help="scenario file, or - for stdin")
    p.add_argument("--out", required=True, help="path and name the files start with: OUT.en.json, OUT.fr.json...")
    p.add_argument("--lang", action="append", choices=LANGUAGES, help="a language to bake (repeatable; default: all)")
    p.set_defaults(run=cmd_scenario_bake)
    p = sub.add_parser("render", help="write the position after K moves as SVG")
    p.add_argument("file", nargs="?", help="record file, or - for stdin")
    p.add_argument(
        "--scenario",
        metavar="FILE",
        help="draw a scenario's step instead, with its highlights, arrows and caption (--step: the step, from 1)",
    )
    p.add_argument("--step", type=int, help="moves to replay first (default: all)")
    p.add_argument("--player", type=int, help="seat number (1-based) whose hand is shown")
    p.add_argument("--lang", default="en", help=f"language of the board's text: {', '.join(LANGUAGES)}")
    p.add_argument(
        "--portrait", action="store_true", help="the drawing stacked for a narrow, tall page (a phone held upright)"
    )
    p.add_argument("-o", "--output", required=True)
    p.set_defaults(run=cmd_render)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        args.run(args)
    except (CliError, RecordError, IllegalMove) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader went away (simulate --games 100 --json | head -1): stop quietly. Later
        # writes, including the interpreter's final flush, go nowhere instead of failing.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
