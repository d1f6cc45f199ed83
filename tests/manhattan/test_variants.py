"""Variants: Godzilla, Little Godzilla, slow development, anti-trust (rulebook (G);
data.md §8) and the two-colour two-player game (data.md §6)."""

from __future__ import annotations

import pytest

from pyengine.games.manhattan import rules

from .helpers import (
    BLUE,
    GREEN,
    ORANGE,
    RED,
    SEAT1,
    G,
    IllegalMove,
    assert_rejected,
    build_storeys_allowed,
    legal_texts,
    lot,
    lot_at,
    pick_all,
    position,
    top_colour,
)

SEAT_PLAYER = {"S": 0, "W": 1, "N": 2, "E": 3}
MANHATTAN_CENTRE = lot_at(1, 1)


def godzilla_position(player=0, card=1, at=MANHATTAN_CENTRE, mode="full", board=None, storeys=(1,)):
    return position(
        4,
        options={"godzilla": mode},
        turn=player,
        hands={player: [card, card, card, card]},
        selected={player: list(storeys)},
        godzilla=at,
        board=board,
    )


def godzilla_xy(state):
    y, x = divmod(state["godzilla"], 9)
    return x, y


# ---- Godzilla ----------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["full", "little"])
def test_godzilla_starts_on_the_centre_of_manhattan(mode):
    s = G.new_game(4, 0, {**SEAT1, "godzilla": mode})
    assert s["godzilla"] == lot(1, 5) == MANHATTAN_CENTRE
    assert G.view(s, 1)["godzilla"] == MANHATTAN_CENTRE


def test_no_godzilla_unless_the_option_is_on():
    assert G.new_game(4, 0, SEAT1)["godzilla"] == -1
    s = position(4, hands={0: [1]}, selected={RED: [1]})
    after = G.apply(s, "card 1 city 1 storeys 1")
    assert after["godzilla"] == -1 and after["board"][lot(1, 1)] == [[RED, 1]]


@pytest.mark.parametrize("seat,dx,dy", [("S", -1, -1), ("N", 1, 1), ("W", 1, -1), ("E", -1, 1)])
def test_godzilla_moves_toward_the_built_square_in_board_frame_after_seat_rotation(seat, dx, dy):
    """Card 1 names NW for south, SE for north, NE for west, SW for east: Godzilla
    steps that way on the board, not the way printed on the card."""
    player = SEAT_PLAYER[seat]
    s = godzilla_position(player, card=1, at=lot_at(4, 4))  # centre of São Paulo
    after = G.apply(s, "card 1 city 3 storeys 1")
    assert godzilla_xy(after) == (4 + dx, 4 + dy)


@pytest.mark.parametrize(
    "card,dx,dy",
    [
        (1, -1, -1),
        (2, 0, -1),
        (3, 1, -1),
        (4, -1, 0),
        (6, 1, 0),
        (7, -1, 1),
        (8, 0, 1),
        (9, 1, 1),
    ],
)
def test_godzilla_moves_orthogonally_for_an_edge_square_and_diagonally_for_a_corner(card, dx, dy):
    s = godzilla_position(0, card=card, at=lot_at(4, 4))
    after = G.apply(s, f"card {card} city 1 storeys 1")
    assert godzilla_xy(after) == (4 + dx, 4 + dy)


def test_godzilla_does_not_move_for_the_centre_card():
    s = godzilla_position(0, card=5, at=lot_at(4, 4))
    after = G.apply(s, "card 5 city 3 storeys 1")
    assert after["board"][lot(3, 5)] == [[RED, 1]]
    assert after["godzilla"] == lot_at(4, 4)


