"""The engine's parts a first visit may not need: each game's package
(dist/games/<name>.zip) and each language's texts (dist/i18n/<lang>.json).

A first visit fetches one game and one language, not four of each (build.py splits
them out; web/boot.mjs starts their download beside Pyodide's). What is asked for
before it has arrived is fetched there and then, synchronously: a game by the import
of its package (GameFinder), a language by the catalog loader of pyengine.core.i18n.
After data-ready, `fetch_rest` brings the others in the background, so that a later
choice of game or language finds them here.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
from typing import Any

from js import XMLHttpRequest, window

import pyengine
import pyengine.core
import pyengine.games
import skyweb
import skyweb.table
from pyengine.core import i18n

HOME = "/home/pyodide/parts"
_games: set[str] = set()  # mounted


def game_url(name: str) -> str:
    return f"./games/{name}.zip"


def language_url(lang: str) -> str:
    return f"./i18n/{lang}.json"


def mount_game(name: str, data: bytes) -> None:
    """Put a game's zip where zipimport finds its package: pyengine.games' path."""
    if name in _games:
        return
    os.makedirs(HOME, exist_ok=True)
    path = f"{HOME}/{name}.zip"
    with open(path, "wb") as f:
        f.write(data)
    pyengine.games.__path__.append(f"{path}/pyengine/games")
    _games.add(name)


async def fetch_bytes(url: str) -> bytes | None:
    """A file's bytes, or None for an HTTP error (window.skylineFetch of web/boot.mjs,
    which hands over what it started fetching early)."""
    response = await window.skylineFetch(url)
    return (await response.arrayBuffer()).to_bytes() if response.ok else None


async def fetch_study() -> None:
    """study.zip (build.py's STUDY: scenarios, the guide and their page code). Only
    embed.html and learn.html need it."""
    await fetch_part("study")


async def fetch_part(name: str) -> None:
    """dist/<name>.zip (build.py's PARTS) mounted where its modules belong, beside
    pyengine.core's and skyweb's own, as a game's zip is beside pyengine.games'."""
    path = f"{HOME}/{name}.zip"
    if os.path.exists(path):
        return
    data = await fetch_bytes(f"./{name}.zip")
    if data is None:
        raise ImportError(f"{name}.zip: the server did not send it")
    mount_part(name, data)


def mount_part(name: str, data: bytes) -> None:
    path = f"{HOME}/{name}.zip"
    os.makedirs(HOME, exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)
    pyengine.core.__path__.append(f"{path}/pyengine/core")
    skyweb.__path__.append(f"{path}/skyweb")
    # skyweb.table's page half is in engine.zip and already imported (ui.App is built
    # of it): its pure half joins the same package from here.
    skyweb.table.__path__.append(f"{path}/skyweb/table")


def _bytes_now(url: str) -> bytes:
    """A binary file, synchronously (a game asked for before its fetch ended). The
    x-user-defined charset maps byte b to the code unit b or 0xF700 + b: the low bytes
    of the text's UTF-16 are the file."""
    request = XMLHttpRequest.new()
    request.open("GET", url, False)
    request.overrideMimeType("text/plain; charset=x-user-defined")
    request.send(None)
    if request.status != 200:
        raise OSError(f"{url}: HTTP {request.status}")
    return str(request.responseText).encode("utf-16-le")[::2]


class GameFinder:
    """A meta path finder that only fetches: when pyengine.games.<name> is imported and
    not mounted yet, it mounts it and lets the normal path finder import it."""

    def find_spec(self, fullname: str, path: Any = None, target: Any = None) -> None:
        parts = fullname.split(".")
        if (
            len(parts) == 3
            and parts[:2] == ["pyengine", "games"]
            and parts[2] in pyengine.GAMES
            and parts[2] not in _games
        ):
            try:
                mount_game(parts[2], _bytes_now(game_url(parts[2])))
            except OSError as e:
                raise ImportError(str(e)) from e
        return None


def _language_now(lang: str) -> dict[str, str]:
    return json.loads(_bytes_now(language_url(lang)))


def install() -> None:
    """Fetch whatever is missing when it is first needed."""
    if not any(isinstance(f, GameFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, GameFinder())
    i18n.set_catalog_loader(_language_now)


async def _fetch_game(name: str) -> None:
    if name in _games:
        return
    data = await fetch_bytes(game_url(name))
    if data is not None and name not in _games:
        mount_game(name, data)


async def _fetch_language(lang: str) -> None:
    if lang == i18n.DEFAULT or i18n.has_catalog(lang):
        return
    data = await fetch_bytes(language_url(lang))
    if data is not None:
        i18n.add_catalog(lang, json.loads(data))


async def start() -> None:
    """Install the fetch-on-demand, and wait for the parts web/boot.mjs chose to start
    downloading with Pyodide (window.skylineParts: the URL's game or the lobby's, and
    the page's language): fetched again here, they come from that download."""
    install()
    chosen = getattr(window, "skylineParts", None)
    if chosen:
        await fetch([str(g) for g in chosen.games], [str(lang) for lang in chosen.langs])


async def fetch(games: list[str], langs: list[str]) -> None:
    """Fetch these games and languages at once (those known to be needed)."""
    await asyncio.gather(
        *(_fetch_game(g) for g in games if g in pyengine.GAMES),
        *(_fetch_language(lang) for lang in langs if lang in i18n.LANGUAGES),
    )


async def fetch_rest() -> None:
    """Everything not fetched yet, one file at a time (after data-ready: the page is
    in use, and this must not crowd what it asks for)."""
    for name in pyengine.GAMES:
        await _fetch_game(name)
    for lang in i18n.LANGUAGES:
        await _fetch_language(lang)
