"""The page on a phone (issue 24), played with a finger only: no sideways scrolling in
portrait, landscape and on a tablet; every target a finger can reach is at least 24 px
(WCAG 2.2); whole games, one against bots per game and a four-player hot seat, played
to the end by taps (zooming the board with its region and zoom-out buttons where its
targets are small); the bottom sheet and the menu; axe-core on the phone layout.

Every game of pyengine.GAMES is covered, so a later game is too. The pages here come
from a context with a device profile (e2e/phone.py) instead of pytest-playwright's
desktop one; conftest's `guard` and `open_game` wrap them as they wrap any page, so the
offline guard and the console-error check hold here as everywhere.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import finished_game
from e2e_play import snapshot
from phone import (
    FLOOR,
    GOAL,
    PHONE,
    PROFILES,
    Tapper,
    TapTurn,
    made_a_move,
    overflow,
    play_by_tapping,
    profile_context,
    random_tap_turn,
    tap,
    tap_and_settle,
    tappable,
    widest,
)
from playwright.sync_api import Browser, Page, expect
from test_access import serious_violations  # the same axe-core check as on the desktop

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pyengine  # noqa: E402

GAMES = list(pyengine.GAMES)
HUMAN_TURN = "body[data-awaiting=human]"


def game_query(name: str, seats: list[str], seed: int = 7, extra: str = "") -> str:
    return f"?game={name}&players={len(seats)}&seats={','.join(seats)}&seed={seed}&fast=1&first_player=1{extra}"


def min_players(name: str) -> int:
    return min(pyengine.load_game(name).player_counts)


def against_bots(name: str, bot: str = "random") -> str:
    """One human (seat 1, who starts) against the fewest random bots the game allows."""
    return game_query(name, ["human"] + [bot] * (min_players(name) - 1))


# ---- fixtures: a page from a device-profile context ------------------------------------
@pytest.fixture
def profile() -> dict[str, Any]:
    """The device; tests that try several parametrize `profile` directly."""
    return PHONE


@pytest.fixture
def page(browser: Browser, profile: dict[str, Any]) -> Iterator[Page]:
    """Replaces pytest-playwright's desktop page here, so conftest's guard (offline,
    no console errors) and open_game wrap a phone's page."""
    context = profile_context(browser, profile)
    try:
        yield context.new_page()
    finally:
        context.close()


def wait_human(page: Page) -> None:
    page.wait_for_selector(HUMAN_TURN, state="attached", timeout=90_000)


def settled(page: Page) -> None:
    """Two animation frames: the zoom's observers have answered the last redraw."""
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))")


# ---- the per-game turns of the click tests, with a finger ----------------------------------
_CHINATOWN_JS = """() => ({
  panel: document.querySelectorAll('#board .trade-panel').length,
  answer: document.querySelectorAll('#board [data-move=accept], #board [data-move=decline]').length,
  accept: document.querySelectorAll('#board [data-move=accept]').length,
  send: document.querySelectorAll('#board [data-move].send').length,
})"""


def chinatown_tap_turn(offer_rate: float = 0.35, accept_rate: float = 0.8) -> TapTurn:
    """e2e/test_chinatown.chinatown_turn by taps: offers are built in the trade panel
    (partner, a lot, money) and sent with `offer_rate`, else the player is done; offers
    are accepted with `accept_rate` when the receiver can pay."""

    def build_offer(t: Tapper) -> bool:
        t.tap_one("#board [data-draft^='to ']")
        t.tap_one("#board rect.target[data-draft^='lot ']")  # none: nothing to trade, fine
        side = "give" if t.rng.random() < 0.5 else "get"
        t.tap_one(f"#board [data-draft='{side} money +1']")
        return t.page.evaluate(_CHINATOWN_JS)["send"] == 1

    def turn(t: Tapper, s: dict[str, Any]) -> None:
        c = t.page.evaluate(_CHINATOWN_JS)
        if c["answer"]:
            accept = c["accept"] and t.rng.random() < accept_rate
            t.tap_one(f"#board [data-move={'accept' if accept else 'decline'}]")
            t.taps["accept" if accept else "decline"] += 1
        elif c["panel"]:
            if t.rng.random() < offer_rate and build_offer(t):
                t.tap_one("#board [data-move].send")
                t.taps["offer"] += 1
            else:
                t.tap_one("#board [data-move=done]")
                t.taps["done"] += 1
        else:
            steps, moves = t.choices("[data-step]"), t.choices("[data-move]")
            if steps and (not moves or t.rng.random() < 0.85):
                t.tap_one("[data-step]")
                return
            if not moves:
                t.fail(f"a human's turn with nothing to tap: {s}")
            t.tap_one("[data-move]")
        if not made_a_move(t.page, s["moves"]):
            t.fail("a data-move tap did not make a move")

    return turn


