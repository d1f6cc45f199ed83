"""The page before Python is up (issue 26): the lobby drawn by web/prelobby.mjs from
dist/lobby/<lang>.json (build_scripts/prelobby.py), usable at once, and kept as the
player left it when Python takes over (skyweb/lobby.py adopt_lobby); for a
start-a-game link, the game's name over a progress bar of bytes.

Python is held back by holding engine.zip (web/boot.mjs's fetch of it, app.py's)
until the test lets it through: Pyodide boots meanwhile, the page's Python does not.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from phone import PHONE, tap
from playwright.sync_api import Browser, Page, Route, expect

READY = "body[data-ready]"


class Held:
    """engine.zip's requests, answered only once release() is called (web/boot.mjs asks
    for it only once Pyodide's own files are in, which may be after the release)."""

    def __init__(self, page: Page) -> None:
        self.routes: list[Route] = []
        self.released = False
        page.route("**/engine.zip", self._hold)

    def _hold(self, route: Route) -> None:
        if self.released:
            route.continue_()
        else:
            self.routes.append(route)

    def release(self) -> None:
        self.released = True
        routes, self.routes = self.routes, []
        for route in routes:
            route.continue_()


def open_held(page: Page, server_url: str, query: str = "") -> Held:
    held = Held(page)
    page.goto(server_url + "index.html" + query)
    return held


def saved_record(page: Page) -> dict[str, Any]:
    return json.loads(page.evaluate("localStorage.getItem('skyline.autosave')"))


def assert_not_covered(page: Page, selector: str) -> None:
    """The element at the centre of `selector` is that element or inside it: the
    loading line does not lie over the lobby."""
    hit = page.evaluate(
        """(sel) => {
        const el = document.querySelector(sel), r = el.getBoundingClientRect();
        const at = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return el === at || el.contains(at);
    }""",
        selector,
    )
    assert hit, f"{selector} is covered"


def test_the_lobby_is_usable_before_python_and_python_keeps_every_choice(page: Page, guard, server_url: str) -> None:
    held = open_held(page, server_url, "?lang=en")
    form = page.locator("#lobby-form")
    expect(form).to_be_visible()
    assert page.get_attribute("body", "data-ready") is None
    # Every game with its picture, the player count, the language menu, and a line that says Python is coming.
    expect(form.locator(".game-card")).to_have_count(4)
    page.wait_for_function(
        "[...document.querySelectorAll('#lobby-form .game-card img')].every(i => i.complete && i.naturalWidth > 0)"
    )
    expect(form.locator("select[name=players]")).to_be_visible()
    expect(page.locator("#lang option")).to_have_count(4)
    expect(page.locator("#lang")).to_have_value("en")
    expect(page.locator("#loading-text")).to_be_visible()
    assert_not_covered(page, "#lobby-form h2")
    assert_not_covered(page, "#lobby-form button[data-action=start]")
    assert page.input_value("#lobby-seed").isdigit()

    # Another game, another player count (two-player rows shown, seat 3 gone), a seat, a name, an option, a seed.
    page.click("#lobby-form .game-card:has(input[value=newyork1901])")
    expect(page.locator("#lobby-opt-expert")).to_have_count(1)
    page.select_option("#lobby-players", "2")
    expect(page.locator("#lobby-form [data-seat='2']")).to_be_hidden()
    expect(page.locator("#lobby-opt-first_player option[value='3']")).to_be_disabled()
    page.select_option("#lobby-seat-1", "random")
    page.fill("#lobby-name-0", "Ann")
    page.click("#lobby-form details.more summary")
    page.check("#lobby-opt-expert")
    page.fill("#lobby-seed", "42")

    # Another language: the same form in French, every choice kept.
    page.select_option("#lang", "fr")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(form.locator("legend").first).to_have_text("Jeu")
    expect(page.locator("#rules-button")).to_have_text("Règles")

    def assert_choices() -> None:
        expect(page.locator("#lobby-form input[name=game][value=newyork1901]")).to_be_checked()
        expect(page.locator("#lobby-players")).to_have_value("2")
        expect(page.locator("#lobby-seat-1")).to_have_value("random")
        expect(page.locator("#lobby-name-0")).to_have_value("Ann")
        expect(page.locator("#lobby-opt-expert")).to_be_checked()
        expect(page.locator("#lobby-seed")).to_have_value("42")
        expect(page.locator("#lobby-form details.more")).to_have_attribute("open", "")
        expect(page.locator("#lobby-form [data-seat='2']")).to_be_hidden()

    assert_choices()
    assert page.evaluate("localStorage.getItem('skyline.lang')") == "fr"
    assert page.get_attribute("body", "data-ready") is None

    held.release()
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    assert_choices()  # Python kept the form as it was...
    expect(page.locator("html")).to_have_attribute("lang", "fr")  # ...in the language chosen (the URL said en)
    expect(page.locator("#lang")).to_have_value("fr")
    expect(page.locator("#loading")).to_be_hidden()
    expect(page.locator("#lobby")).not_to_have_attribute("data-prelobby", "fr")
    # ...and it is Python's now: another player count is handled by lobby.py.
    page.select_option("#lobby-players", "3")
    expect(page.locator("#lobby-form [data-seat='2']")).to_be_visible()
    page.select_option("#lobby-players", "2")
    page.click("#lobby-form button[data-action=start]")
    page.wait_for_selector("body[data-turn]", state="attached")
    record = saved_record(page)
    assert (record["game"], record["players"], record["seats"], record["seed"]) == (
        "newyork1901",
        2,
        ["human", "random"],
        42,
    )
    assert record["options"]["expert"] is True
    assert record["names"][0] == "Ann"


