"""A table of devices in the real page (issue 28): the host's page and each guest's
page in browser contexts of their own, as on separate phones, joined by copying the
invitation and the answer between them as people do, then played by clicks.

Connection is by WebRTC with no STUN server: Chromium's mDNS host candidates, as on
one local network (docs/webrtc.md). Every page runs with the offline guard's rules.
"""

from __future__ import annotations

import os
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import pytest
from conftest import READY_TIMEOUT, Devices
from phone import PHONE
from playwright.sync_api import Browser, Page

from pyengine.core.i18n import translate
from pyengine.core.record import replay

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT / "web") not in sys.path:
    sys.path.insert(0, str(ROOT / "web"))

from skyweb.session import Session  # noqa: E402

WAIT = 30_000  # ms: a bound on waits for the other device, never a speed target


class Table(Devices):
    """One device per context, each opening index.html of the server."""

    def __init__(self, browser: Browser, server_url: str) -> None:
        super().__init__(browser)
        self.url = server_url

    def new(self, query: str | None = "") -> Page:
        page = self.page(viewport={"width": 1280, "height": 800})
        if query is not None:
            self.open(page, query)
        return page

    def open(self, page: Page, query: str) -> None:
        page.goto(self.url + "index.html" + query)
        page.wait_for_selector("body[data-ready]", state="attached", timeout=READY_TIMEOUT)


@pytest.fixture
def devices(browser: Browser, server_url: str) -> Iterator[Table]:
    d = Table(browser, server_url)
    yield d
    d.close_and_check()


def invite(host: Page, seat: int) -> str:
    """The host presses Invite for `seat` and copies the invitation."""
    host.wait_for_selector("#table-dialog[open]", timeout=WAIT)
    host.click(f"[data-action=table-invite][data-seat='{seat}']")
    host.wait_for_selector(f"#table-offer-{seat}", timeout=WAIT)
    return host.input_value(f"#table-offer-{seat}")


def seat_guest(devices: Table, host: Page, seat: int, guest: Page | None = None) -> Page:
    """Invite, open the invitation on the guest's device, copy its answer back."""
    code = invite(host, seat)
    if guest is None:
        guest = devices.new(None)
    devices.open(guest, "?table=" + quote(code))
    guest.wait_for_function("document.getElementById('join-answer').value.length > 20", timeout=WAIT)
    answer = guest.input_value("#join-answer")
    paste_answer(host, seat, answer)
    guest.wait_for_selector("body[data-turn], body[data-game-over]", state="attached", timeout=WAIT)
    return guest


def paste_answer(host: Page, seat: int, answer: str) -> None:
    """Paste and press Connect in one task of the page: the dialog redraws its rows
    whenever a seat's state changes, which could drop a paste made a moment earlier."""
    host.wait_for_selector(f"#table-answer-{seat}", timeout=WAIT)
    host.evaluate(
        """([seat, answer]) => {
        document.getElementById(`table-answer-${seat}`).value = answer;
        document.querySelector(`[data-action=table-connect][data-seat="${seat}"]`).click();
    }""",
        [seat, answer],
    )


def moves(page: Page) -> int:
    return int(page.get_attribute("body", "data-moves") or 0)


def whose(pages: dict[int, Page]) -> Page | None:
    """The page whose player is to move (data-awaiting=human there)."""
    for page in pages.values():
        if page.get_attribute("body", "data-awaiting") == "human":
            return page
    return None


def click_once(page: Page, rng: random.Random, everyone: list[Page]) -> None:
    """One click of whatever the board offers; after a move, wait until every page
    shows it (a guest's move counts once the host's answer is back)."""
    n = moves(page)
    targets = page.locator("[data-move]")
    if targets.count():
        targets.nth(rng.randrange(targets.count())).click()
        for other in everyone:
            other.wait_for_function("n => Number(document.body.dataset.moves) > n", arg=n, timeout=WAIT)
    else:
        steps = page.locator("[data-step]")
        assert steps.count(), "a player's turn with nothing to click"
        steps.nth(rng.randrange(steps.count())).click()


