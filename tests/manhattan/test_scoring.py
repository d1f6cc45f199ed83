"""Scoring after every round and the end-of-game tie-break (rulebook (F); data.md §5, §7)."""

from __future__ import annotations

import pytest

from pyengine.games.manhattan import scoring

from .helpers import BLUE, GREEN, ORANGE, RED, G, lot, position, random_game


def score(board, players=4, **options):
    """Per-player rows of the engine's round scoring for a board {lot: stack}."""
    return scoring.score_round(position(players, options=options, board=board))


def items(rows, key):
    return [r[key] for r in rows]


# ---- 1 point per building ------------------------------------------------------------


def test_one_point_per_building_owned_by_its_top_part():
    rows = score(
        {
            lot(1, 1): [(RED, 1)],
            lot(2, 2): [(RED, 2)],
            lot(3, 3): [(BLUE, 1), (RED, 1)],  # red on top: red's
            lot(4, 4): [(RED, 1), (BLUE, 2)],  # blue on top: blue's
            lot(5, 5): [(GREEN, 1)],
        }
    )
    assert items(rows, "buildings") == [3, 1, 1, 0]


def test_a_building_counts_once_whatever_its_height():
    rows = score({lot(1, 1): [(RED, 4), (RED, 4), (RED, 4)], lot(2, 1): [(BLUE, 1)]})
    assert items(rows, "buildings") == [1, 1, 0, 0]


# ---- 2 points per city majority -------------------------------------------------------


def test_strict_majority_of_buildings_in_a_city_scores_2():
    rows = score({lot(1, 1): [(RED, 1)], lot(1, 2): [(RED, 1)], lot(1, 3): [(BLUE, 4)]})
    assert items(rows, "majorities") == [2, 0, 0, 0]


def test_majority_tie_in_a_city_scores_nobody():
    rows = score(
        {
            lot(2, 1): [(RED, 1)],
            lot(2, 2): [(BLUE, 1)],
            lot(2, 3): [(RED, 1)],
            lot(2, 4): [(BLUE, 1)],
            lot(2, 5): [(GREEN, 1)],
        }
    )
    assert items(rows, "majorities") == [0, 0, 0, 0]


def test_majorities_are_counted_city_by_city():
    rows = score(
        {
            lot(1, 1): [(RED, 1)],  # city 1: red alone
            lot(2, 1): [(BLUE, 1)],
            lot(2, 9): [(BLUE, 1)],
            lot(2, 5): [(RED, 1)],  # city 2: blue 2-1
            lot(6, 1): [(ORANGE, 1)],
            lot(6, 2): [(GREEN, 1)],  # city 6: tie
        }
    )
    assert items(rows, "majorities") == [2, 2, 0, 0]


def test_a_building_counts_for_its_owner_not_for_storeys_inside_it():
    # blue has 6 storeys in city 3 but owns one building; red owns two
    rows = score({lot(3, 1): [(BLUE, 3), (RED, 3)], lot(3, 2): [(RED, 1)], lot(3, 3): [(BLUE, 3)]})
    assert items(rows, "majorities") == [2, 0, 0, 0]


# ---- 3 points for the tallest building ------------------------------------------------


def test_single_tallest_building_scores_3_for_its_owner():
    rows = score({lot(1, 1): [(BLUE, 4)], lot(2, 1): [(GREEN, 2), (GREEN, 3)], lot(3, 1): [(RED, 3)]})
    assert items(rows, "tallest") == [0, 0, 3, 0]


def test_height_counts_every_colour_in_the_building():
    # red owns a 6-storey building holding only 3 red storeys; blue's own is 5 high
    rows = score({lot(1, 5): [(BLUE, 3), (RED, 3)], lot(2, 5): [(BLUE, 4), (BLUE, 1)]})
    assert items(rows, "tallest") == [3, 0, 0, 0]


def test_tallest_height_tie_between_different_owners_scores_nobody():
    rows = score({lot(1, 5): [(RED, 4)], lot(2, 5): [(BLUE, 4)], lot(3, 5): [(GREEN, 3)]})
    assert items(rows, "tallest") == [0, 0, 0, 0]


def test_designed_tallest_tie_with_one_owner_scores_3_by_default():
    board = {lot(1, 5): [(RED, 4)], lot(2, 5): [(BLUE, 1), (RED, 3)], lot(3, 5): [(GREEN, 3)]}
    assert G.new_game(4, 0)["options"]["tallest_tie_same_owner"] is True
    assert items(score(board), "tallest") == [3, 0, 0, 0]


