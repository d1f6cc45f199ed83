"""Fuzzing every registered game with random and stall-hunting players (later games are
covered for free).

`--fuzz-games N` games per game (default 1,000; `--fuzz-games 10000` for a long run),
spread over every player count and every option value, and over three policies (one game in six hunts stalls):
`random` (any legal move), `least_progress` (wherever it may, the legal move after which
the game's `progress` is largest: pass, end, decline, keep) and `undo_progress` (moves
that give back or undo: offers and accepting them, returning, selling, discarding,
demolishing, the least progress among those). After every move: the game's own
invariants (components conserved...), a player to move with a legal move or the game
over, `progress` strictly decreased (or unchanged for at most the game's
`progress_plateau` moves in a row) and the move count within the game's `move_budget`
(issue 46: every game ends under every policy); at the end, scores equal their
breakdown. The fast path skips the bots' `view` and the illegal-input checks (the
conformance test and test_hostile.py do those); a failing game prints its record
(game, players, seed, options, moves), which `python3 -m pyengine replay` replays.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor

import pytest

import pyengine
from pyengine.core import rng
from pyengine.core.game import Game, Move, State, copy_state
from pyengine.core.record import new_record

# Game i plays POLICIES[(i + i // configurations) % 12]: every configuration meets every policy.
# A stall-hunting game costs more than two random ones (it weighs a move of each kind, and plays
# every offer and answer it may), so one game in six hunts: the default run costs a fifth more
# than the random-only one did; `--fuzz-games 10000` hunts in ten times as many.
POLICIES = ("random",) * 10 + ("least_progress", "undo_progress")
# Verbs of moves that give back or undo what a player gained (any game's move text).
UNDO_VERBS = frozenset(
    ("offer", "accept", "give", "return", "sell", "discard", "demolish", "swap", "reclaim", "borrow", "refresh")
)


class StallError(AssertionError):
    """A game broke the progress measure or its move budget: the record replays it."""


def configs(game: Game) -> list[tuple[int, dict]]:
    """Every player count with default options, and with each non-default option value."""
    out: list[tuple[int, dict]] = []
    for n in game.player_counts:
        out.append((n, {}))
        for opt in game.options:
            if opt.players and n not in opt.players:
                continue
            out += [(n, {opt.name: v}) for v in opt.values(n) if v != opt.default]
    return out


def _after(game: Game, state: State, move: Move) -> State:
    new = copy_state(state)
    game.apply_unchecked(new, move)
    return new


def least_progress(game: Game, state: State, legal: list[Move], r: int) -> tuple[int, Move]:
    """A legal move after which the game is furthest from its end (the least progress:
    passing, ending, declining, keeping), ties broken by the seeded generator. Moves of
    one kind (their text's first word) change `progress` alike, so one move of each kind,
    drawn at random, stands for its kind: evaluating every move would make each game
    cost twenty random ones."""
    if len(legal) == 1:
        return r, legal[0]
    kinds: dict[str, list[Move]] = {}
    for m in legal:
        kinds.setdefault(str(m).split(" ", 1)[0], []).append(m)
    best: list[Move] = []
    most: tuple[int, ...] | None = None
    for group in kinds.values():
        r, i = rng.below(r, len(group))
        after = game.progress(_after(game, state, group[i]))
        if most is None or after > most:
            most, best = after, [group[i]]
        elif after == most:
            best.append(group[i])
    r, i = rng.below(r, len(best))
    return r, best[i]


def undo_progress(game: Game, state: State, legal: list[Move], r: int) -> tuple[int, Move]:
    """Moves that undo or give back (an offer and its acceptance, a return, a sale, a
    discard, a demolition) wherever there are any, the least progress among them; else
    the least progress of all: what would trade back and forth, or rebuild, forever."""
    undo = [m for m in legal if str(m).split(" ", 1)[0] in UNDO_VERBS]
    return least_progress(game, state, undo or legal, r)


def random_move(game: Game, state: State, legal: list[Move], r: int) -> tuple[int, Move]:
    r, i = rng.below(r, len(legal))
    return r, legal[i]


CHOOSE: dict[str, Callable[[Game, State, list[Move], int], tuple[int, Move]]] = {
    "random": random_move,
    "least_progress": least_progress,
    "undo_progress": undo_progress,
}


def check_progress(game: Game, before: tuple[int, ...], after: tuple[int, ...], flat: int) -> int:
    """The run of moves that left `progress` unchanged, after this move; StallError when
    the move raised it, or left it unchanged once too often."""
    if after > before:
        raise StallError(f"progress rose from {before} to {after}")
    if any(not isinstance(x, int) or x < 0 for x in after):
        raise StallError(f"progress {after} is not a tuple of non-negative ints")
    flat = flat + 1 if after == before else 0
    if flat > game.progress_plateau:
        raise StallError(f"progress stayed {after} for {flat} moves (at most {game.progress_plateau} allowed)")
    return flat


def play_one(
    game: Game, players: int, seed: int, options: dict, policy: str = "random", moves: list[str] | None = None
) -> tuple[list[str], int]:
    """One game under `policy`; `moves` (if given) collects its move texts as it goes, so a
    failure's record holds them."""
    state = game.new_game(players, seed, options)
    budget = game.move_budget(players, game.normalize_options(players, options))
    choose = CHOOSE[policy]
    r = rng.seed_state(seed ^ 0x5EED)
    moves = [] if moves is None else moves
    progress = game.progress(state)
    flat = 0
    while True:
        problems = game.invariants(state)
        assert not problems, f"after {moves[-1:]}: {problems}"
        if game.is_over(state):
            break
        if len(moves) >= budget:
            raise StallError(f"no end within the move budget ({budget} moves); progress {progress}")
        movers = game.to_move(state)
        assert movers and all(0 <= p < players for p in movers)
        legal = game.legal_moves(state)
        assert legal, "the player to move has no legal move"
        r, move = choose(game, state, legal, r)
        moves.append(str(move))
        # In place: this loop owns the state and never looks back (copying it cost 7%).
        # legal_moves is tested against check() in the conformance test.
        game.apply_unchecked(state, move)
        after = game.progress(state)
        flat = check_progress(game, progress, after, flat)
        progress = after
    assert progress == min(progress, game.progress(state)), "the game over is the least progress"
    scores = game.scores(state)
    assert game.breakdown(state)["totals"] == scores
    winners = game.winners(state)
    assert winners and all(scores[w] == max(scores) for w in winners)
    return moves, len(moves)


def failure_record(game: Game, players: int, seed: int, options: dict, moves: list[str]) -> str:
    """The failing game as a record `python3 -m pyengine replay` takes."""
    record = new_record(game, players, seed, options)
    record["moves"] = moves
    return json.dumps(record)


def play_chunk(name: str, first: int, count: int) -> tuple[list[int], str | None]:
    """Games first..first+count-1 of `name`: their lengths, or the first failure."""
    game = pyengine.load_game(name)
    cases = configs(game)
    lengths = []
    for i in range(first, first + count):
        players, options = cases[i % len(cases)]
        policy = POLICIES[(i + i // len(cases)) % len(POLICIES)]
        seed = 10_007 * i + 1
        moves: list[str] = []
        try:
            lengths.append(play_one(game, players, seed, options, policy, moves)[1])
        except AssertionError as e:
            record = failure_record(game, players, seed, options, moves)
            return lengths, f"fuzz game {i} ({policy}) {record}: {e}"
    return lengths, None


@pytest.mark.parametrize("name", list(pyengine.GAMES))
def test_random_games_keep_every_invariant(name: str, request) -> None:
    count = request.config.getoption("--fuzz-games")
    chunk = 50
    jobs = [(name, first, min(chunk, count - first)) for first in range(0, count, chunk)]
    # The games are independent: spread them over the machine's cores.
    with ProcessPoolExecutor(max_workers=min(len(jobs), os.cpu_count() or 1)) as pool:
        results = list(pool.map(play_chunk, *zip(*jobs)))
    failures = [error for _, error in results if error]
    assert not failures, failures[0]
    lengths = [n for ls, _ in results for n in ls]
    assert len(lengths) == count
    print(f"{name}: {count} games, {min(lengths)}-{max(lengths)} moves, mean {sum(lengths) / len(lengths):.0f}")


def test_the_progress_check_refuses_a_move_that_does_not_lower_progress() -> None:
    """A move that leaves `progress` as it was, or raises it, fails the game; a game with
    a plateau (Brussels 1893: a turn's decisions) may leave it unchanged that often."""
    strict = pyengine.load_game("manhattan")
    assert strict.progress_plateau == 0
    assert check_progress(strict, (1, 2), (1, 1), 0) == 0
    assert check_progress(strict, (1, 2), (0, 9), 0) == 0  # lexicographic: a round outweighs any count
    with pytest.raises(StallError, match="stayed"):
        check_progress(strict, (1, 2), (1, 2), 0)
    with pytest.raises(StallError, match="rose"):
        check_progress(strict, (1, 2), (1, 3), 0)
    with pytest.raises(StallError, match="non-negative"):
        check_progress(strict, (1, 2), (1, -1), 0)
    plateau = pyengine.load_game("brussels1893")
    flat = 0
    for _ in range(plateau.progress_plateau):
        flat = check_progress(plateau, (3, 2, 5), (3, 2, 5), flat)
    with pytest.raises(StallError, match="stayed"):
        check_progress(plateau, (3, 2, 5), (3, 2, 5), flat)


@pytest.mark.parametrize("seed", [1, 7707])
def test_least_progress_finds_the_new_york_stall_that_random_play_missed(seed: int, monkeypatch) -> None:
    """Issue 46's stall: New York 1901 without its stalemate rule (as records saved before
    it replay) lets both players end every turn doing nothing. With the progress check
    off, so only the budget stands in the way, the least-progress and undo policies run
    into the move budget, while random play ends the same game; with the rule, the
    least-progress player ends it too, every move lowering `progress`."""
    game = pyengine.load_game("newyork1901")
    old_rules = {"stalemate": False}
    with pytest.raises(StallError, match="stayed"):
        play_one(game, 2, seed, old_rules, "least_progress")  # the measure rests on the rule
    monkeypatch.setattr(sys.modules[__name__], "check_progress", lambda game, before, after, flat: 0)
    for policy in ("least_progress", "undo_progress"):
        moves: list[str] = []
        with pytest.raises(StallError, match="move budget"):
            play_one(game, 2, seed, old_rules, policy, moves)
        assert len(moves) == game.move_budget(2, old_rules) and set(moves[-20:]) == {"end"}
    assert play_one(game, 2, seed, old_rules, "random")[1] < game.move_budget(2, old_rules)
    monkeypatch.undo()
    assert play_one(game, 2, seed, {}, "least_progress")[1] < game.move_budget(2, {})