def play_until(pages: dict[int, Page], rng: random.Random, done, max_clicks: int = 3000) -> None:
    everyone = list(pages.values())
    for _ in range(max_clicks):
        if done():
            return
        page = whose(pages)
        if page is None:  # nobody's turn on any page: a view is on its way
            everyone[0].wait_for_timeout(50)
            continue
        click_once(page, rng, everyone)
    raise AssertionError("the table's game did not get there")


def over(page: Page) -> bool:
    return page.get_attribute("body", "data-game-over") is not None


def scores(page: Page) -> str:
    return page.inner_text("#scores")


def test_a_whole_manhattan_game_between_two_devices(devices: Table) -> None:
    host = devices.new("?game=manhattan&players=2&seats=human,remote&seed=11&fast=1")
    guest = seat_guest(devices, host, 1)
    host.wait_for_selector("#table-dialog:not([open])", state="attached", timeout=WAIT)
    assert host.get_attribute("body", "data-awaiting") in ("human", "remote")
    # The guest sees its own parts and not the host's (Manhattan's hands are hidden).
    assert guest.get_attribute("body", "data-turn") == host.get_attribute("body", "data-turn")
    play_until({0: host, 1: guest}, random.Random(11), lambda: over(host) and over(guest))
    assert moves(host) == moves(guest)
    assert scores(host) == scores(guest)


# Each redraw of the page notes the move count it drew (ui.redraw marks "skyline:redraw"
# once it has drawn, after setting data-moves): a redraw of the old position, or two of
# one, shows here as a repeated or stale count.
COUNT_REDRAWS = """
window.skylineRedraws = [];
const mark = performance.mark.bind(performance);
performance.mark = (name, options) => {
  if (name === "skyline:redraw") window.skylineRedraws.push(Number(document.body.dataset.moves));
  return mark(name, options);
};
"""


def test_a_guest_redraws_once_per_move_of_the_host(devices: Table) -> None:
    host = devices.new("?game=manhattan&players=2&seats=human,remote&seed=11&fast=1")
    guest = devices.new(None)
    guest.add_init_script(COUNT_REDRAWS)
    seat_guest(devices, host, 1, guest)
    rng = random.Random(11)
    play_until({0: host, 1: guest}, rng, lambda: whose({0: host, 1: guest}) is host)
    start, n = guest.evaluate("window.skylineRedraws.length"), moves(guest)
    while whose({0: host, 1: guest}) is host and moves(host) < n + 6:
        click_once(host, rng, [host, guest])
    assert moves(host) > n, "the host made no move"
    guest.wait_for_timeout(500)  # room for a late second redraw to show itself
    drawn = guest.evaluate("start => window.skylineRedraws.slice(start)", start)
    assert drawn == list(range(n + 1, moves(host) + 1)), drawn


def test_a_guest_on_a_phone_is_told_the_game_the_table_and_its_seat(devices: Table) -> None:
    host = devices.new("?game=manhattan&players=2&seats=human,remote&names=Ann,Bo&seed=13&fast=1")
    invite(host, 1)
    link = host.get_attribute("#table-link-1", "href")
    assert "game=manhattan" in link and "by=Ann" in link
    guest = devices.page(**PHONE)
    guest.goto(link)
    guest.wait_for_function("document.getElementById('join-answer').value.length > 20", timeout=WAIT)
    assert guest.inner_text("#join-about") == "Ann invites you to play Manhattan, at seat 2."
    assert "10 minutes" in guest.inner_text("#join-wait")  # how long the answer waits for the host
    paste_answer(host, 1, guest.input_value("#join-answer"))
    guest.wait_for_selector("body[data-turn]", state="attached", timeout=WAIT)
    where = guest.locator(".table-where")
    assert where.inner_text() == "Manhattan at Ann's table: you play Bo, seat 2."
    assert where.is_visible()


