"""Setup, the strips, planning (the try square) and the two-player neutral architects."""

from __future__ import annotations

import pytest

from pyengine.games.brussels1893.data import (
    ACTIVE_CELLS,
    BE_CROSS_CELLS,
    BE_TILES_ON_BOARD,
    CELL_NAMES,
    FLEUR_BY_NAME,
    STOCK,
    active_area,
    cell_id,
)

from .helpers import G, actions, cell, legal, new, play, refused, top
from .invariants import check_invariants


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_setup_gives_5_6_7_8_9_francs_clockwise_from_the_start_player(n):
    s = new(n, seed=7)
    start = s["start"]
    assert [s["pl"][(start + i) % n]["money"] for i in range(n)] == [5, 6, 7, 8, 9][:n]


def test_setup_player_pieces_brugmann_court_and_tracks():
    s = new(4)
    for pl in s["pl"]:
        assert pl["reserve"] == 5 and pl["court"] == 2  # 7 architects, 2 in the court
        assert (pl["fleur"], pl["crown"], pl["level"], pl["score"], pl["built"]) == (1, 1, 1, 0, 0)
        assert list(pl["nobles"]) == ["brugmann"] and not pl["nobles"]["brugmann"]["used"]
        assert pl["board"] == "A"
    check_invariants(s)


def test_setup_decks_display_market_materials_and_compass():
    s = new(4)
    assert len(s["display"]) == 4 and all(s["display"]) and len(s["noble_deck"]) == 21 - 4
    assert not any(c.startswith(("nagelmackers", "privat", "brugmann")) for c in s["noble_deck"] + s["display"])
    assert len(s["stock_deck"]) == 5 and len(s["stock_box"]) == 7
    assert len(s["strip"]) == 5 and len(s["prestige_deck"]) == 25
    assert s["market"] == {"pos": [3, 3], "slots": [None, None]}
    assert s["supply"] == {"wood": 10, "iron": 10, "stone": 10, "glass": 0, "wild": 15}
    assert s["pointers"] == [1, 3]  # wood and stone
    assert s["be"] is None and s["train"] == 0


def test_setup_each_player_chooses_a_non_black_art_tile_in_turn_order():
    s = new(3, seed=4)
    start = s["start"]
    assert top(s) == "startart" and G.to_move(s) == (start,)
    assert legal(s) == {"art yellow", "art blue", "art brown", "art green"}
    s = play(s, "art green")
    assert s["pl"][start]["art"]["green"] == 1 and G.to_move(s) == ((start + 1) % 3,)
    s = play(s, "art green", "art blue")
    assert s["phase"] == "planning" and s["studio"]["green"] == 4


@pytest.mark.parametrize("seed", range(6))
def test_compass_side_strips_put_every_action_once_in_every_column(seed):
    s = new(4, seed=seed)
    for c in range(1, 6):
        assert sorted(s["grid"][cell_id(c, r)] for r in range(1, 6)) == sorted("SVNMB")


def test_two_players_get_a_neutral_architect_each_placed_by_turns_from_the_start_player():
    s = actions(2, square="2-2", neutrals=True)
    assert sum(1 for a in s["arch"] if a == -2) == 2
    t = new(2, seed=3)
    while t["phase"] == "setup":
        t = play(t, sorted(legal(t))[0])
    a, _ = STOCK[t["stock"]][1][2]
    t = play(t, f"square {a}")
    assert top(t) == "neutral" and G.to_move(t) == (t["start"],)
    active = ACTIVE_CELLS[t["square"]]
    assert legal(t) == {f"neutral {CELL_NAMES[c]}" for c in active}
    first = sorted(legal(t))[0]
    t = play(t, first)
    assert G.to_move(t) == (1 - t["start"],) and first not in legal(t)
    t = play(t, sorted(legal(t))[0])
    assert top(t) == "turn" and t["turn"] == t["start"]


