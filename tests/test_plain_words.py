"""Prompts and log lines use the rulebook's words, never the engine's ids (issue 25).

Each game names its internal ids and move syntax as regular expressions
(`Game.internal_ids`: grid codes, lot ids, "card 3"). Over random games, in every
language, no prompt (for the mover and for a spectator) and no log line (the move's
description and the game's own events) may contain one, nor the whole text of a
legal move. Each pattern must match some move's text or token, so a pattern that
matches nothing (and so checks nothing) fails too.
"""

from __future__ import annotations

import random
import re

import pytest

import pyengine
from pyengine.core.i18n import LANGUAGES, translate

GAMES = list(pyengine.GAMES)
SEEDS = (1, 2)
MOVES = 160  # per game: past the first round's scoring in every game


def _play(name: str, seed: int):
    """(texts shown, move texts and tokens seen) over one random game."""
    game = pyengine.load_game(name)
    rng = random.Random(seed)
    players = game.player_counts[seed % len(game.player_counts)]
    state = game.new_game(players, seed)
    shown: list[tuple[str, object]] = []
    syntax: set[str] = set()
    for _ in range(MOVES):
        if game.is_over(state):
            break
        moves = game.legal_moves(state)
        for m in moves:
            syntax.add(str(m))
            syntax.update(m.tokens)
        shown.append(("prompt", game.prompt(state, game.to_move(state)[0])))
        shown.append(("prompt (spectator)", game.prompt(state, None)))
        move = rng.choice(moves)
        after = game.apply(state, move)
        shown.append(("log", game.describe(state, move, None, after)))
        shown += [("log", line) for line in game.events(state, after)]
        state = after
    return game, shown, syntax


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_no_internal_id_in_prompts_or_log(name: str, seed: int) -> None:
    game, shown, syntax = _play(name, seed)
    assert game.internal_ids, f"{name} declares no internal id patterns (Game.internal_ids)"
    patterns = [re.compile(p) for p in game.internal_ids]
    for pattern in patterns:  # a pattern must describe something the engine really writes
        assert any(pattern.search(s) for s in syntax), f"{name}: {pattern.pattern!r} matches no move or token"
    # A move's whole text, when it is syntax (two words or more, with a digit).
    whole = sorted((s for s in syntax if " " in s and any(c.isdigit() for c in s)), key=len, reverse=True)
    bad = []
    for lang in LANGUAGES:
        for kind, text in shown:
            line = translate(text, lang)
            hit = next((p.pattern for p in patterns if p.search(line)), None) or next(
                (w for w in whole if w in line), None
            )
            if hit:
                bad.append(f"[{lang}] {kind}: {line!r} (matches {hit!r})")
    assert not bad, f"{len(bad)} texts show internal ids, e.g.\n" + "\n".join(bad[:12])
