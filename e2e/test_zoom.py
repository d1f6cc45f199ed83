"""The board's zoom on a touch screen (web/board-zoom.mjs), driven by real touch input.

Taps go through page.touchscreen; pinches, long presses and double taps through the
DevTools touch events a finger produces. What is checked is what a player sees: which
part of the board is shown, how big the targets are, and that no gesture plays a move
by accident.
"""

from __future__ import annotations

from typing import Any

import pytest
from phone import PHONE, tappable
from playwright.sync_api import Page, expect

NY = "?game=newyork1901&players=2&seats=human,random&seed=7&fast=1&first_player=1"
TARGET_KEYS = ("move", "step", "draft", "unselect", "action")


@pytest.fixture
def browser_context_args(browser_context_args: dict) -> dict:
    return {**browser_context_args, **PHONE}  # e2e/phone.py's phone: 390x844, touch, scale 3


def settle(page: Page) -> None:
    """Two animation frames: the zoom follows a redraw in the next one."""
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")


def zoom(page: Page) -> dict[str, Any]:
    settle(page)
    return page.evaluate("window.skylineZoom.state()")


def hittable(page: Page, key: str | None = None) -> list[dict[str, Any]]:
    """The board's targets a finger can hit now (phone.tappable: centre on screen, not
    covered by a region button, the frame's clip or a sheet), as x, y = their centre and
    w, h = their size on screen; with `key`, only those carrying data-<key>."""
    settle(page)
    return [
        {**t, "x": t["x"] + t["width"] / 2, "y": t["y"] + t["height"] / 2, "w": t["width"], "h": t["height"]}
        for t in tappable(page)
        if t["inBoard"] and any(t[k] is not None for k in TARGET_KEYS) and (key is None or t[key] is not None)
    ]


def tap_centre(page: Page, selector: str) -> None:
    box = page.locator(selector).first.bounding_box()
    assert box, f"{selector} is not on screen"
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def touch(cdp: Any, kind: str, points: list[tuple[float, float]]) -> None:
    """One touch event of a gesture (the DevTools session keeps the fingers down between calls)."""
    cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [{"x": x, "y": y} for x, y in points]})


def blank_spot(page: Page) -> tuple[float, float]:
    """A point of the board frame with nothing to tap under it."""
    spot = page.evaluate("""() => {
      const f = document.getElementById('board-frame').getBoundingClientRect();
      for (let y = f.top + 10; y < f.bottom - 10; y += 7) for (let x = f.left + 10; x < f.right - 10; x += 7) {
        const hit = document.elementFromPoint(x, y);
        if (hit && hit.closest('#board-frame') && !hit.closest('[data-move],[data-step],[data-action],button'))
          return [x, y];
      }
      return null;
    }""")
    assert spot, "no blank spot on the board"
    return spot[0], spot[1]


def human_turn(page: Page) -> None:
    page.wait_for_selector("body[data-awaiting=human]", state="attached", timeout=60_000)


def test_small_targets_are_reached_through_regions_and_never_tapped_below_24_px(open_game) -> None:
    page = open_game(NY)
    human_turn(page)
    state = zoom(page)
    assert state["mode"] in ("regions", "auto"), state
    if state["mode"] == "regions":
        assert state["regions"] >= 2
        # At the overview a finger hits no board target under 33 px (three quarters of
        # 44, board-zoom.mjs's AS_IS): those are under a region button.
        assert [t for t in hittable(page) if min(t["w"], t["h"]) < 0.75 * 44 - 0.5] == []
        tap_centre(page, ".zoom-region")
        expect(page.locator("#board-frame")).to_have_attribute("data-zoom", "region")
    sizes = hittable(page)
    assert sizes, "zoomed in, and nothing to tap"
    assert min(min(t["w"], t["h"]) for t in sizes) >= 24, sizes
    # The way back to the whole board.
    tap_centre(page, "[data-zoom=out]")
    expect(page.locator("#board-frame")).to_have_attribute("data-zoom", "regions")
    assert zoom(page)["z"] <= 1
    inside = page.evaluate("""() => {
      const s = document.querySelector('#board svg').getBoundingClientRect();
      const f = document.getElementById('board-frame').getBoundingClientRect();
      return s.left >= f.left - 1 && s.right <= f.right + 1 && s.top >= f.top - 1 && s.bottom <= f.bottom + 1;
    }""")
    assert inside, "the whole board is not in view"


