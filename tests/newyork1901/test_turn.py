"""Setup, the turn (ZH 進行遊戲 / 偶發情況, FR "Tour de jeu" / "IMPORTANT"), move texts and
replay."""

from __future__ import annotations

from collections import Counter

import pytest

from pyengine.core.record import replay
from pyengine.games.newyork1901.data import LOTS, START_LOTS, START_TILE

from .helpers import (
    BROWN,
    GREEN,
    G,
    assert_rejected,
    build,
    free,
    legal_texts,
    new_game,
    play,
    position,
    random_game,
    rules,
    state_hash,
)

# ---- setup --------------------------------------------------------------------------


@pytest.mark.parametrize("players,cards", [(2, 52 - 2), (3, 65 - 3), (4, 65 - 4)])
def test_setup_start_buildings_start_cards_and_the_market(players, cards):
    """Each player gets a character, a starting building on its start lot (owned, no
    worker) and that lot's card; the other cards form the deck, 4 face up (§2.4)."""
    s = new_game(players, 7)
    assert len(s["market"]) == 4 and len(s["deck"]) + 4 == cards
    assert len(set(s["characters"])) == players
    for p, colour in enumerate(s["characters"]):
        lot = START_LOTS[colour]
        assert s["owner"][lot] == p
        assert {"id": "START", "player": p, "cells": [list(c) for c in rules.LOTS_BY_ID[lot].cells]} in s["tiles"]
    assert s["workers"] == {} and all(free(s, p) == 4 for p in range(players))
    in_play = Counter(map(tuple, s["deck"] + s["market"]))
    expected = Counter(
        (l.district, l.size)
        for l in LOTS
        if l.district in rules.active_districts(players) and l.id not in {START_LOTS[c] for c in s["characters"]}
    )
    assert in_play == expected
    assert s["supply"] == [[f"{g}{i}" for g in "BSG" for i in range(1, 7)]] * players
    assert s["cards"] == [["boom", "shift", "grab"]] * players
    assert START_TILE.points == 0


def test_characters_are_dealt_at_random():
    dealt = set()
    for seed in range(12):
        dealt.add(tuple(new_game(3, seed)["characters"]))
    assert len(dealt) > 3


def test_two_players_remove_the_pink_district_and_david_schneider():
    for seed in range(10):
        s = new_game(2, seed)
        assert "pink" not in s["characters"]
        assert all(colour != "pink" for colour, _ in s["deck"] + s["market"])
    s = position(2, market=[("pink", 2), ("red", 2), ("red", 2), ("red", 2)])
    assert_rejected(s, "acquire P03", "Two-player game")
    assert not any(t.startswith("acquire P") for t in legal_texts(s))


def test_expert_game_no_start_building_and_every_lot_card_in_the_deck():
    s = new_game(3, 1, {"expert": True})
    assert s["tiles"] == [] and s["owner"] == {} and s["characters"] == [None] * 3
    assert len(s["deck"]) + len(s["market"]) == 65
    assert not any(t.startswith("build") for t in legal_texts(s))


def test_action_cards_off_means_no_cards_and_no_points_for_them():
    s = new_game(2, 1, {"action_cards": False})
    assert s["cards"] == [[], []]
    assert not {"shift", "grab", "boom"} & legal_texts(s)
    err = assert_rejected(s, "shift", "Market Shift")
    assert "without action cards" in str(err)


# ---- acquisition --------------------------------------------------------------------

YELLOW_MARKET = [("yellow", 2), ("yellow", 3), ("red", 2), ("red", 3)]


def test_acquiring_takes_the_matching_card_and_puts_a_worker_on_the_lot():
    s = position(2, market=YELLOW_MARKET, deck=[("blue", 2), ("blue", 3)])
    s = play(s, "acquire Y11")
    assert s["owner"]["Y11"] == BROWN and s["workers"]["Y11"] == BROWN and free(s, BROWN) == 3
    assert s["market"] == [["yellow", 3], ["red", 2], ["red", 3]]  # refilled only at the end
    s = play(s, "end")
    assert s["market"] == [["yellow", 3], ["red", 2], ["red", 3], ["blue", 2]]
    assert s["deck"] == [["blue", 3]] and s["turn"] == GREEN


