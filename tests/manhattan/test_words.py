"""What a newcomer reads (issue 25): board texts large enough for a desktop, the draft's
order in the prompt, cards named by their lot, and a reason for every click on a lot,
card, part or box that does nothing."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest

from pyengine.core.game import choices, why_not
from pyengine.core.i18n import translate
from tests.svg_geometry import NS, viewbox

from .helpers import BLUE, RED, SEAT1, G, lot, position, random_game

FRAME = (940, 674)  # the desktop board frame at 1366x768, in CSS px
READABLE = 11  # px


def texts(state, viewer=0, selected=()):
    ch = choices(G, state, selected)
    return G.render(G.view(state, viewer), viewer, choices=ch.tokens, selected=ch.selected)


@pytest.mark.parametrize("players, options", [(4, {}), (3, {}), (2, {}), (2, {"two_colour": True})])
def test_every_board_text_reads_at_11_px_in_the_desktop_frame(players, options):
    game = random_game(players, 7, options, keep_states=True)
    for state in game["states"][::15] + [game["state"]]:
        svg = texts(state, None if G.is_over(state) else state["turn"])
        w, h = viewbox(svg)
        scale = min(FRAME[0] / w, FRAME[1] / h)
        sizes = [float(t.get("font-size")) for t in ET.fromstring(svg).iter(NS + "text")]
        assert sizes and min(sizes) * scale >= READABLE, (min(sizes), scale)


def test_the_pick_prompt_says_whose_box_and_who_chooses_after():
    s = G.new_game(4, 3, SEAT1)
    text = translate(G.prompt(s, 0), "en")
    assert "Choose part 1 of 6 for round 1." in text and "your own box" in text
    assert "Player 2 chooses after you" in text
    # The last to choose is told that building follows, from the start player.
    for _ in range(18):
        s = G.apply(s, "pick 1")
    assert s["turn"] == 3 and "You choose last; then building begins, Player 1 first." in translate(
        G.prompt(s, 3), "en"
    )


def test_one_part_at_a_time_is_said_so():
    s = G.new_game(3, 3, {**SEAT1, "pick_order": "one"})
    assert "one part at a time" in translate(G.prompt(s, 0), "en")


def test_the_log_and_the_chosen_line_name_a_card_by_its_lot():
    # West (player 2) reads card 1 as the north-east lot (data.md §3).
    s = position(4, turn=1, hands={1: [1]}, selected={BLUE: [2]})
    line = translate(G.describe(s, G.parse_move("card 1 city 5 storeys 2")), "en")
    assert line == "Player 2 plays a north-east card and builds a 2-storey part on the north-east lot of São Paulo."
    labels = [translate(G.token_label(s, t), "en") for t in ("card 1", "city 5", "storeys 2")]
    assert labels == ["card: north-east lot", "São Paulo", "2-storey part"]
    assert "card 1" not in texts(s, 1).replace('data-step="card 1"', "").replace('data-why="card 1"', "")


def test_a_lot_clicked_before_a_card_says_to_choose_a_card():
    s = position(4, hands={0: [3, 5]}, selected={RED: [1]})
    root = ET.fromstring(texts(s))
    lots = [e for e in root.iter() if e.get("data-why", "").startswith("lot ")]
    assert len(lots) == 54
    assert "Choose one of your cards first" in translate(why_not(G, s, (), "lot 0"), "en")
    # With the centre card, another lot is the wrong square; the centre one is a target.
    assert "only on the centre lot" in translate(why_not(G, s, ("card 5",), "lot 0"), "en")


def test_the_placement_rule_is_given_for_the_cards_own_lot():
    s = position(4, hands={0: [5]}, selected={RED: [1]}, board={lot(1, 5): [(BLUE, 3)]})
    assert "Placement rule" in translate(why_not(G, s, ("card 5",), f"lot {lot(1, 5)}"), "en")


def test_cards_and_lots_in_the_pick_phase_say_building_comes_after_choosing():
    s = G.new_game(4, 3, SEAT1)
    root = ET.fromstring(texts(s))
    why = {e.get("data-why") for e in root.iter() if e.get("data-why")}
    assert {f"card {c}" for c in s["hands"][0]} <= why
    for token in ("lot 4", f"card {s['hands'][0][0]}"):
        assert "First choose this round's parts" in translate(why_not(G, s, (), token), "en")


def test_an_empty_size_in_the_box_says_it_is_empty():
    s = G.new_game(2, 3, SEAT1)
    s["supply"][RED][3] = 0
    root = ET.fromstring(texts(s))
    assert [e.get("data-why") for e in root.iter() if e.get("data-why", "").startswith("pick")] == ["pick 4"]
    assert translate(why_not(G, s, (), "pick 4"), "en") == "No 4-storey parts are left in your box."


def test_data_why_never_sits_on_a_target():
    game = random_game(4, 11, {}, keep_states=True)
    for state in game["states"][::9]:
        for e in ET.fromstring(texts(state, state["turn"])).iter():
            if e.get("data-why"):
                assert not {"data-move", "data-step", "data-unselect"} & set(e.attrib), e.attrib


def test_the_box_is_drawn_as_parts_with_their_counts():
    s = G.new_game(4, 3, SEAT1)
    svg = texts(s, 1)
    assert "Left in the box:" in svg and "This round:" in svg
    assert re.findall(r">×(\d+)<", svg)[:4] == ["11", "6", "4", "3"]
