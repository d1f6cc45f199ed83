"""Move texts, hidden information in views, records and replay."""

from __future__ import annotations

import pytest

from pyengine.core.game import choices
from pyengine.core.record import load_record, replay, undo

from .helpers import RED, G, IllegalMove, copy_state, legal_texts, lot, position, random_game, state_hash

OPTION_SETS = [
    (4, {}),
    (3, {"pick_order": "one"}),
    (2, {"two_colour": True}),
    (4, {"godzilla": "full", "slow_development": True}),
    (3, {"anti_trust": True}),
]


# ---- move texts ------------------------------------------------------------------------


@pytest.mark.parametrize("players,options", OPTION_SETS)
def test_every_legal_move_text_round_trips_through_parse_move(players, options):
    res = random_game(players, 100 + players, options, keep_states=True)
    seen = 0
    for s in res["states"][::3]:
        for m in G.legal_moves(s):
            text = str(m)
            again = G.parse_move(text)
            assert str(again) == text and again == m and hash(again) == hash(m)
            assert G.is_legal(s, text)
            seen += 1
    assert seen > 500


def test_move_texts_name_card_city_storeys_and_colour():
    assert str(G.parse_move("pick 3")) == "pick 3"
    assert str(G.parse_move("card 7 city 2 storeys 3")) == "card 7 city 2 storeys 3"
    assert str(G.parse_move("  card 7   city 2 storeys 3 ")) == "card 7 city 2 storeys 3"
    assert str(G.parse_move("card 7 city 2 storeys 3 as green")) == "card 7 city 2 storeys 3 as green"
    assert str(G.parse_move("discard 7 storeys 1")) == "discard 7 storeys 1"
    assert str(G.parse_move("discard 7 storeys 1 as orange")) == "discard 7 storeys 1 as orange"


def test_move_tokens_single_out_the_move_for_the_ui():
    s = position(4, hands={0: [1, 2, 2, 9]}, selected={RED: [1, 3]})
    c = choices(G, s, ["card 2", "city 4"])
    assert c.tokens == {"storeys 1": "card 2 city 4 storeys 1", "storeys 3": "card 2 city 4 storeys 3"}


@pytest.mark.parametrize("text", ["pick ²", "card ³ city 1 storeys 1", "discard 1 storeys ¹"])
def test_unicode_digit_texts_raise_illegal_move_not_value_error(text):
    """Regression (moves._int, fixed): str.isdigit() accepts superscript digits such as '²',
    but int('²') raises ValueError, which escapes parse_move (and crashes
    `python -m pyengine replay` with a traceback). Expected: IllegalMove("Move syntax")."""
    with pytest.raises(IllegalMove, match="Move syntax"):
        G.parse_move(text)


def test_apply_accepts_only_moves_that_legal_moves_offers():
    """Regression (rules.colour_for, fixed): in a one-colour game "... as red" by the red
    player is accepted by check/apply although legal_moves never offers it (it offers
    the same build without "as red"), so the list and the validation disagree and a
    record can hold two spellings of one move. Expected: IllegalMove (e.g. "Move
    syntax" or "Your colour": 'as <colour>' is only for the two-colour game)."""
    s = position(4, hands={0: [5]}, selected={RED: [1]})
    assert "card 5 city 1 storeys 1" in legal_texts(s)
    assert "card 5 city 1 storeys 1 as red" not in legal_texts(s)
    with pytest.raises(IllegalMove):
        G.apply(s, "card 5 city 1 storeys 1 as red")