def test_acquisition_is_mandatory_with_a_free_worker():
    """ZH 注意: with a free worker and no demolition, you must expand. Building first, or
    ending the turn, is refused."""
    s = position(2, workers={"Y10": BROWN}, market=YELLOW_MARKET)
    assert rules.must_acquire(s)
    assert_rejected(s, build("B1", (14, 4), (15, 4)), "Acquisition")
    assert_rejected(s, "end", "Acquisition")
    assert all(t.startswith("acquire") or t in ("shift", "grab") for t in legal_texts(s))


def test_a_lot_owned_by_another_player_cannot_be_acquired():
    s = position(2, workers={"Y11": GREEN, "Y13": BROWN}, starts={GREEN: "Y06"}, market=YELLOW_MARKET)
    err = assert_rejected(s, "acquire Y11", "Acquisition")
    assert "Player 2's" in str(err)
    assert_rejected(s, "acquire Y06", "Acquisition")  # green's start lot
    err = assert_rejected(s, "acquire Y13", "Acquisition")
    assert "yours already" in str(err)


def test_the_market_card_must_match_the_lots_colour_and_size():
    s = position(2, market=YELLOW_MARKET)
    err = assert_rejected(s, "acquire B01", "Acquisition")  # blue 2: no card
    assert "2-square blue" in str(err)
    assert_rejected(s, "acquire G02", "Acquisition")  # green 3: no card
    assert {t for t in legal_texts(s) if t.startswith("acquire")} == {
        f"acquire {l.id}" for l in LOTS if (l.district, l.size) in YELLOW_MARKET
    }


def test_one_acquisition_per_turn_and_acquire_before_building():
    s = position(2, market=YELLOW_MARKET)
    s = play(s, "acquire Y11")
    err = assert_rejected(s, "acquire Y13", "Acquisition")
    assert "already acquired" in str(err)
    s = play(s, build("B1", (14, 5), (15, 5)))
    assert s["turn"] == GREEN  # the turn ended by itself


def test_no_free_worker_build_directly_without_acquiring():
    s = position(2, workers={"Y10": BROWN, "Y11": BROWN, "Y13": BROWN, "B01": BROWN}, market=YELLOW_MARKET)
    err = assert_rejected(s, "acquire Y12", "Acquisition")
    assert "no free worker" in str(err)
    s = play(s, build("B1", (14, 4), (15, 4)))
    assert s["scores"][BROWN] == 2 and free(s, BROWN) == 1


def test_no_free_worker_the_build_is_optional():
    """FR "b (Facultatif)", "il peut effectuer l'action b sans faire l'action a", "il peut
    choisir de construire"; ZH 擴張 "您在當回合可以選擇不要建造": with no free worker the
    player may build, or end the turn without building."""
    s = position(2, workers={"Y10": BROWN, "Y11": BROWN, "Y13": BROWN, "B01": BROWN}, deck=[("blue", 3), ("red", 2)])
    texts = legal_texts(s)
    assert "end" in texts and build("B1", (14, 4), (15, 4)) in texts
    assert not any(t.startswith("return") for t in texts)  # not stuck: a build exists
    assert G.phase(s) == "start" and "end your turn" in G.prompt(s)
    after = play(s, "end")
    assert after["turn"] == GREEN and after["tiles"] == [] and after["workers"] == s["workers"]
    assert after["scores"] == [0, 0]


