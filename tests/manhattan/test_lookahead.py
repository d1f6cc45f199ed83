"""The hard level's lookahead in the two-player game (lookahead.py, issue 48): where it
decides, that its chance of the rival's answer is the exact one, and that it is a
deterministic, sliced, legal choice."""

from __future__ import annotations

import itertools
import math

from pyengine import load_game
from pyengine.core.search import slices, think
from pyengine.games.manhattan import lookahead, search
from pyengine.games.manhattan.moves import Build

GAME = load_game("manhattan")


def position(players: int = 2, builds: int = 3, seed: int = 5, **options: object) -> tuple[dict, int]:
    """A view of the player to move after the picks and `builds` builds of round 1
    (the greedy bot plays every seat)."""
    state = GAME.new_game(players, seed, options or None)
    greedy = GAME.bots()["greedy"](seed)
    built = 0
    while True:
        if state["phase"] == "build":
            if built == builds:
                break
            built += 1
        player = GAME.to_move(state)[0]
        state = GAME.apply(state, greedy.choose(GAME, GAME.view(state, player), player))
    player = GAME.to_move(state)[0]
    return GAME.view(state, player), player


def test_it_decides_the_builds_of_two_players_before_the_last_round_only() -> None:
    view, _ = position()
    assert lookahead.applies(view)
    assert not lookahead.applies(dict(view, round=view["rounds"]))
    assert not lookahead.applies(dict(view, phase="pick"))
    assert not lookahead.applies(position(players=3)[0])
    assert not lookahead.applies(position(godzilla="full")[0])


def test_the_chance_of_each_answer_is_counted_exactly() -> None:
    """Against every hand the rival could hold, drawn from the unseen cards, they play
    the answer worst for the bot; the average over the hands is `_expected`."""
    unseen = {1: 3, 2: 2, 5: 1, 7: 4}  # card position: unseen cards of it
    answers = {1: 0.2, 2: 0.6, 5: 0.1}  # the bot's value after the rival's best answer with that card
    rest = 0.9  # no answer held (card 7 allows none)
    cards = [k for k, n in unseen.items() for _ in range(n)]
    for hand in (1, 2, 3):
        hands = list(itertools.combinations(range(len(cards)), hand))
        brute = sum(min([answers[cards[i]] for i in h if cards[i] in answers], default=rest) for h in hands)
        exact = lookahead._expected([(v, unseen[k]) for k, v in answers.items()], len(cards), hand, rest)
        assert math.isclose(exact, brute / len(hands))


def test_the_hard_bot_chooses_a_legal_build_the_same_way_whatever_its_seed() -> None:
    view, player = position()
    moves = GAME.legal_moves(view)
    assert all(isinstance(m, Build) for m in moves) and len(moves) > 8
    hard = GAME.bots()["hard"]
    chosen = {str(hard(seed).choose(GAME, view, player)) for seed in (1, 2, 3)}
    assert len(chosen) == 1 and GAME.to_move_obj(chosen.pop()) in moves
    assert lookahead.choose(view, player, moves, search.WEIGHTS) == hard(9).choose(GAME, view, player)


def test_it_thinks_in_slices_that_report_progress() -> None:
    view, player = position()
    bot = GAME.bots()["hard"](1)
    progress, move = slices(think(bot, GAME, view, player))
    assert len(progress) >= 5, "the page redraws between slices"
    assert progress == sorted(progress) and all(0 <= p <= 1 for p in progress)
    assert move in GAME.legal_moves(view) and bot.stats.get("lookahead")


def test_three_or_four_players_are_left_to_the_search() -> None:
    view, player = position(players=3)
    bot = GAME.bots()["hard"](1)
    bot.choose(GAME, view, player)
    assert not bot.stats.get("lookahead") and bot.stats.get("iterations", 0) > 0
