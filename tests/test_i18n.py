"""Every text a person sees exists in every language, with the same {fields}.

English templates are the keys (gettext style, see pyengine/core/i18n.py). The keys
are found by reading the sources: the first argument of every `msg("...")`,
`Msg("...")` and `T("...")` call (string literals only), plus each game's
`translatable()` (names that travel as data). The page's static text is the
`data-i18n*` attributes of web/*.html.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

import pyengine
from pyengine.core import i18n

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted([*ROOT.glob("pyengine/**/*.py"), *ROOT.glob("web/**/*.py")])
CALLS = {"msg", "Msg", "T"}


def literal_templates(path: Path) -> set[str]:
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and node.args:
            name = (
                node.func.id
                if isinstance(node.func, ast.Name)
                else node.func.attr
                if isinstance(node.func, ast.Attribute)
                else None
            )
            first = node.args[0]
            if name in CALLS and isinstance(first, ast.Constant) and isinstance(first.value, str):
                out.add(first.value)
    return out


def html_templates() -> set[str]:
    out = set()
    for page in ROOT.glob("web/*.html"):
        out |= set(re.findall(r'data-i18n(?:-[a-z-]+)?="([^"]+)"', page.read_text(encoding="utf-8")))
    return out


def all_templates() -> set[str]:
    keys = html_templates()
    for path in SOURCES:
        keys |= literal_templates(path)
    for name in pyengine.GAMES:
        keys |= set(pyengine.load_game(name).translatable())
    return {k for k in keys if k.strip()}


KEYS = all_templates()
OTHERS = [lang for lang in i18n.LANGUAGES if lang != i18n.DEFAULT]


def test_the_extraction_finds_the_texts_it_should() -> None:
    # A few texts known to be shown, from each kind of source.
    for known in ("Undo", "Pass the device to", "Manhattan", "Round {n}", "Score over time"):
        assert known in KEYS, known
    assert len(KEYS) > 150


@pytest.mark.parametrize("lang", OTHERS)
def test_every_text_is_translated(lang: str) -> None:
    catalog = i18n.catalog(lang)
    missing = sorted(KEYS - set(catalog))
    assert not missing, f"{len(missing)} texts have no {lang} translation, e.g. {missing[:15]}"


@pytest.mark.parametrize("lang", OTHERS)
def test_no_stale_translations(lang: str) -> None:
    stale = sorted(set(i18n.catalog(lang)) - KEYS)
    assert not stale, f"{lang} translates texts no longer used: {stale[:15]}"


@pytest.mark.parametrize("lang", OTHERS)
def test_translations_use_the_same_fields(lang: str) -> None:
    bad = [(k, v) for k, v in i18n.catalog(lang).items() if i18n.fields(k) != i18n.fields(v) or not v.strip()]
    assert not bad, f"{lang}: fields differ or text empty in {bad[:10]}"


@pytest.mark.parametrize("lang", OTHERS)
def test_catalog_files_are_plain_sorted_json(lang: str) -> None:
    path = ROOT / "pyengine" / "i18n" / f"{lang}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    assert list(data) == sorted(data), "keep the file sorted, so changes read as small diffs"


def test_translate_falls_back_to_english_and_translates_parameters() -> None:
    m = i18n.msg("{who} wins.", who=i18n.msg("Player {n}", n=2))
    assert m == "Player 2 wins."
    assert i18n.translate(m, "en") == "Player 2 wins."
    fr = i18n.catalog("fr")
    if "{who} wins." in fr and "Player {n}" in fr:
        assert i18n.translate(m, "fr") == fr["{who} wins."].format(who=fr["Player {n}"].format(n=2))
    unknown = i18n.msg("a text nobody translated")
    assert i18n.translate(unknown, "fr") == "a text nobody translated"
    assert ("fr", "a text nobody translated") in i18n.MISSING


def test_a_games_own_word_is_a_key_with_its_context() -> None:
    """Brussels 1893's Market action and New York 1901's property market are one English
    word and two words elsewhere: the context is a part of the key, never of the text."""
    ours = i18n.msg("brussels1893|Market")
    assert ours == "Market" and i18n.english(ours.template) == "Market"
    assert i18n.translate(ours, "en") == "Market" and i18n.Translator("en")("brussels1893|Market") == "Market"
    assert i18n.translate(ours, "zh-Hant") == "市場" == i18n.Translator("zh-Hant")("brussels1893|Market")
    assert i18n.translate(i18n.msg("Market"), "zh-Hant") == "現有市場"
    # Untranslated, a context key still reads as its English text, never as "game|…".
    assert i18n.translate(i18n.msg("chinatown|a text nobody translated"), "fr") == "a text nobody translated"
    assert i18n.Translator("fr")("chinatown|{n} left", n=2) == "2 left"
    # Only a lower-case game id is a context: other text with a bar stays whole.
    assert i18n.english("A | B") == "A | B" and i18n.english("Rotate|R") == "Rotate|R"


@pytest.mark.parametrize(
    "tags, lang",
    [
        (["zh-TW", "en"], "zh-Hant"),
        (["zh-HK"], "zh-Hant"),
        (["zh-Hant-HK"], "zh-Hant"),
        (["zh-CN"], "zh-Hans"),
        (["zh"], "zh-Hans"),
        (["fr-CA", "en"], "fr"),
        (["de", "fr"], "fr"),
        (["de", "es"], "en"),
        ([], "en"),
    ],
)
def test_the_browser_language_picks_a_supported_one(tags: list[str], lang: str) -> None:
    assert i18n.pick_language(tags) == lang
