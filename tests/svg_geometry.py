"""Where things are in a rendered SVG board, for the renderers' layout tests: the
viewBox, and every rect and text placed in the root's coordinates."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

NS = "{http://www.w3.org/2000/svg}"
Box = tuple[float, float, float, float]  # x0, y0, x1, y1


def viewbox(svg: str | ET.Element) -> tuple[float, float]:
    """The drawing's width and height (its viewBox starts at 0 0)."""
    root = ET.fromstring(svg) if isinstance(svg, str) else svg
    x, y, w, h = map(float, root.get("viewBox").split())
    assert (x, y) == (0, 0)
    return w, h


def boxes(svg: str) -> Iterator[tuple[ET.Element, list[ET.Element], Box]]:
    """Every rect and text as (element, its ancestors, its box in the root's
    coordinates: groups' translate() and scale() applied; a text is its anchor point)."""

    def walk(node: ET.Element, dx: float, dy: float, k: float, up: list[ET.Element]):
        m = re.fullmatch(r"(?:translate\(([-\d.]+),([-\d.]+)\))?\s*(?:scale\(([\d.]+)\))?", node.get("transform", ""))
        assert m, node.get("transform")
        dx, dy = dx + k * float(m[1] or 0), dy + k * float(m[2] or 0)
        k *= float(m[3] or 1)
        if node.tag in (NS + "rect", NS + "text"):
            x, y = k * float(node.get("x")) + dx, k * float(node.get("y")) + dy
            w, h = (float(node.get("width")), float(node.get("height"))) if node.tag == NS + "rect" else (0, 0)
            yield node, up, (x, y, x + k * w, y + k * h)
        for child in node:
            yield from walk(child, dx, dy, k, [*up, node])

    yield from walk(ET.fromstring(svg), 0, 0, 1.0, [])


def overlap(a: Box, b: Box) -> bool:
    return not (a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1])


def assert_inside_and_snug(svg: str, margin: float = 12) -> None:
    """Every rect and text lies inside the viewBox, and the viewBox ends no more than
    `margin` below the lowest of them (the background rect aside): no empty band."""
    w, h = viewbox(svg)
    bottom = 0.0
    for node, _, (x0, y0, x1, y1) in boxes(svg):
        assert 0 <= x0 and 0 <= y0 and x1 <= w and y1 <= h, (node.attrib, w, h)
        if node.get("class") != "bg":
            bottom = max(bottom, y1)
    assert h - bottom <= margin, (h, bottom)