def test_designed_tallest_tie_with_one_owner_scores_nobody_when_option_is_off():
    board = {lot(1, 5): [(RED, 4)], lot(2, 5): [(BLUE, 1), (RED, 3)], lot(3, 5): [(GREEN, 3)]}
    assert items(score(board, tallest_tie_same_owner=False), "tallest") == [0, 0, 0, 0]
    # ...and a single tallest building still scores with the option off
    board[lot(4, 5)] = [(BLUE, 4), (BLUE, 4)]
    assert items(score(board, tallest_tie_same_owner=False), "tallest") == [0, 3, 0, 0]


def test_empty_board_scores_nothing():
    assert all(r == {"buildings": 0, "majorities": 0, "tallest": 0, "total": 0} for r in score({}))


def test_rulebook_scoring_example_white_gets_3_for_tallest_building_in_centre_of_area_5():
    """Rulebook (F): "白色額外得 3 分, 因為第五區域中間那棟樓最高" (white, here red,
    scores 3 extra because the building in the middle of area 5 is the tallest)."""
    board = {
        lot(5, 5): [(BLUE, 3), (RED, 4)],  # 7 storeys, white on top
        lot(5, 1): [(BLUE, 2), (BLUE, 3)],  # 5
        lot(5, 9): [(RED, 1)],
        lot(1, 5): [(GREEN, 3), (ORANGE, 3)],  # 6
    }
    rows = score(board)
    assert items(rows, "tallest") == [3, 0, 0, 0]
    # city 5: red owns 2 of its 3 buildings -> majority; city 1: orange alone
    assert rows[RED] == {"buildings": 2, "majorities": 2, "tallest": 3, "total": 7}
    assert rows[ORANGE]["majorities"] == 2 and rows[BLUE]["buildings"] == 1


def test_round_total_is_the_sum_of_its_items():
    rows = score({lot(1, 1): [(RED, 1)], lot(1, 2): [(RED, 4)], lot(2, 2): [(BLUE, 2)]})
    assert rows[RED] == {"buildings": 2, "majorities": 2, "tallest": 3, "total": 7}
    assert rows[BLUE] == {"buildings": 1, "majorities": 2, "tallest": 0, "total": 3}


# ---- scoring happens at the end of every round, through the game ------------------------


def test_last_build_of_the_round_scores_the_board_into_history_and_totals():
    s = position(
        4,
        turn=1,
        hands={1: [5, 5, 5, 5]},
        selected={BLUE: [4]},
        board={lot(1, 5): [(RED, 2)], lot(2, 5): [(RED, 1)], lot(2, 1): [(GREEN, 1)]},
    )
    s["scores"] = [10, 20, 30, 40]
    after = G.apply(s, "card 5 city 3 storeys 4")
    assert len(after["history"]) == 1 and after["round"] == 2
    # red: 2 buildings + majority in city 1; blue: 1 building + city 3 + tallest
    assert after["history"][0] == [
        {"buildings": 2, "majorities": 2, "tallest": 0, "total": 4},
        {"buildings": 1, "majorities": 2, "tallest": 3, "total": 6},
        {"buildings": 1, "majorities": 0, "tallest": 0, "total": 1},
        {"buildings": 0, "majorities": 0, "tallest": 0, "total": 0},
    ]
    assert G.scores(after) == [14, 26, 31, 40]


