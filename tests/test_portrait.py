"""The portrait arrangement, for every game that offers one (``game.portrait``): the page
asks for it on a phone held upright (web/style.css --board-layout, web/skyweb/ui.py).

What each game's arrangement puts where is tested in its own tests/<game>/
test_render_portrait.py; here, what holds for all of them: the same things to click, a
drawing narrower and taller than wide that says it is portrait, and the landscape
drawing untouched by the option being there.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections import Counter

import pytest

import pyengine
from pyengine.core.game import choices
from tests.svg_geometry import viewbox

PORTRAIT = [name for name in pyengine.GAMES if pyengine.load_game(name).portrait]
CLICKS = re.compile(r'\sdata-(move|step|draft|unselect|action)="([^"]*)"')


def positions(name: str, players: int, seed: int, every: int = 9):
    """(view, viewer, render keywords) along a seeded random game: the mover's view with
    its choices, and a spectator's."""
    game = pyengine.load_game(name)
    r = random.Random(seed)
    state = game.new_game(players, seed, {})
    for k in range(2000):
        if game.is_over(state):
            yield game.view(state, None), None, {}
            return
        if k % every == 0:
            p = game.to_move(state)[0]
            ch = choices(game, state, ())
            yield game.view(state, p), p, {"choices": ch.tokens, "selected": ch.selected}
            yield game.view(state, None), None, {}
        state = game.apply(state, r.choice(game.legal_moves(state)))


@pytest.mark.parametrize("name", PORTRAIT)
def test_the_portrait_drawing_has_the_same_clicks_is_tall_and_says_so(name: str) -> None:
    game = pyengine.load_game(name)
    players = min(game.player_counts)
    seen = 0
    for view, viewer, kw in positions(name, players, seed=3):
        wide, tall = game.render(view, viewer, **kw), game.render(view, viewer, portrait=True, **kw)
        assert Counter(CLICKS.findall(tall)) == Counter(CLICKS.findall(wide))
        (ww, wh), (tw, th) = viewbox(wide), viewbox(tall)
        assert tw < ww and th > tw, (name, (ww, wh), (tw, th))
        classes = ET.fromstring(tall).get("class").split()
        assert "portrait" in classes and "portrait" not in ET.fromstring(wide).get("class").split()
        assert game.render(view, viewer, portrait=False, **kw) == wide
        seen += bool(CLICKS.search(tall))
    assert seen > 3  # positions with something to click, not only spectators' views
