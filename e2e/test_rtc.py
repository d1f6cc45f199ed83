"""Peer-to-peer tables (issue 28): pages in separate browser contexts, as on separate
devices, link by WebRTC (web/rtc.mjs) after a person copies the host's code to a guest
and the guest's code back. No STUN server (iceServers: []): the pages find each other
by Chromium's default mDNS host candidates, as on one local network.

The pages are a blank page of the server's origin: web/rtc.mjs needs no Python, so the
tests do not boot Pyodide. The measured code sizes and handshake times are printed
(run with -s), never asserted: the machine may be slow.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from conftest import Devices
from playwright.sync_api import Browser, Page

OPEN_TIMEOUT = 30_000  # ms


class Pages(Devices):
    """Devices on a blank page of the table's origin, with web/rtc.mjs imported."""

    def __init__(self, browser: Browser, server_url: str) -> None:
        super().__init__(browser, blank=server_url + "rtc-test.html")

    def new(self) -> Page:
        page = self.page()
        page.goto(self.blank)
        page.evaluate("import('./rtc.mjs').then((m) => { window.rtc = m; window.links = []; window.inbox = []; })")
        return page


@pytest.fixture
def pages(browser: Browser, server_url: str) -> Iterator[Pages]:
    p = Pages(browser, server_url)
    yield p
    p.close_and_check()


# Each page keeps its links in window.links and what each received in window.inbox[i].
KEEP_LINK = """(link) => {
    const i = links.push(link) - 1;
    inbox[i] = [];
    link.onmessage((text) => inbox[i].push(text));
    link.onclose(() => { link.closedAt = performance.now(); });
    return i;
}"""


def offer(host: Page) -> dict:
    """host() on the host page: its code and how long gathering took (ms)."""
    return host.evaluate("""async () => {
        const t = performance.now();
        const table = await rtc.host();
        (window.tables ??= []).push(table);
        return {code: table.code, ms: performance.now() - t, seat: tables.length - 1};
    }""")


def answer(guest: Page, code: str) -> dict:
    """join() on the guest page, with the code as pasted; its link is kept once open."""
    return guest.evaluate(
        f"""async (code) => {{
        const t = performance.now();
        const seat = await rtc.join(code);
        window.opening = seat.link.then({KEEP_LINK});
        return {{code: seat.code, ms: performance.now() - t}};
    }}""",
        code,
    )


def accept(host: Page, seat: int, code: str) -> dict:
    return host.evaluate(
        f"""async ([seat, code]) => {{
        const t = performance.now();
        const i = ({KEEP_LINK})(await tables[seat].accept(code));
        return {{link: i, ms: performance.now() - t}};
    }}""",
        [seat, code],
    )


def guest_link(guest: Page) -> int:
    return guest.evaluate("window.opening")


def as_pasted(code: str) -> str:
    """The code as a chat or a mail may deliver it: broken into lines, with spaces."""
    return "\n  " + " \r\n".join(re.findall(".{1,23}", code)) + " \n"


def connect(host: Page, guest: Page, timings: dict) -> tuple[int, int]:
    """The whole handshake, as two people do it; returns (host's link, guest's link)."""
    o = offer(host)
    a = answer(guest, as_pasted(o["code"]))
    h = accept(host, o["seat"], as_pasted(a["code"]))
    g = guest_link(guest)
    timings.setdefault("offer chars", []).append(len(o["code"]))
    timings.setdefault("answer chars", []).append(len(a["code"]))
    timings.setdefault("host() ms", []).append(round(o["ms"]))
    timings.setdefault("join() ms", []).append(round(a["ms"]))
    timings.setdefault("accept() to open ms", []).append(round(h["ms"]))
    return h["link"], g


def send(page: Page, link: int, texts: list[str]) -> None:
    page.evaluate("([i, texts]) => texts.forEach((t) => links[i].send(t))", [link, texts])


def received(page: Page, link: int, count: int) -> list[str]:
    page.wait_for_function("([i, n]) => inbox[i].length >= n", arg=[link, count], timeout=OPEN_TIMEOUT)
    return page.evaluate("(i) => inbox[i]", link)


def report(title: str, timings: dict) -> None:
    print(f"\n{title}: " + ", ".join(f"{k} {v}" for k, v in timings.items()))


def test_a_host_and_a_guest_link_and_talk_both_ways(pages: Pages) -> None:
    host, guest = pages.new(), pages.new()
    timings: dict = {}
    h, g = connect(host, guest, timings)
    report("one guest", timings)
    assert host.evaluate("(i) => links[i].open", h) and guest.evaluate("(i) => links[i].open", g)

    many = [f"{n}:" + "x" * (n * 97 % 3000) for n in range(200)]
    send(host, h, many)
    assert received(guest, g, len(many)) == many, "the guest got the host's messages out of order or changed"
    send(guest, g, ["move 1", "ünïcödé ♞ 棋", ""])
    assert received(host, h, 3) == ["move 1", "ünïcödé ♞ 棋", ""]

    # The guest leaves: the host's page hears of it, and its link says so.
    guest.evaluate("(i) => links[i].close()", g)
    host.wait_for_function("(i) => links[i].closedAt !== undefined", arg=h, timeout=OPEN_TIMEOUT)
    assert host.evaluate("(i) => links[i].open", h) is False
    error = host.evaluate("(i) => { try { links[i].send('late'); } catch (e) { return e.message; } }", h)
    assert error == "the link is closed"