def _reference_round_score(state):
    """The rule text, written independently: 1/building, 2/strict city majority,
    3 for the tallest (one owner of every tallest building scores when the option is on).
    A building's owner is the player whose colour is on top (either colour of theirs
    in the two-colour game)."""
    out = [0] * state["players"]
    per_city = [dict() for _ in range(6)]
    tallest, top_owners = 0, set()
    for where, stack in enumerate(state["board"]):
        if not stack:
            continue
        owner = state["colours"][stack[-1][0]]
        out[owner] += 1
        y, x = divmod(where, 9)
        city = (y // 3) * 3 + x // 3
        per_city[city][owner] = per_city[city].get(owner, 0) + 1
        h = sum(size for _, size in stack)
        if h > tallest:
            tallest, top_owners, n_top = h, {owner}, 1
        elif h == tallest:
            top_owners.add(owner)
            n_top += 1
    for counts in per_city:
        if counts:
            best = max(counts.values())
            leaders = [c for c, n in counts.items() if n == best]
            if len(leaders) == 1:
                out[leaders[0]] += 2
    if tallest and len(top_owners) == 1 and (n_top == 1 or state["options"]["tallest_tie_same_owner"]):
        out[top_owners.pop()] += 3
    return out


@pytest.mark.parametrize(
    "players,seed,options",
    [
        (4, 21, {}),
        (3, 22, {}),
        (2, 23, {}),
        (4, 24, {"tallest_tie_same_owner": False}),
        (4, 25, {"godzilla": "little"}),
        (2, 26, {"two_colour": True}),
    ],
)
def test_every_round_is_scored_by_the_rule_text_and_scores_equal_the_breakdown(players, seed, options):
    res = random_game(players, seed, options, keep_states=True)
    states = res["states"][1:] + [res["state"]]
    checked = 0
    for before, after in zip(res["states"], states):
        if len(after["history"]) > len(before["history"]):
            assert [r["total"] for r in after["history"][-1]] == _reference_round_score(after)
            checked += 1
    final = res["state"]
    assert checked == final["rounds"] == len(final["history"])
    bd = G.breakdown(final)
    assert bd["items"] == ["buildings", "majorities", "tallest"]
    for p in range(players):
        assert G.scores(final)[p] == sum(r[p]["total"] for r in bd["rounds"]) == bd["totals"][p]
        for r in bd["rounds"]:
            assert r[p]["total"] == r[p]["buildings"] + r[p]["majorities"] + r[p]["tallest"]


# ---- end of game: winners and the tie-break (data.md §7) ------------------------------


def finished(scores, board, **options):
    s = position(len(scores), options=options, board=board)
    s["phase"] = "over"
    s["scores"] = list(scores)
    return s


def test_highest_total_wins_regardless_of_tallest_and_majorities():
    s = finished([30, 31, 10, 5], {lot(1, 5): [(RED, 4), (RED, 4)], lot(1, 1): [(RED, 1)]})
    assert G.winners(s) == [1]


def test_tie_break_equal_totals_go_to_the_owner_of_the_tallest_building():
    board = {
        lot(1, 5): [(BLUE, 4), (BLUE, 4)],  # tallest: blue
        lot(2, 1): [(RED, 1)],
        lot(3, 1): [(RED, 1)],
    }  # majorities: red 2, blue 1
    assert G.winners(finished([40, 40, 12, 3], board)) == [1]


def test_tie_break_then_most_city_majorities_when_tallest_owner_is_not_tied():
    board = {
        lot(1, 5): [(GREEN, 4), (GREEN, 4)],  # tallest: green, not tied
        lot(2, 1): [(RED, 1)],
        lot(3, 1): [(RED, 1)],
        lot(4, 1): [(BLUE, 1)],
    }
    assert G.winners(finished([40, 40, 12, 3], board)) == [0]


def test_tie_break_then_most_city_majorities_when_nobody_owns_the_single_tallest():
    board = {
        lot(1, 5): [(RED, 4)],
        lot(2, 5): [(BLUE, 4)],
        lot(3, 1): [(BLUE, 1)],
        lot(4, 1): [(BLUE, 1)],
    }  # majorities: red 1, blue 3
    assert G.winners(finished([40, 40, 12, 3], board)) == [1]


def test_tie_break_still_tied_players_share_the_win():
    board = {
        lot(1, 5): [(RED, 4)],
        lot(2, 5): [(BLUE, 4)],  # tallest tie
        lot(3, 1): [(GREEN, 1)],
    }  # majorities: 1 each
    assert G.winners(finished([40, 40, 40, 3], board)) == [0, 1, 2]
    assert G.winners(finished([40, 40, 12, 3], {})) == [0, 1]


def test_three_way_tie_shared_by_those_with_most_majorities():
    board = {
        lot(1, 1): [(RED, 1)],
        lot(2, 1): [(GREEN, 1)],
        lot(3, 1): [(ORANGE, 1)],
        lot(4, 5): [(RED, 2)],
        lot(5, 5): [(GREEN, 2)],
    }  # tallest tie; majorities 2, 0, 2, 1
    assert G.winners(finished([9, 9, 9, 9], board)) == [0, 2]


def test_no_winners_before_the_game_is_over():
    s = position(4, board={lot(1, 1): [(RED, 1)]})
    s["scores"] = [5, 0, 0, 0]
    assert G.winners(s) == []
