"""Online tables across two NATs (issue 47): the game's own pages, in two homes of
e2e/netns.py's topology, meet through a real Nostr relay on the "public" network and
connect as the networks allow.

- no STUN server: the two pages find each other through the relay, but no path works,
  and both say so in words (and what would fix it);
- STUN through ordinary NATs: connected directly, and the host's dialog says so;
- NATs that defeat STUN, with the host's TURN server: connected through TURN, and a
  whole game plays to its end.

Every address is inside namespaces this test makes; nothing leaves the machine.
Skipped, with the reason, where namespaces cannot be made (not root, no iptables).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import netns
import pytest
from conftest import DIST
from playwright.sync_api import Page, Playwright
from relay import relay_argv
from test_table import over, play_until

WAIT = 60_000  # ms: a bound on waits across the namespaces, never a speed target
RELAY_PORT = 7447


@pytest.fixture
def networks(playwright: Playwright) -> Iterator[netns.NetworkFactory]:
    yield from netns.network_factory(playwright)


def start_relay(net: netns.Network, folder: Path) -> str:
    process = net.public.popen(relay_argv(folder, netns.PUBLIC_ADDRESS, RELAY_PORT), log="relay.log")
    net.public.wait_port(RELAY_PORT, process)
    return f"ws://{netns.PUBLIC_ADDRESS}:{RELAY_PORT}"


def ready(page: Page) -> Page:
    page.wait_for_selector("body[data-ready]", state="attached", timeout=WAIT)
    return page


def host_online(
    net: netns.Network, relay: str, stun: str, turn: tuple[str, str, str] | None = None, seed: int = 41
) -> Page:
    """The host in the first home: a two-player game, its servers set, online."""
    base = net.lan1.serve(DIST)
    host = ready(net.lan1.page(f"{base}index.html?game=manhattan&players=2&seats=human,remote&seed={seed}&fast=1"))
    host.wait_for_selector("#table-dialog[open] [data-action=table-online]", timeout=WAIT)
    host.evaluate("document.querySelector('#table-online details').open = true")
    host.fill("#online-relays", relay)
    host.fill("#online-stun", stun)
    if turn:
        host.fill("#online-turn", turn[0])
        host.fill("#online-turn-user", turn[1])
        host.fill("#online-turn-credential", turn[2])
    host.click("[data-action=table-online]")
    host.wait_for_selector("#online-relay-status[data-relays-reached='1']", state="attached", timeout=WAIT)
    return host


def guest_joins(net: netns.Network, host: Page) -> Page:
    """The guest in the second home opens the link (served from its own machine)."""
    link = str(host.get_attribute("#table-online-link-1", "href"))
    base = net.lan2.serve(DIST)
    guest = ready(net.lan2.page(base + "index.html#" + link.split("#", 1)[1]))
    guest.click("[data-action=table-online-join]", timeout=WAIT)
    return guest


def test_without_stun_the_pages_meet_but_cannot_connect_and_say_what_would_fix_it(
    networks: netns.NetworkFactory, tmp_path: Path
) -> None:
    net = networks(nat="ordinary")
    host = host_online(net, start_relay(net, tmp_path / "relay"), stun="")
    guest = guest_joins(net, host)
    guest.wait_for_selector("#join-status[data-stage=failed]", state="attached", timeout=WAIT)
    assert "TURN server" in guest.inner_text("#join-status")
    host.wait_for_selector("#table-outcome-1", timeout=WAIT)
    assert "no network path" in host.inner_text("#table-outcome-1")
    assert guest.get_attribute("body", "data-turn") is None


def test_with_stun_through_ordinary_nats_the_pages_connect_directly(
    networks: netns.NetworkFactory, tmp_path: Path
) -> None:
    net = networks(nat="ordinary")
    host = host_online(net, start_relay(net, tmp_path / "relay"), stun=net.stun_url)
    guest = guest_joins(net, host)
    guest.wait_for_selector("body[data-turn]", state="attached", timeout=WAIT)
    host.wait_for_selector("#table-dialog:not([open])", state="attached", timeout=WAIT)
    host.evaluate("document.querySelector('[data-action=table-open]').click()")
    host.wait_for_selector("[data-status='1']", state="attached", timeout=WAIT)
    assert host.inner_text("[data-status='1']") == "connected directly"


def test_where_nats_defeat_stun_the_hosts_turn_server_carries_a_whole_game(
    networks: netns.NetworkFactory, tmp_path: Path
) -> None:
    net = networks(nat="symmetric", block_direct=True)
    turn = net.turn
    host = host_online(
        net,
        start_relay(net, tmp_path / "relay"),
        stun=net.stun_url,
        turn=(turn.url(), turn.username, turn.credential),
        seed=43,
    )
    guest = guest_joins(net, host)
    guest.wait_for_selector("body[data-turn]", state="attached", timeout=WAIT)
    host.evaluate("document.querySelector('[data-action=table-open]').click()")
    host.wait_for_selector("[data-status='1']", state="attached", timeout=WAIT)
    assert host.inner_text("[data-status='1']") == "connected through TURN"
    play_until({0: host, 1: guest}, random.Random(43), lambda: over(host) and over(guest))
    assert host.inner_text("#scores") == guest.inner_text("#scores")
