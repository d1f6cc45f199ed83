"""The DESIGNED stuck rule, and every kind of illegal move: refused with the rule's
name in the message, never offered, and the state left untouched."""

from __future__ import annotations

from collections import Counter

import pytest

from .helpers import (
    BLUE,
    GREEN,
    ORANGE,
    RED,
    SEAT1,
    G,
    IllegalMove,
    assert_rejected,
    legal_texts,
    lot,
    pick_all,
    position,
    random_game,
    state_hash,
)

# ---- stuck rule ------------------------------------------------------------------------


def stuck_centres():
    """Red holds only centre cards and 1-storey parts; every centre is blue's with 2."""
    board = {lot(city, 5): [(BLUE, 2)] for city in range(1, 7)}
    return position(4, hands={0: [5, 5, 5, 5]}, selected={RED: [1, 1], BLUE: [3]}, board=board)


def test_stuck_player_is_offered_only_discards():
    s = stuck_centres()
    assert G.phase(s) == "stuck"
    assert legal_texts(s) == {"discard 5 storeys 1"}
    assert "discard" in G.prompt(s).lower()


def test_stuck_with_mixed_reasons_closed_city_godzilla_anti_trust_and_placement():
    """Cards 1 and 5 for south; only 1-storey parts; three cities open."""
    s = position(
        4,
        options={"slow_development": True, "godzilla": "full", "anti_trust": True},
        hands={0: [1, 5, 1, 5]},
        selected={RED: [1], GREEN: [2]},
        godzilla=lot(1, 5),
        board={
            lot(2, 5): [(BLUE, 2)],  # lead of 2
            lot(3, 5): [(RED, 1)],  # own building: anti-trust
            lot(1, 1): [(GREEN, 3)],  # lead of 3
            lot(2, 1): [(BLUE, 1), (ORANGE, 2)],  # orange leads red by 2
            lot(3, 1): [(RED, 1), (BLUE, 3)],  # blue 3 vs red 1+1
        },
    )
    assert s["open_cities"] == 3
    assert G.phase(s) == "stuck"
    assert legal_texts(s) == {"discard 1 storeys 1", "discard 5 storeys 1"}
    # one reason removed (anti-trust off) -> building on its own building is legal again
    s["options"]["anti_trust"] = False
    assert legal_texts(s) == {"card 5 city 3 storeys 1"}
    assert G.phase(s) == "build"


def test_discard_sets_the_part_aside_and_draws_a_card():
    s = stuck_centres()
    deck_top = Counter(s["deck"])
    after = G.apply(s, "discard 5 storeys 1")
    assert after["set_aside"][RED] == 1
    assert after["selected"][RED] == [1, 0, 0, 0]
    assert after["supply"] == s["supply"]
    assert after["board"] == s["board"]
    assert after["discard"] == s["discard"] + [5]
    assert len(after["hands"][0]) == 4 and len(after["deck"]) == len(s["deck"]) - 1
    assert Counter(after["hands"][0]) - Counter([5, 5, 5]) == deck_top - Counter(after["deck"])
    assert G.to_move(after) == (BLUE,)  # the turn passes as after a build
    assert G.scores(after) == s["scores"]


def test_discard_is_refused_while_any_build_is_legal():
    s = stuck_centres()
    s["selected"][RED] = [1, 1, 0, 0]  # a 2 ties blue's 2: building is possible again
    assert G.phase(s) == "build"
    assert_rejected(s, "discard 5 storeys 1", "Stuck rule")
    assert not any(t.startswith("discard") for t in legal_texts(s))


def test_stuck_discard_must_use_a_card_in_hand_and_a_chosen_part():
    s = stuck_centres()
    assert_rejected(s, "discard 3 storeys 1", "Cards in hand")
    assert_rejected(s, "discard 5 storeys 2", "Parts chosen for the round")


def test_legal_moves_are_all_builds_or_all_discards_and_phase_says_stuck_exactly_then():
    res = random_game(3, 6, {"anti_trust": True}, keep_states=True)  # this game gets stuck once
    stuck = 0
    for s in res["states"]:
        if s["phase"] != "build":
            continue
        kinds = {t.split()[0] for t in legal_texts(s)}
        assert kinds in ({"card"}, {"discard"})
        assert (G.phase(s) == "stuck") == (kinds == {"discard"})
        stuck += kinds == {"discard"}
    assert stuck >= 1


# ---- illegal moves: each names its rule and leaves the state alone ---------------------


def test_placement_rule_rejection():
    s = position(4, hands={0: [5]}, selected={RED: [1]}, board={lot(1, 5): [(BLUE, 2)]})
    assert_rejected(s, "card 5 city 1 storeys 1", "Placement rule")


