"""JSON from a stranger: the size and the nesting bounded before the parse.

Every parser that reads text from outside (a table message, a share link, a record
file, a scenario, the page's stored tables) calls `loads` here rather than json.loads.
`json.loads` recurses once per `[` or `{`: in CPython its recursion guard fires first
(RecursionError), but in the browser Pyodide's WASM C stack runs out before that, at
~7,000 levels, and the interpreter dies ("Maximum call stack size exceeded", then
"Recursive call to fatal_error" for every later message). So the depth is measured by
a linear scan of the text (brackets outside strings) and refused before json.loads
ever sees it; a text too long is refused before the scan. Each refusal is a `JsonRefused`
(a ValueError) whose `kind` says why ("size", "text", "depth", "value"); a caller turns it
into its own error type and words (ProtocolError, RecordError, ScenarioError: their
translated messages), so this module has no words of its own for a person. A syntax
error stays a json.JSONDecodeError, so a caller can name the line as before.
"""

from __future__ import annotations

import json
import re
from itertools import accumulate
from typing import Any

# The deepest legitimate input: a table message's log line nests two levels per item of a
# list (protocol.MAX_DEPTH, 200, passes its own bound); a record nests 2 levels, a
# scenario 5, the page's stored tables 3. 64 is far above those and, at ~1% of the
# ~7,000 levels where Pyodide's stack runs out, far below any crash.
MAX_DEPTH = 64

# What the scan drops: a JSON string, escapes included (an unterminated one runs to the end,
# as json.loads reads no bracket after it; possessive, so no backtracking: linear time),
# then anything that is not a bracket.
_STRING = re.compile(r'"[^"\\]*+(?:\\.[^"\\]*+)*+"?', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


class JsonRefused(ValueError):
    """Text refused before or instead of parsing. `kind`: "size" (too long), "text" (not
    valid Unicode), "depth" (nested too deep), "value" (a value json cannot hold, such as
    a number of thousands of digits); args[0] says it in English, for a log."""

    def __init__(self, kind: str, why: str) -> None:
        super().__init__(why)
        self.kind = kind


def depth(text: str) -> int:
    """How deep the brackets of `text` nest outside its strings (0 for a scalar): one
    pass of the regex engine and of accumulate, no Python loop per character, no recursion."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    return max(accumulate(map(_STEP.__getitem__, brackets)), default=0)


def loads(text: Any, max_chars: int, max_depth: int = MAX_DEPTH) -> Any:
    """json.loads(text) once `text` is shown to be text of at most `max_chars` characters,
    valid Unicode, nesting at most `max_depth` levels; JsonRefused otherwise (also for
    what json.loads itself cannot hold: a number of thousands of digits, a lone surrogate).
    A malformed text raises json.JSONDecodeError, as json.loads does."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise JsonRefused("text", "not text (invalid UTF-8)") from None
    if not isinstance(text, str):
        raise JsonRefused("text", "not text")
    if len(text) > max_chars:
        raise JsonRefused("size", f"{len(text)} characters, more than the {max_chars} allowed")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise JsonRefused("text", "not text (a lone surrogate)") from None
    if depth(text) > max_depth:
        raise JsonRefused("depth", f"nested deeper than {max_depth} levels")
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        raise
    except (ValueError, RecursionError, MemoryError):  # e.g. an integer of 5,000 digits
        raise JsonRefused("value", "a value JSON cannot hold (huge numbers)") from None
    if "\\u" in text:  # an escape may have made half a surrogate pair: "\udcff"
        try:
            json.dumps(data, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:
            raise JsonRefused("text", "not text (a lone surrogate)") from None
    return data
