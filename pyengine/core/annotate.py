"""A scenario step's marks drawn over a board's SVG: highlighted parts, arrows between
parts, and the caption and scores under the board. Pure text in, text out, like the
renderers, so that the command line can print it and the tests can read it.

A part is found by its `data-cell` id; its box is the element's own rectangle, or for
a group the first rectangle inside it, moved by the translate() and scale() of the
groups around it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .svg import el, text

INK = "#c2410c"  # the marks' colour: an orange no seat colour uses
LINE = 22  # height of a caption line, in the drawing's units
_TRANSFORM = re.compile(r"(translate|scale)\(\s*([-\d.e]+)(?:[\s,]+([-\d.e]+))?\s*\)")
_TAG = re.compile(r"<(/?)([A-Za-z][\w:-]*)([^>]*?)(/?)>")
_ATTR = re.compile(r'([\w:-]+)="([^"]*)"')
_VIEWBOX = re.compile(r'viewBox="([-\d.e]+) ([-\d.e]+) ([-\d.e]+) ([-\d.e]+)"')

Box = tuple[float, float, float, float]  # x, y, width, height


def boxes(svg: str) -> dict[str, Box]:
    """Each data-cell id's box in the drawing's coordinates. The SVG is read tag by tag
    (xml.etree is not in the page's stdlib): the renderers escape '>' in attribute
    values, so a tag ends at the first '>'."""
    found: dict[str, Box] = {}
    frames = [(1.0, 1.0, 0.0, 0.0)]  # (sx, sy, dx, dy) of each open element
    wanted: list[str | None] = []  # per open element: the data-cell id still waiting for a rect
    for tag in _TAG.finditer(svg):
        closing, name, attrs, empty = tag.groups()
        if closing:
            frames.pop()
            wanted.pop()
            continue
        sx, sy, dx, dy = frames[-1]
        for kind, a, b in _TRANSFORM.findall(_attr(attrs, "transform") or ""):
            x = float(a)
            y = float(b) if b else (0.0 if kind == "translate" else x)
            if kind == "translate":
                dx, dy = dx + sx * x, dy + sy * y
            else:
                sx, sy = sx * x, sy * y
        cell = _attr(attrs, "data-cell")
        pending = (
            cell
            if cell is not None and cell not in found
            else next((w for w in reversed(wanted) if w is not None), None)
        )
        if name == "rect" and pending is not None and pending not in found:
            x, y = float(_attr(attrs, "x") or 0), float(_attr(attrs, "y") or 0)
            w, h = float(_attr(attrs, "width") or 0), float(_attr(attrs, "height") or 0)
            found[pending] = (dx + sx * x, dy + sy * y, sx * w, sy * h)
        if not empty:
            frames.append((sx, sy, dx, dy))
            wanted.append(cell if cell is not None and cell not in found else None)
    return found


def annotate(
    svg: str, highlight: Sequence[str] = (), arrows: Sequence[tuple[str, str]] = (), lines: Sequence[str] = ()
) -> str:
    """`svg` with the parts in `highlight` ringed, `arrows` drawn from part to part and
    `lines` of text added under the drawing (its viewBox grows to hold them)."""
    where = boxes(svg) if highlight or arrows else {}  # a whole read of the SVG: only when needed
    marks = [
        el(
            "marker",
            el("path", d="M0,0 L10,5 L0,10 z", fill=INK),
            id="scenario-arrow",
            viewBox="0 0 10 10",
            refX=9,
            refY=5,
            markerWidth=5,
            markerHeight=5,
            orient="auto-start-reverse",
        )
    ]
    for cell in highlight:
        x, y, w, h = where[cell]
        marks.append(
            el(
                "rect",
                x=_r(x - 2),
                y=_r(y - 2),
                width=_r(w + 4),
                height=_r(h + 4),
                rx=5,
                fill="none",
                stroke=INK,
                stroke_width=4,
                class_="scenario-highlight",
                data_marks=cell,
            )
        )
    for start, end in arrows:
        (x1, y1), (x2, y2) = _centre(where[start]), _centre(where[end])
        marks.append(
            el(
                "line",
                x1=_r(x1),
                y1=_r(y1),
                x2=_r(x2),
                y2=_r(y2),
                stroke=INK,
                stroke_width=4,
                stroke_linecap="round",
                marker_end="url(#scenario-arrow)",
                class_="scenario-arrow",
                data_marks=f"{start} -> {end}",
            )
        )
    found = _VIEWBOX.search(svg)
    if lines and found:
        x0, y0, width, height = (float(v) for v in found.groups())
        for i, line in enumerate(lines):
            marks.append(
                text(
                    _r(x0 + 12),
                    _r(y0 + height + LINE * (i + 1) - 6),
                    line,
                    font_size=15,
                    fill="#222",
                    class_="scenario-caption",
                )
            )
        grown = f'viewBox="{found.group(1)} {found.group(2)} {found.group(3)} {_r(height + LINE * len(lines) + 8)}"'
        svg = svg[: found.start()] + grown + svg[found.end() :]
        svg = re.sub(r'(<svg[^>]*?) height="[-\d.e]+"', r"\1", svg, count=1)  # the viewBox sets the shape
    layer = el("g", *marks, class_="scenario-marks", pointer_events="none")
    return svg[: svg.rindex("</svg>")] + layer + "</svg>"


def wrap(words: str, width: int = 80) -> list[str]:
    """Lines of at most about `width` columns (a Chinese character counts two)."""
    lines: list[str] = []
    for paragraph in words.splitlines() or [""]:
        line, used = "", 0
        for piece in re.findall(r"[\u2e80-\u9fff\uff00-\uffef]|[^\s\u2e80-\u9fff\uff00-\uffef]+|\s+", paragraph):
            size = sum(2 if "\u2e80" <= c <= "\uffef" else 1 for c in piece)
            if used + size > width and line.strip():
                lines.append(line.rstrip())
                line, used = "", 0
                if piece.isspace():
                    continue
            line, used = line + piece, used + size
        lines.append(line.rstrip())
    return lines


def _attr(attrs: str, name: str) -> str | None:
    for key, value in _ATTR.findall(attrs):
        if key == name:
            return value
    return None


def _centre(box: Box) -> tuple[float, float]:
    x, y, w, h = box
    return x + w / 2, y + h / 2


def _r(value: float) -> float:
    return round(value, 1)