def test_cards_in_hand_rejection():
    s = position(4, hands={0: [1, 2, 3, 4]}, selected={RED: [1]})
    err = assert_rejected(s, "card 9 city 1 storeys 1", "Cards in hand")
    assert "card 9" in str(err)


def test_parts_chosen_for_the_round_rejection():
    s = position(4, hands={0: [1, 2, 3, 4]}, selected={RED: [1, 3]})
    assert_rejected(s, "card 1 city 1 storeys 2", "Parts chosen for the round")
    assert_rejected(s, "card 1 city 1 storeys 4", "Parts chosen for the round")


def test_a_chosen_part_is_used_up_once_built():
    s = position(4, hands={0: [1, 1, 1, 1]}, selected={RED: [3, 1]})
    s = G.apply(s, "card 1 city 1 storeys 3")
    assert G.to_move(s) == (0,)
    assert_rejected(s, "card 1 city 2 storeys 3", "Parts chosen for the round")


def test_parts_supply_rejection():
    s = G.new_game(3, 0, SEAT1)
    s["supply"][RED] = [4, 0, 0, 0]
    for size in (2, 3, 4):
        assert_rejected(s, f"pick {size}", "Parts supply")


def test_round_order_rejections():
    s = G.new_game(4, 0, SEAT1)
    card = s["hands"][0][0]
    assert_rejected(s, f"card {card} city 1 storeys 1", "Round order")
    assert_rejected(s, f"discard {card} storeys 1", "Round order")
    b = pick_all(s)
    assert b["phase"] == "build"
    assert_rejected(b, "pick 1", "Round order")


@pytest.mark.parametrize(
    "text",
    [
        "",
        "pick",
        "pick 5",
        "pick 0",
        "pick x",
        "pick 1 2",
        "card 1",
        "card 10 city 1 storeys 1",
        "card 1 city 7 storeys 1",
        "card 1 city 0 storeys 1",
        "card 1 city 1 storeys 5",
        "card 1 town 1 storeys 1",
        "card 1 city 1 storeys 1 as purple",
        "card 1 city 1 storeys 1 as",
        "card 1 city 1 storeys 1 in red",
        "discard 1",
        "discard 1 storeys 0",
        "discard 1 storeys 1 as",
        "build 1 1 1",
        "pick -1",
        "card -1 city 1 storeys 1",
    ],
)
def test_move_syntax_rejection(text):
    s = G.new_game(4, 0, SEAT1)
    err = assert_rejected(s, text, "Move syntax")
    assert isinstance(err, IllegalMove)
    with pytest.raises(IllegalMove, match="Move syntax"):
        G.parse_move(text)


def test_game_over_rejection():
    s = random_game(2, 1)["state"]
    assert_rejected(s, "pick 1", "Game over")


@pytest.mark.parametrize(
    "players,seed,options,rule",
    [
        (1, 0, {}, "Player count"),
        (5, 0, {}, "Player count"),
        (7, 0, {}, "Player count"),
        (4, "1", {}, "Seed"),
        (4, 1.5, {}, "Seed"),
        (4, True, {}, "Seed"),
        (4, 0, {"godzila": "full"}, "Unknown option"),
        (4, 0, {"godzilla": "huge"}, "Bad option"),
        (4, 0, {"pick_order": "all"}, "Bad option"),
        (4, 0, {"anti_trust": "maybe"}, "Bad option"),
        (3, 0, {"two_colour": "yes"}, "Bad option"),
    ],
)
def test_bad_game_setup_is_refused_naming_the_problem(players, seed, options, rule):
    with pytest.raises(IllegalMove, match=rule):
        G.new_game(players, seed, options)


def test_rejected_moves_never_change_the_state_in_random_positions():
    """Try every candidate text the engine does not offer: each is refused and the
    state hash is unchanged; every offered move is accepted."""
    res = random_game(4, 3, {"godzilla": "full", "anti_trust": True}, keep_states=True)
    texts = [f"pick {k}" for k in range(1, 5)]
    texts += [f"card {c} city {t} storeys {k}" for c in range(1, 10) for t in range(1, 7) for k in range(1, 5)]
    texts += [f"discard {c} storeys {k}" for c in range(1, 10) for k in range(1, 5)]
    for s in res["states"][::9]:
        legal = legal_texts(s)
        before = state_hash(s)
        for text in texts:
            if text in legal:
                G.apply(s, text)
            else:
                with pytest.raises(IllegalMove):
                    G.apply(s, text)
            assert state_hash(s) == before
