"""The end and the winner, hidden information, move texts, state copies and the log."""

from __future__ import annotations

import json

import pytest

from pyengine.core import rng
from pyengine.core.game import IllegalMove, copy_state, state_hash
from pyengine.games.chinatown import scoring
from pyengine.games.chinatown.fastcopy import fast_copy
from pyengine.games.chinatown.moves import Accept, Bundle, Decline, Done, Keep, Offer, Place, parse

from .helpers import G, new_game, position


def random_states(players: int, seed: int, options: dict | None = None):
    """Every state of a game played by uniformly random legal moves (trades included)."""
    s = new_game(players, seed, options or {})
    r = rng.seed_state(seed)
    yield s
    while not G.is_over(s):
        legal = G.legal_moves(s)
        r, i = rng.below(r, len(legal))
        s = G.apply(s, legal[i])
        yield s


# ---------------------------------------------------------------------------- the end
def over(money: list[int], owner: dict[int, int] | None = None, tiles: dict[int, str] | None = None):
    s = position(len(money), phase="over", owner=owner, tiles=tiles, money=money)
    s["round"] = 6
    return s


def test_most_money_wins():
    assert G.winners(over([40000, 52000, 51000])) == [1]


def test_a_tie_goes_to_the_most_tiles_on_the_board():
    """Reading 12 (Z-Man rule): tiles on lots the player owns."""
    s = over(
        [52000, 52000, 30000],
        owner={1: 0, 2: 1, 3: 1, 4: 2, 5: 2, 6: 2},
        tiles={1: "seafood", 2: "seafood", 3: "laundry", 4: "tailor", 5: "tailor", 6: "tailor"},
    )
    assert scoring.tiles_on_board(s) == [1, 2, 3]
    assert G.winners(s) == [1]  # player 3 has more tiles but less money


def test_a_tie_on_money_and_tiles_is_shared():
    s = over([52000, 52000, 52000], owner={1: 0, 2: 1}, tiles={1: "seafood", 2: "laundry"})
    assert G.winners(s) == [0, 1]


def test_breakdown_adds_up_and_keeps_trades_secret_until_the_end():
    states = list(random_states(3, 4))
    mid = next(s for s in states if s["round"] == 3 and s["phase"] == "keep")
    b = G.breakdown(mid)
    # "Start money", not "Start": the page already translates "Start" as the verb (its button).
    assert b["labels"] == ["Start money", "Round 1", "Round 2"] and b["total_label"] == "From bank"
    assert "trades" not in {i for row in b["row_items"] for i in row}
    end = states[-1]
    assert any(end["trade_net"]), "random players traded money"
    b = G.breakdown(end)
    assert b["labels"][-1] == "Trades" and b["total_label"] == "Money"
    assert b["totals"] == G.scores(end) == end["money"]
    # One way of writing an amount in the whole game: the table's cells, totals and the log alike.
    assert b["formatted_totals"] == [f"${m:,}" for m in end["money"]] == [G.points_text(m) for m in end["money"]]


# ------------------------------------------------------------------- hidden information
def test_view_hides_money_land_cards_deck_bag_and_outlook():
    s = new_game(4, 21)
    v = G.view(s, 2)
    assert v["money"] == [-1, -1, 5000, -1]
    assert v["dealt"][2] == s["dealt"][2] and all(v["dealt"][q] == [0] * 6 for q in (0, 1, 3))
    assert v["deck"] == [0] * len(s["deck"]) and v["bag"] == [-1] * 90
    assert v["outlook"] == [-1] * 6 and v["rng"] == 0
    assert v["hands"] == s["hands"] and v["owner"] == s["owner"]  # public
    spectator = G.view(s, None)
    assert spectator["money"] == [-1] * 4


def test_money_is_shown_to_all_at_the_end():
    end = list(random_states(3, 2))[-1]
    assert G.view(end, 0)["money"] == end["money"]


@pytest.mark.parametrize("players,seed", [(3, 1), (5, 2)])
def test_legal_moves_from_the_movers_view_equal_those_of_the_state(players, seed):
    for s in random_states(players, seed, {"street_variant": seed == 2}):
        if G.is_over(s):
            break
        p = G.to_move(s)[0]
        assert [str(m) for m in G.legal_moves(G.view(s, p))] == [str(m) for m in G.legal_moves(s)]


def test_states_differing_only_in_hidden_information_look_the_same():
    s = new_game(3, 8)
    t = copy_state(s)
    t["money"][1] += 7000
    t["deck"].reverse()
    t["bag"].reverse()
    t["rng"] += 1
    t["dealt"][2], t["deck"][: len(s["dealt"][2])] = t["deck"][: len(s["dealt"][2])], t["dealt"][2]
    assert state_hash(s) != state_hash(t)
    assert state_hash(G.view(s, 0)) == state_hash(G.view(t, 0))


# ------------------------------------------------------------------------ move texts
@pytest.mark.parametrize(
    "move",
    [
        Keep((3, 17, 42)),
        Offer(1, Bundle.make([34, 12], {"seafood": 1, "antiques": 2}, 3000), Bundle.make([5])),
        Offer(2, Bundle(), Bundle.make(tiles={"laundry": 2})),
        Accept(),
        Decline(),
        Done(),
        Place("sporting_goods", 85),
    ],
)
def test_every_move_text_round_trips(move):
    text = str(move)
    assert parse(text) == move and str(parse(text)) == text


def test_offer_text_is_canonical():
    move = Offer(1, Bundle.make([34, 12], {"seafood": 1, "antiques": 2}, 3000), Bundle.make([5]))
    assert str(move) == "offer 2 give lot 12 lot 34 antiques 2 seafood 1 money 3000 get lot 5"


