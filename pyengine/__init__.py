"""Skyline rules engine: pure Python, standard library only, runs in CPython and Pyodide."""

from __future__ import annotations

from importlib import import_module

from .core.game import Game, IllegalMove  # noqa: F401 (public API)
from .core.i18n import msg

# Registered games: name -> module path (imported on first use to keep start-up light).
GAMES = {
    "manhattan": "pyengine.games.manhattan",
    "newyork1901": "pyengine.games.newyork1901",
    "chinatown": "pyengine.games.chinatown",
    "brussels1893": "pyengine.games.brussels1893",
}


# Their titles, so a menu of games needs no game imported (tests/test_core.py checks
# that each matches its Game.title).
TITLES = {
    "manhattan": "Manhattan",
    "newyork1901": "New York 1901",
    "chinatown": "Chinatown",
    "brussels1893": "Brussels 1893",
}

# What the lobby says of each game before one is imported: one line on what it is, the
# player counts (tests/test_core.py checks them against Game.player_counts) and how long
# a game takes as the box or the rulebook says, in minutes.
ABOUT = {
    "manhattan": (
        msg("Build skyscrapers in six cities of the world: hold the majority in each city and the tallest building."),
        (2, 4),
        (30, 30),
    ),
    "newyork1901": (
        msg("Acquire lots in Lower Manhattan and build ever taller skyscrapers on them, street by street."),
        (2, 4),
        (30, 60),
    ),
    "chinatown": (
        msg(
            "Trade lots and shop tiles, then build shops in New York's Chinatown: the bigger the shop, "
            "the more it earns."
        ),
        (3, 5),
        (60, 60),
    ),
    "brussels1893": (
        msg(
            "As an Art Nouveau architect, build houses, make works of art and win the favour of the nobles of Brussels."
        ),
        (2, 5),
        (60, 120),
    ),
}


class Games:
    """name -> Game, each game imported when first asked for: the page's lobby lists
    every game (by TITLES) but imports only the one chosen."""

    def __init__(self) -> None:
        self._loaded: dict[str, Game] = {}

    def __getitem__(self, name: str) -> Game:
        if name not in self._loaded:
            self._loaded[name] = load_game(name)
        return self._loaded[name]

    def __contains__(self, name: object) -> bool:
        return name in GAMES

    def __iter__(self):
        return iter(GAMES)

    def get(self, name: str, default: Game | None = None) -> Game | None:
        return self[name] if name in GAMES else default


def load_game(name: str) -> Game:
    """The Game object registered as `name`; KeyError if there is none."""
    if name not in GAMES:
        raise KeyError(name)
    return import_module(GAMES[name]).GAME
