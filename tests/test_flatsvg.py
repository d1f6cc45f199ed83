"""build_scripts/flatsvg.py: shapes merged only where paint order and blending allow, and
the lobby's pictures (build_scripts/pictures.py) made of few elements. That the merged
pictures draw the same pixels is e2e/test_pictures.py's, in Chromium."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

import pyengine
from build_scripts import pictures
from build_scripts.flatsvg import flatten, path_box

NS = "{http://www.w3.org/2000/svg}"


def svg(*parts: str) -> str:
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">{"".join(parts)}</svg>'


def flat(*parts: str) -> list[tuple[str, dict[str, str]]]:
    return elements(flatten(svg(*parts)))


def elements(text: str) -> list[tuple[str, dict[str, str]]]:
    """The drawn elements in paint order: (tag, attributes), groups' children after them."""
    return [(e.tag.removeprefix(NS), dict(e.attrib)) for e in ET.fromstring(text).iter() if e.tag != f"{NS}svg"]


def test_a_rect_a_rounded_rect_and_a_circle_become_paths_with_their_paint() -> None:
    out = flat(
        '<rect x="10" y="10" width="20" height="10" fill="#f00"/>',
        '<rect x="40" y="10" width="20" height="10" rx="2" fill="#0f0" stroke="#000" stroke-width="0.5"/>',
        '<circle cx="80" cy="80" r="5" fill="#00f"/>',
    )
    assert out == [
        ("path", {"d": "M10 10h20v10h-20z", "fill": "#f00"}),
        (
            "path",
            {
                "d": "M42 10h16a2 2 0 0 1 2 2v6a2 2 0 0 1 -2 2h-16a2 2 0 0 1 -2 -2v-6a2 2 0 0 1 2 -2z",
                "fill": "#0f0",
                "stroke": "#000",
                "stroke-width": "0.5",
            },
        ),
        ("path", {"d": "M75 80a5 5 0 1 1 10 0a5 5 0 1 1 -10 0z", "fill": "#00f"}),
    ]


def test_shapes_painted_alike_become_one_path_and_a_groups_paint_is_inherited() -> None:
    out = flat(
        '<g fill="#abc"><rect x="0" y="0" width="10" height="10"/><rect x="20" y="0" width="10" height="10"/></g>',
        '<rect x="40" y="0" width="10" height="10" fill="#abc"/>',
    )
    assert out == [("path", {"d": "M0 0h10v10h-10zM20 0h10v10h-10zM40 0h10v10h-10z", "fill": "#abc"})]


def test_a_shape_is_never_moved_past_one_painted_over_it() -> None:
    # The blue square covers the first red one and not the second: the second red one
    # may join the first only if the blue one is painted after both, which it was not.
    out = flat(
        '<rect x="0" y="0" width="10" height="10" fill="red"/>',
        '<rect x="5" y="5" width="10" height="10" fill="blue"/>',
        '<rect x="50" y="50" width="10" height="10" fill="red"/>',
        '<rect x="8" y="8" width="4" height="4" fill="red"/>',
    )
    assert [(tag, a["fill"], a["d"].count("M")) for tag, a in out] == [
        ("path", "red", 2),  # the first and the far one: nothing between them touches the far one
        ("path", "blue", 1),
        ("path", "red", 1),  # on top of the blue square, as drawn
    ]


def test_overlapping_shapes_merge_only_where_their_union_paints_the_same() -> None:
    two = '<rect x="0" y="0" width="10" height="10" {}/><rect x="5" y="5" width="10" height="10" {}/>'
    # Opaque fill alone: the union is what the two painted.
    assert len(flat(two.format('fill="red"', 'fill="red"'))) == 1
    # A stroke: the second square's fill covered the first one's outline; merged, it would not.
    stroked = 'fill="red" stroke="#000"'
    assert len(flat(two.format(stroked, stroked))) == 2
    # Translucent: the overlap blended twice.
    faint = 'fill="red" fill-opacity="0.5"'
    assert len(flat(two.format(faint, faint))) == 2
    # Stroked squares sharing an edge: each side draws the same outline there.
    edge = '<rect x="0" y="0" width="10" height="10" {0}/><rect x="10" y="0" width="10" height="10" {0}/>'
    assert len(flat(edge.format(stroked))) == 1


