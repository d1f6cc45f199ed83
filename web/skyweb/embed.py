"""embed.html: one board of a game record with step controls, nothing else.

For pages that explain the rules: `embed.html?record=<share word>&step=K` or
`embed.html?src=<URL of a record .json>&step=K`; optional `lang=fr` and `player=N`
(whose hand to show; by default nobody's, as a spectator sees it). The board is
sized to the frame it is put in. `embed.html?scenario=<share word or URL>` shows a
scenario instead (skyweb/study.py).
"""

from __future__ import annotations

import asyncio
import re
from typing import Any

from pyodide.ffi import create_proxy
from pyscript import document, window

from pyengine.core import share
from pyengine.core.i18n import LANGUAGES, Translator, msg, translate
from pyengine.core.record import RecordError, load_record, replay
from pyengine.core.scenario import Scenario, check_scenario, load_scenario, text

from . import learn, parts
from .dom import el, page_language
from .params import parse_query
from .session import reason
from .study import StepControls, Study, drawing_args


class Embed(StepControls):
    def __init__(self, record: dict[str, Any], step: int | None, viewer: int | None, lang: str) -> None:
        self.record = record
        self.lang = lang
        self.viewer = viewer
        self.game, first = replay(record, 0)
        # Every position once, up front: stepping is then only drawing.
        self.states = [first]
        for move in record["moves"]:
            self.states.append(self.game.apply(self.states[-1], move))
        n = len(record["moves"])
        self.at = n if step is None else max(0, min(n, step))
        T = Translator(lang)
        self.bind_controls(
            (T("First position"), T("One move back"), T("One move forward"), T("Last position")),
            T("Position in the game"),
        )
        zoom_out = document.querySelector("[data-zoom=out]")
        if zoom_out:
            zoom_out.setAttribute("aria-label", T("Show the whole board"))
            zoom_out.setAttribute("title", T("Show the whole board"))
        self.draw()

    def draw(self) -> None:
        T = Translator(self.lang)
        state = self.states[self.at]
        n = len(self.states) - 1
        names = [T("Player {n}", n=p + 1) for p in range(self.record["players"])]
        el("embed-board").innerHTML = self.game.render(
            self.game.view(state, self.viewer),
            self.viewer,
            choices=None,
            selected=(),
            names=names,
            lang=self.lang,
            **drawing_args(self.game),
        )
        self.show_controls(self.at, n, T("{k} / {n}", k=self.at, n=n))
        document.body.setAttribute("data-position", str(self.at))

    def go(self, k: int) -> None:
        self.at = max(0, min(len(self.states) - 1, k))
        self.draw()

    @property
    def index(self) -> int:
        return self.at


def fail(message: str) -> None:
    el("embed-board").textContent = message
    document.body.setAttribute("data-failed", "")


async def fetch_text(url: str) -> str:
    response = await window.fetch(url)
    if not response.ok:
        raise RecordError(msg("{url}: HTTP {status}", url=url, status=response.status))
    return str(await response.text())


async def load(query: dict[str, str]) -> dict[str, Any]:
    if "record" in query:
        return share.decode(query["record"])
    if "src" in query:
        return load_record(await fetch_text(query["src"]))
    raise RecordError(
        msg(
            "give the game as ?record=<share link word>, ?src=<URL of a record .json> "
            "or ?scenario=<scenario link word or URL>"
        )
    )


async def load_study(where: str) -> Scenario:
    """A scenario packed like a share link (1.<...>) or at a URL; checked against the
    rules before it is shown (an id the board lacks, an answer that fails)."""
    packed = re.fullmatch(r"\d+\.[A-Za-z0-9_-]+", where.strip())
    scenario = load_scenario(share.unpack(where) if packed else await fetch_text(where))
    await parts.fetch([scenario.record["game"]], [])
    check_scenario(scenario)
    return scenario


async def record_view(query: dict[str, str], lang: str) -> Embed:
    record = await load(query)
    await parts.fetch([record["game"]], [])
    step = int(query["step"]) if query.get("step", "").lstrip("-").isdigit() else None
    player = int(query["player"]) - 1 if query.get("player", "").isdigit() else None
    if player is not None and not 0 <= player < record["players"]:
        player = None
    return Embed(record, step, player, lang)


async def main() -> None:
    query = parse_query(str(window.location.search))
    lang = page_language(query)
    await parts.fetch([], [lang])
    try:
        if el("learn-sections"):  # learn.html shares this start-up
            window.skylineEmbed = await learn.main(query, lang)
        elif "scenario" in query:
            scenario = await load_study(query["scenario"])
            window.skylineEmbed = Study(lang)
            window.skylineEmbed.show(scenario)
            if query.get("step", "").isdigit():  # view.html's "answer on the live board": its step, from 1
                window.skylineEmbed.go(int(query["step"]) - 1)
            title = text(scenario.title, lang)
            if title:
                document.title = title
        else:
            window.skylineEmbed = await record_view(query, lang)
    except (RecordError, ValueError) as e:
        fail(Translator(lang)("Cannot show the game: {why}", why=translate(reason(e), lang)))
    document.body.setAttribute("data-ready", "")
    # Once Python is up here, view.html frames beside this one answer their tasks with it.
    window.skylineLive = create_proxy(lend)


LENT: list[Study] = []  # the studies this page drives in other frames (kept: their listeners call them)


async def lend(doc: Any, where: str, lang: str, step: int) -> bool:
    """A sibling view.html frame's task, answered with this page's engine: a Study over
    that frame's document, at its step (view.mjs calls this through
    window.skylineLive). So a page of many baked studies starts Python once, in the
    first frame whose reader begins a task, whatever the number of tasks begun."""
    lang = str(lang) if str(lang) in LANGUAGES else "en"
    scenario = await load_study(str(where))
    await parts.fetch([], [lang])
    study = Study(lang, doc)
    study.show(scenario)
    study.go(int(step) - 1)
    LENT.append(study)
    return True


def start() -> Any:
    return asyncio.ensure_future(main())
