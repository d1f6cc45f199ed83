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
    for node, up, box, _ in placed(svg):
        yield node, up, box


def placed(svg: str | ET.Element) -> Iterator[tuple[ET.Element, list[ET.Element], Box, float]]:
    """boxes(), each with the scale its groups draw it at. A rotate() is left out: the
    drawings turn a text about its own anchor, which stays where it is."""

    def walk(node: ET.Element, dx: float, dy: float, k: float, up: list[ET.Element]):
        m = re.fullmatch(
            r"(?:translate\(([-\d.]+),([-\d.]+)\))?\s*(?:scale\(([\d.]+)\))?\s*(?:rotate\([-\d. ]+\))?",
            node.get("transform", ""),
        )
        assert m, node.get("transform")
        dx, dy = dx + k * float(m[1] or 0), dy + k * float(m[2] or 0)
        k *= float(m[3] or 1)
        if node.tag in (NS + "rect", NS + "text"):
            x, y = k * float(node.get("x")) + dx, k * float(node.get("y")) + dy
            w, h = (float(node.get("width")), float(node.get("height"))) if node.tag == NS + "rect" else (0, 0)
            yield node, up, (x, y, x + k * w, y + k * h), k
        for child in node:
            yield from walk(child, dx, dy, k, [*up, node])

    yield from walk(ET.fromstring(svg) if isinstance(svg, str) else svg, 0, 0, 1.0, [])


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


PHONE_FRAME = 360  # CSS px: the drawing's width in the board frame of a 390 px phone held upright


def on_phone(svg: str, k: float = 1.0) -> float:
    """How many CSS px one unit at scale `k` takes on a phone, the drawing at the frame's
    width (its home view there, web/board-zoom.mjs)."""
    return k * PHONE_FRAME / viewbox(svg)[0]


def text_px(svg: str, cls: str) -> list[float]:
    """The size on a phone's screen of every text of class `cls` (or inside a group of it:
    a class among the element's classes)."""
    return [
        float(node.get("font-size")) * on_phone(svg, k)
        for node, up, _, k in placed(svg)
        if node.tag == NS + "text" and any(cls in (e.get("class") or "").split() for e in (node, *up))
    ]


def targets_px(svg: str, within: str, kinds: tuple[str, ...] = ("data-step", "data-move")) -> list[tuple[str, float]]:
    """Every target (an element with one of the attributes `kinds`) inside the group
    whose class starts with `within`, as (its value, the smaller side of its first rect
    on a phone's screen)."""
    out = []
    root = ET.fromstring(svg)
    ks = {id(node): k for node, _, _, k in placed(root)}
    for g in root.iter(NS + "g"):
        if not (g.get("class") or "").startswith(within):
            continue
        for t in g.iter(NS + "g"):
            value = next((t.get(kind) for kind in kinds if t.get(kind)), None)
            if value:
                face = next(t.iter(NS + "rect"))
                side = min(float(face.get("width")), float(face.get("height")))
                out.append((value, side * on_phone(svg, ks[id(face)])))
    return out


READS = 12  # CSS px: the smallest text the phone issue (51) accepts at the home view
AS_IS = 33  # CSS px: a target this big is tapped with no zoom (web/board-zoom.mjs's AS_IS)


def assert_each_seat_reads_on_a_phone(svg: str, players: int, classes: tuple[str, ...]) -> None:
    """One text of each class per seat (its name, its score), each READS px or more."""
    for cls in classes:
        sizes = text_px(svg, cls)
        assert len(sizes) == players and min(sizes) >= READS, (cls, sizes)


def assert_tapped_as_is(targets: list[tuple[str, float]]) -> None:
    """Every target of targets_px() AS_IS px or more."""
    assert all(side >= AS_IS for _, side in targets), targets
