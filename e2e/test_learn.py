"""learn.html?game=G&lang=L (issue 27): a game's overview section by section, each
beside a live board, and the rulebook's worked examples, offline like the rest."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from test_scenario_embed import play

READY = "body[data-ready]"


def test_the_guide_shows_its_sections_and_a_worked_example_to_solve(page: Page, guard, server_url: str) -> None:
    page.goto(f"{server_url}learn.html?game=manhattan&lang=fr")
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    # From this computer the page starts from the snapshot too (its worker started by boot.mjs).
    assert page.get_attribute("html", "data-snapshot") == "used"
    expect(page.locator("#learn-title")).to_have_text("Comment jouer à Manhattan")
    buttons = page.locator("#learn-sections button")
    expect(buttons).to_have_count(8)  # five overview sections, three worked examples
    expect(page.locator("#learn-sections button.example")).to_have_count(3)
    expect(page.locator(".scenario-highlight")).to_have_count(6)  # the goal: each city's middle lot
    # The scoring section: step from before the round's end to its scoring.
    page.get_by_role("button", name="Décompte", exact=True).click()
    expect(page.locator("#embed-caption")).to_contain_text("aucun décompte n'a encore eu lieu")
    page.click("[data-embed=forward]")
    expect(page.locator("#embed-caption")).to_contain_text("Joueur 3 : 10 points")
    # The worked example: the rulebook's placement rule, answered on the board.
    buttons.filter(has_text="La règle de pose").click()
    expect(page.locator("#embed-ask")).to_contain_text("Prenez cet immeuble")
    play(page, "manhattan", "card 5 city 2 storeys 4")
    expect(page.locator("body")).to_have_attribute("data-verdict", "right")
    expect(page.locator("#learn-text details.reference")).to_have_count(1)


def test_the_worked_example_is_solved_by_touch_on_a_phone(browser, server_url: str) -> None:
    from phone import PHONE, tap
    from test_scenario_embed import press_by_touch

    context = browser.new_context(**PHONE, service_workers="block")
    page = context.new_page()
    try:
        page.goto(f"{server_url}learn.html?game=manhattan&lang=zh-Hant")
        page.wait_for_selector(READY, state="attached", timeout=60_000)
        example = page.locator("#learn-sections button", has_text="建築規定")
        example.scroll_into_view_if_needed()  # the row of pages scrolls sideways on a phone, as a finger swipes it
        tap(page, example)
        expect(page.locator("#embed-ask")).to_be_visible()
        play(page, "manhattan", "card 5 city 2 storeys 3", lambda locator: press_by_touch(page, locator))
        expect(page.locator("body")).to_have_attribute("data-verdict", "right")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    finally:
        context.close()


def test_the_lobby_links_to_the_chosen_games_guide(page: Page, guard, server_url: str) -> None:
    """ "How to play" in the lobby opens the chosen game's guide in the page's language."""
    page.goto(f"{server_url}index.html?lang=fr")
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    link = page.locator("#lobby-form .learn-link a")
    page.click("#lobby-form .game-card:has(input[value=newyork1901])")
    expect(link).to_have_attribute("href", "./learn.html?game=newyork1901&lang=fr")
    page.click("#lobby-form .game-card:has(input[value=manhattan])")
    expect(link).to_have_text("Comment jouer à Manhattan")
    link.click()
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    expect(page.locator("#learn-title")).to_have_text("Comment jouer à Manhattan")


def _guides() -> list[str]:
    from pyengine import GAMES, load_game

    return [name for name in GAMES if load_game(name).has_guide()]


@pytest.mark.parametrize("name", _guides())
def test_each_guide_opens_in_every_language(page: Page, guard, server_url: str, name: str) -> None:
    """Every game's guide reaches ready offline in each language, its title and its first
    board's caption in that language."""
    from pyengine import load_game
    from pyengine.core.guide import load_guide
    from pyengine.core.i18n import LANGUAGES, Translator
    from pyengine.core.scenario import text

    game = load_game(name)
    first = next(s.scenario for s in load_guide(game).sections if s.scenario is not None)
    for lang in LANGUAGES:
        T = Translator(lang)
        page.goto(f"{server_url}learn.html?game={name}&lang={lang}")
        page.wait_for_selector(READY, state="attached", timeout=60_000)
        expect(page.locator("#learn-title")).to_have_text(T("How to play {game}", game=T(game.title)))
        caption = text(first.steps[0].caption, lang)
        if caption:
            expect(page.locator("#embed-caption")).to_contain_text(caption)


