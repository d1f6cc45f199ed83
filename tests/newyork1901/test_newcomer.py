"""What a first-time New York 1901 player meets (issue 25): one colour per seat, the tile's
other rotations hinted, targets that stand out, board text large enough to read at
1366x768, and lots and tiles in words, never by the data files' ids."""

from __future__ import annotations

import re

from pyengine.core.game import choices, why_not
from pyengine.core.i18n import LANGUAGES, translate
from pyengine.games.newyork1901 import GAME as G
from pyengine.games.newyork1901 import render as R
from pyengine.games.newyork1901.data import LOT_AT, LOTS_BY_ID, anchored

from .helpers import new_game
from .test_render import NS, draw, states

IDS = [re.compile(p) for p in G.internal_ids]


def plain(text: str) -> bool:
    return not any(p.search(text) for p in IDS)


def hinted_positions():
    """(state, tile token, drawing) where the chosen tile fits some lot only when turned."""
    for players, seed, every in ((4, 1, 3), (2, 5, 3), (3, 2, 4)):
        for s in states(players, seed, every):
            for step in sorted(t for t in choices(G, s).tokens if t.startswith("build ")):
                root = draw(s, s["turn"], (step,))
                if any("data-rotate-hint" in e.attrib for e in root.iter()):
                    yield s, step, root


def test_a_seat_has_one_colour_on_its_swatch_score_marker_pieces_and_workers():
    s = states(4, 1, 1)
    for _ in range(60):
        s_ = next(s)
    colours = G.player_colours(s_)
    root = draw(s_, 0, clickable=False)
    for e in root.iter():
        cls = e.attrib.get("class", "").split()
        if "score-marker" in cls:
            assert e.find(f"{NS}circle").attrib["fill"] == colours[int(e.attrib["data-player"])]
        if "seat" in cls:
            swatch = next(g for g in e.iter() if g.attrib.get("class") == "player-swatch")
            assert swatch.find(f"{NS}rect").attrib["fill"] == colours[int(e.attrib["data-player"])]
        if "skyscraper" in cls:
            assert colours[int(e.attrib["data-player"])] in {p.attrib.get("stroke") for p in e.iter(f"{NS}path")}
    # The character card is named, its colour never stands for the player.
    for p in range(4):
        assert not re.search(r"\b(blue|pink|red|green|yellow) start\b", G.seat_name(s_, p))


def test_a_lot_the_tile_fits_only_turned_is_hinted_and_explained():
    found = 0
    for s, step, root in hinted_positions():
        anchors = [e for e in root.iter() if "anchor" in e.attrib.get("class", "").split()]
        covered = {tuple(map(int, c.split(","))) for a in anchors for c in a.attrib["data-cells"].split()}
        legal = {str(m) for m in G.legal_moves(s)}
        for hint in (e for e in root.iter() if "data-rotate-hint" in e.attrib):
            assert not ({"data-move", "data-step", "data-unselect"} & set(hint.attrib))
            token = hint.attrib["data-why"]
            rot, x, y = int(token.split()[1]), int(token.split()[3]), int(token.split()[4])
            assert rot == int(hint.attrib["data-rotate-hint"])
            # A real build at another rotation, on the hinted lot, where no shown spot reaches.
            assert f"{step} {token}" in legal
            lot = hint.attrib["data-lot"]
            assert lot in {LOT_AT.get(c) for c in anchored(step.split()[1], rot, x, y)}
            assert not covered & set(LOTS_BY_ID[lot].cells)
            reason = why_not(G, s, (step,), token)
            assert "Press R or tap ⟳ Turn" in reason
            found += 1
    assert found >= 3


def test_targets_are_large_and_drawn_dark_and_light_together():
    """A spot is 32 units (25 px at 1366x768) with a dark fill and a white ring: it reads on
    every district colour; an acquirable lot gets the same two rings."""
    s = new_game(4, 1)
    root = draw(s, 0)
    lots = [e for e in root.iter() if "lot-target" in e.attrib.get("class", "").split()]
    assert lots and all(e.attrib["stroke"] == R.INK for e in lots)
    rings = [e for e in root.iter() if e.attrib.get("class") == "target-ring"]
    assert len(rings) == len(lots) and all(e.attrib["stroke"] == R.HALO for e in rings)
    s = G.apply(s, "acquire B11")
    root = draw(s, 0, ("build B1",))
    spots = [e for e in root.iter() if "anchor" in e.attrib.get("class", "").split()]
    assert spots and all(float(e.attrib["width"]) >= 32 and float(e.attrib["height"]) >= 32 for e in spots)


