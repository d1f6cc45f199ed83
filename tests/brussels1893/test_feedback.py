"""A newcomer's feedback: a legal placement whose action will do nothing is named before
it is made (Game.warning), a cell that is no target says why (explain), picked moves and
log lines name cells by action, column and row, never by their grid code."""

from __future__ import annotations

import re

from pyengine.core.game import why_not
from pyengine.core.i18n import translate
from pyengine.games.brussels1893.moves import parse

from .helpers import RED, G, actions, edit, where


def en(m) -> str:
    return translate(m, "en")


def test_build_with_no_materials_is_legal_but_warned():
    s = edit(actions(4), RED, cubes={"wood": 0, "iron": 0, "stone": 0, "wild": 0}, money=5)
    move = parse(f"place {where(s, 'B')}")
    assert move in G.legal_moves(s)
    reason = en(G.warning(s, move))
    assert "no materials" in reason and "do nothing" in reason and "majorities" in reason


def test_build_that_can_be_paid_is_not_warned():
    s = edit(actions(4), RED, cubes={"wood": 3, "iron": 3, "stone": 3, "wild": 3}, money=5)
    assert G.warning(s, parse(f"place {where(s, 'B')}")) is None


def test_sell_with_no_art_tile_is_warned_and_studio_is_not():
    s = edit(actions(4), RED, art={c: 0 for c in ("yellow", "blue", "brown", "green", "black")}, white=[])
    assert "no art tile you can sell" in en(G.warning(s, parse(f"place {where(s, 'V')}")))
    assert G.warning(s, parse(f"place {where(s, 'S')}")) is None
    assert G.warning(s, parse("pass")) is None


def test_a_cell_outside_the_active_area_says_so():
    s = actions(4, square="2-2")  # opens columns 3-5, rows 3-5
    assert "outside the active area" in en(why_not(G, s, (), "place c1r1"))
    s["arch"][12] = 1
    assert "already holds an architect" in en(why_not(G, s, (), "place c3r3"))


def test_chosen_moves_and_the_log_name_cells_in_words():
    s = actions(4, square="2-2")
    label = en(G.token_label(s, "place c3r4"))
    assert "column 3, row 4" in label and not re.search(r"c\dr\d", label)
    line = en(G.describe(s, parse("place c3r4")))
    assert "column 3, row 4" in line and "c3r4" not in line


def test_hovering_a_cell_says_what_placing_there_would_do():
    s = actions(4, square="2-2")  # opens columns 3-5, rows 3-5
    fragment, words = G.hover(s, RED, (), 0, (3, 3), "en")
    assert 'class="ghost legal"' in fragment and "column 3" in words
    fragment, words = G.hover(s, RED, (), 0, (1, 1), "en")
    assert 'class="ghost illegal"' in fragment and "Outside the active area" in words
    assert 'id="hover-layer"' in G.render(s, RED) and 'data-cell="3 3"' in G.render(s, RED)


def test_every_board_text_reads_at_11_px_in_a_desktop_frame():
    """The page fits the drawing into a frame of about 926x674 px at 1366x768."""
    import random

    for n in (2, 3, 4, 5):
        s = G.new_game(n, n)
        rng = random.Random(n)
        for i in range(300):
            if G.is_over(s):
                break
            if i % 25 == 0:
                svg = G.render(s, G.to_move(s)[0])
                w, h = (float(v) for v in re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg).groups())
                scale = min(926 / w, 674 / h)
                small = min(float(f) for f in re.findall(r'<text[^>]*font-size="([\d.]+)"', svg))
                assert small * scale >= 11, (n, i, w, h, small)
            s = G.apply(s, rng.choice(G.legal_moves(s)))
