"""Action cards (ZH p.8 行動牌, FR "Cartes Action") and the market refill timing
(ZH 擴張 vs FR "À la fin de son tour (et uniquement à la fin)")."""

from __future__ import annotations

from collections import Counter

from .helpers import (
    BROWN,
    GREEN,
    G,
    assert_rejected,
    build,
    cells_of,
    free,
    legal_texts,
    play,
    position,
)

MARKET = [("yellow", 2), ("yellow", 2), ("yellow", 3), ("red", 2)]
DECK = [("blue", 2), ("blue", 3), ("red", 3), ("green", 2), ("green", 3), ("red", 2)]


# ---- Construction Boom --------------------------------------------------------------


def boom_position(**kw):
    """Brown holds Y10 (3 squares, worker) and may acquire Y11 or Y13 from the market."""
    workers = {"Y10": BROWN, **kw.pop("workers", {})}
    return position(2, workers=workers, market=MARKET, deck=DECK, **kw)


def test_boom_builds_a_second_skyscraper_on_land_you_hold():
    s = play(boom_position(), "acquire Y11", build("B1", (14, 5), (15, 5)), "boom")
    assert G.phase(s) == "second build" and "boom" not in s["cards"][BROWN]
    s = play(s, build("B3", *cells_of("Y10")))
    assert s["scores"][BROWN] == 5 and s["turn"] == GREEN


def test_boom_only_after_the_first_build():
    s = boom_position()
    err = assert_rejected(s, "boom", "Construction Boom")
    assert "after your first" in str(err)
    s = play(s, "acquire Y11")
    assert_rejected(s, "boom", "Construction Boom")


def test_boom_is_no_second_acquisition():
    s = play(boom_position(), "acquire Y11", build("B1", (14, 5), (15, 5)), "boom")
    err = assert_rejected(s, "acquire Y13", "Construction Boom")
    assert "not a second acquisition" in str(err)


def test_boom_second_build_may_use_the_technology_the_first_build_reached():
    """Reading: the first build's points count at once, so at 4 points a 2-point bronze
    unlocks silver (6) for the Construction Boom build."""
    s = play(boom_position(scores=[4, 0]), "acquire Y11", build("B1", (14, 5), (15, 5)), "boom")
    assert s["scores"][BROWN] == 6
    s = play(s, build("S1", *cells_of("Y10")))
    assert s["scores"][BROWN] == 10


def test_boom_second_build_is_mandatory_once_played():
    s = play(boom_position(), "acquire Y11", build("B1", (14, 5), (15, 5)), "boom")
    err = assert_rejected(s, "end", "Construction Boom")
    assert "second" in str(err)


def test_boom_is_offered_only_when_a_second_build_exists():
    """With no other land, the turn ends right after the first build (Boom is kept)."""
    s = position(2, market=MARKET, deck=DECK)
    s = play(s, "acquire Y11", build("B1", (14, 5), (15, 5)))
    assert s["turn"] == GREEN and "boom" in s["cards"][BROWN]
    # the same check on the position just after the build
    s = position(2, market=MARKET, deck=DECK, tiles=[("B1", BROWN, [(14, 5), (15, 5)])])
    s["did"].update(takes=1, builds=1)
    err = assert_rejected(s, "boom", "Construction Boom")
    assert "nowhere" in str(err)


def test_boom_not_when_the_first_build_left_you_with_4_unbuilt_skyscrapers():
    """ZH: not if the first build left you with only 4 skyscrapers; FR: not if the first
    build triggered the end (the same thing before the final round)."""
    s = boom_position()
    s["supply"][BROWN] = ["B1", "B2", "B3", "S1", "S2"]
    after = play(s, "acquire Y11", build("B1", (14, 5), (15, 5)))
    assert after["turn"] == GREEN and after["end_by"] == BROWN  # Boom was not offered
    s["did"].update(takes=1, builds=1)
    s["supply"][BROWN] = ["B2", "B3", "S1", "S2"]
    s["tiles"].append({"id": "B1", "player": BROWN, "cells": [[14, 5], [15, 5]]})
    s["owner"]["Y11"] = BROWN
    err = assert_rejected(s, "boom", "Construction Boom")
    assert "only 4" in str(err) and "triggers the end" in str(err)
    s["supply"][BROWN].append("S3")  # 5 left: fine
    assert "boom" in legal_texts(s)


