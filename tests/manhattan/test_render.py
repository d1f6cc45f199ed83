"""The renderer is a pure function from (view, viewer, choices) to SVG text, so the
UI testing contract is checked here without a browser."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from pyengine.core.game import choices
from pyengine.games.manhattan import render as R

from .helpers import BLUE, RED, SEAT1, G, lot, position

NS = "{http://www.w3.org/2000/svg}"


def draw(state, viewer, selected=()):
    ch = choices(G, state, selected)
    svg = G.render(G.view(state, viewer), viewer, choices=ch.tokens, selected=ch.selected)
    return ET.fromstring(svg)  # also proves the SVG is well-formed XML


def with_attr(root, name):
    return [e for e in root.iter() if name in e.attrib]


def titles(root):
    return [e.text for e in root.iter(f"{NS}title")]


def test_every_data_move_is_a_legal_move_and_every_legal_move_is_reachable_by_clicks():
    s = position(4, hands={0: [1, 5, 9, 9]}, selected={RED: [1, 3]})
    legal = {str(m) for m in G.legal_moves(s)}
    reached = set()
    # A player's clicks: a card, then a part, then a lot (the UI allows any order; this one suffices).
    root = draw(s, 0)
    cards = [e.attrib["data-step"] for e in with_attr(root, "data-step") if e.attrib["data-step"].startswith("card")]
    assert sorted(cards) == ["card 1", "card 5", "card 9", "card 9"]  # both 9s are clickable
    for card in set(cards):
        sizes = [
            e.attrib["data-step"]
            for e in with_attr(draw(s, 0, [card]), "data-step")
            if e.attrib["data-step"].startswith("storeys")
        ]
        for size in set(sizes):
            moves = with_attr(draw(s, 0, [card, size]), "data-move")
            assert moves, f"no lot to click after {card}, {size}"
            reached |= {e.attrib["data-move"] for e in moves}
    assert reached == legal


def test_the_highlighted_lot_is_where_the_card_lands_for_that_seat():
    # West (player 1) plays card 1: the north-east lot of each city (data.md §3).
    s = position(4, turn=1, hands={1: [1]}, selected={BLUE: [2]})
    targets = with_attr(draw(s, 1, ["card 1"]), "data-move")
    by_move = {e.attrib["data-move"]: (float(e.attrib["x"]), float(e.attrib["y"])) for e in targets}
    for city in range(1, 7):
        x, y = R._lot_xy(lot(city, 3))
        assert by_move[f"card 1 city {city} storeys 2"] == (x + 1, y + 1)


def test_a_chosen_token_is_shown_as_unselectable_not_as_a_step():
    s = position(4, hands={0: [5]}, selected={RED: [1, 2]})
    root = draw(s, 0, ["card 5"])
    assert [e.attrib["data-unselect"] for e in with_attr(root, "data-unselect")] == ["card 5"]
    assert all(e.attrib["data-step"] != "card 5" for e in with_attr(root, "data-step"))


def test_other_hands_are_drawn_face_down_and_only_the_viewer_can_click():
    s = position(4, hands={0: [1, 2, 3, 4], 2: [9, 9, 9, 9]}, selected={RED: [1]})
    root = draw(s, 2)  # player 3 watches player 1's turn
    assert titles(root).count("Hidden card") == 12
    # Only the viewer's own cards show their face: north reads card 9 as the north-west lot.
    assert [t for t in titles(root) if t.startswith("Card ")] == ["Card for the north-west lot of any city"] * 4
    assert not with_attr(root, "data-move") and not with_attr(root, "data-step")


def test_pick_buttons_carry_the_pick_moves_for_the_player_to_move():
    s = G.new_game(3, 5, SEAT1)
    root = draw(s, 0)
    assert sorted(e.attrib["data-move"] for e in with_attr(root, "data-move")) == [
        "pick 1",
        "pick 2",
        "pick 3",
        "pick 4",
    ]
    assert not with_attr(draw(s, 1), "data-move")


@pytest.mark.parametrize(
    "options,text",
    [
        ({"godzilla": "full"}, "Godzilla: nobody may build here"),
        ({"slow_development": True}, None),
    ],
)
def test_variant_markers_are_drawn(options, text):
    s = G.new_game(4, 1, options)
    svg = G.render(G.view(s, 0), 0)
    if text:
        assert text in svg
    else:
        assert svg.count("not open yet") == 3


def test_buildings_show_height_and_owner():
    s = position(4, board={lot(2, 5): [(BLUE, 3), (RED, 4)]}, selected={RED: [1]}, hands={0: [5]})
    svg = G.render(G.view(s, 0), 0)
    assert "7 storeys, owner red (parts bottom to top: blue 3, red 4)" in svg