@pytest.mark.parametrize(
    "fields",
    [
        ("pick", 0),
        ("pick", 5),
        ("build", 5, 0, 0),
        ("build", 5, 0, 5),
        ("build", 5, -1, 4),
        ("build", 5, 6, 4),
        ("build", 0, 0, 4),
        ("discard", 5, 0),
        ("discard", 5, 5),
    ],
    ids=[
        "Pick(0)",
        "Pick(5)",
        "Build(5,0,0)",
        "Build(5,0,5)",
        "Build(5,-1,4)",
        "Build(5,6,4)",
        "Build(0,0,4)",
        "Discard(5,0)",
        "Discard(5,5)",
    ],
)
def test_move_objects_with_out_of_range_fields_are_refused(fields):
    """Regression (moves.Pick/Build/Discard, rules.check, fixed): Game.apply takes Move
    objects as well as texts, but their fields are only range-checked by the text
    parser. Pick(0) is accepted and takes a 4-storey part (supply[-1]); Build(5, 0, 0)
    builds a 0-storey part; Build(5, -1, 4) builds outside city 1..6; Build(5, 6, 4)
    and Pick(5) raise IndexError. Expected: IllegalMove ("Move syntax") and the state
    unchanged, exactly as for the text form."""
    from pyengine.games.manhattan.moves import Build, Discard, Pick

    kind, *args = fields
    if kind == "pick":
        s = G.new_game(4, 0)
    elif kind == "build":
        s = position(4, hands={0: [5, 5, 5, 5]}, selected={RED: [1, 4]})
    else:  # stuck: every centre is blue's with 8 storeys, so only discards are legal
        s = position(
            4, hands={0: [5, 5, 5, 5]}, selected={RED: [1, 4]}, board={lot(c, 5): [(1, 4), (1, 4)] for c in range(1, 7)}
        )
        assert G.phase(s) == "stuck"
    before = state_hash(s)
    with pytest.raises(IllegalMove):  # raised by the constructor or by apply: either fix is fine
        G.apply(s, {"pick": Pick, "build": Build, "discard": Discard}[kind](*args))
    assert state_hash(s) == before


# ---- view: hidden information ----------------------------------------------------------


def mid_game(players=4, seed=5, options=None):
    res = random_game(players, seed, options, keep_states=True)
    return res["states"][len(res["states"]) // 2]


@pytest.mark.parametrize("viewer", [0, 1, 2, 3])
def test_view_hides_other_hands_deck_order_and_rng_but_shows_own_hand(viewer):
    s = mid_game()
    v = G.view(s, viewer)
    for p in range(4):
        if p == viewer:
            assert v["hands"][p] == s["hands"][p] and all(v["hands"][p])
        else:
            assert v["hands"][p] == [0] * len(s["hands"][p])
    assert v["deck"] == [0] * len(s["deck"]) and len(s["deck"]) > 0 and any(s["deck"])
    assert v["rng"] == 0 and s["rng"] != 0
    for key in ("board", "selected", "supply", "scores", "history", "discard", "round", "turn", "phase"):
        assert v[key] == s[key], key


def test_spectator_view_hides_every_hand():
    s = mid_game()
    v = G.view(s, None)
    assert all(h == [0] * 4 for h in v["hands"])


def test_view_does_not_change_the_state():
    s = mid_game()
    before = state_hash(s)
    G.view(s, 2)
    assert state_hash(s) == before


def test_states_differing_only_in_hidden_information_have_identical_views():
    s = mid_game()
    other = copy_state(s)
    # swap a card between player 2's hand and the deck, reverse the deck, change the rng
    i = next(i for i, c in enumerate(other["deck"]) if c != other["hands"][2][0])
    other["hands"][2][0], other["deck"][i] = other["deck"][i], other["hands"][2][0]
    other["deck"].reverse()
    other["rng"] ^= 0xDEADBEEF
    assert state_hash(other) != state_hash(s)
    assert G.view(other, 0) == G.view(s, 0)
    assert G.view(other, 2) != G.view(s, 2)


# ---- records and replay ----------------------------------------------------------------


@pytest.mark.parametrize("players,options", OPTION_SETS)
def test_a_random_games_record_replays_to_the_identical_state(players, options):
    res = random_game(players, 200 + players, options)
    game, state = replay(res["record"])
    assert state_hash(state) == state_hash(res["state"])
    assert game.scores(state) == G.scores(res["state"])


def test_undo_then_replay_equals_the_state_before_the_last_move():
    res = random_game(4, 7, {"godzilla": "little"}, keep_states=True)
    rec = res["record"]
    _, state = replay(undo(rec))
    assert state_hash(state) == state_hash(res["states"][-1])
    _, state = replay(undo(rec, 10))
    assert state_hash(state) == state_hash(res["states"][-10])
    _, state = replay(rec, 25)
    assert state_hash(state) == state_hash(res["states"][25])


def test_record_survives_json_round_trip():
    import json

    res = random_game(3, 8, {"pick_order": "one"})
    rec = load_record(json.dumps(res["record"]))
    assert state_hash(replay(rec)[1]) == state_hash(res["state"])


def test_same_seed_same_game_and_different_seeds_deal_differently():
    assert state_hash(G.new_game(4, 42)) == state_hash(G.new_game(4, 42))
    deals = {tuple(map(tuple, G.new_game(4, seed)["hands"])) for seed in range(20)}
    assert len(deals) == 20
