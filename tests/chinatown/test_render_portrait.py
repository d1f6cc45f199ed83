"""The portrait drawing (render(..., portrait=True), for a phone held upright): the same
clickable elements as the landscape one, the map across the whole width, the seat whose
hand it is right under the map, the phase's box, then the other seats; nothing outside
the viewBox and no two parts on top of each other."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from pyengine.core.game import choices
from pyengine.games.chinatown import rules
from pyengine.games.chinatown.draw import text_width
from tests.svg_geometry import (
    NS,
    READS,
    assert_each_seat_reads_on_a_phone,
    assert_inside_and_snug,
    assert_tapped_as_is,
    boxes,
    overlap,
    placed,
    targets_px,
    text_px,
    viewbox,
)

from .helpers import G, new_game
from .test_end_view_moves import random_states

SEAT_TEXTS = ("seat-name", "money")

CLICKS = re.compile(r'\bdata-(move|step|draft|unselect)="([^"]*)"')


def cases() -> Iterator[tuple[dict[str, Any], int | None, dict[str, Any]]]:
    """(view, viewer, render keywords) over two random games: the mover with its
    choices (one step picked too, a trade draft built), a spectator and another seat."""
    for players, seed, options, lang in ((3, 2, {}, "en"), (5, 3, {"edition": "zman"}, "fr")):
        states = list(random_states(players, seed, options))
        for s in states[::5] + states[-1:]:
            mover = G.to_move(s)[0] if not G.is_over(s) else None
            for viewer in dict.fromkeys((mover, None, 1)):
                view = G.view(s, viewer)
                if viewer is None or viewer != mover:
                    yield view, viewer, {"lang": lang}
                    continue
                ch = choices(G, s)
                yield view, viewer, {"choices": ch.tokens, "lang": lang}
                steps = sorted(t for t, m in ch.tokens.items() if m is None)
                if steps:
                    picked = choices(G, s, steps[:1])
                    yield view, viewer, {"choices": picked.tokens, "selected": picked.selected, "lang": lang}
                if s["phase"] == "trade" and not s["offer"]:
                    draft = None
                    own = [lot for lot in range(1, 86) if s["owner"][lot] == viewer][:1]
                    for token in ["to 1" if viewer else "to 2", *(f"lot {lot}" for lot in own), "give money +1"]:
                        draft = G.edit_draft(view, viewer, draft, token)
                    yield view, viewer, {"choices": ch.tokens, "draft": draft, "lang": lang}


CASES = list(cases())


def layout(svg: str) -> list[tuple[str, tuple[float, float, float, float]]]:
    """The big parts, in document order: the map's street ground ("map"), each seat's
    panel ("seat 1".. by seat number), the phase's box ("below")."""
    out = []
    for node, up, box in boxes(svg):
        if node.tag != NS + "rect":
            continue
        cls = node.get("class", "")
        if cls == "streets":
            out.append(("map", box))
        elif cls.split()[:1] == ["panel"]:
            out.append(("seat", box))
        elif up[-1].get("class") == "below" and not out[-1][0] == "below":
            out.append(("below", box))
    seats = iter(re.findall(r'<g class="seat" data-player="(\d)"', svg))
    return [(f"seat {int(next(seats)) + 1}" if name == "seat" else name, box) for name, box in out]


@pytest.mark.parametrize("view, viewer, kw", CASES[::3])
def test_portrait_keeps_every_click_once(view, viewer, kw):
    wide = G.render(view, viewer, **kw)
    tall = G.render(view, viewer, portrait=True, **kw)
    assert Counter(CLICKS.findall(tall)) == Counter(CLICKS.findall(wide))


def test_the_cases_cover_every_phase_and_every_kind_of_click():
    phases = {(v["phase"], bool(v["offer"])) for v, _, _ in CASES}
    assert phases >= {("keep", False), ("trade", False), ("trade", True), ("place", False), ("over", False)}
    kinds = {k for v, p, kw in CASES for k, _ in CLICKS.findall(G.render(v, p, portrait=True, **kw))}
    assert kinds == {"move", "step", "draft", "unselect"}


