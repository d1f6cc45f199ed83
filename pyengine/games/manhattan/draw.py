"""Drawing helpers the board and the seat panels share (render.py, panels.py)."""

from __future__ import annotations

from typing import Any

from ...core.svg import clickable, el

# A second cue besides colour, for colour-blind players: each colour has a pattern
# (none, stripes, dots, cross-hatch) on its buildings and swatches.
PATTERNS = ("", "stripes", "dots", "hatch")
# Choice rings: the UI's blue for something to click, its gold for something chosen.
CHOICE, CHOSEN = "#2f6fd1", "#e0a800"


def lighten(hex_colour: str, amount: float = 0.6) -> str:
    r, g, b = (int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    mix = lambda v: int(v + (255 - v) * amount)  # noqa: E731
    return f"#{mix(r):02x}{mix(g):02x}{mix(b):02x}"


def ink_on(hex_colour: str) -> str:
    """White or near-black, whichever reads better on the colour (orange needs black)."""

    def lin(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (lin(int(hex_colour[i : i + 2], 16)) for i in (1, 3, 5))
    return "#1a1a1a" if 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.3 else "#fff"


def edge(hex_colour: str) -> str | None:
    """A dark outline for a light colour (orange) on the light panels, else None."""
    if ink_on(hex_colour) == "#fff":
        return None
    r, g, b = (int(int(hex_colour[i : i + 2], 16) * 0.55) for i in (1, 3, 5))
    return f"#{r:02x}{g:02x}{b:02x}"


def pattern_defs() -> str:
    ink = 'stroke="#000" stroke-opacity="0.35"'
    return (
        "<defs>"
        '<pattern id="mh-stripes" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">'
        f'<line x1="0" y1="0" x2="0" y2="6" {ink} stroke-width="2"/></pattern>'
        '<pattern id="mh-dots" width="6" height="6" patternUnits="userSpaceOnUse">'
        '<circle cx="3" cy="3" r="1.3" fill="#000" fill-opacity="0.4"/></pattern>'
        '<pattern id="mh-hatch" width="6" height="6" patternUnits="userSpaceOnUse">'
        f'<path d="M0 3H6M3 0V6" {ink} stroke-width="1.2"/></pattern>'
        "</defs>"
    )


def texture(colour: int, **attrs: Any) -> str:
    """The colour's pattern over a shape of the given geometry (empty for plain)."""
    kind = PATTERNS[colour]
    return el("rect", fill=f"url(#mh-{kind})", class_="pattern", **attrs) if kind else ""


def selected_token(selected: tuple[str, ...], prefix: str) -> str | None:
    for t in selected:
        if t.startswith(prefix):
            return t
    return None


def focusable(attrs: dict[str, Any]) -> dict[str, Any]:
    """Clickable elements are keyboard buttons too (the page gives them Enter)."""
    return {**attrs, "role": "button", "tabindex": 0} if attrs else attrs


def interactive(token: str, choices: dict[str, str | None], selected: tuple[str, ...]) -> dict[str, Any]:
    if token in selected:
        return {"data_unselect": token, "class_": "chosen"}
    return clickable(choices, token)
