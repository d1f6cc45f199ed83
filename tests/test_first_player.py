"""Who starts: every game's `first_player` option, and records from before it existed.

The games' own tests check that the whole order follows from the first player; here
is what holds for all of them: the option's shape, the draw, and that a record or
share link saved before the option existed (tests/data/records_before_first_player.json,
played by bots at commit 81b7285) still replays to exactly the states it had.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import pyengine
from pyengine.core import share
from pyengine.core.game import FIRST_PLAYER, IllegalMove, state_to_json
from pyengine.core.record import RecordError, load_record, new_record, replay

SAVED = json.loads((Path(__file__).parent / "data" / "records_before_first_player.json").read_text())
CASES = SAVED["cases"]
# What a record without the option means: seat 1 started every game, except Brussels
# 1893, which already drew its start player from the seed.
LEGACY = {"manhattan": "1", "newyork1901": "1", "chinatown": "1", "brussels1893": "random"}


# State keys added since the records were saved, with their value in those games:
# Chinatown now remembers which tiles form each complete shop (issue 23), and no shop
# was ever complete in the two saved games (their largest group was 2 tiles of 3).
# New York 1901 counts toward its stalemate rule (issue 46), which never ended those
# games (their records replay without it, `stalemate` being a legacy option): `stalled` is False,
# and the three counts are whatever the play made them (a type).
ADDED = {"chinatown": {"complete": []}, "newyork1901": {"stalled": False, "idle": int, "fresh": int, "deck_low": int}}


def _as_saved(state: dict) -> dict:
    """The state as the engine of the saved records would have written it: without the
    option, which it did not know, and without the keys added since."""
    state = json.loads(state_to_json(state))
    for name in pyengine.load_game(state["game"]).legacy_options:  # first_player, and any option added since
        del state["options"][name]
    for key, value in ADDED.get(state["game"], {}).items():
        got = state.pop(key)
        assert isinstance(got, value) if isinstance(value, type) else got == value, key
    return state


def _case_id(case: dict) -> str:
    r = case["record"]
    return f"{r['game']}-{r['players']}p-seed{r['seed']}"


@pytest.mark.parametrize("case", CASES, ids=_case_id)
def test_a_record_saved_before_first_player_existed_replays_to_the_same_states(case):
    record = load_record(json.dumps(case["record"]))
    assert FIRST_PLAYER not in record["options"]
    game, mid = replay(record, case["mid_step"])
    assert _as_saved(mid) == case["mid_state"]
    game, final = replay(record)
    assert _as_saved(final) == case["final_state"]
    assert final["options"][FIRST_PLAYER] == LEGACY[game.name]


@pytest.mark.parametrize("case", CASES, ids=_case_id)
def test_a_share_link_made_before_first_player_existed_opens_the_same_game(case):
    record = share.decode(case["share"])
    assert record == case["record"]
    assert _as_saved(replay(record)[1]) == case["final_state"]


@pytest.mark.parametrize("name", list(pyengine.GAMES))
def test_every_game_offers_first_player_drawn_at_random_by_default(name):
    game = pyengine.load_game(name)
    option = {o.name: o for o in game.options}[FIRST_PLAYER]
    assert option.kind == "seat" and option.default == "random"
    assert game.legacy_options[FIRST_PLAYER] == LEGACY[name]
    n = max(game.player_counts)
    assert option.values(n) == ["random", *map(str, range(1, n + 1))]
    # New records carry the option, so they never depend on what a missing one means.
    record = new_record(game, n, 5)
    assert record["options"][FIRST_PLAYER] == "random"


@pytest.mark.parametrize("name", list(pyengine.GAMES))
def test_first_player_random_replays_exactly_from_the_record(name):
    game = pyengine.load_game(name)
    n = min(game.player_counts)
    record = new_record(game, n, 77)
    state = game.new_game(n, 77, record["options"])
    for _ in range(12):
        move = game.legal_moves(state)[0]
        state = game.apply(state, move)
        record["moves"].append(str(move))
    assert state_to_json(replay(json.loads(json.dumps(record)))[1]) == state_to_json(state)


@pytest.mark.parametrize("name", list(pyengine.GAMES))
@pytest.mark.parametrize("value", ["0", "6", "-1", "two", "seat 2", "", None, True, False, 2.5])
def test_a_first_player_that_is_no_seat_of_the_game_is_refused(name, value):
    game = pyengine.load_game(name)
    n = min(game.player_counts)
    for bad in (value, str(n + 1), n + 1):
        options = {FIRST_PLAYER: bad}
        with pytest.raises(IllegalMove) as err:
            game.new_game(n, 1, options)
        assert err.value.rule == "Bad option" and FIRST_PLAYER in str(err.value)
        assert options == {FIRST_PLAYER: bad}
        with pytest.raises(RecordError, match="cannot start the game"):
            replay({**new_record(game, n, 1), "options": options})
    # A seat may be given as text or as a number.
    assert game.new_game(n, 1, {FIRST_PLAYER: n})["options"][FIRST_PLAYER] == str(n)


@pytest.mark.parametrize("name", list(pyengine.GAMES))
def test_the_chosen_first_player_is_the_first_to_move_once_setup_allows(name):
    """Every game's first decision of its first round belongs to the first player (after
    Brussels' setup choices, which also go from the start player clockwise)."""
    game = pyengine.load_game(name)
    for n in game.player_counts:
        for first in range(1, n + 1):
            state = game.new_game(n, 3, {FIRST_PLAYER: str(first)})
            assert game.to_move(state)[0] == first - 1, (n, first)