def test_a_guest_reloads_and_a_host_reloads_and_the_game_goes_on(devices: Table) -> None:
    host = devices.new("?game=manhattan&players=2&seats=human,remote&seed=12&fast=1")
    guest = seat_guest(devices, host, 1)
    rng = random.Random(12)
    play_until({0: host, 1: guest}, rng, lambda: moves(host) >= 6)
    n = moves(host)
    # The guest's page reloads: the host sees the seat drop and invites it again.
    guest.reload()
    host.wait_for_selector("[data-action=table-invite][data-seat='1']", timeout=WAIT)
    assert "Player 2 left the table or lost the connection" in host.inner_text("#table-outcome-1")
    seat_guest(devices, host, 1, guest)
    assert moves(guest) == n
    play_until({0: host, 1: guest}, rng, lambda: moves(host) >= n + 4)
    n = moves(host)
    # The host's page reloads: the autosave brings the table back, the guest rejoins.
    devices.open(host, "")
    host.click("[data-action=resume]")
    host.wait_for_selector("body[data-turn]", state="attached", timeout=WAIT)
    assert moves(host) == n
    seat_guest(devices, host, 1, guest)
    assert moves(guest) == n
    play_until({0: host, 1: guest}, rng, lambda: moves(host) >= n + 4)
    assert moves(guest) == moves(host)


def test_a_pasted_invitation_with_line_breaks_still_seats_the_guest(devices: Table) -> None:
    host = devices.new("?game=manhattan&players=2&seats=human,remote&seed=13&fast=1")
    code = invite(host, 1)
    broken = "\n".join(code[i : i + 40] for i in range(0, len(code), 40))
    guest = devices.new("")
    guest.click("#join-box summary")
    guest.fill("#join-code", broken)
    guest.click("[data-action=table-join]")
    guest.wait_for_function("document.getElementById('join-answer').value.length > 20", timeout=WAIT)
    answer = guest.input_value("#join-answer")
    paste_answer(host, 1, " ".join(answer[i : i + 30] for i in range(0, len(answer), 30)))
    guest.wait_for_selector("body[data-turn]", state="attached", timeout=WAIT)


def test_a_chinatown_round_with_a_trade_between_two_devices_of_a_three_device_table(devices: Table) -> None:
    host = devices.new("?game=chinatown&players=3&seats=human,remote,remote&seed=12&fast=1")
    guests = {1: seat_guest(devices, host, 1)}
    guests[2] = seat_guest(devices, host, 2)
    pages = {0: host, **guests}
    rng = random.Random(12)
    # The deal: each keeps cards on their own device, the others see only how many.
    play_until(pages, rng, lambda: any(p.locator("#board .trade-panel").count() for p in pages.values()))
    trader = next(p for p in pages.values() if p.locator("#board .trade-panel").count())
    n = moves(host)
    trader.locator("#board [data-draft^='to ']").first.click()
    trader.locator("#board rect.target[data-draft^='lot ']").first.click()
    trader.locator("#board [data-draft='give money +1']").click()
    send = trader.locator("#board [data-move].send")
    offer = send.get_attribute("data-move")
    send.click()
    for page in pages.values():
        page.wait_for_function("n => Number(document.body.dataset.moves) > n", arg=n, timeout=WAIT)
    receiver = next(p for p in pages.values() if p.locator("#board [data-move=accept]").count())
    assert receiver is not trader
    receiver.click("#board [data-move=accept]")
    for page in pages.values():
        page.wait_for_function("n => Number(document.body.dataset.moves) > n + 1", arg=n, timeout=WAIT)
    record = host.evaluate("JSON.parse(localStorage.getItem('skyline.autosave'))")
    assert record["moves"][-2:] == [offer, "accept"]
    # The third device reads the trade in its log, and nobody's money but its own.
    third = next(p for p in pages.values() if p is not trader and p is not receiver)
    assert "accepts" in third.inner_text("#log")
    assert third.locator("#board .seat .money", has_text="secret").count() == 2
    # The rest of the round, by clicks on each device, until its income is paid.
    play_until(pages, rng, lambda: rounds_scored(host) >= 2)
    assert moves(host) == moves(guests[1]) == moves(guests[2])