@pytest.mark.parametrize("view, viewer, kw", CASES[::2])
def test_own_seat_under_the_map_then_the_phase_box_then_the_others(view, viewer, kw):
    svg = G.render(view, viewer, portrait=True, **kw)
    parts = layout(svg)
    names = [name for name, _ in parts]
    own = viewer if viewer is not None else (rules.mover(view) if view["phase"] != "over" else 0)
    n = view["players"]
    assert names[:3] == ["map", f"seat {own + 1}", "below"]
    assert sorted(names[3:]) == sorted(f"seat {q + 1}" for q in range(n) if q != own)
    # Stacked in that order, the other seats in rows; nothing overlaps.
    (_, map_box), (_, own_box), (_, below_box), *others = parts
    assert map_box[3] <= own_box[1] and own_box[3] <= below_box[1]
    assert all(below_box[3] <= box[1] for _, box in others)
    for i, (_, a) in enumerate(parts):
        for _, b in parts[i + 1 :]:
            assert not overlap(a, b), (a, b)
    # The own seat and the phase's box span the map's width.
    assert own_box[0] == below_box[0] == map_box[0]
    assert own_box[2] == pytest.approx(map_box[2]) and below_box[2] == pytest.approx(map_box[2])


@pytest.mark.parametrize("view, viewer, kw", CASES[1::4])
def test_nothing_sticks_out_and_no_band_is_left_empty(view, viewer, kw):
    assert_inside_and_snug(G.render(view, viewer, portrait=True, **kw))


def test_a_spectator_sees_the_mover_first_and_the_layout_stays_put():
    """viewer=None: the seat to move comes first; the height depends on the number of
    players, on whether it is the trade phase and on whether this device drafts an offer
    only, so it holds through a turn, and a redraw replaces the parts that changed, not
    the whole drawing."""
    heights: dict[tuple[int, bool, bool], set[float]] = {}
    for view, viewer, kw in CASES:
        if viewer is None and view["phase"] != "over":
            svg = G.render(view, None, portrait=True, **kw)
            assert layout(svg)[1][0] == f"seat {rules.mover(view) + 1}"
        svg = G.render(view, viewer, portrait=True, **kw)
        key = (view["players"], view["phase"] == "trade", 'class="trade-panel"' in svg)
        heights.setdefault(key, set()).add(viewbox(svg)[1])
    assert all(len(h) == 1 for h in heights.values()) and len(heights) == 6


def seats_hold_their_content(svg: str, view: dict[str, Any]) -> None:
    """Each seat draws a chip for every tile type in hand, all inside its panel."""
    for seat in ET.fromstring(svg).iter(NS + "g"):
        if seat.get("class") != "seat":
            continue
        p = int(seat.get("data-player"))
        panel, *rest = seat.iter(NS + "rect")
        x0, y0 = float(panel.get("x")), float(panel.get("y"))
        x1, y1 = x0 + float(panel.get("width")), y0 + float(panel.get("height"))
        for r in rest:
            x, y = float(r.get("x")), float(r.get("y"))
            assert x0 <= x and y0 <= y and x + float(r.get("width")) <= x1 and y + float(r.get("height")) <= y1
        chips = [g for g in seat.iter(NS + "g") if "hand-tile" in g.get("class", "").split()]
        assert len(chips) == sum(1 for k in view["hands"][p] if k), f"seat {p + 1}"


@pytest.mark.parametrize("view, viewer, kw", CASES[2::4])
def test_every_seat_shows_its_whole_hand(view, viewer, kw):
    seats_hold_their_content(G.render(view, viewer, portrait=True, **kw), view)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_hand_of_every_tile_type_fits_while_land_cards_are_shown(players):
    s = new_game(players, 5)
    s["hands"] = [[1] * 12 for _ in range(players)]
    for viewer in (0, 1, None):
        view = G.view(s, viewer)
        ch = choices(G, s) if viewer == G.to_move(s)[0] else None
        svg = G.render(view, viewer, choices=ch.tokens if ch else None, portrait=True, lang="zh-Hant")
        seats_hold_their_content(svg, view)
        if viewer is not None:
            assert len(re.findall(r'class="land-card', svg)) == len(s["dealt"][viewer])


@pytest.mark.parametrize("view, viewer, kw", CASES[::5])
def test_every_seat_s_name_and_money_reads_at_12_px_on_a_phone(view, viewer, kw):
    svg = G.render(view, viewer, portrait=True, **kw)
    assert_each_seat_reads_on_a_phone(svg, view["players"], SEAT_TEXTS)
    # and everything else a seat writes: the seat numbers in its markers, its cards' lots
    everything = text_px(svg, "seat")
    assert min(everything) >= READS, everything


@pytest.mark.parametrize("view, viewer, kw", [c for c in CASES if c[2].get("choices")][::2])
def test_the_own_seat_s_cards_and_tiles_are_big_enough_to_tap_on_a_phone(view, viewer, kw):
    assert_tapped_as_is(targets_px(G.render(view, viewer, portrait=True, **kw), "seat"))


