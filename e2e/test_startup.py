"""Start-up from the build's Pyodide memory snapshot on a returning visit (web/boot.mjs
reads it from Cache Storage only), the normal start of a first visit, and the normal
start it falls back to when the cached snapshot does not load."""

from __future__ import annotations

import base64
import gzip
import random

import pytest
from conftest import DIST
from playwright.sync_api import Page, expect

GAME = "?game=manhattan&players=2&seats=human,random&seed=3"


def play_one_move(page: Page) -> None:
    """Python is really up: the engine draws a board and takes clicks until a move is made."""
    page.wait_for_selector("body[data-awaiting=human]", state="attached")
    expect(page.locator("#board svg")).to_be_visible()
    before = int(page.get_attribute("body", "data-moves"))
    for _ in range(10):
        moves = page.locator("[data-move]")
        (moves if moves.count() else page.locator("[data-step]")).first.click()
        if int(page.get_attribute("body", "data-moves")) > before:
            return
    raise AssertionError("ten clicks made no move")


def test_a_first_visit_starts_python_without_the_snapshot(open_game, guard) -> None:
    """The snapshot is 4 MB that gzip cannot shrink: on a first visit over a network it
    costs more than the 0.4 s it saves, so only the service worker fetches it, after
    data-ready, for the next visit (web/boot.mjs)."""
    page = open_game(GAME)
    assert not any(u.endswith("/pyodide/snapshot.bin.gz") for u in guard.requests)
    assert page.get_attribute("html", "data-snapshot") == "none"
    play_one_move(page)


def _cache(page: Page, body: bytes | None) -> None:
    """Put a snapshot into Cache Storage as the service worker would: the real one
    (body None, fetched from the server) or these bytes."""
    page.evaluate(
        """async (b64) => {
        const cache = await caches.open("skyline-test");
        const url = new URL("./pyodide/snapshot.bin.gz", location.href).href;
        if (b64 === null) return cache.add(url);
        const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
        return cache.put(url, new Response(bytes, {headers: {"Content-Type": "application/octet-stream"}}));
    }""",
        None if body is None else base64.b64encode(body).decode(),
    )


def test_a_returning_visit_boots_from_the_cached_snapshot(open_game, guard) -> None:
    page = open_game(GAME)
    _cache(page, None)
    guard.requests.clear()
    page = open_game(GAME)
    assert page.get_attribute("html", "data-snapshot") == "used"
    # From the cache: the page itself never asks the server for it.
    assert not any(u.endswith("/pyodide/snapshot.bin.gz") for u in guard.requests)
    play_one_move(page)


def _garbage() -> bytes:
    return gzip.compress(random.Random(7).randbytes(1 << 20))


def _truncated() -> bytes:
    raw = gzip.decompress((DIST / "pyodide" / "snapshot.bin.gz").read_bytes())
    return gzip.compress(raw[: len(raw) // 2], compresslevel=1)


@pytest.mark.parametrize(
    "case",
    [
        "not gzip",  # a proxy that mangled it: bytes that are no snapshot at all
        "garbage",  # gzip, but not a Pyodide snapshot (its magic number is wrong)
        "truncated",  # a snapshot cut in half
    ],
)
def test_a_bad_cached_snapshot_falls_back_to_a_normal_start(open_game, case: str) -> None:
    bodies = {"not gzip": lambda: random.Random(3).randbytes(4096), "garbage": _garbage, "truncated": _truncated}
    page = open_game(GAME)
    _cache(page, bodies[case]())
    page = open_game(GAME)
    assert page.get_attribute("html", "data-snapshot") == "failed"
    play_one_move(page)
