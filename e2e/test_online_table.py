"""Online tables (issue 47): a guest opens one link and is seated, through a real Nostr
relay started on this machine; reloads on either side find each other again by
themselves; a wrong secret never joins; a dead relay beside a live one is no matter; no
relay at all is said in words.

Every page is pointed at the local relay by the `relays` parameter and at no STUN server
(`stun=none`): the two contexts share this machine's loopback, so host candidates do.
"""

from __future__ import annotations

import base64
import concurrent.futures
import hashlib
import json
import os
import random
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from aionostr.event import Event
from aionostr.key import PrivateKey
from playwright.sync_api import Browser, Page
from relay import free_port, relay
from test_table import WAIT, Table, moves, over, play_until, scores
from websockets.sync.client import connect


@pytest.fixture
def relay_url(tmp_path: Path) -> Iterator[str]:
    with relay(tmp_path / "relay") as url:
        yield url


@pytest.fixture
def devices(browser: Browser, server_url: str, relay_url: str) -> Iterator[Table]:
    """As test_table's, but closed before the relay stops (a page whose relay vanished
    logs the refused reconnection as an error)."""
    d = Table(browser, server_url)
    yield d
    d.close_and_check()


def forgive_dead_relay(devices: Table, dead: str) -> None:
    """Chromium logs each refused WebSocket as a console error: for a relay a test made
    dead on purpose, that is the case under test, not a fault of the page."""
    devices.errors[:] = [e for e in devices.errors if f"WebSocket connection to '{dead}/' failed" not in e]


def go_online(host: Page) -> None:
    """The host reads what will be contacted and presses Invite over the internet."""
    host.wait_for_selector("#table-dialog[open] [data-action=table-online]", timeout=WAIT)
    host.click("[data-action=table-online]")
    host.wait_for_selector("#online-relay-status", timeout=WAIT)


def online_link(host: Page, seat: int) -> str:
    host.wait_for_selector(f"#table-online-link-{seat}", state="attached", timeout=WAIT)
    return str(host.get_attribute(f"#table-online-link-{seat}", "href"))


def open_link(devices: Table, link: str, page: Page | None = None, consent: bool = True) -> Page:
    """The guest opens the link (and, the first time, presses Join)."""
    page = page or devices.new(None)
    page.goto(link)
    page.wait_for_selector("body[data-ready]", state="attached", timeout=WAIT)
    if consent:
        page.click("[data-action=table-online-join]", timeout=WAIT)
    return page


def seated(page: Page) -> None:
    page.wait_for_selector("body[data-turn], body[data-game-over]", state="attached", timeout=WAIT)


def host_page(devices: Table, relays: str, seats: str = "human,remote", players: int = 2, seed: int = 21) -> Page:
    return devices.new(f"?game=manhattan&players={players}&seats={seats}&seed={seed}&fast=1&relays={relays}&stun=none")


def test_a_guest_opens_one_link_and_is_seated_and_a_whole_game_plays(devices: Table, relay_url: str) -> None:
    host = host_page(devices, relay_url)
    # Before the host's choice, the dialog names what would be contacted, and nothing is.
    host.wait_for_selector("#table-dialog[open] [data-action=table-online]", timeout=WAIT)
    assert relay_url in host.inner_text("#table-online")
    go_online(host)
    link = online_link(host, 1)
    assert "#online=1&" in link and "secret=" in link and "?" not in link.split("#")[0].split("/")[-1]
    guest = open_link(devices, link)
    seated(guest)
    host.wait_for_selector("#table-dialog:not([open])", state="attached", timeout=WAIT)
    host.click("#table-button")
    assert host.inner_text("[data-status='1']") == "connected directly"
    play_until({0: host, 1: guest}, random.Random(21), lambda: over(host) and over(guest))
    assert moves(host) == moves(guest)
    assert scores(host) == scores(guest)


