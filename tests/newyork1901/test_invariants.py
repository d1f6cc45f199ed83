"""Whole random games under every option: the board stays a legal New York 1901 position
after every move (the rules' invariants, checked with the test's own code)."""
from __future__ import annotations

from collections import Counter

import pytest

from pyengine.games.newyork1901.data import LOT_AT, LOTS, LOTS_BY_ID, OFFSETS, TILE_BY_ID, anchored

from .helpers import G, random_game

OPTION_SETS = [
    (2, 11, {}),
    (3, 12, {"expert": True, "challenge": "gold_prestige"}),
    (4, 13, {"market_refill": "acquire", "land_grab_workers": "1", "challenge": "gold_prestige"}),
    (3, 14, {"action_cards": False, "streets": "beginner", "challenge": "none"}),
    (4, 15, {"land_grab_workers": "1"}),
]


def check_position(s):
    n = s["players"]
    covered = {}
    for t in s["tiles"]:
        cells = [tuple(c) for c in t["cells"]]
        tile = TILE_BY_ID[t["id"]]
        assert len(cells) == tile.squares
        if t["id"] != "START":
            anchor = min(cells, key=lambda c: (c[1], c[0]))
            assert any(frozenset(cells) == anchored(t["id"], r, *anchor) for r in range(len(OFFSETS[t["id"]])))
        for c in cells:
            assert c not in covered, "overlapping skyscrapers"
            covered[c] = t["player"]
            assert s["owner"].get(LOT_AT[c]) == t["player"], "a skyscraper outside its owner's estate"
    for lot, p in s["owner"].items():
        built = any(covered.get(c) == p for c in LOTS_BY_ID[lot].cells)
        held = s["workers"].get(lot) == p
        assert built != held, f"lot {lot}: must be built on in part or hold a worker, not both/neither"
    assert all(Counter(s["workers"].values())[p] <= 4 for p in range(n))
    for p in range(n):
        mine = [t["id"] for t in s["tiles"] if t["player"] == p and t["id"] not in ("START",)
                and not t["id"].startswith("L")]
        assert not set(mine) & set(s["supply"][p])
        assert len(set(mine)) == len(mine)
    kings = [k for k in s["king"] if k]
    assert len(kings) == len(set(kings))
    assert sorted(kings + s["legends"]) == ["L1", "L2", "L3", "L4"]
    # Lot cards: deck + market + the cards of owned lots = every card in play. A start
    # lot's card is held from setup (on the character card), so a start lot given back
    # by a stuck player sends its card under the deck like any other.
    live = [l for l in LOTS if s["players"] > 2 or l.district != "pink"]
    held = Counter((LOTS_BY_ID[l].district, LOTS_BY_ID[l].size) for l in s["owner"])
    cards = Counter(map(tuple, s["deck"] + s["market"])) + held
    assert cards == Counter((l.district, l.size) for l in live)
    if s["phase"] == "play":
        assert len(s["market"]) <= 4
        for p in range(n):
            assert s["scores"][p] == s["built"][p] + s["prestige"][p]


@pytest.mark.parametrize("players,seed,options", OPTION_SETS)
def test_random_games_keep_every_invariant(players, seed, options):
    res = random_game(players, seed, options, keep_states=True)
    for s in res["states"] + [res["state"]]:
        check_position(s)
    end = res["state"]
    assert G.is_over(end)
    f = end["final"]
    for p in range(players):
        assert end["scores"][p] == end["built"][p] + end["prestige"][p] + f["streets"][p] + f["challenge"][p] \
            + f["cards"][p]
