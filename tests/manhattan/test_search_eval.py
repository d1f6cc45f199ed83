"""Hard's evaluation: normal's projection less what rivals could take over."""
from __future__ import annotations

import math

from pyengine.games.manhattan import search
from pyengine.games.manhattan.search import (FUTURE_ROUND, THREAT_IN_HAND, THREAT_LATER, THREAT_NO_CARD,
                                             evaluate, evaluate_safe, threats)

from .helpers import BLUE, G, RED, lot, position

LATER = THREAT_LATER * FUTURE_ROUND * 3  # round 1 of 4: three later rounds
TARGET = lot(1, 5)


def card_for(seat: str, where: int) -> int:
    return next(card for card in range(1, 10) if where in search._LOTS[seat][card])


def other_card(seat: str, where: int) -> int:
    return next(card for card in range(1, 10) if where not in search._LOTS[seat][card])


def test_a_rival_with_the_part_and_the_card_threatens_most() -> None:
    # Blue (seat W) holds a 2-storey part; red owns a 2-storey building.
    board = {TARGET: [(RED, 2)]}
    with_card = position(board=board, selected={BLUE: [2]}, hands={1: [card_for("W", TARGET)] * 4})
    without = position(board=board, selected={BLUE: [2]}, hands={1: [other_card("W", TARGET)] * 4})
    assert math.isclose(threats(with_card)[0], THREAT_IN_HAND + LATER)
    assert math.isclose(threats(without)[0], THREAT_NO_CARD + LATER)
    assert threats(with_card)[1:] == [0.0, 0.0, 0.0]


def test_a_part_too_small_threatens_only_later_rounds() -> None:
    state = position(board={TARGET: [(RED, 2)]}, selected={BLUE: [1]}, hands={1: [card_for("W", TARGET)] * 4})
    assert math.isclose(threats(state)[0], LATER)
    state["round"] = state["rounds"]  # the last round has no later rounds
    assert threats(state)[0] == 0.0


def test_storeys_a_rival_already_has_in_the_building_count() -> None:
    # Red owns it with 3 storeys over blue's 2: blue's 1-storey part is enough.
    state = position(board={TARGET: [(BLUE, 2), (RED, 3)]}, selected={BLUE: [1]},
                     hands={1: [card_for("W", TARGET)] * 4})
    assert math.isclose(threats(state)[0], THREAT_IN_HAND + LATER)
    # A rival tied with the owner still needs a part to place.
    tied = position(board={TARGET: [(BLUE, 2), (RED, 2)]}, hands={1: [card_for("W", TARGET)] * 4})
    assert math.isclose(threats(tied)[0], LATER)


def test_a_building_of_five_storeys_is_safe() -> None:
    state = position(board={TARGET: [(RED, 2), (RED, 3)]}, selected={BLUE: [4]},
                     hands={1: [card_for("W", TARGET)] * 4})
    assert threats(state) == [0.0, 0.0, 0.0, 0.0]
    assert evaluate_safe(G, state) == evaluate(G, state)


def test_a_threatened_building_is_worth_less_to_hard_than_to_normal() -> None:
    state = position(board={TARGET: [(RED, 1)]}, selected={BLUE: [2]}, hands={1: [card_for("W", TARGET)] * 4})
    assert evaluate_safe(G, state)[0] < evaluate(G, state)[0]
    assert math.isclose(sum(evaluate_safe(G, state)), 1.0)


def test_hard_searches_with_the_safety_evaluation_and_normal_without() -> None:
    bots = G.bots()
    assert bots["hard"].evaluation is evaluate_safe
    assert bots["normal"].evaluation is None
