"""The search bot (pyengine/core/search.py) and every game's search hooks.

Budgets are tiny here: these tests check behaviour (the view is respected, the search
is repeatable, the hooks are consistent, every level finishes games), never strength
or speed (the tournament command measures those: docs/bots.md).
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from typing import Any

import pytest

import pyengine
from pyengine.core import rng
from pyengine.core.bots import RandomBot
from pyengine.core.game import Game, State, copy_state
from pyengine.core.search import SearchBot, SearchHooks, _Node, hooks_of, reseed, slices, think
from pyengine.games.chinatown import scoring as chinatown_scoring
from pyengine.games.chinatown import search as chinatown_search
from pyengine.games.chinatown.moves import Decline, Offer

GAMES = ["manhattan", "newyork1901", "chinatown", "brussels1893"]
# Iterations per decision in these tests: enough for the tree to grow a few levels.
BUDGET = {"manhattan": 30, "newyork1901": 10, "chinatown": 10, "brussels1893": 10}


def small(game: Game, level: str, iterations: int = 12) -> type:
    """The level's bot class with a tiny iteration budget and no clock."""
    base = game.bots()[level]
    return type(f"Small{base.__name__}", (base,), {"iterations": iterations, "max_ms": None})


def positions(name: str, players: int, seed: int, every: int = 9, options: dict | None = None) -> list[State]:
    """States along one game played by the game's cheap bots (fresh copies)."""
    return copy_state(_positions(name, players, seed, tuple(sorted((options or {}).items())))[::every])


@cache
def _positions(name: str, players: int, seed: int, options: tuple) -> list[State]:
    game = pyengine.load_game(name)
    table = game.bots()
    cheap = "trader" if "trader" in table else "greedy"
    bots = [table[cheap if p % 2 else "random"](seed * 10 + p) for p in range(players)]
    state = game.new_game(players, seed, dict(options))
    out = []
    while not game.is_over(state):
        out.append(state)
        p = game.to_move(state)[0]
        state = game.apply(state, bots[p].choose(game, game.view(state, p), p))
    return out


# ---- determinize ----------------------------------------------------------------------
@pytest.mark.parametrize(
    "name,players,options",
    [
        ("manhattan", 4, {}),
        ("manhattan", 2, {"two_colour": True}),
        ("manhattan", 3, {"godzilla": "full"}),
        ("newyork1901", 3, {}),
        ("newyork1901", 2, {"expert": True}),
        ("chinatown", 4, {}),
        ("chinatown", 3, {"edition": "zman"}),
        ("chinatown", 5, {}),
        ("brussels1893", 4, {}),
        ("brussels1893", 5, {"belle_epoque": True}),
        ("brussels1893", 2, {"variant": True}),
    ],
)
def test_determinize_gives_a_full_state_whose_view_is_the_given_view(name, players, options) -> None:
    game = pyengine.load_game(name)
    resampled = 0
    for state in positions(name, players, 5, every=5, options=options):
        p = game.to_move(state)[0]
        view = game.view(state, p)
        first, r = hooks_of(game).determinize(view, p, rng.seed_state(1))
        second, _ = hooks_of(game).determinize(view, p, r)
        for det in (first, second):
            assert "viewer" not in det
            assert game.view(det, p) == view
            # A real state: its moves can be applied and the game goes on from it.
            moves = game.legal_moves(det)
            assert moves and game.apply(det, moves[0])
        resampled += first != second
    assert resampled, "determinize never changed what the view hides"


def test_manhattan_determinize_deals_exactly_the_unseen_cards() -> None:
    game = pyengine.load_game("manhattan")
    for state in positions("manhattan", 4, 3, every=11):
        p = game.to_move(state)[0]
        det, _ = hooks_of(game).determinize(game.view(state, p), p, 99)
        everything = sorted(det["deck"] + det["discard"] + [c for hand in det["hands"] for c in hand])
        assert everything == sorted(list(range(1, 10)) * 5)
        assert det["hands"][p] == state["hands"][p]
        assert [len(h) for h in det["hands"]] == [len(h) for h in state["hands"]]


def test_newyork_determinize_keeps_the_deck_composition() -> None:
    game = pyengine.load_game("newyork1901")
    for state in positions("newyork1901", 3, 5, every=7):
        det, _ = hooks_of(game).determinize(game.view(state, 0), 0, 7)
        assert sorted(map(tuple, det["deck"])) == sorted(map(tuple, state["deck"]))


