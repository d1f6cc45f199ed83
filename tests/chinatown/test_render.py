"""The renderer: every lot drawn, clicks that reach exactly the legal moves, the trade
panel's draft and send button, and nothing hidden leaking into a player's picture."""

from __future__ import annotations

import html
import re

from pyengine.core import i18n
from pyengine.core.game import choices
from pyengine.games.chinatown import render, trade_panel, words

from .helpers import G, new_game, play, position


def attrs(svg: str, name: str) -> list[str]:
    return [html.unescape(v) for v in re.findall(rf'{name}="([^"]*)"', svg)]


def draw(state, viewer, selected=(), draft=None, lang="en") -> str:
    view = G.view(state, viewer)
    ch = choices(G, state, selected) if viewer in G.to_move(state) else None
    return G.render(
        view, viewer, choices=ch.tokens if ch else None, selected=ch.selected if ch else (), draft=draft, lang=lang
    )


def test_all_85_lots_are_drawn_with_their_numbers():
    svg = draw(new_game(3, 1), 0)
    assert svg.startswith("<svg") and svg.count('class="lot-cell"') == 85
    numbers = set(re.findall(r'class="lot-number"[^>]*>(\d+)<', svg))
    assert numbers == {str(n) for n in range(1, 86)}


def test_keep_clicks_narrow_to_exactly_the_legal_keeps():
    s = new_game(3, 4)
    hand = s["dealt"][0]
    svg = draw(s, 0)
    assert set(attrs(svg, "data-step")) == {f"keep {lot}" for lot in hand}
    assert attrs(svg, "data-move") == []
    picked = tuple(f"keep {lot}" for lot in hand[:4])
    svg = draw(s, 0, picked)
    moves = set(attrs(svg, "data-move"))
    assert moves == {"keep " + " ".join(map(str, sorted(hand[:4] + [x]))) for x in hand[4:]}
    assert all(G.is_legal(s, m) for m in moves)
    assert set(attrs(svg, "data-unselect")) == set(picked)


def test_place_clicks_reach_exactly_the_legal_placements():
    s = position(
        3, phase="place", owner={1: 0, 2: 0, 3: 0, 4: 1}, tiles={3: "seafood"}, hands={0: {"seafood": 1, "tailor": 1}}
    )
    svg = draw(s, 0)
    assert set(attrs(svg, "data-step")) == {"tile seafood", "tile tailor", "on 1", "on 2"}
    assert attrs(svg, "data-move") == ["done"]
    svg = draw(s, 0, ("tile seafood",))
    assert set(attrs(svg, "data-move")) == {"place seafood 1", "place seafood 2"}


def test_nothing_is_clickable_for_a_player_who_is_not_to_move():
    s = position(3, phase="place", owner={1: 0, 4: 1}, hands={0: {"seafood": 1}, 1: {"seafood": 1}})
    svg = draw(s, 1)
    assert not attrs(svg, "data-move") and not attrs(svg, "data-step") and not attrs(svg, "data-draft")


def test_trade_panel_builds_an_offer_and_the_send_button_carries_it():
    s = position(
        3,
        phase="trade",
        owner={1: 0, 2: 0, 3: 1, 16: 2},
        hands={0: {"seafood": 2}, 1: {"laundry": 1}},
        money=[5000, 3000, 9000],
    )
    svg = draw(s, 0)
    assert 'class="trade-panel"' in svg and "Send offer" in svg
    assert attrs(svg, "data-move") == ["done"]  # nothing to send yet
    assert {"to 2", "to 3", "lot 1", "lot 3", "lot 16", "give +seafood", "clear"} <= set(attrs(svg, "data-draft"))
    d = None
    for token in (
        "lot 3",
        "lot 1",
        "give +seafood",
        "get +laundry",
        "give money +1",
        "give money +5",
        "give money -1",
        "get money +1",
    ):
        d = G.edit_draft(G.view(s, 0), 0, d, token)
    svg = draw(s, 0, draft=d)
    text = "offer 2 give lot 1 seafood 1 money 4000 get lot 3 laundry 1 money 1000"  # +1k +5k: capped at $5,000
    assert text in attrs(svg, "data-move")
    assert G.is_legal(s, text)
    # Only my lots and the partner's can be clicked now.
    lots = {t for t in attrs(svg, "data-draft") if t.startswith("lot ")}
    assert lots == {"lot 1", "lot 2", "lot 3"}


