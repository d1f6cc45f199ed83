"""Random-play fuzzing of every registered game (later games are covered for free).

`--fuzz-games N` games per game (default 1,000; `--fuzz-games 10000` for a long run),
spread over every player count and every option value. After every move: the game's
own invariants (components conserved...), a player to move with a legal move or the
game over, and a bounded number of moves; at the end, scores equal their breakdown.
The fast path skips the bots' `view` and the illegal-input checks (the conformance test
and test_hostile.py do those); a failing game prints its record, which replays.
"""

from __future__ import annotations

import json
import os
from concurrent.futures import ProcessPoolExecutor

import pytest

import pyengine
from pyengine.core import rng
from pyengine.core.game import Game

MAX_MOVES = 5000


def configs(game: Game) -> list[tuple[int, dict]]:
    """Every player count with default options, and with each non-default option value."""
    out = []
    for n in game.player_counts:
        out.append((n, {}))
        for opt in game.options:
            if opt.players and n not in opt.players:
                continue
            out += [(n, {opt.name: v}) for v in opt.values(n) if v != opt.default]
    return out


def play_one(game: Game, players: int, seed: int, options: dict) -> tuple[list[str], int]:
    state = game.new_game(players, seed, options)
    r = rng.seed_state(seed ^ 0x5EED)
    moves: list[str] = []
    for _ in range(MAX_MOVES):
        problems = game.invariants(state)
        assert not problems, f"after {moves[-1:]}: {problems}"
        if game.is_over(state):
            break
        movers = game.to_move(state)
        assert movers and all(0 <= p < players for p in movers)
        legal = game.legal_moves(state)
        assert legal, "the player to move has no legal move"
        r, i = rng.below(r, len(legal))
        move = legal[i]
        moves.append(str(move))
        # In place: this loop owns the state and never looks back (copying it cost 7%).
        # legal_moves is tested against check() in the conformance test.
        game.apply_unchecked(state, move)
    else:
        raise AssertionError(f"no end after {MAX_MOVES} moves")
    scores = game.scores(state)
    assert game.breakdown(state)["totals"] == scores
    winners = game.winners(state)
    assert winners and all(scores[w] == max(scores) for w in winners)
    return moves, len(moves)


def play_chunk(name: str, first: int, count: int) -> tuple[list[int], str | None]:
    """Games first..first+count-1 of `name`: their lengths, or the first failure."""
    game = pyengine.load_game(name)
    cases = configs(game)
    lengths = []
    for i in range(first, first + count):
        players, options = cases[i % len(cases)]
        seed = 10_007 * i + 1
        try:
            lengths.append(play_one(game, players, seed, options)[1])
        except AssertionError as e:
            record = {"game": name, "players": players, "seed": seed, "options": options}
            return lengths, f"fuzz game {i} {json.dumps(record)}: {e}"
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
