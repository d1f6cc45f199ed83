"""Start-up from the build's Pyodide memory snapshot (web/boot.mjs), and the normal
start it falls back to when the snapshot is missing or does not load."""
from __future__ import annotations

import gzip
import random

import pytest
from conftest import DIST
from playwright.sync_api import Page, expect

SNAPSHOT = "**/pyodide/snapshot.bin.gz"
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


def test_the_page_boots_from_the_snapshot(open_game, guard) -> None:
    page = open_game(GAME)
    assert any(u.endswith("/pyodide/snapshot.bin.gz") for u in guard.requests)
    assert page.get_attribute("html", "data-snapshot") == "used"
    play_one_move(page)


def _garbage() -> bytes:
    return gzip.compress(random.Random(7).randbytes(1 << 20))


def _truncated() -> bytes:
    raw = gzip.decompress((DIST / "pyodide" / "snapshot.bin.gz").read_bytes())
    return gzip.compress(raw[: len(raw) // 2], compresslevel=1)


@pytest.mark.parametrize("case, expected", [
    ("missing", "none"),      # an older deployment, or a host that drops big files
    ("not gzip", "failed"),   # a proxy that mangled it: bytes that are no snapshot at all
    ("garbage", "failed"),    # gzip, but not a Pyodide snapshot (its magic number is wrong)
    ("truncated", "failed"),  # a snapshot cut in half
])
def test_a_bad_snapshot_falls_back_to_a_normal_start(page: Page, open_game, guard, case: str, expected: str) -> None:
    bodies = {"not gzip": lambda: random.Random(3).randbytes(4096), "garbage": _garbage, "truncated": _truncated}
    if case == "missing":
        page.route(SNAPSHOT, lambda route: route.fulfill(status=404, body="gone"))
    else:
        body = bodies[case]()
        page.route(SNAPSHOT, lambda route: route.fulfill(status=200, body=body,
                                                          content_type="application/octet-stream"))
    page = open_game(GAME)
    assert page.get_attribute("html", "data-snapshot") == expected
    play_one_move(page)
    # The browser itself logs the 404 it was given; nothing else may be an error.
    guard.errors[:] = [e for e in guard.errors if not (case == "missing" and "status of 404" in e)]
