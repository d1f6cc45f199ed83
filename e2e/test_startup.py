"""Start-up from the build's Pyodide memory snapshot (web/boot.mjs): on a returning visit
from Cache Storage, on a first visit from a host on this computer or its local network;
the normal start of a first visit from any other host, and the normal start it falls
back to when the snapshot does not load."""

from __future__ import annotations

import base64
import gzip
import json
import random

import pytest
from conftest import DIST, READY_TIMEOUT
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


def test_a_first_visit_from_a_distant_host_starts_python_without_the_snapshot(page: Page, guard, far_url) -> None:
    """The snapshot is 4 MB that gzip cannot shrink: on a first visit over a network it
    costs more than the 0.4 s it saves, so only the service worker fetches it, after
    data-ready, for the next visit."""
    page.goto(far_url + "index.html" + GAME)
    page.wait_for_selector("body[data-ready]", state="attached", timeout=READY_TIMEOUT)
    assert not any(u.endswith("/pyodide/snapshot.bin.gz") for u in guard.requests)
    assert page.get_attribute("html", "data-snapshot") == "none"
    # PyScript's package from the build's compiled copy, not compiled here (web/boot.mjs).
    assert page.get_attribute("html", "data-pyscript") == "compiled"
    play_one_move(page)


def test_a_first_visit_from_this_computer_starts_from_the_snapshot(open_game, guard) -> None:
    """From a host on this computer (or its local network) the 4 MB cost ~0.1 s and save
    Python's start: the first visit brings the snapshot along."""
    page = open_game(GAME)
    assert any(u.endswith("/pyodide/snapshot.bin.gz") for u in guard.requests)
    assert page.get_attribute("html", "data-snapshot") == "used"
    play_one_move(page)


def test_a_nearby_host_that_left_the_snapshot_out_starts_normally(page: Page, open_game) -> None:
    """A host may leave snapshot.bin.gz out (README): a 404 means a normal start, not a failure."""
    page.route("**/pyodide/snapshot.bin.gz", lambda r: r.fulfill(status=404, body="not here"))
    page = open_game(GAME)
    assert page.get_attribute("html", "data-snapshot") == "none"
    play_one_move(page)


NEAR = ["localhost", "app.localhost", "127.0.0.1", "127.8.9.10", "[::1]", "10.0.0.7", "172.16.4.1", "172.31.255.254",
        "192.168.1.20", "169.254.3.3", "skyline.local", "box.home.arpa", "[fd12:3456::1]", "[fe80::1]"]  # fmt: skip
FAR = ["example.org", "skyline.github.io", "8.8.8.8", "172.32.0.1", "172.15.0.1", "192.169.0.1", "11.0.0.1",
       "[2001:db8::1]", "local.example.com", "localhost.example.com", ""]  # fmt: skip


def test_nearby_names_the_hosts_of_this_computer_and_its_local_network(open_game) -> None:
    page = open_game("?lang=en")
    verdicts = page.evaluate(
        """async (hosts) => {
        const {nearby} = await import("./snapshot.mjs");
        return Object.fromEntries(hosts.map((h) => [h, nearby(h)]));
    }""",
        NEAR + FAR,
    )
    assert [h for h in NEAR if not verdicts[h]] == []
    assert [h for h in FAR if verdicts[h]] == []


def build_cache() -> str:
    """The name of this build's Cache Storage (web/sw.js), the one cache the snapshot's
    worker reads."""
    build = json.loads((DIST / "build.json").read_text())
    return f"skyline-{build['version']}-pyodide-{build['pyodide']}"


def _cache(
    page: Page,
    body: bytes | None,
    name: str | None = None,
    file: str = "pyodide/snapshot.bin.gz",
    kind: str = "application/octet-stream",
) -> None:
    """Put a file (the snapshot unless told) into Cache Storage as the service worker
    would: the real one (body None, fetched from the server) or these bytes; into this
    build's cache, or the one named."""
    page.evaluate(
        """async ([b64, name, file, kind]) => {
        const cache = await caches.open(name);
        const url = new URL(file, location.href).href;
        if (b64 === null) return cache.add(url);
        const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
        return cache.put(url, new Response(bytes, {headers: {"Content-Type": kind}}));
    }""",
        [None if body is None else base64.b64encode(body).decode(), name or build_cache(), file, kind],
    )


def test_a_returning_visit_boots_from_the_cached_snapshot(open_game, guard) -> None:
    page = open_game(GAME)
    _cache(page, None)
    guard.requests.clear()
    page = open_game(GAME)
    assert page.get_attribute("html", "data-snapshot") == "used"
    assert page.get_attribute("html", "data-pyscript") == "compiled"
    # From the cache: the page itself never asks the server for it.
    assert not any(u.endswith("/pyodide/snapshot.bin.gz") for u in guard.requests)
    play_one_move(page)


def test_a_snapshot_in_another_builds_cache_is_not_read(page: Page, open_game) -> None:
    """Only this build's cache is read: another build's snapshot (left over, or the next
    one's, being installed) would not fit this build's wasm."""
    page.route("**/pyodide/snapshot.bin.gz", lambda r: r.fulfill(status=404, body="not here"))
    snapshot = (DIST / "pyodide" / "snapshot.bin.gz").read_bytes()
    page = open_game(GAME)
    _cache(page, snapshot, name="skyline-0000000000000000-pyodide-0")
    page = open_game(GAME)
    assert page.get_attribute("html", "data-snapshot") == "none"
    _cache(page, snapshot)
    page = open_game(GAME)
    assert page.get_attribute("html", "data-snapshot") == "used"


# index.html asks the snapshot's worker for the wasm only on a page the service worker
# answers: this makes the page think so, with service workers still blocked (the guard
# sees every request).
ANSWERED_BY_THE_SERVICE_WORKER = 'Object.defineProperty(navigator.serviceWorker, "controller", {get: () => ({})});'
# A wasm module that compiles but does not link: it imports what Pyodide does not give.
# The header, a type section (one function type) and an import section of one function.
UNLINKABLE = bytes.fromhex("0061736d01000000" "010401600000" "021301") + b"\x07skyline\x07missing\x00\x00"  # fmt: skip


def _cache_wasm(page: Page, body: bytes | None) -> None:
    _cache(page, body, file="pyodide/pyodide.asm.wasm", kind="application/wasm")


@pytest.mark.parametrize(
    "cached, compiled_by",
    [
        ("the wasm", "worker"),
        # Another build's, say: the page compiles its own copy rather than hang.
        ("a wasm that does not link", "page"),
    ],
)
def test_a_returning_visit_takes_the_wasm_the_worker_compiled(page: Page, open_game, cached, compiled_by) -> None:
    page = open_game(GAME)
    assert page.get_attribute("html", "data-wasm") is None  # a first visit: the page's own, as ever
    _cache(page, None)
    _cache_wasm(page, None if cached == "the wasm" else UNLINKABLE)
    page.add_init_script(ANSWERED_BY_THE_SERVICE_WORKER)
    page = open_game(GAME)
    assert page.get_attribute("html", "data-wasm") == compiled_by
    assert page.get_attribute("html", "data-snapshot") == "used"
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