def brussels_tap_turn(pass_rate: float = 0.12) -> TapTurn:
    """e2e/test_brussels.brussels_turn by taps: `pass` only now and then, so the rounds
    fill the board instead of ending at once."""

    def turn(t: Tapper, s: dict[str, Any]) -> None:
        seen = t.look("[data-move]")
        moves = t.distinct(seen)
        if not moves:
            if t.tap_one("[data-step]") is None:
                t.fail(f"a human's turn with nothing to tap: {s}")
            return
        others = [m for m in moves if m[1] != "pass"]
        pick = t.rng.choice(others) if others and t.rng.random() > pass_rate else t.rng.choice(moves)
        t.tap_choice("[data-move]", pick, seen=seen)
        t.taps[pick[1].split()[0]] += 1
        if not made_a_move(t.page, s["moves"]):
            t.fail(f"tapping {pick[1]!r} did not make a move")

    return turn


TURNS: dict[str, TapTurn] = {"chinatown": chinatown_tap_turn(), "brussels1893": brussels_tap_turn()}


# ---- no sideways scrolling -------------------------------------------------------------------
def assert_fits(page: Page, profile: dict[str, Any], where: str) -> None:
    width = profile["viewport"]["width"]
    # A mobile browser zooms out to show content wider than the screen, which widens
    # innerWidth with it: so the window must still be the device's width, too.
    inner = page.evaluate("innerWidth")
    assert inner == width, f"{where}: innerWidth {inner} != device width {width} (zoomed out to fit?)"
    assert overflow(page) <= 0, f"{where}: {overflow(page)} px of sideways scroll; widest: {widest(page)}"


@pytest.mark.parametrize("profile", PROFILES.values(), ids=PROFILES.keys())
def test_the_lobby_does_not_scroll_sideways(open_game, page: Page, profile: dict[str, Any]) -> None:
    open_game("")
    for name in GAMES:  # each game draws its own options in the form
        page.click(f"#lobby-form .game-card:has(input[value={name}])")
        expect(page.locator(f"#lobby-form input[name=game][value={name}]")).to_be_checked()
        assert_fits(page, profile, f"lobby of {name}")


@pytest.mark.parametrize("profile", PROFILES.values(), ids=PROFILES.keys())
@pytest.mark.parametrize("name", GAMES)
def test_a_game_does_not_scroll_sideways(open_game, page: Page, profile: dict[str, Any], name: str) -> None:
    """At a human's turn, and with the moves sheet open."""
    open_game(against_bots(name))
    wait_human(page)
    settled(page)
    assert_fits(page, profile, f"{name} at a human's turn")
    tabs = page.locator("#sheet-tabs [data-sheet=moves-card]")
    if tabs.is_visible():  # portrait only: landscape shows the panel beside the board
        tap(page, tabs)
        expect(page.locator("#moves-card")).to_be_visible()
        assert_fits(page, profile, f"{name} with the moves sheet open")


@pytest.mark.parametrize("name", GAMES)
def test_the_end_screen_does_not_scroll_sideways(open_game, page: Page, name: str) -> None:
    """A finished game of bots, then its end screen at each profile's size: one game per
    game instead of one per profile (the layout follows the viewport's size and
    orientation; the coarse pointer is the same in all three)."""
    open_game(finished_game(name, min_players(name)))
    page.wait_for_selector("body[data-game-over]", state="attached", timeout=90_000)
    for label, profile in PROFILES.items():
        page.set_viewport_size(profile["viewport"])
        expect(page.locator("#end")).to_be_visible()
        settled(page)
        assert_fits(page, profile, f"{name} at the end screen ({label})")


