"""The benchmark's online section (issue 47): how long a guest waits between opening an
online table's link and seeing its board, through a real Nostr relay on loopback
(e2e/relay.py), and what the online path adds to the bytes a visit downloads.

Two times per run: from opening the link to the board (the page's own start included),
and from the guest's *Join* to the board (the relay handshake and WebRTC alone).
"""

from __future__ import annotations

import gzip
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from relay import relay

WAIT = 60_000  # ms: a bound on waits, never a target
ONLINE_FILES = ("online.mjs", "vendor/nostr.js")


def stats(values: list[float]) -> dict[str, float]:
    return {"median": statistics.median(values), "min": min(values), "max": max(values), "n": len(values)}


def one_join(browser: Any, base: str, relay_url: str, seed: int) -> tuple[float, float]:
    host_context, guest_context = browser.new_context(), browser.new_context()
    try:
        host = host_context.new_page()
        host.goto(
            f"{base}index.html?game=manhattan&players=2&seats=human,remote&seed={seed}&relays={relay_url}&stun=none"
        )
        host.wait_for_selector("#table-dialog[open] [data-action=table-online]", timeout=WAIT)
        host.click("[data-action=table-online]")
        host.wait_for_selector("#table-online-link-1", state="attached", timeout=WAIT)
        link = str(host.get_attribute("#table-online-link-1", "href"))
        guest = guest_context.new_page()
        opened = time.perf_counter()
        guest.goto(link)
        guest.wait_for_selector("[data-action=table-online-join]", timeout=WAIT)
        joined = time.perf_counter()
        guest.click("[data-action=table-online-join]")
        guest.wait_for_selector("body[data-turn]", state="attached", timeout=WAIT)
        board = time.perf_counter()
        return (board - opened) * 1000, (board - joined) * 1000
    finally:
        guest_context.close()
        host_context.close()


def online(browser: Any, base: str, dist: Path, runs: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder, relay(Path(folder)) as relay_url:
        times = [one_join(browser, base, relay_url, seed) for seed in range(1, runs + 1)]
    sizes = {}
    for name in ONLINE_FILES:
        data = (dist / name).read_bytes()
        sizes[name] = {"raw": len(data), "gzip": len(gzip.compress(data, 9))}
    precached = (dist / "sw.js").read_text()
    return {
        "link_to_board_ms": stats([t[0] for t in times]),
        "join_to_board_ms": stats([t[1] for t in times]),
        "bytes": sizes,
        "in_first_visit": [name for name in ONLINE_FILES if f'"./{name}"' in precached],
    }


def table(r: dict[str, Any]) -> list[str]:
    a, b = r["link_to_board_ms"], r["join_to_board_ms"]
    total = sum(s["gzip"] for s in r["bytes"].values())
    return [
        "Online table: a guest opens the link -> its board, through a Nostr relay on loopback (ms)",
        f"  link -> board   median {a['median']:7.0f}  min {a['min']:6.0f}  max {a['max']:6.0f}  (n={a['n']}, the page's start included)",
        f"  Join -> board   median {b['median']:7.0f}  min {b['min']:6.0f}  max {b['max']:6.0f}  (relay handshake + WebRTC)",
        "  bytes of the online path (loaded only when a table goes online): "
        + ", ".join(f"{n} {s['raw'] / 1000:.0f} kB ({s['gzip'] / 1000:.0f} kB gzip)" for n, s in r["bytes"].items())
        + f"; {total / 1000:.0f} kB gzip in all; in a first visit's downloads: {', '.join(r['in_first_visit']) or 'none'}",
    ]
