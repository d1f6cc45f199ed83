"""A picture of plain shapes redrawn with as few elements as its paint order allows.

    flatten(svg_text) -> svg_text

Chromium parses the SVG of an <img> into a document of its own on the page's main
thread, and the cost goes with its elements: the lobby's four pictures, drawn by the
games' own renderers (1,320 elements for New York 1901's board alone), took ~70 ms of
the main thread on every visit, at the moment Python's start needed it. Here, shapes
painted alike become one <path> when nothing painted between them overlaps them, and
groups of one opacity become one group when their members do not overlap one another:
247 elements in all (2,407 before), the same pixels but for anti-aliased seams
(tests/test_flatsvg.py, e2e/test_pictures.py).

Understood: <rect> (rounded too), <circle>, <line>, <path> (M L H V C Q A Z), <g> (its
paint inherited; an opacity kept as a group), <defs> kept as they are; <title>, <desc>
and <text> dropped. Any other element or attribute is an error, so a renderer that
starts drawing something new fails the build rather than losing it.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field

SVG = "http://www.w3.org/2000/svg"
_NS = "{" + SVG + "}"
# The paint an element may carry or inherit; a run's key is the element's values of these.
_INHERITED = (
    "fill",
    "fill-opacity",
    "stroke",
    "stroke-width",
    "stroke-opacity",
    "stroke-linecap",
    "stroke-linejoin",
    "stroke-dasharray",
)
_SKIPPED = {"title", "desc", "text", "defs"}
# What each element may say besides its paint; anything else (a transform, a clip, a
# filter...) would be lost here, so it is an error.
_GEOMETRY = {
    "rect": {"x", "y", "width", "height", "rx", "ry"},
    "circle": {"cx", "cy", "r"},
    "line": {"x1", "y1", "x2", "y2"},
    "path": {"d"},
    "g": set(),
}
_INERT = {"class", "id", "pointer-events"}  # nothing an <img> shows

Box = tuple[float, float, float, float]  # x0, y0, x1, y1


def _num(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


def _overlap(a: Box, b: Box) -> bool:
    """Areas in common (edges that only touch have none)."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _union(boxes: list[Box]) -> Box:
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


_COMMAND = re.compile(r"\s*([MmLlHhVvCcQqAaZz])")
_NUMBER = re.compile(r"\s*,?\s*(-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)")
_FLAG = re.compile(r"\s*,?\s*([01])")  # an arc's flags: one digit each, maybe unspaced
_ARITY = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "Q": 4, "A": 7, "Z": 0}


def _path_segments(d: str) -> list[tuple[str, list[float]]]:
    """The path's commands with their numbers, each repeat of a command on its own."""
    segments: list[tuple[str, list[float]]] = []
    at = 0
    command = ""
    while at < len(d.rstrip()):
        match = _COMMAND.match(d, at)
        if match:
            command = match.group(1)
            at = match.end()
            if command in "Zz":
                segments.append((command, []))
                continue
        elif not command or command in "Zz":
            raise ValueError(f"a path flatsvg cannot read (it knows M L H V C Q A Z) at {d[at : at + 20]!r}")
        args: list[float] = []
        for k in range(_ARITY[command.upper()]):
            found = (_FLAG if command in "Aa" and k in (3, 4) else _NUMBER).match(d, at)
            if not found:
                raise ValueError(f"a path flatsvg cannot read (it knows M L H V C Q A Z) at {d[at : at + 20]!r}")
            args.append(float(found.group(1)))
            at = found.end()
        segments.append((command, args))
        if command in "Mm":
            command = "l" if command == "m" else "L"  # further pairs after a moveto are linetos
    return segments