def test_the_winners_line_has_the_cards_width_on_a_phone(open_game, page: Page) -> None:
    """On a portrait phone the game-over card gives the winner's line the card's width
    (less the trophy), puts its buttons on a row under it, and starts the score table
    inside the card, not below its fold. French Chinatown's line is long ("Robot 1
    (hasard) gagne avec 105 000 $ !"): beside the buttons it was squeezed to about
    160 px, a word or two a row, and the table began below the card's fold."""
    open_game("?lang=fr" + finished_game("chinatown", 3))
    page.wait_for_selector("body[data-game-over]", state="attached", timeout=90_000)
    expect(page.locator("#end")).to_be_visible()
    settled(page)

    def box(selector: str) -> dict[str, float]:
        found = page.locator(selector).first.bounding_box()
        assert found, f"{selector} is not on the screen"
        return found

    head, title, line = box("#end .end-head"), box("#end .end-head > div"), box("#winners")
    assert title["width"] >= head["width"] - 60, f"the title has {title['width']:.0f} of {head['width']:.0f} px"
    words = page.locator("#winners").inner_text().split()
    rows = line["height"] / float(
        page.evaluate("parseFloat(getComputedStyle(document.querySelector('#winners')).lineHeight) || 20")
    )
    assert rows <= 2.5, f"the winner's line takes {rows:.1f} rows for {len(words)} words"
    card, first = box("#end"), box("#end table.breakdown tbody tr")
    assert first["y"] + first["height"] <= card["y"] + card["height"], (
        f"the score table starts at {first['y']:.0f}, below the card's fold at {card['y'] + card['height']:.0f}"
    )


# ---- target sizes --------------------------------------------------------------------------
def check_sizes(page: Page, where: str, shares: list[str]) -> None:
    targets = tappable(page)
    assert targets, f"{where}: nothing can be tapped"
    small = [
        f"{t['tag']} {t['label']!r} {t['width']:.1f}x{t['height']:.1f}"
        for t in targets
        if min(t["width"], t["height"]) < FLOOR - 0.05
    ]
    assert not small, f"{where}: targets under {FLOOR} px: {small}"
    big = sum(min(t["width"], t["height"]) >= GOAL - 0.05 for t in targets)
    sides = [min(t["width"], t["height"]) for t in targets]
    shares.append(f"{where}: {big}/{len(targets)} >= {GOAL} px, median side {statistics.median(sides):.0f} px")


_SEAT_LABELS_JS = """() => [...document.querySelectorAll('#lobby-form .seat:not([hidden]) select')].flatMap(sel => {
  const css = getComputedStyle(sel);
  const ctx = document.createElement('canvas').getContext('2d');
  ctx.font = `${css.fontWeight} ${css.fontSize} ${css.fontFamily}`;
  // the room a closed menu gives its label: its width less padding, border and arrow
  const room = sel.clientWidth - parseFloat(css.paddingLeft) - parseFloat(css.paddingRight) - 20;
  return [...sel.options].map(o => ({seat: sel.id, label: o.text, need: ctx.measureText(o.text).width, room}));
})"""


@pytest.mark.parametrize("lang", ["en", "fr", "zh-Hans", "zh-Hant"])
def test_every_seat_menu_shows_its_whole_level_on_a_phone(open_game, page: Page, lang: str) -> None:
    """The seat menu names a bot's level and its place on the ladder ("Bot (normal):
    strongest"); beside the name field it was cut to "Bot (normal): s…" at 390 px, and
    beside "Place 1" alone the French "Robot (normal) : le plus fort" lost its end."""
    open_game(f"?lang={lang}")
    for name in GAMES:
        page.click(f"#lobby-form .game-card:has(input[value={name}])")
        expect(page.locator(f"#lobby-form input[name=game][value={name}]")).to_be_checked()
        labels = page.evaluate(_SEAT_LABELS_JS)
        assert labels, name
        cut = [
            f"{x['seat']}: {x['label']!r} needs {x['need']:.0f} px of {x['room']:.0f}"
            for x in labels
            if x["need"] > x["room"]
        ]
        assert not cut, f"{name}: seat menus too narrow for their labels: {cut}"


def test_every_target_in_the_lobby_is_big_enough(open_game, page: Page) -> None:
    open_game("")
    shares: list[str] = []
    for name in GAMES:
        page.click(f"#lobby-form .game-card:has(input[value={name}])")
        expect(page.locator(f"#lobby-form input[name=game][value={name}]")).to_be_checked()
        check_sizes(page, f"lobby of {name}", shares)
    print("\n" + "\n".join(shares))


