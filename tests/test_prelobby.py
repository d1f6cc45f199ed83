"""build_scripts/prelobby.py: the lobby the page shows before Python (web/prelobby.mjs)
is the one Python draws, in every language, small, with every text the loading screen
shows translated."""

from __future__ import annotations

import gzip
import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT / "web") not in sys.path:
    sys.path.insert(0, str(ROOT / "web"))

from skyweb import panels  # noqa: E402

import pyengine  # noqa: E402
from build_scripts import prelobby  # noqa: E402
from pyengine.core.i18n import LANGUAGES, Translator  # noqa: E402

BUDGET = 5_000  # gzip bytes of one language's file: what a first paint of the lobby fetches besides the pictures


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("lobby")
    prelobby.main(out, ROOT / "web" / "index.html")
    return out


def test_one_file_per_language(written: Path) -> None:
    assert sorted(p.name for p in written.iterdir()) == sorted(f"{lang}.json" for lang in LANGUAGES)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_forms_are_the_ones_python_draws(written: Path, lang: str) -> None:
    data = json.loads((written / f"{lang}.json").read_text(encoding="utf-8"))
    games = pyengine.Games()
    assert list(data["forms"]) == list(pyengine.GAMES)  # the first is the one the lobby opens on
    for name, form in data["forms"].items():
        assert form == panels.lobby_html(games, name, None, "", lang)
        assert 'name="seed" id="lobby-seed" value=""' in form  # the page fills in a random one
        assert 'class="resume"' not in form  # only Python knows the saved game
        assert f'value="{name}" checked' in form
    assert data["lang"] == lang and data["languages"] == LANGUAGES
    T = Translator(lang)
    assert data["titles"] == {name: T(pyengine.TITLES[name]) for name in pyengine.GAMES}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_language_is_a_few_kilobytes(written: Path, lang: str) -> None:
    size = len(gzip.compress((written / f"{lang}.json").read_bytes(), 9))
    assert size <= BUDGET, f"{lang}.json is {size} bytes gzipped"


def loading_texts() -> set[str]:
    """The English texts the loading screen can show: index.html's stages and T(...)
    calls, app.py's progress, prelobby.mjs's texts."""
    index = (ROOT / "web" / "index.html").read_text(encoding="utf-8")
    app = (ROOT / "web" / "app.py").read_text(encoding="utf-8")
    module = (ROOT / "web" / "prelobby.mjs").read_text(encoding="utf-8")
    found = set(re.findall(r'\[\d+, "([^"]+)"\]', index))
    found |= set(re.findall(r'\bT\("([^"]+)"\)', index))
    found |= set(re.findall(r'skylineProgress\("([^"]+)"', index + app))
    found |= set(re.findall(r'texts\["([^"]+)"\]', module))
    found |= set(re.findall(r'let [^;]*text = "([^"]+)"', index))
    return found


def test_every_loading_text_is_in_the_files() -> None:
    texts = loading_texts()
    assert {
        "Starting Python…",
        "Loading the game engine…",
        "Ready",
        "{loaded} / {total} MB",
        "Could not start: {why}. Try reloading the page.",
        "Loading…",
    } <= texts
    assert texts <= {m.template for m in panels.BOOT_TEXTS}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_top_bar_and_loading_texts_are_translated(written: Path, lang: str) -> None:
    texts = json.loads((written / f"{lang}.json").read_text(encoding="utf-8"))["texts"]
    assert {"Rules", "Language", "Menu"} <= set(texts)
    assert {m.template for m in panels.BOOT_TEXTS} <= set(texts)
    if lang == "fr":
        assert texts["Rules"] == "Règles" and texts["{loaded} / {total} MB"] == "{loaded} / {total} Mo"
