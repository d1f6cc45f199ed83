"""Money is written one way, by one formatter (money.dollars), in each reader's language:
"$14,000" in English, "14 000 $" in French (U+202F between the groups of thousands,
U+00A0 before the sign), "$14,000" in Chinese as the Simplified rulebook's income table
writes it. No French text of the game, in the catalog or a scenario, writes an amount
the English way (issue 50, defect 10)."""

from __future__ import annotations

import ast
import html
import json
import re
from pathlib import Path
from typing import Any

import pytest

from pyengine.core import i18n
from pyengine.core.i18n import Msg, Translator, translate
from pyengine.games.chinatown import words
from pyengine.games.chinatown.money import dollars

from .helpers import G
from .test_render import boards

GAME = Path(__file__).resolve().parents[2] / "pyengine" / "games" / "chinatown"
NNBSP, NBSP = "\u202f", "\u00a0"
# An amount written the English way ("$14,000", "$ 5", "14,000") or with breakable spaces ("14 000 $").
ENGLISH_MONEY = re.compile(r"\$\s?\d|\d,\d{3}(?!\d)")
BREAKABLE = re.compile(r"\d \d{3}(?!\d)|\d \$")


@pytest.mark.parametrize(
    "amount, en, fr",
    [
        (14000, "$14,000", f"14{NNBSP}000{NBSP}$"),
        (5000, "$5,000", f"5{NNBSP}000{NBSP}$"),
        (999, "$999", f"999{NBSP}$"),
        (0, "$0", f"0{NBSP}$"),
        (1234567, "$1,234,567", f"1{NNBSP}234{NNBSP}567{NBSP}$"),
        (50000, "$50,000", f"50{NNBSP}000{NBSP}$"),
        (-1000, "-$1,000", f"-1{NNBSP}000{NBSP}$"),
    ],
)
def test_the_formatter_writes_each_languages_money(amount: int, en: str, fr: str) -> None:
    money = dollars(amount)
    assert money == en and translate(money, "en") == en
    assert translate(money, "fr") == fr
    assert translate(money, "zh-Hans") == en == translate(money, "zh-Hant")  # the rulebook's "$ 14,000"


def test_money_inside_a_sentence_follows_the_sentence_language() -> None:
    assert (
        Translator("fr")("You cannot pay {amount}.", amount=dollars(8000))
        == f"Vous ne pouvez pas payer 8{NNBSP}000{NBSP}$."
    )
    assert translate(words.outlook(0, 1), "fr") == f"+1{NNBSP}000{NBSP}$ par tuile des commerces de taille 3"
    assert G.points_text(12000) == "$12,000"  # the page's tables and chart: English until translated
    assert translate(G.points_text(12000), "fr") == f"12{NNBSP}000{NBSP}$"


def _as_data(text: Any) -> Any:
    """A Msg as plain JSON data, as the online table sends it (template and parameters)."""
    if isinstance(text, Msg):
        return {"m": text.template, "p": {k: _as_data(v) for k, v in text.params.items()}}
    return text


def _from_data(data: Any) -> Any:
    if isinstance(data, dict):
        return Msg(data["m"], {k: _from_data(v) for k, v in data["p"].items()})
    return data


def test_an_amount_sent_as_json_is_still_written_the_readers_way() -> None:
    """Only strings, ints and nested messages: nothing a JSON round trip would lose."""
    money = dollars(1234000)
    again = _from_data(json.loads(json.dumps(_as_data(money))))
    for lang in i18n.LANGUAGES:
        assert translate(again, lang) == translate(money, lang)


def _game_templates() -> set[str]:
    keys = set(G.translatable())
    for path in GAME.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
                func = node.func
                name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
                if name in {"msg", "Msg", "T"} and isinstance(node.args[0].value, str):
                    keys.add(node.args[0].value)
    return keys


def _scenario_french() -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []

    def walk(node: Any, where: str) -> None:
        if isinstance(node, dict):
            if isinstance(node.get("fr"), str) and isinstance(node.get("en"), str):
                out.append((where, node["fr"]))
            for value in node.values():
                walk(value, where)
        elif isinstance(node, list):
            for value in node:
                walk(value, where)

    for path in sorted((GAME / "scenarios").glob("*.json")):
        walk(json.loads(path.read_text(encoding="utf-8")), path.name)
    return out


def test_no_french_text_writes_money_the_english_way() -> None:
    fr = i18n.catalog("fr")
    texts = [(f"catalog {key!r}", fr.get(key, "")) for key in sorted(_game_templates())] + _scenario_french()
    assert len(texts) > 300
    wrong = [f"{where}: {text!r}" for where, text in texts if ENGLISH_MONEY.search(text) or BREAKABLE.search(text)]
    assert not wrong, "\n".join(wrong)
    assert any(f"000{NBSP}$" in text for _, text in texts)  # French amounts are there, the French way


def test_the_french_board_writes_money_the_french_way() -> None:
    for svg in boards("fr"):
        shown = " | ".join(html.unescape(t) for t in re.findall(r">([^<>]+)<", svg))
        assert not ENGLISH_MONEY.search(shown), ENGLISH_MONEY.search(shown)
        assert f"{NBSP}$" in shown  # the viewer's own money, at least