def test_boom_in_the_final_round_even_when_the_first_build_leaves_4_unbuilt():
    """Reading (FR over ZH): FR forbids Boom only when the first build "a déclenché la
    fin de la partie"; ZH when it left you with "只剩4座". They differ in the final
    round: green already triggered the end, brown's build triggers nothing, so the
    rule's aim (no building on after triggering the end) does not apply."""
    s = boom_position()
    s["supply"][BROWN] = ["B1", "B2", "B3", "S1", "S2"]
    s["end_by"], s["final_left"] = GREEN, 1  # brown's last turn
    s = play(s, "acquire Y11", build("B1", (14, 5), (15, 5)))
    assert s["turn"] == BROWN and len(s["supply"][BROWN]) == 4  # Boom is offered
    s = play(s, "boom", build("B3", *cells_of("Y10")))
    assert s["built"][BROWN] == 2 + 3 and len(s["supply"][BROWN]) == 3
    assert G.is_over(s) and s["end_by"] == GREEN


def test_boom_second_build_may_not_demolish_but_boom_may_follow_a_demolition():
    """FR: Boom follows a first build made with option 1 or option 2; the second build is
    a plain build (1b), never a second demolition."""
    s = position(
        2,
        scores=[40, 0],
        workers={"Y11": BROWN, "Y12": BROWN},
        market=MARKET,
        deck=DECK,
        tiles=[("B3", BROWN, cells_of("Y10")), ("B1", BROWN, cells_of("Y13"))],
    )
    s = play(s, build("G2", (15, 4), (16, 4), (14, 5), (15, 5)), "boom")  # demolishes the B3
    err = assert_rejected(s, build("S1", (14, 6), (15, 6), (16, 6)), "Demolition")
    assert "whole turn" in str(err)
    s = play(s, build("B2", (16, 5), (16, 6)))
    assert s["scores"][BROWN] == 40 + 6 + 2 and s["turn"] == GREEN


def test_each_action_card_is_used_once():
    s = play(boom_position(), "acquire Y11", build("B1", (14, 5), (15, 5)), "boom", build("B3", *cells_of("Y10")))
    assert s["cards"][BROWN] == ["shift", "grab"]
    # A later turn of brown's, just after a first build: Boom is gone for good.
    s = position(
        2,
        cards={BROWN: ["shift", "grab"]},
        market=MARKET,
        deck=DECK,
        workers={"Y10": BROWN},
        tiles=[("B1", BROWN, [(14, 5), (15, 5)])],
    )
    s["did"].update(takes=1, builds=1)
    err = assert_rejected(s, "boom", "Construction Boom")
    assert "already used" in str(err)
    s = position(2, cards={BROWN: ["boom"]}, market=MARKET, deck=DECK)
    assert "already used" in str(assert_rejected(s, "shift", "Market Shift"))
    assert "already used" in str(assert_rejected(s, "grab", "Land Grab"))


# ---- Market Shift -------------------------------------------------------------------


def test_market_shift_replaces_the_market_with_the_top_4_and_puts_the_old_under_the_deck():
    s = position(2, market=MARKET, deck=DECK)
    s = play(s, "shift")
    assert s["market"] == [list(c) for c in DECK[:4]]
    assert s["deck"][:2] == [list(c) for c in DECK[4:]]
    assert Counter(map(tuple, s["deck"][2:])) == Counter(MARKET)  # shuffled, at the bottom
    assert "shift" not in s["cards"][BROWN]
    s = play(s, "acquire B01")  # from the new market
    assert s["owner"]["B01"] == BROWN


