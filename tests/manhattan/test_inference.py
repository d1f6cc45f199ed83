"""Hard's determinisation reads rivals' hands from this round's builds (inference.py)."""
from __future__ import annotations

from collections import Counter

from pyengine.core import rng
from pyengine.core.game import copy_state
from pyengine.games.manhattan import inference
from pyengine.games.manhattan.data import CARD_POSITIONS

from .helpers import BLUE, G, RED, lot, position


def _game_states(seed: int, players: int = 4) -> list[dict]:
    bots = G.bots()
    table = [bots["greedy" if p % 2 else "random"](seed * 10 + p) for p in range(players)]
    state = G.new_game(players, seed, {})
    out = []
    while not G.is_over(state):
        out.append(state)
        p = G.to_move(state)[0]
        state = G.apply(state, table[p].choose(G, G.view(state, p), p))
    return out


def test_plays_records_each_build_of_the_round_and_starts_afresh_each_round() -> None:
    states = _game_states(1)
    for before, after in zip(states, states[1:]):
        if before["phase"] != "build":
            continue
        if after["round"] != before["round"]:
            assert after["plays"] == []
            continue
        player, card, where, storeys, colour = after["plays"][-1]
        assert after["plays"][:-1] == before["plays"]
        assert player == before["turn"] and colour == player
        assert after["board"][where][-1] == [colour, storeys]
        assert card in before["hands"][player]
        kept = Counter(before["hands"][player]) - Counter([card])
        assert not kept - Counter(after["hands"][player])  # the rest kept, one card drawn


def test_the_position_before_each_play_is_rebuilt_from_the_position_now() -> None:
    states = _game_states(2)
    checked = 0
    for now in states:
        for index in range(len(now["plays"])):
            # The state in which plays[index] was chosen is the one with `index` plays.
            then = next(s for s in states if s["round"] == now["round"] and s["phase"] == "build"
                        and len(s["plays"]) == index)
            rebuilt = inference._before(now, index)
            assert rebuilt["board"] == then["board"]
            assert rebuilt["selected"] == then["selected"]
            assert rebuilt["turn"] == then["turn"]
            checked += 1
    assert checked > 100


def test_every_deal_agrees_with_the_view_and_the_same_seed_deals_the_same() -> None:
    dealt_differently = 0
    for state in _game_states(3)[::7]:
        p = G.to_move(state)[0]
        view = G.view(state, p)
        first, r = inference.determinize(G, view, p, rng.seed_state(5))
        again, _ = inference.determinize(G, copy_state(view), p, rng.seed_state(5))
        second, _ = inference.determinize(G, view, p, r)
        assert first == again
        for det in (first, second):
            assert G.view(det, p) == view
            everything = sorted(det["deck"] + det["discard"] + [c for hand in det["hands"] for c in hand])
            assert everything == sorted(list(CARD_POSITIONS) * 5)
        dealt_differently += first != second
    assert dealt_differently


def _passed_up_takeover() -> dict:
    """Blue (west) holds a 3-storey part and could take red's 3-storey building in city 1
    with the card naming its lot, but built a 1 on an empty lot of city 6 instead."""
    # West reads card (r, c) at board (c, 2 - r): cards 1, 4, 7 name the north row (keypads
    # 3, 2, 1), where red's buildings are; blue's hand has none of them.
    s = position(4, turn=BLUE, hands={RED: [5, 5, 5, 5], BLUE: [2, 3, 6, 9]},
                 selected={RED: [1], BLUE: [1, 3]},
                 board={lot(1, 3): [(RED, 3)], lot(1, 1): [(RED, 1)], lot(1, 2): [(RED, 1)]})
    s = G.apply(s, "card 2 city 6 storeys 1")
    assert s["plays"] == [[BLUE, 2, s["plays"][0][2], 1, BLUE]]
    return s


def test_a_rival_who_passed_up_a_takeover_is_read_as_not_holding_its_card() -> None:
    s = _passed_up_takeover()
    steps = inference._evidence(G.view(s, RED), RED, inference.BETA, inference.DEPTH)[BLUE]
    assert len(steps) == 1
    # Blue's new hand: 3, 6, 9 kept and one card drawn. With card 1 they could have taken
    # red's tallest building; card 8 names an empty lot (keypad 4) like the one built on.
    with_card_1 = inference.likelihood([3, 6, 9, 1], steps)
    with_card_8 = inference.likelihood([3, 6, 9, 8], steps)
    # Card 1 may be the card drawn after the build (one chance in four), so it cannot be
    # ruled out; held at the build, it would have made the choice far less likely.
    assert with_card_1 < with_card_8 / 2


def test_deals_lean_away_from_the_card_the_rival_did_not_use() -> None:
    s = _passed_up_takeover()
    view = G.view(s, RED)
    plain = weighed = 0
    r1 = r2 = rng.seed_state(11)
    for _ in range(400):
        det, r1 = inference.determinize(G, view, RED, r1)
        weighed += 1 in det["hands"][BLUE]
        det, r2 = G.determinize(view, RED, r2)
        plain += 1 in det["hands"][BLUE]
    assert weighed < plain * 0.8, (weighed, plain)


def test_godzilla_falls_back_to_the_plain_deal() -> None:
    state = G.new_game(3, 4, {"godzilla": "full"})
    view = G.view(state, 0)
    assert inference.determinize(G, view, 0, 7) == G.determinize(view, 0, 7)
