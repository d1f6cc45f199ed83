"""Accessibility and languages, for every registered game (later games are covered
without new tests): axe-core finds nothing serious, every clickable part of a board is
a named keyboard button, one move can be made with the keyboard alone, and every
language draws the lobby and each board without a missing translation."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pyengine  # noqa: E402
from pyengine.core.i18n import LANGUAGES, Translator  # noqa: E402

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
GAMES = list(pyengine.GAMES)


def game_url(name: str, humans: int = 1, lang: str = "en") -> str:
    game = pyengine.load_game(name)
    n = min(game.player_counts)
    seats = ["human"] * humans + ["bot"] * (n - humans)
    return f"?game={name}&players={n}&seats={','.join(seats)}&seed=7&fast=1&lang={lang}"


def serious_violations(page: Page) -> list[str]:
    # The loading screen fades out after data-ready: caught mid-fade, its text has the
    # contrast of a half-transparent layer. Judge the page once it has gone.
    page.wait_for_selector("#loading", state="hidden")
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [
        f"{v['impact']} {v['id']}: {v['help']} at {[n['target'] for n in v['nodes'][:3]]}"
        for v in result["violations"]
        if v["impact"] in ("serious", "critical")
    ]


def wait_human(page: Page) -> None:
    page.wait_for_selector("body[data-awaiting=human]", state="attached", timeout=60_000)


def test_the_lobby_has_no_serious_accessibility_violations(open_game) -> None:
    page = open_game("")
    assert serious_violations(page) == []


@pytest.mark.parametrize("name", GAMES)
def test_every_board_has_no_serious_accessibility_violations(open_game, name: str) -> None:
    page = open_game(game_url(name))
    wait_human(page)
    assert serious_violations(page) == []
    # With a piece chosen (steps picked), the board shows its targets: checked too.
    if page.locator("#board [data-step]").count():
        page.locator("#board [data-step]").first.click()
        assert serious_violations(page) == []


@pytest.mark.parametrize("name", GAMES)
def test_every_clickable_part_of_a_board_is_a_named_keyboard_button(open_game, name: str) -> None:
    page = open_game(game_url(name))
    wait_human(page)
    for _ in range(3):  # the start, and after one or two steps
        nameless = page.evaluate("""() => [...document.querySelectorAll(
              '#board [data-move], #board [data-step], #board [data-unselect], #board [data-action]')]
            .filter(e => !(e.getAttribute('tabindex') === '0' && e.getAttribute('role') === 'button'
                           && ((e.getAttribute('aria-label') || '').trim()
                               || [...e.children].some(c => c.tagName === 'title' && c.textContent.trim()))))
            .map(e => e.outerHTML.slice(0, 160))""")
        assert nameless == [], f"{len(nameless)} clickable elements are not named, focusable buttons: {nameless[:3]}"
        steps = page.locator("#board [data-step]")
        if not steps.count():
            break
        steps.first.click()


@pytest.mark.parametrize("name", GAMES)
def test_one_move_with_the_keyboard_alone(open_game, name: str) -> None:
    page = open_game(game_url(name, humans=2 if pyengine.load_game(name).private_information else 1))
    # A bot may move first, and only then does the hot-seat pass screen come up: its
    # button is pressed with Enter like any other, whenever it shows.
    wait_human(page)
    before = int(page.get_attribute("body", "data-moves"))
    seen = []
    for _ in range(400):
        if int(page.get_attribute("body", "data-moves")) > before:
            return
        kind = page.evaluate("""() => { const a = document.activeElement;
            if (!a || !a.closest('#board')) return 'elsewhere';
            if (a.hasAttribute('data-continue')) return 'continue';
            if (a.hasAttribute('data-move')) return 'move';
            if (a.hasAttribute('data-step')) return 'step';
            return 'other'; }""")
        seen.append(kind)
        if kind in ("move", "step", "continue"):
            page.keyboard.press("Enter")
            if kind == "continue":  # the board replaced the button: the focus goes on into it
                assert page.evaluate("() => !!document.activeElement.closest('#board [data-step], #board [data-move]')")
            elif kind == "step":
                page.keyboard.press("Tab")
        else:
            page.keyboard.press("Tab")
    raise AssertionError(f"no move was made with Tab and Enter; focus went: {seen[:40]}")


@pytest.mark.parametrize("lang", [code for code in LANGUAGES if code != "en"])
def test_every_language_draws_the_lobby_and_each_board_without_a_missing_text(open_game, page: Page, lang: str) -> None:
    T = Translator(lang)
    open_game(f"?lang={lang}")
    expect(page.locator("#lobby-form button[type=submit]")).to_have_text(T("Start"))
    assert page.get_attribute("html", "lang") == lang
    for name in GAMES:  # each game's options in the lobby
        page.click(f"#lobby-form .game-card:has(input[value={name}])")
        expect(page.locator(f"#lobby-form input[name=game][value={name}]")).to_be_checked()
    for name in GAMES:
        open_game(game_url(name, lang=lang))
        wait_human(page)
        expect(page.locator("#title")).to_have_text(T(pyengine.load_game(name).title))
        if page.locator("#board [data-step]").count():
            page.locator("#board [data-step]").first.click()
        assert page.locator("#board svg").count() == 1
    assert page.evaluate("window.skylineMissing()") == []


def test_the_language_can_be_switched_and_is_remembered(open_game, page: Page, server_url: str) -> None:
    open_game(game_url("manhattan"))
    wait_human(page)
    page.select_option("#lang", "fr")
    expect(page.locator("#rules-button")).to_have_text("Règles")
    expect(page.locator("#prompt")).to_contain_text("Joueur 1")
    page.goto(server_url + "index.html")
    page.wait_for_selector("body[data-ready]", state="attached", timeout=60_000)
    expect(page.locator("#lobby-form button[type=submit]")).to_have_text("Commencer")


@pytest.mark.parametrize(
    "page_url", ["study.html?new=1&game=brussels1893", "view.html?study=studies/chinatown-trading"]
)
def test_the_study_editor_and_a_baked_study_have_no_serious_accessibility_violations(
    page: Page, guard, server_url: str, page_url: str
) -> None:
    page.goto(server_url + page_url)
    page.wait_for_selector("body[data-ready]", state="attached", timeout=60_000)
    assert serious_violations(page) == []  # these pages have no loading screen to wait for
