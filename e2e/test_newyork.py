"""New York 1901 in a real Chromium: whole games by clicking, the rotate key, the hover hint."""

from __future__ import annotations

import json
import random
import sys
import time
from collections import Counter
from pathlib import Path

from e2e_play import Turn, play_by_clicking, snapshot
from playwright.sync_api import Page, expect

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from pyengine.core.game import choices  # noqa: E402
from pyengine.core.record import new_record  # noqa: E402
from pyengine.games.newyork1901 import GAME  # noqa: E402
from pyengine.games.newyork1901.data import OFFSETS  # noqa: E402


def newyork_turn(build_bias: float = 0.7) -> Turn:
    """A tile (a step) is picked over other moves with `build_bias`, so the game is
    built up rather than ended turn after turn."""

    def turn(page: Page, s: dict, rng: random.Random, clicks: Counter) -> None:
        if s["nStep"] and (not s["nMove"] or rng.random() < build_bias):
            page.locator("[data-step]").nth(rng.randrange(s["nStep"])).click()
            clicks["step"] += 1
            assert snapshot(page)["nMove"], "a tile was picked but no spot to build on is offered"
        else:
            assert s["nMove"], f"a human's turn with nothing to click: {s}"
            page.locator("[data-move]").nth(rng.randrange(s["nMove"])).click()
            clicks["move"] += 1
            assert snapshot(page)["moves"] > s["moves"], "a data-move click did not make a move"

    return turn


def click_through(page: Page, seed: int) -> Counter:
    return play_by_clicking(page, seed, newyork_turn(), max_clicks=3000)


def test_four_player_hot_seat_game_by_clicking(open_game) -> None:
    page = open_game("?game=newyork1901&players=4&seats=human,human,human,human&seed=3&fast=1")
    t0 = time.monotonic()
    clicks = click_through(page, seed=3)
    took = time.monotonic() - t0
    expect(page.locator("body")).to_have_attribute("data-game-over", "")
    moves = int(page.get_attribute("body", "data-moves"))
    assert moves == clicks["move"] > 40
    # Everything a New York 1901 player holds is public: the device passes without a screen.
    assert clicks["step"] > 10 and clicks["continue"] == 0
    expect(page.locator("#end")).to_be_visible()
    print(f"\nNew York 1901 hot-seat: {moves} moves, {sum(clicks.values())} clicks {dict(clicks)}, {took:.1f} s")


def test_one_human_against_three_bots_by_clicking(open_game) -> None:
    bot = "greedy" if "greedy" in GAME.bots() else "random"
    page = open_game(f"?game=newyork1901&players=4&seats=human,{bot},{bot},{bot}&seed=5&fast=1")
    t0 = time.monotonic()
    clicks = click_through(page, seed=5)
    took = time.monotonic() - t0
    expect(page.locator("body")).to_have_attribute("data-game-over", "")
    assert clicks["continue"] == 0  # one human: no pass screen
    moves = int(page.get_attribute("body", "data-moves"))
    assert moves > clicks["move"] > 10
    print(f"\nNew York 1901 vs 3 {bot} bots: {moves} moves, {sum(clicks.values())} clicks {dict(clicks)}, {took:.1f} s")


def _rotatable_position():
    """A 2-player hot-seat record whose next player can place some tile in two
    rotations with different anchors: (record, tile, rotation-0 move texts)."""
    for seed in range(1, 60):
        s = GAME.new_game(2, seed)
        rng = random.Random(seed)
        moves = []
        for _ in range(120):
            if GAME.is_over(s):
                break
            tokens = choices(GAME, s).tokens
            for token in sorted(t for t in tokens if t.startswith("build ")):
                tile = token.split()[1]
                per_rot = {}
                for m in choices(GAME, s, (token,)).tokens:
                    r = int(m.split()[1])
                    per_rot.setdefault(r, set()).add(m)
                if len(per_rot) >= 2 and 0 in per_rot:
                    record = new_record(GAME, 2, seed)
                    record["moves"] = moves
                    record["seats"] = ["human", "human"]
                    return record, tile, s
            move = rng.choice(GAME.legal_moves(s))
            moves.append(str(move))
            s = GAME.apply(s, move)
    raise AssertionError("no position with a tile placeable in two rotations")


def test_rotate_key_changes_the_spots_and_hover_names_the_rule(open_game, page: Page) -> None:
    record, tile, state = _rotatable_position()
    page = open_game("")
    page.evaluate("text => localStorage.setItem('skyline.autosave', text)", json.dumps(record))
    page.reload()
    page.wait_for_selector("body[data-ready]", state="attached", timeout=60_000)
    page.click("[data-action=resume]")
    page.click(f'#board [data-step="build {tile}"]')
    expect(page.locator(f'#board [data-unselect="build {tile}"]')).to_have_count(1)

    def shown() -> tuple[int, set[str]]:
        spots = set(page.eval_on_selector_all("#board [data-cells]", "els => els.map(e => e.dataset.move)"))
        rot = page.get_attribute("#board [data-action=rotate]", "data-rotation")
        return int(rot), spots

    rot0, spots0 = shown()
    assert rot0 == 0 and spots0 and all(f"build {tile} rot 0 at" in m for m in spots0)
    page.locator("body").press("r")
    rot1, spots1 = shown()
    assert rot1 != rot0 and spots1 and spots1 != spots0
    assert all(f"build {tile} rot {rot1} at" in m for m in spots1)
    # R cycles through the rotations that have a spot and comes back to the first.
    seen = {rot0, rot1}
    for _ in range(len(OFFSETS[tile])):
        page.locator("body").press("R")
        seen.add(shown()[0])
    assert shown()[0] in seen and len(seen) >= 2
    # The rotate button does the same as the key.
    before = shown()[0]
    page.click("#board [data-action=rotate]")
    assert shown()[0] != before

    # Hover: a street square is never buildable; the hint names the rule.
    page.hover('#board rect[data-cell="0 3"]')
    expect(page.locator("#hint")).to_contain_text("Estate: it would cover a square of")
    expect(page.locator("#board #hover-layer .ghost.illegal")).to_have_count(1)
    # A highlighted spot previews a legal build.
    spot = page.locator("#board [data-cells]").first
    spot.hover()
    expect(page.locator("#hint")).to_contain_text(" here: ")  # "Build a bronze skyscraper of 2 squares here: +2 points"
    expect(page.locator("#board #hover-layer .ghost.legal")).to_have_count(1)
    # Building there plays the move and resets the rotation for the next tile.
    text = spot.get_attribute("data-move")
    moves = int(page.get_attribute("body", "data-moves"))
    spot.click()
    expect(page.locator("body")).to_have_attribute("data-moves", str(moves + 1))
    assert json.loads(page.evaluate("localStorage.getItem('skyline.autosave')"))["moves"][-1] == text
