"""core/svg.py remembers the leaf elements and texts it wrote, core/i18n.py the texts
it filled in, and the renderers their text widths, labels and (Brussels) whole parts of
the board drawn from a few values: a board drawn after many others, with those caches
full, must be the very text the same board is drawn as from empty caches."""

from __future__ import annotations

import random

import pytest
from test_patch import boards  # tests/ is on sys.path (pytest prepends it)

import pyengine
from pyengine.core import i18n, svg
from pyengine.core.svg import el, text
from pyengine.games.brussels1893 import render as brussels
from pyengine.games.chinatown import render as chinatown


def clear() -> None:
    """Empty every remembered function of the modules that draw (found by looking, so
    that a new one cannot be left out)."""
    for module in (svg, i18n, brussels, chinatown):
        for value in vars(module).values():
            if callable(getattr(value, "cache_clear", None)):
                value.cache_clear()


def test_clear_empties_the_remembered_parts_of_a_brussels_board():
    list(boards("brussels1893", 3, seed=8))
    assert brussels._seat_tracks.cache_info().currsize and brussels._cells_layer.cache_info().currsize
    clear()
    assert brussels._seat_tracks.cache_info().currsize == brussels._cells_layer.cache_info().currsize == 0


def test_a_text_with_a_translated_part_is_not_remembered_by_its_english():
    T = i18n.Translator("fr")
    one, other = i18n.msg("Market"), i18n.Msg("Market", {})  # equal as English text
    other.template = "Marché couvert"  # a different template that reads the same in English
    assert one == other
    assert T("{x}", x=one) != T("{x}", x=other)


def test_equal_values_of_other_types_are_not_confused():
    clear()
    assert el("rect", x=1) == '<rect x="1"/>'
    assert el("rect", x=1.0) == '<rect x="1.0"/>'
    assert el("rect", hidden=True) == "<rect hidden/>"
    assert el("rect", hidden=1) == '<rect hidden="1"/>'
    assert el("rect", opacity=0) == '<rect opacity="0"/>'
    assert el("rect", opacity=False) == "<rect/>"
    assert text(1, 2, 3) == '<text x="1" y="2">3</text>' == text(1.0, 2.0, 3)  # x, y are written rounded
    assert text(1, 2, 3.0) == '<text x="1" y="2">3.0</text>'


def test_an_unhashable_value_is_written_not_remembered():
    assert el("rect", data_cells=["a", "b"]) == '<rect data-cells="[&#x27;a&#x27;, &#x27;b&#x27;]"/>'


@pytest.mark.parametrize("name", ["manhattan", "newyork1901", "chinatown", "brussels1893"])
def test_a_board_drawn_with_full_caches_is_the_board_drawn_from_empty_ones(name):
    warm = list(boards(name, 30, seed=8))  # each drawn after the ones before it
    assert svg._small.cache_info().hits > svg._small.cache_info().misses
    for i, expected in enumerate(warm):
        clear()
        cold = list(boards(name, i + 1, seed=8))[-1]
        assert cold == expected, f"board {i} differs when drawn from empty caches"


@pytest.mark.parametrize("options, lang", [({}, "zh-Hant"), ({"belle_epoque": True, "variant": True}, "fr")])
def test_brussels_parts_remembered_across_a_whole_game_are_drawn_as_new(options, lang):
    """The Brussels renderer remembers whole parts (a seat's tracks, the cells, an
    action area...) by the values each is drawn from: a part remembered from an earlier
    position must be what the current position draws from empty caches."""
    game = pyengine.load_game("brussels1893")
    state, rng, warm = game.new_game(4, 11, options), random.Random(11), []
    while not game.is_over(state):
        p = game.to_move(state)[0]
        moves = game.legal_moves(state)
        tokens = {str(m): str(m) for m in moves}
        warm.append(
            (
                state,
                p,
                tokens,
                game.render(game.view(state, p), p, choices=tokens, lang=lang, names=["Ann", "Bo", "Cy", "Di"]),
            )
        )
        state = game.apply(state, rng.choice(moves))
    assert len(warm) > 100 and brussels._seat_tracks.cache_info().hits
    for state, p, tokens, expected in warm[::7]:
        clear()
        cold = game.render(game.view(state, p), p, choices=tokens, lang=lang, names=["Ann", "Bo", "Cy", "Di"])
        assert cold == expected
