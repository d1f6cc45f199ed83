"""One conformance test for every registered game (later games get it for free).

From many seeds, every player count and each non-default option value, random legal
moves are played to the end, checking the interface contract at every step.
"""

from __future__ import annotations

import json

import pytest

import pyengine
from pyengine.core import rng
from pyengine.core.game import Game, IllegalMove, state_from_json, state_hash, state_to_json
from pyengine.core.record import new_record, replay

SEEDS = range(2)  # every option value also gets its own game; the fuzz test plays thousands more


def _configs(game: Game):
    for n in game.player_counts:
        for seed in SEEDS:
            yield n, seed, {}
        for opt in game.options:
            if opt.players and n not in opt.players:
                continue
            values = [v for v in opt.values(n) if v != opt.default]
            if opt.kind == "seat":
                values = values[-1:]  # the last seat starts: nothing may assume seat 1 does
            for v in values:
                yield n, 100 + n, {opt.name: v}


CASES = [(name, n, seed, opts) for name in pyengine.GAMES for n, seed, opts in _configs(pyengine.load_game(name))]


def _mutations(texts: list[str], r: int) -> tuple[list[str], int]:
    """Nearby wrong move texts: legal ones with a number changed, plus junk."""
    out = ["", "pass", "42", "card", "build nowhere", "\u00e9\u00e9"]
    for t in texts[:6]:
        words = t.split()
        for i, w in enumerate(words):
            if w.isdigit():
                r, d = rng.below(r, 12)
                out.append(" ".join(words[:i] + [str(d)] + words[i + 1 :]))
        out.append(t + " extra")
    return out, r


@pytest.mark.parametrize("name,players,seed,options", CASES, ids=lambda v: str(v))
def test_random_game_obeys_the_interface(name: str, players: int, seed: int, options: dict) -> None:
    game = pyengine.load_game(name)
    record = new_record(game, players, seed, options)
    state = game.new_game(players, seed, options)
    assert state_hash(state) == state_hash(game.new_game(players, seed, options)), "new_game is deterministic"
    r = rng.seed_state(seed * 7919 + players)
    budget = game.move_budget(players, options)
    progress = game.progress(state)
    for step in range(budget + 1):
        if step:
            assert game.progress(state) < progress or game.progress_plateau, "a move that did not lower progress"
            assert game.progress(state) <= progress, "a move that raised progress"
            progress = game.progress(state)
        if game.is_over(state):
            break
        assert step < budget, "game did not end within its move budget"
        movers = game.to_move(state)
        assert movers and all(0 <= p < players for p in movers)
        assert game.phase(state) and game.prompt(state)
        legal = game.legal_moves(state)
        assert legal, "a running game always offers a move"
        if step % 7 == 0 and type(game).legal_moves is not Game.legal_moves:
            # A game's own fast legal_moves must agree with the reference: its
            # candidates filtered through the same check that apply uses.
            reference = [str(m) for m in Game.legal_moves(game, state)]
            assert [str(m) for m in legal] == reference, "fast legal_moves differs from check()"
        texts = [str(m) for m in legal]
        for t in texts:
            assert str(game.parse_move(t)) == t, "move text round-trips"
        # Illegal input never changes the state and always names a rule.
        before = state_hash(state)
        bad, r = _mutations(texts, r)
        for t in bad:
            if t in texts:
                continue
            try:
                game.apply(state, t)
            except IllegalMove as err:
                assert str(err).strip()
            else:
                # Legal yet not listed: only for a kind of move the game says it lists
                # in part (Chinatown's combinatorial trade offers); never otherwise.
                assert not game.enumerates(game.parse_move(t)), f"{t!r} is legal but not in legal_moves"
            assert state_hash(state) == before
        r, i = rng.below(r, len(legal))
        move = legal[i]
        game.describe(state, move)
        state = game.apply(state, move)
        record["moves"].append(str(move))
        if step % 25 == 0:
            for p in range(players):
                view = game.view(state, p)
                svg = game.render(view, p)
                assert svg.startswith("<svg")
                # The seed replays every card and tile still hidden: a view (what a
                # bot, or another device at a table, receives) never carries it.
                if game.private_information:
                    assert view.get("seed") in (None, 0) and view.get("rng") in (None, 0)
            assert state_from_json(state_to_json(state)) == state
    assert game.to_move(state) == ()
    assert game.legal_moves(state) == []
    scores = game.scores(state)
    assert len(scores) == players
    bd = game.breakdown(state)
    assert bd["totals"] == scores
    for p in range(players):
        rows = [rnd[p] for rnd in bd["rounds"]]
        assert sum(row["total"] for row in rows) == scores[p]
        for row in rows:
            assert sum(row[item] for item in bd["items"]) == row["total"]
    winners = game.winners(state)
    assert winners and all(scores[w] == max(scores) for w in winners)
    # The record is the source of truth: it replays to the identical state.
    text = json.dumps(record)
    g2, replayed = replay(json.loads(text))
    assert g2 is game
    assert state_hash(replayed) == state_hash(state)
    with pytest.raises(IllegalMove):
        game.apply(state, texts[0])


@pytest.mark.parametrize("name", list(pyengine.GAMES))
def test_every_game_measures_its_progress_and_bounds_its_moves(name: str) -> None:
    """Issue 46: each game says how far a position is from the end (`progress`, a tuple
    of non-negative ints every move lowers) and how many moves any game may take
    (`move_budget`, from its own rules, far below the 5,000 that once stood for "never
    ends"); the fuzz and the bot-pair run hold every game to both."""
    game = pyengine.load_game(name)
    assert type(game).progress is not Game.progress, "progress is not implemented"
    assert type(game).move_budget is not Game.move_budget, "move_budget is not implemented"
    assert isinstance(game.progress_plateau, int) and game.progress_plateau >= 0
    for players, seed, options in _configs(game):
        budget = game.move_budget(players, options)
        assert isinstance(budget, int) and 0 < budget < 5000
        assert game.move_budget(players, game.normalize_options(players, options)) == budget
        start = game.progress(game.new_game(players, seed, options))
        assert isinstance(start, tuple) and start and all(type(x) is int and x >= 0 for x in start)