@pytest.mark.parametrize(
    "start,card,end",
    [
        ((0, 1), 4, (8, 1)),  # west edge -> east edge
        ((8, 4), 6, (0, 4)),  # east edge -> west edge
        ((4, 0), 2, (4, 5)),  # north edge -> south edge
        ((4, 5), 8, (4, 0)),  # south edge -> north edge
        ((0, 0), 1, (8, 5)),  # north-west corner -> south-east corner
        ((8, 5), 9, (0, 0)),  # and back
        ((2, 3), 6, (3, 3)),  # crossing between cities does not wrap
    ],
)
def test_godzilla_wraps_around_both_edges_of_the_2x3_city_rectangle(start, card, end):
    s = godzilla_position(0, card=card, at=lot_at(*start))
    after = G.apply(s, f"card {card} city 3 storeys 1")
    assert godzilla_xy(after) == end


def test_godzilla_destroys_the_whole_building_it_lands_on_and_the_parts_leave_the_game():
    target = lot_at(3, 3)  # São Paulo's NW lot: Godzilla on its centre steps there
    building = [(BLUE, 2), (GREEN, 3), (BLUE, 2)]
    s = godzilla_position(0, card=1, at=lot_at(4, 4), board={target: building})
    supply_before = [list(x) for x in s["supply"]]
    after = G.apply(s, "card 1 city 6 storeys 1")
    assert godzilla_xy(after) == (3, 3)
    assert after["board"][target] == []
    assert after["supply"] == supply_before  # not returned to anyone's supply
    assert after["set_aside"] == s["set_aside"]
    assert after["board"][lot(6, 1)] == [[RED, 1]]  # the build itself stands


def test_godzilla_destroys_the_part_just_built_when_it_steps_onto_it():
    """Godzilla moves after the build (data.md §8.1): red builds on Manhattan's NW
    lot with card 1, and Godzilla steps from Manhattan's centre onto that lot."""
    s = godzilla_position(0, card=1)
    after = G.apply(s, "card 1 city 1 storeys 1")
    assert after["godzilla"] == lot(1, 1)
    assert after["board"][lot(1, 1)] == []


def test_godzilla_on_an_empty_lot_destroys_nothing():
    s = godzilla_position(0, card=3, board={lot_at(1, 1): [(BLUE, 1)]}, at=lot_at(4, 4))
    after = G.apply(s, "card 3 city 2 storeys 1")
    assert godzilla_xy(after) == (5, 3)
    assert after["board"][lot_at(1, 1)] == [[BLUE, 1]]


def test_little_godzilla_removes_only_the_top_part():
    target = lot_at(3, 3)
    s = godzilla_position(0, card=1, at=lot_at(4, 4), mode="little", board={target: [(BLUE, 2), (GREEN, 3), (BLUE, 2)]})
    after = G.apply(s, "card 1 city 6 storeys 1")
    assert after["board"][target] == [[BLUE, 2], [GREEN, 3]]
    assert top_colour(after, target) == GREEN  # ownership passes to the part below


def test_little_godzilla_on_a_one_part_building_leaves_an_empty_lot():
    target = lot_at(3, 3)
    s = godzilla_position(0, card=1, at=lot_at(4, 4), mode="little", board={target: [(BLUE, 4)]})
    after = G.apply(s, "card 1 city 6 storeys 1")
    assert after["board"][target] == []


@pytest.mark.parametrize("mode", ["full", "little"])
def test_nobody_may_build_on_the_square_godzilla_stands_on(mode):
    # Godzilla on Frankfurt's centre: card 5 in city 2 is refused, elsewhere fine
    s = godzilla_position(0, card=5, at=lot(2, 5), mode=mode, storeys=(1, 4))
    assert_rejected(s, "card 5 city 2 storeys 4", "Godzilla")
    assert build_storeys_allowed(s, 5, 2) == set()
    assert build_storeys_allowed(s, 5, 1) == {1, 4}
    # ...also when a building stands there that the player could otherwise take
    s = godzilla_position(0, card=5, at=lot(3, 5), mode=mode, board={lot(3, 5): [(RED, 1)]})
    assert_rejected(s, "card 5 city 3 storeys 1", "Godzilla")


def test_at_the_start_nobody_may_build_on_manhattans_centre():
    s = pick_all(G.new_game(4, 1, {**SEAT1, "godzilla": "full"}))
    s["hands"][0] = [5, 5, 5, 5]
    builds = {t.rsplit(" storeys", 1)[0] for t in legal_texts(s)}
    assert builds == {f"card 5 city {c}" for c in (2, 3, 4, 5, 6)}