def test_chinatown_money_estimate_uses_only_public_amounts() -> None:
    game = pyengine.load_game("chinatown")
    for state in positions("chinatown", 4, 5, every=6):
        if state["phase"] == "over":
            continue
        p = game.to_move(state)[0]
        view = game.view(state, p)
        est = chinatown_search.estimated_money(view, p)
        assert est[p] == state["money"][p]
        assert all(m >= 0 and m % chinatown_search.rules.unit(view) == 0 for m in est)
        # The estimate is a function of the view: changing hidden money changes nothing.
        other = copy_state(state)
        other["money"] = [m + 3000 if q != p else m for q, m in enumerate(other["money"])]
        assert chinatown_search.estimated_money(game.view(other, p), p) == est


# ---- evaluate and ordering --------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
def test_evaluate_gives_each_player_a_value_in_0_1(name) -> None:
    game = pyengine.load_game(name)
    hooks = hooks_of(game)
    assert hooks.evaluate is not None and hooks.ordering is not None  # every game has its own
    for state in positions(name, 3, 5, every=13):
        values = hooks.values(game, state)
        assert len(values) == 3 and all(0 <= v <= 1 for v in values)
        assert sum(values) == pytest.approx(1)
        moves = game.legal_moves(state)
        priors = hooks.ordering(state, moves)
        assert len(priors) == len(moves) and all(isinstance(x, (int, float)) for x in priors)


def test_chinatown_evaluation_sees_a_tile_held_back_miss_this_rounds_income() -> None:
    """Saying done with a placeable tile in hand must look worse than placing it: the
    tile earns nothing this round. (The evaluation once placed every hand tile for the
    whole round whoever had finished, so done looked as good as any placement and a
    longer search drifted to it.)"""
    game = pyengine.load_game("chinatown")
    checked = 0
    for state in positions("chinatown", 4, 3, every=1):
        if state["phase"] != "place" or state["round"] > 4:
            continue
        p = game.to_move(state)[0]
        moves = game.legal_moves(state)
        done = next(m for m in moves if str(m) == "done")
        after_place = max(chinatown_search.projected(game.apply(state, m))[p] for m in moves if m is not done)
        assert chinatown_search.projected(game.apply(state, done))[p] < after_place
        checked += 1
    assert checked >= 5


def test_chinatown_evaluation_counts_the_outlook_bonuses_to_come_as_the_rules_pay_them() -> None:
    """Every outlook card still to come pays, with its round's income, what the rules'
    income (scoring.income) says for the board as it stands."""
    game = pyengine.load_game("chinatown")
    paying = 0
    for state in positions("chinatown", 3, 5, every=3):
        due = chinatown_search.outlook_due(state)
        want = [0] * state["players"]
        for card in state["outlook"]:
            want = [a + b for a, b in zip(want, chinatown_scoring.income(state, card, 1)["outlook"])]
        assert due == want
        paying += any(due)
    assert paying
    # Z-Man has no outlook cards: nothing is due.
    state = game.new_game(3, 1, {"edition": "zman"})
    assert not state["outlook"] and chinatown_search.outlook_due(state) == [0, 0, 0]


def test_chinatown_evaluation_counts_kept_lots_before_they_are_revealed() -> None:
    """Lots are claimed only once everyone has kept. Without counting kept lots as
    claimed, every keep would look alike to the evaluation until the last player chose."""
    game = pyengine.load_game("chinatown")
    distinct = 0
    for state in positions("chinatown", 4, 3, every=1):
        if state["phase"] != "keep":
            continue
        p = game.to_move(state)[0]
        values = set()
        for m in game.legal_moves(state):
            after = game.apply(state, m)
            claimed = copy_state(after)
            for lot in m.lots:
                claimed["owner"][lot] = p
            claimed["kept"] = [[] for _ in claimed["kept"]]
            value = chinatown_search.projected(after)[p]
            assert value == chinatown_search.projected(claimed)[p]
            values.add(value)
        distinct += len(values) > 1
    assert distinct >= 5


