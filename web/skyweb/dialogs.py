"""The page's dialogs and files: the rules dialog, the share dialog, export to and
import from a record file.

Separate from ui.py because these are side trips from either screen that leave the
game itself alone (an import starts a new one through begin). A mixin of ui.App: it
uses App's session, games, lang, T, begin and show_error.
"""

from __future__ import annotations

from html import escape
from typing import Any

from pyodide.ffi import create_once_callable, to_js
from pyscript import document, window

from pyengine.core import share
from pyengine.core.i18n import translate
from pyengine.core.record import RecordError

from .dom import el, error_text, js_object
from .markdown import markdown_html
from .session import Session

MAX_IMPORT_BYTES = 10_000_000


class Dialogs:
    """The dialogs' part of ui.App."""

    def open_rules(self) -> None:
        s = self.session
        form = el("lobby-form")
        chosen = str(form.elements.namedItem("game").value) if s is None and form else ""
        game = s.game if s else self.games[chosen if chosen in self.games else next(iter(self.games))]
        el("rules-title").textContent = self.T("{game}: rules", game=self.T(game.title))
        # A player first meets the game in short, in their language; the maintainers'
        # reference (English, with its sources and designed values) is one click further.
        sections = "".join(
            f"<h2>{escape(translate(head, self.lang))}</h2>"
            + "".join(f"<p>{escape(translate(x, self.lang))}</p>" for x in paragraphs)
            for head, paragraphs in game.overview()
        )
        learn = ""
        if game.has_guide():  # the same, each section beside a live board (learn.html)
            learn = (
                f'<p class="learn-link"><a href="./learn.html?game={game.name}&amp;lang={self.lang}" '
                f'target="_blank" rel="noopener">{escape(self.T("How to play, with live boards"))}</a></p>'
            )
        el("rules-text").innerHTML = (
            f'{learn}<div class="overview">{sections}</div>'
            f'<details class="reference"><summary>{escape(self.T("The complete rules reference (English)"))}'
            f"</summary>{markdown_html(game.rules_reference())}</details>"
        )
        el("rules-dialog").showModal()

    def share_link(self) -> str:
        s = self.session
        base = str(window.location.href).split("#")[0].split("?")[0]
        return f"{base}#record={share.encode(s.record)}"

    def open_share_dialog(self) -> None:
        if self.session is None or self.session.guest is not None:  # the host's device keeps the record
            return
        link = self.share_link()
        el("share-link").value = link
        el("share-size").textContent = self.T("{n} characters", n=len(link))
        el("share-status").textContent = ""
        el("share-dialog").showModal()
        el("share-link").select()

    def copy_share_link(self) -> None:
        link = str(el("share-link").value)
        try:
            window.navigator.clipboard.writeText(link)
            el("share-status").textContent = self.T("Copied.")
        except Exception:  # no clipboard permission: the text is selected for Ctrl+C
            el("share-link").select()
            el("share-status").textContent = self.T("Press Ctrl+C to copy.")

    def export(self) -> None:
        s = self.session
        if s is None or s.guest is not None:  # the host's device keeps the record
            return
        text = s.save_json()
        blob = window.Blob.new(to_js([text]), js_object(type="application/json"))
        url = window.URL.createObjectURL(blob)
        a = document.createElement("a")
        a.href = url
        a.download = f"skyline-{s.game.name}-{s.record['seed']}-{s.move_count()}.json"
        a.id = "export-link"
        document.body.appendChild(a)
        a.click()
        a.remove()
        window.setTimeout(create_once_callable(lambda: window.URL.revokeObjectURL(url)), 1000)

    async def import_file(self, file: Any) -> None:
        if file.size > MAX_IMPORT_BYTES:
            self.import_failed(self.T("the file is {mb} MB; a game record is far smaller", mb=f"{file.size / 1e6:.1f}"))
            return
        text = str(await file.text())
        try:
            session = Session.resume(text)
        except (RecordError, ValueError) as e:
            self.import_failed(error_text(e, self.lang))
            return
        window.history.replaceState(None, "", window.location.pathname)
        self.begin(session, save=False)

    def import_failed(self, why: str) -> None:
        message = self.T("Cannot open that file: {why}", why=why)
        if self.session is None:
            el("lobby-error").textContent = message
        else:
            self.show_error(message)
