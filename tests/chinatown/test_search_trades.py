"""The search levels' trading (search.py): the offers they add at the root are legal and
priced at exactly what the trader's answer accepts, and in the tree a rival answers an
offer as the trader would (docs/bots.md, Chinatown)."""

from __future__ import annotations

import pyengine
from pyengine.core.game import IllegalMove, copy_state
from pyengine.games.chinatown import rules
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