def test_start_before_python_starts_the_game_once_it_is_up(page: Page, guard, server_url: str) -> None:
    held = open_held(page, server_url, "?lang=en")
    expect(page.locator("#lobby-form")).to_be_visible()
    page.click("#lobby-form .game-card:has(input[value=chinatown])")
    page.select_option("#lobby-players", "3")
    page.select_option("#lobby-seat-1", "random")
    page.select_option("#lobby-seat-2", "random")
    page.click("#lobby-form details.more summary")
    page.fill("#lobby-seed", "5")
    page.click("#lobby-form button[data-action=start]")
    expect(page.locator("#lobby-form .pending-note")).to_have_text(
        "The game starts as soon as the game engine is loaded."
    )
    expect(page.locator("#lobby-form")).to_be_visible()  # not sent anywhere: the page stays
    assert "index.html" in page.url and "seed=" not in page.url
    held.release()
    page.wait_for_selector("body[data-turn]", state="attached", timeout=60_000)
    expect(page.locator("#lobby")).to_be_hidden()
    record = saved_record(page)
    assert (record["game"], record["players"], record["seats"], record["seed"]) == (
        "chinatown",
        3,
        ["human", "random", "random"],
        5,
    )


def test_a_saved_game_gets_its_resume_row_when_python_is_up(page: Page, guard, server_url: str) -> None:
    held = open_held(page, server_url, "?game=manhattan&players=2&seats=human,random&seed=9&fast=1")
    held.release()
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    held = open_held(page, server_url)
    expect(page.locator("#lobby-form")).to_be_visible()
    expect(page.locator(".resume")).to_have_count(0)  # only Python reads the saved game
    held.release()
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    expect(page.locator(".resume")).to_contain_text("Manhattan, 2 players, seed 9")
    page.click("button[data-action=resume]")
    page.wait_for_selector("body[data-turn]", state="attached")


def test_a_start_a_game_link_shows_the_game_and_a_bar_of_bytes(page: Page, guard, server_url: str) -> None:
    held = open_held(page, server_url, "?game=brussels1893&players=2&seats=human,random&seed=3&lang=fr")
    expect(page.locator("#loading-title")).to_have_text("Bruxelles 1893")
    expect(page.locator("#loading")).to_be_visible()
    expect(page.locator("#lobby")).to_be_hidden()
    expect(page.locator("#loading-text")).not_to_be_empty()
    # web/boot.mjs reports the bytes of Pyodide's big files as they arrive (the real
    # counts, in French: a decimal comma and "Mo"; engine.zip, held, is not among them yet).
    expect(page.locator("#loading-bytes")).to_have_text(re.compile(r"^\d+,\d / \d+,\d Mo$"))
    loaded, total = (
        float(x.replace(",", ".")) for x in page.inner_text("#loading-bytes").removesuffix(" Mo").split(" / ")
    )
    assert 0 < loaded <= total
    width = page.evaluate("document.getElementById('loading-bar').getBoundingClientRect().width")
    assert width > 0
    held.release()
    page.wait_for_selector("body[data-turn]", state="attached", timeout=60_000)
    expect(page.locator("#loading")).to_be_hidden()
    expect(page.locator("#title")).to_have_text("Bruxelles 1893")


def test_a_shared_game_link_keeps_the_plain_loading_screen(page: Page, guard, server_url: str) -> None:
    held = open_held(page, server_url, "#record=nothing-valid")
    page.wait_for_timeout(500)  # time for prelobby.mjs to have drawn anything
    expect(page.locator("#loading")).to_be_visible()
    expect(page.locator("#lobby")).to_be_hidden()
    expect(page.locator("#loading-title")).to_be_empty()
    held.release()
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    expect(page.locator("#lobby-error")).to_contain_text("shared game")


# ---- a phone ---------------------------------------------------------------------------
@pytest.fixture
def phone_page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(**PHONE, service_workers="block")
    yield context.new_page()
    context.close()


def test_the_lobby_before_python_on_a_phone(phone_page: Page, server_url: str) -> None:
    page = phone_page
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    held = open_held(page, server_url, "?lang=en")
    form = page.locator("#lobby-form")
    expect(form).to_be_visible()
    box = form.bounding_box()
    assert box and box["width"] >= 390 - 2 * 12, f"the lobby is not the screen's width: {box}"
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    start = page.locator("#lobby-form button[data-action=start]")
    start_box = start.bounding_box()
    assert start_box and start_box["height"] >= 40 and start_box["y"] + start_box["height"] <= 844
    assert_not_covered(page, "#lobby-form h2")
    tap(page, page.locator("#lobby-form .game-card:has(input[value=brussels1893])"))
    expect(page.locator("#lobby-form input[name=game][value=brussels1893]")).to_be_checked()
    # The language menu is behind the menu button (web/chrome.mjs, no Python either).
    tap(page, page.locator("#menu-button"))
    expect(page.locator("#lang")).to_be_visible()
    page.select_option("#lang", "zh-Hant")
    expect(page.locator("#lobby-form input[name=game][value=brussels1893]")).to_be_checked()
    expect(page.locator("html")).to_have_attribute("lang", "zh-Hant")
    held.release()
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    expect(page.locator("#lobby-form input[name=game][value=brussels1893]")).to_be_checked()
    expect(page.locator("html")).to_have_attribute("lang", "zh-Hant")
    assert not errors
