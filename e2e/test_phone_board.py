"""The board on a phone: readable text only, and the drawing arranged for the screen.

A phone held upright gets the portrait drawing of the games that have one (the map
across the whole width, the player's own seat under it), chosen by style.css; turning
the phone redraws. On a touch screen no board text shows under 12 px: what would is
hidden until a zoom makes it readable (web/board-zoom.mjs).
"""

from __future__ import annotations

from typing import Any

import pytest
import test_phone
from conftest import finished_game
from phone import LANDSCAPE, PHONE, SMALL, TABLET
from playwright.sync_api import Page
from test_phone import GAMES, against_bots, settled, wait_human
from test_zoom import touch

import pyengine

# test_phone's fixtures, used here by name (pytest finds fixtures among a module's names).
page = test_phone.page
profile = test_phone.profile

PORTRAIT_GAMES = [name for name in GAMES if pyengine.load_game(name).portrait]
READABLE = 12  # px

# Every board text drawn inside the frame: its size on screen (font size times the
# drawing's scale and the zoom) and whether it is shown.
TEXTS_JS = """() => {
  const f = document.getElementById('board-frame').getBoundingClientRect();
  const out = [];
  for (const t of document.querySelectorAll('#board svg text')) {
    const r = t.getBoundingClientRect();
    if (!r.width || r.bottom < f.top || r.top > f.bottom || r.right < f.left || r.left > f.right) continue;
    const cs = getComputedStyle(t), m = t.getScreenCTM();
    out.push({px: parseFloat(cs.fontSize) * Math.hypot(m.a, m.b), shown: cs.visibility !== 'hidden',
              text: t.textContent.slice(0, 30), x: r.left + r.width / 2, y: r.top + r.height / 2});
  }
  return out;
}"""


def texts(page: Page) -> list[dict[str, Any]]:
    settled(page)
    return page.evaluate(TEXTS_JS)


def assert_readable(page: Page, where: str) -> list[dict[str, Any]]:
    """Every board text in the frame shows if and only if it is 12 px or more on screen."""
    found = texts(page)
    small = [t for t in found if t["shown"] and t["px"] < READABLE - 0.05]
    assert not small, f"{where}: {len(small)} texts under {READABLE} px, e.g. {small[:3]}"
    hidden = [t for t in found if not t["shown"] and t["px"] > READABLE + 0.05]
    assert not hidden, f"{where}: {len(hidden)} readable texts hidden, e.g. {hidden[:3]}"
    return found


@pytest.mark.parametrize("profile", [PHONE, SMALL, TABLET], ids=["phone", "small", "tablet"])
@pytest.mark.parametrize("name", GAMES)
def test_no_board_text_shows_under_12_px_and_a_zoom_brings_it_back(
    open_game, page: Page, name: str, profile: dict[str, Any]
) -> None:
    open_game(against_bots(name))
    wait_human(page)
    assert_readable(page, f"{name} first turn")
    # Back to the whole board, then zoomed in by a pinch (no timing in it, unlike a double
    # tap): texts hidden at the overview show once they reach 12 px.
    page.evaluate("window.skylineZoom.overview()")
    page.evaluate("document.querySelectorAll('.zoom-region,.zoom-shield').forEach((e) => e.remove())")
    start = page.evaluate("window.skylineZoom.state().z")  # under 1 for a drawing taller than the frame
    whole = assert_readable(page, f"{name} whole board")
    # About the largest text hidden now (or any text): the point under the fingers stays.
    f = page.locator("#board-frame").bounding_box()
    inside = [t for t in whole if f["x"] + 110 < t["x"] < f["x"] + f["width"] - 110]
    aim = max(inside, key=lambda t: (not t["shown"], t["px"]), default=None)
    cx, cy = (aim["x"], aim["y"]) if aim else (f["x"] + f["width"] / 2, f["y"] + f["height"] / 2)
    cdp = page.context.new_cdp_session(page)
    touch(cdp, "touchStart", [(cx - 20, cy), (cx + 20, cy)])
    for step in range(1, 9):
        touch(cdp, "touchMove", [(cx - 20 - 10 * step, cy), (cx + 20 + 10 * step, cy)])
    touch(cdp, "touchEnd", [])
    settled(page)
    assert page.evaluate("window.skylineZoom.state().z") > 2 * start  # the fingers went 5 times apart
    zoomed = assert_readable(page, f"{name} zoomed in")
    if profile is PHONE:  # (a tablet may draw every text of a board at 12 px or more)
        assert any(not t["shown"] for t in whole), f"{name}: nothing hidden at the whole board's scale"
    if profile is not SMALL:  # a 320 px screen needs more than a double tap's zoom for some games
        assert any(t["shown"] for t in zoomed), f"{name}: zooming in showed no text"


@pytest.mark.parametrize("name", PORTRAIT_GAMES)
def test_a_phone_held_upright_gets_the_portrait_drawing_and_turning_it_redraws(
    open_game, page: Page, name: str
) -> None:
    open_game(against_bots(name))
    wait_human(page)
    settled(page)
    moves = page.get_attribute("body", "data-moves")
    info = (
        "() => { const s = document.querySelector('#board svg'), f = document.getElementById('board-frame');"
        " return {portrait: s.classList.contains('portrait'), width: s.clientWidth, frame: f.clientWidth}; }"
    )
    upright = page.evaluate(info)
    assert upright["portrait"], upright
    assert upright["width"] >= upright["frame"] - 20, f"the drawing does not span the frame: {upright}"
    page.set_viewport_size(LANDSCAPE["viewport"])
    page.wait_for_function("!document.querySelector('#board svg').classList.contains('portrait')")
    page.set_viewport_size(PHONE["viewport"])
    page.wait_for_function("document.querySelector('#board svg').classList.contains('portrait')")
    assert page.get_attribute("body", "data-moves") == moves  # a redraw, not a move
    # Every target of the turn is still reachable: the zoom's view follows the new drawing.
    settled(page)
    assert page.evaluate("document.querySelectorAll('#board [data-move],#board [data-step]').length") > 0


# Every text of the page outside the board (HTML, and the end screen's chart) that is
# drawn: its size on screen.
PAGE_TEXTS_JS = """() => {
  const out = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const e = n.parentElement;
    if (!n.textContent.trim() || e.closest('#board') || e.closest('title')) continue;
    const r = e.getBoundingClientRect(), cs = getComputedStyle(e);
    if (!r.width || !r.height || cs.visibility === 'hidden') continue;
    const m = e.getScreenCTM ? e.getScreenCTM() : null;
    out.push({px: parseFloat(cs.fontSize) * (m ? Math.hypot(m.a, m.b) : 1), text: n.textContent.trim().slice(0, 30)});
  }
  return out;
}"""


def test_the_end_screen_has_no_text_under_12_px_on_a_phone(open_game, page: Page) -> None:
    open_game(finished_game("manhattan", 2, seed=1))
    page.wait_for_selector("body[data-game-over]", state="attached", timeout=90_000)
    settled(page)
    assert page.locator("#end svg.score-chart text").count() > 0
    found = page.evaluate(PAGE_TEXTS_JS)
    chart = page.evaluate("[...document.querySelectorAll('#end svg.score-chart text')].length")
    small = [t for t in found if t["px"] < READABLE - 0.05]
    assert not small, f"texts under {READABLE} px at the end screen: {small[:5]} (chart texts: {chart})"
    assert_readable(page, "the final board")
