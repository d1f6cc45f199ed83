"""Share links: a record packed into a URL-safe word, and everything a broken one says."""

from __future__ import annotations

import base64
import json
import zlib

import pytest

import pyengine
from pyengine.__main__ import play_game
from pyengine.core import share
from pyengine.core.game import state_hash
from pyengine.core.record import ENGINE_VERSION, RecordError, load_record, replay

URL_SAFE = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.")


@pytest.mark.parametrize("name", list(pyengine.GAMES))
def test_a_whole_game_round_trips_through_a_link(name: str) -> None:
    game = pyengine.load_game(name)
    record, state = play_game(game, max(game.player_counts), 11, {}, ["random"])
    record["seats"] = ["human"] * record["players"]
    word = share.encode(record)
    assert set(word) <= URL_SAFE and word.startswith("1.")
    back = share.decode(word)
    assert back == {k: record[k] for k in share.KEYS if k in record}
    assert state_hash(replay(back)[1]) == state_hash(state)


def _pack(raw: bytes) -> str:
    return "1." + base64.urlsafe_b64encode(zlib.compress(raw)).decode().rstrip("=")


@pytest.mark.parametrize(
    "word, message",
    [
        ("", "holds no game"),
        ("hello", "not a Skyline game link"),
        ("2.abcd", "format '2'"),
        ("1.$$$", "damaged"),
        ("1.AAAA", "damaged"),
        (_pack(b'{"game": "manhattan"')[:-6], "damaged"),
        (_pack(b"[1, 2]"), "expected a JSON object"),
        (_pack(b'{"game": "manhattan", "players": 2, "seed": 1}'), "missing 'moves'"),
        (_pack(json.dumps({"game": "chess", "players": 2, "seed": 1, "moves": []}).encode()), None),
        (_pack(b"0" * 20_000_000), "more than 10 MB"),
        ("1." + "A" * 2_000_001, "too long"),
    ],
)
def test_broken_links_say_what_is_wrong(word: str, message: str | None) -> None:
    if message is None:  # a well-formed record of an unknown game: decoding is fine, replay refuses
        with pytest.raises(RecordError, match="unknown game 'chess'"):
            replay(share.decode(word))
        return
    with pytest.raises(RecordError, match=message):
        share.decode(word)


@pytest.mark.parametrize(
    "record, message",
    [
        ({"game": "manhattan", "players": 2, "seed": 1, "moves": [], "engine_version": "9.9"}, "engine version '9.9'"),
        ({"game": 5, "players": 2, "seed": 1, "moves": []}, "'game' must be"),
        ({"game": "manhattan", "players": 2, "seed": 10**30, "moves": []}, "out of range"),
        ({"game": "manhattan", "players": 2, "seed": 1, "moves": ["x" * 2000]}, "longer ones"),
    ],
)
def test_records_with_impossible_values_are_refused(record: dict, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        load_record(json.dumps(record))


def test_huge_or_deep_json_is_refused_in_one_line() -> None:
    with pytest.raises(RecordError, match="huge numbers or deep nesting"):
        load_record('{"game": "manhattan", "players": 2, "seed": ' + "9" * 5000 + ', "moves": []}')
    with pytest.raises(RecordError):
        load_record("[" * 100_000 + "]" * 100_000)
    with pytest.raises(RecordError, match="MB"):
        load_record(" " * 10_000_001)


def test_the_current_engine_version_is_accepted() -> None:
    record = {"game": "manhattan", "players": 2, "seed": 1, "moves": [], "engine_version": ENGINE_VERSION}
    assert load_record(json.dumps(record))["engine_version"] == ENGINE_VERSION
