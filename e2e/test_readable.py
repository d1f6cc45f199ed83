"""A newcomer on a 1366x768 desktop can read every screen (issue 25).

- every board text measures 11 px or more on screen (its font size times the drawing's
  scale, read with getScreenCTM, and its box with getBoundingClientRect), in the lobby,
  mid-game and at the end, in every game;
- the end screen's chart draws every player's line at a contrast of 3:1 or more against
  the chart's background;
- one seat has one colour: its dot, its marker on the board's score track and its chart
  line (all read from the DOM);
- the lobby's Start button is on screen without scrolling.
"""

from __future__ import annotations

import random
import re

import pytest
from conftest import finished_game
from playwright.sync_api import Page, expect

import pyengine

GAMES = list(pyengine.GAMES)
DESKTOP = {"width": 1366, "height": 768}
READABLE = 11  # px
CLICKS = 12  # human clicks into a game, with the bots' replies: mid-game

TEXTS_JS = """() => [...document.querySelectorAll('#board svg text, #end svg text')].map(t => {
  const r = t.getBoundingClientRect(), cs = getComputedStyle(t), m = t.getScreenCTM();
  return {px: parseFloat(cs.fontSize) * Math.hypot(m.a, m.b), h: r.height, shown: !!(r.width || r.height)
          && cs.visibility !== 'hidden' && cs.display !== 'none', text: t.textContent.slice(0, 40)};
})"""


@pytest.fixture
def desktop(page: Page) -> Page:
    page.set_viewport_size(DESKTOP)
    return page


def small_texts(page: Page) -> list[str]:
    texts = page.evaluate(TEXTS_JS)
    hidden = [t["text"] for t in texts if not t["shown"] and t["text"].strip()]
    assert not hidden, f"board texts hidden on a desktop: {hidden[:8]}"
    return [f"{t['text']!r} {t['px']:.1f}px" for t in texts if t["px"] < READABLE and t["text"].strip()]


def url(name: str, seats: list[str], extra: str = "") -> str:
    return f"?game={name}&players={len(seats)}&seats={','.join(seats)}&seed=5&fast=1&first_player=1{extra}"


def players(name: str) -> int:
    counts = pyengine.load_game(name).player_counts
    return 4 if 4 in counts else max(counts)


def play_a_little(page: Page, clicks: int) -> None:
    """Random human clicks on what the UI testing contract marks, bots replying."""
    rng = random.Random(3)
    for _ in range(clicks):
        page.wait_for_selector("body[data-awaiting=human], body[data-game-over]", state="attached", timeout=90_000)
        if page.evaluate("document.body.hasAttribute('data-game-over')"):
            return
        cont = page.locator("[data-continue]")
        if cont.count() and cont.first.is_visible():
            cont.first.click()
            continue
        moves, steps = page.locator("[data-move]"), page.locator("#board [data-step]")
        if moves.count():
            moves.nth(rng.randrange(moves.count())).click()
        elif steps.count():
            steps.nth(rng.randrange(steps.count())).click()
        else:
            return


# Brussels' Belle Époque adds a band to its drawing: the tallest board of all.
SETUPS = [(name, {}) for name in GAMES] + [("brussels1893", {"belle_epoque": True, "variant": True})]


@pytest.mark.parametrize("name, options", SETUPS, ids=[n + ("-expansion" if o else "") for n, o in SETUPS])
def test_every_board_text_reads_at_11_px_on_a_desktop(open_game, desktop: Page, name: str, options: dict) -> None:
    n = players(name)
    extra = "".join(f"&{option}=1" for option, on in options.items() if on)  # the page's query for the same game
    open_game(url(name, ["human"] + ["random"] * (n - 1), extra))
    desktop.wait_for_selector("body[data-awaiting=human]", state="attached", timeout=90_000)
    assert small_texts(desktop) == [], "at the start"
    play_a_little(desktop, CLICKS)
    assert small_texts(desktop) == [], "mid-game"
    open_game(finished_game(name, n, options))
    desktop.wait_for_selector("body[data-game-over]", state="attached", timeout=90_000)
    assert desktop.locator("#end svg text").count(), "the end screen shows its chart"
    assert small_texts(desktop) == [], "at the end"


