"""Placement rule (rulebook (E); data.md §4.4).

Card 5 names the centre square for every seat, so these positions need no
orientation: the building under test is always the centre of a city.
"""

from __future__ import annotations

from .helpers import BLUE, GREEN, ORANGE, RED, G, assert_rejected, build_storeys_allowed, lot, position, top_colour

A, B, C, D = RED, BLUE, GREEN, ORANGE  # players 0..3 own colours 0..3
ALL_PARTS = [1, 2, 3, 4]

# Rulebook (E): "A has 2 storeys, B has 5, C none, D 3" — B owns it (top part).
# Bottom to top: A 2, B 1, D 3, B 4  -> A 2, B 5, C 0, D 3; owner B.
EXAMPLE_BUILDING = [(A, 2), (B, 1), (D, 3), (B, 4)]
CITY = 3
CENTRE = lot(CITY, 5)


def example(player: int, storeys=ALL_PARTS):
    return position(
        4, turn=player, hands={player: [5, 5, 5, 5]}, selected={player: storeys}, board={CENTRE: EXAMPLE_BUILDING}
    )


def test_rulebook_example_player_a_with_2_storeys_must_place_a_3():
    s = example(A, [2, 3])
    err = assert_rejected(s, f"card 5 city {CITY} storeys 2", "Placement rule")
    assert "blue has 5" in str(err) and "you would have 4" in str(err)
    after = G.apply(s, f"card 5 city {CITY} storeys 3")
    assert after["board"][CENTRE] == [list(p) for p in EXAMPLE_BUILDING] + [[A, 3]]
    assert top_colour(after, CENTRE) == A  # A now owns it


def test_rulebook_example_allowed_sizes_per_player():
    """A needs 3+, B (the owner) anything, C nothing at all, D 2+."""
    assert build_storeys_allowed(example(A), 5, CITY) == {3, 4}
    assert build_storeys_allowed(example(B), 5, CITY) == {1, 2, 3, 4}
    assert build_storeys_allowed(example(C), 5, CITY) == set()
    assert build_storeys_allowed(example(D), 5, CITY) == {2, 3, 4}


def test_rulebook_example_player_d_with_3_storeys_must_place_at_least_a_2():
    s = example(D, [1, 2])
    assert_rejected(s, f"card 5 city {CITY} storeys 1", "Placement rule")
    after = G.apply(s, f"card 5 city {CITY} storeys 2")
    assert top_colour(after, CENTRE) == D


def test_rulebook_example_player_c_with_no_storeys_cannot_place_even_a_4():
    s = example(C, [4])
    assert_rejected(s, f"card 5 city {CITY} storeys 4", "Placement rule")
    # ...but C may still build the 4 elsewhere (an empty centre lot).
    assert "card 5 city 1 storeys 4" in {str(m) for m in G.legal_moves(s)}


def test_picture_example_white_takes_blue_3_white_1_building_with_a_2():
    """Rulebook (E) picture: white (here red) may place a 2-storey part on the centre
    building "3-1" (blue 3, white 1, blue on top) and takes it over; a 1 is not enough."""
    stack = [(RED, 1), (BLUE, 3)]  # blue owns it
    s = position(4, turn=0, hands={0: [5, 5, 5, 5]}, selected={RED: [1, 2]}, board={lot(1, 5): stack})
    assert_rejected(s, "card 5 city 1 storeys 1", "Placement rule")
    after = G.apply(s, "card 5 city 1 storeys 2")
    assert after["board"][lot(1, 5)] == [[RED, 1], [BLUE, 3], [RED, 2]]
    assert top_colour(after, lot(1, 5)) == RED


def test_picture_example_white_takes_blue_2_building_with_a_2():
    """Rulebook (E) picture: "2-0" (blue 2, white none): a 2 ties and takes it over."""
    s = position(4, turn=0, hands={0: [5, 5, 5, 5]}, selected={RED: [1, 2]}, board={lot(2, 5): [(BLUE, 2)]})
    assert_rejected(s, "card 5 city 2 storeys 1", "Placement rule")
    after = G.apply(s, "card 5 city 2 storeys 2")
    assert after["board"][lot(2, 5)] == [[BLUE, 2], [RED, 2]]
    assert top_colour(after, lot(2, 5)) == RED


def test_tie_with_the_owner_is_enough_to_build_on_top():
    s = position(4, turn=0, hands={0: [5]}, selected={RED: [3]}, board={lot(4, 5): [(RED, 1), (BLUE, 4)]})
    # red 1 + 3 = 4 = blue 4
    after = G.apply(s, "card 5 city 4 storeys 3")
    assert top_colour(after, lot(4, 5)) == RED


def test_where_your_storeys_sit_in_the_building_does_not_matter():
    """IRON: "unerheblich, an welcher Stelle" — red's bottom part counts."""
    s = position(4, turn=0, hands={0: [5]}, selected={RED: [1]}, board={lot(5, 5): [(RED, 2), (GREEN, 1), (BLUE, 3)]})
    assert build_storeys_allowed(s, 5, 5) == {1}


def test_building_on_an_empty_lot_is_allowed_with_any_part():
    s = position(4, turn=0, hands={0: [5]}, selected={RED: ALL_PARTS})
    for city in range(1, 7):
        assert build_storeys_allowed(s, 5, city) == {1, 2, 3, 4}


def test_building_on_your_own_building_is_allowed_with_any_part():
    # red owns it with a 1-storey top, although blue has more storeys below
    # (possible only after Little Godzilla; the rule looks at the owner alone).
    for stack in ([(RED, 4)], [(BLUE, 3), (RED, 3)], [(BLUE, 4), (RED, 1)]):
        s = position(4, turn=0, hands={0: [5]}, selected={RED: ALL_PARTS}, board={lot(6, 5): stack})
        assert build_storeys_allowed(s, 5, 6) == {1, 2, 3, 4}, stack


def test_a_lead_of_more_than_4_storeys_can_never_be_taken():
    s = position(4, turn=0, hands={0: [5]}, selected={RED: ALL_PARTS}, board={lot(1, 5): [(BLUE, 4), (BLUE, 1)]})
    assert build_storeys_allowed(s, 5, 1) == set()


def test_placement_compares_with_the_current_owner_only():
    """Sourced wording (SDJ, IRON): at least as many storeys as the *owner*. After
    Little Godzilla removed a top part, the owner may have fewer storeys than another
    colour in the stack; green then only has to match the owner."""
    s = position(4, turn=2, hands={2: [5]}, selected={GREEN: [1, 2]}, board={lot(2, 5): [(BLUE, 3), (RED, 1)]})
    assert build_storeys_allowed(s, 5, 2) == {1, 2}


def test_owner_always_has_at_least_as_many_storeys_as_anyone_in_random_games():
    """data.md §4.4 invariant (without Little Godzilla, which can break it), counted per
    player: in the two-colour game both of a player's colours are theirs."""
    from .helpers import random_game

    for seed, opts in ((11, {}), (12, {"godzilla": "full"}), (13, {"two_colour": True})):
        players = 2 if opts.get("two_colour") else 4
        res = random_game(players, seed, opts, keep_states=True)
        for state in res["states"] + [res["state"]]:
            of = state["colours"]
            for stack in state["board"]:
                if stack:
                    per: dict[int, int] = {}
                    for colour, size in stack:
                        per[of[colour]] = per.get(of[colour], 0) + size
                    assert per[of[stack[-1][0]]] == max(per.values()), stack