def test_neutral_architects_avoid_houses_and_belle_epoque_tiles():
    s = new(2, be=True, seed=5)
    while s["phase"] == "setup":
        s = play(s, sorted(legal(s))[0])
    s["house"][cell("c3r5")] = 0
    s["stock"] = "X04"  # 2 players: 3-2 (cols 1-3, rows 3-5) or 2-3
    s = play(s, "square 3-2")
    cells = {m.split()[1] for m in legal(s)}
    assert "c3r5" not in cells and not cells & {CELL_NAMES[c] for c in BE_CROSS_CELLS}
    assert "c1r5" in cells


def test_try_square_example_2_2_opens_the_upper_right_rectangle():
    """Rulebook example: 4 players, Gabriel chooses 2-2 (over 3-3); the active area is the
    upper-right rectangle."""
    s = actions(4, square="2-2")
    assert active_area(FLEUR_BY_NAME["2-2"]) == ((3, 4, 5), (3, 4, 5))
    assert ACTIVE_CELLS[s["square"]] == {cell_id(c, r) for c in (3, 4, 5) for r in (3, 4, 5)}
    assert {m for m in legal(s) if m.startswith("place")} == {f"place c{c}r{r}" for c in (3, 4, 5) for r in (3, 4, 5)}


@pytest.mark.parametrize(
    "fleur,cols,rows",
    [
        ("1-1", (2, 5), (2, 5)),
        ("2-1", (3, 5), (2, 5)),
        ("3-1", (1, 3), (2, 5)),
        ("4-1", (1, 4), (2, 5)),
        ("1-2", (2, 5), (3, 5)),
        ("2-2", (3, 5), (3, 5)),
        ("3-2", (1, 3), (3, 5)),
        ("4-2", (1, 4), (3, 5)),
        ("1-3", (2, 5), (1, 3)),
        ("2-3", (3, 5), (1, 3)),
        ("3-3", (1, 3), (1, 3)),
        ("4-3", (1, 4), (1, 3)),
        ("1-4", (2, 5), (1, 4)),
        ("2-4", (3, 5), (1, 4)),
        ("3-4", (1, 3), (1, 4)),
        ("4-4", (1, 4), (1, 4)),
    ],
)
def test_active_area_table_of_the_data_spec(fleur, cols, rows):
    c, r = active_area(FLEUR_BY_NAME[fleur])
    assert (c[0], c[-1]) == cols and (r[0], r[-1]) == rows


def test_the_start_player_chooses_one_of_the_two_fleurs_of_the_card():
    s = new(4, seed=2)
    while s["phase"] == "setup":
        s = play(s, sorted(legal(s))[0])
    a, b = STOCK[s["stock"]][1][4]
    assert legal(s) == {f"square {a}", f"square {b}"} and G.to_move(s) == (s["start"],)
    other = next(f for f in FLEUR_BY_NAME if f not in (a, b))
    refused(s, f"square {other}", "Planning")


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_belle_epoque_setup(n):
    s = new(n, be=True, seed=3)
    be = s["be"]
    assert len(be["cards"]) == 5 and all(be["cards"])
    assert len(be["tiles"]) == BE_TILES_ON_BOARD[n] == {2: 3, 3: 4, 4: 5, 5: 6}[n]
    assert len(s["be_cross"]) == 5 and s["train"] == 4 and s["supply"]["glass"] == 10
    assert len(s["noble_deck"]) + 4 == 27  # the two expansion nobles join the deck
    check_invariants(s)


def test_belle_epoque_removes_the_arrow_tile():
    from pyengine.games.brussels1893.board import step

    assert step(6, 1, arrow=True) == 0  # base: blank -> (arrow on glass) -> iron
    assert step(6, 1, arrow=False) == 7  # Belle Époque: glass is a stop


def test_round_start_reveals_a_stock_card():
    s = new(3, seed=9)
    while s["phase"] == "setup":
        s = play(s, sorted(legal(s))[0])
    assert s["stock"] in STOCK and len(s["stock_deck"]) == 4
