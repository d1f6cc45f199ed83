"""Hard's whole-turn lookahead in the two-player game (lookahead.py, issue 48): the
turns it walks are the rules' own, the refill's chances are the deck's, it builds
rather than sit on its land, and it is a legal, sliced choice."""

from __future__ import annotations

from collections import Counter

from pyengine.core.game import copy_state
from pyengine.core.search import finish, slices, think
from pyengine.games.newyork1901 import lookahead, search
from pyengine.games.newyork1901.moves import Build, End

from .helpers import G, new_game


def positions(players: int = 2, seed: int = 4, every: int = 5):
    """(state, player to move) along a game the greedy bot plays in every seat."""
    greedy = G.bots()["greedy"](seed)
    s = new_game(players, seed, {})
    k = 0
    while not G.is_over(s):
        p = G.to_move(s)[0]
        if k % every == 0:
            yield copy_state(s), p
        k += 1
        s = G.apply(s, greedy.choose(G, G.view(s, p), p))


def test_it_decides_for_two_players_only() -> None:
    s, _ = next(positions())
    assert lookahead.applies(G.view(s, 0))
    assert not lookahead.applies(G.view(next(positions(players=3))[0], 0))


def test_whole_turns_are_the_rules_turns() -> None:
    """Every walked turn is a sequence of legal moves that hands the turn on (or ends
    the game), and every legal first move starts at least one of them."""
    for s, p in list(positions(every=7))[:6]:
        turns = lookahead.whole_turns(G, s, p)
        assert {str(first) for first, _, _ in turns} == {str(m) for m in G.legal_moves(s)}
        for _, moves, after in turns[:: max(1, len(turns) // 20)]:
            replayed = s
            for m in moves:
                replayed = G.apply(replayed, m)  # raises on an illegal move
            assert replayed == after
            assert G.is_over(after) or after["turn"] != p


def test_the_refill_chances_are_the_decks_composition() -> None:
    s, p = next(positions())
    state, _ = search.determinize(G.view(s, p), p, 9)
    turn = next(
        t for t in lookahead.whole_turns(G, state, p, actions=False) if len(t[2]["deck"]) == len(state["deck"]) - 1
    )
    outcomes = lookahead._refills(state, turn[2], turn[1])
    assert abs(sum(chance for chance, _ in outcomes) - 1) < 1e-12
    deck = Counter(tuple(c) for c in state["deck"])
    for chance, after in outcomes:
        kind = tuple(after["market"][-1])
        assert abs(chance - deck[kind] / len(state["deck"])) < 1e-12
        assert after["market"][:-1] == turn[2]["market"][:-1]
    assert len(outcomes) == len(deck)


# A two-player game (seed 3, seat 1 first) in which the lookahead's first version, two
# plies valued by the search's own projection, played seat 1: land held counted as much
# as 0.7 of the skyscraper it might carry, so it acquired and ended its turn, turn after
# turn, and lost 20 to 73. Here all its workers are on lots and it ended its turn again.
HOARDING = [
    "shift",
    "acquire Y01",
    "build B3 rot 1 at 9 0",
    "acquire Y10",
    "build B3 rot 0 at 14 4",
    "grab",
    "acquire R01",
    "acquire Y07",
    "build B1 rot 1 at 15 1",
    "end",
    "acquire B01",
    "build B2 rot 0 at 11 4",
    "acquire G11",
    "build B2 rot 1 at 4 15",
    "acquire R04",
    "build B1 rot 1 at 15 11",
    "acquire B10",
    "build B6 rot 2 at 14 8",
    "acquire R02",
    "build S1 rot 1 at 12 11",
    "acquire R03",
    "build S1 rot 1 at 14 11",
    "acquire B06",
    "end",
    "acquire R05",
    "end",
    "acquire B07",
    "build B6 rot 2 at 5 8",
    "acquire B11",
    "end",
    "build S3 rot 0 at 4 8",
    "acquire Y08",
    "end",
    "build G4 rot 2 at 4 8",
    "acquire G02",
    "end",
    "acquire Y02",
    "end",
]


def test_it_builds_rather_than_sit_on_its_land() -> None:
    """With every worker on a lot and skyscrapers to build, ending the turn wastes it.
    Its own next turn (the third ply) and land counted for less fixed it."""
    s = new_game(2, 3, {})
    for m in HOARDING:
        s = G.apply(s, m)
    p = G.to_move(s)[0]
    moves = G.legal_moves(s)
    assert G.phase(s) == "start" and any(isinstance(m, End) for m in moves)
    assert any(isinstance(m, Build) for m in moves)
    state, _ = search.determinize(G.view(s, p), p, 1)
    move = finish(lookahead.think(G, state, p, search.projected_for_lookahead, search.EVAL_SCALE))
    assert not isinstance(move, End)


def test_the_hard_bot_chooses_a_legal_move_in_slices() -> None:
    hard = G.bots()["hard"]
    for s, p in list(positions(every=9))[:4]:
        view = G.view(s, p)
        progress, move = slices(think(hard(3), G, view, p))
        assert str(move) in {str(m) for m in G.legal_moves(view)}
        assert progress == sorted(progress), "the thinking bar never goes back"
        assert all(0 <= x <= 1 for x in progress)


def test_market_shift_is_valued_over_several_new_markets() -> None:
    """Market Shift shows a new market before the rest of the turn is chosen: its value
    is the average, over ``SHIFT_SAMPLES`` decks in other orders, of the best turn after
    each new market (not the best turn after one sampled market, a lucky draw's best)."""
    s, p = next(positions())
    assert "shift" in s["cards"][p]
    state, _ = search.determinize(G.view(s, p), p, 2)

    def value(after: dict) -> float:
        return lookahead._value(G, after, p, search.projected_for_lookahead, search.EVAL_SCALE)

    options = finish(lookahead._options(G, state, p, value, lookahead._Clock()))
    shifts = [o for o in options if str(o[1]) == "shift"]
    assert len(shifts) == 1
    worth, _, outcomes = shifts[0]
    assert len(outcomes) == lookahead.SHIFT_SAMPLES
    assert all(str(path[0]) == "shift" and chance == 1 / lookahead.SHIFT_SAMPLES for chance, path, _ in outcomes)
    assert abs(worth - sum(chance * value(after) for chance, _, after in outcomes)) < 1e-12
    markets = {tuple(map(tuple, after["market"])) for _, _, after in outcomes}
    assert len(markets) > 1  # the samples drew different markets
    assert all(str(o[1]) != "shift" for o in options if o is not shifts[0])