@pytest.mark.parametrize("name", GAMES)
def test_every_target_of_a_board_is_big_enough(open_game, page: Page, name: str) -> None:
    """At the human's first turn, after a tap on a zoom region, and after a step (or,
    where the first decision is a whole move, at the next decision)."""
    open_game(against_bots(name))
    wait_human(page)
    settled(page)
    shares: list[str] = []
    check_sizes(page, f"{name} first turn", shares)
    tapper = Tapper(page, random.Random(1), Counter(), f"sizes-{name}")
    regions = [t for t in tappable(page) if t["region"]]
    if regions:
        tap_and_settle(page, regions[0], "a zoom region")
        check_sizes(page, f"{name} zoomed into a region", shares)
    if tapper.choices("[data-step]"):
        tapper.tap_one("[data-step]")
        check_sizes(page, f"{name} after a step", shares)
    else:  # the first decision is a whole move (Manhattan's card, Brussels' art tile): the next one
        tapper.tap_one("[data-move]")
        wait_human(page)
        settled(page)
        check_sizes(page, f"{name} after a move", shares)
    print("\n" + "\n".join(shares))


# ---- whole games by taps ---------------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
def test_a_whole_game_against_bots_by_taps(open_game, page: Page, name: str) -> None:
    open_game(against_bots(name))
    t0 = time.monotonic()
    taps = play_by_tapping(page, seed=7, turn=TURNS.get(name, random_tap_turn), label=f"vs-bots-{name}")
    took = time.monotonic() - t0
    expect(page.locator("body")).to_have_attribute("data-game-over", "")
    expect(page.locator("#end")).to_be_visible()
    assert taps["continue"] == 0  # one human: no pass screen
    moves = int(page.get_attribute("body", "data-moves"))
    assert moves > taps["move"] > 0
    print(f"\n{name} vs bots by taps: {moves} moves, {sum(taps.values())} taps {dict(taps)}, {took:.1f} s")


# ---- a steady screen --------------------------------------------------------------------------
FRAME_TOP = "() => Math.round(document.getElementById('board-frame').getBoundingClientRect().top * 100) / 100"


@pytest.mark.parametrize("name", GAMES)
def test_the_board_stays_put_between_the_taps_of_a_turn(open_game, page: Page, name: str) -> None:
    """Nothing above the board grows or shrinks while a player taps through a turn (a
    chosen card's line, a longer prompt, a warning): a finger lands where it aimed.
    The board's own zoom moves the drawing inside the frame, never the frame."""
    open_game(against_bots(name))
    rng = random.Random(5)
    tapper = Tapper(page, rng, Counter(), label=f"steady-{name}")
    turn = TURNS.get(name, random_tap_turn)
    shifts: list[tuple[int, float, float]] = []
    decisions = 0
    while decisions < 14 and page.get_attribute("body", "data-game-over") is None:
        wait_human(page)
        settled(page)
        s = snapshot(page)
        top = page.evaluate(FRAME_TOP)
        turn(tapper, s)
        decisions += 1
        settled(page)
        if page.get_attribute("body", "data-awaiting") == "human":  # still this player's turn
            after = page.evaluate(FRAME_TOP)
            if after != top:
                shifts.append((int(s["moves"]), top, after))
    assert decisions >= 6
    assert not shifts, f"the board frame moved between taps (move, top before, after): {shifts}"


