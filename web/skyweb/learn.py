"""learn.html?game=G&lang=L: how to play a game, with live boards (issue 27).

The game's overview (the Rules button's first page) section by section, each beside
its scenario on the board, then the rulebook's worked examples (pyengine/core/guide.py);
the maintainers' reference, RULES.md, one click further. The board and its controls
are embed.html's (skyweb/study.py).
"""

from __future__ import annotations

from html import escape
from typing import Any

from pyodide.ffi import create_proxy
from pyscript import document

from pyengine import GAMES, load_game
from pyengine.core.guide import Guide, load_guide
from pyengine.core.i18n import Translator, translate
from pyengine.core.scenario import text

from . import parts
from .dom import el, js_object
from .markdown import markdown_html
from .study import Study


class Learn:
    def __init__(self, game: Any, guide: Guide, lang: str) -> None:
        self.game, self.guide, self.lang = game, guide, lang
        self.study = Study(lang)
        T = Translator(lang)
        # RULES.md as HTML, the same under every section: made once.
        self.reference = (
            f'<details class="reference"><summary>{escape(T("The complete rules reference (English)"))}'
            f"</summary>{markdown_html(game.rules_reference())}</details>"
        )
        el("learn-title").textContent = T("How to play {game}", game=T(game.title))
        document.title = el("learn-title").textContent
        # Back to the games, or into this one: against the default bots at the fewest
        # players, a game at once for a newcomer who has just read how (the lobby, one
        # tap back, is where to choose otherwise).
        el("learn-back").textContent = T("Games")
        el("learn-back").href = f"./index.html?lang={lang}"
        el("learn-play").textContent = T("Play this game")
        el("learn-play").href = f"./index.html?game={game.name}&lang={lang}"
        el("learn-study").textContent = T("Write a study")
        el("learn-study").href = f"./study.html?game={game.name}&new=1&lang={lang}"
        el("learn-ways").setAttribute("aria-label", T("Ways on"))
        # One button per section with a board, then one per worked example.
        self.pages: list[tuple[str, str, Any]] = []
        for section in guide.sections:
            body = "".join(f"<p>{escape(translate(p, lang))}</p>" for p in section.paragraphs)
            self.pages.append((translate(section.title, lang), body, section.scenario))
        for example in guide.examples:
            self.pages.append((text(example.title, lang), "", example))
        first_example = len(guide.sections)
        el("learn-sections").innerHTML = "".join(
            f'<button type="button" data-page="{i}"{" class=example" if i >= first_example else ""}>'
            f"{escape(title)}</button>"
            for i, (title, _, _) in enumerate(self.pages)
        )
        self._click = create_proxy(self.on_click)
        el("learn-sections").addEventListener("click", self._click)
        self.show(0)

    def show(self, index: int) -> None:
        title, body, scenario = self.pages[index]
        el("learn-text").innerHTML = f"<h2>{escape(title)}</h2>{body}{self.reference}"
        for button in document.querySelectorAll("#learn-sections button"):
            current = str(button.dataset.page) == str(index)
            button.setAttribute("aria-current", "true" if current else "false")
            if current:  # on a phone the pages are one row that scrolls sideways
                button.scrollIntoView(js_object(block="nearest", inline="nearest"))
        el("learn-text").scrollTop = 0
        # A section without a board of its own shows the guide's first one.
        shown = scenario or next(p[2] for p in self.pages if p[2] is not None)
        self.study.show(shown)
        document.body.setAttribute("data-page", str(index))

    def on_click(self, event: Any) -> None:
        button = event.target.closest("[data-page]")
        if button:
            self.show(int(button.dataset.page))


async def main(query: dict[str, str], lang: str) -> Learn:
    name = query.get("game", "")
    if name not in GAMES:
        raise ValueError(f"learn.html?game= one of {', '.join(GAMES)}")
    await parts.fetch([name], [])
    game = load_game(name)
    return Learn(game, load_guide(game), lang)
