"""Each game's short player overview (what the Rules button shows first): a few sections
of plain, translated sentences, with none of the maintainers' reference vocabulary."""

from __future__ import annotations

import re
from importlib import import_module

import pytest

import pyengine
from pyengine.core import i18n
from pyengine.core.i18n import Msg

OTHERS = [lang for lang in i18n.LANGUAGES if lang != i18n.DEFAULT]
# Words that belong to RULES.md and the data specs, never to a player's first read.
MAINTAINER_WORDS = ("DESIGNED", "SOURCED", "INFERRED", "SEED", ".py", "tests/", "RULES.md", "data.md", "`", "**")
# Internal ids and move syntax (grid codes, lot ids, card ids, "card 7 city 2").
INTERNAL = re.compile(r"\bc\d+r\d+\b|\b[A-Z]\d{2}\b|\bcard \d+ city\b|\brot \d\b")


def overview(game: str) -> tuple[tuple[Msg, tuple[Msg, ...]], ...]:
    return import_module(f"{pyengine.GAMES[game]}.overview").OVERVIEW


def texts(game: str) -> list[Msg]:
    return [t for heading, paragraphs in overview(game) for t in (heading, *paragraphs)]


@pytest.mark.parametrize("game", sorted(pyengine.GAMES))
def test_every_game_has_a_short_overview_in_sections(game: str) -> None:
    sections = overview(game)
    assert 3 <= len(sections) <= 6
    for heading, paragraphs in sections:
        assert isinstance(heading, Msg) and heading.strip()
        assert 1 <= len(paragraphs) <= 4, heading
        assert all(isinstance(p, Msg) and p.strip() for p in paragraphs), heading
    # Short enough to read on a phone.
    assert 120 <= sum(len(t.split()) for t in texts(game)) <= 280


@pytest.mark.parametrize("game", sorted(pyengine.GAMES))
def test_the_overview_has_no_maintainer_words(game: str) -> None:
    for text in texts(game):
        for word in MAINTAINER_WORDS:
            assert word not in text, (word, text)
        assert not INTERNAL.search(text), text
        assert not text.params, text  # plain sentences: nothing to fill in


@pytest.mark.parametrize("lang", OTHERS)
@pytest.mark.parametrize("game", sorted(pyengine.GAMES))
def test_every_overview_text_is_translated(game: str, lang: str) -> None:
    catalog = i18n.catalog(lang)
    missing = [t.template for t in texts(game) if not catalog.get(t.template, "").strip()]
    assert not missing, f"{game}: {len(missing)} texts have no {lang} translation, e.g. {missing[:3]}"
