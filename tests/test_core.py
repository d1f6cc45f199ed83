"""Core machinery: the pinned PRNG, records, option handling and UI choices."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

import pyengine
from pyengine.core import rng
from pyengine.core.game import Game, IllegalMove, Option, choices, copy_state, state_hash
from pyengine.core.record import RecordError, load_record, new_record, replay, undo


def test_splitmix64_matches_the_published_reference_sequence() -> None:
    # Reference outputs of SplitMix64 seeded with 0 (Vigna's splitmix64.c).
    state, first = rng.next_u64(0)
    state, second = rng.next_u64(state)
    assert first == 0xE220A8397B1DCDAF
    assert second == 0x6E789E6AA1B965F4


def test_shuffle_is_pinned_so_records_replay_in_every_python() -> None:
    # A golden value: if this changes, every saved game record changes meaning.
    items = list(range(10))
    rng.shuffle(rng.seed_state(1), items)
    assert items == [8, 6, 1, 7, 3, 2, 4, 9, 5, 0]


def test_below_is_in_range_and_roughly_uniform() -> None:
    state, counts = rng.seed_state(5), [0] * 6
    for _ in range(6000):
        state, x = rng.below(state, 6)
        counts[x] += 1
    assert all(850 < c < 1150 for c in counts)


def test_copy_state_is_deep() -> None:
    a = {"x": [[1, 2], [3]], "y": {"z": [4]}}
    b = copy_state(a)
    b["x"][0].append(9)
    b["y"]["z"].clear()
    assert a == {"x": [[1, 2], [3]], "y": {"z": [4]}}


def test_options_fill_defaults_and_reject_unknown_names_and_values() -> None:
    g = pyengine.load_game("manhattan")
    opts = g.normalize_options(4, {"godzilla": "full", "anti_trust": "1"})
    assert opts["godzilla"] == "full" and opts["anti_trust"] is True and opts["slow_development"] is False
    with pytest.raises(IllegalMove, match="no option"):
        g.normalize_options(4, {"dragons": True})
    with pytest.raises(IllegalMove, match="godzilla must be one of"):
        g.normalize_options(4, {"godzilla": "huge"})
    with pytest.raises(IllegalMove, match="only for 2 players"):
        g.normalize_options(4, {"two_colour": True})


def test_new_game_rejects_a_wrong_player_count() -> None:
    with pytest.raises(IllegalMove, match="Player count"):
        pyengine.load_game("manhattan").new_game(5, 1)


def test_record_replay_and_undo_are_replaying_a_prefix() -> None:
    g = pyengine.load_game("manhattan")
    rec = new_record(g, 3, 11)
    state = g.new_game(3, 11)
    hashes = [state_hash(state)]
    for _ in range(30):
        m = g.legal_moves(state)[-1]
        state = g.apply(state, m)
        rec["moves"].append(str(m))
        hashes.append(state_hash(state))
    assert state_hash(replay(rec)[1]) == hashes[-1]
    assert state_hash(replay(undo(rec))[1]) == hashes[-2]
    assert state_hash(replay(rec, 10)[1]) == hashes[10]


@pytest.mark.parametrize(
    "text,message",
    [
        ("not json", "not a JSON record"),
        ("[1, 2]", "expected a JSON object"),
        ('{"game": "manhattan", "players": 2, "seed": 1}', "missing 'moves'"),
        ('{"game": "manhattan", "players": 2, "seed": "x", "moves": []}', "'seed' must be a whole number"),
        ('{"game": "manhattan", "players": 2, "seed": 1, "moves": [3]}', "list of move texts"),
    ],
)
def test_load_record_rejects_malformed_records(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        load_record(text)


def test_replay_names_the_bad_move() -> None:
    rec = {"game": "manhattan", "players": 2, "seed": 1, "moves": ["pick 1", "card 1 city 1 storeys 1"]}
    with pytest.raises(RecordError, match="move 2 .* illegal: Round order"):
        replay(rec)
    with pytest.raises(RecordError, match="unknown game"):
        replay({**rec, "game": "chess"})


@dataclass(frozen=True)
class _Pair:
    a: str
    b: str

    def __str__(self) -> str:
        return f"{self.a}{self.b}"

    @property
    def tokens(self) -> tuple[str, ...]:
        return (self.a, self.b)


class _PairGame(Game):
    """A toy game whose legal moves are a fixed list of two-token pairs."""

    name = "pairs"
    options = (Option("x", "bool", False, "X"),)

    def is_over(self, state):  # noqa: ANN001, ANN201
        return False

    def candidate_moves(self, state):  # noqa: ANN001, ANN201
        return [_Pair("a", "1"), _Pair("a", "2"), _Pair("b", "1")]

    def check(self, state, move):  # noqa: ANN001, ANN201
        pass


def test_choices_narrow_by_tokens_in_any_order() -> None:
    g = _PairGame()
    first = choices(g, {}).tokens
    assert first == {"a": None, "1": None, "2": "a2", "b": "b1"}
    assert choices(g, {}, ["a"]).tokens == {"1": "a1", "2": "a2"}
    assert choices(g, {}, ["1"]).tokens == {"a": "a1", "b": "b1"}
    assert choices(g, {}, ["b", "2"]).tokens == {}


def test_the_registry_titles_match_the_games() -> None:
    import pyengine

    assert list(pyengine.TITLES) == list(pyengine.GAMES)
    for name, title in pyengine.TITLES.items():
        assert pyengine.load_game(name).title == title
    assert list(pyengine.ABOUT) == list(pyengine.GAMES)
    for name, (blurb, counts, minutes) in pyengine.ABOUT.items():  # what the lobby says of each game
        players = pyengine.load_game(name).player_counts
        assert counts == (min(players), max(players)) and blurb and 0 < minutes[0] <= minutes[1]
    games = pyengine.Games()
    assert "chinatown" in games and "chess" not in games and list(games) == list(pyengine.GAMES)
    assert games["manhattan"] is pyengine.load_game("manhattan") and games.get("chess") is None