def test_default_hooks_make_the_search_run_on_a_game_without_its_own() -> None:
    """A game that supplies no hooks still gets a working (weak) search: the default
    evaluation is a softmax of the scores and the default determinisation reseeds
    (right only for a game whose view hides nothing but the generator)."""
    game = pyengine.load_game("manhattan")
    state = positions("manhattan", 2, 1, every=30)[2]
    hooks = SearchHooks()
    values = hooks.values(game, state)
    leader = max(range(2), key=lambda p: state["scores"][p])
    assert values[leader] == max(values) and sum(values) == pytest.approx(1)
    assert hooks.determinize is reseed
    det, r = hooks.determinize(game.view(state, 0), 0, 5)
    assert det["rng"] != 0 and r != 5 and "viewer" not in det
    assert hooks.ordering is None and hooks.rival_randomness is None


# ---- the search -------------------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
def test_search_is_repeatable_for_a_seed_and_an_iteration_budget(name) -> None:
    game = pyengine.load_game(name)
    bot = small(game, "normal", BUDGET[name])
    tried = 0
    for state in positions(name, 3, 5, every=17)[1:5]:
        p = game.to_move(state)[0]
        view = game.view(state, p)
        a, b = bot(11), bot(11)
        assert a.choose(game, view, p) == b.choose(game, copy_state(view), p)
        assert {k: v for k, v in a.stats.items() if k != "ms"} == {k: v for k, v in b.stats.items() if k != "ms"}
        tried += not a.stats.get("forced")
    assert tried


def hide_differently(name: str, state: State, p: int) -> State:
    """The same position with everything `p` may not see changed."""
    other = copy_state(state)
    other["rng"] = (state["rng"] + 12345) % 2**64
    if name == "manhattan":
        q = (p + 1) % state["players"]
        k = min(len(other["hands"][q]), len(other["deck"]))
        other["hands"][q][:k], other["deck"][:k] = other["deck"][:k], other["hands"][q][:k]
        other["deck"].reverse()
    elif name == "newyork1901":
        other["deck"].reverse()
    elif name == "brussels1893":
        for deck in ("noble_deck", "prestige_deck", "stock_deck", "be_cross"):
            other[deck].reverse()
        cards = [c for pl in other["pl"] for c in pl["pass_cards"]] + other["prestige_deck"]
        cards.reverse()
        for pl in other["pl"]:
            k = len(pl["pass_cards"])
            pl["pass_cards"], cards = cards[:k], cards[k:]
        other["prestige_deck"] = cards
    else:
        other["deck"].reverse()
        other["bag"].reverse()
        other["outlook"].reverse()
        for q in range(state["players"]):
            if q != p and other["phase"] != "over":
                other["money"][q] += 2000
                other["trade_net"][q] += 2000
            if q != p and other["dealt"][q] and not other["kept"][q] and len(other["deck"]) >= len(other["dealt"][q]):
                k = len(other["dealt"][q])
                other["dealt"][q], other["deck"][:k] = sorted(other["deck"][:k]), other["dealt"][q]
    return other


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("level", ["easy", "normal"])
def test_a_bot_decides_the_same_whatever_it_cannot_see(name, level) -> None:
    game = pyengine.load_game(name)
    bot = small(game, level, BUDGET[name])
    tried = 0
    for state in positions(name, 3, 5, every=7)[1:7]:
        p = game.to_move(state)[0]
        other = hide_differently(name, state, p)
        assert other != state
        a = bot(5).choose(game, game.view(state, p), p)
        b = bot(5).choose(game, game.view(other, p), p)
        assert a == b
        assert game.is_legal(state, a)
        tried += 1
    assert tried >= 5


def test_the_search_never_sees_the_true_state() -> None:
    """Every state the search hands to the engine is a determinisation of the view
    (hidden cards resampled), never the true state."""
    game = pyengine.load_game("manhattan")
    state = positions("manhattan", 4, 3, every=40)[2]
    p = game.to_move(state)[0]
    seen: list[State] = []
    hooks = hooks_of(game)

    def spy(s: State) -> list[float]:
        seen.append(s)
        return hooks.values(game, s)

    level = small(game, "normal", 30)
    type("Spied", (level,), {"hooks": replace(hooks, evaluate=spy)})(1).choose(game, game.view(state, p), p)
    assert seen
    hidden = [q for q in range(4) if q != p]
    assert any(s["hands"][q] != state["hands"][q] for s in seen for q in hidden)


