"""The portrait drawing (render(..., portrait=True), for a phone held upright): the same
clickable elements as the landscape one, the board on top, the seat whose hand it is
under it (its narrow panel drawn as wide as the board: big enough to tap), then every
other seat as a wide panel with its name readable; nothing outside the viewBox and no
two panels on top of each other."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from pyengine.core.game import choices
from tests.svg_geometry import (
    NS,
    assert_each_seat_reads_on_a_phone,
    assert_inside_and_snug,
    assert_tapped_as_is,
    boxes,
    overlap,
    targets_px,
    viewbox,
)

from .helpers import G, random_game

SEAT_TEXTS = ("seat-name", "seat-score")

CLICKS = re.compile(r'\bdata-(move|step|unselect)="([^"]*)"')


def cases() -> Iterator[tuple[dict[str, Any], int | None, dict[str, Any]]]:
    """(view, viewer, render keywords) over random games of 2-4 players: the mover with
    its choices (then one and two steps picked), a spectator and another seat."""
    for players, seed, options, lang in (
        (2, 1, {}, "en"),
        (2, 2, {"two_colour": True}, "fr"),
        (3, 3, {"pick_order": "one"}, "zh-Hant"),
        (4, 4, {}, "en"),
    ):
        game = random_game(players, seed, options, keep_states=True)
        states = game["states"]
        for s in [*states[::7], game["state"]]:
            mover = None if G.is_over(s) else s["turn"]
            for viewer in dict.fromkeys((mover, None, 1)):
                view = G.view(s, viewer)
                if viewer is None or viewer != mover:
                    yield view, viewer, {"lang": lang}
                    continue
                picked: list[str] = []
                while True:
                    ch = choices(G, s, picked)
                    yield view, viewer, {"choices": ch.tokens, "selected": ch.selected, "lang": lang}
                    steps = sorted(t for t, m in ch.tokens.items() if m is None and t not in ch.selected)
                    if not steps or len(picked) == 2:
                        break
                    picked.append(steps[0])


CASES = list(cases())


def layout(svg: str) -> list[tuple[str, tuple[float, float, float, float]]]:
    """The big parts in document order: the board ("board", its cities' extent) and
    each seat's panel ("seat 1".. by player number)."""
    board: list[tuple[float, float, float, float]] = []
    out: list[tuple[str, tuple[float, float, float, float]]] = []
    for node, up, box in boxes(svg):
        cls = node.get("class", "").split()
        if cls[:1] == ["city"]:
            board.append(box)
            if len(board) == 1:
                out.append(("board", box))
        elif cls[:1] == ["panel"]:
            out.append((f"seat {int(up[-1].get('data-player')) + 1}", box))
    i = [name for name, _ in out].index("board")
    out[i] = (
        "board",
        (min(b[0] for b in board), min(b[1] for b in board), max(b[2] for b in board), max(b[3] for b in board)),
    )
    return out


@pytest.mark.parametrize("view, viewer, kw", CASES[::3])
def test_portrait_keeps_every_click_once(view, viewer, kw):
    wide = G.render(view, viewer, **kw)
    tall = G.render(view, viewer, portrait=True, **kw)
    assert Counter(CLICKS.findall(tall)) == Counter(CLICKS.findall(wide))


def test_the_cases_cover_both_phases_and_every_kind_of_click():
    assert {v["phase"] for v, _, _ in CASES} >= {"pick", "build", "over"}
    kinds = Counter(k for v, p, kw in CASES for k, _ in CLICKS.findall(G.render(v, p, portrait=True, **kw)))
    assert set(kinds) == {"move", "step", "unselect"}


@pytest.mark.parametrize("view, viewer, kw", CASES[::2])
def test_the_board_on_top_then_the_own_seat_then_the_others(view, viewer, kw):
    svg = G.render(view, viewer, portrait=True, **kw)
    parts = layout(svg)
    own = viewer if viewer is not None else view["turn"]
    n = view["players"]
    assert [name for name, _ in parts] == ["board", *(f"seat {(own + k) % n + 1}" for k in range(n))]
    # Stacked top to bottom in that order, each panel the board's width; nothing overlaps.
    tops = [box[1] for _, box in parts]
    assert tops == sorted(tops)
    (_, board), *seats = parts
    # The cities' frames stand 3 px out of the lots, which the panels span.
    assert all(
        board[3] <= box[1] and box[0] == pytest.approx(board[0] + 3) and box[2] == pytest.approx(board[2] - 3)
        for _, box in seats
    )
    for i, (_, a) in enumerate(parts):
        for _, b in parts[i + 1 :]:
            assert not overlap(a, b), (a, b)


@pytest.mark.parametrize("view, viewer, kw", CASES[1::3])
def test_nothing_sticks_out_of_the_viewbox_or_out_of_its_panel(view, viewer, kw):
    svg = G.render(view, viewer, portrait=True, **kw)
    assert_inside_and_snug(svg)
    placed = list(boxes(svg))
    panels = {id(up[-1]): box for node, up, box in placed if node.get("class", "").split()[:1] == ["panel"]}
    for node, up, (x0, y0, x1, y1) in placed:
        seat = next((g for g in reversed(up) if g.get("class", "").startswith("seat ")), None)
        if seat is not None and node.tag == NS + "rect" and "panel" not in node.get("class", ""):
            px0, py0, px1, py1 = panels[id(seat)]
            assert px0 <= x0 and py0 <= y0 and x1 <= px1 + 1e-6 and y1 <= py1 + 1e-6, node.attrib


def test_a_spectator_sees_the_mover_first_and_the_height_depends_on_the_players_only():
    """The height stays put within a game (it depends on the players and on the
    two-colour option, which adds a row of parts to each panel), so a redraw replaces
    the parts that changed, not the whole drawing (web/skyweb/patch.py compares the
    root's children)."""
    heights: dict[tuple[int, bool], set[float]] = {}
    for view, viewer, kw in CASES:
        svg = G.render(view, viewer, portrait=True, **kw)
        if viewer is None:
            assert layout(svg)[1][0] == f"seat {view['turn'] + 1}"
        heights.setdefault((view["players"], view["options"]["two_colour"]), set()).add(viewbox(svg)[1])
    assert all(len(h) == 1 for h in heights.values()) and len(heights) == 4


def cards(svg: str, player: int) -> list[tuple[str, float, float]]:
    """A seat's cards as (number, where the marked square sits in the card)."""
    out = []
    root = ET.fromstring(svg)
    seat = next(g for g in root.iter(NS + "g") if g.get("data-player") == str(player))
    for card in seat.iter(NS + "g"):
        if card.get("class", "").split()[:1] != ["card"]:
            continue
        face, *cells = card.iter(NS + "rect")
        mark = [r for r in cells if r.get("fill") == "#d1362f"]
        if mark:
            out.append(
                (
                    card.findtext(NS + "text"),
                    round(float(mark[0].get("x")) - float(face.get("x")), 1),
                    round(float(mark[0].get("y")) - float(face.get("y")), 1),
                )
            )
    return out


@pytest.mark.parametrize("view, viewer, kw", [c for c in CASES if c[1] is not None][::4])
def test_the_board_and_the_card_faces_are_those_of_the_landscape_drawing(view, viewer, kw):
    """A card marks the square as its seat sees the board; the panel moving to the wide
    layout must not turn a west or east player's cards."""
    wide, tall = G.render(view, viewer, **kw), G.render(view, viewer, portrait=True, **kw)
    assert cards(tall, viewer) == cards(wide, viewer)
    if view["hands"][viewer]:
        assert cards(tall, viewer)

    def board(svg: str) -> bytes:
        return ET.tostring(next(g for g in ET.fromstring(svg).iter(NS + "g") if g.get("class") == "board"))

    assert board(tall) == board(wide)


def test_west_and_east_seats_are_in_the_cases():
    assert {v["seats"][p] for v, p, _ in CASES if p is not None} >= {"W", "E"}


@pytest.mark.parametrize("view, viewer, kw", CASES[::5])
def test_every_seat_s_name_and_score_reads_at_12_px_on_a_phone(view, viewer, kw):
    assert_each_seat_reads_on_a_phone(G.render(view, viewer, portrait=True, **kw), view["players"], SEAT_TEXTS)


@pytest.mark.parametrize("view, viewer, kw", [c for c in CASES if c[2].get("choices")][::3])
def test_the_own_seat_s_cards_and_parts_are_big_enough_to_tap_on_a_phone(view, viewer, kw):
    assert_tapped_as_is(targets_px(G.render(view, viewer, portrait=True, **kw), "seat"))
