"""The Chinatown invariants (pyengine/games/chinatown/invariants.py, also run by the
fuzz test after every move) hold in real games and catch broken positions."""

from __future__ import annotations

import pyengine
from pyengine.core.bots import RandomBot
from pyengine.games.chinatown.invariants import problems

G = pyengine.load_game("chinatown")


def midgame(seed: int = 3, moves: int = 120) -> dict:
    s = G.new_game(4, seed, {})
    bot = RandomBot(seed)
    for _ in range(moves):
        p = G.to_move(s)[0]
        s = G.apply(s, bot.choose(G, G.view(s, p), p))
    return s


def test_a_real_position_is_sound() -> None:
    assert problems(midgame()) == []


def test_lost_cards_tiles_or_money_are_caught() -> None:
    s = midgame()
    assert "lot cards are lost or duplicated" in problems({**s, "deck": s["deck"][1:]})
    hands = [h[:] for h in s["hands"]]
    hands[0][0] += 1
    assert any("shop type 0" in p for p in problems({**s, "hands": hands}))
    money = s["money"][:]
    money[1] += 1000
    assert "money differs from start money + income + trades" in problems({**s, "money": money})
    net = s["trade_net"][:]
    net[0] += 500
    assert "trades created or destroyed money" in problems({**s, "trade_net": net})
