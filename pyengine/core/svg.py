"""Small SVG helpers shared by every renderer: escaping and element builders."""
from __future__ import annotations

import re
from html import escape as _escape


_SPECIAL = re.compile(r"[&<>\"']")
_NAMES: dict[str, str] = {}  # keyword -> attribute name (class_ -> class, data_move -> data-move)


def esc(text: object) -> str:
    s = str(text)
    # Most values (numbers, ids, colours) need no escaping: skip the five replaces.
    return _escape(s, quote=True) if _SPECIAL.search(s) else s


def _attrs(attrs: dict[str, object]) -> str:
    parts = []
    for key, value in attrs.items():
        if value is None or value is False:
            continue
        name = _NAMES.get(key)
        if name is None:
            name = _NAMES[key] = key.rstrip("_").replace("_", "-")
        if value is True:
            parts.append(name)
        elif type(value) is int or type(value) is float:
            parts.append(f'{name}="{value}"')
        else:
            parts.append(f'{name}="{esc(value)}"')
    return (" " + " ".join(parts)) if parts else ""


def el(tag: str, *children: str, **attrs: object) -> str:
    """One element; children are already-built SVG strings."""
    inner = "".join(children)
    if inner:
        return f"<{tag}{_attrs(attrs)}>{inner}</{tag}>"
    return f"<{tag}{_attrs(attrs)}/>"


def text(x: float, y: float, content: object, **attrs: object) -> str:
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