def test_thinking_yields_progress_and_returns_the_chosen_move() -> None:
    game = pyengine.load_game("manhattan")
    state = positions("manhattan", 4, 3, every=40)[2]
    p = game.to_move(state)[0]
    view = game.view(state, p)
    cls = type("Sliced", (small(game, "normal", 60),), {"slice_ms": 0.0})
    progress, move = slices(think(cls(3), game, view, p))
    assert len(progress) >= 10 and progress == sorted(progress) and 0 < progress[-1] <= 1
    assert move == cls(3).choose(game, view, p)
    # A bot without think() answers at once through the same helper.
    thinking = think(RandomBot(1), game, view, p)
    with pytest.raises(StopIteration):
        next(thinking)


def test_a_forced_move_needs_no_search() -> None:
    game = pyengine.load_game("manhattan")
    state = game.new_game(2, 1)
    while len(game.legal_moves(state)) != 1:
        state = game.apply(state, game.legal_moves(state)[-1])
    bot = game.bots()["hard"](1)
    assert bot.choose(game, game.view(state, state["turn"]), state["turn"]) == game.legal_moves(state)[0]
    assert bot.stats == {"iterations": 0, "forced": True}


def test_the_clock_caps_a_decision() -> None:
    game = pyengine.load_game("manhattan")
    state = positions("manhattan", 4, 3, every=40)[2]
    p = game.to_move(state)[0]
    cls = type("Timed", (SearchBot,), {"iterations": 10**9, "max_ms": 50.0, "hooks": hooks_of(game)})
    bot = cls(1)
    assert game.is_legal(state, bot.choose(game, game.view(state, p), p))
    assert bot.stats["capped"] and 0 < bot.stats["iterations"] < 10**9


def test_a_phase_can_have_its_own_budget() -> None:
    game = pyengine.load_game("manhattan")
    state = positions("manhattan", 4, 3, every=40)[2]
    p = game.to_move(state)[0]
    phase = game.phase(state)
    base = type("Plain", (SearchBot,), {"iterations": 30, "max_ms": None, "hooks": hooks_of(game)})
    bot = type("Phased", (base,), {"phase_iterations": {phase: 7}})(1)
    bot.choose(game, game.view(state, p), p)
    assert bot.stats["iterations"] == 7 and not bot.stats["capped"]
    other = type("Other", (base,), {"phase_iterations": {"no such phase": 7}})(1)
    other.choose(game, game.view(state, p), p)
    assert other.stats["iterations"] == 30


def test_a_rival_read_as_playing_at_random_moves_at_random_in_the_tree() -> None:
    game = pyengine.load_game("manhattan")
    state = next(s for s in positions("manhattan", 4, 3, every=5) if game.phase(s) == "build")
    p = game.to_move(state)[0]
    view = game.view(state, p)
    asked = []

    def search(share: float, model: bool = True) -> tuple[float, Any]:
        def hook(v, player):
            asked.append(player)
            return [0.0 if q == player else share for q in range(4)]

        hooks = replace(hooks_of(game), rival_randomness=hook)
        bot = type("Modelled", (SearchBot,), {"iterations": 300, "max_ms": None, "rival_model": model, "hooks": hooks})(
            4
        )
        root = _Node()
        bot._random_share = hook(view, p) if model else None
        for _ in range(bot.iterations):
            bot._iterate(game, view, p, root, True)
        # How many iterations reached our own next decision (three rival moves later).
        level = [root]
        for _ in range(4):
            level = [c for n in level for c in n.children.values() if c.visits]
        # Two fresh bots of one seed choose alike (`bot` has drawn from its generator above).
        return sum(c.visits for c in level) / root.visits, (
            type(bot)(4).choose(game, view, p),
            type(bot)(4).choose(game, view, p),
        )

    asked.clear()
    _, (move, same) = search(0.0, model=False)
    assert asked == [] and move == same  # without the setting the game is never asked
    sensible, _ = search(0.0)
    at_random, (move, same) = search(1.0)
    assert asked and move == same
    # Each reply of a rival who plays well is a node to expand and judge, so few
    # iterations get past the three rivals; a rival who plays at random is only
    # followed, and nearly every iteration goes on to our next decision.
    assert at_random > 0.8 and sensible < 0.2


