"""Phone helpers for the browser tests and the benchmark (not a test module): device
profiles, a probe of what a finger can tap, and a play loop that only taps.

Everything here taps with `page.touchscreen.tap(x, y)` at the centre of an element's
box, the way a finger lands on what it sees: never `click()` (which would scroll,
retry and find a hittable point by itself) and never the keyboard. A target counts as
tappable only when the element at its centre is the target itself or inside it, so
what a zoom region button, a closed sheet or the board frame's clipping hides is not.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from e2e_play import play_to_the_end  # the click tests' loop and view of the page
from playwright.sync_api import Locator, Page

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / "build" / "phone-failures"

# Device profiles for browser.new_context(**profile). A coarse pointer (has_touch and
# is_mobile) is what turns on the board's automatic zoom in web/board-zoom.mjs.
PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "is_mobile": True,
    "has_touch": True,
    "device_scale_factor": 3,
}
LANDSCAPE: dict[str, Any] = {**PHONE, "viewport": {"width": 844, "height": 390}}
TABLET: dict[str, Any] = {
    "viewport": {"width": 820, "height": 1180},
    "is_mobile": True,
    "has_touch": True,
    "device_scale_factor": 2,
}
# The narrowest screen the layout promises to fit (an iPhone SE of 2016).
SMALL: dict[str, Any] = {**PHONE, "viewport": {"width": 320, "height": 568}}
PROFILES: dict[str, dict[str, Any]] = {"phone": PHONE, "landscape": LANDSCAPE, "tablet": TABLET, "small": SMALL}

GOAL = 44  # px: the size a finger target should have (WCAG 2.5.5, Apple, Material)
FLOOR = 24  # px: the size it must have (WCAG 2.2, 2.5.8)

TAPPABLE = (
    "[data-move],[data-step],[data-draft],[data-unselect],[data-continue],[data-action],"
    "button,select,input:not([type=hidden]),a[href],.zoom-region"
)

# Every element of TAPPABLE a finger can hit now: rendered, its box's centre inside the
# viewport, and the element the browser hit-tests at that centre is the target or inside
# it (so not under a region button, a sheet or the zoom-out button, nor clipped away).
PROBE_JS = """() => {
  const W = innerWidth, H = innerHeight;
  const out = [];
  const centreHit = (el) => {
    const r = el.getBoundingClientRect();
    if (r.width <= 0 || r.height <= 0) return null;
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (x < 0 || y < 0 || x >= W || y >= H) return null;
    const at = document.elementFromPoint(x, y);
    return at && (at === el || el.contains(at)) ? r : null;
  };
  for (const el of document.querySelectorAll(__TAPPABLE__)) {
    const r = centreHit(el);
    if (!r) continue;
    const a = (n) => el.getAttribute(n);
    out.push({
      x: r.left, y: r.top, width: r.width, height: r.height,
      tag: el.tagName.toLowerCase(), id: el.id || '', cls: (el.getAttribute('class') || ''),
      move: a('data-move'), step: a('data-step'), draft: a('data-draft'), unselect: a('data-unselect'),
      action: a('data-action'), cont: el.hasAttribute('data-continue'), zoom: a('data-zoom'),
      region: el.classList.contains('zoom-region'), sheet: a('data-sheet'),
      inBoard: !!el.closest('#board'), inZoomLayer: !!el.closest('.zoom-layer'),
      label: (a('aria-label') || el.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 60),
    });
  }
  return out;
}""".replace("__TAPPABLE__", repr(TAPPABLE))

# The rendered elements matching a selector, in document order, with their boxes and
# whether a tap at the centre would reach them.
MATCHES_JS = """(selector) => [...document.querySelectorAll(selector)].map((el, i) => {
  const r = el.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  const inside = r.width > 0 && r.height > 0 && x >= 0 && y >= 0 && x < innerWidth && y < innerHeight;
  const at = inside ? document.elementFromPoint(x, y) : null;
  return {i, x: r.left, y: r.top, width: r.width, height: r.height, rendered: r.width > 0 && r.height > 0,
          tappable: !!at && (at === el || el.contains(at)),
          // Under the zoom layer's own cover (a region button, or the overview's shield).
          shielded: !!at && !!at.closest('.zoom-layer') && !at.closest('[data-zoom=out]'),
          kind: el.hasAttribute('data-move') ? 'move' : el.hasAttribute('data-step') ? 'step'
                : el.hasAttribute('data-draft') ? 'draft' : el.hasAttribute('data-unselect') ? 'unselect' : 'other',
          value: el.getAttribute('data-move') ?? el.getAttribute('data-step') ?? el.getAttribute('data-draft')
                 ?? el.getAttribute('data-unselect') ?? ''};
})"""

# Before a tap: start counting DOM changes (any node or attribute anywhere: a redraw,
# the zoom's transform, a region button, the pass screen). After it, the page has
# answered once something changed and two animation frames have passed, so the zoom's
# own reaction to a redraw (a MutationObserver and a ResizeObserver) is in too.
# Each is one round trip to the page: a game played by taps makes thousands of them.
_ARM = """
  if (window.__tapObserver) window.__tapObserver.disconnect();
  window.__tapChanges = 0;
  window.__tapObserver = new MutationObserver((list) => { window.__tapChanges += list.length; });
  window.__tapObserver.observe(document.body, {subtree: true, childList: true, attributes: true});
