"""The New York 1901 renderer is a pure function from (view, viewer, choices, rotation) to
SVG text, so the UI testing contract is checked here without a browser."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

from pyengine.core.game import choices
from pyengine.games.newyork1901 import GAME as G
from pyengine.games.newyork1901.data import HEIGHT, OFFSETS, WIDTH, anchored

from .helpers import new_game

NS = "{http://www.w3.org/2000/svg}"


def draw(state, viewer, selected=(), rotation=0, clickable=True):
    ch = choices(G, state, selected) if clickable else None
    svg = G.render(
        G.view(state, viewer),
        viewer,
        choices=ch.tokens if ch else None,
        selected=ch.selected if ch else (),
        rotation=rotation,
    )
    return ET.fromstring(svg)  # also proves the SVG is well-formed XML


def with_attr(root, name):
    return [e for e in root.iter() if name in e.attrib]


def attr_values(root, name):
    return [e.attrib[name] for e in with_attr(root, name)]


def played(players, seed, moves, options=None):
    s = new_game(players, seed, options)
    r = random.Random(seed)
    for _ in range(moves):
        if G.is_over(s):
            break
        s = G.apply(s, r.choice(G.legal_moves(s)))
    return s


def states(players, seed, every, options=None):
    """Every `every`-th state of a random game, to the end."""
    s = new_game(players, seed, options)
    r = random.Random(seed)
    i = 0
    while not G.is_over(s):
        if i % every == 0:
            yield s
        s = G.apply(s, r.choice(G.legal_moves(s)))
        i += 1
    yield s


def reached_by_clicks(s):
    """Every move text a player can reach: data-move now, or a tile (data-step) then an
    anchor (data-move) at some rotation; checks the click loop never dead-ends."""
    p = s["turn"]
    root = draw(s, p)
    reached = set(attr_values(root, "data-move"))
    for step in attr_values(root, "data-step"):
        assert step.startswith("build "), step
        tile = step.split()[1]
        for rot in range(len(OFFSETS[tile])):
            sub = draw(s, p, (step,), rot)
            found = attr_values(sub, "data-move")
            assert found, f"{step} at rotation {rot}: nothing to click"
            assert attr_values(sub, "data-unselect") == [step]
            reached |= set(found)
    return reached


@pytest.mark.parametrize("players,seed,every", [(4, 1, 9), (3, 2, 11), (2, 5, 13)])
def test_every_legal_move_is_reachable_by_clicks_and_every_click_is_legal(players, seed, every):
    for s in states(players, seed, every):
        legal = {str(m) for m in G.legal_moves(s)}
        assert reached_by_clicks(s) == legal


def test_expert_game_moves_are_all_reachable():
    for s in states(3, 8, 17, {"expert": True}):
        assert reached_by_clicks(s) == {str(m) for m in G.legal_moves(s)}


def test_tiles_are_steps_even_with_one_position_and_a_chosen_tile_unselects():
    s = G.apply(new_game(4, 1), "acquire B11")
    root = draw(s, 0)
    assert sorted(attr_values(root, "data-step")) == ["build B1", "build B2", "build B3"]
    assert attr_values(root, "data-move") == ["end"]
    # B3 fits only one way (choices would make it a data-move): still a step.
    assert choices(G, s).tokens["build B3"] == "build B3 rot 0 at 4 9"
    sub = draw(s, 0, ("build B3",))
    assert attr_values(sub, "data-unselect") == ["build B3"]
    assert attr_values(sub, "data-move") == ["build B3 rot 0 at 4 9"]


def test_anchor_footprints_match_anchored_and_rotation_changes_them():
    found = False  # look for a state with a tile placeable in two rotations
    for s in states(4, 4, 1):
        ch = choices(G, s)
        for token in ch.tokens:
            if not token.startswith("build "):
                continue
            tile = token.split()[1]
            per_rot = {}
            for rot in range(len(OFFSETS[tile])):
                root = draw(s, s["turn"], (token,), rot)
                anchors = with_attr(root, "data-cells")
                for a in anchors:
                    words = a.attrib["data-move"].split()
                    r, x, y = int(words[3]), int(words[5]), int(words[6])
                    assert a.attrib["data-cell"] == f"{x} {y}"
                    cells = {tuple(map(int, c.split(","))) for c in a.attrib["data-cells"].split()}
                    assert cells == set(anchored(tile, r, x, y))
                    assert (x, y) in cells
                per_rot[rot] = {a.attrib["data-move"] for a in anchors}
            distinct = {frozenset(v) for v in per_rot.values()}
            if len(distinct) > 1:
                found = True
                # The rotate button names the shown rotation (for the page's next R).
                root = draw(s, s["turn"], (token,), 0)
                rot_buttons = [e for e in with_attr(root, "data-action") if e.attrib["data-action"] == "rotate"]
                assert len(rot_buttons) == 1 and "Rotate (R)" in ET.tostring(rot_buttons[0], encoding="unicode")
                shown = int(rot_buttons[0].attrib["data-rotation"])
                assert {a.attrib["data-move"] for a in with_attr(root, "data-cells")} == per_rot[0]
                assert all(f"rot {shown} at" in m for m in per_rot[0])
                break
        if found:
            break
    assert found, "no state with a tile placeable in two rotations"


def test_a_rotation_with_no_position_falls_back_to_the_next_one():
    s = G.apply(new_game(4, 1), "acquire B11")
    # B1 lies flat on B11 (rotation 0) only: rotation 1 shows rotation 0's anchors, no rotate button.
    for rot in (0, 1, 5):
        root = draw(s, 0, ("build B1",), rot)
        assert sorted(attr_values(root, "data-move")) == ["build B1 rot 0 at 4 9", "build B1 rot 0 at 5 9"]
        assert not [e for e in with_attr(root, "data-action") if e.attrib["data-action"] == "rotate"]


def test_no_clickables_without_choices():
    for s in states(4, 1, 40):
        root = draw(s, s["turn"], clickable=False)
        for name in ("data-move", "data-step", "data-unselect", "data-action"):
            assert not with_attr(root, name), name


def is_square(cell: str) -> bool:
    words = cell.split()
    return len(words) == 2 and all(w.isdigit() for w in words)


def test_board_squares_and_hover_layer():
    root = draw(new_game(3, 2), 0)
    cells = [c for c in attr_values(root, "data-cell") if is_square(c)]
    assert {tuple(map(int, c.split())) for c in cells} >= {(x, y) for x in range(WIDTH) for y in range(HEIGHT)}
    layers = [e for e in root.iter() if e.attrib.get("id") == "hover-layer"]
    assert len(layers) == 1 and len(layers[0]) == 0 and layers[0].attrib["pointer-events"] == "none"
    # The hover layer is drawn after (above) every square and target.
    order = list(root.iter())
    assert order.index(layers[0]) > max(
        order.index(e) for e in with_attr(root, "data-cell") if is_square(e.attrib["data-cell"])
    )


def test_the_other_parts_never_take_the_pointer():
    """The page's hover reads the "x y" of the data-cell under the pointer: a part named
    otherwise (a lot, a card, a seat's panel...) is an invisible box no pointer reaches,
    and holds nothing clickable."""
    for s in states(4, 3, 25):
        root = draw(s, s["turn"], ("build B1",) if s["did"]["takes"] else ())
        parts = [e for e in with_attr(root, "data-cell") if not is_square(e.attrib["data-cell"])]
        assert parts
        for e in parts:
            assert e.tag.endswith("rect") and len(e) == 0, e.attrib
            assert e.attrib["pointer-events"] == "none" and e.attrib["fill"] == "none", e.attrib


def test_acquire_end_and_action_cards_are_moves():
    s = new_game(4, 1)
    root = draw(s, 0)
    moves = set(attr_values(root, "data-move"))
    assert {"shift", "grab", "acquire B02", "acquire P13"} <= moves
    lots = {e.attrib["data-lot"] for e in with_attr(root, "data-lot") if "data-move" in e.attrib}
    assert "B02" in lots
    # Not the player to move: nothing to click even with choices computed for them.
    assert not with_attr(draw(s, 1, clickable=False), "data-move")


def test_hover_names_the_rule_for_illegal_spots_and_describes_legal_ones():
    s = G.apply(new_game(4, 1), "acquire B11")
    frag, msg = G.hover(G.view(s, 0), 0, ("build B1",), 0, (5, 8))
    assert msg == (
        "Estate: it would cover a 3-square blue lot at the corner of Broadway and Pine Street, which is "
        "nobody's yet, not in your estate"
    )
    assert 'data-legal="0"' in frag
    frag, msg = G.hover(G.view(s, 0), 0, ("build B1",), 0, (4, 9))
    assert (
        'data-legal="1"' in frag
        and msg.startswith("Build a bronze skyscraper of 2 squares here")
        and "+2 points" in msg
    )
    # Covering the starting building after acquiring: the turn-order rule is named.
    frag, msg = G.hover(G.view(s, 0), 0, ("build B1",), 0, (4, 2))
    assert msg.startswith("Demolition:")
    # Off the edge.
    _, msg = G.hover(G.view(s, 0), 0, ("build B3",), 0, (16, 9))
    assert msg.startswith("Estate:")
    # Without a selected tile: what the square is.
    assert G.hover(s, 0, (), 0, (3, 2)) == ("", "Broadway (street)")
    ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{frag}</svg>')


def test_hover_on_a_demolish_shows_what_falls_and_where_workers_go():
    # The first legal demolish-and-rebuild of a random game.
    for s in states(4, 6, 1):
        demolish = [
            m
            for m in G.legal_moves(s)
            if hasattr(m, "tile")
            and any(
                tuple(c) in {tuple(x) for t in s["tiles"] for x in t["cells"]}
                for c in anchored(m.tile, m.rot, m.x, m.y)
            )
        ]
        if demolish:
            break
    else:
        pytest.skip("no demolish in this game")
    m = demolish[0]
    frag, msg = G.hover(G.view(s, s["turn"]), s["turn"], (f"build {m.tile}",), m.rot, (m.x, m.y))
    assert 'data-legal="1"' in frag and 'class="falls"' in frag
    assert msg.startswith("Demolishes ")
    assert "points" in msg


def test_viewer_and_thresholds_are_marked():
    s = new_game(4, 1)
    svg = G.render(G.view(s, 2), 2)
    assert "Player 3 (you)" in svg and "Player 1 (you)" not in svg
    assert 'data-threshold="6"' in svg and 'data-threshold="18"' in svg
    ex = new_game(4, 1, {"expert": True})
    svg = G.render(G.view(ex, 0), 0)
    assert 'data-threshold="10"' in svg and 'data-threshold="25"' in svg


def test_built_tiles_and_legendaries_are_drawn():
    s = played(4, 1, 400)
    root = draw(s, 0, clickable=False)
    drawn = [e for e in root.iter() if "skyscraper" in e.attrib.get("class", "").split()]
    assert len(drawn) == len(s["tiles"])
    assert {e.attrib["data-tile"] for e in drawn} == {t["id"] for t in s["tiles"]}
    for e, t in zip(drawn, s["tiles"]):
        assert ("legendary" in e.attrib["class"]) == t["id"].startswith("L")
    svg = ET.tostring(root, encoding="unicode")
    for lid in s["legends"]:
        assert f'data-tile="{lid}"' in svg
    assert 'class="deck"' in svg and svg.count('class="lot-card"') == len(s["market"])


def test_every_clickable_is_a_named_keyboard_button_in_a_group():
    s = G.apply(new_game(4, 1), "acquire B11")
    for selected in ((), ("build B1",)):
        root = draw(s, 0, selected)
        assert root.attrib["role"] == "group" and root.attrib["aria-label"]
        clickables = [
            e for e in root.iter() if {"data-move", "data-step", "data-unselect", "data-action"} & set(e.attrib)
        ]
        assert len(clickables) >= 3
        for e in clickables:
            assert e.attrib.get("role") == "button" and e.attrib.get("tabindex") == "0", e.attrib
            assert e.attrib.get("aria-label", "").strip(), e.attrib
        picked = with_attr(root, "data-unselect")
        assert all(e.attrib.get("aria-pressed") == "true" for e in picked)
    lots = [
        e.attrib["aria-label"]
        for e in with_attr(draw(new_game(4, 1), 0), "data-lot")
        if e.attrib.get("data-move") == "acquire B02"
    ]
    assert lots == ["Acquire the 3-square blue lot on Nassau Street"]


def test_each_players_number_is_on_their_skyscrapers_and_workers():
    """The cue that does not rely on colour: the owner's number on every piece."""
    s = played(4, 1, 120)
    root = draw(s, 0, clickable=False)
    tiles = [e for e in root.iter() if "skyscraper" in e.attrib.get("class", "").split()]
    assert len(tiles) == len(s["tiles"])
    for e in tiles:
        badges = [b for b in e.iter() if b.attrib.get("class") == "player-badge"]
        assert [b.find(f"{NS}text").text for b in badges] == [str(int(e.attrib["data-player"]) + 1)]
    board = next(e for e in root.iter() if e.attrib.get("class") == "board")
    workers = [e for e in board.iter() if e.attrib.get("class", "").split()[:1] == ["worker"]]
    assert len(workers) == len(s["workers"]) > 0
    owners = sorted(str(p + 1) for p in s["workers"].values())
    assert (
        sorted(b.find(f"{NS}text").text for w in workers for b in w.iter() if b.attrib.get("class") == "player-badge")
        == owners
    )
