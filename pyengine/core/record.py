"""Game records: `{game, engine_version, players, options, seed, moves}`.

The move list is the source of truth (as on 18xx.games): save, load, replay and undo
are all "replay the first N moves" from the seeded start.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import safejson
from .game import Game, IllegalMove, State
from .i18n import msg

ENGINE_VERSION = "0.1.0"


class RecordError(ValueError):
    """A record that cannot be replayed; the message is one line for a person."""


def new_record(game: Game, players: int, seed: int, options: dict[str, Any] | None = None) -> dict[str, Any]:
    return {
        "game": game.name,
        "engine_version": ENGINE_VERSION,
        "players": players,
        "options": game.normalize_options(players, options),
        "seed": seed,
        "moves": [],
    }


# A real record is a few kilobytes (2026-11 measure: a 5-player Chinatown game of 376 moves,
# 8.8 kB; a 5-player Brussels 1893 one, 4.1 kB) and nests 2 levels: 10 MB is a thousand
# times the longest, and safejson's 64 levels thirty times the deepest.
MAX_RECORD_BYTES = 10_000_000
MAX_MOVES = 100_000
MAX_MOVE_CHARS = 1_000
MAX_SEED = 2**63


def load_record(text: str) -> dict[str, Any]:
    """Parse and shape-check a record; RecordError says in one line what is wrong.

    Only the shape is checked here; `replay` then checks every move against the rules.
    """
    try:
        data = safejson.loads(text, MAX_RECORD_BYTES)
    except safejson.JsonRefused as e:  # too long, too deep, not text: refused before json.loads
        if e.kind == "size":
            raise RecordError(
                msg("the file is {mb} MB; a game record is far smaller", mb=f"{len(text) / 1e6:.1f}")
            ) from None
        raise RecordError(msg("not a record: it holds values no record has (huge numbers or deep nesting)")) from None
    except ValueError as e:  # json.JSONDecodeError
        what, line = getattr(e, "msg", str(e)), getattr(e, "lineno", 1)
        raise RecordError(msg("not a JSON record ({what} at line {line})", what=what, line=line)) from None
    return check_record(data)


def check_record(data: Any) -> dict[str, Any]:
    """The shape of a parsed record (or of a scenario's position); RecordError if wrong."""
    if not isinstance(data, dict):
        raise RecordError(msg("not a record: expected a JSON object"))
    for key in ("game", "players", "seed", "moves"):
        if key not in data:
            raise RecordError(msg("not a record: missing {key}", key=repr(key)))
    if not isinstance(data["game"], str):
        raise RecordError(msg("not a record: 'game' must be a game's name"))
    if "engine_version" in data and data["engine_version"] != ENGINE_VERSION:
        version = str(data["engine_version"])[:20]
        raise RecordError(
            msg(
                "made by engine version {version}; this is version {ours}, which may not replay it identically",
                version=repr(version),
                ours=ENGINE_VERSION,
            )
        )
    if not isinstance(data["moves"], list) or not all(isinstance(m, str) for m in data["moves"]):
        raise RecordError(msg("not a record: 'moves' must be a list of move texts"))
    if len(data["moves"]) > MAX_MOVES or any(len(m) > MAX_MOVE_CHARS for m in data["moves"]):
        raise RecordError(msg("not a record: more moves, or longer ones, than any game has"))
    if not isinstance(data["players"], int) or isinstance(data["players"], bool):
        raise RecordError(msg("not a record: 'players' must be a whole number"))
    if not isinstance(data["seed"], int) or isinstance(data["seed"], bool):
        raise RecordError(msg("not a record: 'seed' must be a whole number"))
    if not -MAX_SEED < data["seed"] < MAX_SEED:
        raise RecordError(msg("not a record: 'seed' is out of range"))
    if not isinstance(data.get("options", {}), dict):
        raise RecordError(msg("not a record: 'options' must be an object"))
    return data


def replay(
    record: dict[str, Any], upto: int | None = None, prepare: Callable[[Game, State], State] | None = None
) -> tuple[Game, State]:
    """Rebuild the state after the first `upto` moves (all when None); `prepare` edits
    the new game before the moves (a scenario's setup)."""
    from .. import load_game

    try:
        game = load_game(record["game"])
    except KeyError:
        raise RecordError(msg("unknown game {game}", game=repr(record["game"]))) from None
    # A record made before an option existed meant what the game did then (seat 1
    # started every game before first_player); new records carry every option.
    options = {**game.legacy_options, **(record.get("options") or {})}
    try:
        state = game.new_game(record["players"], record["seed"], options)
    except IllegalMove as e:
        raise RecordError(msg("cannot start the game: {why}", why=e.message)) from None
    if prepare is not None:
        state = prepare(game, state)
    moves = record["moves"] if upto is None else record["moves"][:upto]
    for i, text in enumerate(moves, 1):
        try:
            state = game.apply(state, game.parse_move(text))
        except IllegalMove as e:
            raise RecordError(msg("move {i} {text} is illegal: {why}", i=i, text=repr(text), why=e.message)) from None
    return game, state


def undo(record: dict[str, Any], count: int = 1) -> dict[str, Any]:
    out = dict(record)
    out["moves"] = record["moves"][: max(0, len(record["moves"]) - count)]
    return out