# The board targets whose centre lies under the region button `i`: the ones it zooms to.
UNDER_REGION_JS = """(i) => {
  const b = document.querySelectorAll('.zoom-region')[i].getBoundingClientRect();
  const keys = [];
  for (const el of document.querySelectorAll('#board [data-move], #board [data-step]')) {
    const r = el.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (r.width > 0 && x >= b.left && x <= b.right && y >= b.top && y <= b.bottom)
      keys.push(el.getAttribute('data-move') ?? 'step:' + el.getAttribute('data-step'));
  }
  return keys;
}"""


@pytest.mark.parametrize(
    "game, seats",
    [
        ("manhattan", "human,random"),
        ("newyork1901", "human,random"),
        ("chinatown", "human,random,random"),
        ("brussels1893", "human,random"),
    ],
)
def test_a_region_shows_every_one_of_its_targets_clear_of_the_buttons(open_game, game: str, seats: str) -> None:
    """Tapping a region zooms to all of its targets, each one left tappable: none under
    the zoom-out button (the board comes down from under it) nor outside the frame. The
    portrait Chinatown of a tapped game (e2e/test_phone) put a lot under that button."""
    page = open_game(f"?game={game}&players={seats.count(',') + 1}&seats={seats}&seed=7&fast=1&first_player=1")
    human_turn(page)
    seen = 0
    for i in range(8):
        if page.locator("[data-zoom=out]").is_visible():
            tap_centre(page, "[data-zoom=out]")
        settle(page)
        count = page.locator(".zoom-region").count()
        if i >= count:
            break
        wanted = page.evaluate(UNDER_REGION_JS, i)
        tap_centre(page, f".zoom-region >> nth={i}")
        reached = {t["move"] if t["move"] is not None else f"step:{t['step']}" for t in hittable(page)}
        missing = [k for k in wanted if k not in reached]
        assert not missing, f"region {i + 1}/{count}: {missing} cannot be tapped once zoomed ({zoom(page)})"
        seen += len(wanted)
    print(f"{game}: {seen} targets reached through the regions")


# A board of tiny targets at its four corners and its centre, with the frame's own
# shape so that its corners are the frame's: the one in the top right corner is where
# the zoom-out button sits once zoomed in. Drawn into the page as a renderer's board is.
CORNERS_JS = """() => {
  const b = document.getElementById('board'), w = b.clientWidth * 3, h = b.clientHeight * 3;
  const s = 60;  // 20 px on screen: zoomed about twice to reach 44 px
  const cells = [[0, 0], [w - s, 0], [0, h - s], [w - s, h - s], [w / 2 - s / 2, h / 2 - s / 2]];
  b.innerHTML = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}"><rect width="${w}" height="${h}"
    fill="#eee"/>${cells.map(([x, y]) => `<rect x="${x}" y="${y}" width="${s}" height="${s}"
    data-step="cell ${x} ${y}"/>`).join('')}</svg>`;
}"""


def test_a_target_zoomed_into_a_corner_is_not_left_under_the_zoom_out_button(open_game) -> None:
    page = open_game(NY)
    human_turn(page)
    page.evaluate(CORNERS_JS)
    state = zoom(page)
    assert state["mode"] == "regions" and state["regions"] == 5, state
    for i in range(5):
        if page.locator("[data-zoom=out]").is_visible():
            tap_centre(page, "[data-zoom=out]")
        settle(page)
        wanted = page.evaluate(UNDER_REGION_JS, i)
        assert len(wanted) == 1, wanted
        tap_centre(page, f".zoom-region >> nth={i}")
        reached = [f"step:{t['step']}" for t in hittable(page, "step")]
        assert reached == wanted, f"region {i + 1}: {wanted} zoomed to, {reached} tappable ({zoom(page)})"
        assert min(min(t["w"], t["h"]) for t in hittable(page, "step")) >= 24 - 0.05


def reach(page: Page, key: str, prefix: str = "") -> dict[str, Any]:
    """A tappable board element whose data-<key> starts with `prefix`, going through the
    regions one by one as a player would: zoom out, tap the next region, look."""
    for i in range(12):
        found = [t for t in hittable(page, key) if t[key].startswith(prefix)]
        if found:
            return found[0]
        if page.locator("[data-zoom=out]").is_visible():
            tap_centre(page, "[data-zoom=out]")
        regions = page.locator(".zoom-region")
        if regions.count():
            tap_centre(page, f".zoom-region >> nth={i % regions.count()}")
    raise AssertionError(f"no [data-{key}^={prefix!r}] reachable by taps")