def rounds_scored(host: Page) -> int:
    """Rows of the score table so far, from the host's autosaved record (replayed)."""
    record = host.evaluate("JSON.parse(localStorage.getItem('skyline.autosave'))")
    game, state = replay(record)
    return len(game.breakdown(state).get("rounds", []))


def test_a_seat_nobody_took_goes_to_a_bot_and_the_game_goes_on(devices: Table) -> None:
    host = devices.new("?game=manhattan&players=2&seats=remote,human&seed=14&fast=1")
    host.wait_for_selector("#table-dialog[open]", timeout=WAIT)
    assert host.get_attribute("body", "data-awaiting") == "remote"  # seat 1 starts, on no device yet
    host.click("[data-action=table-bot][data-seat='0']")
    host.wait_for_selector("body[data-awaiting=human]", state="attached", timeout=WAIT)
    assert moves(host) > 0 and host.locator("#table-button").is_hidden()


def test_a_guest_takes_back_a_move_once_the_host_agrees(devices: Table) -> None:
    host = devices.new("?game=manhattan&players=2&seats=human,remote&seed=15&fast=1")
    guest = seat_guest(devices, host, 1)
    rng = random.Random(15)
    play_until({0: host, 1: guest}, rng, lambda: whose({1: guest}) is guest and moves(guest) > 0)
    before = moves(host)
    while moves(host) == before:  # the guest's steps, until its move is made
        click_once(guest, rng, [host, guest])
    n = moves(host)
    guest.click("#undo")
    host.wait_for_selector("#table-vote:not([hidden])", timeout=WAIT)
    host.click("[data-action=table-yes]")
    for page in (host, guest):
        page.wait_for_function("n => Number(document.body.dataset.moves) < n", arg=n, timeout=WAIT)
    assert moves(host) == moves(guest)


def test_a_guest_reloads_and_comes_back_by_opening_its_original_invitation(devices: Table) -> None:
    host = devices.new("?game=manhattan&players=2&seats=human,remote&seed=16&fast=1")
    code = invite(host, 1)
    guest = devices.new(None)
    seat_guest_with(devices, host, guest, code, 1)
    rng = random.Random(16)
    play_until({0: host, 1: guest}, rng, lambda: moves(host) >= 5 and whose({1: guest}) is guest)
    n = moves(host)
    # The guest's page reloads and opens the very link it came with: that offer is spent,
    # so the page makes a rejoin code (its own offer, the same seat and token).
    devices.open(guest, "?table=" + quote(code))
    guest.wait_for_function("document.getElementById('join-answer').value.endsWith('*r')", timeout=WAIT)
    rejoin = guest.input_value("#join-answer")
    offer, seat, token = code.split("*")
    assert rejoin.split("*")[1:] == [seat, token, "r"] and rejoin.split("*")[0] != offer
    host.evaluate("document.getElementById('table-dialog').open || document.getElementById('table-button').click()")
    # Another token gets no answer from the host.
    forged = rejoin.replace(f"*{token}*", "*AAAAAAAAAAAA*")
    paste_rejoin(host, forged)
    host.wait_for_function("document.getElementById('table-error').textContent.length > 0", timeout=WAIT)
    assert host.locator("[id^=table-rejoin-answer-]").count() == 0
    # The real one, pasted with line breaks, is answered; the answer goes back by copy.
    paste_rejoin(host, "\n".join(rejoin[i : i + 50] for i in range(0, len(rejoin), 50)))
    host.wait_for_function(
        "(document.getElementById('table-rejoin-answer-1') || {value: ''}).value.length > 20", timeout=WAIT
    )
    answer = host.input_value("#table-rejoin-answer-1")
    guest.fill("#join-host-answer", " ".join(answer[i : i + 30] for i in range(0, len(answer), 30)))
    guest.click("[data-action=table-rejoin-connect]")
    guest.wait_for_selector("body[data-turn]", state="attached", timeout=WAIT)
    host.wait_for_selector("#table-dialog:not([open])", state="attached", timeout=WAIT)
    assert moves(guest) == n and guest.locator("#join").is_hidden()
    # Its view is back (its turn, its log) and it plays on.
    assert guest.get_attribute("body", "data-awaiting") == "human"
    assert guest.locator("#log li").count() == host.locator("#log li").count()
    before = moves(host)
    while moves(host) == before:
        click_once(guest, rng, [host, guest])
    play_until({0: host, 1: guest}, rng, lambda: moves(host) >= n + 4)
    assert moves(guest) == moves(host)


