"""The search levels' trading (search.py): the offers they add at the root are legal and
priced at exactly what the trader's answer accepts, and in the tree a rival answers an
offer as the trader would (docs/bots.md, Chinatown)."""

from __future__ import annotations

import math

import pyengine
from pyengine.core.game import IllegalMove, copy_state
from pyengine.games.chinatown import bots, rules
from pyengine.games.chinatown import search as chinatown_search
from pyengine.games.chinatown.bots import answer
from pyengine.games.chinatown.moves import Accept, Bundle, Decline, Offer

G = pyengine.load_game("chinatown")


def trade_turns(players: int, seed: int) -> list[dict]:
    """Every position of a trader/random game in which a player is to make an offer."""
    table = G.bots()
    bots = [table["trader" if p % 2 == 0 else "random"](seed * 10 + p) for p in range(players)]
    state = G.new_game(players, seed, {})
    out = []
    while not G.is_over(state):
        p = G.to_move(state)[0]
        if state["phase"] == "trade" and not state["offer"] and not state["done"][p] and state["offers_left"][p]:
            out.append(copy_state(state))
        state = G.apply(state, bots[p].choose(G, G.view(state, p), p))
    return out


def cheaper(offer: Offer, step: int) -> Offer:
    """The same exchange one money card worse for the receiver."""
    give, get = offer.give, offer.get
    if give.money:
        give = Bundle(give.lots, give.tiles, give.money - step)
    else:
        get = Bundle(get.lots, get.tiles, get.money + step)
    return Offer(offer.to, give, get)


def test_priced_offers_are_legal_and_just_enough_for_the_trader_to_accept() -> None:
    checked = 0
    for seed, players in ((1, 3), (2, 4), (3, 3), (4, 5)):
        for state in trade_turns(players, seed):
            p = state["turn"]
            step = rules.unit(state)
            for offer, score in chinatown_search.priced_offers(G.view(state, p), p):
                assert score == score  # a number, not NaN
                try:
                    rules.check(state, offer)
                except IllegalMove:
                    # Only the offerer's own bounds can fail (money it has, lots it owns
                    # are known to it): the root keeps only the offers that pass.
                    continue
                q = offer.to
                can_pay = offer.get.money <= state["money"][q]
                made = G.apply(state, offer)
                assert answer(G.view(made, q), q) == (Accept() if can_pay else Decline()), str(offer)
                worse = cheaper(offer, step)
                if worse.give.money >= 0:
                    made = G.apply(state, worse)
                    assert answer(G.view(made, q), q) == Decline(), str(worse)
                checked += 1
    assert checked > 50


def test_root_offers_are_legal_and_best_first() -> None:
    seen = 0
    for state in trade_turns(3, 4):
        p = state["turn"]
        view = G.view(state, p)
        offers = chinatown_search.root_offers(view, p, 5)
        assert len(offers) <= 5 and len(set(offers)) == len(offers)
        for offer in offers:
            G.check(state, offer)
        scores = {o: s for o, s in chinatown_search.priced_offers(view, p)}
        assert [scores[o] for o in offers] == sorted((scores[o] for o in offers), reverse=True)
        seen += len(offers)
    assert seen
    # Outside a trade turn there are none.
    state = G.new_game(3, 4, {})
    assert chinatown_search.root_offers(G.view(state, 0), state["turn"], 5) == []


def test_a_rival_answers_an_offer_as_the_trader_does_and_nothing_else_is_modelled() -> None:
    answered = 0
    for state in trade_turns(3, 6)[:12]:
        p = state["turn"]
        assert chinatown_search.rival_reply(state, p) is None  # an offer to make: searched
        for move in G.legal_moves(state):
            if isinstance(move, Offer):
                made = G.apply(state, move)
                q = move.to
                assert chinatown_search.rival_reply(made, q) == answer(made, q)
                assert chinatown_search.rival_reply(made, p) is None  # the offerer waits
                answered += 1
    assert answered


def test_the_search_values_a_tile_it_cannot_place_at_nothing_and_pays_for_lots_with_tiles() -> None:
    """The trader's valuation gives a tile left in hand $400 a round to come; played on,
    such a tile earned about nothing (build_scripts/chinatown_worth.py), so the search's
    own weights (search.OWN) give it nothing, and its offers include a tile for a lot."""
    tile_for_lot = 0
    for seed, players in ((1, 3), (3, 3), (2, 4)):
        for state in trade_turns(players, seed):
            p = state["turn"]
            view = G.view(state, p)
            # No empty lot of p's (those it has are left unowned): a tile more stays in hand.
            owner = [-1 if q == p and t < 0 else q for q, t in zip(view["owner"], view["tile"])]
            more = [h[:] for h in view["hands"]]
            more[p][0] += 1
            own = [bots.worth(view, p, owner, h, chinatown_search.OWN) for h in (view["hands"], more)]
            trader = [bots.worth(view, p, owner, h) for h in (view["hands"], more)]
            assert own[1] == own[0]
            assert trader[1] - trader[0] == bots.SPARE_TILE * (bots.rounds_left(view) - 1) * rules.scale(view)
            for offer, _ in chinatown_search.priced_offers(view, p):
                if offer.get.lots and offer.give.tiles and not offer.give.lots:
                    tile_for_lot += 1
    assert tile_for_lot


def giving_cost(view: dict, p: int, t: int) -> float:
    """What `p` loses, by the search's own weights, by giving one tile of type `t`."""
    less = [h[:] for h in view["hands"]]
    less[p][t] -= 1
    own = chinatown_search.OWN
    return bots.worth(view, p, view["owner"], view["hands"], own) - bots.worth(view, p, view["owner"], less, own)


def test_the_offers_give_the_tiles_their_giver_loses_least_by() -> None:
    checked = 0
    for state in trade_turns(3, 2):
        p = state["turn"]
        view = G.view(state, p)
        mine = bots.worth(view, p, view["owner"], view["hands"], chinatown_search.OWN)
        chosen = chinatown_search.spare_tiles(view, p, mine)
        held = [t for t, k in enumerate(view["hands"][p]) if k]
        assert len(chosen) == min(chinatown_search.GIVE_TYPES, len(held)) and set(chosen) <= set(held)
        worst = max((giving_cost(view, p, t) for t in chosen), default=0)
        assert worst <= min((giving_cost(view, p, t) for t in held if t not in chosen), default=math.inf)
        offers = chinatown_search.priced_offers(view, p)
        given = {rules.type_index(view, shop) for offer, _ in offers for shop, _ in offer.give.tiles}
        assert given <= set(chosen)
        checked += bool(chosen)
    assert checked
