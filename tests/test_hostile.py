"""Hostile and broken input to the command line: each gives one clear line and exit 2,
never a traceback. (The page's import and share link: e2e/test_experience.py.)"""

from __future__ import annotations

import json

import pytest
from test_cli import assert_clean_error, cli_parallel, ok

import pyengine
from pyengine.__main__ import play_game
from pyengine.core.record import ENGINE_VERSION

NY = pyengine.load_game("newyork1901")


@pytest.fixture(scope="module")
def good() -> dict:
    record, _ = play_game(pyengine.load_game("manhattan"), 2, 4, {}, ["random"])
    return record


def variants(good: dict) -> dict[str, tuple[str, list[str]]]:
    text = json.dumps(good)
    other, _ = play_game(NY, 2, 4, {}, ["random"])
    return {
        "truncated": (text[: len(text) // 2], ["not a JSON record"]),
        "empty": ("", ["not a JSON record"]),
        "list": ("[1, 2, 3]", ["JSON object"]),
        "moves not a list": (json.dumps({**good, "moves": "pick 1"}), ["moves"]),
        "moves not text": (json.dumps({**good, "moves": [1, 2]}), ["moves"]),
        "players text": (json.dumps({**good, "players": "two"}), ["players"]),
        "players huge": (json.dumps({**good, "players": 10**12}), ["players"]),
        "seed huge": (json.dumps({**good, "seed": 10**40}), ["seed"]),
        "seed 5000 digits": (text.replace(f'"seed": {good["seed"]}', '"seed": ' + "7" * 5000), ["huge numbers"]),
        "seed float": (json.dumps({**good, "seed": 1.5}), ["seed"]),
        "options a list": (json.dumps({**good, "options": [1]}), ["options"]),
        "unknown option": (json.dumps({**good, "options": {"dragons": True}}), ["dragons"]),
        "unknown game": (json.dumps({**good, "game": "chess"}), ["unknown game"]),
        "game markup": (json.dumps({**good, "game": "<svg onload=alert(1)>"}), ["unknown game"]),
        "engine version": (json.dumps({**good, "engine_version": "99.0"}), ["engine version"]),
        "moves of another game": (json.dumps({**good, "moves": other["moves"][:5]}), ["move 1"]),
        "deep nesting": (
            '{"game": "manhattan", "players": 2, "seed": 1, "moves": [], "x": ' + "[" * 100_000 + "]" * 100_000 + "}",
            ["deep nesting"],
        ),
        # Issue 46: what killed Pyodide (~7,000 levels) is refused before json.loads
        "deep nesting 8000": ("[" * 8000 + "]" * 8000, ["deep nesting"]),
        "objects 8000 deep": ('{"a":' * 8000 + "1" + "}" * 8000, ["deep nesting"]),
        "half a surrogate pair": (json.dumps({**good, "names": ["\udcff", "B"]}), ["deep nesting"]),
        "10 MB": (json.dumps({**good, "padding": "x" * 10_000_000}), ["MB"]),
        "not utf-8": ("\udcff", []),
    }


def test_every_broken_record_gives_one_clear_line(good, tmp_path) -> None:
    calls = {}
    expected = {}
    for key, (content, words) in variants(good).items():
        path = tmp_path / (key.replace(" ", "_") + ".json")
        if key == "not utf-8":
            path.write_bytes(b"\xff\xfe\x00not json")
        else:
            path.write_text(content, encoding="utf-8")
        calls[key] = ("replay", path)
        expected[key] = words
    results = cli_parallel(calls)
    for key, r in results.items():
        assert_clean_error(r, *expected[key])


def test_names_with_markup_are_data_not_code(good, tmp_path) -> None:
    record = {**good, "names": ["<script>alert(1)</script>", "<svg onload=x>"]}
    path = tmp_path / "names.json"
    path.write_text(json.dumps(record))
    result = json.loads(ok("replay", path))
    assert result["moves"] == len(good["moves"])
    out = tmp_path / "board.svg"
    ok("render", path, "-o", out)
    svg = out.read_text()
    assert "<script>" not in svg and "&lt;script&gt;" in svg and "<svg onload" not in svg


def test_the_current_engine_version_replays(good, tmp_path) -> None:
    path = tmp_path / "ok.json"
    path.write_text(json.dumps({**good, "engine_version": ENGINE_VERSION}))
    assert json.loads(ok("replay", path))["over"] is True
