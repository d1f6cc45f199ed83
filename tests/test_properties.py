"""Property-based tests (hypothesis) over every registered game: move texts and records.

- Every legal move's text parses back to an equal move with the same text (parse∘str
  is the identity), in positions reached by random play.
- Any text either parses to a move whose text parses to itself, or is refused with an
  IllegalMove naming a rule: never another exception.
- A record survives JSON: dumps∘loads is the identity, load_record accepts it, and it
  replays to the same state; arbitrary JSON is a record or a RecordError, nothing else.
"""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pyengine
from pyengine.core import rng
from pyengine.core.game import IllegalMove, state_hash
from pyengine.core.record import RecordError, load_record, new_record, replay

NAMES = list(pyengine.GAMES)
FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def walk(name: str, players_index: int, seed: int, steps: int):
    """A position after `steps` random moves (or the end), with the moves that led there."""
    game = pyengine.load_game(name)
    players = game.player_counts[players_index % len(game.player_counts)]
    state = game.new_game(players, seed)
    r = rng.seed_state(seed)
    moves = []
    for _ in range(steps):
        if game.is_over(state):
            break
        legal = game.legal_moves(state)
        r, i = rng.below(r, len(legal))
        moves.append(str(legal[i]))
        state = game.apply(state, legal[i])
    return game, players, state, moves


@FAST
@given(name=st.sampled_from(NAMES), players=st.integers(0, 3), seed=st.integers(0, 2**32), steps=st.integers(0, 120))
def test_every_legal_move_text_parses_back_to_itself(name, players, seed, steps) -> None:
    game, _, state, _ = walk(name, players, seed, steps)
    for move in game.legal_moves(state):
        text = str(move)
        again = game.parse_move(text)
        assert str(again) == text and again == move


WORDS = st.sampled_from(
    [
        "acquire",
        "build",
        "rot",
        "at",
        "pick",
        "card",
        "city",
        "storeys",
        "as",
        "discard",
        "end",
        "return",
        "shift",
        "grab",
        "boom",
        "offer",
        "give",
        "get",
        "lot",
        "tile",
        "money",
        "accept",
        "decline",
        "done",
        "keep",
        "place",
        "pass",
        "red",
        "B07",
        "S3",
        "L1",
        "-1",
        "0",
        "1",
        "2",
        "9",
        "85",
        "99999999999999999999",
        "é",
        "<script>",
        "\u202e",
    ]
)


@FAST
@given(name=st.sampled_from(NAMES), words=st.lists(WORDS, max_size=10), junk=st.text(max_size=12))
def test_any_text_is_a_move_that_round_trips_or_an_illegal_move(name, words, junk) -> None:
    game = pyengine.load_game(name)
    for text in (" ".join(words), junk, " ".join(words) + " " + junk):
        try:
            move = game.parse_move(text)
        except IllegalMove as e:
            assert str(e).strip()
            continue
        assert str(game.parse_move(str(move))) == str(move)


@FAST
@given(name=st.sampled_from(NAMES), players=st.integers(0, 3), seed=st.integers(0, 2**32), steps=st.integers(0, 80))
def test_a_record_survives_json_and_replays_to_the_same_state(name, players, seed, steps) -> None:
    game, n, state, moves = walk(name, players, seed, steps)
    record = new_record(game, n, seed)
    record["moves"] = moves
    text = json.dumps(record)
    loaded = load_record(text)
    assert loaded == json.loads(text) == record
    assert state_hash(replay(loaded)[1]) == state_hash(state)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)


@FAST
@given(
    data=JSON,
    keys=st.fixed_dictionaries(
        {},
        optional={
            "game": st.sampled_from(NAMES + ["chess", ""]) | st.integers(),
            "players": st.integers(-2, 9) | st.text(max_size=3),
            "seed": st.integers() | st.floats(allow_nan=False),
            "moves": st.lists(st.text(max_size=20), max_size=5) | JSON,
            "options": JSON,
            "engine_version": st.text(max_size=6),
        },
    ),
)
def test_arbitrary_json_is_a_record_or_a_clear_refusal(data, keys) -> None:
    for value in (data, keys):
        text = json.dumps(value)
        try:
            record = load_record(text)
        except RecordError as e:
            assert str(e).strip()
            continue
        try:
            replay(record)
        except RecordError as e:
            assert str(e).strip()