def test_an_answer_pasted_a_minute_late_still_connects(pages: Pages) -> None:
    """People copy codes through a chat: the host may paste the answer long after the
    guest's page made it. The guest's page waits (rtc.ANSWER_MS), and so the link opens."""
    host, guest = pages.new(), pages.new()
    o = offer(host)
    a = answer(guest, o["code"])
    assert guest.evaluate("rtc.ANSWER_MS") >= 5 * 60_000
    host.wait_for_timeout(45_000)  # longer than ICE's own checks and the old 30 s wait
    h = accept(host, o["seat"], a["code"])
    g = guest_link(guest)
    send(host, h["link"], ["late"])
    assert received(guest, g, 1) == ["late"]


def test_a_host_with_two_guests(pages: Pages) -> None:
    host, alice, bob = pages.new(), pages.new(), pages.new()
    timings: dict = {}
    to_alice, from_alice = connect(host, alice, timings)
    to_bob, from_bob = connect(host, bob, timings)
    report("two guests", timings)

    for n in range(3):
        send(host, to_alice, [f"state {n}"])
        send(host, to_bob, [f"state {n}"])
    send(alice, from_alice, ["alice plays"])
    send(bob, from_bob, ["bob plays"])
    assert received(alice, from_alice, 3) == ["state 0", "state 1", "state 2"]
    assert received(bob, from_bob, 3) == ["state 0", "state 1", "state 2"]
    assert received(host, to_alice, 1) == ["alice plays"]
    assert received(host, to_bob, 1) == ["bob plays"]

    # The host closes Bob's seat: Bob hears it, Alice plays on.
    host.evaluate("(i) => links[i].close()", to_bob)
    bob.wait_for_function("(i) => links[i].closedAt !== undefined", arg=from_bob, timeout=OPEN_TIMEOUT)
    send(alice, from_alice, ["still here"])
    assert received(host, to_alice, 2) == ["alice plays", "still here"]


def test_a_wrong_paste_says_why_and_the_right_one_still_works(pages: Pages) -> None:
    host, guest = pages.new(), pages.new()
    o = offer(host)
    # The host pastes its own offer where the guest's answer goes.
    error = host.evaluate(
        """async ([seat, code]) => {
        try { await tables[seat].accept(code); } catch (e) { return [e.reason, e.message]; }
    }""",
        [o["seat"], o["code"]],
    )
    assert error == ["wrong-kind", "this is a host's code (an offer), but a guest's code (an answer) is needed here"]
    error = guest.evaluate(
        "async (code) => { try { await rtc.join(code); } catch (e) { return e.reason; } }", o["code"][:-30]
    )
    assert error == "damaged"
    a = answer(guest, o["code"])
    h = accept(host, o["seat"], a["code"])
    send(guest, guest_link(guest), ["hello"])
    assert received(host, h["link"], 1) == ["hello"]


def test_the_offer_as_a_qr_code(pages: Pages) -> None:
    """qr.mjs draws the code with the vendored qrcode-generator, fetched only then."""
    host = pages.new()
    assert not any("/vendor/" in u for u in pages.requests)
    code = offer(host)["code"]
    svg = host.evaluate("(code) => import('./qr.mjs').then((m) => m.qrSvg(code))", code)
    assert any(u.endswith("/vendor/qrcode.mjs") for u in pages.requests)
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert 'role="img"' in svg and "<title" in svg and "QR code" in svg
    cells = int(re.search(r'viewBox="0 0 (\d+) ', svg).group(1)) // 4 - 8  # cellSize 4, a 4-cell quiet zone
    version = (cells - 17) // 4
    print(
        f"\nQR of a {len(code)}-character offer: version {version} ({cells}x{cells} modules), SVG {len(svg)} characters"
    )
    assert 21 <= cells <= 177 and (cells - 17) % 4 == 0
    # The page shows it: it renders as an image of the expected size.
    box = host.evaluate(
        """(svg) => {
        const div = document.createElement('div');
        div.style.width = '300px';
        div.innerHTML = svg;
        document.body.append(div);
        const r = div.querySelector('svg').getBoundingClientRect();
        return [r.width, r.height];
    }""",
        svg,
    )
    assert box[0] == 300 and abs(box[1] - 300) < 1


def test_with_the_real_addresses_instead_of_mdns_names(
    browser_type, browser_type_launch_args: dict, server_url: str
) -> None:
    """Chromium hides a page's local addresses behind mDNS names (<uuid>.local) unless
    WebRtcHideLocalIpsWithMdns is off. The links work either way; the codes of real
    addresses are shorter (4 bytes an IPv4 address against 16 a name). Printed to compare."""
    args = [*browser_type_launch_args["args"], "--disable-features=WebRtcHideLocalIpsWithMdns"]
    browser = browser_type.launch(**{**browser_type_launch_args, "args": args})
    try:
        p = Pages(browser, server_url)
        host, guest = p.new(), p.new()
        timings: dict = {}
        h, g = connect(host, guest, timings)
        report("without mDNS", timings)
        send(host, h, ["hi"])
        assert received(guest, g, 1) == ["hi"]
        assert not p.blocked and not p.errors, (p.blocked, p.errors)
    finally:
        browser.close()


def test_the_game_page_does_not_load_the_table_code_on_a_first_visit(open_game, guard) -> None:
    """rtc.mjs, qr.mjs and the vendored QR encoder are for hosted tables only: a first
    visit must not spend its bytes on them (the service worker caches them later)."""
    open_game("?lang=en")
    loaded = [u for u in guard.requests if re.search(r"/(rtc|qr)\.mjs$|/vendor/", u)]
    assert loaded == []