@pytest.mark.parametrize("name", _guides())
def test_each_guide_steps_through_a_worked_example_and_solves_its_task(
    page: Page, guard, server_url: str, name: str
) -> None:
    """The first worked example with a task: every step's caption in turn, forward and
    back, then the task's reference answer played on the board by clicking."""
    from pyengine import load_game
    from pyengine.core.guide import load_guide
    from pyengine.core.scenario import text

    guide = load_guide(load_game(name))
    k, example = next((k, e) for k, e in enumerate(guide.examples) if any(t.answer for t in e.tasks))
    page.goto(f"{server_url}learn.html?game={name}&lang=en")
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    page.click(f'#learn-sections button[data-page="{len(guide.sections) + k}"]')
    body = page.locator("body")
    expect(body).to_have_attribute("data-page", str(len(guide.sections) + k))
    for i, step in enumerate(example.steps):
        expect(body).to_have_attribute("data-scenario-step", str(i + 1))
        caption = text(step.caption, "en")
        if caption:
            expect(page.locator("#embed-caption")).to_contain_text(caption)
        expect(page.locator(".scenario-highlight")).to_have_count(len(step.highlight))
        if i + 1 < len(example.steps):
            page.click("[data-embed=forward]")
    page.click("[data-embed=first]")
    expect(body).to_have_attribute("data-scenario-step", "1")
    task = next(t for t in example.tasks if t.answer)
    step = (
        next(i for i, s in enumerate(example.steps) if s.at == task.at)
        if any(s.at == task.at for s in example.steps)
        else len(example.steps)
    )
    for _ in range(step):
        page.click("[data-embed=forward]")
    expect(page.locator("#embed-ask")).to_have_text(text(task.ask, "en"))
    play(page, name, task.answer)
    expect(body).to_have_attribute("data-verdict", "right")


def test_a_tile_is_turned_on_the_guides_board(page: Page, guard, server_url: str) -> None:
    """New York's fifth example: the Metropolitan Life Tower as the rulebook places it
    needs the tile turned; the board's Rotate button turns it, as on the game page."""
    from pyengine import load_game
    from pyengine.core.guide import load_guide

    game = load_game("newyork1901")
    guide = load_guide(game)
    k = next(k for k, e in enumerate(guide.examples) if any(t.answer == ROTATED for t in e.tasks))
    page.goto(f"{server_url}learn.html?game=newyork1901&lang=en")
    page.wait_for_selector(READY, state="attached", timeout=60_000)
    page.click(f'#learn-sections button[data-page="{len(guide.sections) + k}"]')
    expect(page.locator("#embed-ask")).to_be_visible()
    page.click(f'#embed-board [data-step="{game.parse_move(ROTATED).tokens[0]}"]')
    target = page.locator(f'#embed-board [data-move="{ROTATED}"]')
    expect(target).to_have_count(0)  # not at the first rotation with places
    for _ in range(4):
        if target.count():
            break
        shown = page.get_attribute("#embed-board [data-action=rotate]", "data-rotation")
        page.click("#embed-board [data-action=rotate]")
        page.wait_for_function(
            f"document.querySelector('#embed-board [data-action=rotate]')?.dataset.rotation !== '{shown}'"
        )
    target.click()
    expect(page.locator("body")).to_have_attribute("data-verdict", "right")


ROTATED = "build L3 rot 2 at 10 4"


def test_the_guide_leads_back_to_the_games_and_into_this_one_on_a_phone(browser, server_url: str) -> None:
    """How to play is no dead end: back to the lobby, or a game of it at once, by touch."""
    from phone import PHONE, tap

    context = browser.new_context(**PHONE, service_workers="block")
    try:
        page = context.new_page()
        page.goto(f"{server_url}learn.html?game=chinatown&lang=fr")
        page.wait_for_selector(READY, state="attached", timeout=60_000)
        back, play = page.locator("#learn-back"), page.locator("#learn-play")
        expect(back).to_have_text("Jeux")
        expect(play).to_have_text("Jouer à ce jeu")
        for link in (back, play):
            box = link.bounding_box()
            assert box is not None and box["height"] >= 44 and box["y"] + box["height"] <= 844
        tap(page, play)
        page.wait_for_selector("body[data-turn]", state="attached", timeout=60_000)
        assert "game=chinatown" in page.url
        expect(page.locator("#title")).to_contain_text("Chinatown")
        page.go_back()
        page.wait_for_selector("#learn-back", timeout=60_000)
        tap(page, page.locator("#learn-back"))
        page.wait_for_selector("#lobby-form", timeout=60_000)
    finally:
        context.close()
