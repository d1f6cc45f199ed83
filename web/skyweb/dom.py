"""Small DOM helpers shared by the page's screens (ui.py and its screen mixins).

Separate so that lobby.py, replay.py and dialogs.py can use them without importing
ui.py, which imports them: no import cycle.
"""
from __future__ import annotations

from typing import Any

from pyodide.ffi import to_js
from pyscript import document, window

from pyengine.core.i18n import translate

from .session import reason


def el(element_id: str) -> Any:
    return document.getElementById(element_id)


def js_object(**fields: Any) -> Any:
    return to_js(fields, dict_converter=window.Object.fromEntries)


def error_text(e: Exception, lang: str) -> str:
    """An error's message in `lang` (IllegalMove, RecordError and SetupError carry Msgs)."""
    return translate(reason(e), lang)
