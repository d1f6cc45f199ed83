"""Every action gets an answer (issue 25): a move that will do nothing asks first, a
click that can do nothing says why, a tile that fits only when turned says so."""

from __future__ import annotations

from playwright.sync_api import Page, expect

HUMAN = "body[data-awaiting=human]"


def wait_human(page: Page) -> None:
    page.wait_for_selector(HUMAN, state="attached", timeout=90_000)


def test_brussels_asks_before_an_action_that_cannot_be_performed(open_game) -> None:
    # Two players at one screen, typed to the action phase: nobody holds materials yet,
    # so an architect on a Build cell would do nothing.
    page = open_game("?game=brussels1893&players=2&seats=human,human&seed=5&first_player=1")
    for n, move in enumerate(("art yellow", "art yellow", "square 3-2", "neutral c1r3", "neutral c2r3"), 1):
        wait_human(page)
        page.fill("#move-input", move)
        page.press("#move-input", "Enter")
        expect(page.locator("body")).to_have_attribute("data-moves", str(n))
    wait_human(page)
    # A placement is one click: only one that would do nothing is a step (it asks).
    cells = page.locator("#board [data-step^='place ']")
    expect(cells.first).to_be_attached()
    assert page.locator("#board [data-move^='place ']").count(), "useful placements stay one click"
    confirm = page.locator("#confirm")
    moves = int(page.get_attribute("body", "data-moves"))
    cells.first.click()
    expect(confirm).to_be_visible()
    expect(page.locator("#confirm-text")).to_contain_text("nothing")
    assert int(page.get_attribute("body", "data-moves")) == moves, "asking made no move"
    # Cancel leaves everything as it was; the question's button makes the move.
    page.click("#confirm [data-action=cancel-confirm]")
    expect(confirm).to_be_hidden()
    assert page.locator("#confirm-move[data-move]").count() == 0, "a hidden question carries no move"
    cells.first.click()
    button = page.locator("#confirm-move[data-move]")
    expect(button).to_be_visible()
    move = button.get_attribute("data-move")
    assert move and move.startswith("place ")
    button.click()
    page.wait_for_function(f"Number(document.body.dataset.moves) > {moves}")
    expect(confirm).to_be_hidden()


def test_a_click_on_no_target_says_why(open_game) -> None:
    page = open_game("?game=brussels1893&players=2&seats=human,random&seed=5&fast=1&first_player=1")
    wait_human(page)
    # The first decision is a starting art tile: a cell of the Art Nouveau board is no target yet.
    cell = page.locator("#board [data-why]").first
    expect(cell).to_be_attached()
    cell.dispatch_event("click")
    expect(page.locator("#error")).not_to_be_empty()


NEW_YORK_MOVES = (
    "shift",
    "grab",
    "acquire Y07",
    "acquire Y08",
    "build B1 rot 0 at 15 2",
    "shift",
    "acquire B02",
    "build B1 rot 0 at 9 5",
    "acquire B05",
    "build B2 rot 0 at 9 6",
    "grab",
    "acquire R01",
    "build B2 rot 1 at 16 8",
    "acquire G02",
    "build B3 rot 1 at 2 11",
    "acquire G03",
    "build B3 rot 1 at 4 11",
)


def test_new_york_shows_the_lots_a_tile_fits_only_when_turned(open_game) -> None:
    # Typed to a position (found in CPython: the first legal move each time) where the
    # silver tile S1, as it lies, fits a lot that it fits only when turned.
    page = open_game("?game=newyork1901&players=2&seats=human,human&seed=5&first_player=1")
    for n, move in enumerate(NEW_YORK_MOVES, 1):
        wait_human(page)
        page.fill("#move-input", move)
        page.press("#move-input", "Enter")
        expect(page.locator("body")).to_have_attribute("data-moves", str(n))
    assert page.locator("#board [data-rotate-hint]").count() == 0, "no hint before a tile is chosen"
    page.click("#board [data-step='build S1']")
    hints = page.locator("#board [data-rotate-hint]")
    expect(hints.first).to_be_attached()
    assert hints.first.get_attribute("data-move") is None and hints.first.get_attribute("data-step") is None
    hints.first.dispatch_event("click")
    expect(page.locator("#error")).to_contain_text("Turn")