def test_new_york_a_tile_is_chosen_turned_and_placed_by_taps_only(open_game) -> None:
    page = open_game(NY)
    # Acquire lots by taps until the player may build (a tile to choose appears).
    for _ in range(8):
        human_turn(page)
        if page.locator("#board [data-step^='build ']").count():
            break
        lot = reach(page, "move", "acquire")
        moves = page.get_attribute("body", "data-moves")
        page.touchscreen.tap(lot["x"], lot["y"])
        page.wait_for_function(f"document.body.getAttribute('data-moves') !== '{moves}'")
    tile = reach(page, "step", "build ")
    before = page.get_attribute("body", "data-moves")
    page.touchscreen.tap(tile["x"], tile["y"])
    page.wait_for_function("document.querySelector('#board [data-move^=\"build \"]') !== null")
    assert page.get_attribute("body", "data-moves") == before, "choosing a tile played a move"
    assert all(min(t["w"], t["h"]) >= 24 for t in hittable(page))
    # Without hover, every place the tile may go shows what it scores.
    places = page.locator("#board [data-move^='build ']")
    scores = page.locator("#board .target-score")
    assert places.count() > 0 and scores.count() == places.count()
    assert all(label.startswith("+") for label in scores.all_text_contents())
    # A tap on a square that is not a place says which rule refuses it, and plays nothing.
    reach(page, "move", "build ")  # into a region that holds places
    refused = page.evaluate("""() => {
      for (const e of document.querySelectorAll('#board [data-cell]:not([data-move])')) {
        const r = e.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
        const f = document.getElementById('board-frame').getBoundingClientRect();
        if (x < f.left + 4 || y < f.top + 4 || x > f.right - 50 || y > f.bottom - 4) continue;
        const hit = document.elementFromPoint(x, y);
        if (hit && hit.closest('#board') && !hit.closest('[data-move],[data-step],[data-action]')) return [x, y];
      }
      return null;
    }""")
    assert refused, "no square without a place in view"
    page.touchscreen.tap(*refused)
    expect(page.locator("#hint")).not_to_be_empty()
    assert page.get_attribute("body", "data-moves") == before
    # The Turn button, a thumb's size, turns the tile: the places change with it.
    turn = page.locator("#rotate")
    expect(turn).to_be_visible()
    box = turn.bounding_box()
    assert box["width"] >= 44 and box["height"] >= 44
    shown = page.evaluate(
        "() => [...document.querySelectorAll('#board [data-move^=\"build \"]')]"
        ".map((e) => e.getAttribute('data-move')).join(';')"
    )
    for _ in range(3):  # a square tile's turn may give the same places; an oblong one's never all
        tap_centre(page, "#rotate")
        now = page.evaluate(
            "() => [...document.querySelectorAll('#board [data-move^=\"build \"]')]"
            ".map((e) => e.getAttribute('data-move')).join(';')"
        )
        if now != shown:
            break
    place = reach(page, "move", "build ")
    page.touchscreen.tap(place["x"], place["y"])
    page.wait_for_function(f"document.body.getAttribute('data-moves') !== '{before}'")


def test_a_pinch_zooms_and_the_zoom_survives_a_redraw(open_game) -> None:
    page = open_game(NY)
    human_turn(page)
    if zoom(page)["z"] > 1:
        tap_centre(page, "[data-zoom=out]")
    f = page.locator("#board svg").bounding_box()  # the drawing, not the frame's blank foot
    cx, cy = f["x"] + f["width"] / 2, f["y"] + f["height"] / 2
    cdp = page.context.new_cdp_session(page)
    touch(cdp, "touchStart", [(cx - 20, cy), (cx + 20, cy)])
    for step in range(1, 9):
        touch(cdp, "touchMove", [(cx - 20 - 10 * step, cy), (cx + 20 + 10 * step, cy)])
    touch(cdp, "touchEnd", [])
    state = zoom(page)
    assert state["mode"] == "user" and state["z"] > 2, state
    # A redraw with the same choice on the board (here: the page's language) keeps it.
    tap_centre(page, "#menu-button")
    page.select_option("#lang", "fr")
    page.wait_for_function("document.documentElement.lang === 'fr'")
    after = zoom(page)
    assert after["z"] == pytest.approx(state["z"]) and after["tx"] == pytest.approx(state["tx"]), (state, after)
    # A new game starts from the whole board again.
    page.evaluate("location.search = '?game=manhattan&players=2&seats=human,random&seed=3&fast=1'")
    page.wait_for_selector("body[data-ready]", state="attached", timeout=60_000)
    human_turn(page)
    assert zoom(page)["mode"] != "user"


