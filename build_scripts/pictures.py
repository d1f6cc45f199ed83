#!/usr/bin/env python3
"""Write one picture of each game's board for the lobby: dist/boards/<game>.svg.

    PYTHONPATH=<folder holding pyengine><pathsep><the checkout> python3 build_scripts/pictures.py OUT_DIR

Each picture is the game's own renderer at a game's start, kept as a plain image: its
texts, tooltips and click targets are dropped, as at the size of a lobby card they
would be unreadable anyway, and its shapes are merged into as few elements as paint
order allows (build_scripts/flatsvg.py: the page's main thread parses an <img>'s SVG,
at a cost that goes with its elements). About 13 KB gzipped in all.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pyengine
from build_scripts.flatsvg import flatten

_TEXT = re.compile(r"<title>.*?</title>|<text\b[^>]*>.*?</text>|<text\b[^>]*/>", re.S)
_ATTRS = re.compile(r' (?:data-[a-z-]+|aria-[a-z]+|tabindex|role|focusable)="[^"]*"')
SEED = 7  # any seed: the picture shows the board, not a game


def drawing(name: str) -> str:
    """The game's board at its start as its renderer draws it, texts and targets dropped."""
    game = pyengine.load_game(name)
    players = 4 if 4 in game.player_counts else max(game.player_counts)
    state = game.new_game(players, SEED)
    svg = game.render(game.view(state, None), None, choices=None, selected=())
    svg = _ATTRS.sub("", _TEXT.sub("", svg))
    if "xmlns=" not in svg[:300]:  # an <img> shows only a namespaced SVG
        svg = svg.replace("<svg", '<svg xmlns="http://www.w3.org/2000/svg"', 1)
    return svg


def picture(name: str) -> str:
    """The lobby's picture of the game's board."""
    return flatten(drawing(name))


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    for name in pyengine.GAMES:
        (out / f"{name}.svg").write_text(picture(name), encoding="utf-8")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
