"""The New York 1901 board played by touch: no hover, so every build spot shows its score
itself, and every clickable element is big enough for a fingertip."""

from __future__ import annotations

import re

from pyengine.games.newyork1901 import GAME as G
from pyengine.games.newyork1901.data import OFFSETS

from .test_end_and_scoring import G3, prestige_position
from .test_render import NS, attr_values, draw, states

CLICKABLE = ("data-move", "data-step", "data-unselect", "data-action")
MIN_SIDE = 24  # the other games' buttons


def hover_gain(s, tile: str, rotation: int, cell: str) -> int:
    """What the hover preview says the build at `cell` scores (points plus Gold Prestige)."""
    x, y = map(int, cell.split())
    p = s["turn"]
    frag, message = G.hover(G.view(s, p), p, (f"build {tile}",), rotation, (x, y))
    assert 'data-legal="1"' in frag, message
    found = re.search(r"\+(\d+) points(?: \+(\d+) Gold Prestige)?", message)
    assert found, message
    return int(found[1]) + int(found[2] or 0)


def check_labels(s) -> int:
    """Every spot of every tile at every rotation has one label, with the hover's score.
    Returns how many spots were checked."""
    p = s["turn"]
    spots = 0
    for step in attr_values(draw(s, p), "data-step"):
        tile = step.split()[1]
        for rot in range(len(OFFSETS[tile])):
            root = draw(s, p, (step,), rot)
            anchors = {e.attrib["data-cell"]: e for e in root.iter() if "anchor" in e.attrib.get("class", "").split()}
            labels = {e.attrib["data-anchor"]: e for e in root.iter() if e.attrib.get("class") == "target-score"}
            assert set(labels) == set(anchors) and anchors, (step, rot)
            for cell, label in labels.items():
                assert "data-move" in anchors[cell].attrib
                # The label must leave the tap to the target under it.
                assert label.attrib["pointer-events"] == "none"
                gain = hover_gain(s, tile, rot, cell)
                assert label.text == f"+{gain}", (step, rot, cell)
                spots += 1
    return spots


def test_every_build_spot_shows_the_score_the_hover_preview_gives():
    spots = 0
    # Every 3rd or 4th state: random games end within about 100 moves by the stalemate rule.
    for players, seed, every in ((4, 1, 3), (2, 5, 4)):
        for s in states(players, seed, every):
            spots += check_labels(s)
    assert spots > 50  # enough spots that a wrong label would show


def test_a_spot_label_counts_gold_prestige_as_the_hover_does():
    s = prestige_position()
    tile, rot = G3.split()[1], int(G3.split()[3])
    cell = " ".join(G3.split()[5:])
    root = draw(s, s["turn"], (f"build {tile}",), rot)
    label = next(e for e in root.iter() if e.attrib.get("data-anchor") == cell)
    p = s["turn"]
    _, message = G.hover(G.view(s, p), p, (f"build {tile}",), rot, tuple(map(int, cell.split())))
    assert "Gold Prestige" in message  # the position is one where the sum matters
    assert label.text == f"+{hover_gain(s, tile, rot, cell)}"
    assert check_labels(s)


def face(e) -> tuple[float, float, float, float]:
    """(x, y, width, height) of a clickable: itself if a rect, else its largest rect (the
    button face; the smaller ones are the drawing on it)."""
    rects = [e] if e.tag == f"{NS}rect" else list(e.iter(f"{NS}rect"))
    assert rects, e.attrib
    r = max(rects, key=lambda r: float(r.attrib["width"]) * float(r.attrib["height"]))
    return tuple(float(r.attrib[k]) for k in ("x", "y", "width", "height"))


def boards():
    """Boards of random games, each also with its first tile picked, and their roots."""
    for players, seed, every in ((4, 1, 7), (3, 2, 11), (2, 5, 13)):
        for s in states(players, seed, every):
            root = draw(s, s["turn"])
            yield root
            steps = attr_values(root, "data-step")
            if steps:
                yield draw(s, s["turn"], (steps[0],))


def test_every_clickable_is_at_least_24_units_on_its_short_side():
    kinds = set()
    for root in boards():
        for e in root.iter():
            if set(CLICKABLE) & set(e.attrib):
                x, y, w, h = face(e)
                assert min(w, h) >= MIN_SIDE, e.attrib
                kinds |= set(e.attrib.get("class", "").split())
    # Each kind was seen clickable at least once: none passed by never being drawn.
    assert {"action-card", "tray-tile", "anchor", "lot-target", "button", "chosen"} <= kinds, kinds


def test_buttons_and_targets_do_not_overlap():
    """Clickable or not (a used action card, a locked tile), no two button faces overlap,
    so a tap is never ambiguous and no enlarged button covers another."""
    for root in boards():
        faces = [
            face(e)
            for e in root.iter()
            if set(CLICKABLE) & set(e.attrib) or {"action-card", "tray-tile"} & set(e.attrib.get("class", "").split())
        ]
        for i, (x, y, w, h) in enumerate(faces):
            for x2, y2, w2, h2 in faces[i + 1 :]:
                assert x + w <= x2 or x2 + w2 <= x or y + h <= y2 or y2 + h2 <= y, ((x, y, w, h), (x2, y2, w2, h2))