def double_tap(page: Page, x: float, y: float) -> None:
    """Two taps at one point, as one double tap: tried again (three times at most) when a
    busy machine let more than board-zoom.mjs's 320 ms pass between the two lifts, which
    the page rightly takes for two single taps."""
    page.evaluate(
        "if (!window.__lifts) { window.__lifts = []; addEventListener('pointerup', (e) => window.__lifts.push(e.timeStamp), true); }"
    )
    for _ in range(3):
        page.evaluate("window.__lifts.length = 0")
        page.touchscreen.tap(x, y)
        page.touchscreen.tap(x, y)
        lifts = page.evaluate("window.__lifts")
        if len(lifts) == 2 and lifts[1] - lifts[0] < 320:
            return
        page.wait_for_timeout(400)  # no third tap joins the second one
    raise AssertionError(f"no two taps came within a double tap's time: lifts at {lifts}")


def test_a_double_tap_on_the_board_zooms_in_and_out(open_game) -> None:
    page = open_game("?game=manhattan&players=2&seats=human,random&seed=3&fast=1&first_player=1")
    human_turn(page)
    if zoom(page)["z"] > 1:
        tap_centre(page, "[data-zoom=out]")
    page.evaluate("document.querySelectorAll('.zoom-region,.zoom-shield').forEach((e) => e.remove())")
    moves = page.get_attribute("body", "data-moves")
    x, y = blank_spot(page)
    double_tap(page, x, y)
    assert zoom(page)["z"] == pytest.approx(2.5)
    x, y = blank_spot(page)
    double_tap(page, x, y)
    # The whole board: its width, or less for a drawing taller than the frame.
    assert zoom(page)["z"] <= 1
    expect(page.locator("[data-zoom=out]")).to_be_hidden()
    assert page.get_attribute("body", "data-moves") == moves


def test_a_long_press_shows_the_tooltip_and_plays_nothing(open_game) -> None:
    page = open_game("?game=brussels1893&players=2&seats=human,random&seed=3&fast=1&first_player=1")
    human_turn(page)
    targets = hittable(page)
    if not targets:
        tap_centre(page, ".zoom-region")
        targets = hittable(page)
    target = next(t for t in targets if t["move"])
    moves = page.get_attribute("body", "data-moves")
    cdp = page.context.new_cdp_session(page)
    touch(cdp, "touchStart", [(target["x"], target["y"])])
    page.wait_for_timeout(900)  # the press must outlast the long-press delay (550 ms)
    touch(cdp, "touchEnd", [])
    tip = page.locator(".zoom-tip")
    expect(tip).to_be_visible()
    assert tip.inner_text().strip()
    page.wait_for_timeout(300)
    assert page.get_attribute("body", "data-moves") == moves, "a long press played the move it pressed"
    # It goes by itself a while after the finger lifted (board-zoom.mjs's TIP_MS)...
    expect(tip).to_be_hidden(timeout=10_000)
    # ...or at the next touch anywhere, even off the board.
    touch(cdp, "touchStart", [(target["x"], target["y"])])
    page.wait_for_timeout(900)
    touch(cdp, "touchEnd", [])
    expect(tip).to_be_visible()
    box = page.locator("#prompt").bounding_box()
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    expect(tip).to_be_hidden()
    assert page.get_attribute("body", "data-moves") == moves
    # A plain tap on the same target still plays it.
    page.touchscreen.tap(target["x"], target["y"])
    page.wait_for_function(f"document.body.getAttribute('data-moves') !== '{moves}'")
    expect(tip).to_be_hidden()


# Every click the page's own listener on #app hears, in order, with what it landed on.
HEARD_JS = """() => {
  window.__heard = [];
  document.getElementById('app').addEventListener('click', (e) => {
    const t = e.target.closest && e.target.closest('[data-move],[data-step],[data-sheet]');
    window.__heard.push(t ? (t.getAttribute('data-step') || t.getAttribute('data-move') || t.getAttribute('data-sheet')) : e.target.id);
  });
}"""


def test_a_tap_plays_as_the_finger_lifts_once_and_the_next_tap_is_heard(open_game) -> None:
    """board-zoom plays a tap on a target when the finger lifts and swallows the click the
    browser sends after it: the page must hear that tap exactly once, and the next tap,
    outside the board, must still be heard."""
    page = open_game(NY)
    human_turn(page)
    page.evaluate(HEARD_JS)
    target = reach(page, "move", "acquire")
    moves = page.get_attribute("body", "data-moves")
    page.evaluate("window.__heard = []")
    page.touchscreen.tap(target["x"], target["y"])
    page.wait_for_function(f"document.body.getAttribute('data-moves') !== '{moves}'")
    page.wait_for_timeout(300)  # time for a second click, if one were let through
    assert page.evaluate("window.__heard") == [target["move"]]
    assert int(page.get_attribute("body", "data-moves")) == int(moves) + 1
    tap_centre(page, "[data-sheet=scores-card]")
    expect(page.locator("#game")).to_have_attribute("data-open-sheet", "scores-card")
    assert page.evaluate("window.__heard")[-1] == "scores-card"
