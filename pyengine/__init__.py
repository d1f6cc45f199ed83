"""Skyline rules engine: pure Python, standard library only, runs in CPython and Pyodide."""
from __future__ import annotations

from importlib import import_module

from .core.game import Game, IllegalMove  # noqa: F401 (public API)

# Registered games: name -> module path (imported on first use to keep start-up light).
GAMES = {
    "manhattan": "pyengine.games.manhattan",
    "newyork1901": "pyengine.games.newyork1901",
    "chinatown": "pyengine.games.chinatown",
    "brussels1893": "pyengine.games.brussels1893",
}


def load_game(name: str) -> Game:
    """The Game object registered as `name`; KeyError if there is none."""
    if name not in GAMES:
        raise KeyError(name)
    return import_module(GAMES[name]).GAME