# ---- slow development -------------------------------------------------------------


def test_slow_development_opens_cities_1_to_3_in_round_1_and_one_more_each_round():
    s = G.new_game(2, 3, {**SEAT1, "slow_development": True})
    opened = {}
    while not G.is_over(s):
        if s["phase"] == "build":
            cities = {int(t.split()[3]) for t in legal_texts(s) if t.startswith("card ")}
            opened.setdefault(s["round"], set()).update(cities)
        s = G.apply(s, sorted(legal_texts(s))[0])
    assert opened[1] == {1, 2, 3}
    assert opened[2] == {1, 2, 3, 4}
    assert opened[3] == {1, 2, 3, 4, 5}
    assert opened[4] == opened[5] == opened[6] == {1, 2, 3, 4, 5, 6}


def test_slow_development_refuses_a_city_not_yet_open():
    s = position(4, options={"slow_development": True}, hands={0: [5]}, selected={RED: [2]})
    assert s["open_cities"] == 3
    for city in (4, 5, 6):
        err = assert_rejected(s, f"card 5 city {city} storeys 2", "Slow development")
        assert "not open yet" in str(err)
    G.apply(s, "card 5 city 3 storeys 2")


def test_without_slow_development_all_six_cities_are_open_from_round_1():
    s = pick_all(G.new_game(4, 2, SEAT1))
    card = s["hands"][0][0]
    assert {int(t.split()[3]) for t in legal_texts(s) if t.startswith(f"card {card} ")} == set(range(1, 7))


# ---- anti-trust ---------------------------------------------------------------------


def test_anti_trust_forbids_building_on_your_own_building():
    s = position(
        4,
        options={"anti_trust": True},
        hands={0: [5]},
        selected={RED: [1, 4]},
        board={lot(1, 5): [(RED, 1)], lot(2, 5): [(BLUE, 1)]},
    )
    assert_rejected(s, "card 5 city 1 storeys 4", "Anti-trust")
    assert build_storeys_allowed(s, 5, 1) == set()
    assert build_storeys_allowed(s, 5, 2) == {1, 4}  # taking another's building is fine
    assert build_storeys_allowed(s, 5, 3) == {1, 4}  # empty lots are fine


def test_anti_trust_still_applies_the_placement_rule_to_other_owners():
    s = position(
        4, options={"anti_trust": True}, hands={0: [5]}, selected={RED: [1, 3]}, board={lot(1, 5): [(BLUE, 3)]}
    )
    assert_rejected(s, "card 5 city 1 storeys 1", "Placement rule")
    assert build_storeys_allowed(s, 5, 1) == {3}


# ---- two colours each (2 players) ----------------------------------------------------


def two_colour(**kw):
    return position(2, options={"two_colour": True}, **kw)


def test_two_colour_game_gives_each_player_two_colours():
    s = G.new_game(2, 0, {**SEAT1, "two_colour": True})
    # colour -> player: red and green are player 0's, blue and orange player 1's
    assert s["colours"] == [0, 1, 0, 1]
    assert len(s["supply"]) == 4 and s["rounds"] == 6 and s["per_round"] == 4


def test_two_colour_players_pick_4_parts_of_each_colour_per_round():
    s = G.new_game(2, 0, {**SEAT1, "two_colour": True})
    seq = []
    while s["phase"] == "pick":
        seq.append(G.to_move(s)[0])
        s = G.apply(s, "pick 1")
    assert seq == [0] * 8 + [1] * 8
    assert [sum(row) for row in s["selected"]] == [4, 4, 4, 4]
    assert s["supply"] == [[7, 6, 4, 3]] * 4