"""
_ARM_JS = "() => {" + _ARM + "}"
_FRAMES = "new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"
# Resolves true once the page changed and drew it, false if nothing changed in time.
_SETTLED_JS = (
    """(timeout) => new Promise((resolve) => {
  const end = performance.now() + timeout;
  const poll = () => {
    if (window.__tapChanges > 0) return """
    + _FRAMES
    + """.then(() => resolve(true));
    if (performance.now() > end) return resolve(false);
    setTimeout(poll, 20);
  };
  poll();
})"""
)
# Two frames (what is painted is what an eye aims at), then the matches of a selector
# (MATCHES_JS), then arm the change counter for the tap that follows.
_LOOK_JS = (
    "async (selector) => { await "
    + _FRAMES
    + "; const found = ("
    + MATCHES_JS
    + ")(selector);"
    + _ARM
    + "return found; }"
)
SETTLE_TIMEOUT = 15_000  # ms: a tap the page never answers is a defect, not slowness


def profile_context(browser: Any, profile: dict[str, Any], **extra: Any) -> Any:
    """A new browser context with a device profile; service workers blocked so that
    page.route sees every request (as conftest's browser_context_args does)."""
    return browser.new_context(**profile, service_workers="block", **extra)


def tappable(page: Page) -> list[dict[str, Any]]:
    """Every target a finger can hit now, with its on-screen box (see PROBE_JS)."""
    return page.evaluate(PROBE_JS)


def overflow(page: Page) -> int:
    """How many CSS px the document is wider than the window (0 or less: no sideways scroll)."""
    return page.evaluate("document.documentElement.scrollWidth - window.innerWidth")


def widest(page: Page, n: int = 5) -> list[str]:
    """The elements reaching furthest past the right edge: what to look at when overflow() > 0."""
    return page.evaluate(
        """(n) => [...document.querySelectorAll('body *')]
      .map(e => [e.getBoundingClientRect().right, e]).filter(([r]) => r > innerWidth + 0.5)
      .sort((a, b) => b[0] - a[0]).slice(0, n)
      .map(([r, e]) => `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}.${(e.getAttribute('class') || '')
        .replace(/ /g, '.')} right=${r.toFixed(0)}`)""",
        n,
    )


def centre(target: Locator | dict[str, Any]) -> tuple[float, float]:
    box = target.bounding_box() if isinstance(target, Locator) else target
    assert box, f"{target} has no box on screen"
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def tap(page: Page, target: Locator | dict[str, Any], hold_ms: int = 0) -> None:
    """A finger's tap at the centre of the target's box (a locator, or a box dict as
    tappable() returns), without waiting for anything. With `hold_ms`, the finger stays
    down that long before it lifts, as a person's does (Playwright's own tap lifts at
    once, so the lift's events queue behind the touch's)."""
    x, y = centre(target)
    if not hold_ms:
        page.touchscreen.tap(x, y)
        return
    cdp = page.context.new_cdp_session(page)
    try:
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
        page.wait_for_timeout(hold_ms)
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    finally:
        cdp.detach()


def screenshot(page: Page, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path))
    return path


def tap_and_settle(
    page: Page, target: Locator | dict[str, Any], what: str = "", hold_ms: int = 0, armed: bool = False
) -> None:
    """Tap, then wait until the page changed something and drew it; a tap on a live
    target that changes nothing within SETTLE_TIMEOUT is reported with a screenshot.
    `armed`: the change counter was started by the call that found the target."""
    if not armed:
        page.evaluate(_ARM_JS)
    tap(page, target, hold_ms)
    if not page.evaluate(_SETTLED_JS, SETTLE_TIMEOUT):
        shot = screenshot(page, f"no-answer-{int(time.time() * 1000)}")
        raise AssertionError(f"tapping {what or target} changed nothing in the page; screenshot {shot}")


