"""A redraw writes only the parts of the board that changed (web/skyweb/dom.py's
Drawn, planned by patch.py). Whatever it patched, the board's DOM must be the DOM the
whole text would have built: checked after every click of a game against bots, after
an undo and after the language changes (which rewrites nearly every group)."""

from __future__ import annotations

import random

import pytest
from e2e_play import snapshot
from playwright.sync_api import Page

# The board's DOM against a fresh parse of the text the page last drew into it, node by
# node: names, attributes (in any order: setting them on a kept group appends new
# ones), text. Returns null, or where they first differ.
SAME_JS = """() => {
  const fresh = document.createElement('div');
  fresh.innerHTML = window.skylineBoardText();
  const show = (n) => n.nodeType === 1 ? n.outerHTML.slice(0, 200) : JSON.stringify(n.textContent);
  const attrs = (n) => [...n.attributes].map(a => `${a.name}=${a.value}`).sort().join(' ');
  function diff(a, b, path) {
    if (a.nodeType !== b.nodeType || a.nodeName !== b.nodeName) return {path, board: show(a), text: show(b)};
    if (a.nodeType !== 1) return a.textContent === b.textContent ? null : {path, board: show(a), text: show(b)};
    if (attrs(a) !== attrs(b)) return {path, board: attrs(a), text: attrs(b)};
    return children(a, b, path);
  }
  function children(a, b, path) {
    if (a.childNodes.length !== b.childNodes.length)
      return {path: path + ` (${a.childNodes.length} vs ${b.childNodes.length} children)`, board: show(a), text: show(b)};
    for (let i = 0; i < a.childNodes.length; i++) {
      const d = diff(a.childNodes[i], b.childNodes[i], `${path} > ${a.childNodes[i].nodeName}[${i}]`);
      if (d) return d;
    }
    return null;
  }
  const board = document.getElementById('board');
  return board.childNodes.length ? children(board, fresh, '#board') : {path: '#board is empty', board: '', text: ''};
}"""
GAMES = {"manhattan": 2, "newyork1901": 2, "chinatown": 3, "brussels1893": 2}


def check(page: Page, when: str) -> None:
    page.mouse.move(1, 1)  # off the board: no hover preview in its layer
    page.wait_for_function("() => !document.querySelector('#board #hover-layer *')")
    diff = page.evaluate(SAME_JS)
    assert diff is None, (
        f"{when}: the patched board differs from its text at {diff['path']}:\n"
        f"  DOM:  {diff['board']}\n  text: {diff['text']}"
    )


def human_turn(page: Page) -> dict:
    page.wait_for_selector("body[data-awaiting=human], body[data-game-over]", state="attached", timeout=60_000)
    cont = page.locator("#board [data-continue]")
    if cont.count():
        cont.first.click()
    return snapshot(page)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_patched_board_is_the_board_its_text_draws(open_game, name: str) -> None:
    players = GAMES[name]
    page = open_game(
        f"?game={name}&players={players}&seats=human{',random' * (players - 1)}&seed=11&fast=1&first_player=1"
    )
    rng = random.Random(11)
    check(page, "the first board")
    for i in range(24):
        s = human_turn(page)
        if s["over"]:
            break
        kind = "move" if s["nMove"] and (not s["nStep"] or rng.random() < 0.5) else "step"
        targets = page.locator(f"#board [data-{kind}]")
        targets.nth(rng.randrange(targets.count())).click()
        check(page, f"click {i + 1} (a {kind})")
        if i == 10 and not page.locator("#undo").is_disabled():
            page.locator("#undo").click()
            check(page, "an undo")
    page.select_option("#lang", "fr")
    page.wait_for_selector("html[lang=fr]", state="attached")
    check(page, "the language changed")


def test_after_a_click_on_the_board_the_side_follows(open_game) -> None:
    """A click on the board draws the board in its own task and the side of the screen
    after the next paint (ui.App.draw_side): it must come, and the move be saved."""
    page = open_game("?game=manhattan&players=2&seats=human,random&seed=4&fast=1&first_player=1")
    for _ in range(6):  # steps until a click completes a move
        page.wait_for_selector("body[data-awaiting=human]", state="attached")
        s = snapshot(page)
        if s["nMove"]:
            break
        page.locator("#board [data-step]").first.click()
    moves = snapshot(page)["moves"]
    page.locator("#board [data-move]").first.click()
    n = moves + 1
    page.wait_for_selector(f'#log [data-at="{n}"]', state="attached")
    page.wait_for_function(f"JSON.parse(localStorage.getItem('skyline.autosave')).moves.length >= {n}")
    page.wait_for_function(f"Number(document.getElementById('replay-slider').max) >= {n}")
