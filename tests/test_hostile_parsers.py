"""Issue 46: no text a stranger sends can break a parser. Every parser a page reads from
outside (table messages, invitations, share links, records, scenarios, move texts, the
query, the stored tables: tests/fuzz_parsers.py lists them) answers hostile text with its
own clear error in one line, in CPython here and in Pyodide (tests/test_pyodide_hostile.py).

The browser's WASM C stack runs out at ~7,000 levels of JSON nesting, before Python's
recursion guard; `test_deep_text_never_reaches_json_loads` recreates that in CPython by
lifting the guard in a child process, where json.loads on deep text would crash the
interpreter (a segfault) as it killed Pyodide.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from fuzz_parsers import HOSTILE, PARSERS, check, seeds

from pyengine.core import safejson

ROOT = Path(__file__).resolve().parents[1]
# Parsers that answer over the wire (an error message, a problem noted) rather than raise.
WIRE = {"at-host", "at-guest"}
# Parsers that read JSON: deep, huge or non-text input must be refused, not taken.
JSON_READERS = {"record", "file", "share", "scenario", "scenario-link", "guest-message", "host-message", "tables"}
MUST_REFUSE = {
    "[ x8000",
    "[ x100000",
    '{"a": x8000',
    "mixed x8000",
    "deep then valid",
    "in a record",
    "in a message",
    "huge",
}


@pytest.fixture(scope="module")
def corpus() -> dict[str, list[str]]:
    return seeds()


@pytest.mark.parametrize("name", list(PARSERS))
def test_every_parser_refuses_hostile_text_with_its_own_clear_error(name: str) -> None:
    for key, text in HOSTILE.items():
        line = check(name, text)  # AssertionError on any other exception or a many-line message
        if name in JSON_READERS and key in MUST_REFUSE:
            assert line, f"{name} took {key}"


@pytest.mark.parametrize("name", list(PARSERS))
def test_the_fuzzers_seeds_are_real_inputs_each_parser_takes(name: str, corpus: dict[str, list[str]]) -> None:
    """The harness of tests/fuzz_parsers.py over its seeds and their cut and flipped copies
    (what atheris starts from), so it cannot rot between long fuzz runs."""
    assert corpus[name]
    taken = [check(name, text) is None for text in corpus[name]]
    assert sum(taken) >= len(taken) - 1, f"{name}: its seeds are refused"
    for text in corpus[name][:2]:
        for cut in (1, len(text) // 3, len(text) // 2, len(text) - 1):
            check(name, text[:cut])
            check(name, text[:cut] + "[" * 8000 + text[cut:])
            check(name, text[:cut] + "\udcff" + text[cut + 1 :])


def test_deep_text_never_reaches_json_loads() -> None:
    """In a child with Python's recursion guard lifted (as the browser's C stack, which runs
    out first), every JSON reader refuses a million brackets; json.loads would segfault."""
    code = (
        "import sys; sys.path.insert(0, 'tests'); sys.setrecursionlimit(10**7)\n"
        "from fuzz_parsers import check, PARSERS\n"
        "for name in PARSERS:\n"
        "    for text in ('[' * 1_000_000, '{\"a\":' * 300_000, '[{\"a\":' * 200_000):\n"
        "        check(name, text)\n"
        "print('alive')\n"
    )
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0 and run.stdout.strip() == "alive", (run.returncode, run.stderr[-600:])


@pytest.mark.parametrize(
    ("text", "levels"),
    [
        ("1", 0),
        ("[]", 1),
        ('{"a": [1, {"b": []}]}', 4),
        ('["[[[[", "]", "{{"]', 1),  # brackets inside strings do not count
        ('["\\"[[[", "\\\\", [[]]]', 3),  # nor after an escaped quote; an escaped backslash ends no string
        ('"[[[[', 0),  # an unterminated string: json.loads reads nothing after it
        ("[" * 100_000, 100_000),
    ],
)
def test_the_depth_scan_counts_brackets_outside_strings(text: str, levels: int) -> None:
    assert safejson.depth(text) == levels


def test_safejson_refuses_each_kind_before_parsing_and_keeps_syntax_errors() -> None:
    with pytest.raises(safejson.JsonRefused) as e:
        safejson.loads("[" * 65 + "]" * 65, 1000)
    assert e.value.kind == "depth"
    assert safejson.loads("[" * 64 + "]" * 64, 1000)
    with pytest.raises(safejson.JsonRefused) as e:
        safejson.loads("[1]", 2)
    assert e.value.kind == "size"
    for text in ('"\\udcff"', '"\\ud83dx"', "\udcff", b"\xff\xfe"):
        with pytest.raises(safejson.JsonRefused) as e:
            safejson.loads(text, 1000)
        assert e.value.kind == "text", text
    assert safejson.loads('"\\ud83d\\udc4d \\\\udcff"', 1000) == "👍 \\udcff"  # a pair; an escaped backslash
    with pytest.raises(safejson.JsonRefused) as e:
        safejson.loads("7" * 5000, 10_000)
    assert e.value.kind == "value"
    with pytest.raises(json.JSONDecodeError):
        safejson.loads("[1,", 1000)


def test_a_record_with_half_a_surrogate_pair_is_refused_not_carried_into_a_share_link(corpus) -> None:
    """A name "\\udcff" once loaded, then broke share.encode (UnicodeEncodeError) on Share."""
    from pyengine.core.record import RecordError, load_record

    record = json.loads(corpus["record"][0])
    text = json.dumps({**record, "names": ["\udcff", "B"]})
    assert "\\udcff" in text
    with pytest.raises(RecordError):
        load_record(text)


@pytest.mark.parametrize("template", ["{lis", "{x}", "{n:>999999999}", "{a.__class__}", "{a[0]}", "{a!r}", "{0}", "}{"])
def test_a_hosts_text_is_a_plain_template_or_refused(template: str) -> None:
    """Found by tests/fuzz_parsers.py: Msg formats a received template at once, so "{lis"
    raised ValueError past the guest's ProtocolError handling, and "{n:>999999999}" would
    have made a gigabyte of spaces. Only `{name}` fields with their parameters pass."""
    from skyweb.table.protocol import ProtocolError, text_from_json

    with pytest.raises(ProtocolError):
        text_from_json({"m": template, "p": {"a": 1, "n": 2}})
    assert text_from_json({"m": "{{x}} {a}", "p": {"a": 1}}) == "{x} 1"
    assert text_from_json({"m": "{lis", "p": {}}) == "{lis"  # no parameters: never formatted
