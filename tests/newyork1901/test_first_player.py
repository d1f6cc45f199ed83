"""Who starts (FR "Le plus jeune joueur commence la partie. Les joueurs joueront ensuite dans
le sens des aiguilles d'une montre"; ZH "決定一人擔任起始玩家。玩家依順時針方向輪流進行回合"):
the first_player option names a seat or draws one, and play goes clockwise from it to the
end, whose last turns (FR "tous les joueurs à l'exception de celui qui vient de déclencher
la fin de partie jouent un dernier tour") follow the trigger, not the first player."""

from __future__ import annotations

import pytest

from pyengine.core.game import state_hash
from pyengine.core.record import new_record, replay

from .helpers import G, random_game

SEATS = [(n, k) for n in (2, 3, 4) for k in range(1, n + 1)]


def turn_owners(states: list[dict]) -> list[int]:
    """Whose turn each turn of the game was, in order. A turn always passes to another
    player, so consecutive states with the same owner belong to one turn."""
    owners: list[int] = []
    for s in states:
        if not owners or owners[-1] != s["turn"]:
            owners.append(s["turn"])
    return owners


def deal(state: dict) -> dict:
    """What setup dealt, leaving out who starts (and the generator after the draw)."""
    return {k: v for k, v in state.items() if k not in ("turn", "rng", "options")}


@pytest.mark.parametrize("players,k", SEATS)
def test_first_player_seat_k_takes_the_first_turn(players, k):
    s = G.new_game(players, 3, {"first_player": str(k)})
    assert s["turn"] == k - 1 and G.to_move(s) == (k - 1,)
    assert s["options"]["first_player"] == str(k)


@pytest.mark.parametrize("players,k", SEATS)
def test_play_goes_clockwise_from_the_first_player_every_turn_to_the_end(players, k):
    res = random_game(players, 20 + k, {"first_player": str(k)}, keep_states=True)
    owners = turn_owners(res["states"])
    assert owners[0] == k - 1
    assert len(owners) > 3 * players  # several rounds, not just the first
    assert all(b == (a + 1) % players for a, b in zip(owners, owners[1:]))


@pytest.mark.parametrize("players,k", SEATS)
def test_after_the_trigger_every_other_player_has_one_last_turn_whoever_started(players, k):
    """The game does not wait for the round to finish: after the triggering turn the
    others play once, clockwise, so the last turn is the trigger's right-hand neighbour's,
    and the players from the first player up to the trigger (excluded) get one turn more
    than the rest."""
    res = random_game(players, 40 + k, {"first_player": str(k)}, keep_states=True)
    end = res["state"]
    trigger = end["end_by"]
    assert G.is_over(end) and trigger is not None
    owners = turn_owners(res["states"])
    last_round = owners[-players:]
    assert last_round == [(trigger + i) % players for i in range(players)]
    order = [(k - 1 + i) % players for i in range(players)]
    before_trigger = order[: order.index(trigger)]
    counts = [owners.count(p) for p in range(players)]
    assert counts == [counts[trigger] + (p in before_trigger) for p in range(players)]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_first_player_changes_nothing_else_dealt_and_seats_keep_their_characters(players):
    """The first player is drawn after everything else, so a seed deals the same board,
    characters (a seat's colour), deck, market, streets and challenge whoever starts."""
    dealt = [
        deal(G.new_game(players, 11, {"first_player": value})) for value in ["random", *map(str, range(1, players + 1))]
    ]
    assert all(d == dealt[0] for d in dealt[1:])
    assert G.player_colours(G.new_game(players, 11, {"first_player": str(players)})) == G.player_colours(
        G.new_game(players, 11, {"first_player": "1"})
    )


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_random_first_player_is_drawn_from_the_seed_and_can_be_any_seat(players):
    firsts = set()
    for seed in range(40):
        s = G.new_game(players, seed)
        assert s["options"]["first_player"] == "random"
        assert state_hash(G.new_game(players, seed)) == state_hash(s)
        firsts.add(s["turn"])
    assert firsts == set(range(players))


def test_a_random_first_player_replays_from_its_record():
    res = random_game(3, 5, {"first_player": "random"})
    _, again = replay(res["record"])
    assert state_hash(again) == state_hash(res["state"])


def test_a_record_made_before_the_option_replays_with_seat_1_first():
    record = new_record(G, 4, 9, {"first_player": "1"})
    record["moves"] = random_game(4, 9, {"first_player": "1"})["record"]["moves"][:30]
    older = {**record, "options": {k: v for k, v in record["options"].items() if k != "first_player"}}
    _, then = replay(older, upto=0)
    assert then["turn"] == 0
    _, a = replay(older)
    _, b = replay(record)
    assert state_hash(a) == state_hash(b)


def test_the_lobby_offers_random_or_a_seat():
    schema = {o["name"]: o for o in G.option_schema()}
    assert schema["first_player"]["kind"] == "seat" and schema["first_player"]["default"] == "random"
    assert "youngest" in schema["first_player"]["help"]
