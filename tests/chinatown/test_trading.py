"""Phase 3: offers, answers, what changes hands, what is refused, and how trading ends."""

from __future__ import annotations

import pytest

from pyengine.core.game import IllegalMove, state_hash
from pyengine.games.chinatown.moves import Bundle, Offer

from .helpers import G, assert_rejected, legal_texts, play, position


def trade_position(**kw):
    defaults = dict(
        phase="trade",
        owner={1: 0, 2: 0, 3: 1, 4: 1, 16: 2},
        tiles={2: "seafood", 4: "laundry"},
        hands={0: {"seafood": 2, "tailor": 1}, 1: {"laundry": 1}, 2: {"antiques": 3}},
        money=[5000, 3000, 9000],
    )
    defaults.update(kw)
    return position(3, **defaults)


def test_an_accepted_trade_moves_lots_tiles_and_money_at_once():
    s = trade_position()
    s = G.apply(s, "offer 2 give lot 1 seafood 1 money 2000 get lot 3 laundry 1")
    assert G.to_move(s) == (1,) and G.phase(s) == "answer"
    s = G.apply(s, "accept")
    assert s["owner"][1] == 1 and s["owner"][3] == 0
    assert s["hands"][0][0] == 1 and s["hands"][1][0] == 1  # seafood (type 0) moved
    assert s["hands"][0][5] == 1 and s["hands"][1][5] == 0  # laundry (type 5) moved
    assert s["money"] == [3000, 5000, 9000]
    assert s["trade_net"] == [-2000, 2000, 0]
    assert s["offer"] is None and s["turn"] == 1  # the trade turn passed left


def test_trading_a_lot_with_a_shop_moves_ownership_but_the_tile_stays():
    """SEED: placed tiles never move; only the marker on the lot changes."""
    s = trade_position()
    s = play(s, "offer 2 give lot 2 get money 1000", "accept")
    assert s["owner"][2] == 1 and s["tile"][2] == 0  # Player 2 now owns the Seafood shop on lot 2
    assert s["money"][:2] == [6000, 2000]
    s2 = play(trade_position(), "offer 2 give nothing get lot 4", "accept")
    assert s2["owner"][4] == 0 and s2["tile"][4] == 5  # the Laundry shop is now Player 1's


def test_a_declined_offer_changes_nothing_but_uses_an_offer():
    s = trade_position()
    before = (list(s["owner"]), [list(h) for h in s["hands"]], list(s["money"]))
    s = play(s, "offer 3 give lot 1 get antiques 2", "decline")
    assert (s["owner"], s["hands"], s["money"]) == before
    assert s["offers_left"][0] == 4 and s["trades"][-1][:3] == [0, 2, 0]
    assert s["turn"] == 1


@pytest.mark.parametrize(
    "text,rule",
    [
        ("offer 2 give lot 3 get money 1000", "Trade"),  # lot 3 is Player 2's, not mine
        ("offer 2 give lot 16 get nothing", "Trade"),  # Player 3's lot
        ("offer 2 give lot 50 get nothing", "Trade"),  # nobody's lot
        ("offer 2 give nothing get lot 1", "Trade"),  # my own lot asked from Player 2
        ("offer 2 give nothing get lot 16", "Trade"),  # Player 3's lot asked from Player 2
        ("offer 2 give seafood 3 get nothing", "Trade"),  # I have 2 Seafood
        ("offer 2 give laundry 1 get nothing", "Trade"),  # I have no Laundry
        ("offer 2 give nothing get laundry 2", "Trade"),  # Player 2 has 1 Laundry
        ("offer 2 give money 6000 get lot 3", "Money"),  # I have $5,000
        ("offer 2 give money 1500 get lot 3", "Money"),  # not in whole $1,000 cards
        ("offer 2 give nothing get money 500", "Money"),
        ("offer 1 give lot 1 get nothing", "Trade"),  # myself
        ("offer 4 give lot 1 get nothing", "Trade"),  # no Player 4 in a 3-player game
        ("offer 2 give nothing get nothing", "Trade"),
        ("offer 2 give photo 1 get nothing", "Shop type"),  # a Z-Man shop in the alea edition
    ],
)
def test_illegal_bundles_are_refused(text, rule):
    assert_rejected(trade_position(), text, rule)


def test_gifts_and_requests_are_legal_and_any_legal_offer_is_accepted():
    """Reading 5; and check accepts offers that legal_moves does not list."""
    s = trade_position()
    for text in (
        "offer 3 give tailor 1 get nothing",
        "offer 2 give nothing get laundry 1",
        "offer 3 give lot 1 lot 2 seafood 2 tailor 1 money 5000 get lot 16 antiques 3 money 9000",
    ):
        assert G.is_legal(s, text)
        assert not G.enumerates(G.parse_move(text))
    assert "offer 3 give lot 1 lot 2 seafood 2 tailor 1 money 5000 get lot 16 antiques 3 money 9000" not in legal_texts(
        s
    )