def seat_guest_with(devices: Table, host: Page, guest: Page, code: str, seat: int) -> None:
    """seat_guest, for an invitation already copied: the guest opens it and its answer goes back."""
    devices.open(guest, "?table=" + quote(code))
    guest.wait_for_function("document.getElementById('join-answer').value.length > 20", timeout=WAIT)
    paste_answer(host, seat, guest.input_value("#join-answer"))
    guest.wait_for_selector("body[data-turn], body[data-game-over]", state="attached", timeout=WAIT)


def paste_rejoin(host: Page, code: str) -> None:
    """Paste a rejoin code into the host's Table dialog and press Answer (one task, as paste_answer)."""
    host.wait_for_selector("#table-rejoin", timeout=WAIT)
    if not host.evaluate("document.getElementById('table-rejoin').open"):
        host.click("#table-rejoin > summary")  # folded apart from the first-join steps
    host.wait_for_selector("#table-rejoin-code", timeout=WAIT)
    host.evaluate(
        """(code) => {
        document.getElementById('table-rejoin-code').value = code;
        document.querySelector('[data-action=table-rejoin]').click();
    }""",
        code,
    )


def test_an_emote_from_a_guest_shows_on_the_host_and_one_from_the_host_on_the_guest(devices: Table) -> None:
    host = devices.new("?game=manhattan&players=2&seats=human,remote&seed=17&fast=1")
    code = invite(host, 1)
    # The guest on a 390 px phone, by touch.
    guest = devices.page(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    devices.open(guest, "?table=" + quote(code))
    guest.wait_for_function("document.getElementById('join-answer').value.length > 20", timeout=WAIT)
    paste_answer(host, 1, guest.input_value("#join-answer"))
    guest.wait_for_selector("body[data-turn]", state="attached", timeout=WAIT)
    host.wait_for_selector("#table-dialog:not([open])", state="attached", timeout=WAIT)
    n = moves(host)
    buttons = guest.locator("#table-bar button[data-emote]")
    assert buttons.count() == 6
    for i in range(6):
        box = buttons.nth(i).bounding_box()
        assert box and box["width"] >= 44 and box["height"] >= 44 and box["x"] + box["width"] <= 390, box
    bubble = "#table-bar [data-emote-seat='{}'] .emote-bubble[data-emote='{}']"
    guest.tap("#table-bar button[data-emote='👏']")
    host.wait_for_selector(bubble.format(1, "👏"), state="attached", timeout=WAIT)
    assert host.locator("#table-bar [data-emote-seat='0'] .emote-bubble[data-emote]").count() == 0
    assert host.inner_text("#table-emote-said") == "Player 2: Well played"  # for screen readers
    assert guest.locator(bubble.format(1, "👏")).count() == 1  # the sender sees its own
    host.click("#table-bar button[data-emote='😮']")
    guest.wait_for_selector(bubble.format(0, "😮"), state="attached", timeout=WAIT)
    assert host.locator(bubble.format(0, "😮")).count() == 1
    assert moves(host) == moves(guest) == n  # an emote is no move


def test_a_tampered_invitations_answer_is_refused_in_words_and_a_new_invitation_seats_the_real_guest(
    devices: Table,
) -> None:
    # The host on a 390 px phone, by touch: the dialog's new lines must read there too.
    host = devices.page(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    devices.open(host, "?game=manhattan&players=2&seats=human,remote&seed=18&fast=1")
    code = invite(host, 1)
    offer, seat, token = code.split("*")
    # A stranger opens the invitation with its token altered and sends back an answer.
    stranger = devices.new(None)
    devices.open(stranger, "?table=" + quote(f"{offer}*{seat}*{'A' * len(token)}"))
    stranger.wait_for_function("document.getElementById('join-answer').value.length > 20", timeout=WAIT)
    paste_answer(host, 1, stranger.input_value("#join-answer"))
    # The host's dialog says what happened, and why, in plain words...
    host.wait_for_selector("#table-outcome-1", timeout=WAIT)
    said = host.inner_text("#table-outcome-1")
    assert "The answer was refused" in said and "does not open seat 2" in said, said
    assert "changed or damaged" in said
    # ...and a new invitation is there at once, in place of the spent one (no stale Connect).
    host.wait_for_function(
        "old => { const o = document.getElementById('table-offer-1'); return o && o.value.length > 20 && o.value !== old; }",
        arg=code,
        timeout=WAIT,
    )
    assert host.inner_text("[data-status='1']") == "waiting for the answer"
    fresh = host.input_value("#table-offer-1")
    assert fresh.split("*")[1:] == [seat, token] and fresh.split("*")[0] != offer
    box = host.locator("#table-outcome-1").bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390, box
    if os.environ.get("SKYLINE_SHOTS"):
        host.screenshot(path=str(Path(os.environ["SKYLINE_SHOTS"]) / "table-refused-phone.png"))
    # The stranger's page says it was not seated, and why.
    stranger.wait_for_function(
        "document.getElementById('join-status').textContent.includes('did not seat you')", timeout=WAIT
    )
    assert "does not open seat 2" in stranger.inner_text("#join-status")
    # The real guest, sent the new invitation, is seated; the refusal's line goes.
    guest = devices.new(None)
    seat_guest_with(devices, host, guest, fresh, 1)
    host.wait_for_selector("#table-dialog:not([open])", state="attached", timeout=WAIT)
    assert host.locator("#table-outcome-1").count() == 0
    assert guest.get_attribute("body", "data-turn") == host.get_attribute("body", "data-turn")


def host_would_refuse_undo(host: Page, seat: int) -> str | None:
    """The host's rule for an undo request of `seat` (every seat connected), on the host's
    autosaved record: Session.undo_blocker, which Host.undo_refusal applies."""
    record = host.evaluate("JSON.parse(localStorage.getItem('skyline.autosave'))")
    why = Session.from_record(record).undo_blocker(seat)
    return None if why is None else translate(why, "en")


def test_a_guests_undo_is_on_exactly_when_the_host_would_take_the_request(devices: Table) -> None:
    host = devices.new("?game=manhattan&players=2&seats=human,remote&seed=18&fast=1")
    guest = seat_guest(devices, host, 1)
    rng = random.Random(18)
    seen: dict[bool, list[str]] = {True: [], False: []}
    asked = False
    # Manhattan opens with parts picked (a pick reveals nothing: it may be taken back while
    # the host has not moved since), then cards are played (each draws a card: never).
    while not (seen[True] and any("turned up something hidden" in why for why in seen[False])):
        assert moves(host) < 40, seen
        page = whose({0: host, 1: guest})
        if page is None:
            host.wait_for_timeout(50)
            continue
        n = moves(host)
        while moves(host) == n:
            click_once(page, rng, [host, guest])
        n = moves(host)
        why = host_would_refuse_undo(host, 1)
        guest.wait_for_function(
            "([n, off]) => Number(document.body.dataset.moves) === n && document.getElementById('undo').disabled === off",
            arg=[n, why is not None],
            timeout=WAIT,
        )
        line = guest.locator("#table-undo-why")
        if why is None:
            assert line.is_hidden()
            seen[True].append(str(n))
            if not asked:  # the host takes the request to its player's vote: a "no" refuses it
                asked = True
                guest.click("#undo")
                host.wait_for_selector("#table-vote:not([hidden])", timeout=WAIT)
                host.click("[data-action=table-no]")
                guest.wait_for_function(
                    "document.getElementById('error').textContent.includes('did not agree')", timeout=WAIT
                )
                assert moves(host) == moves(guest) == n
                assert not guest.locator("#undo").is_disabled()
        else:
            assert line.is_visible() and line.inner_text() == f"Undo is off: {why}", (line.inner_text(), why)
            seen[False].append(why)
    assert asked
    # Once the guest's move is followed by the host's, the host would refuse: off, and why.
    n = moves(host)
    while moves(host) == n:
        click_once(host, rng, [host, guest])
    guest.wait_for_function(
        "n => Number(document.body.dataset.moves) === n + 1 && document.getElementById('undo').disabled",
        arg=n,
        timeout=WAIT,
    )
    assert "Another player has moved" in guest.inner_text("#table-undo-why")


def test_an_answer_whose_page_is_gone_ends_in_words_and_a_new_invitation(devices: Table) -> None:
    host = devices.new("?game=manhattan&players=2&seats=human,remote&seed=19&fast=1")
    code = invite(host, 1)
    gone = devices.new(None)
    devices.open(gone, "?table=" + quote(code))
    gone.wait_for_function("document.getElementById('join-answer').value.length > 20", timeout=WAIT)
    answer = gone.input_value("#join-answer")
    gone.context.close()  # the player's page (and its end of the connection) is gone
    paste_answer(host, 1, answer)
    # While the connection is tried, the row says so and offers no second Connect.
    host.wait_for_function("document.querySelector(\"[data-status='1']\").textContent === 'connecting…'")
    assert host.locator("[data-action=table-connect]").count() == 0
    # rtc.mjs gives up after 30 s: the row says why (the page that is gone, first), and the
    # spent invitation is replaced.
    host.wait_for_selector("#table-outcome-1", timeout=WAIT + 20_000)
    said = host.inner_text("#table-outcome-1")
    assert "did not answer the connection: it was closed or had stopped waiting" in said, said
    host.wait_for_function(
        "old => { const o = document.getElementById('table-offer-1'); return o && o.value.length > 20 && o.value !== old; }",
        arg=code,
        timeout=WAIT,
    )
    assert host.inner_text("[data-status='1']") == "waiting for the answer"
    seat_guest_with(devices, host, devices.new(None), host.input_value("#table-offer-1"), 1)


def test_the_hosts_undo_is_off_in_words_while_a_player_who_must_agree_is_away(devices: Table) -> None:
    """The host device's Undo follows the same rule as a guest's (Host.undo_refusal): the
    guest must agree, so while the guest is away it is off, and the title says why."""
    host = devices.new("?game=manhattan&players=2&seats=human,remote&seed=18&fast=1&first_player=1")
    guest = seat_guest(devices, host, 1)
    rng = random.Random(5)
    while moves(host) == 0:
        click_once(host, rng, [host, guest])
    host.wait_for_function("!document.getElementById('undo').disabled", timeout=WAIT)
    guest.close()
    host.wait_for_function("document.getElementById('undo').disabled", timeout=WAIT)
    assert "Player 2 is not connected" in (host.get_attribute("#undo", "title") or "")
