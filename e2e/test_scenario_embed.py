"""embed.html?scenario=: a scenario's steps with their marks and captions, and a task
answered on the board and graded by the engine (web/skyweb/study.py, issue 27)."""

from __future__ import annotations

import json
from pathlib import Path

from phone import PHONE, centre, tap
from playwright.sync_api import Browser, Locator, Page, expect

from pyengine.core import share

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = (ROOT / "docs" / "scenario-example.json").read_text(encoding="utf-8")
READY = "body[data-ready]"
RIGHT = "build B3 rot 0 at 4 9"


def play(page: Page, game: str, move: str, press=None) -> None:
    """Pick a move's parts on the board, as a player would: each step token of the
    move, until the whole move is a target, then that."""
    from pyengine import load_game

    press = press or (lambda locator: locator.click())
    for token in load_game(game).parse_move(move).tokens:
        if page.locator(f'#embed-board [data-move="{move}"]').count():
            break
        press(page.locator(f'#embed-board [data-step="{token}"]').first)
    press(page.locator(f'#embed-board [data-move="{move}"]').first)


def play_right(page: Page, press=None) -> None:
    play(page, "newyork1901", RIGHT, press)


def press_by_touch(page: Page, target: Locator) -> None:
    """A finger on a small target: where board-zoom.mjs covers it with a region to zoom
    into, the first tap zooms, as a person sees it do, and the next one presses."""
    for _ in range(3):
        x, y = centre(target)
        covered = "([x, y]) => !!document.elementFromPoint(x, y)?.closest('.zoom-region')"
        if not page.evaluate(covered, [x, y]):
            tap(page, target)
            return
        tap(page, target)
        page.wait_for_function(f"(p) => !({covered})(p)", arg=[x, y])
    raise AssertionError(f"{target} stayed under a zoom region")


def open_study(page: Page, server_url: str, scenario: str, lang: str = "fr") -> None:
    page.goto(f"{server_url}embed.html?scenario={share.pack(scenario)}&lang={lang}")
    page.wait_for_selector(READY, state="attached", timeout=60_000)


def test_a_scenario_shows_its_steps_and_grades_answers(page: Page, guard, server_url: str) -> None:
    open_study(page, server_url, EXAMPLE)
    expect(page.locator("#embed-caption")).to_have_text(
        "Au joueur 2 de jouer, 4 points chacun. Joueur 1 : 4 points · Joueur 2 : 4 points"
    )
    expect(page.locator("#embed-ask")).to_have_text("Construisez de façon à marquer au moins 3 points.")
    expect(page.locator(".scenario-highlight")).to_have_count(0)
    # A wrong answer, then the right one, both by clicking the board.
    page.click("#embed-board [data-move=end]")
    expect(page.locator("body")).to_have_attribute("data-verdict", "wrong")
    expect(page.locator("#embed-verdict")).to_have_text("Pas celui-ci. Il rapporte 0, et il fallait au moins 3.")
    play_right(page)
    expect(page.locator("body")).to_have_attribute("data-verdict", "right")
    expect(page.locator("#embed-verdict")).to_have_text("Juste : 3 points.")
    expect(page.locator("#embed-board [data-move]")).to_have_count(0)  # solved: the board is still
    # The next step: the building, ringed and spanned by an arrow, the scores after it.
    page.click("[data-embed=forward]")
    expect(page.locator("body")).to_have_attribute("data-scenario-step", "2")
    expect(page.locator(".scenario-highlight")).to_have_count(3)
    expect(page.locator(".scenario-arrow")).to_have_count(1)
    expect(page.locator("#embed-caption")).to_contain_text("Joueur 2 : 7 points")
    expect(page.locator("#embed-ask")).to_be_hidden()
    page.keyboard.press("Home")
    expect(page.locator("body")).to_have_attribute("data-scenario-step", "1")
    expect(page.locator("#embed-verdict")).to_have_text("Juste : 3 points.")


def test_a_task_is_answered_by_touch_on_a_phone(browser: Browser, server_url: str) -> None:
    context = browser.new_context(**PHONE, service_workers="block")
    page = context.new_page()
    try:
        open_study(page, server_url, EXAMPLE, lang="zh-Hans")
        play_right(page, lambda locator: press_by_touch(page, locator))
        expect(page.locator("body")).to_have_attribute("data-verdict", "right")
        expect(page.locator("#embed-verdict")).to_have_text("答对了：3 分。")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    finally:
        context.close()


def test_a_scenario_naming_a_part_the_board_lacks_is_refused_in_one_line(page: Page, guard, server_url: str) -> None:
    broken = json.loads(EXAMPLE)
    broken["steps"][1]["highlight"] = ["99 99"]
    open_study(page, server_url, json.dumps(broken), lang="en")
    expect(page.locator("body")).to_have_attribute("data-failed", "")
    expect(page.locator("#embed-board")).to_have_text(
        "Cannot show the game: steps[1]: the board has no part '99 99' after 12 moves"
    )


def test_a_rulebook_example_built_by_setup_is_played_on_the_board(page: Page, guard, server_url: str) -> None:
    """Manhattan's placement rule, the rulebook's own example (a position made by setup
    edits): a legal move elsewhere is not what was asked; 3 storeys on the building is."""
    path = ROOT / "pyengine" / "games" / "manhattan" / "scenarios" / "placement-rule.json"
    open_study(page, server_url, path.read_text(encoding="utf-8"), lang="en")
    expect(page.locator(".scenario-highlight")).to_have_count(1)
    play(page, "manhattan", "card 1 city 1 storeys 1")
    expect(page.locator("body")).to_have_attribute("data-verdict", "wrong")
    expect(page.locator("#embed-verdict")).to_contain_text("A legal move, but not the one asked for.")
    play(page, "manhattan", "card 5 city 2 storeys 3")
    expect(page.locator("body")).to_have_attribute("data-verdict", "right")
    page.click("[data-embed=last]")
    expect(page.locator("#embed-caption")).to_contain_text("Player 1 placed 3 storeys")
