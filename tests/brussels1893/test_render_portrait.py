"""The portrait arrangement of the Brussels 1893 board (a phone held upright): the Art
Nouveau board across the width, then the decision bar, the viewer's own seat, the Brussels
and market columns, the Belle Époque band and the other seats; the same things to click
and to read as landscape, only placed elsewhere."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter

import pytest

from pyengine.core.game import choices
from pyengine.games.brussels1893 import render as R
from tests.svg_geometry import NS, viewbox

from .helpers import G, new
from .test_interface import random_states

CLICKS = re.compile(r'\sdata-(move|step|draft|unselect|action)="([^"]*)"')
PLACED = re.compile(r"translate\((-?[\d.]+),(-?[\d.]+)\) scale\(([\d.]+)\)")
PHONE = 376  # CSS px: the board frame's width on a 390 px wide phone
SETUPS = [
    (2, False, False),
    (3, True, False),
    (4, False, True),
    (5, True, True),
]


def drawings(s, viewer):
    """(landscape, portrait) for `viewer`, with the choices when the viewer is to move."""
    kw = {}
    if not G.is_over(s) and viewer is not None and viewer == G.to_move(s)[0]:
        ch = choices(G, s, ())
        kw = {"choices": ch.tokens, "selected": ch.selected}
    view = G.view(s, viewer)
    return G.render(view, viewer, **kw), G.render(view, viewer, portrait=True, **kw)


def positions(n, be, variant):
    """(state, viewer) along a random game: the mover's view and a spectator's."""
    for s in random_states(n, be, variant, seed=n, every=11, limit=500):
        yield s, (None if G.is_over(s) else G.to_move(s)[0])
        yield s, None


def texts(root):
    return Counter(t.strip() for e in root.iter() for t in (e.text, e.tail) if t and t.strip())


def seat_order(root):
    """The seats' numbers in document order."""
    return [int(g.get("data-player")) for g in root.iter(NS + "g") if "seat" in g.get("class", "").split()]


def scales(root):
    """{element: the scale its placing group gives it} for every element under a placed group."""
    out = {}
    for g in root.iter(NS + "g"):
        m = PLACED.fullmatch(g.get("transform", ""))
        if m:
            for e in g.iter():
                out[e] = float(m[3])
    return out


@pytest.mark.parametrize("n,be,variant", SETUPS)
def test_the_portrait_has_the_same_clicks_and_texts_and_is_tall(n, be, variant):
    clickable = 0
    for s, viewer in positions(n, be, variant):
        wide, tall = drawings(s, viewer)
        root = ET.fromstring(tall)  # well-formed XML
        assert "portrait" in root.get("class").split()
        assert Counter(CLICKS.findall(tall)) == Counter(CLICKS.findall(wide))
        clickable += bool(CLICKS.search(tall))
        w, h = viewbox(root)
        assert w == R.PORTRAIT_W and h / w >= 1.4, (w, h)
        # Every text is there; where landscape cuts one short (…), the portrait's wider
        # part shows it at least as long (and a wider seat may name more of its cards).
        short, long_ = texts(ET.fromstring(wide)), texts(root)
        for t in short - long_:
            assert t.endswith("…") and any(u.startswith(t[:-1].rstrip()) for u in long_ - short), t
    assert clickable > 3


@pytest.mark.parametrize("n,be,variant", SETUPS)
def test_the_viewers_own_seat_comes_first_then_the_others_in_order(n, be, variant):
    s = new(n, be, variant)
    for viewer in range(n):
        root = ET.fromstring(drawings(s, viewer)[1])
        assert seat_order(root) == [viewer] + [p for p in range(n) if p != viewer]
        names = [t.text for t in root.iter(NS + "text") if t.get("class") == "seat-name"]
        assert "(you)" in names[0] and not any("(you)" in t for t in names[1:])
    assert seat_order(ET.fromstring(drawings(s, None)[1])) == list(range(n))


@pytest.mark.parametrize("n,be,variant", SETUPS)
def test_seat_names_and_scores_read_at_12_px_on_a_phone(n, be, variant):
    s = new(n, be, variant)
    long_names = [f"Somebody with a long name {p}" for p in range(n)]
    for names in (None, long_names):
        root = ET.fromstring(G.render(G.view(s, 0), 0, portrait=True, names=names))
        w, _ = viewbox(root)
        scale = scales(root)
        found = 0
        for t in root.iter(NS + "text"):
            if t.get("class") in ("seat-name", "score"):
                px = float(t.get("font-size")) * scale[t] * PHONE / w
                assert px >= 12, (t.text, px)
                found += 1
        assert found == 2 * n


def test_the_board_fills_the_width_and_the_first_turn_fills_a_phones_frame():
    """At the first turn the drawing, scaled to the frame's width, is taller than the
    frame (about 590 px on a 390 x 844 phone), and the board spans the width."""
    for n, be, variant in SETUPS:
        root = ET.fromstring(drawings(new(n, be, variant), 0)[1])
        w, h = viewbox(root)
        assert h * PHONE / w >= 590
        (board,) = [g for g in root.iter(NS + "g") if g.find(f"{NS}g[@class='art-nouveau']") is not None]
        assert float(PLACED.fullmatch(board.get("transform"))[3]) * (5 * R.CELL + 26) >= w - 20


def test_the_hover_layer_shares_the_prestige_strips_transform():
    """hover() draws cells and prestige cards in landscape's units into #hover-layer: in
    portrait the board and the strip are placed by one same transform."""
    root = ET.fromstring(drawings(new(4), 0)[1])
    parents = {c: g for g in root.iter(NS + "g") for c in g}
    board = next(g for g in root.iter(NS + "g") if g.find(f"{NS}g[@id='hover-layer']") is not None)
    strip = next(g for g in root.iter(NS + "g") if g.get("class") == "prestige-strip")
    assert parents[board].get("transform") == parents[strip].get("transform")
    assert PLACED.fullmatch(parents[board].get("transform"))


def test_landscape_is_untouched_by_the_option():
    s = random_states(3, True, True, seed=5, every=40, limit=200)[2]
    p = G.to_move(s)[0]
    ch = choices(G, s, ())
    view = G.view(s, p)
    wide = G.render(view, p, choices=ch.tokens, selected=ch.selected)
    assert G.render(view, p, choices=ch.tokens, selected=ch.selected, portrait=False) == wide
    assert "portrait" not in ET.fromstring(wide).get("class").split()