def test_market_shift_only_at_the_start_of_the_turn():
    s = position(2, market=MARKET, deck=DECK)
    after = play(s, "acquire Y11")
    err = assert_rejected(after, "shift", "Market Shift")
    assert "start of your turn" in str(err)
    after = play(s, "grab")
    assert_rejected(after, "shift", "Market Shift")


def test_market_shift_needs_4_cards_in_the_deck():
    s = position(2, market=MARKET, deck=DECK[:3])
    err = assert_rejected(s, "shift", "Market Shift")
    assert "at least 4" in str(err)


def test_market_shift_then_land_grab_in_the_same_turn():
    s = position(2, market=MARKET, deck=[("yellow", 2), ("yellow", 2), ("red", 3), ("red", 3), ("blue", 2)])
    s = play(s, "shift", "grab", "acquire Y11", "acquire Y13")
    assert s["cards"][BROWN] == ["boom"]


# ---- Land Grab ----------------------------------------------------------------------


def test_land_grab_takes_two_2_square_lots():
    s = position(2, market=MARKET, deck=DECK)
    s = play(s, "grab", "acquire Y11", "acquire Y13")
    assert s["workers"] == {"Y11": BROWN, "Y13": BROWN} and free(s, BROWN) == 2
    err = assert_rejected(s, "acquire Y07", "Acquisition")
    assert "already acquired" in str(err)
    s = play(s, build("B5", (14, 5), (15, 5), (14, 6), (15, 6)))
    assert s["scores"][BROWN] == 4 and s["turn"] == GREEN
    assert len(s["market"]) == 4


def test_land_grab_lots_must_be_2_square_lots():
    s = play(position(2, market=MARKET, deck=DECK), "grab")
    err = assert_rejected(s, "acquire Y10", "Land Grab")
    assert "2-square" in str(err)


def test_land_grab_second_lot_is_optional():
    s = play(position(2, market=MARKET, deck=DECK), "grab", "acquire Y11", "end")
    assert s["turn"] == GREEN and s["owner"] == {"Y11": BROWN}


def test_land_grab_not_with_an_empty_deck():
    s = position(2, market=MARKET, deck=[])
    err = assert_rejected(s, "grab", "Land Grab")
    assert "deck is empty" in str(err)


def test_land_grab_needs_a_2_square_lot_in_the_market():
    s = position(2, market=[("yellow", 3)] * 4, deck=DECK)
    assert_rejected(s, "grab", "Land Grab")


def test_land_grab_only_before_acquiring():
    s = play(position(2, market=MARKET, deck=DECK), "acquire Y11")
    assert_rejected(s, "grab", "Land Grab")


def grab_and_demolish_position():
    """Brown (6 points: silver) has a bronze B3 on Y10, a worker on Y13, 3 free workers
    and 2-square yellow lots in the market: a demolition (S1 over the B3) is possible."""
    return position(
        2, scores=[6, 0], workers={"Y13": BROWN}, tiles=[("B3", BROWN, cells_of("Y10"))], market=MARKET, deck=DECK
    )


DEMOLISH_B3 = build("S1", *cells_of("Y10"))


def test_land_grab_commits_the_turn_to_acquiring_no_demolition():
    """ZH: Land Grab gives an extra lot "if you choose to expand this turn"; FR: it lets
    you do action 1a twice. Once it is played the turn is option 1 (acquire, then
    maybe build): a demolish-and-rebuild would waste the card, so it is refused, before
    and after the acquisition."""
    s = grab_and_demolish_position()
    assert DEMOLISH_B3 in legal_texts(s)  # without the card: fine
    s = play(s, "grab")
    err = assert_rejected(s, DEMOLISH_B3, "Land Grab")
    assert "no demolish and rebuild" in str(err)
    assert "acquire Y11" in legal_texts(s) and all(t.startswith("acquire") for t in legal_texts(s))
    s = play(s, "acquire Y11")
    err = assert_rejected(s, DEMOLISH_B3, "Land Grab")
    assert "no demolish and rebuild" in str(err)
    s = play(s, build("B1", (14, 5), (15, 5)))  # a plain build is fine
    assert s["scores"][BROWN] == 8


