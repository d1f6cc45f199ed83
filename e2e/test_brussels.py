"""Brussels 1893 in a real Chromium: whole games by clicking only what the UI testing
contract marks ([data-continue], [data-move], [data-step])."""

from __future__ import annotations

import random
import time
from collections import Counter

from e2e_play import Turn, play_by_clicking, snapshot
from playwright.sync_api import Page, expect


def brussels_turn(pass_rate: float = 0.12) -> Turn:
    """`pass` is clicked only now and then (when other moves are offered), so the rounds
    fill the board instead of ending at once."""

    def turn(page: Page, s: dict, rng: random.Random, clicks: Counter) -> None:
        moves = page.eval_on_selector_all("[data-move]", "els => els.map(e => e.dataset.move)")
        assert moves or s["nStep"], f"a human's turn with nothing to click: {s}"
        if not moves:
            page.locator("[data-step]").nth(rng.randrange(s["nStep"])).click()
            clicks["step"] += 1
            return
        others = [i for i, m in enumerate(moves) if m != "pass"]
        pick = rng.choice(others) if others and rng.random() > pass_rate else rng.randrange(len(moves))
        kind = moves[pick].split()[0]
        page.locator("[data-move]").nth(pick).click()
        clicks["move"] += 1
        clicks[kind] += 1
        assert snapshot(page)["moves"] > s["moves"], f"clicking {moves[pick]!r} did not make a move"

    return turn


def click_through(page: Page, seed: int) -> Counter:
    return play_by_clicking(page, seed, brussels_turn(), bot_timeout=90_000)


def test_two_player_hot_seat_belle_epoque_game_by_clicking(open_game) -> None:
    page = open_game("?game=brussels1893&players=2&seats=human,human&seed=3&belle_epoque=1&fast=1")
    t0 = time.monotonic()
    clicks = click_through(page, seed=3)
    took = time.monotonic() - t0
    expect(page.locator("body")).to_have_attribute("data-game-over", "")
    expect(page.locator("#end")).to_be_visible()
    moves = int(page.get_attribute("body", "data-moves"))
    assert moves == clicks["move"] > 60  # every move was a click: forced steps are never asked
    # No private information: the device passes without a pass screen (the prompt names who).
    assert clicks["continue"] == 0
    assert clicks["place"] > 10 and clicks["francs"] > 10 and clicks["neutral"] >= 10
    # The score table ends with the final scoring row and its items.
    expect(page.locator("#scores")).to_contain_text("Final scoring")
    expect(page.locator("#scores")).to_contain_text("houses")
    print(
        f"\nBrussels 1893 hot seat (2p, Belle Époque): {moves} moves, {sum(clicks[k] for k in ('move', 'continue'))} "
        f"clicks {dict(clicks)}, {took:.1f} s"
    )


def test_five_player_game_against_bots_to_the_end(open_game) -> None:
    page = open_game("?game=brussels1893&players=5&seats=human,greedy,greedy,random,greedy&seed=5&variant=1&fast=1")
    t0 = time.monotonic()
    clicks = click_through(page, seed=5)
    took = time.monotonic() - t0
    expect(page.locator("body")).to_have_attribute("data-game-over", "")
    expect(page.locator("#end")).to_be_visible()
    assert clicks["continue"] == 0  # one human: no pass screen
    moves = int(page.get_attribute("body", "data-moves"))
    assert moves > clicks["move"] > 10
    expect(page.locator("#scores tbody tr")).to_have_count(6)  # 5 rounds and the final scoring
    print(f"\nBrussels 1893 vs 4 bots (5p, variant): {moves} moves, {clicks['move']} clicks, {took:.1f} s")


def test_prompts_and_targets_follow_the_decision(open_game) -> None:
    """Place an architect: the cell is a target; then the francs are buttons; the prompt
    says what is asked at each step."""
    page = open_game("?game=brussels1893&players=3&seats=human,human,human&seed=8&fast=1")
    expect(page.locator("[data-continue]")).to_have_count(0)  # nothing private: no pass screen
    expect(page.locator("#prompt")).to_contain_text("starting art tile")
    page.locator('#board [data-move="art green"]').click()
    for _ in range(2):
        page.locator('#board [data-move^="art "]').first.click()
    expect(page.locator("#prompt")).to_contain_text("try square")
    page.locator('#board [data-move^="square "]').first.click()
    expect(page.locator("#prompt")).to_contain_text("place an architect")
    cell = page.locator('#board [data-move^="place "]').first
    cell.click()
    expect(page.locator("#prompt")).to_contain_text("Put francs under your architect")
    expect(page.locator('#board [data-move="francs 1"]')).to_have_count(1)
    assert page.locator('#board [data-move^="place "]').count() == 0