def test_the_cases_have_cards_and_tiles_to_tap_in_the_own_seat():
    values = {
        v.split()[0]
        for view, viewer, kw in CASES
        if kw.get("choices")
        for v, _ in targets_px(G.render(view, viewer, portrait=True, **kw), "seat")
    }
    assert values >= {"keep", "tile"}


# ---------------------------------------------------------------- the phase's box on a phone
DRAFTS = ("data-move", "data-step", "data-draft")


def box_parts(svg: str) -> tuple[tuple[float, float, float, float], list[tuple[ET.Element, list, tuple, float]]]:
    """The phase's box in the root's coordinates, and each rect and text drawn in it
    (element, its ancestors, box, scale); a text's box is its estimated extent."""
    frame = None
    parts = []
    for node, up, (x0, y0, x1, y1), k in placed(svg):
        if not any(e.get("class") == "below" for e in up):
            continue
        if frame is None:
            frame = (x0, y0, x1, y1)
            continue
        if node.tag == NS + "text":
            size = float(node.get("font-size"))
            w = text_width("".join(node.itertext()), size, node.get("font-weight") == "bold") * k
            shift = {"middle": w / 2, "end": w}.get(node.get("text-anchor"), 0)
            x0, y0, x1, y1 = x0 - shift, y0 - size * k, x0 - shift + w, y0
        parts.append((node, up, (x0, y0, x1, y1), k))
    assert frame is not None
    return frame, parts


@pytest.mark.parametrize("view, viewer, kw", CASES[::3])
def test_the_phase_box_reads_at_14_px_on_a_phone(view, viewer, kw):
    """The issue asks 12 px of names, money and labels at the home view; the box is drawn
    at BOX_SCALE so its smallest text (draw.SMALL) comes out at 14.9 px."""
    sizes = text_px(G.render(view, viewer, portrait=True, **kw), "below")
    assert sizes and min(sizes) >= 14, sizes


@pytest.mark.parametrize("view, viewer, kw", [c for c in CASES if c[2].get("choices")][::2])
def test_the_phase_box_s_targets_are_tapped_without_zoom_and_never_touch(view, viewer, kw):
    """Partners, tiles and their minus, the money steps, Send offer, Accept, Done placing:
    33 px or more (web/board-zoom.mjs's AS_IS), and no two on top of each other."""
    svg = G.render(view, viewer, portrait=True, **kw)
    assert_tapped_as_is(targets_px(svg, "below", DRAFTS))
    _, parts = box_parts(svg)
    faces = [box for node, up, box, _ in parts if node.tag == NS + "rect" and any(up[-1].get(d) for d in DRAFTS)]
    for i, a in enumerate(faces):
        assert not any(overlap(a, b) for b in faces[i + 1 :]), a


def test_the_cases_have_every_kind_of_target_in_the_phase_box():
    kinds = set()
    for view, viewer, kw in CASES:
        if kw.get("choices"):
            svg = G.render(view, viewer, portrait=True, **kw)
            kinds |= {value.split()[0] for value, _ in targets_px(svg, "below", DRAFTS)}
    assert kinds >= {"to", "give", "get", "clear", "done", "accept", "decline", "offer"}, kinds


def assert_inside_its_box(svg: str) -> None:
    (fx0, fy0, fx1, fy1), parts = box_parts(svg)
    for node, _, (x0, y0, x1, y1), _ in parts:
        assert fx0 <= x0 and x1 <= fx1 + 0.01 and fy0 <= y0 and y1 <= fy1 + 0.01, (node.attrib, node.text)


@pytest.mark.parametrize("view, viewer, kw", CASES[1::3])
def test_nothing_in_the_phase_box_leaves_it(view, viewer, kw):
    assert_inside_its_box(G.render(view, viewer, portrait=True, **kw))


@pytest.mark.parametrize("lang", ["en", "fr", "de", "zh-Hant"])
def test_a_trade_of_every_tile_type_on_both_sides_fits_the_box(lang):
    """The most the panel can show: both hands hold all 12 types, some in the offer."""
    view, viewer, kw = next(c for c in CASES if "draft" in c[2] and c[0]["players"] == 5)
    view = {**view, "hands": [[2] * 12 for _ in range(5)]}
    draft = kw["draft"]
    for token in ("give +" + rules.types(view)[0].id, "get +" + rules.types(view)[11].id, "give money +5"):
        draft = G.edit_draft(view, viewer, draft, token)
    svg = G.render(view, viewer, portrait=True, choices=kw["choices"], draft=draft, lang=lang)
    assert_inside_its_box(svg)
    below = next(g for g in ET.fromstring(svg).iter(NS + "g") if g.get("class") == "below")
    chips = [g for g in below.iter(NS + "g") if "hand-tile" in g.get("class", "")]
    assert len(chips) == 24