def _chinatown_trade_turn() -> tuple[Game, State, int]:
    game = pyengine.load_game("chinatown")
    for state in positions("chinatown", 3, 2, every=1):
        p = game.to_move(state)[0]
        if state["phase"] == "trade" and not state["offer"] and chinatown_search.root_offers(game.view(state, p), p, 5):
            return game, state, p
    raise AssertionError("no trade turn with a priced offer")


def test_a_modelled_rival_reply_is_followed_in_the_tree() -> None:
    game, state, p = _chinatown_trade_turn()
    view = game.view(state, p)
    asked = []

    def reply(s: State, mover: int):
        asked.append(mover)
        return Decline() if s["offer"] else None  # every offer is declined, nothing else modelled

    hooks = replace(hooks_of(game), rival_reply=reply)
    for setting in (0, 1):
        asked.clear()
        bot = type(
            "Replies", (SearchBot,), {"iterations": 200, "max_ms": None, "hooks": hooks, "rival_replies": setting}
        )(2)
        root = _Node()
        for _ in range(bot.iterations):
            bot._iterate(game, view, p, root, True)
        answers = [n for m, c in root.children.items() if isinstance(m, Offer) and c.visits for n in c.children.items()]
        assert answers  # some offers were searched
        if not setting:
            assert asked == []  # without the setting the hook is never asked
            continue
        assert asked and p not in asked  # only rivals are modelled
        # Under every offer the rival's answer is the modelled one only.
        assert all(m == Decline() for m, _ in answers)


def test_a_level_searches_the_games_extra_root_moves() -> None:
    game, state, p = _chinatown_trade_turn()
    view = game.view(state, p)
    asked = []

    def extra(v: State, player: int, limit: int) -> list:
        asked.append(limit)
        return chinatown_search.root_offers(v, player, limit)

    hooks = replace(hooks_of(game), root_moves=extra)
    base = type("Extra", (SearchBot,), {"iterations": 120, "max_ms": None, "hooks": hooks, "rival_replies": 1})
    plain = type("Plain", (base,), {"root_moves": 0})(5)
    plain.choose(game, view, p)
    assert asked == []
    bot = type("Rooted", (base,), {"root_moves": 3})(5)
    root = _Node()
    bot._root_extra = extra(view, p, 3)
    for _ in range(bot.iterations):
        bot._iterate(game, view, p, root, True)
    offered = set(bot._root_extra)
    assert offered and not offered & set(game.legal_moves(view))  # moves the list leaves out
    assert all(root.children[m].visits for m in offered)  # every one searched
    asked.clear()
    move = bot.choose(game, view, p)
    assert asked == [3] and game.is_legal(state, move)  # asked once a decision, for the root


def test_a_level_can_score_leaves_with_its_own_evaluation() -> None:
    game = pyengine.load_game("manhattan")
    state = positions("manhattan", 4, 3, every=40)[2]
    p = game.to_move(state)[0]
    seen = []

    def own(leaf: State) -> list[float]:
        seen.append(leaf)
        # Everyone but the bot wins: the leaf values come from here, not the game's hooks.
        return [0.0 if q == p else 1.0 for q in range(leaf["players"])]

    base = type("Plain", (SearchBot,), {"iterations": 20, "max_ms": None, "playout_moves": 0, "hooks": hooks_of(game)})
    bot = type("Own", (base,), {"hooks": replace(hooks_of(game), evaluate=own)})(1)
    bot.choose(game, game.view(state, p), p)
    assert len(seen) == 20
    assert all(mean == 0.0 for _, mean in bot.stats["visits"].values())
    plain = base(1)
    plain.choose(game, game.view(state, p), p)
    assert any(mean > 0.0 for _, mean in plain.stats["visits"].values())


# ---- levels ---------------------------------------------------------------------------------
def test_levels_are_in_the_lobby() -> None:
    for name in GAMES:
        table = pyengine.load_game(name).bots()
        assert {"easy", "normal", "hard"} <= set(table)
        assert table["normal"].iterations < table["hard"].iterations


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3)])
def test_every_manhattan_level_finishes_whole_games(level, players, seed) -> None:
    game = pyengine.load_game("manhattan")
    table = game.bots()
    mine = small(game, level, 6)
    bots: list[Any] = [mine(seed * 10 + p) if p % 2 == 0 else table["greedy"](p) for p in range(players)]
    state = game.new_game(players, seed)
    while not game.is_over(state):
        p = game.to_move(state)[0]
        state = game.apply(state, bots[p].choose(game, game.view(state, p), p))  # apply checks legality
    assert game.winners(state)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
