"""learn.html?game=G&lang=L (issue 27): a game's overview section by section, each
beside a live board, and the rulebook's worked examples, offline like the rest."""
from __future__ import annotations

from playwright.sync_api import Page, expect

from test_scenario_embed import play

READY = "body[data-ready]"


def test_the_guide_shows_its_sections_and_a_worked_example_to_solve(page: Page, guard, server_url: str) -> None:
    page.goto(f"{server_url}learn.html?game=manhattan&lang=fr")
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    expect(page.locator("#learn-title")).to_have_text("Comment jouer à Manhattan")
    buttons = page.locator("#learn-sections button")
    expect(buttons).to_have_count(6)  # five overview sections, one worked example
    expect(page.locator(".scenario-highlight")).to_have_count(6)  # the goal: each city's middle lot
    # The scoring section: step from before the round's end to its scoring.
    buttons.filter(has_text="Décompte").click()
    expect(page.locator("#embed-caption")).to_contain_text("personne n'a encore marqué")
    page.click("[data-embed=forward]")
    expect(page.locator("#embed-caption")).to_contain_text("Joueur 3 : 10 points")
    # The worked example: the rulebook's placement rule, answered on the board.
    buttons.last.click()
    expect(page.locator("#embed-ask")).to_contain_text("Prenez cet immeuble")
    play(page, "manhattan", "card 5 city 2 storeys 4")
    expect(page.locator("body")).to_have_attribute("data-verdict", "right")
    expect(page.locator("#learn-text details.reference")).to_have_count(1)


TITLES = {"en": "How to play Manhattan", "fr": "Comment jouer à Manhattan", "zh-Hant": "曼哈頓玩法",
          "zh-Hans": "曼哈顿玩法"}


def test_the_guide_opens_in_every_language(page: Page, guard, server_url: str) -> None:
    for lang, title in TITLES.items():
        page.goto(f"{server_url}learn.html?game=manhattan&lang={lang}")
        page.wait_for_selector(READY, state="attached", timeout=60_000)
        expect(page.locator("#learn-title")).to_have_text(title)
        expect(page.locator("#embed-caption")).not_to_be_empty()


def test_the_worked_example_is_solved_by_touch_on_a_phone(browser, server_url: str) -> None:
    from phone import PHONE, tap
    from test_scenario_embed import press_by_touch

    context = browser.new_context(**PHONE, service_workers="block")
    page = context.new_page()
    try:
        page.goto(f"{server_url}learn.html?game=manhattan&lang=zh-Hant")
        page.wait_for_selector(READY, state="attached", timeout=60_000)
        tap(page, page.locator("#learn-sections button").last)
        expect(page.locator("#embed-ask")).to_be_visible()
        play(page, "manhattan", "card 5 city 2 storeys 3", lambda locator: press_by_touch(page, locator))
        expect(page.locator("body")).to_have_attribute("data-verdict", "right")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    finally:
        context.close()