def test_asking_more_money_than_the_receiver_has_is_legal_to_offer_but_cannot_be_accepted():
    """Reading 7: money is secret, so the offerer cannot know; the receiver cannot pay."""
    s = trade_position()
    s = G.apply(s, "offer 2 give lot 1 get money 4000")  # Player 2 has $3,000
    assert legal_texts(s) == {"decline"}
    assert_rejected(s, "accept", "Money")
    s = G.apply(s, "decline")
    assert s["owner"][1] == 0


def test_the_receiver_can_accept_exactly_what_they_have():
    s = play(trade_position(), "offer 2 give lot 1 get money 3000")
    assert legal_texts(s) == {"accept", "decline"}
    s = G.apply(s, "accept")
    assert s["money"][1] == 0


def test_while_an_offer_waits_only_its_receiver_answers():
    s = G.apply(trade_position(), "offer 3 give lot 1 get nothing")
    assert G.to_move(s) == (2,)
    for text, rule in (("done", "Trade"), ("offer 2 give lot 2 get nothing", "Trade"), ("place seafood 1", "Phase")):
        assert_rejected(s, text, rule)
    assert_rejected(trade_position(), "accept", "Trade")
    assert_rejected(trade_position(), "decline", "Trade")


def test_trading_ends_when_every_player_is_done():
    s = trade_position()
    s = play(s, "done")
    assert s["turn"] == 1 and s["phase"] == "trade"
    s = play(s, "offer 1 give nothing get seafood 1", "accept")  # a done player still answers
    assert s["hands"][1][0] == 1 and s["turn"] == 2  # player 1 is done: skipped
    s = play(s, "done")
    assert s["turn"] == 1
    s = play(s, "done")
    assert s["phase"] == "place"


def test_a_done_player_makes_no_more_offers():
    s = play(trade_position(), "done", "done", "offer 1 give antiques 1 get nothing", "decline")
    assert s["turn"] == 2  # only player 3 is still trading
    s["turn"] = 0  # a hand-edited state: player 1 is done
    assert_rejected(s, "offer 2 give lot 1 get nothing", "Trade")


@pytest.mark.parametrize("limit", ["3", "5", "10"])
def test_the_offer_limit_ends_trading(limit):
    """Reading 4: at most `limit` offers per player per round; then the player is done."""
    s = trade_position(options={"offer_limit": limit})
    moves = 0
    while s["phase"] == "trade":
        if s["offer"]:
            s = G.apply(s, "decline")
        else:
            assert s["offers_left"][s["turn"]] > 0
            q = (s["turn"] + 1) % 3
            s = G.apply(s, Offer(q, Bundle(), Bundle(money=1000)))
        moves += 1
    assert moves == 3 * 2 * int(limit)  # every player made every offer, each one answered
    assert s["phase"] == "place"


def test_offers_left_reset_each_round_and_limit_is_enforced():
    s = trade_position(options={"offer_limit": "3"})
    s["offers_left"][0] = 0
    assert_rejected(s, "offer 2 give lot 1 get nothing", "Offer limit")


def test_suggested_offers_are_legal_and_useful():
    s = trade_position(owner={1: 0, 2: 0, 3: 1, 5: 1, 16: 2}, tiles={2: "seafood"})
    offers = [m for m in G.legal_moves(s) if isinstance(m, Offer)]
    assert offers and all(G.is_legal(s, m) for m in offers)
    texts = {str(m) for m in offers}
    # Lot 3 borders my lot 1: buying it, or swapping a spare lot for it, is suggested.
    assert "offer 2 give money 2000 get lot 3" in texts
    assert any(t.startswith("offer 2 give lot ") and t.endswith("get lot 3") for t in texts)


def test_describe_names_what_changes_hands_but_never_the_money():
    s = trade_position()
    text = "offer 2 give lot 1 money 2000 get lot 3"
    said = G.describe(s, G.parse_move(text))
    assert "lot 1 and some money for lot 3" in said and "2,000" not in said
    s = G.apply(s, text)
    said = G.describe(s, G.parse_move("accept"))
    assert "accepts" in said and "2,000" not in said and "some money" in said


def test_view_hides_the_money_of_an_offer_from_third_players():
    s = G.apply(trade_position(), "offer 2 give lot 1 money 2000 get lot 3")
    assert G.view(s, 1)["offer"]["give"]["money"] == 2000
    assert G.view(s, 0)["offer"]["give"]["money"] == 2000
    assert G.view(s, 2)["offer"]["give"]["money"] == -1
    s = G.apply(s, "accept")
    assert G.view(s, 2)["trades"][0][3] == "" and G.view(s, 0)["trades"][0][3].startswith("offer 2")
    assert G.view(s, 2)["money"] == [-1, -1, 9000]


def test_an_illegal_trade_leaves_the_state_untouched():
    s = trade_position()
    before = state_hash(s)
    for text in ("offer 2 give lot 1 get lot 1", "offer 2 give money 99000 get nothing"):
        with pytest.raises(IllegalMove):
            G.apply(s, text)
    assert state_hash(s) == before