@pytest.mark.parametrize(
    ("name", "seats"), [("newyork1901", ["human", "random"]), ("brussels1893", ["human", "random"])]
)
def test_the_boards_buttons_are_page_buttons_readable_at_the_overview(
    open_game, page: Page, name: str, seats: list[str]
) -> None:
    """A decision the board draws as a button (New York 1901's End turn, Brussels 1893's
    prices and passes) is also a page button: at the whole board's scale its drawn label is
    a few pixels high, the page's is readable, and a tap on it makes the same move."""
    open_game(game_query(name, seats, seed=4))
    rng = random.Random(4)
    buttons = page.locator("#board-buttons button")
    for _ in range(80):  # random steps until the board draws one of its buttons
        wait_human(page)
        if buttons.count():
            break
        targets = page.locator("#board [data-move], #board [data-step]")
        targets.nth(rng.randrange(targets.count())).dispatch_event("click")
    assert buttons.count(), "the board never drew a button of the turn"
    out = page.locator("#board-frame .zoom-out:not([hidden])")
    if out.count():  # the automatic zoom went in: back to the whole board
        tap(page, out)
        expect(out).to_have_count(0)
    first = buttons.first
    move = first.get_attribute("data-move") or first.get_attribute("data-step")
    drawn = page.locator(f"#board .page-button[data-move='{move}'], #board .page-button[data-step='{move}']")
    assert drawn.count() >= 1  # the same decision, on the board
    px = first.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    assert px >= 12 and first.inner_text().strip()
    box = first.bounding_box()
    assert box is not None and box["height"] >= 44 and box["y"] + box["height"] <= 844
    before = int(page.get_attribute("body", "data-moves"))
    completes = first.get_attribute("data-move") is not None
    tap(page, first)
    if completes:
        assert made_a_move(page, before)


def test_why_undo_is_off_is_a_line_on_the_screen_not_a_tooltip(open_game, page: Page) -> None:
    """Against bots Undo is off at the start of most turns (a bot drew a card): a phone
    shows no tooltip, so the reason is a line of the page, in the selection line's slot."""
    open_game(game_query("manhattan", ["human", "random"], seed=6))
    rng = random.Random(6)
    why = page.locator("#undo-why")
    for _ in range(40):
        wait_human(page)
        if page.locator("#undo").is_disabled() and why.is_visible() and page.locator("#board [data-step]").count():
            break
        targets = page.locator("#board [data-move], #board [data-step]")
        targets.nth(rng.randrange(targets.count())).dispatch_event("click")
    assert page.locator("#undo").is_disabled()
    expect(why).to_be_visible()
    assert why.inner_text().startswith("Undo is off: ")
    assert why.inner_text().removeprefix("Undo is off: ") == page.get_attribute("#undo", "title")
    assert why.evaluate("e => parseFloat(getComputedStyle(e).fontSize)") >= 12
    # Choosing something takes the slot; the board does not move for it.
    top = page.evaluate(FRAME_TOP)
    page.locator("#board [data-step]").first.dispatch_event("click")
    expect(page.locator("#selection")).to_be_visible()
    expect(why).to_be_hidden()
    assert page.evaluate(FRAME_TOP) == top


def test_a_four_player_hot_seat_manhattan_by_taps(open_game, page: Page) -> None:
    """Each player's hand is private: the device is passed with [data-continue] every
    turn, and the pass screen must hide the board (play_by_tapping checks it)."""
    open_game(game_query("manhattan", ["human"] * 4, seed=5))
    t0 = time.monotonic()
    taps = play_by_tapping(page, seed=5, label="hot-seat-manhattan")
    took = time.monotonic() - t0
    expect(page.locator("#end")).to_be_visible()
    moves = int(page.get_attribute("body", "data-moves"))
    assert taps["move"] == moves  # every move was a tap of this test
    # One pass screen each time the device changes hands, counted from the record.
    assert taps["continue"] == hand_changes(json.loads(page.evaluate("localStorage.getItem('skyline.autosave')")))
    print(f"\nManhattan hot seat (4p) by taps: {moves} moves, {sum(taps.values())} taps {dict(taps)}, {took:.1f} s")


def hand_changes(record: dict[str, Any]) -> int:
    """How many times the player to move changes over a record, counting the first."""
    game = pyengine.load_game(record["game"])
    state = game.new_game(record["players"], record["seed"], {**game.legacy_options, **(record.get("options") or {})})
    last, changes = None, 0
    for text in record["moves"]:
        player = game.to_move(state)[0]
        changes += player != last
        last = player
        state = game.apply(state, game.parse_move(text))
    return changes


