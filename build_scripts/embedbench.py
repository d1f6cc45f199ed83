"""The benchmark's `embeds` section (issue 49): an explainer page of another site with ten
Skyline boards, against one game page.

- ten baked: docs/explainer.html, its ten frames view.html with baked studies;
- ten live: the same page with each frame embed.html?scenario= of the same scenario
  (what an author had before baked studies: a Python per frame);
- one game: index.html?game=... with bots, to data-ready.

Each is loaded in a fresh browser, offline, with every frame loading at once (the
sample's loading="lazy" taken out, so every board counts, not only those in view).
Time: navigation to the last frame's data-ready (the game page: to its own). Memory:
the proportional set size (PSS, /proc/PID/smaps_rollup) of the browser's renderer
processes once everything is ready, summed: what the page costs the machine.
Nothing here is a test: the numbers vary with the machine and its load.
"""

from __future__ import annotations

import os
import re
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from serve import serve_in_thread

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "docs" / "explainer.html"
WRITTEN_FOR = "http://127.0.0.1:8000/"
FAR_HOST = "far.skyline.test"
GAME = "index.html?game=manhattan&players=4&seats=human,normal,normal,normal&seed=7"


def _descendants(pid: int) -> list[int]:
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            ppid = int(stat.rsplit(")", 1)[1].split()[1])
            children.setdefault(ppid, []).append(int(entry))
    out, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            out.append(child)
            todo.append(child)
    return out


def renderer_mb() -> float:
    """PSS of every Chromium renderer process under this Python, in MB."""
    total = 0
    for pid in _descendants(os.getpid()):
        try:
            if b"--type=renderer" not in Path(f"/proc/{pid}/cmdline").read_bytes():
                continue
            rollup = Path(f"/proc/{pid}/smaps_rollup").read_text()
        except OSError:
            continue
        found = re.search(r"^Pss:\s+(\d+) kB", rollup, re.M)
        total += int(found.group(1)) if found else 0
    return total / 1024


def _pages(far_url: str, site: Path) -> None:
    """The sample page with its frames pointed at `far_url`, eager; and its live twin."""
    text = SAMPLE.read_text(encoding="utf-8").replace(WRITTEN_FOR, far_url).replace(' loading="lazy"', "")
    (site / "baked.html").write_text(text, encoding="utf-8")
    from pyengine.core.bake import link_word

    def live(m: re.Match[str]) -> str:
        game, name = m.group(1), m.group(2)
        source = (ROOT / "pyengine" / "games" / game / "scenarios" / f"{name}.json").read_text(encoding="utf-8")
        return f"embed.html?scenario={link_word(source)}"

    (site / "live.html").write_text(
        re.sub(r"view\.html\?study=studies/([a-z0-9]+)-([a-z0-9-]+)", live, text), encoding="utf-8"
    )


def _frames_ready(page: Any, timeout_s: float = 180) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        frames = page.frames[1:]
        if len(frames) == 10 and all(
            f.evaluate("!!document.body && document.body.hasAttribute('data-ready')") for f in frames
        ):
            return
        page.wait_for_timeout(20)
    raise TimeoutError("the ten frames were not ready")


def _one(playwright: Any, launch: dict[str, Any], url: str, frames: bool) -> tuple[float, float]:
    browser = playwright.chromium.launch(**launch)
    try:
        context = browser.new_context(service_workers="block", viewport={"width": 1280, "height": 800})
        context.route(
            "**/*",
            lambda r: (
                r.continue_() if r.request.url.split("/")[2].split(":")[0] in ("127.0.0.1", FAR_HOST) else r.abort()
            ),
        )
        page = context.new_page()
        start = time.monotonic()
        page.goto(url)
        if frames:
            _frames_ready(page)
        else:
            page.wait_for_selector("body[data-ready]", state="attached", timeout=180_000)
        seconds = time.monotonic() - start
        page.wait_for_timeout(500)  # what a ready page settles at, not a start's peak
        return seconds, renderer_mb()
    finally:
        browser.close()


def embeds(playwright: Any, launch: dict[str, Any], dist: Path, runs: int) -> dict[str, Any]:
    """Seconds to every board and renderer MB, `runs` times each, interleaved."""
    ours, ours_url = serve_in_thread(dist)
    far_url = ours_url.replace("127.0.0.1", FAR_HOST, 1)
    launch = {**launch, "args": [*launch.get("args", []), f"--host-resolver-rules=MAP {FAR_HOST} 127.0.0.1"]}
    with tempfile.TemporaryDirectory() as tmp:
        _pages(far_url, Path(tmp))
        site, site_url = serve_in_thread(tmp)
        try:
            seen: dict[str, list[tuple[float, float]]] = {"ten baked": [], "ten live": [], "one game": []}
            for _ in range(runs):
                seen["one game"].append(_one(playwright, launch, ours_url + GAME, frames=False))
                seen["ten baked"].append(_one(playwright, launch, site_url + "baked.html", frames=True))
                seen["ten live"].append(_one(playwright, launch, site_url + "live.html", frames=True))
        finally:
            site.shutdown()
            ours.shutdown()
    return {
        name: {
            "seconds": statistics.median(s for s, _ in values),
            "renderer_mb": statistics.median(m for _, m in values),
            "runs": len(values),
        }
        for name, values in seen.items()
    }


def table(result: dict[str, Any]) -> list[str]:
    one = result["one game"]
    lines = [
        "An explainer page of another site with ten boards, every frame loading at once, offline "
        "(seconds to the last board; renderer PSS in MB)",
    ]
    for name, r in result.items():
        lines.append(f"  {name:10} {r['seconds']:6.2f} s  {r['renderer_mb']:6.0f} MB  (median of {r['runs']})")
    baked = result["ten baked"]
    lines.append(
        f"  ten baked / one game: {baked['seconds'] / one['seconds']:.2f}x the time (target < 1), "
        f"{baked['renderer_mb'] / one['renderer_mb']:.2f}x the memory (target <= 1.5)"
    )
    return lines


if __name__ == "__main__":  # python build_scripts/embedbench.py [RUNS], after a build
    import sys

    from playwright.sync_api import sync_playwright

    sys.path[:0] = [str(ROOT)]
    with sync_playwright() as p:
        launch = {
            "executable_path": os.environ.get("SKYLINE_CHROMIUM", "/usr/bin/chromium"),
            "args": ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
        }
        print(
            embeds(
                p,
                launch,
                Path(os.environ.get("SKYLINE_DIST", ROOT / "dist")),
                int(sys.argv[1]) if len(sys.argv) > 1 else 1,
            )
        )