def zoom_state(page: Page) -> dict[str, Any]:
    return page.evaluate("window.skylineZoom ? window.skylineZoom.state() : null")


def _overlap(a: dict[str, Any], b: dict[str, Any]) -> float:
    w = min(a["x"] + a["width"], b["x"] + b["width"]) - max(a["x"], b["x"])
    h = min(a["y"] + a["height"], b["y"] + b["height"]) - max(a["y"], b["y"])
    return max(0.0, w) * max(0.0, h)


class Tapper:
    """Taps one choice (a kind and value: `step 'keep 47'`), zooming the board with its
    region buttons and zoom-out button until one element carrying that choice can be
    reached at its centre, as a person who wants that cell or card would. A choice shown
    twice (a card in the hand and its lot on the board) is reached by either. Counts
    every tap by kind in `taps`."""

    def __init__(
        self,
        page: Page,
        rng: random.Random,
        taps: Counter,
        label: str = "game",
        observe: Callable[[list[dict[str, Any]]], None] | None = None,
        hold_ms: int = 0,
    ) -> None:
        self.page, self.rng, self.taps, self.label = page, rng, taps, label
        # Called with tappable() of every screen a tap is made on (zoom taps too).
        self.observe = observe
        self.hold_ms = hold_ms  # how long each finger stays down (see tap())

    def fail(self, message: str) -> None:
        shot = screenshot(self.page, f"{self.label}-{sum(self.taps.values())}")
        raise AssertionError(f"{message}; zoom {zoom_state(self.page)}; screenshot {shot}")

    def look(self, selector: str) -> list[dict[str, Any]]:
        """The rendered elements of `selector` as painted, each with its kind, value, box
        and whether a tap at its centre reaches it now. It looks after two animation
        frames, as an eye aims at what is drawn (the zoom answers a redraw, a bot's move
        say, in the next frame), and arms tap_and_settle's counter."""
        return [m for m in self.page.evaluate(_LOOK_JS, selector) if m["rendered"]]

    def _tap(self, target: dict[str, Any], what: str) -> None:
        tap_and_settle(self.page, target, what, self.hold_ms, armed=True)

    @staticmethod
    def distinct(seen: list[dict[str, Any]]) -> list[tuple[str, str]]:
        """The distinct (kind, value) choices of a look(), in document order."""
        return list(dict.fromkeys((m["kind"], m["value"]) for m in seen))

    def choices(self, selector: str) -> list[tuple[str, str]]:
        """The distinct (kind, value) choices `selector` renders, in document order."""
        return self.distinct(self.look(selector))

    def tap_choice(
        self, selector: str, choice: tuple[str, str], max_zoom_taps: int = 8, seen: list[dict[str, Any]] | None = None
    ) -> dict[str, Any]:
        """Tap an element of `selector` carrying `choice`, zooming to one first when
        none is reachable (covered, outside the viewport or clipped by the frame).
        `seen`: the look() of `selector` just made, with nothing tapped since, to aim
        from instead of looking again."""
        kind, value = choice
        tried: set[str] = set()
        for _ in range(max_zoom_taps + 1):
            if seen is None:
                seen = self.look(selector)
            found = [m for m in seen if (m["kind"], m["value"]) == choice]
            seen = None  # after a zoom tap, look again
            if not found:
                self.fail(f"{kind} {value!r} is no longer on the page")
            reachable = [m for m in found if m["tappable"]]
            now = tappable(self.page) if self.observe or not reachable else []
            if self.observe:
                self.observe(now)
            if reachable:
                target = reachable[0]
                self._tap(target, f"{kind} {value!r}")
                self.taps[kind] += 1
                return target
            # Not reachable as shown: a region button over one of its elements zooms
            # there (each region once: a view that leaves it covered will again); else
            # back to the overview, where every region shows.
            regions = [
                (max(_overlap(z, m) for m in found), z)
                for z in now
                if z["inZoomLayer"] and z["zoom"] != "out" and z["label"] not in tried
            ]
            regions = [(o, z) for o, z in regions if o > 0]
            out = [t for t in now if t["zoom"] == "out"]
            shielded = [m for m in found if m["shielded"] and f"shield {m['i']}" not in tried]
            if regions:
                _, pick = max(regions, key=lambda oz: oz[0])
                tried.add(pick["label"])
                self._tap(pick, f"zoom region {pick['label']!r}")
                self.taps["region"] += 1
            elif shielded:
                # The overview's cover over small targets zooms in where it is tapped.
                tried.add(f"shield {shielded[0]['i']}")
                self._tap(shielded[0], "the zoom layer over a target")
                self.taps["region"] += 1
            elif out:
                self._tap(out[0], "the zoom-out button")
                self.taps["zoom-out"] += 1
            else:
                break
        boxes = "; ".join(f"{m['x']:.0f},{m['y']:.0f} {m['width']:.0f}x{m['height']:.0f}" for m in found)
        self.fail(
            f"{kind} {value!r} cannot be reached by taps (its elements at {boxes}; every region over it "
            f"tried: {sorted(tried)})"
        )
        raise AssertionError("unreachable")

    def tap_one(self, selector: str) -> dict[str, Any] | None:
        """Tap a random choice among those `selector` renders (None if there is none)."""
        seen = self.look(selector)
        options = self.distinct(seen)
        if not options:
            return None
        return self.tap_choice(selector, self.rng.choice(options), seen=seen)


