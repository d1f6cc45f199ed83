"""The page in a real Chromium, offline: start-up, whole games, typed moves, undo, resume."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from conftest import finished_game
from e2e_play import play_by_clicking
from playwright.sync_api import Page, expect

GAME_OVER_TIMEOUT = 180_000
ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pyengine  # noqa: E402


def moves(page: Page) -> int:
    return int(page.get_attribute("body", "data-moves"))


def test_ready_offline_shows_lobby(open_game, guard) -> None:
    page = open_game("")
    # Everything came from the local server, Pyodide included.
    assert any(u.endswith("/pyodide/pyodide.asm.wasm") for u in guard.requests)
    assert any(u.endswith("/engine.zip") for u in guard.requests)
    expect(page.locator("#lobby-form")).to_be_visible()
    expect(page.locator("html")).to_have_class(re.compile(r"\bready\b"))
    # The lobby is generated from the engine: its games, counts and option schema.
    expect(page.locator("#lobby-form .game-name")).to_have_text([pyengine.load_game(n).title for n in pyengine.GAMES])
    # Each game with a picture of its board, what it is, its player count and length.
    expect(page.locator("#lobby-form .game-card img")).to_have_count(len(pyengine.GAMES))
    expect(page.locator("#lobby-form .game-facts").first).to_have_text("2–4 players · 30 min")
    expect(page.locator("#lobby-form select[name=players] option")).to_have_text(["2", "3", "4"])
    # The rulebook readings are folded under More options.
    expect(page.locator("#lobby-opt-godzilla")).to_be_hidden()
    page.click("#lobby-form details.more summary")
    expect(page.locator("#lobby-opt-godzilla")).to_be_visible()
    # Two-colour applies to 2 players only: hidden for 4, shown for 2.
    expect(page.locator("#lobby-opt-two_colour")).to_be_hidden()
    page.select_option("#lobby-form select[name=players]", "2")
    expect(page.locator("#lobby-opt-two_colour")).to_be_visible()
    expect(page.locator("[data-seat='2']")).to_be_hidden()
    assert page.get_attribute("body", "data-turn") is None
    # Another game brings its own options.
    page.click("#lobby-form .game-card:has(input[value=newyork1901])")
    expect(page.locator("#lobby-opt-expert")).to_be_visible()  # More options stays open
    expect(page.locator("#lobby-opt-godzilla")).to_have_count(0)
    # Each bot level says its place on the game's ladder (ladder.json, read from the game's zip).
    expect(page.locator("#lobby-seat-1 option[value=hard]")).to_have_text(re.compile(r"^Bot \(hard\): \S"))


def test_lobby_starts_a_game(open_game) -> None:
    page = open_game("")
    page.select_option("#lobby-form select[name=players]", "3")
    page.select_option("#lobby-seat-1", "random")
    page.click("#lobby-form details.more summary")
    page.check("#lobby-opt-anti_trust")
    page.fill("#lobby-seed", "42")
    page.click("button[data-action=start]")
    page.wait_for_selector("body[data-turn='0'][data-awaiting=human]", state="attached")
    expect(page.locator("#board svg")).to_be_visible()
    expect(page.locator("#scores th", has_text="Bot 2 (random)")).to_be_visible()
    assert page.locator("#prompt").inner_text().startswith("Player 1")
    saved = page.evaluate("JSON.parse(localStorage.getItem('skyline.autosave'))")
    assert saved["seed"] == 42 and saved["players"] == 3
    assert saved["seats"] == ["human", "random", pyengine.load_game("manhattan").default_bot]
    assert saved["options"]["anti_trust"] is True and saved["options"]["godzilla"] == "off"


def test_url_starts_a_game_and_bots_move(open_game) -> None:
    page = open_game("?game=manhattan&players=4&seats=bot,greedy,random,bot&seed=7&godzilla=full")
    assert page.get_attribute("body", "data-awaiting") in ("bot", None)
    page.wait_for_function("Number(document.body.dataset.moves) >= 3", timeout=30_000)
    assert page.locator("#log li").count() >= 3
    # Without fast=1 the bots pause between moves so a person can follow them.
    starts = page.evaluate("performance.getEntriesByName('skyline:bot').map(m => m.startTime)")
    gaps = [b - a for a, b in zip(starts, starts[1:])]
    assert gaps and min(gaps) >= 290, gaps


def test_back_in_the_lobby_nothing_of_the_last_game_stays_in_the_header(open_game) -> None:
    page = open_game("?game=manhattan&players=2&seats=random,random&seed=3&fast=1")
    page.wait_for_function("Number(document.body.dataset.moves) >= 3", timeout=30_000)
    assert page.inner_text("#move-count").startswith("Move")
    page.click("#new-game")
    page.wait_for_selector("#lobby-form", timeout=30_000)
    assert page.inner_text("#move-count") == ""  # not the last game's "Move 35"
    # Joining another device's table is a way in of its own, drawn as a button to press.
    join = page.locator("#join-box > summary")
    expect(join).to_be_visible()
    box = join.bounding_box()
    assert box is not None and box["height"] >= 44
    assert join.evaluate("e => parseFloat(getComputedStyle(e).borderTopWidth)") > 0


def test_a_click_anywhere_on_a_line_of_the_moves_shows_that_move(open_game) -> None:
    page = open_game("?game=manhattan&players=2&seats=random,random&seed=3&fast=1")
    page.wait_for_function("Number(document.body.dataset.moves) >= 6", timeout=30_000)
    page.wait_for_selector("body[data-game-over]", state="attached", timeout=GAME_OVER_TIMEOUT)
    line = page.locator("#log li:not(.event)").nth(2)
    at = int(line.locator(".jump").inner_text())
    box = line.bounding_box()
    assert box is not None
    line.click(position={"x": box["width"] - 8, "y": box["height"] / 2})  # its words, not its number
    expect(page.locator("#move-count")).to_have_text(re.compile(rf"^Move {at} of \d+$"))


@pytest.mark.parametrize("name", list(pyengine.GAMES))
@pytest.mark.parametrize("width", [1024, 1280])
def test_the_end_chart_keeps_a_readable_width_beside_the_widest_breakdown(
    open_game, page: Page, name: str, width: int
) -> None:
    """On a desktop the end card sits in the side panel (300 px up to 1100 px wide): with
    the most players the breakdown is wide, and the chart must not shrink to a sliver."""
    game = pyengine.load_game(name)
    page.set_viewport_size({"width": width, "height": 768})
    open_game(finished_game(name, max(game.player_counts)))
    page.wait_for_selector("body[data-game-over]", state="attached")
    chart = page.locator("#end figure").bounding_box()
    caption = page.locator("#end figcaption")
    assert chart is not None and chart["width"] >= 250, chart
    assert caption.evaluate("e => e.getClientRects().length") == 1 and caption.inner_text() == "Score over time"


def test_play_again_starts_the_same_game_with_a_new_deal(open_game) -> None:
    page = open_game("?game=chinatown&players=3&seats=random,easy,random&names=Ann,,Cy&seed=3&fast=1")
    page.wait_for_selector("body[data-game-over]", state="attached", timeout=GAME_OVER_TIMEOUT)
    old = page.evaluate("JSON.parse(localStorage.getItem('skyline.autosave'))")
    page.click("#end [data-action=play-again]")
    # The new game's own save, not a glimpse of its first moves: its bots play at once, so a
    # wait for "fewer than 3 moves" raced them on a loaded machine.
    page.wait_for_function("(JSON.parse(localStorage.getItem('skyline.autosave')) || {}).seed !== 3")
    new = page.evaluate("JSON.parse(localStorage.getItem('skyline.autosave'))")
    assert new["game"] == old["game"] == "chinatown"
    assert new["seats"] == old["seats"] and new["names"] == old["names"] and new["options"] == old["options"]
    assert new["seed"] != old["seed"] == 3
    assert "seed=3" not in page.url  # a reload resumes the new game, not the old link's


def test_bad_url_setup_falls_back_to_lobby(open_game) -> None:
    page = open_game("?game=manhattan&players=4&seats=human,bot,bot,bot&seed=1&no_such_option=1")
    expect(page.locator("#lobby-form")).to_be_visible()
    expect(page.locator("#lobby-error")).to_contain_text("no_such_option")
    assert page.get_attribute("body", "data-turn") is None


def test_four_human_hot_seat_game_by_clicking(open_game) -> None:
    page = open_game("?game=manhattan&players=4&seats=human,human,human,human&seed=11&fast=1")
    clicks = play_by_clicking(page, seed=1)
    expect(page.locator("body")).to_have_attribute("data-game-over", "")
    assert page.get_attribute("body", "data-turn") is None
    assert page.get_attribute("body", "data-awaiting") is None
    # Every move was a click on a data-move element, and the device changed hands.
    assert moves(page) == clicks["move"] > 100
    assert clicks["continue"] > 10
    expect(page.locator("#winners")).not_to_be_empty()
    expect(page.locator("#end")).to_contain_text("Game over after")


def test_human_against_three_bots(open_game) -> None:
    page = open_game("?game=manhattan&players=4&seats=human,greedy,random,bot&seed=3&fast=1")
    clicks = play_by_clicking(page, seed=2)
    # No pass screen with a single human, and the bots made the other moves.
    assert clicks["continue"] == 0
    assert moves(page) > clicks["move"] > 20
    expect(page.locator("#end")).to_be_visible()
    names = ["Player 1", "Bot 2 (greedy)", "Bot 3 (random)", "Bot 4 (normal)"]
    winners = page.locator("#winners").inner_text()
    assert any(n in winners for n in names), winners


def test_four_bots_play_a_whole_game(page: Page, open_game) -> None:
    # The default bot (a search) and three quick greedy ones. How long the page's
    # longest task is while bots play depends on the machine: `./run.sh bench --only
    # think` measures it; e2e/test_bots.py checks that the page answers meanwhile.
    open_game("?game=manhattan&players=4&seats=bot,greedy,greedy,greedy&seed=5&fast=1")
    page.wait_for_selector("body[data-game-over]", state="attached", timeout=GAME_OVER_TIMEOUT)
    expect(page.locator("#winners")).not_to_be_empty()
    totals = page.locator("#scores tfoot td").all_inner_texts()
    assert len(totals) == 4 and all(t.isdigit() for t in totals), totals
    rounds = page.locator("#scores tbody tr").count()
    assert rounds == 4  # a 4-player game has 4 scored rounds


def _type(page: Page, text: str) -> None:
    page.fill("#move-input", text)
    page.press("#move-input", "Enter")


def test_illegal_typed_move_names_the_rule_and_changes_nothing(open_game) -> None:
    from pyengine.core.record import replay

    page = open_game("?game=manhattan&players=2&seats=human,human&seed=5&first_player=1")
    page.locator("[data-continue]").click()
    _type(page, "card 7 city 2 storeys 3")
    expect(page.locator("#error")).to_be_visible()
    expect(page.locator("#error")).to_contain_text("Round order")
    _type(page, "build a skyscraper")
    expect(page.locator("#error")).to_contain_text("Move syntax")
    _type(page, "pick \u00b2")  # a digit to str.isdigit, not to int()
    expect(page.locator("#error")).to_contain_text("Illegal move")
    assert moves(page) == 0

    # Pick every part by typing (legal moves clear the error), then play a card
    # that the engine, run here in CPython on the same record, says is not in hand.
    for text in ["pick 1", "pick 2", "pick 3", "pick 4"]:
        _type(page, text)
        expect(page.locator("#error")).to_be_empty()
    page.locator("[data-continue]").click()
    for text in ["pick 1", "pick 1", "pick 2", "pick 2"]:
        _type(page, text)
    assert moves(page) == 8
    record = {
        "game": "manhattan",
        "players": 2,
        "seed": 5,
        "options": {"first_player": "1"},
        "moves": ["pick 1", "pick 2", "pick 3", "pick 4", "pick 1", "pick 1", "pick 2", "pick 2"],
    }
    _, state = replay(record)
    turn = state["turn"]
    if page.locator("[data-continue]").count():
        page.locator("[data-continue]").click()
    assert page.get_attribute("body", "data-turn") == str(turn)
    missing = next(c for c in range(1, 10) if c not in state["hands"][turn])
    _type(page, f"card {missing} city 1 storeys 1")
    expect(page.locator("#error")).to_contain_text("Cards in hand")
    assert moves(page) == 8
    expect(page.locator("#log li")).to_have_count(8)


def test_undo_takes_back_only_your_own_moves(open_game) -> None:
    page = open_game("?game=manhattan&players=2&seats=human,human&seed=9")
    undo = page.locator("#undo")
    page.locator("[data-continue]").click()
    expect(undo).to_be_disabled()
    page.locator("[data-move]").first.click()
    page.locator("[data-move]").first.click()
    assert moves(page) == 2
    expect(undo).to_be_enabled()
    undo.click()
    assert moves(page) == 1
    expect(page.locator("#log li")).to_have_count(1)
    # Finish player 1's picks: the turn passes, and player 2 may not undo them.
    while page.get_attribute("body", "data-turn") == "0":
        page.locator("[data-move]").first.click()
    assert moves(page) == 4
    expect(undo).to_be_disabled()
    page.locator("[data-continue]").click()
    expect(undo).to_be_disabled()
    page.locator("[data-move]").first.click()
    expect(undo).to_be_enabled()
    undo.click()
    assert moves(page) == 4 and page.get_attribute("body", "data-turn") == "1"
    expect(undo).to_be_disabled()


def test_steps_narrow_the_move_and_cancel_clears_them(open_game) -> None:
    page = open_game("?game=manhattan&players=2&seats=human,bot&seed=4&fast=1")
    # Pick parts by clicking until a build offers steps (the bot picks in between).
    for _ in range(20):
        if page.locator("[data-step]").count():
            break
        page.locator("[data-move]").first.click()
        page.wait_for_selector("body[data-awaiting=human]", state="attached")
    steps = page.locator("[data-step]")
    assert steps.count() > 0
    before = moves(page)
    token = steps.first.get_attribute("data-step")
    selected = page.locator("#selection")

    # Keyboard: the renderer's clickable elements are focusable; Enter picks, Esc drops.
    steps.first.focus()
    page.keyboard.press("Enter")
    expect(selected).to_be_visible()
    # The chosen card in words (Game.token_label), never the move syntax ("card 1").
    assert token.startswith("card ")
    expect(page.locator("#selected-tokens")).to_have_text(re.compile(r"^card: [a-z-]+ lot$"))
    page.keyboard.press("Escape")
    expect(selected).to_be_hidden()

    # Mouse: a picked token is no longer offered as a step; Cancel offers it again.
    page.locator(f"[data-step='{token}']").first.click()
    expect(page.locator("#selected-tokens")).to_have_text(re.compile(r"^card: [a-z-]+ lot$"))
    assert page.locator(f"[data-step='{token}']").count() == 0
    page.click("button[data-action=cancel]")
    expect(selected).to_be_hidden()
    assert page.locator(f"[data-step='{token}']").count() >= 1
    assert moves(page) == before


def test_autosave_resumes_after_reload(open_game, page: Page, server_url: str) -> None:
    open_game("?game=manhattan&players=3&seats=human,human,random&seed=21&fast=1")
    page.locator("[data-continue]").click()
    for _ in range(3):
        page.locator("[data-move]").first.click()
    saved = page.evaluate("JSON.parse(localStorage.getItem('skyline.autosave'))")
    assert len(saved["moves"]) == moves(page) >= 3
    assert saved["seats"] == ["human", "human", "random"]
    page.goto(server_url + "index.html")
    page.wait_for_selector("body[data-ready]", state="attached", timeout=60_000)
    expect(page.locator(".resume")).to_contain_text("Manhattan, 3 players, seed 21")
    page.click("button[data-action=resume]")
    page.wait_for_selector("body[data-turn]", state="attached")
    assert moves(page) >= len(saved["moves"])
    expect(page.locator("#log li").first).to_contain_text(re.compile("Player 1 chooses"))
    page.click("button[data-action=new]")
    expect(page.locator("#lobby-form")).to_be_visible()
    assert page.get_attribute("body", "data-turn") is None


def test_a_start_up_failure_is_shown_not_hidden(page: Page, server_url: str) -> None:
    # Without the guard fixture: this page is meant to log the error.
    page.route("**/engine.zip", lambda route: route.fulfill(status=404, body="gone"))
    page.goto(server_url + "index.html")
    page.wait_for_selector("#loading.failed", timeout=60_000)
    expect(page.locator("#loading-text")).to_contain_text("engine.zip: HTTP 404")
    assert page.get_attribute("body", "data-ready") is None


def test_rules_open_on_the_players_overview_with_the_reference_folded(open_game) -> None:
    page = open_game("?game=manhattan&players=2&seats=human,human&seed=3&lang=fr")
    page.click("#rules-button")
    dialog = page.locator("#rules-dialog")
    expect(dialog).to_be_visible()
    expect(page.locator("#rules-title")).to_have_text("Manhattan : règles")
    # A player meets the short overview in their language, not the maintainers' notes...
    overview = dialog.locator(".overview")
    expect(overview.locator("h2").first).to_be_visible()
    expect(dialog.locator("h4", has_text="Placement rule")).to_be_hidden()
    assert "DESIGNED" not in overview.inner_text() and "SOURCED" not in overview.inner_text()
    # The guide with live boards (learn.html) is offered where the game has one...
    expect(dialog.locator(".learn-link a")).to_have_attribute("href", "./learn.html?game=manhattan&lang=fr")
    # ...and the engine's own RULES.md (from engine.zip) is one click away.
    dialog.locator(".reference summary").click()
    expect(dialog.locator("h4", has_text="Placement rule")).to_be_visible()
    expect(dialog.locator("table td", has_text="(2−r, 2−c)")).to_be_visible()
    page.click("#rules-dialog [data-action=close-rules]")
    expect(dialog).to_be_hidden()