def test_every_text_of_the_drawing_is_at_least_the_readable_size():
    """At 1366x768 the drawing is fitted at about 0.79 px a unit: FONT units read at 11 px."""
    assert R.FONT * 940 / R.W >= 11.2
    for s in list(states(4, 1, 40)) + list(states(2, 5, 60)):
        for selected in ((),):
            root = draw(s, s["turn"], selected)
            for e in root.iter(f"{NS}text"):
                assert float(e.attrib["font-size"]) >= R.FONT, (e.attrib, e.text)


def test_prompts_hovers_labels_and_reasons_name_no_internal_id():
    s = G.apply(new_game(4, 1), "acquire B11")
    p = s["turn"]
    texts = [G.hover(G.view(s, p), p, ("build B1",), 0, (x, y))[1] for x in range(17) for y in range(17)]
    texts += [G.hover(G.view(s, p), p, (), 0, (x, y))[1] for x in range(17) for y in range(17)]
    ch = choices(G, s)
    texts += [G.token_label(s, t) for t in ch.tokens] + [
        G.token_label(s, t) for t in choices(G, s, ("build B1",)).tokens
    ]
    texts += [why_not(G, s, (), f"acquire {lot}") for lot in LOTS_BY_ID]
    texts += [why_not(G, s, ("build B3",), f"acquire {lot}") for lot in LOTS_BY_ID]
    for lang in LANGUAGES:
        bad = [translate(t, lang) for t in texts if not plain(translate(t, lang))]
        assert not bad, bad[:5]
    assert G.token_label(s, "build S3") == "silver skyscraper, 4 squares, 5 points"
    assert G.token_label(s, "acquire B02") == "acquire a 3-square blue lot on Nassau Street"


def test_lots_that_are_no_target_say_why():
    s = new_game(4, 1)
    root = draw(s, 0)
    why = {e.attrib["data-why"] for e in root.iter() if "data-why" in e.attrib}
    assert {f"acquire {lot}" for lot in LOTS_BY_ID} <= why
    owned = next(lot for lot, p in s["owner"].items() if p == 0)
    assert (
        why_not(G, s, (), f"acquire {owned}")
        == "Acquisition: this lot is yours already: only a lot nobody owns can be acquired"
    )
    # A tile chosen: a lot of nobody's says that building needs your own lots.
    s = G.apply(s, "acquire B11")
    assert (
        why_not(G, s, ("build B1",), "acquire B02") == "You can build only on your own lots: this one is nobody's yet."
    )


def test_a_tile_or_card_that_is_no_target_says_why():
    s = new_game(4, 1)
    assert why_not(G, s, (), "build S1") == "Technology: silver needs 6 points; you have 0"
    assert why_not(G, s, (), "build B5") == "This skyscraper fits nowhere on your land now."
    root = draw(s, 0)
    tray = {
        e.attrib["data-tile"]: e
        for e in root.iter()
        if "tray-tile" in e.attrib.get("class", "").split() and e.attrib.get("data-why")
    }
    assert "S1" in tray and "data-step" not in tray["S1"].attrib
    s = G.apply(s, "shift")
    assert why_not(G, s, (), "shift") == "Market Shift: you have already used it"


def test_a_hover_names_the_players_as_the_page_does():
    """The page's names replace the engine's "Player 1" in a hovered square's words, in
    every language (the prompts and the reasons already go through with_names)."""
    s = new_game(2, 3)
    plain_words = G.hover(G.view(s, 0), 0, (), 0, (5, 11))[1]
    assert plain_words == "2-square green lot on Wall Street, Player 1's"
    for lang in LANGUAGES:
        words = G.hover(G.view(s, 0), 0, (), 0, (5, 11), lang, ["Ann", "Bot 2 (normal)"])[1]
        assert "Ann" in words and words != translate(plain_words, lang), (lang, words)
