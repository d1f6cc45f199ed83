"""The page's small Markdown reader (web/skyweb/markdown.py), in CPython."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "web")]

from skyweb.markdown import markdown_html  # noqa: E402

import pyengine  # noqa: E402


def test_blocks_and_inline_marks() -> None:
    html = markdown_html(
        "# Title\n\nA *b* **c** `d <e>`\nstill the paragraph.\n\n- one\n  more\n- two\n\n"
        "1. first\n2. second\n\n| a | b |\n|---|---|\n| 1 | 2 |\n"
    )
    assert html.split("\n") == [
        "<h2>Title</h2>",
        "<p>A <em>b</em> <strong>c</strong> <code>d &lt;e&gt;</code> still the paragraph.</p>",
        "<ul><li>one more</li><li>two</li></ul>",
        "<ol><li>first</li><li>second</li></ol>",
        "<table><thead><tr><th>a</th><th>b</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>",
    ]


@pytest.mark.parametrize("name", list(pyengine.GAMES))
def test_every_game_ships_a_rules_reference_the_page_can_show(name: str) -> None:
    html = markdown_html(pyengine.load_game(name).rules_reference())
    assert html.startswith("<h2>") and "DESIGNED" in html
    assert "<script" not in html