def path_box(d: str) -> Box:
    """A box holding every point and control point of the path (a curve lies inside
    them), and each arc's ends widened by its radius or half the distance between them:
    never smaller than the outline it draws."""
    xs: list[float] = []
    ys: list[float] = []
    x = y = start_x = start_y = 0.0
    for command, args in _path_segments(d):
        kind = command.upper()
        relative = command.islower()
        if kind == "Z":
            x, y = start_x, start_y
            continue
        if kind == "H":
            x = x + args[0] if relative else args[0]
            points = [(x, y)]
        elif kind == "V":
            y = y + args[0] if relative else args[0]
            points = [(x, y)]
        elif kind == "A":
            end_x, end_y = (x + args[5], y + args[6]) if relative else (args[5], args[6])
            r = max(abs(args[0]), abs(args[1]), ((end_x - x) ** 2 + (end_y - y) ** 2) ** 0.5 / 2)
            points = [(x - r, y - r), (x + r, y + r), (end_x - r, end_y - r), (end_x + r, end_y + r)]
            x, y = end_x, end_y
        else:
            base_x, base_y = (x, y) if relative else (0.0, 0.0)
            points = [(base_x + args[k], base_y + args[k + 1]) for k in range(0, len(args), 2)]
            x, y = points[-1]
        if kind == "M":
            start_x, start_y = x, y
        xs += [p[0] for p in points]
        ys += [p[1] for p in points]
    if not xs:
        raise ValueError(f"a path that draws nothing: {d[:40]!r}")
    return (min(xs), min(ys), max(xs), max(ys))


@dataclass
class _Shape:
    d: str
    box: Box  # the geometry, without its stroke
    clockwise: bool  # drawn clockwise here: overlapping ones of one path fill as their union


def _shape(tag: str, a: dict[str, str]) -> _Shape | None:
    def f(name: str) -> float:
        return float(a.get(name, 0))

    if tag == "rect":
        x, y, w, h = f("x"), f("y"), f("width"), f("height")
        if w <= 0 or h <= 0:
            return None
        # One radius given stands for both; each at most half the side it rounds.
        rx = min(float(a.get("rx", a.get("ry", 0))), w / 2)
        ry = min(float(a.get("ry", a.get("rx", 0))), h / 2)
        if rx > 0 and ry > 0:
            arc = f"a{_num(rx)} {_num(ry)} 0 0 1"
            d = (
                f"M{_num(x + rx)} {_num(y)}h{_num(w - 2 * rx)}{arc} {_num(rx)} {_num(ry)}v{_num(h - 2 * ry)}"
                f"{arc} {_num(-rx)} {_num(ry)}h{_num(2 * rx - w)}{arc} {_num(-rx)} {_num(-ry)}v{_num(2 * ry - h)}"
                f"{arc} {_num(rx)} {_num(-ry)}z"
            )
        else:
            d = f"M{_num(x)} {_num(y)}h{_num(w)}v{_num(h)}h{_num(-w)}z"
        return _Shape(d, (x, y, x + w, y + h), True)
    if tag == "circle":
        cx, cy, r = f("cx"), f("cy"), f("r")
        if r <= 0:
            return None
        arc = f"a{_num(r)} {_num(r)} 0 1 1"
        d = f"M{_num(cx - r)} {_num(cy)}{arc} {_num(2 * r)} 0{arc} {_num(-2 * r)} 0z"
        return _Shape(d, (cx - r, cy - r, cx + r, cy + r), True)
    if tag == "line":
        x1, y1, x2, y2 = f("x1"), f("y1"), f("x2"), f("y2")
        return _Shape(
            f"M{_num(x1)} {_num(y1)}L{_num(x2)} {_num(y2)}", (min(x1, x2), min(y1, y2), max(x1, x2), max(y1, y2)), False
        )
    return _Shape(a["d"], path_box(a["d"]), False)  # a path


def _painted(box: Box, paint: dict[str, str], clockwise: bool) -> Box:
    """The box with its stroke: half the width out, times sqrt(2) at a rectangle's mitred
    corner; up to the mitre limit (4) times half the width at a path's sharp corner."""
    if paint.get("stroke", "none") == "none":
        return box
    w = float(paint.get("stroke-width", 1)) * (0.75 if clockwise else 2)
    return (box[0] - w, box[1] - w, box[2] + w, box[3] + w)


def _opaque(paint: dict[str, str]) -> bool:
    return all(float(paint.get(k, 1)) == 1 for k in ("opacity", "fill-opacity", "stroke-opacity"))


@dataclass
class _Run:
    """What becomes one element: shapes of one paint (one <path>), or groups of one
    opacity (one <g>, its members' runs in `inner`)."""

    key: tuple[tuple[str, str], ...]
    shapes: list[_Shape] = field(default_factory=list)
    inner: list[_Run] = field(default_factory=list)
    painted: list[Box] = field(default_factory=list)  # each member's, stroke included
    drawn: list[Box] = field(default_factory=list)  # each member's geometry


