"""Small SVG helpers shared by every renderer: escaping and element builders."""
from __future__ import annotations

from html import escape as _escape


def esc(text: object) -> str:
    return _escape(str(text), quote=True)


def _attrs(attrs: dict[str, object]) -> str:
    parts = []
    for key, value in attrs.items():
        if value is None or value is False:
            continue
        name = key.rstrip("_").replace("_", "-")
        parts.append(name if value is True else f'{name}="{esc(value)}"')
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