def test_draft_edits_are_bounded_by_what_each_side_has():
    s = position(
        3, phase="trade", owner={1: 0, 3: 1}, hands={0: {"seafood": 1}, 1: {"laundry": 1}}, money=[2500, 3000, 9000]
    )
    v = G.view(s, 0)
    d = None
    for token in (
        "to 2",
        "give +seafood",
        "give +seafood",
        "give money +5",
        "get +laundry",
        "get +laundry",
        "get money +5",
        "get money -1",
        "give +photo",
        "lot 99",
        "nonsense",
        "to 1",
    ):
        d = G.edit_draft(v, 0, d, token)
    assert d["give"] == {"lots": [], "tiles": {"seafood": 1}, "money": 2000}
    assert d["get"] == {"lots": [], "tiles": {"laundry": 1}, "money": 4000}  # their money is secret: no cap
    assert trade_panel.status(v, d)[0] == "offer 2 give seafood 1 money 2000 get laundry 1 money 4000"
    d = G.edit_draft(v, 0, d, "to 3")  # a new partner: what I give stays, what I ask goes
    assert d["to"] == 2 and d["give"]["tiles"] == {"seafood": 1} and d["get"]["tiles"] == {}
    d = G.edit_draft(v, 0, d, "clear")
    assert trade_panel.status(v, d) == (None, "Add lots, tiles or money to either side.")
    d = G.edit_draft(v, 0, d, "lot 3")  # Player 2's lot: trade with Player 2 instead
    assert d["to"] == 1 and d["get"]["lots"] == [3]


def test_other_players_money_and_land_cards_never_reach_the_picture():
    s = new_game(3, 6)
    s["money"] = [5000, 7000, 9000]
    svg = draw(s, 0)
    assert "$5,000" in svg and "$7,000" not in svg and "$9,000" not in svg
    assert svg.count("$ secret") == 2
    others = {lot for p in (1, 2) for lot in s["dealt"][p]} - set(s["dealt"][0])
    cards = set(re.findall(r"<title>Land card (\d+)", svg))
    assert cards == {str(x) for x in s["dealt"][0]} and not cards & {str(x) for x in others}


def test_an_offer_shows_its_money_to_the_two_sides_only():
    s = position(3, phase="trade", owner={1: 0, 3: 1}, money=[5000, 3000, 9000])
    s = G.apply(s, "offer 2 give lot 1 money 2000 get lot 3")
    receiver = draw(s, 1)
    assert "$2,000" in receiver and set(attrs(receiver, "data-move")) == {"accept", "decline"}
    assert "$2,000" in draw(s, 0)
    third = draw(s, 2)
    assert "$2,000" not in third and "some money" in third and not attrs(third, "data-move")


def test_an_offer_the_receiver_cannot_pay_shows_why():
    s = position(3, phase="trade", owner={1: 0, 3: 1}, money=[5000, 3000, 9000])
    s = G.apply(s, "offer 2 give lot 1 get money 4000")
    svg = draw(s, 1)
    assert attrs(svg, "data-move") == ["decline"] and "You cannot pay $4,000." in svg


def test_complete_businesses_are_marked_and_groups_outlined():
    s = position(
        3,
        phase="place",
        owner={1: 0, 2: 0, 3: 0, 16: 1, 17: 1},
        tiles={1: "seafood", 2: "seafood", 3: "seafood", 16: "tailor", 17: "tailor"},
    )
    svg = draw(s, None)
    assert svg.count('class="complete-mark"') == 1
    assert svg.count('class="business complete"') == 1 and svg.count('class="business"') == 1
    assert ">SF<" in svg and ">TA<" in svg


def test_done_placing_button_and_income_summary():
    s = position(3, phase="place", owner={1: 0, 2: 0, 16: 1}, tiles={16: "tailor"}, hands={0: {"seafood": 2}})
    s = play(s, "place seafood 1")
    assert "Done placing" in draw(s, 0) and "done" in attrs(draw(s, 0), "data-move")
    s = play(s, "place seafood 2")  # round over: income summary for round 1
    svg = draw(s, 0)
    assert "Income, round 1" in svg and "Seafood 2 $2,000" in svg and "Tailor 1 $1,000" in svg


def test_renders_every_viewer_in_every_phase_and_at_the_end():
    from .test_end_view_moves import random_states

    for s in random_states(5, 7, {"edition": "zman", "street_variant": True}):
        if G.is_over(s) or s["phase"] != "keep":
            continue
    end = s
    for viewer in (None, 0, 4):
        svg = draw(end, viewer)
        assert svg.startswith("<svg") and "$ secret" not in svg  # all money is shown at the end