@pytest.mark.parametrize(
    "name,players,seed",
    [
        ("newyork1901", 2, 2),
        ("newyork1901", 4, 3),
        ("chinatown", 3, 2),
        ("chinatown", 5, 3),
        ("brussels1893", 3, 2),
        ("brussels1893", 4, 3),
    ],
)
def test_every_level_of_the_other_games_finishes_a_game(name, players, seed, level) -> None:
    game = pyengine.load_game(name)
    mine = small(game, level, 3)
    bots = [mine(seed * 10 + p) for p in range(players)]
    state = game.new_game(players, seed)
    while not game.is_over(state):
        p = game.to_move(state)[0]
        state = game.apply(state, bots[p].choose(game, game.view(state, p), p))
    assert game.winners(state)


@pytest.mark.parametrize(
    "players,options", [(4, {}), (2, {"two_colour": True}), (3, {"tallest_tie_same_owner": False})]
)
def test_manhattan_priors_score_a_build_as_the_round_scoring_would(players, options) -> None:
    """The priors compute a build's effect on this round's scoring from the board alone;
    they must agree with scoring.score_round on the board after the build."""
    from pyengine.games.manhattan import bots as manhattan_bots
    from pyengine.games.manhattan import rules, scoring
    from pyengine.games.manhattan.moves import Build

    game = pyengine.load_game("manhattan")
    checked = 0
    for state in positions("manhattan", players, 4, every=3, options=options):
        if state["phase"] != "build":
            continue
        board = manhattan_bots.RoundBoard(state)
        assert board.rows == [row["total"] for row in scoring.score_round(state)]
        p = state["turn"]
        for move in game.legal_moves(state)[::3]:
            if not isinstance(move, Build):
                continue
            after = copy_state(state)
            colour = rules.player_colours(state, p)[0] if move.colour is None else move.colour
            lot = rules.target_lot(state, p, move.card, move.city)
            after["board"][lot].append([colour, move.storeys])
            want = [row["total"] for row in scoring.score_round(after)]
            assert (
                board.after(manhattan_bots.CARD_LOTS[state["seats"][p]][move.card][move.city], p, move.storeys) == want
            )
            checked += 1
    assert checked > 50


def test_newyork_determinize_after_a_start_lot_was_given_back() -> None:
    """A start lot's card goes under the deck when a stuck player gives it back; the
    deck's public composition must then include it (it once raised instead)."""
    from pyengine.games.newyork1901 import rules as ny_rules
    from pyengine.games.newyork1901 import search as ny_search

    game = pyengine.load_game("newyork1901")
    state = game.new_game(2, 3)
    start = next(lot for lot in state["owner"])  # a start lot, held since setup
    owner = state["owner"].pop(start)
    state["deck"].append(list(ny_rules.lot_kind(start)))
    view = game.view(state, owner)
    det, _ = hooks_of(game).determinize(view, owner, 5)
    assert sorted(map(tuple, det["deck"])) == sorted(map(tuple, state["deck"]))
    assert list(ny_rules.lot_kind(start)) in ny_search.deck_composition(view)


def test_newyork_land_nothing_fits_on_is_worth_nothing_to_the_search() -> None:
    """Unbuildable land valued as land made the search acquire and give back such lots
    forever; the projection counts land only where a skyscraper of the player fits."""
    from pyengine.games.newyork1901 import search as ny_search

    lowered = 0
    for state in positions("newyork1901", 3, 5, every=4):
        for p in range(state["players"]):
            before = ny_search.projected(state)
            nothing = copy_state(state)
            nothing["supply"][p], nothing["legends"] = [], []
            after = ny_search.projected(nothing)
            assert after[p] <= before[p] and after[:p] + after[p + 1 :] == before[:p] + before[p + 1 :]
            lowered += after[p] < before[p]
    assert lowered, "no position had land a skyscraper fits on"
