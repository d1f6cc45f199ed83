"""The portrait arrangement of the New York 1901 board (a phone held upright): the map and
score track where landscape draws them, then the hand's own seat, the market panel and
the other seats stacked under them, none lost, doubled, overlapping or cut off."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter

import pytest

from pyengine.core.game import choices
from pyengine.games.newyork1901 import GAME as G
from pyengine.games.newyork1901 import render as R
from tests.svg_geometry import (
    READS,
    assert_each_seat_reads_on_a_phone,
    assert_tapped_as_is,
    targets_px,
    text_px,
    viewbox,
)

from .helpers import new_game
from .test_render import NS, played, states

PLACED = re.compile(r"translate\((-?[\d.]+),(-?[\d.]+)\) scale\(([\d.]+)\)")


def svg_text(s, viewer, selected=(), rotation=0, portrait=False, lang="en"):
    """The drawing with the choices of the player to move (clickable when `viewer` is them)."""
    ch = choices(G, s, selected) if not G.is_over(s) else None
    return G.render(
        G.view(s, viewer),
        viewer,
        choices=ch.tokens if ch and viewer == s["turn"] else None,
        selected=ch.selected if ch else (),
        rotation=rotation,
        portrait=portrait,
        lang=lang,
    )


def data_attributes(root):
    return Counter((k, v) for e in root.iter() for k, v in e.attrib.items() if k.startswith("data-"))


def texts(root):
    return Counter(t.strip() for e in root.iter() for t in (e.text, e.tail) if t and t.strip())


def extent(e):
    """(x0, y0, x1, y1) of the rects, circles and texts under `e` in its own units (a text
    from its baseline up by its font size, from its x on: enough to order panels)."""
    xs, ys = [], []
    for d in e.iter():
        tag, a = d.tag.removeprefix(NS), d.attrib
        if tag == "rect":
            x, y = float(a["x"]), float(a["y"])
            xs += [x, x + float(a["width"])]
            ys += [y, y + float(a["height"])]
        elif tag == "circle":
            r = float(a["r"])
            xs += [float(a["cx"]) - r, float(a["cx"]) + r]
            ys += [float(a["cy"]) - r, float(a["cy"]) + r]
        elif tag == "text":
            xs.append(float(a["x"]))
            ys += [float(a["y"]) - float(a.get("font-size", 12)), float(a["y"])]
    return min(xs), min(ys), max(xs), max(ys)


def panels(root):
    """The stacked panels, top to bottom: (what, player or None, (x0, y0, x1, y1) in the drawing)."""
    out = []
    for g in root.findall(f"{NS}g[@transform]"):
        dx, dy, k = map(float, PLACED.fullmatch(g.attrib["transform"]).groups())
        (inner,) = list(g)
        x0, y0, x1, y1 = extent(inner)
        what = inner.attrib["class"]
        out.append((what, inner.attrib.get("data-player"), (dx + k * x0, dy + k * y0, dx + k * x1, dy + k * y1)))
    return out


def positions():
    """Mid-game and final positions of seeded random games, 2 to 4 players."""
    for players, seed, every in ((2, 5, 17), (3, 2, 23), (4, 1, 19)):
        yield from states(players, seed, every)
    yield from states(4, 3, 29, {"expert": True})


def test_portrait_keeps_every_clickable_and_every_text():
    checked = 0
    for s in positions():
        p = s["turn"]
        cases = [((), 0)]
        if not G.is_over(s):
            steps = [t for t, move in choices(G, s).tokens.items() if move is None and t.startswith("build ")]
            cases += [((steps[0],), 0), ((steps[0],), 1)] if steps else []
        for selected, rotation in cases:
            for lang in ("en", "zh-Hant"):
                wide = ET.fromstring(svg_text(s, p, selected, rotation, lang=lang))
                tall = ET.fromstring(svg_text(s, p, selected, rotation, portrait=True, lang=lang))
                assert data_attributes(tall) == data_attributes(wide)
                assert texts(tall) == texts(wide)
                clicks = [a for a, _ in data_attributes(tall) if a in ("data-move", "data-step")]
                assert clicks or G.is_over(s)
                checked += 1
    assert checked > 40


def test_the_map_stays_put_and_spans_the_narrower_drawing():
    s = played(4, 1, 30)
    p = s["turn"]
    wide, tall = (ET.fromstring(svg_text(s, p, portrait=flag)) for flag in (False, True))
    for kind in ("board", "score-track"):
        a, b = (r.find(f"{NS}g[@class='{kind}']") for r in (wide, tall))
        assert ET.tostring(a) == ET.tostring(b), kind
    assert tall.find(f".//{NS}g[@id='hover-layer']") is not None
    assert tall.find(f"{NS}g[@class='board']").find(f".//{NS}g[@id='hover-layer']") is not None
    (w, h), (lw, _) = viewbox(tall), viewbox(wide)
    assert R.BX + R.BOARD_W < w < lw and h > 1.5 * w
    assert tall.attrib["class"].split() == ["newyork-board", "portrait"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_stacked_panels_stay_inside_the_drawing_and_do_not_overlap(players):
    for i, s in enumerate(states(players, 7 + players, 15)):
        viewer = [None, s["turn"], (s["turn"] + 1) % players][i % 3]
        root = ET.fromstring(svg_text(s, viewer, portrait=True, lang=["en", "fr", "zh-Hant"][i % 3]))
        w, h = viewbox(root)
        stack = panels(root)
        assert len(stack) == players + 1
        y = R.TRACK_Y + 24  # the track's figures
        for what, _, (x0, y0, x1, y1) in stack:
            assert y < y0, (what, y, y0)
            assert 0 < x0 and x1 < w, (what, x0, x1, w)
            y = y1
        assert y < h < y + 30, "the drawing ends with its last seat"


@pytest.mark.parametrize("portrait", [True, False], ids=["portrait", "landscape"])
def test_a_full_tray_fits_in_its_seat_box(portrait):
    root = ET.fromstring(svg_text(new_game(4, 2), 0, portrait=portrait))
    width, _ = viewbox(root)
    for seat in root.iter(f"{NS}g"):
        if seat.attrib.get("class", "").split()[:1] != ["seat"]:
            continue
        box = seat.find(f"{NS}rect[@class]")
        assert "player-panel" in box.attrib["class"]
        right = float(box.attrib["x"]) + float(box.attrib["width"])
        tiles = [t for t in seat.iter(f"{NS}g") if "tray-tile" in t.attrib.get("class", "")]
        assert len(tiles) == 18
        assert max(extent(t)[2] for t in tiles) < right
        if not portrait:  # (portrait panels are placed by a transform: panels() checks those)
            assert right <= width


def test_the_viewers_seat_comes_first_then_the_market_then_the_others_in_seat_order():
    s = next(x for x in states(4, 1, 3) if x["turn"] == 2 and x["scores"] != [0, 0, 0, 0])
    for viewer, first in ((None, 2), (2, 2), (0, 0), (3, 3)):
        root = ET.fromstring(svg_text(s, viewer, portrait=True))
        stack = panels(root)
        assert [what for what, *_ in stack[:2]] == ["seat mine" if viewer is not None else "seat", "top-panel"]
        assert [int(p) for _, p, _ in stack if p is not None] == [first] + [p for p in range(4) if p != first]
        tops = [box[1] for *_, box in stack]
        assert tops == sorted(tops)
        mine = root.findall(f".//{NS}g[@class='seat mine']")
        assert [g.attrib["data-player"] for g in mine] == ([] if viewer is None else [str(viewer)])
        # Right under the score track: the map, its track and the hand's seat come first.
        assert tops[0] - (R.TRACK_Y + 24) < 20


@pytest.mark.parametrize("players", [2, 4])
def test_every_seat_s_name_and_points_read_and_its_tray_taps_on_a_phone(players):
    """12 px text (names, points, the buttons of the turn and the action cards), and tiles of 33 px (three quarters of 44, web/board-zoom.mjs's AS_IS)
    that a finger taps at the first view with no zoom."""
    built = 0
    for i, s in enumerate(states(players, 3 + players, 12)):
        svg = svg_text(s, s["turn"], portrait=True, lang=["en", "fr", "zh-Hant"][i % 3])
        assert_each_seat_reads_on_a_phone(svg, players, ("seat-name", "seat-score"))
        buttons = text_px(svg, "button") + text_px(svg, "action-card")
        assert min(buttons) >= READS, buttons
        tiles = [(v, side) for v, side in targets_px(svg, "seat") if v.startswith("build")]
        assert_tapped_as_is(tiles)
        built += bool(tiles)
    assert built