def test_paths_of_their_own_winding_merge_only_when_apart() -> None:
    # Counter-clockwise: merged with a clockwise square over it, the overlap would be a hole.
    ccw = '<path d="M5 5v10h10v-10z" fill="red"/>'
    square = '<rect x="0" y="0" width="10" height="10" fill="red"/>'
    assert len(flat(square + ccw)) == 2
    far = '<path d="M50 50v10h10v-10z" fill="red"/>'
    assert len(flat(square + far)) == 1


def test_groups_of_one_opacity_merge_when_they_do_not_overlap() -> None:
    group = '<g opacity="0.5"><rect x="{0}" y="0" width="10" height="10" fill="red"/><circle cx="{1}" cy="5" r="2" fill="#fff"/></g>'
    apart = flat(group.format(0, 5) + group.format(20, 25))
    assert [t for t, _ in apart] == ["g", "path", "path"]
    assert apart[0][1] == {"opacity": "0.5"} and apart[1][1]["d"].count("M") == 2
    overlapping = flat(group.format(0, 5) + group.format(5, 10))
    assert [t for t, _ in overlapping] == ["g", "path", "path", "g", "path", "path"]


def test_what_draws_nothing_is_dropped_and_defs_are_kept() -> None:
    out = flatten(
        svg(
            '<defs><pattern id="p" width="4" height="4" patternUnits="userSpaceOnUse"><circle cx="2" cy="2" r="1"/></pattern></defs>'
            '<rect x="0" y="0" width="10" height="10" fill="none"/><rect x="0" y="0" width="0" height="10" fill="red"/>'
            '<title>a tip</title><rect x="0" y="0" width="10" height="10" fill="url(#p)"/>'
        )
    )
    assert [t for t, _ in elements(out)] == ["defs", "pattern", "circle", "path"]
    assert 'fill="url(#p)"' in out and "a tip" not in out


def test_what_it_would_lose_fails_the_build() -> None:
    with pytest.raises(ValueError, match="polygon"):
        flatten(svg('<polygon points="0,0 10,0 5,5" fill="red"/>'))
    with pytest.raises(ValueError, match="transform"):
        flatten(svg('<g transform="scale(2)"><rect x="0" y="0" width="1" height="1" fill="red"/></g>'))
    with pytest.raises(ValueError, match="clip-path"):
        flatten(svg('<rect x="0" y="0" width="1" height="1" fill="red" clip-path="url(#c)"/>'))
    with pytest.raises(ValueError, match="M L H V C Q A Z"):
        flatten(svg('<path d="M0 0C1 1 2 2 3 3S5 5 6 6" fill="red"/>'))


def test_a_rounded_rect_takes_each_radius_at_most_half_its_side() -> None:
    # ry defaults to rx before either is cut to half of its side (SVG 2, 10.2).
    assert flat('<rect x="0" y="0" width="20" height="4" rx="3" fill="red"/>') == [
        ("path", {"d": "M3 0h14a3 2 0 0 1 3 2v0a3 2 0 0 1 -3 2h-14a3 2 0 0 1 -3 -2v0a3 2 0 0 1 3 -2z", "fill": "red"})
    ]


def test_path_box_holds_every_point_control_point_and_arc() -> None:
    assert path_box("M10 20H30V40h-5v5z") == (10, 20, 30, 45)
    assert path_box("M0 0 10 10l5 -20") == (0, -10, 15, 10)  # pairs after a moveto are linetos
    assert path_box("M0 0Q50 -10 20 0") == (0, -10, 50, 0)
    assert path_box("M10 10a5 5 0 1 1 10 0") == (5, 5, 25, 15)
    assert path_box("M223 96h10v6q0 6-5 8q-5-2-5-8z") == (223, 96, 233, 110)
    assert path_box("M0 0a5 5 0 1110 0") == (-5, -5, 15, 5)  # flags may go unspaced
    assert path_box("M0 0a1 1 0 0 1 10 0") == (-5, -5, 15, 5)  # too small a radius grows to reach


@pytest.mark.parametrize("name", pyengine.GAMES)
def test_a_lobby_picture_has_few_elements_and_every_paint_of_the_drawing(name: str) -> None:
    drawn = pictures.drawing(name)
    picture = pictures.picture(name)
    ours = elements(picture)
    assert len(ours) <= 120, f"{name}: {len(ours)} elements"
    assert len(ours) * 4 < len(elements(drawn))
    paints = re.compile(r'(?:fill|stroke)="([^"]+)"')
    visible = set(paints.findall(drawn)) - {"none"}
    assert set(paints.findall(picture)) - {"none"} == visible
