"""How to play a game, with live boards (learn.html, issue 27): the game's overview
(the Rules button's first page, already in every language) section by section, each
beside a scenario, and the rulebook's worked examples as scenarios.

A game with a guide has `guide.json` beside its modules, its scenario files in
`scenarios/`:

    {"sections": {"<overview section title, in English>": "<scenario file>", ...},
     "examples": ["<scenario file>", ...]}
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass

from .game import Game
from .i18n import Msg
from .pkgdata import package_of, read
from .scenario import Scenario, ScenarioError, load_scenario


@dataclass(frozen=True)
class Section:
    title: Msg
    paragraphs: tuple[Msg, ...]
    scenario: Scenario | None


@dataclass(frozen=True)
class Guide:
    sections: tuple[Section, ...]
    examples: tuple[Scenario, ...]


def load_guide(game: Game) -> Guide:
    """The game's guide; ScenarioError if it names a section the overview lacks or a
    scenario file that is missing or broken."""
    package = package_of(game)
    raw = read(package, "guide.json")
    if raw is None:
        raise ScenarioError(f"{game.title} has no guide")
    data = json.loads(raw)
    overview = {str(title): (title, paragraphs) for title, paragraphs in game.overview()}
    unknown = sorted(set(data.get("sections", {})) - set(overview))
    if unknown:
        raise ScenarioError(f"{package}/guide.json: no overview section {unknown[0]!r}")

    def scenario(name: str) -> Scenario:
        text = _scenario_file(package.rpartition(".")[2], name)
        if text is None:
            raise ScenarioError(f"{package}/scenarios/{name} is missing")
        return load_scenario(text.decode("utf-8"))

    chosen = data.get("sections", {})
    return Guide(
        sections=tuple(
            Section(title, tuple(paragraphs), scenario(chosen[key]) if key in chosen else None)
            for key, (title, paragraphs) in overview.items()
        ),
        examples=tuple(scenario(name) for name in data.get("examples", [])),
    )


def _scenario_file(game: str, name: str) -> bytes | None:
    """pyengine/games/<game>/scenarios/<name>, read through this module's own loader: the
    page ships the scenarios in study.zip beside this module (build.py), not in the
    game's zip, so that a game's first visit does not download its guide."""
    path = os.path.normpath(os.path.join(os.path.dirname(__file__), "..", "games", game, "scenarios", name))
    try:
        return __spec__.loader.get_data(path)  # type: ignore[union-attr]
    except OSError:
        return None
