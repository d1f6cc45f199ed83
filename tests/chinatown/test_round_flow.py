"""Setup, phase 1 (land cards), phase 2 (tiles), the round's order and the end."""

from __future__ import annotations

import pytest

from pyengine.games.chinatown import data

from .helpers import G, assert_rejected, finish_round_keeping_first, new_game, play, position


@pytest.mark.parametrize("edition,money", [("alea", 5000), ("zman", 50000)])
def test_setup(edition, money):
    s = new_game(4, 3, {"edition": edition})
    assert s["money"] == [money] * 4
    assert s["round"] == 1 and s["start"] == 0 and s["phase"] == "keep" and s["turn"] == 0
    assert all(p < 0 for p in s["owner"][1:]) and all(t < 0 for t in s["tile"][1:])
    assert len(s["bag"]) == 90 and sorted(s["bag"]) == sorted(
        t for t, k in enumerate(data.TILE_COUNTS) for _ in range(k)
    )
    dealt = sum(len(h) for h in s["dealt"])
    assert len(s["deck"]) + dealt == 85
    assert len(s["outlook"]) == (6 if edition == "alea" else 0)
    assert len(set(s["outlook"])) == len(s["outlook"])  # 6 distinct cards of the 9


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_round_deals_and_keeps_the_table_counts(players):
    """SEED table: land cards dealt and kept, tiles dealt, for every round and player count."""
    s = new_game(players, 7)
    for r, (dealt, keep, tiles) in enumerate(data.DEAL[players], 1):
        assert s["round"] == r and s["phase"] == "keep"
        assert [len(h) for h in s["dealt"]] == [dealt] * players
        owned = [s["owner"][1:].count(p) for p in range(players)]
        hands = [sum(h) for h in s["hands"]]
        # Everyone keeps: exactly `keep` cards, checked against every other count.
        for _ in range(players):
            p = s["turn"]
            assert all(len(m.lots) == keep for m in G.legal_moves(s))
            too_many = "keep " + " ".join(map(str, s["dealt"][p][: keep + 1]))
            assert_rejected(s, too_many, "Land cards")
            s = G.apply(s, G.legal_moves(s)[0])
        assert s["phase"] == "trade"
        assert [s["owner"][1:].count(p) - owned[p] for p in range(players)] == [keep] * players
        assert [sum(h) - hands[p] for p, h in enumerate(s["hands"])] == [tiles] * players
        while s["phase"] != "keep" and s["phase"] != "over":
            s = G.apply(s, "done")  # no trades, no tiles placed
    assert s["phase"] == "over" and s["round"] == 6


def test_kept_cards_are_claimed_and_leave_the_game_discards_return_to_the_deck():
    s = new_game(3, 11)
    hands = [list(h) for h in s["dealt"]]
    deck_before = len(s["deck"])
    for p in range(3):
        s = G.apply(s, "keep " + " ".join(map(str, hands[p][:5])))
    for p in range(3):
        assert all(s["owner"][lot] == p for lot in hands[p][:5])
        assert all(s["owner"][lot] == -1 for lot in hands[p][5:])
        assert all(lot in s["deck"] for lot in hands[p][5:])  # discards back in the deck
        assert not any(lot in s["deck"] for lot in hands[p][:5])  # kept cards are gone
    assert len(s["deck"]) == deck_before + 3 * 2
    assert s["dealt"] == [[], [], []]


def test_choices_stay_hidden_until_everyone_has_kept():
    """Reading 1: in turn order from the start player; nothing is claimed before the last."""
    s = new_game(3, 5)
    first = s["dealt"][0][:5]
    s = G.apply(s, "keep " + " ".join(map(str, first)))
    assert s["turn"] == 1 and s["phase"] == "keep"
    assert all(p < 0 for p in s["owner"][1:])  # nothing revealed yet
    v = G.view(s, 1)
    assert v["kept"][0] == [0] * 5 and v["dealt"][0] == [0] * 7
    assert v["dealt"][1] == s["dealt"][1]
    assert "keep" not in G.describe(new_game(3, 5), G.legal_moves(new_game(3, 5))[0]).split("keeps")[1]


def test_a_card_not_dealt_to_you_cannot_be_kept():
    s = new_game(3, 2)
    other = s["dealt"][1][:5]
    assert_rejected(s, "keep " + " ".join(map(str, other)), "Land cards")
    assert_rejected(s, "place seafood 3", "Phase")
    assert_rejected(s, "done", "Phase")


def test_start_player_passes_to_the_left_each_round():
    s = new_game(4, 9)
    starts = []
    while s["phase"] != "over":
        starts.append(s["start"])
        assert s["turn"] == s["start"]  # the start player keeps first
        s = finish_round_keeping_first(s)
    assert starts == [0, 1, 2, 3, 0, 1]


def test_trading_and_placing_begin_with_the_start_player():
    s = position(3, phase="keep", start=2, turn=2)
    s = new_game(3, 4)
    s["start"] = s["turn"] = 2
    for _ in range(3):
        s = G.apply(s, G.legal_moves(s)[0])
    assert s["phase"] == "trade" and s["turn"] == 2
    s = play(s, "done", "done")
    assert s["turn"] == 1
    s = G.apply(s, "done")
    assert s["phase"] == "place" and s["turn"] == 2  # every player holds tiles and lots now


def test_game_ends_after_round_six_income():
    s = new_game(5, 1)
    for r in range(1, 7):
        assert s["round"] == r
        s = finish_round_keeping_first(s)
    assert G.is_over(s) and G.to_move(s) == () and G.legal_moves(s) == []
    assert len(s["income"]) == 6
    assert_rejected(s, "done", "Game over")
