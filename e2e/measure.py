#!/usr/bin/env python3
"""Measure the page in Chromium (a script, not a test): cold start and click latency.

    .venv/bin/python e2e/measure.py [--dist dist] [--runs 5] [--clicks 60]

Prints the median time to body[data-ready] over fresh browser contexts (empty HTTP
cache, every non-local request blocked), and the time from a click on a
[data-step]/[data-move] to the board SVG being replaced and to the next frame.
Needs a built dist/ (python3 build_scripts/build.py).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlparse

from playwright.sync_api import Browser, BrowserContext, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("SKYLINE_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
LOCAL = {"127.0.0.1", "localhost"}

# Installed before the page's own scripts: the click time is the event's own
# timestamp (when the input arrived); the board mutation and the next animation
# frame after it close the interval.
PROBE_JS = """
window.__clicks = [];
document.addEventListener('click', (e) => {
  const t = e.target.closest && e.target.closest('[data-step],[data-move]');
  if (!t) return;
  const rec = {start: e.timeStamp, board: null, frame: null, kind: t.hasAttribute('data-move') ? 'move' : 'step'};
  window.__clicks.push(rec);
  const board = document.getElementById('board');
  const obs = new MutationObserver(() => {
    if (rec.board === null) {
      rec.board = performance.now();
      requestAnimationFrame(() => setTimeout(() => { rec.frame = performance.now(); }, 0));
    }
    obs.disconnect();
  });
  obs.observe(board, {childList: true, subtree: true});
}, true);
"""


def new_context(browser: Browser, blocked: list[str]) -> BrowserContext:
    ctx = browser.new_context(service_workers="block", viewport={"width": 1400, "height": 860})

    def route(r) -> None:
        if urlparse(r.request.url).hostname in LOCAL:
            r.continue_()
        else:
            blocked.append(r.request.url)
            r.abort()

    ctx.route("**/*", route)
    return ctx


PHASES = ("skyline:app-start", "skyline:engine-fetched", "skyline:imported", "skyline:ready")


def cold_starts(browser: Browser, url: str, runs: int) -> tuple[list[float], list[dict[str, float]]]:
    """Wall time from goto to data-ready seen by Playwright, and the page's own marks
    (ms since navigation start) for each start-up phase."""
    times, marks = [], []
    for _ in range(runs):
        blocked: list[str] = []
        ctx = new_context(browser, blocked)
        page = ctx.new_page()
        t0 = time.perf_counter()
        page.goto(url)
        page.wait_for_selector("body[data-ready]", state="attached", timeout=120_000)
        times.append(time.perf_counter() - t0)
        marks.append(
            page.evaluate(
                "names => Object.fromEntries(names.map(n => [n, performance.getEntriesByName(n)[0]?.startTime]))",
                list(PHASES),
            )
        )
        ctx.close()
        if blocked:
            raise SystemExit(f"non-local requests attempted: {blocked}")
    return times, marks


def report_start(label: str, times: list[float], marks: list[dict[str, float]]) -> None:
    runs = ", ".join(f"{t:.2f}" for t in times)
    print(
        f"cold start to data-ready ({label}), {len(times)} fresh contexts: "
        f"median {statistics.median(times):.2f} s  (runs: {runs})"
    )
    phases = "  ".join(f"{n.split(':')[1]} {statistics.median(m[n] for m in marks) / 1000:.2f}s" for n in PHASES)
    print(f"  page's own marks since navigation start (medians): {phases}")


def click_latencies(browser: Browser, url: str, clicks: int, seed: int) -> tuple[list[dict], list[float]]:
    blocked: list[str] = []
    ctx = new_context(browser, blocked)
    ctx.add_init_script(PROBE_JS)
    page = ctx.new_page()
    page.goto(url)
    page.wait_for_selector("body[data-ready]", state="attached", timeout=120_000)
    rng = random.Random(seed)
    done = 0
    while done < clicks and not page.locator("body[data-game-over]").count():
        if page.locator("body[data-awaiting=bot]").count():
            page.wait_for_selector("body[data-awaiting=human], body[data-game-over]", state="attached")
            continue
        cont = page.locator("[data-continue]")
        if cont.count():
            cont.first.click()
            continue
        moves, steps = page.locator("[data-move]"), page.locator("[data-step]")
        target = moves if moves.count() else steps
        target.nth(rng.randrange(target.count())).click()
        page.wait_for_function("window.__clicks.length && window.__clicks.at(-1).frame !== null")
        done += 1
    records = page.evaluate("window.__clicks")
    # Bot moves: from the mark before bot.choose to the redraw mark that follows.
    bot = page.evaluate("""() => {
      const marks = performance.getEntriesByType('mark');
      const out = [];
      marks.forEach((m, i) => {
        if (m.name !== 'skyline:bot') return;
        const next = marks.slice(i + 1).find(n => n.name === 'skyline:redraw');
        if (next) out.push(next.startTime - m.startTime);
      });
      return out;
    }""")
    ctx.close()
    if blocked:
        raise SystemExit(f"non-local requests attempted: {blocked}")
    return records, bot


def summary(values: list[float], unit: str = "ms") -> str:
    if not values:
        return "n/a"
    values = sorted(values)
    p90 = values[min(len(values) - 1, int(0.9 * len(values)))]
    return f"median {statistics.median(values):.1f} {unit}, p90 {p90:.1f} {unit}, max {values[-1]:.1f} {unit} (n={len(values)})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--clicks", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if not (args.dist / "index.html").exists():
        raise SystemExit(f"{args.dist} is not built: run python3 build_scripts/build.py")
    server = subprocess.Popen(
        [sys.executable, str(ROOT / "build_scripts" / "serve.py"), "--port", "0", "--dir", str(args.dist), "--quiet"],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        base = server.stdout.readline().split()[1]
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            report_start("lobby", *cold_starts(browser, base + "index.html", args.runs))
            # Not fast mode: bots moving back to back would delay Playwright's own polling.
            game = base + "index.html?game=manhattan&players=4&seats=human,greedy,random,bot&seed=7"
            report_start("game from URL", *cold_starts(browser, game, args.runs))
            hot = base + "index.html?game=manhattan&players=2&seats=human,human&seed=3"
            records, _ = click_latencies(browser, hot, args.clicks, args.seed)
            print("click -> board SVG replaced:  " + summary([r["board"] - r["start"] for r in records]))
            print("click -> next frame:          " + summary([r["frame"] - r["start"] for r in records]))
            for kind in ("step", "move"):
                sub = [r["frame"] - r["start"] for r in records if r["kind"] == kind]
                print(f"  data-{kind} clicks to next frame: " + summary(sub))
            _, bot = click_latencies(browser, game + "&fast=1", 30, args.seed)
            print("bot move (choose + apply + redraw): " + summary(bot))
            browser.close()
    finally:
        server.kill()
        server.wait()
    return 0


if __name__ == "__main__":
    sys.exit(main())
