"""Small SVG helpers shared by every renderer: escaping and element builders."""

from __future__ import annotations

import re
from functools import lru_cache
from html import escape as _escape

_SPECIAL = re.compile(r"[&<>\"']")
_NAMES: dict[str, str] = {}  # keyword -> attribute name (class_ -> class, data_move -> data-move)


def esc(text: object) -> str:
    s = text if type(text) is str else str(text)
    # Most values (numbers, ids, colours) need no escaping: skip the five replaces.
    return _escape(s, quote=True) if _SPECIAL.search(s) else s


def _name(key: str) -> str:
    name = _NAMES[key] = key.rstrip("_").replace("_", "-")
    return name


def _attrs(attrs: dict[str, object]) -> str:
    # The hottest function of every renderer (a third of a redraw): one pass, the
    # common types first, no helper calls for plain strings and numbers.
    out = []
    for key, value in attrs.items():
        if value is None or value is False:
            continue
        name = _NAMES.get(key) or _name(key)
        if type(value) is str:
            out.append(f' {name}="{_escape(value, quote=True) if _SPECIAL.search(value) else value}"')
        elif (kind := type(value)) is int or kind is float:
            out.append(f' {name}="{value}"')
        elif value is True:
            out.append(" " + name)
        else:
            out.append(f' {name}="{esc(value)}"')
    return "".join(out)


def el(tag: str, *children: str, **attrs: object) -> str:
    """One element; children are already-built SVG strings."""
    inner = "".join(children)
    if len(inner) <= _SMALL:
        try:
            return _small(tag, inner, **attrs)
        except TypeError:  # an unhashable value: written, not remembered
            pass
    return _element(tag, inner, attrs)


def _element(tag: str, inner: str, attrs: dict[str, object]) -> str:
    if inner:
        return f"<{tag}{_attrs(attrs)}>{inner}</{tag}>"
    return f"<{tag}{_attrs(attrs)}/>"


# A redraw writes mostly the elements the last one did (in a game, ~95% of them): small
# elements (leaves, titles, a button's few children) and texts are remembered by their
# arguments and those arguments' types (1, 1.0 and True write differently), which
# halves the time Python takes to draw a board. Big groups are not: their text would be
# costly to hash and to keep.
_SMALL = 240  # characters of content


@lru_cache(maxsize=8192, typed=True)
def _small(tag: str, inner: str, **attrs: object) -> str:
    return _element(tag, inner, attrs)


def text(x: float, y: float, content: object, **attrs: object) -> str:
    try:
        return _text(x, y, content, **attrs)
    except TypeError:  # an unhashable value: written, not remembered
        return _write_text(x, y, content, attrs)


@lru_cache(maxsize=8192, typed=True)
def _text(x: float, y: float, content: object, **attrs: object) -> str:
    return _write_text(x, y, content, attrs)


def _write_text(x: float, y: float, content: object, attrs: dict[str, object]) -> str:
    return f"<text{_attrs({'x': _n(x), 'y': _n(y), **attrs})}>{esc(content)}</text>"


def _n(v: float) -> str:
    return f"{v:.2f}".rstrip("0").rstrip(".") if isinstance(v, float) else str(v)


def document(width: float, height: float, *children: str, **attrs: object) -> str:
    """A standalone SVG document (usable inline in HTML or written to a file)."""
    return el(
        "svg",
        *children,
        xmlns="http://www.w3.org/2000/svg",
        viewBox=f"0 0 {_n(width)} {_n(height)}",
        **attrs,
    )


def id_box(part: str, x: float, y: float, w: float, h: float) -> str:
    """An unseen box naming a part of the drawing for a scenario's marks (its data-cell
    id, which pyengine/core/annotate.py reads), where no drawn rectangle holds the part
    alone. It never takes the pointer."""
    return el(
        "rect",
        x=round(x, 2),
        y=round(y, 2),
        width=round(w, 2),
        height=round(h, 2),
        fill="none",
        pointer_events="none",
        class_="board-id",
        data_cell=part,
    )


def page_button(attrs: dict[str, object]) -> dict[str, object]:
    """`attrs` of a drawn button that is a decision of the turn (End turn, Done trading,
    a price to pay): the page shows it again as a button of its own under the prompt,
    readable and within a thumb's reach when a phone shows the whole board small
    (web/skyweb/ui.py, draw_board_buttons). A disabled button (no attrs) stays drawn only."""
    if not attrs:
        return attrs
    return {**attrs, "class_": f"{attrs.get('class_', '')} page-button".strip()}


def clickable(choices: dict[str, str | None] | None, token: str) -> dict[str, object]:
    """Attributes of the UI testing contract for an element standing for `token`.

    `choices` maps each clickable step token to the full move text when clicking it
    completes exactly one legal move, or None when it only narrows the choice.
    """
    if not choices or token not in choices:
        return {}
    move = choices[token]
    if move is None:
        return {"data_step": token, "class_": "choice"}
    return {"data_move": move, "class_": "choice"}