def test_nothing_is_contacted_before_the_host_or_the_guest_chooses_it(devices: Table, relay_url: str) -> None:
    """The offline promise: a page with remote seats opens no WebSocket (and sends no
    request off this machine: the devices' guard) until *Invite over the internet*; a
    guest's page none until *Join*."""
    host = devices.new(None)
    sockets: list[str] = []
    host.on("websocket", lambda ws: sockets.append(ws.url))
    devices.open(host, f"?game=manhattan&players=2&seats=human,remote&seed=30&fast=1&relays={relay_url}&stun=none")
    host.wait_for_selector("#table-dialog[open] [data-action=table-online]", timeout=WAIT)
    host.wait_for_timeout(1000)
    assert sockets == []
    go_online(host)
    host.wait_for_selector("#online-relay-status[data-relays-reached='1']", state="attached", timeout=WAIT)
    assert sockets == [relay_url + "/"]
    guest = devices.new(None)
    guest_sockets: list[str] = []
    guest.on("websocket", lambda ws: guest_sockets.append(ws.url))
    open_link(devices, online_link(host, 1), guest, consent=False)
    guest.wait_for_selector("[data-action=table-online-join]", timeout=WAIT)
    assert relay_url in guest.inner_text("#join")  # the relays are named before the choice
    guest.wait_for_timeout(1000)
    assert guest_sockets == []
    guest.click("[data-action=table-online-join]")
    seated(guest)
    assert guest_sockets == [relay_url + "/"]


def test_guest_and_host_reloads_find_each_other_again_by_themselves(devices: Table, relay_url: str) -> None:
    host = host_page(devices, relay_url, seed=22)
    go_online(host)
    guest = open_link(devices, online_link(host, 1))
    seated(guest)
    rng = random.Random(22)
    play_until({0: host, 1: guest}, rng, lambda: moves(host) >= 4)
    n = moves(host)
    # The guest reloads: no Join to press again on this device, no code.
    guest.reload()
    guest.wait_for_function("n => Number(document.body.dataset.moves) === n", arg=n, timeout=WAIT)
    play_until({0: host, 1: guest}, rng, lambda: moves(host) >= n + 3)
    n = moves(host)
    # The host's page reloads: its autosave reopens the table online, with no new choice
    # to make, and the guest comes back by itself.
    devices.open(host, "")
    host.click("[data-action=resume]")
    host.wait_for_selector("body[data-turn]", state="attached", timeout=WAIT)
    host.wait_for_selector("#table-dialog:not([open])", state="attached", timeout=WAIT)
    guest.wait_for_function("n => Number(document.body.dataset.moves) === n", arg=n, timeout=WAIT)
    assert moves(host) == n
    play_until({0: host, 1: guest}, rng, lambda: moves(host) >= n + 3)
    assert moves(guest) == moves(host)


def test_three_devices_join_by_their_links(devices: Table, relay_url: str) -> None:
    host = host_page(devices, relay_url, seats="human,remote,remote", players=3, seed=23)
    go_online(host)
    guests = {p: open_link(devices, online_link(host, p)) for p in (1, 2)}
    for guest in guests.values():
        seated(guest)
    play_until({0: host, **guests}, random.Random(23), lambda: moves(host) >= 6)
    assert moves(guests[1]) == moves(guests[2]) == moves(host)


def test_a_link_with_a_wrong_secret_never_joins(devices: Table, relay_url: str) -> None:
    host = host_page(devices, relay_url, seed=24)
    go_online(host)
    link = online_link(host, 1)
    secret = link.split("secret=")[1].split("&")[0]
    wrong = link.replace(secret, ("A" if secret[0] != "A" else "B") + secret[1:])
    guest = open_link(devices, wrong)
    # The guest keeps asking; the host hears only what does not open, and stays as it was.
    guest.wait_for_selector("#join-status[data-stage=waiting]", state="attached", timeout=WAIT)
    guest.wait_for_timeout(7000)  # two more hellos go out and are dropped
    assert guest.get_attribute("body", "data-turn") is None
    assert host.inner_text("[data-status='1']") != "connected directly"
    # The right link still seats the player at once.
    seated(open_link(devices, link))


