"""A scenario drawn in advance, for pages with many boards (issue 49).

`embed.html?scenario=` starts Python in every frame: about 110 MB and a whole Pyodide
start per board, for boards that mostly only show positions. A baked study is the same
scenario with every step already drawn, in one language: `view.html` pages through it
with a few kilobytes of JavaScript and starts no Python. A reader who begins a task
follows the study's link to `embed.html?scenario=...&step=K`, where the engine checks
the move.

    {"baked": 1, "game": "manhattan", "lang": "fr", "title": str,
     "scenario": "<embed.html?scenario= word>",
     "words": {"first": str, "back": str, "forward": str, "last": str, "slider": str,
               "position": "{k} / {n}", "try": str},
     "steps": [{"at": int, "svg": str, "portrait": str (games with a portrait drawing),
                "caption": str, "ask": str (a step that asks a task)}]}

Each step's drawing is the embed's own (the same `render` with the same marks), so a
baked step and the live one show the same board; the caption is text beside it, not in
the drawing, so the page can wrap and scale it.
"""

from __future__ import annotations

import json
from typing import Any

from . import share
from .annotate import annotate
from .i18n import Translator
from .scenario import Scenario, scores_line, steps_shown, text

FORMAT = 1


def link_word(source: str) -> str:
    """A scenario file's text packed for `embed.html?scenario=` (`scenario link`)."""
    return share.pack(json.dumps(json.loads(source), separators=(",", ":"), ensure_ascii=False))


def bake(scenario: Scenario, lang: str, source: str) -> dict[str, Any]:
    """Every step of `scenario` drawn in `lang`; `source` is the scenario file's text,
    packed into the link a reader follows to answer a task."""
    T = Translator(lang)
    names = [T("Player {n}", n=p + 1) for p in range(scenario.record["players"])]
    game = scenario.position(0)[0]
    steps = []
    for step in steps_shown(scenario):
        _, state = scenario.position(step.at)
        view = game.view(state, scenario.viewer)
        shown: dict[str, Any] = {"at": step.at}
        shown["svg"] = annotate(game.render(view, scenario.viewer, names=names, lang=lang), step.highlight, step.arrows)
        if game.portrait:
            drawn = game.render(view, scenario.viewer, names=names, lang=lang, portrait=True)
            shown["portrait"] = annotate(drawn, step.highlight, step.arrows)
        caption = text(step.caption, lang)
        if step.scores:
            caption = f"{caption} {scores_line(game, state, names, lang)}".strip()
        shown["caption"] = caption
        task = next((t for t in scenario.tasks if t.at == step.at), None)
        if task is not None:
            shown["ask"] = text(task.ask, lang)
        steps.append(shown)
    return {
        "baked": FORMAT,
        "game": scenario.record["game"],
        "lang": lang,
        "title": text(scenario.title, lang),
        "scenario": link_word(source),
        "words": {
            "first": T("First step"),
            "back": T("One step back"),
            "forward": T("One step forward"),
            "last": T("Last step"),
            "slider": T("Step of the scenario"),
            "position": T("{k} / {n}"),
            "try": T("Answer on the live board"),
        },
        "steps": steps,
    }
