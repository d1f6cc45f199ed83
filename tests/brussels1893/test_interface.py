"""Moves and their text, hidden information, the undo policy's reveal test, the log,
the renderer's clickable marks, the bots, and the conformance run with both options."""

from __future__ import annotations

import json
import random
import re

import pytest

from pyengine.core.game import IllegalMove, choices, state_hash
from pyengine.core.record import new_record, replay
from pyengine.games.brussels1893.moves import parse
from pyengine.games.brussels1893.search import BOTS

from .helpers import BLUE, RED, G, actions, edit, legal, new, play, rules, where
from .invariants import check_invariants


def random_states(n=4, be=True, variant=True, seed=3, every=7, limit=400):
    """States along a random game (a cheap tour of every phase)."""
    s = G.new_game(n, seed, {"belle_epoque": be, "variant": variant})
    r = random.Random(seed)
    out = []
    for i in range(limit):
        if G.is_over(s):
            break
        if i % every == 0:
            out.append(s)
        moves = G.legal_moves(s)
        keep = [m for m in moves if str(m) != "pass"]
        s = G.apply(s, r.choice(keep if keep and r.random() < 0.9 else moves))
    out.append(s)
    return out


# ---------------------------------------------------------------- moves
@pytest.mark.parametrize(
    "text",
    [
        "art green",
        "square 2-2",
        "neutral c3r4",
        "place c1r5",
        "francs 12",
        "visit grandplace",
        "pass",
        "sell white as black",
        "indicator 4 2",
        "return 2",
        "noble top",
        "refresh 1 2 4",
        "keep",
        "cubes wood glass",
        "solvay wild iron iron",
        "adjust any2 ccw",
        "house c5r1",
        "hall 5",
        "pay wood fr3 wild",
        "turn blank",
        "activate vandervelde",
        "forfeit buls velde",
        "reclaim c2r2 3",
        "copy materials",
        "wild 0",
        "give stone wild",
        "give art black",
        "tile 6",
        "extra traveller",
        "prestige 5",
        "reward P23 court",
        "tuck P01 art",
        "zone money",
        "borrow",
        "flip blue",
        "swap glass",
        "cashin empain",
        "done",
        "decline",
        "skip",
    ],
)
def test_every_move_kind_round_trips_through_its_text(text):
    assert str(parse(text)) == text


@pytest.mark.parametrize(
    "text",
    [
        "",
        "place",
        "place c6r1",
        "francs 0",
        "francs 01",
        "indicator 5 3",
        "pay wild wood",
        "cubes iron wood",
        "refresh 2 1",
        "sell white",
        "sell white as white",
        "hall 6",
        "forfeit velde buls",
        "reward P31 fleur",
        "give wild stone",
        "adjust wood left",
        "build c1r1",
        "pass now",
    ],
)
def test_malformed_moves_name_the_syntax_rule(text):
    with pytest.raises(IllegalMove) as err:
        parse(text)
    assert err.value.rule == "Move syntax"


def test_legal_moves_always_round_trip():
    for s in random_states(every=3):
        for m in G.legal_moves(s):
            assert str(parse(str(m))) == str(m)


# ---------------------------------------------------------------- hidden information
def test_view_hides_decks_first_pass_cards_and_the_cross_tiles():
    s = play(actions(4, be=True), "pass")
    v = G.view(s, BLUE)
    assert set(v["noble_deck"]) == {"?"} and set(v["prestige_deck"]) == {"?"} and set(v["stock_deck"]) == {"?"}
    assert v["pl"][RED]["pass_cards"] == ["?"] and set(v["be_cross"]) == {"?"} and v["rng"] == 0
    assert len(v["noble_deck"]) == len(s["noble_deck"])
    assert v["display"] == s["display"] and v["strip"] == s["strip"]


def test_legal_moves_are_the_same_on_the_view():
    for s in random_states():
        p = G.to_move(s)
        if p:
            assert [str(m) for m in G.legal_moves(G.view(s, p[0]))] == [str(m) for m in G.legal_moves(s)]


def test_determinize_deals_unseen_cards_consistently_with_the_view():
    for s in random_states():
        p = G.to_move(s)
        if p:
            d = rules.determinize(G.view(s, p[0]), 5)
            check_invariants(d)
            assert d["display"] == s["display"] and d["pl"][p[0]]["nobles"] == s["pl"][p[0]]["nobles"]


def test_bots_choose_the_same_move_whatever_they_cannot_see():
    s = random_states(seed=8)[20]
    p = G.to_move(s)[0]
    other = json.loads(json.dumps(s))
    other["noble_deck"] = list(reversed(other["noble_deck"]))
    other["prestige_deck"] = list(reversed(other["prestige_deck"]))
    other["rng"] = 12345
    for name, cls in BOTS.items():
        a = cls(7).choose(G, G.view(s, p), p)
        b = cls(7).choose(G, G.view(other, p), p)
        assert str(a) == str(b), name


def test_drawing_a_card_reveals_hidden_information_placing_does_not():
    s = actions(4)
    assert G.reveals_hidden_information(s, parse("pass"))  # the first passer draws a card
    assert not G.reveals_hidden_information(s, parse(f"place {where(s, 'S')}"))
    t = play(s, f"place {where(s, 'N')}", "francs 1")
    assert G.reveals_hidden_information(t, parse("noble 4"))  # the display refills from the deck