# A human's decision: given the tapper and the page's snapshot, make the taps of one
# decision (one step, or one move); the loop checks nothing more.
TapTurn = Callable[[Tapper, dict[str, Any]], None]


def made_a_move(page: Page, before: int, timeout: float = 10_000) -> bool:
    """Whether data-moves grows past `before` within `timeout` ms. A tap's click can
    come after the first change the tap-and-settle wait saw (the zoom finishing the
    last bot's redraw, say): wait for the move itself, not for any change."""
    try:
        page.wait_for_function(
            f"() => Number(document.body.getAttribute('data-moves')) > {before}", timeout=timeout, polling=50
        )
        return True
    except Exception:  # TimeoutError
        return False


def random_tap_turn(t: Tapper, s: dict[str, Any]) -> None:
    """Any [data-move] or [data-step] choice at random, the way e2e_play.random_turn
    chooses among everything it could click; a [data-move] tap must make a move."""
    target = t.tap_one("[data-move],[data-step]")
    if target is None:
        t.fail(f"a human's turn with nothing to tap: {s}; tappable {[x['label'] for x in tappable(t.page)]}")
    elif target["kind"] == "move" and not made_a_move(t.page, s["moves"]):
        t.fail(f"tapping data-move {target['value']!r} did not make a move")


def play_by_tapping(
    page: Page,
    seed: int,
    turn: TapTurn = random_tap_turn,
    max_taps: int = 6000,
    bot_timeout: int = 90_000,
    label: str = "game",
) -> Counter:
    """Tap until body[data-game-over]; returns how many of each kind were tapped.

    e2e_play.play_to_the_end with a finger: the pass-the-device button is tapped where
    a finger can hit it, and `turn` makes the human's taps, zooming the board as it
    needs. Seeded, so a failure replays.
    """
    rng = random.Random(seed)
    taps: Counter = Counter()
    tapper = Tapper(page, rng, taps, label)

    def pass_device() -> None:
        cont = [t for t in tappable(page) if t["cont"]]
        if not cont:
            tapper.fail("the pass-the-device button is shown but cannot be tapped")
        tap_and_settle(page, cont[0], "the pass-the-device button")
        taps["continue"] += 1

    play_to_the_end(
        page, lambda s: turn(tapper, s), pass_device, max_taps, bot_timeout, lambda: f"{max_taps} taps ({dict(taps)})"
    )
    return taps


# ---- what tires a player (issue 51): a moving board, texts too small, regions on one another
READABLE = 12  # px on screen: the smallest text board-zoom.mjs shows on a touch screen

# The board frame's box on the page. Its own position and size, not the drawing's: the
# zoom's transform is on the content inside it, so the board's own zoom and pan never
# move it; a line appearing above it (or a sheet below it growing) does.
FRAME_JS = """() => {
  const r = document.getElementById('board-frame').getBoundingClientRect();
  return {left: r.left, top: r.top, right: r.right, bottom: r.bottom};
}"""