def test_two_colour_build_must_say_which_colour():
    s = two_colour(hands={0: [5]}, selected={RED: [1], GREEN: [2]})
    assert_rejected(s, "card 5 city 1 storeys 1", "Two-colour game")
    assert_rejected(s, "card 5 city 1 storeys 1 as blue", "Your colour")
    assert_rejected(s, "card 5 city 1 storeys 2 as red", "Parts chosen for the round")
    assert {t for t in legal_texts(s) if "city 1 " in t} == {
        "card 5 city 1 storeys 1 as red",
        "card 5 city 1 storeys 2 as green",
    }
    after = G.apply(s, "card 5 city 1 storeys 2 as green")
    assert after["board"][lot(1, 5)] == [[GREEN, 2]]
    assert after["selected"][GREEN] == [0, 0, 0, 0] and after["selected"][RED] == [1, 0, 0, 0]


def test_two_colour_placement_rule_counts_all_of_a_players_storeys():
    # "Nobody may have more storeys in the building than you": you are a player, so
    # both your colours count. Blue 3 on top, red 2 below: green adding 1 makes the
    # player's 3, as many as blue's owner.
    s = two_colour(hands={0: [5]}, selected={RED: [1], GREEN: [1, 3]}, board={lot(2, 5): [(RED, 2), (BLUE, 3)]})
    assert "card 5 city 2 storeys 1 as green" in legal_texts(s)  # 2 red + 1 green = 3
    assert "card 5 city 2 storeys 1 as red" in legal_texts(s)
    # The owner's storeys in both their colours count too: orange 2 under blue 3 is 5.
    s = two_colour(hands={0: [5]}, selected={GREEN: [1, 3]}, board={lot(2, 5): [(RED, 1), (ORANGE, 2), (BLUE, 3)]})
    assert_rejected(s, "card 5 city 2 storeys 3 as green", "Placement rule")  # 1 + 3 < 5
    assert build_storeys_allowed(s, 5, 2) == set()


def test_two_colour_a_building_topped_by_either_colour_is_the_players_own():
    # Without Anti-trust a player may build any part on their own building.
    s = two_colour(hands={0: [5]}, selected={GREEN: [2, 3]}, board={lot(3, 5): [(RED, 3)]})
    assert build_storeys_allowed(s, 5, 3) == {2, 3}


@pytest.mark.parametrize("top", [RED, GREEN])
def test_anti_trust_two_colour_no_part_of_either_colour_on_a_building_the_player_owns(top):
    # Rulebook variant 4: 「玩家不能把建材放在已經是屬於自己的建築上」, a *player* may not
    # build on a building that belongs to them, whichever of their colours is on top.
    s = two_colour(
        hands={0: [5]},
        selected={RED: [1, 4], GREEN: [2, 3]},
        board={lot(city, 5): [(BLUE, 1), (top, 2)] for city in range(1, 7)},
    )
    s["options"]["anti_trust"] = True
    for colour in ("red", "green"):
        for storeys in (1, 4) if colour == "red" else (2, 3):
            for city in range(1, 7):
                assert_rejected(s, f"card 5 city {city} storeys {storeys} as {colour}", "Anti-trust")
    assert not legal_texts(s) - {t for t in legal_texts(s) if t.startswith("discard")}


def test_anti_trust_two_colour_never_offers_a_build_on_the_movers_own_building_in_play():
    """Every build offered in whole random games with both options lands on an empty lot
    or another player's building, and every build on the mover's own is refused."""
    from .helpers import random_game

    for seed in (31, 32, 33):
        res = random_game(2, seed, {"two_colour": True, "anti_trust": True}, keep_states=True)
        own_builds_seen = 0
        for state in res["states"]:
            if state["phase"] != "build":
                continue
            p = state["turn"]
            mine = [c for c, owner in enumerate(state["colours"]) if owner == p]
            offered = {str(m) for m in G.legal_moves(state)}
            for m in G.candidate_moves(state):
                if not str(m).startswith("card "):
                    continue
                stack = state["board"][rules.target_lot(state, p, m.card, m.city)]
                if stack and stack[-1][0] in mine:
                    own_builds_seen += 1
                    assert str(m) not in offered
                    with pytest.raises(IllegalMove, match="Anti-trust"):
                        G.check(state, m)
        assert own_builds_seen > 0, "the games never reached a building of the mover's"