def test_illegal_moves_leave_the_state_alone_and_name_a_rule():
    s = actions(4)
    before = state_hash(s)
    for text in ("keep", "francs 3", "visit nowhere", "noble 1", "place c1r1"):
        with pytest.raises(IllegalMove) as err:
            G.apply(s, text)
        assert err.value.rule
    assert state_hash(s) == before


# ---------------------------------------------------------------- log and prompts
def test_the_log_says_what_a_move_did_in_words():
    s = actions(4)
    text = G.describe(s, parse("visit bourse"), ["Ann", "Bob", "Cy", "Di"])
    assert text.startswith("Ann visits the Stock Exchange with 1 meeple. Ann gains")
    s = edit(s, RED, money=1)
    text = G.describe(s, parse(f"place {where(s, 'S')}"), ["Ann", "Bob", "Cy", "Di"])
    assert "places an architect" in text and "puts 1 franc under" in text


def test_every_decision_has_a_prompt_and_a_phase():
    for s in random_states(every=1, limit=300):
        assert G.prompt(s) and G.phase(s)


# ---------------------------------------------------------------- renderer
def clickable(svg):
    return set(re.findall(r'data-move="([^"]+)"', svg))


def test_every_legal_move_is_clickable_exactly_once_and_nothing_else():
    for s in random_states(every=2, limit=600):
        if G.is_over(s):
            continue
        p = G.to_move(s)[0]
        ch = choices(G, s)
        svg = G.render(G.view(s, p), p, choices=ch.tokens)
        found = re.findall(r'data-move="([^"]+)"', svg)
        assert sorted(found) == sorted(legal(s)), G.prompt(s)


def test_no_clicks_when_nobody_may_click():
    s = actions(4)
    assert clickable(G.render(G.view(s, None), None)) == set()


def test_player_names_are_escaped():
    s = actions(2)
    svg = G.render(s, 0, names=["<script>x</script>", "Bob & co"])
    assert "<script>" not in svg and "&lt;script&gt;" in svg and "Bob &amp; co" in svg


def test_the_board_shows_the_active_area_houses_architects_and_francs():
    s = actions(4, square="2-2")
    s["house"][0] = BLUE
    s["arch"][12] = RED
    s["francs"][12] = 3
    svg = G.render(s, RED)
    assert 'class="active-area"' in svg and 'class="house"' in svg and 'class="architect"' in svg
    assert 'class="francs"' in svg and "Belle" not in svg


def test_the_belle_epoque_board_is_drawn_with_the_expansion():
    svg = G.render(actions(4, be=True), RED)
    assert svg.count('class="exhibition') == 5 and svg.count('class="be-tile') == 5 and 'class="be-cross"' in svg


# ---------------------------------------------------------------- bots and records
@pytest.mark.parametrize("be,variant", [(False, False), (True, True)])
def test_greedy_beats_random_and_games_replay(be, variant):
    wins = 0
    for seed in range(4):
        s = G.new_game(3, seed, {"belle_epoque": be, "variant": variant})
        record = new_record(G, 3, seed, {"belle_epoque": be, "variant": variant})
        bots = [BOTS["greedy"](seed), BOTS["random"](seed), BOTS["random"](seed + 1)]
        while not G.is_over(s):
            p = G.to_move(s)[0]
            m = bots[p].choose(G, G.view(s, p), p)
            s = G.apply(s, m)
            record["moves"].append(str(m))
        check_invariants(s)
        wins += 0 in G.winners(s)
        _, again = replay(json.loads(json.dumps(record)))
        assert state_hash(again) == state_hash(s)
    assert wins >= 3


def test_conformance_with_both_options_for_every_player_count():
    """The shared conformance test, run with Belle Époque and the variant together."""
    from tests.test_conformance import test_random_game_obeys_the_interface as conformance

    for n in (2, 3, 4, 5):
        conformance("brussels1893", n, 40 + n, {"belle_epoque": True, "variant": True})


def test_new_game_is_deterministic_and_json():
    a, b = new(5, be=True, variant=True, seed=9), new(5, be=True, variant=True, seed=9)
    assert state_hash(a) == state_hash(b) and json.loads(json.dumps(a)) == a


def test_the_invariants_catch_lost_components():
    from pyengine.core.bots import RandomBot
    from pyengine.games.brussels1893 import GAME
    from pyengine.games.brussels1893.invariants import problems

    s = GAME.new_game(3, 5, {"belle_epoque": True})
    bot = RandomBot(5)
    for _ in range(60):
        p = GAME.to_move(s)[0]
        s = GAME.apply(s, bot.choose(GAME, GAME.view(s, p), p))
    assert problems(s) == []
    supply = dict(s["supply"], wood=s["supply"]["wood"] + 1)
    assert "wood cubes are lost or duplicated" in problems({**s, "supply": supply})
    assert "stock-exchange cards are lost or duplicated" in problems({**s, "stock_deck": s["stock_deck"] + ["x"]})