FRAME_JS = """() => {
  const f = document.getElementById('board-frame').getBoundingClientRect();
  const s = document.querySelector('#board svg').getBoundingClientRect();
  return {frameBottom: f.bottom, svgBottom: s.bottom, svgTop: s.top, frameTop: f.top};
}"""


def test_a_board_too_tall_to_read_whole_scrolls_under_the_wheel(open_game, desktop: Page) -> None:
    """Brussels with its expansion spans the frame's width and runs below it (fitting it
    whole would shrink its texts under 11 px): the wheel brings its foot into view, and
    the zoom-out button shows all of it."""
    open_game(url("brussels1893", ["human", "random", "random", "random"], "&belle_epoque=1"))
    desktop.wait_for_selector("body[data-awaiting=human]", state="attached", timeout=90_000)
    before = desktop.evaluate(FRAME_JS)
    assert before["svgBottom"] > before["frameBottom"] + 50, before
    frame = desktop.locator("#board-frame").bounding_box()
    desktop.mouse.move(frame["x"] + frame["width"] / 2, frame["y"] + frame["height"] / 2)
    desktop.mouse.wheel(0, 2000)
    desktop.wait_for_function(
        "() => { const f = document.getElementById('board-frame').getBoundingClientRect();"
        " return document.querySelector('#board svg').getBoundingClientRect().bottom"
        " <= f.bottom + 1; }"
    )
    after = desktop.evaluate(FRAME_JS)
    assert after["svgTop"] < before["svgTop"] - 50, (before, after)
    assert small_texts(desktop) == [], "scrolled"
    desktop.click("[data-zoom=out]")
    whole = desktop.evaluate(FRAME_JS)
    assert whole["svgTop"] >= whole["frameTop"] - 1 and whole["svgBottom"] <= whole["frameBottom"] + 1, whole


def test_the_lobby_shows_start_and_no_small_text(open_game, desktop: Page) -> None:
    open_game("")
    start = desktop.locator("#lobby-form button[type=submit]")
    expect(start).to_be_in_viewport()
    assert desktop.evaluate(
        "(() => { const r = document.querySelector('#lobby-form button[type=submit]')"
        ".getBoundingClientRect(); return r.bottom <= innerHeight && r.top >= 0; })()"
    )
    assert desktop.evaluate("document.querySelectorAll('#lobby svg text').length") == 0 or small_texts(desktop) == []


def luminance(css: str) -> float:
    nums = (
        [int(x) for x in re.findall(r"\d+", css)[:3]]
        if css.startswith("rgb")
        else [int(css.lstrip("#")[i : i + 2], 16) for i in (0, 2, 4)]
    )
    lin = [c / 255 / 12.92 if c / 255 <= 0.03928 else ((c / 255 + 0.055) / 1.055) ** 2.4 for c in nums]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


SEAT_COLOURS_JS = """() => {
  const colour = e => e ? getComputedStyle(e)[e instanceof SVGElement ? (e.tagName === 'polyline' ? 'stroke' : 'fill')
                                                                        : 'backgroundColor'] : null;
  const out = [];
  for (const line of document.querySelectorAll('#end .score-chart polyline[data-player]')) {
    const p = line.dataset.player;
    out.push({p, line: colour(line), dot: colour(document.querySelector(`#scores .chip[data-player="${p}"]`)),
              marker: colour(document.querySelector(`#board [data-score-marker="${p}"]`))});
  }
  const bg = document.querySelector('#end .score-chart rect');
  return {seats: out, background: bg ? getComputedStyle(bg).fill : null};
}"""


@pytest.mark.parametrize("name", GAMES)
def test_one_colour_per_seat_and_every_chart_line_stands_out(open_game, desktop: Page, name: str) -> None:
    n = max(pyengine.load_game(name).player_counts)  # every seat colour the game has
    open_game(finished_game(name, n))
    desktop.wait_for_selector("body[data-game-over]", state="attached", timeout=90_000)
    found = desktop.evaluate(SEAT_COLOURS_JS)
    assert len(found["seats"]) == n
    for seat in found["seats"]:
        assert seat["line"] == seat["dot"] == seat["marker"], f"{name}: seat {seat['p']} has several colours: {seat}"
        assert contrast(seat["line"], found["background"]) >= 3, (
            f"{name}: seat {seat['p']}'s chart line {seat['line']} on {found['background']}"
        )