# The texts a player must read at the home view, each with its size in px on screen:
# the seats' names and scores in the drawing, the labels of buttons drawn in it, and
# the labels of the page's own buttons. A drawing's text is measured as the page draws
# it unzoomed (z = 1: the drawing at the frame's width, as board-zoom.mjs's home view
# shows it; the part of a tall drawing below the frame is reached by a drag at that
# same size), whatever the view is now, and whether or not board-zoom.mjs hides it for
# being under 12 px (hidden is not readable either). The drawings do not mark their
# seats, so a seat's texts are those holding a player's name (as the scores sheet
# names them; a name clipped with "…" too) and its score or money: the first of the two
# texts drawn next that holds a digit or "$" (Chinatown draws "start" between). A board button's label is the text
# inside a target that holds a word (two letters or more): "End turn", "3 fr", not a
# lot's number. A page button counts when a finger can reach it (its centre hit-tests
# to it) and it shows text.
READABLE_JS = """() => {
  const out = [];
  const names = [...document.querySelectorAll('#scores th[scope=col]')].map(th => th.title).filter(Boolean);
  const svg = document.querySelector('#board svg');
  const vb = svg && svg.viewBox.baseVal;
  if (vb && vb.width && svg.clientWidth) {
    const unit = Math.min(svg.clientWidth / vb.width, svg.clientHeight / vb.height);
    const root = svg.getScreenCTM();
    const px = (t) => {
      const m = t.getScreenCTM();
      return parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b) / Math.hypot(root.a, root.b) * unit;
    };
    const named = (s) => names.some(n => s.includes(n) || (s.endsWith('…') && s.length > 2 && n.startsWith(s.slice(0, -1))));
    const texts = [...svg.querySelectorAll('text')];
    const seat = new Set();
    texts.forEach((t, i) => {
      if (!named(t.textContent.trim())) return;
      seat.add(t);
      const score = texts.slice(i + 1, i + 3).find(u => /[0-9$]/.test(u.textContent));
      if (score) seat.add(score);
    });
    for (const t of texts) {
      const s = t.textContent.trim();
      const target = t.closest('[data-move],[data-step],[data-draft],[data-unselect],[data-action]');
      const kind = seat.has(t) ? 'seat' : target && /\\p{L}{2}/u.test(s) ? 'board button' : null;
      if (kind && s) out.push({kind, px: px(t), text: s.slice(0, 40)});
    }
  }
  for (const b of document.querySelectorAll('button')) {
    if (b.closest('#board-frame')) continue;
    const s = (b.innerText || '').trim();
    const r = b.getBoundingClientRect();
    if (!s || r.width <= 0 || r.height <= 0) continue;
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
    const at = document.elementFromPoint(x, y);
    if (!at || !(at === b || b.contains(at))) continue;
    out.push({kind: 'page button', px: parseFloat(getComputedStyle(b).fontSize), text: s.slice(0, 40)});
  }
  return out;
}"""

# Pairs of the zoom layer's buttons that overlap on screen: region and region, and
# region and the zoom-out button (⤢) when it shows. Overlapping frames are what a
# player sees as a maze, and a tap on the overlap zooms into one of them by chance.
ZOOM_OVERLAPS_JS = """() => {
  const boxes = [...document.querySelectorAll('#board-frame .zoom-region, #board-frame [data-zoom=out]')]
    .filter(b => !b.hidden).map(b => [b.matches('[data-zoom=out]'), b.getBoundingClientRect()])
    .filter(([, r]) => r.width > 0 && r.height > 0);
  let regions = 0, out = 0;
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const [oa, a] = boxes[i], [ob, b] = boxes[j];
    if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5) {
      if (oa || ob) out += 1; else regions += 1;
    }
  }
  return {regions, out};
}"""


def frame_box(page: Page) -> dict[str, float]:
    """The board frame's box on the page (FRAME_JS)."""
    return page.evaluate(FRAME_JS)


def frame_shift(a: dict[str, float], b: dict[str, float]) -> float:
    """How far the board frame moved between two of its boxes: the largest move of any
    edge, so that a frame pushed down and a frame shrunk from below (which re-fits the
    drawing inside it: its targets move) both count."""
    return max(abs(a[k] - b[k]) for k in ("left", "top", "right", "bottom"))


def readable(page: Page) -> list[dict[str, Any]]:
    """The seats' names and scores and the buttons' labels with their size on screen at
    the home view (READABLE_JS)."""
    return page.evaluate(READABLE_JS)


def zoom_overlaps(page: Page) -> dict[str, int]:
    """Overlapping pairs among the zoom regions, and between a region and ⤢."""
    return page.evaluate(ZOOM_OVERLAPS_JS)