def test_one_dead_relay_beside_a_live_one_still_seats_the_guest(devices: Table, relay_url: str) -> None:
    dead = f"ws://127.0.0.1:{free_port()}"  # nothing listens there
    host = host_page(devices, f"{dead}+{relay_url}", seed=25)
    go_online(host)
    host.wait_for_selector("#online-relay-status[data-relays-reached='1']", state="attached", timeout=WAIT)
    guest = open_link(devices, online_link(host, 1))
    seated(guest)
    forgive_dead_relay(devices, dead)


def test_no_relay_reachable_is_said_in_words_and_the_code_method_stays(devices: Table) -> None:
    dead = f"ws://127.0.0.1:{free_port()}"
    host = host_page(devices, dead, seed=26)
    go_online(host)
    host.wait_for_selector("#online-relay-status[role=alert]", state="attached", timeout=WAIT)
    assert "No relay could be reached" in host.inner_text("#online-relay-status")
    # Inviting by code (one local network, nothing external) is still there for the seat.
    assert host.locator("[data-action=table-invite][data-seat='1']").count() == 1
    # A guest whose link names only dead relays is told so.
    guest = open_link(devices, online_link(host, 1))
    guest.wait_for_selector("#join-status[data-stage=relays]", state="attached", timeout=WAIT)
    assert "No relay could be reached" in guest.inner_text("#join-status")
    forgive_dead_relay(devices, dead)


# The guest's page keeps every text its data channel hears, so the test can check what
# crossed the new path (the page itself never keeps them).
HEAR = """
(() => {
  const make = RTCPeerConnection.prototype.createDataChannel;
  window.__heard = [];
  RTCPeerConnection.prototype.createDataChannel = function (...args) {
    const channel = make.apply(this, args);
    channel.addEventListener("message", (e) => window.__heard.push(String(e.data)));
    return channel;
  };
})();
"""


def test_over_the_relay_path_a_guest_receives_only_its_own_view(devices: Table, relay_url: str) -> None:
    from skyweb.session import AUTOSAVE_KEY, Session

    host = host_page(devices, relay_url, seed=27)
    go_online(host)
    link = online_link(host, 1)
    guest = devices.new(None)
    guest.context.add_init_script(HEAR)
    seated(open_link(devices, link, guest))
    play_until({0: host, 1: guest}, random.Random(27), lambda: moves(host) >= 12)
    guest.wait_for_function("n => Number(document.body.dataset.moves) === n", arg=moves(host), timeout=WAIT)
    heard = [json.loads(t) for t in guest.evaluate("window.__heard")]
    session = Session.from_record(json.loads(host.evaluate(f"localStorage.getItem('{AUTOSAVE_KEY}')")))
    views = [m for m in heard if m["t"] == "view"]
    assert len(views) >= 6
    for m in heard:
        assert not {"seed", "moves", "record", "token", "tokens"} & set(m), f"a message to the guest carries {m['t']}"
    for m in views:
        want = session.game.view(session.state_at(m["n"]), 1)
        assert m["state"] == json.loads(json.dumps(want)), f"the view after move {m['n']} holds more than seat 2's"


def hostile_client(relay: str, tag: str, seconds: float) -> list[dict]:
    """A stranger on the relay: it hears the table's events from now on (a relay sees
    them all) for `seconds`, then returns them."""
    got: list[dict] = []
    with connect(relay) as ws:
        ws.send(json.dumps(["REQ", "spy", {"kinds": [25050], "#t": [tag], "since": int(time.time())}]))
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            try:
                m = json.loads(ws.recv(timeout=0.2))
            except TimeoutError:
                continue
            if m[0] == "EVENT":
                got.append(m[2])
    return got


def publish(relay: str, events: list[Event]) -> None:
    with connect(relay, max_size=2**22) as ws:
        for event in events:
            ws.send(json.dumps(["EVENT", event.to_json_object()]))
            ws.recv(timeout=10)  # the relay's OK (accepted or not: either way nothing may change)


def signed(key: PrivateKey, content: str, tag: str, created_at: int | None = None) -> Event:
    event = Event(
        pubkey=key.public_key.hex(),
        content=content,
        kind=25050,
        tags=[["t", tag]],
        created_at=created_at or int(time.time()),
    )
    event.sign(key.hex())
    return event