def test_land_grab_no_build_and_no_end_before_the_first_acquisition():
    s = play(grab_and_demolish_position(), "grab")
    err = assert_rejected(s, build("B1", *cells_of("Y13")), "Land Grab")  # Y13 is held land
    assert "acquire a 2-square lot before" in str(err)
    assert_rejected(s, "end", "Land Grab")
    assert legal_texts(s) and all(t.startswith("acquire") for t in legal_texts(s))


def test_land_grab_not_after_a_demolition():
    s = play(grab_and_demolish_position(), DEMOLISH_B3)
    assert s["turn"] == BROWN  # Boom could follow
    err = assert_rejected(s, "grab", "Land Grab")
    assert "demolish-and-rebuild" in str(err)


def test_land_grab_needs_2_free_workers_by_default():
    """ZH: you take both lots at once, so you need 2 free workers (default)."""
    busy = {"G01": BROWN, "G06": BROWN, "G07": BROWN}
    s = position(2, workers=busy, market=MARKET, deck=DECK)
    err = assert_rejected(s, "grab", "Land Grab")
    assert "2 free workers" in str(err)


def test_land_grab_default_no_build_between_the_two_acquisitions():
    s = position(2, workers={"Y10": BROWN}, market=MARKET, deck=DECK)
    s = play(s, "grab", "acquire Y11", build("B1", (14, 5), (15, 5)))
    assert s["turn"] == BROWN  # Boom is still playable
    err = assert_rejected(s, "acquire Y13", "Turn order")
    assert "before you build" in str(err)


def test_land_grab_one_worker_option_a_build_between_frees_the_worker():
    """FR option: 'au moins 1 Ouvrier'. With one free worker: take a lot, build on it (the
    worker returns), take the second lot. Still one build only."""
    busy = {"G01": BROWN, "G06": BROWN, "G07": BROWN}
    s = position(2, options={"land_grab_workers": "1"}, workers=busy, market=MARKET, deck=DECK)
    s = play(s, "grab", "acquire Y11")
    err = assert_rejected(s, "acquire Y13", "Acquisition")
    assert "no free worker" in str(err)
    s = play(s, build("B1", (14, 5), (15, 5)))
    assert s["turn"] == BROWN and free(s, BROWN) == 1  # a Land Grab lot is still open
    s = play(s, "acquire Y13")
    assert s["workers"]["Y13"] == BROWN
    assert_rejected(s, build("B2", (14, 6), (15, 6)), "Turn order")
    s = play(s, "end")
    assert s["turn"] == GREEN


# ---- market refill timing -----------------------------------------------------------


def test_market_refill_default_is_at_the_end_of_the_turn():
    s = position(2, market=MARKET, deck=DECK, workers={"Y10": BROWN})
    s = play(s, "acquire Y11")
    assert len(s["market"]) == 3
    s = play(s, build("B1", (14, 5), (15, 5)), "boom")
    assert len(s["market"]) == 3  # still not refilled during the turn
    s = play(s, build("B3", *cells_of("Y10")))
    assert len(s["market"]) == 4 and s["market"][-1] == list(DECK[0])


def test_market_refill_option_right_after_acquiring():
    s = position(2, options={"market_refill": "acquire"}, market=MARKET, deck=DECK)
    s = play(s, "acquire Y11")
    assert s["market"][-1] == list(DECK[0]) and len(s["market"]) == 4


def test_market_refill_option_with_land_grab_refills_after_both_lots():
    s = position(2, options={"market_refill": "acquire"}, market=MARKET, deck=DECK)
    s = play(s, "grab", "acquire Y11")
    assert len(s["market"]) == 3
    s = play(s, "acquire Y13")
    assert len(s["market"]) == 4 and s["market"][-2:] == [list(c) for c in DECK[:2]]
