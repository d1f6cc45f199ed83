"""Issue 46 in the page: a guest's device sends deep JSON over its data channel and the
host's page, in Pyodide, answers with an `error` (docs/protocol.md rule 6), logs no page
error and plays on. `"[" * 8000` once killed the host's interpreter ("Maximum call stack
size exceeded", then "Recursive call to fatal_error" for every later message): the WASM C
stack ran out inside json.loads before Python's recursion guard.

The guest's page is a real one, seated by its invitation; its data channel is reached by
wrapping RTCPeerConnection.createDataChannel before the page loads, as a hostile page could.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page
from test_table import WAIT, Table, click_once, moves, seat_guest, whose

# Every data channel of the page, and every text that arrived on one.
SPY = """
(() => {
  window.skylineChannels = [];
  window.skylineReceived = [];
  const make = RTCPeerConnection.prototype.createDataChannel;
  RTCPeerConnection.prototype.createDataChannel = function (...args) {
    const channel = make.apply(this, args);
    window.skylineChannels.push(channel);
    channel.addEventListener("message", (e) => window.skylineReceived.push(String(e.data)));
    return channel;
  };
})();
"""


@pytest.fixture
def devices(browser: Browser, server_url: str) -> Iterator[Table]:
    d = Table(browser, server_url)
    yield d
    d.close_and_check()  # no console error, no page error, on the host's page or the guest's


def send_raw(guest: Page, text: str) -> int:
    """Send `text` on the guest's open channel; how many texts it had received before."""
    return guest.evaluate(
        """(text) => {
        const open = window.skylineChannels.filter((c) => c.readyState === "open");
        if (open.length !== 1) throw new Error(`${open.length} open channels`);
        const before = window.skylineReceived.length;
        open[0].send(text);
        return before;
    }""",
        text,
    )


def replies_after(guest: Page, before: int) -> list[dict]:
    guest.wait_for_function("n => window.skylineReceived.length > n", arg=before, timeout=WAIT)
    return [json.loads(t) for t in guest.evaluate("n => window.skylineReceived.slice(n)", before)]


@pytest.mark.parametrize("depth", [8000, 100_000])
def test_a_guest_sending_deep_nesting_gets_an_error_and_the_game_goes_on(devices: Table, depth: int) -> None:
    host = devices.new("?game=manhattan&players=2&seats=human,remote&seed=11&fast=1")
    guest = devices.new(None)
    guest.add_init_script(SPY)
    seat_guest(devices, host, 1, guest)
    host.wait_for_selector("#table-dialog:not([open])", state="attached", timeout=WAIT)
    before_moves = moves(host)
    # A data channel carries at most 256 kB a message (its SDP's max-message-size): the
    # object form is cut to 40,000 levels (200 kB) there.
    for text in ("[" * depth, '{"a":' * min(depth, 40_000), "[" * depth + "]" * depth):
        sent = send_raw(guest, text)
        replies = replies_after(guest, sent)
        assert replies[0]["t"] == "error", replies[0]
        assert replies[0]["reason"]["m"], replies[0]  # a reason in words, translatable
    assert moves(host) == before_moves
    # The host's interpreter is alive and the table plays on: legal moves from both devices.
    rng = random.Random(depth)
    pages = {0: host, 1: guest}
    for _ in range(2):
        n = moves(host)
        while moves(host) == n:
            page = whose(pages)
            if page is None:
                host.wait_for_timeout(50)
                continue
            click_once(page, rng, list(pages.values()))
    assert moves(guest) == moves(host) >= before_moves + 1