@pytest.mark.parametrize(
    "text,says",
    [
        ("keep 17 3", "ascending"),
        ("keep 3 3", "twice"),
        ("keep 0", "from 1 to 85"),
        ("keep 86", "from 1 to 85"),
        ("place seafood", "not a Chinatown move"),
        ("place sushi 3", "not a shop type"),
        ("offer 2 give lot 34 lot 12 get nothing", "write the bundle as 'lot 12 lot 34'"),
        ("offer 2 give money 3000 lot 1 get nothing", "write the bundle"),
        ("offer 2 give lot 1 lot 1 get nothing", "twice"),
        ("offer 2 give seafood 0 get nothing", "at least 1"),
        ("offer 2 give money 0 get lot 1", "at least 1"),
        ("offer 2 give get lot 1", "says 'nothing'"),
        ("offer 2 give lot get nothing", "needs a number"),
        ("offer 0 give lot 1 get nothing", "at least 1"),
        ("offer two give lot 1 get nothing", "whole number"),
        ("offer 2 give lot 01 get nothing", "whole number"),
        ("offer 2 give bananas 2 get nothing", "not 'lot', 'money' or a shop type"),
        ("accept now", "not a Chinatown move"),
    ],
)
def test_malformed_texts_name_the_syntax_rule(text, says):
    with pytest.raises(IllegalMove) as err:
        parse(text)
    assert "Move syntax" in str(err.value) and says in str(err.value)


# ------------------------------------------------------------------- state and record
def test_fast_copy_is_a_deep_copy_of_every_state_of_a_game():
    """state.py relies on each list holding one kind of thing; check it on real states."""

    def one_kind(x, path="state"):
        if isinstance(x, dict):
            for k, v in x.items():
                one_kind(v, f"{path}.{k}")
        elif isinstance(x, list) and x:
            kinds = {isinstance(v, (dict, list)) for v in x}
            assert len(kinds) == 1, f"{path} mixes containers and scalars"
            for i, v in enumerate(x):
                one_kind(v, f"{path}[{i}]")

    for s in random_states(4, 6):
        one_kind(s)
        c = fast_copy(s)
        assert c == s

        def ids(x):
            if isinstance(x, dict):
                return [id(x)] + [i for v in x.values() for i in ids(v)]
            if isinstance(x, list):
                return [id(x)] + [i for v in x for i in ids(v)]
            return []

        assert not set(ids(c)) & set(ids(s)), "the copy shares a container with the original"


def test_state_is_json_and_replays_from_the_record():
    from pyengine.core.record import new_record, replay

    record = new_record(G, 3, 5, {"offer_limit": "3"})
    s = G.new_game(3, 5, {"offer_limit": "3"})  # the default first player: drawn, and replayed
    r = rng.seed_state(1)
    while not G.is_over(s):
        legal = G.legal_moves(s)
        r, i = rng.below(r, len(legal))
        record["moves"].append(str(legal[i]))
        s = G.apply(s, legal[i])
    assert json.loads(json.dumps(s)) == s
    assert state_hash(replay(json.loads(json.dumps(record)))[1]) == state_hash(s)
    assert any(t.startswith("offer") for t in record["moves"]) and "accept" in record["moves"]


def test_the_random_driver_of_the_conformance_test_trades():
    """The conformance test plays uniformly random legal moves: they include offers, and
    random receivers accept some, so trades really happen in those games."""
    for players in (3, 4, 5):
        offers = accepted = 0
        states = list(random_states(players, 0))
        for a, b in zip(states, states[1:]):
            offers += b["offer"] is not None and a["offer"] is None
            accepted += sum(1 for t in b["trades"] if t[2]) > sum(1 for t in a["trades"] if t[2])
        assert offers > 10 and accepted > 3, (players, offers, accepted)


# ------------------------------------------------------------------------ the log
def test_log_events_reveal_claims_tiles_income_and_the_next_round():
    states = list(random_states(3, 3))
    names = ["Ann", "Bo", "Cy"]
    reveal = next(i for i, s in enumerate(states) if s["phase"] == "trade")
    lines = G.events(states[reveal - 1], states[reveal], names)
    assert lines[0].startswith("Land cards revealed: Ann claims lots ")
    assert lines[1].startswith("Shop tiles dealt: Ann gets ")
    paid = next(i for i, s in enumerate(states) if s["income"])
    lines = G.events(states[paid - 1], states[paid], names)
    assert any(line.startswith("Round 1 outlook card:") for line in lines)
    assert any(line.startswith("Ann earns $") for line in lines)
    assert lines[-1] == "Round 2: Bo is the start player; land cards are dealt."
    last = G.events(states[-2], states[-1], names)
    assert last[-1].startswith("Game over. Money revealed: Ann $")


def test_keeping_is_described_without_the_lots():
    s = new_game(3, 2)
    text = G.describe(s, G.legal_moves(s)[0], ["Ann", "Bo", "Cy"])
    assert text == "Ann keeps 5 land cards."


def test_undo_barriers():
    s = position(3, phase="place", owner={1: 0, 2: 0}, hands={0: {"seafood": 2}})
    assert not G.reveals_hidden_information(s, parse("place seafood 1"))  # can be taken back
    s = G.apply(s, "place seafood 1")
    assert G.reveals_hidden_information(s, parse("place seafood 2"))  # ends the round: income
    k = new_game(3, 1)
    assert G.reveals_hidden_information(k, G.legal_moves(k)[0])