def _place(
    runs: list[_Run], key: tuple[tuple[str, str], ...], drawn: Box, painted: Box, union: bool, opaque: bool
) -> _Run:
    """The run a new item joins: the latest one of its key that nothing painted after it
    overlaps, if joining changes no pixel there; else a new run at the end.

    Joining changes no pixel when the item and the members fill as their union (`union`:
    clockwise, opaque, unstroked), or when they do not overlap: their geometry for
    opaque paint (a shared edge is stroked alike on both sides), their paint for
    translucent paint (where two translucent strokes cross, two elements blend twice,
    one path once)."""
    mine = drawn if opaque else painted
    for i in range(len(runs) - 1, -1, -1):
        run = runs[i]
        if run.key == key:
            theirs = run.drawn if opaque else run.painted
            if union or not any(_overlap(mine, b) for b in theirs):
                run.drawn.append(drawn)
                run.painted.append(painted)
                return run
        if any(_overlap(painted, b) for b in run.painted):
            break
    run = _Run(key, drawn=[drawn], painted=[painted])
    runs.append(run)
    return run


def _collect(node: ET.Element, inherited: dict[str, str], runs: list[_Run]) -> None:
    for child in node:
        tag = child.tag.removeprefix(_NS)
        if tag in _SKIPPED:
            continue
        if tag not in _GEOMETRY:
            raise ValueError(f"a picture may not hold <{tag}>: flatsvg does not know how it paints")
        unknown = set(child.attrib) - _GEOMETRY[tag] - set(_INHERITED) - _INERT - {"opacity"}
        if unknown:
            raise ValueError(f"<{tag}> with {', '.join(sorted(unknown))}: flatsvg would lose it")
        paint = {**inherited, **{k: v for k, v in child.attrib.items() if k in _INHERITED}}
        opacity = child.attrib.get("opacity", "1")
        if tag == "g":
            if float(opacity) == 1:
                _collect(child, paint, runs)
                continue
            members: list[_Run] = []
            _collect(child, paint, members)
            if members:
                box = _union([b for r in members for b in r.painted])
                # A group's opacity is the same on two groups as on one when they do not overlap.
                _place(runs, (("opacity", opacity),), box, box, False, False).inner.extend(members)
            continue
        shape = _shape(tag, child.attrib)
        if shape is None or (paint.get("fill", "black") == "none" and paint.get("stroke", "none") == "none"):
            continue  # draws nothing (a click target)
        if float(opacity) != 1:
            paint["opacity"] = opacity
        _add(runs, tuple((k, paint[k]) for k in (*_INHERITED, "opacity") if k in paint), shape)


def _add(runs: list[_Run], key: tuple[tuple[str, str], ...], shape: _Shape) -> None:
    """The shape placed among the runs by its paint (`key`)."""
    paint = dict(key)
    opaque = _opaque(paint)
    union = shape.clockwise and opaque and paint.get("stroke", "none") == "none"
    _place(runs, key, shape.box, _painted(shape.box, paint, shape.clockwise), union, opaque).shapes.append(shape)


def _regroup(members: list[_Run]) -> list[_Run]:
    """The runs of several groups that do not overlap one another, merged as one group's."""
    runs: list[_Run] = []
    for member in members:
        if member.inner:  # a group inside a group: kept whole
            runs.append(member)
            continue
        for shape in member.shapes:
            _add(runs, member.key, shape)
    return runs


def _emit(runs: list[_Run]) -> str:
    out = []
    for run in runs:
        attrs = "".join(f' {k}="{v}"' for k, v in run.key)
        if run.inner:
            out.append(f"<g{attrs}>{_emit(_regroup(run.inner))}</g>")
        else:
            out.append(f'<path d="{"".join(s.d for s in run.shapes)}"{attrs}/>')
    return "".join(out)


def flatten(svg: str) -> str:
    """The picture with its shapes merged; its viewBox, its paint and its <defs> kept."""
    ET.register_namespace("", SVG)
    root = ET.fromstring(svg)
    runs: list[_Run] = []
    _collect(root, {k: v for k, v in root.attrib.items() if k in _INHERITED}, runs)
    defs = "".join(ET.tostring(d, encoding="unicode") for d in root.findall(f"{_NS}defs"))
    size = "".join(f' {k}="{root.attrib[k]}"' for k in ("width", "height") if k in root.attrib)
    return f'<svg xmlns="{SVG}" viewBox="{root.attrib["viewBox"]}"{size}>{defs}{_emit(runs)}</svg>'