def test_two_colour_majorities_and_tallest_are_counted_per_player():
    from pyengine.games.manhattan import scoring

    # City 1: red 1, green 1, blue 1 -> player 1 owns 2 of 3 buildings: the majority.
    # Tallest: red 4 and green 4 tie, one owner -> that player scores 3 (the option's default).
    s = two_colour(
        board={
            lot(1, 1): [(RED, 4)],
            lot(1, 2): [(GREEN, 4)],
            lot(1, 3): [(BLUE, 1)],
        }
    )
    rows = scoring.score_round(s)
    assert rows[0] == {"buildings": 2, "majorities": 2, "tallest": 3, "total": 7}
    assert rows[1] == {"buildings": 1, "majorities": 0, "tallest": 0, "total": 1}
    # Orange and blue 1 each beat green 1 in city 2: player 2 owns 2 of 3.
    s = two_colour(board={lot(2, 1): [(GREEN, 1)], lot(2, 2): [(ORANGE, 1)], lot(2, 3): [(BLUE, 1)]})
    assert scoring.majority_players(s)[1] == 1


def test_two_colour_player_score_is_the_sum_of_both_colours():
    from pyengine.games.manhattan import scoring

    s = two_colour(
        board={
            lot(1, 1): [(RED, 1)],
            lot(1, 2): [(RED, 1)],  # red: majority of city 1
            lot(2, 1): [(GREEN, 1)],
            lot(2, 2): [(GREEN, 4)],  # green: majority, tallest
            lot(3, 1): [(BLUE, 1)],
            lot(4, 1): [(ORANGE, 2)],
        }
    )
    rows = scoring.score_round(s)
    assert rows[0] == {"buildings": 4, "majorities": 4, "tallest": 3, "total": 11}
    assert rows[1] == {"buildings": 2, "majorities": 4, "tallest": 0, "total": 6}


@pytest.mark.parametrize("player,colours,keypad", [(0, ("red", "green"), 1), (1, ("blue", "orange"), 9)])
def test_two_colour_both_colours_use_the_players_seat_orientation(player, colours, keypad):
    for name in colours:
        colour = ("red", "blue", "green", "orange").index(name)
        s = two_colour(turn=player, hands={player: [1]}, selected={colour: [1]})
        after = G.apply(s, f"card 1 city 4 storeys 1 as {name}")
        assert after["board"][lot(4, keypad)] == [[colour, 1]]


@pytest.mark.parametrize("players", [3, 4])
def test_two_colour_is_rejected_for_3_or_4_players(players):
    with pytest.raises(IllegalMove, match="Bad option"):
        G.new_game(players, 0, {**SEAT1, "two_colour": True})
    G.new_game(players, 0, {**SEAT1, "two_colour": False})


def test_one_colour_game_refuses_building_as_another_players_colour():
    s = position(4, hands={0: [5]}, selected={RED: [1]})
    assert_rejected(s, "card 5 city 1 storeys 1 as blue", "Your colour")


def test_the_log_says_where_godzilla_went_and_what_it_destroyed():
    # Godzilla on Manhattan's centre; south plays card 6 (east): it steps east onto
    # Manhattan's east lot, where a 3-storey building stands.
    s = position(
        4,
        options={"godzilla": "full"},
        hands={0: [6]},
        selected={RED: [1]},
        board={lot(1, 6): [(BLUE, 3)]},
        godzilla=lot(1, 5),
    )
    text = G.describe(s, G.parse_move("card 6 city 2 storeys 1"))
    assert text.endswith("Godzilla moves to the east lot of Manhattan and destroys 3 storeys.")
    s2 = position(4, options={"godzilla": "full"}, hands={0: [5]}, selected={RED: [1]}, godzilla=lot(1, 5))
    assert G.describe(s2, G.parse_move("card 5 city 2 storeys 1")).endswith("Godzilla stays put.")