# ---- the bottom sheet and the menu -------------------------------------------------------------
def test_the_moves_sheet_opens_at_the_newest_move(open_game, page: Page) -> None:
    open_game(game_query("manhattan", ["human", "random", "random", "random"], seed=8))
    rng = random.Random(8)
    while int(page.get_attribute("body", "data-moves")) < 30:  # more lines than the sheet shows
        wait_human(page)
        targets = page.locator("#board [data-move], #board [data-step]")
        targets.nth(rng.randrange(targets.count())).dispatch_event("click")
    wait_human(page)
    tap(page, page.locator("#sheet-tabs [data-sheet=moves-card]"))
    sheet, newest = page.locator("#moves-card"), page.locator("#log li").last
    expect(sheet).to_be_visible()
    page.wait_for_function(
        """() => { const s = document.getElementById('moves-card').getBoundingClientRect();
                   const l = document.querySelector('#log li:last-child').getBoundingClientRect();
                   return l.bottom <= s.bottom + 1 && l.top >= s.top - 1; }"""
    )
    first = page.locator("#log li").first.bounding_box()
    box = sheet.bounding_box()
    assert first is not None and box is not None and first["y"] < box["y"]  # move 1 is scrolled away
    assert newest.is_visible()


def test_the_moves_sheet_and_the_menu_open_and_close_by_taps(open_game, page: Page) -> None:
    # A bot starts, so the log has a line when the human's turn comes.
    open_game(game_query("manhattan", ["random", "human"]))
    wait_human(page)
    sheet, tab = page.locator("#moves-card"), page.locator("#sheet-tabs [data-sheet=moves-card]")
    expect(sheet).to_be_hidden()
    tap(page, tab)
    expect(sheet).to_be_visible()
    expect(page.locator("#log li").first).to_be_visible()
    expect(tab).to_have_attribute("aria-expanded", "true")
    # The open sheet must leave its tab reachable: the second tap hits the tab itself.
    assert any(t["sheet"] == "moves-card" for t in tappable(page)), "the open sheet covers its own tab"
    tap(page, tab)
    expect(sheet).to_be_hidden()
    expect(tab).to_have_attribute("aria-expanded", "false")

    menu = page.locator("#menu")
    expect(menu).to_be_hidden()
    tap(page, page.locator("#menu-button"))
    expect(page.locator("body")).to_have_class("menu-open")
    expect(menu).to_be_visible()
    expect(page.locator("#menu-button")).to_have_attribute("aria-expanded", "true")
    tap(page, page.locator("#rules-button"))  # a choice in the menu closes it
    expect(menu).to_be_hidden()
    expect(page.locator("#rules-dialog")).to_be_visible()
    tap(page, page.locator("#rules-dialog [data-action=close-rules]"))
    expect(page.locator("#rules-dialog")).to_be_hidden()


def test_a_tap_inside_the_open_moves_sheet_leaves_it_open(open_game, page: Page) -> None:
    """The log, the replay bar and the typed-move form live in the sheet: a tap there
    must not fold it away (it did while #game carried the open sheet as data-sheet,
    which made #game look like a tab)."""
    open_game(game_query("manhattan", ["random", "human"]))
    wait_human(page)
    tap(page, page.locator("#sheet-tabs [data-sheet=moves-card]"))
    expect(page.locator("#moves-card")).to_be_visible()
    # Resolves once the tap's click has been handled by every listener (chrome.mjs's too).
    page.evaluate(
        "() => { window.__clicked = new Promise(r => document.addEventListener("
        "'click', () => setTimeout(r, 0), {once: true})); }"
    )
    tap(page, page.locator("#move-input"))  # to type a move
    page.evaluate("window.__clicked")
    expect(page.locator("#moves-card")).to_be_visible()


# ---- axe-core on the phone layout ---------------------------------------------------------------
def test_the_phone_lobby_has_no_serious_accessibility_violations(open_game, page: Page) -> None:
    open_game("")
    assert serious_violations(page) == []
    tap(page, page.locator("#menu-button"))
    expect(page.locator("#menu")).to_be_visible()
    assert serious_violations(page) == []


@pytest.mark.parametrize("name", GAMES)
def test_every_phone_board_has_no_serious_accessibility_violations(open_game, page: Page, name: str) -> None:
    """The board as the zoom leaves it (region buttons or zoomed in)."""
    open_game(against_bots(name))
    wait_human(page)
    settled(page)
    assert serious_violations(page) == []


def test_the_open_moves_sheet_has_no_serious_accessibility_violations(open_game, page: Page) -> None:
    open_game(game_query("manhattan", ["random", "human"]))
    wait_human(page)
    tap(page, page.locator("#sheet-tabs [data-sheet=moves-card]"))
    expect(page.locator("#moves-card")).to_be_visible()
    assert serious_violations(page) == []