def test_hostile_relay_events_change_nothing(devices: Table, relay_url: str) -> None:
    """Garbage, a huge event, a replay of the table's own sealed messages (signed anew:
    the relay sees them as new), and another table's messages under this table's tag:
    none opens, so the host and the seated guest go on as if nothing came."""
    host = host_page(devices, relay_url, seed=28)
    go_online(host)
    link = online_link(host, 1)
    table = link.split("table=")[1].split("&")[0]
    tag = hashlib.sha256(f"skyline-table/1/{table}".encode()).hexdigest()
    # The relay's view of a join: a stranger hears the hello, offer and answer go by.
    spy = concurrent.futures.ThreadPoolExecutor(1).submit(hostile_client, relay_url, tag, 12.0)
    guest = open_link(devices, link)
    seated(guest)
    heard = spy.result()
    assert len(heard) >= 3 and all(e["tags"] == [["t", tag]] for e in heard)
    assert not any("v=0" in e["content"] or "candidate" in e["content"] for e in heard), "an SDP in clear"
    rng = random.Random(28)
    play_until({0: host, 1: guest}, rng, lambda: moves(host) >= 4)
    n = moves(host)
    status = host.inner_text("[data-status='1']")
    # Another table, sealed with its own secret and seat key, under this table's tag.
    other = host_page(devices, relay_url, seed=29)
    go_online(other)
    other_link = online_link(other, 1)
    other_tag = hashlib.sha256(f"skyline-table/1/{other_link.split('table=')[1].split('&')[0]}".encode()).hexdigest()
    other_heard = concurrent.futures.ThreadPoolExecutor(1).submit(hostile_client, relay_url, other_tag, 8.0)
    stranger = open_link(devices, other_link)
    seated(stranger)
    key = PrivateKey()
    events = [
        signed(key, "not base64 at all!", tag),
        signed(key, base64.urlsafe_b64encode(os.urandom(300)).decode().rstrip("="), tag),
        signed(key, "A" * 200_000, tag),
        *(signed(key, e["content"], tag) for e in heard),  # replays of this table's own messages
        *(signed(key, e["content"], tag) for e in other_heard.result()),  # another table's
        signed(key, heard[0]["content"], tag, created_at=int(time.time()) - 3600),  # an old one
    ]
    answers = concurrent.futures.ThreadPoolExecutor(1).submit(hostile_client, relay_url, tag, 6.0)
    time.sleep(0.5)
    publish(relay_url, events)
    # A page that took the replayed hello for a new guest would publish an offer to it.
    assert {e["pubkey"] for e in answers.result()} <= {key.public_key.hex()}, "a page answered a replay"
    assert moves(host) == moves(guest) == n
    assert host.inner_text("[data-status='1']") == status
    assert host.locator("#table-outcome-1").count() == 0
    assert guest.get_attribute("body", "data-turn") is not None
    play_until({0: host, 1: guest}, rng, lambda: moves(host) >= n + 3)
    assert moves(guest) == moves(host)


def test_a_host_online_changes_its_relays_and_the_new_link_seats_the_guest(devices: Table, relay_url: str) -> None:
    dead = f"ws://127.0.0.1:{free_port()}"
    host = host_page(devices, relay_url, seed=31)
    go_online(host)
    before = online_link(host, 1)
    host.evaluate("document.querySelector('#table-online details').open = true")
    host.fill("#online-relays", f"{dead}\n{relay_url}")
    host.click("[data-action=table-online-servers]")
    host.wait_for_function(
        "dead => document.getElementById('table-online-link-1')?.href.includes(dead)", arg=dead, timeout=WAIT
    )
    after = online_link(host, 1)
    fields = lambda link: dict(f.split("=", 1) for f in link.split("#")[1].split("&"))  # noqa: E731
    # The same table and seat; only the relays the guest must listen on changed.
    assert {k: v for k, v in fields(after).items() if k != "relays"} == {
        k: v for k, v in fields(before).items() if k != "relays"
    }
    assert fields(after)["relays"] != fields(before)["relays"]
    seated(open_link(devices, after))
    forgive_dead_relay(devices, dead)