# ------------------------------------------------------------ languages and accessibility
def trade_with_draft():
    s = position(
        3,
        phase="trade",
        owner={1: 0, 2: 0, 3: 1, 16: 2},
        hands={0: {"seafood": 2}, 1: {"laundry": 1}},
        tiles={2: "seafood"},
    )
    d = None
    for token in ("lot 3", "lot 1", "give +seafood", "give money +1"):
        d = G.edit_draft(G.view(s, 0), 0, d, token)
    return s, d


def boards(lang: str = "en") -> list[str]:
    """One picture of each box under the board: keep, trade panel, offer, placing."""
    keep = new_game(3, 4)
    trade, draft = trade_with_draft()
    offer = G.apply(trade, "offer 2 give lot 1 money 1000 get lot 3")
    place = position(3, phase="place", owner={1: 0, 2: 0}, hands={0: {"seafood": 1}})
    return [
        draw(keep, 0, lang=lang),
        draw(keep, 0, ("keep " + str(keep["dealt"][0][0]),), lang=lang),
        draw(trade, 0, draft=draft, lang=lang),
        draw(offer, 1, lang=lang),
        draw(place, 0, lang=lang),
        draw(place, 0, ("tile seafood",), lang=lang),
    ]


def test_every_clickable_element_is_a_named_keyboard_button():
    for svg in boards():
        tags = re.findall(r"<(?:g|rect)\b[^>]*\bdata-(?:move|step|unselect|draft)=[^>]*>", svg)
        assert tags
        for tag in tags:
            assert 'role="button"' in tag and 'tabindex="0"' in tag, tag
            assert re.search(r'aria-label="[^"]+"', tag), tag
        assert 'role="group"' in svg.split(">", 1)[0]  # the root holds buttons: not an image


def test_lots_have_accessible_names_and_markers_carry_the_seat_number():
    s = position(3, phase="place", owner={34: 0, 12: 1}, tiles={34: "seafood"}, hands={0: {"tailor": 1}})
    svg = draw(s, 0)
    assert "<title>Lot 34, block 3, yours, Seafood (complete at 3)</title>" in svg
    assert "<title>Lot 12, block 1, Player 2 (yellow)</title>" in svg
    assert "<title>Lot 50, block 4, unclaimed</title>" in svg
    # Colour is never the only cue: each owned lot's marker shows its owner's seat number.
    numbers = re.findall(r'class="seat-number"[^>]*>(\d)<', svg)
    assert numbers.count("1") >= 2 and numbers.count("2") >= 2  # lot markers and panels


def test_the_board_speaks_the_readers_language():
    i18n.MISSING.clear()
    for lang in ("fr", "zh-Hant", "zh-Hans"):
        T = i18n.Translator(lang)
        for svg in boards(lang):
            assert f'lang="{lang}"' in svg
        trade, place = (html.unescape(boards(lang)[i]) for i in (2, 4))
        for english in ("Send offer", "You give", "Done trading", "Seafood"):
            assert T(english) != english and T(english) in trade and english not in trade
        assert f">{T('SF')}<" in place  # the tile code is each language's abbreviation
    assert not {m for m in i18n.MISSING if m[0] != "en"}, sorted(i18n.MISSING)[:10]


def test_chinese_wraps_between_characters_and_text_is_clipped_to_fit():
    line = "第 1 轮交易：在交易面板中选择一位玩家，点击版图上的地块并加入板块或金钱，然后发送提议。"
    lines = render._wrap(line, 200, 12)
    assert len(lines) > 1 and "".join(lines).replace(" ", "") == line.replace(" ", "")
    assert all(render.text_width(x, 12) <= 200 for x in lines)
    assert not any(x.startswith(("，", "。", "：")) for x in lines)
    english = render._wrap("Seafood 2 $2,000, Tailor 1 $1,000, Laundry 3 $4,000", 120, 10)
    assert all(render.text_width(x, 10) <= 120 for x in english) and " ".join(english).count("$") == 3
    clipped = render._clip("电脑 2（商人）电脑 2（商人）", 60, 10)
    assert clipped.endswith("…") and render.text_width(clipped, 10) <= 60


def test_lists_are_joined_in_the_readers_language():
    two_lots = words.lots([12, 13])
    assert two_lots == "lots 12 and 13"
    assert i18n.translate(words.lots([5, 21, 23]), "zh-Hans") == "地块 5、21和23"
    assert i18n.translate(words.lots([5, 21, 23]), "fr") == "les terrains 5, 21 et 23"