def test_no_free_worker_and_only_a_demolition_possible_the_player_may_demolish_or_end():
    """A player who can demolish is not stuck (FR/ZH: stuck = no worker and cannot build
    or demolish), so no lot is given back; the demolition is as optional as a build.
    Brown's only bronze left is the 2x2 B5, which fits only over the starting building
    (Y06) and the worker's lot Y07."""
    s = position(2, starts={BROWN: "Y06"}, workers={"Y07": BROWN, "R01": BROWN, "R04": BROWN, "B07": BROWN})
    s["supply"][BROWN] = ["B5"] + [t for t in s["supply"][BROWN] if not t.startswith("B")]
    move = build("B5", (14, 1), (15, 1), (14, 2), (15, 2))
    assert legal_texts(s) == {move, "shift", "end"}
    assert not rules.stuck(s)
    assert play(s, "end")["turn"] == GREEN
    s = play(s, move)
    assert [t["id"] for t in s["tiles"]] == ["B5"] and s["scores"][BROWN] == 4


def test_free_worker_but_no_acquirable_lot_the_build_is_optional_too():
    every_red_3 = {l.id: GREEN for l in LOTS if (l.district, l.size) == ("red", 3)}
    s = position(2, workers={"Y10": BROWN}, owner=every_red_3, market=[("red", 3)] * 4)
    assert free(s, BROWN) == 3 and not rules.acquisitions(s)
    assert "end" in legal_texts(s) and "No lot to acquire" in G.prompt(s)
    assert play(s, "end")["turn"] == GREEN
    s = play(s, build("B1", (14, 4), (15, 4)))
    assert s["scores"][BROWN] == 2


def test_a_player_with_nothing_at_all_to_do_ends_the_turn():
    every_red_3 = {l.id: GREEN for l in LOTS if (l.district, l.size) == ("red", 3)}
    s = position(2, owner=every_red_3, market=[("red", 3)] * 4)
    assert legal_texts(s) == {"end", "shift"}  # Market Shift is still playable
    assert G.prompt(s) == "Nothing to acquire or build: end your turn."
    s = play(s, "end")
    assert s["turn"] == GREEN


# ---- the stuck rule -----------------------------------------------------------------


def stuck_position():
    """Brown's 4 workers hold lots and brown has only silver and gold tiles left at 0
    points: nothing can be built or demolished."""
    s = position(
        2,
        workers={"Y10": BROWN, "Y11": BROWN, "Y13": BROWN, "B01": BROWN},
        deck=[("blue", 3), ("red", 2), ("red", 3), ("green", 2), ("green", 3)],
    )
    s["supply"][BROWN] = [t for t in s["supply"][BROWN] if not t.startswith("B")]
    return s


def test_stuck_no_worker_no_build_the_only_moves_return_a_lot():
    s = stuck_position()
    assert G.phase(s) == "stuck"
    assert legal_texts(s) == {"return Y10", "return Y11", "return Y13", "return B01"}
    assert_rejected(s, "end", "No build possible")


def test_stuck_giving_back_a_lot_is_the_only_move_not_even_market_shift():
    """Regression (rules._check_action, fixed): FR "C'est la seule action que le joueur
    pourra faire": a stuck player could still play Market Shift (reshuffling the market
    for the others) before giving a lot back."""
    s = stuck_position()
    assert "shift" in s["cards"][BROWN] and len(s["deck"]) >= 4
    assert_rejected(s, "shift", "No build possible")


def test_stuck_return_puts_the_card_under_the_deck_frees_the_worker_and_ends_the_turn():
    s = stuck_position()
    s = play(s, "return Y11")
    assert "Y11" not in s["owner"] and "Y11" not in s["workers"] and free(s, BROWN) == 1
    assert s["deck"][-1] == ["yellow", 2]
    assert s["turn"] == GREEN and s["scores"][BROWN] == 0


