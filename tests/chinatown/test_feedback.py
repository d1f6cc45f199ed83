"""What a newcomer is told (issue 25): a lot that is no target says why (data-why and
Game.explain), a picked part is named in words (token_label), amounts are written one
way, and the prompt names players so that the page can put in their real names."""

from __future__ import annotations

import re

from pyengine.core.game import choices, why_not
from pyengine.core.i18n import translate, with_names

from .helpers import G, new_game, position
from .test_render import attrs, draw


def said(text) -> str:
    return translate(text, "en")


def test_keep_phase_lots_not_dealt_say_why():
    s = new_game(3, 4)
    svg = draw(s, s["turn"])
    why = set(attrs(svg, "data-why"))
    dealt = set(s["dealt"][s["turn"]])
    assert why == {f"keep {lot}" for lot in range(1, 86) if lot not in dealt}
    lot = min(set(range(1, 86)) - dealt)
    answer = said(why_not(G, s, (), f"keep {lot}"))
    assert f"Lot {lot} is not among your land cards" in answer and "keep 5 of the 7" in answer


def test_place_phase_lots_of_others_taken_or_unowned_say_why():
    s = position(3, phase="place", owner={1: 0, 2: 0, 3: 0, 4: 1}, tiles={3: "seafood"}, hands={0: {"seafood": 1}})
    svg = draw(s, 0)
    why = set(attrs(svg, "data-why"))
    assert "on 1" not in why and "on 2" not in why  # targets carry data-step instead
    assert {"on 3", "on 4", "on 50"} <= why
    assert said(why_not(G, s, (), "on 4")) == "Lot 4 is Player 2's: tiles go on your own empty lots."
    assert said(why_not(G, s, (), "on 3")) == "Lot 3 already has a shop: placed tiles never move."
    assert "Nobody owns lot 50" in said(why_not(G, s, (), "on 50"))
    # The page puts the seat's name in: the player is a parameter, not a word of the template.
    assert (
        translate(with_names(G.explain(s, (), "on 4"), ["Ann", "Bot 2 (normal)", "Bob"]), "en")
        == "Lot 4 is Bot 2 (normal)'s: tiles go on your own empty lots."
    )


def test_nothing_is_marked_for_a_player_who_is_not_to_move():
    s = position(3, phase="place", owner={1: 0, 4: 1}, hands={0: {"seafood": 1}})
    assert not attrs(draw(s, 1), "data-why") and not attrs(draw(s, None), "data-why")


def test_chosen_parts_are_named_in_words():
    s = position(3, phase="place", owner={1: 0}, hands={0: {"seafood": 1}})
    assert said(G.token_label(s, "tile seafood")) == "Seafood tile"
    assert said(G.token_label(s, "on 34")) == "lot 34"
    assert said(G.token_label(new_game(3, 4), "keep 12")) == "Land card 12"
    assert (
        said(G.token_label(s, "offer 2 give lot 1 money 2000 get nothing"))
        == "offer to Player 2: lot 1 and $2,000 for nothing"
    )
    for token in choices(G, s).tokens:
        assert not re.search(r"\b(tile [a-z]|on \d)", said(G.token_label(s, token)))


def test_the_answer_prompt_names_the_offerer_as_a_parameter():
    s = position(3, phase="trade", owner={1: 0, 3: 1}, money=[5000, 3000, 9000])
    s = G.apply(s, "offer 2 give lot 1 money 2000 get lot 3")
    prompt = G.prompt(s, 1)
    assert said(prompt) == "Player 1 offers you lot 1 and $2,000 for lot 3. Accept or decline."
    assert said(with_names(prompt, ["Ann", "Bot 2", "Bot 3"])).startswith("Ann offers you")
    svg = draw(s, 1)
    assert "Player 1 offers you a trade" in svg


def test_amounts_are_written_one_way():
    s = position(3, phase="trade", owner={1: 0, 3: 1}, money=[15000, 3000, 9000])
    assert G.points_text(15000) == "$15,000"
    assert G.breakdown(s)["formatted_totals"] == ["$5,000"] * 3  # the start money, from the bank
    svg = draw(s, 0)
    assert "$15,000" in svg and not re.search(r"\$\d+k\b", svg)


def luminance(colour: str) -> float:
    rgb = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def test_every_seat_colour_shows_on_dark_and_its_markers_have_a_dark_outline():
    s = position(5, phase="place", owner={1: 0, 2: 1, 3: 2, 4: 3, 5: 4}, hands={0: {"seafood": 1}})
    colours = G.player_colours(s)
    assert all(luminance(c) >= 0.125 for c in colours)  # 3:1 against the end chart's #15171c
    svg = draw(s, 0)
    markers = re.findall(r'<circle [^>]*fill="(#[0-9a-f]{6})"[^>]*stroke="(#[0-9a-f]{6})"', svg)
    assert {fill for fill, _ in markers} == set(colours)
    assert all(luminance(stroke) < 0.05 for _, stroke in markers)  # yellow and white stay visible on light ground
