#!/usr/bin/env python3
"""Write the lobby as Python would draw it, for the page to show before Python is up:
dist/lobby/<lang>.json, one file per language.

    PYTHONPATH=<folder holding pyengine><pathsep><web folder> python3 build_scripts/prelobby.py OUT_DIR INDEX_HTML

Each file holds what web/prelobby.mjs needs for a first paint in that language:

  forms      {game: the lobby form with that game chosen}: skyweb.panels.lobby_html
             itself, with no saved game (Python adds its Resume row) and a blank seed
             (the page fills in a random one, as skyweb.params.random_seed would)
  titles     {game: its title}, for the start-a-game screen (?game=...)
  texts      {English: translation} of what the page says while Python loads
             (skyweb.panels.BOOT_TEXTS) and of the top bar's data-i18n texts in INDEX_HTML
  languages  {code: the language's own name}, the language menu

The same code draws the lobby here and in the page, so Python can take the form over
as the player left it (skyweb/lobby.py, adopt_lobby). About 3.5 KB gzipped a language.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from skyweb import panels

import pyengine
from pyengine import TITLES
from pyengine.core.i18n import LANGUAGES, Translator, translate

_TOPBAR = re.compile(r'<header class="topbar">.*?</header>', re.S)
_I18N = re.compile(r'data-i18n(?:-[a-z-]+)?="([^"]+)"')


def topbar_texts(index_html: str) -> list[str]:
    """The data-i18n texts of index.html's top bar: the part of the page around the lobby."""
    bar = _TOPBAR.search(index_html)
    if not bar:
        raise SystemExit('prelobby.py: index.html has no <header class="topbar">')
    return sorted(set(_I18N.findall(bar.group(0))))


def lobby_data(lang: str, games: pyengine.Games, topbar: list[str]) -> dict:
    T = Translator(lang)
    texts = {m.template: translate(m, lang) for m in panels.BOOT_TEXTS}
    texts.update({key: T(key) for key in topbar})
    return {
        "lang": lang,
        "languages": LANGUAGES,
        "titles": {name: T(TITLES[name]) for name in games},
        "texts": texts,
        "forms": {name: panels.lobby_html(games, name, None, "", lang) for name in games},
    }


def main(out: Path, index_html: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    games = pyengine.Games()
    topbar = topbar_texts(index_html.read_text(encoding="utf-8"))
    for lang in LANGUAGES:
        data = lobby_data(lang, games, topbar)
        (out / f"{lang}.json").write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]))