def test_stuck_a_start_lot_emptied_by_a_demolition_may_be_given_back_with_its_card():
    """The start lot's card was taken at setup (ZH: "拿取一張顏色以及尺寸相符的地契，放在自己
    的角色牌上"), so a start lot left holding a worker after a demolition is given back
    like any other: its card goes under the deck and the lot is free for anyone."""
    s = new_game(2, 3)
    start = START_LOTS[s["characters"][BROWN]]
    s["tiles"] = [t for t in s["tiles"] if t["player"] != BROWN]  # demolished earlier ...
    s["workers"] = {start: BROWN, "Y10": BROWN, "Y11": BROWN, "Y13": BROWN}  # ... leaving a worker
    for lot in s["workers"]:
        s["owner"][lot] = BROWN
    s["supply"][BROWN] = [t for t in s["supply"][BROWN] if not t.startswith("B")]
    assert rules.stuck(s) and f"return {start}" in legal_texts(s)
    s = play(s, f"return {start}")
    assert s["deck"][-1] == [s["characters"][BROWN], 2] and start not in s["owner"]


def test_return_is_refused_when_not_stuck_or_for_a_lot_you_do_not_hold():
    s = stuck_position()
    assert_rejected(s, "return Y12", "No build possible")
    s["supply"][BROWN].append("B1")  # a build is possible again
    assert_rejected(s, "return Y11", "No build possible")
    assert_rejected(position(2), "return Y11", "No build possible")


# ---- automatic end of turn ----------------------------------------------------------


def test_the_turn_ends_by_itself_after_a_build_when_nothing_optional_remains():
    s = position(2, workers={"Y10": BROWN}, market=YELLOW_MARKET, cards={BROWN: []})
    s = play(s, "acquire Y11", build("B1", (14, 4), (15, 4)))
    assert s["turn"] == GREEN


def test_the_turn_waits_after_a_build_while_construction_boom_is_playable():
    s = position(2, workers={"Y10": BROWN}, market=YELLOW_MARKET)
    s = play(s, "acquire Y11", build("B1", (14, 4), (15, 4)))
    assert s["turn"] == BROWN and G.phase(s) == "built"
    assert "boom" in legal_texts(s) and "end" in legal_texts(s)
    s = play(s, "end")
    assert s["turn"] == GREEN


# ---- move texts and replay ----------------------------------------------------------


def test_move_texts_round_trip():
    for text in ("acquire B07", "build S3 rot 1 at 4 9", "shift", "grab", "boom", "end", "return B07"):
        assert str(G.parse_move(text)) == text
    with pytest.raises(rules.IllegalMove, match="Move syntax"):
        G.parse_move("build S3 rot 9 at 4 9")
    with pytest.raises(rules.IllegalMove, match="Move syntax"):
        G.parse_move("acquire Z99")


@pytest.mark.parametrize(
    "players,seed,options",
    [
        (2, 3, {}),
        (3, 4, {"expert": True}),
        (4, 5, {"market_refill": "acquire", "land_grab_workers": "1"}),
    ],
)
def test_a_game_record_replays_to_the_identical_state(players, seed, options):
    res = random_game(players, seed, options)
    assert G.is_over(res["state"])
    game, again = replay(res["record"])
    assert state_hash(again) == state_hash(res["state"])
    # and a prefix replays to the state at that point
    _, half = replay(res["record"], upto=len(res["record"]["moves"]) // 2)
    assert not G.is_over(half)


def test_the_view_hides_only_the_deck_order():
    s = new_game(3, 2)
    v = G.view(s, 1)
    assert v["deck"] == [["hidden", 0]] * len(s["deck"]) and v["market"] == s["market"]
    assert v["tiles"] == s["tiles"] and v["rng"] == 0


def test_seat_names_give_the_character_never_calling_the_player_by_its_colour():
    """The seat's colour is player_colours'; the card's colour only marks its start lot
    (issue 25: one colour per player), so a named character goes without it."""
    s = new_game(4, 1)
    names = {s["characters"][p]: G.seat_name(s, p) for p in range(4)}
    for colour, name in names.items():
        expected = {"pink": "character: David Schneider", "blue": "character: Robert Fletcher"}.get(
            colour, f"character card: {colour}"
        )
        assert name == expected
    assert G.seat_name(new_game(2, 1, {"expert": True}), 0) == ""
