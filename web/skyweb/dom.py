"""Small DOM helpers shared by the page's screens (ui.py and its screen mixins).

Separate so that lobby.py, replay.py and dialogs.py can use them without importing
ui.py, which imports them: no import cycle.
"""

from __future__ import annotations

from typing import Any

from pyodide.ffi import to_js
from pyscript import document, window

from pyengine.core.i18n import LANGUAGES, pick_language, translate

from . import patch
from .session import reason


def el(element_id: str) -> Any:
    return document.getElementById(element_id)


def page_language(query: dict[str, str]) -> str:
    """The URL's language, else the browser's first that Skyline speaks (embed.html,
    learn.html and study.html), set on the page for its screen readers and fonts."""
    asked = query.get("lang")
    lang = (
        asked
        if asked in LANGUAGES
        else pick_language([str(x) for x in (window.navigator.languages or [window.navigator.language])])
    )
    document.documentElement.lang = lang
    return lang


def js_object(**fields: Any) -> Any:
    return to_js(fields, dict_converter=window.Object.fromEntries)


def error_text(e: Exception, lang: str) -> str:
    """An error's message in `lang` (IllegalMove, RecordError and SetupError carry Msgs)."""
    return translate(reason(e), lang)


class Drawn:
    """A container and the text the page last put in it, so that a redraw writes only
    what changed: nothing if the text is the same; for an SVG board, only the groups
    whose text changed (patch.py); what was added at the end if the new text extends
    the old (a log's new lines); else the whole text.

    Whatever else writes into the container must go through `show` too, or the next
    redraw would compare with text the DOM no longer holds."""

    def __init__(self, element_id: str, groups: bool = False) -> None:
        self.element_id = element_id
        self.groups = groups  # compare <g> groups (an SVG board), not just the whole text
        self.text: str | None = None
        self.tree: patch.Group | None = None

    def show(self, text: str) -> None:
        if text == self.text:
            return
        container = el(self.element_id)
        tree = patch.groups(text) if self.groups and text.startswith("<svg") else None
        if not self.groups and self.text and text.startswith(self.text):
            container.insertAdjacentHTML("beforeend", text[len(self.text) :])
        elif self.text is None or tree is None or not self._patch(container, tree, text):
            container.innerHTML = text
        self.text, self.tree = text, tree

    def _patch(self, container: Any, tree: patch.Group, text: str) -> bool:
        """Replace the changed groups in place; False (nothing written) if the text or
        the DOM does not allow it."""
        plan = patch.changes(self.text, self.tree, text, tree)
        svg = container.firstElementChild
        if not plan or not svg or svg.localName != "svg":
            return False
        # Find every element first (each is checked against the old text's shape),
        # then write: a replacement never moves a sibling, but reading after writing
        # would make the browser lay out in between.
        targets = []
        for path, fragment, tag_only in plan:
            node, shape = svg, self.tree
            for k in path:
                kids = node.querySelectorAll(":scope > g")
                if kids.length != len(shape.children):
                    return False
                node, shape = kids.item(k), shape.children[k]
            targets.append((node, fragment, tag_only))
        for node, fragment, tag_only in targets:
            if tag_only:
                _set_attributes(node, fragment)
            else:
                node.outerHTML = fragment
        return True


def _set_attributes(node: Any, tag: str) -> None:
    """Give `node` exactly the attributes of the start tag `tag` (as svg.el writes it)."""
    wanted = patch.attributes(tag)
    for name in node.getAttributeNames():
        if name not in wanted:
            node.removeAttribute(name)
    for name, value in wanted.items():
        if node.getAttribute(name) != value:
            node.setAttribute(name, value)
