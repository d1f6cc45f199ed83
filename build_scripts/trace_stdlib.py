#!/usr/bin/env python3
"""Remake build_scripts/stdlib-modules.txt: the standard-library modules the page uses.

    .venv/bin/python -m build_scripts.trace_stdlib [--check]

Builds a dist/ with Pyodide's whole stdlib (build.py --full-stdlib, into build/trace-dist),
opens it in Chromium, and reads the page's `skylineStdlib()` (web/app.py: every module
loaded from the stdlib zip) on the lobby and after a bots-only game of every game, at
every player count the game allows; then runs the whole e2e suite against it, each test
reading the same at its end (e2e/conftest.py, SKYLINE_TRACE_STDLIB), so every path the
tests take through the page (rules, import, share, embed...) counts. The union, plus
the codecs in EXTRA, is the list. --check prints what the list lacks and exits
non-zero instead of writing it; --no-e2e skips the suite (a few minutes).

Pyodide's own bundler, pyodide-pack, was tried first: it packs the packages of the
lock file an app loads (this app loads none) and leaves python_stdlib.zip whole.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from build_scripts.build import STDLIB_LIST, stdlib_modules

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "build" / "trace-dist"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]
# Text in a codec other than UTF-8 looks its codec up by import: zip names in cp437,
# latin-1 and ascii for bytes from outside, the BOM-aware reader for files, and
# UTF-16 for the binary files web/skyweb/parts.py fetches synchronously.
EXTRA = {"encodings.ascii", "encodings.latin_1", "encodings.cp437", "encodings.utf_8_sig", "encodings.utf_16_le"}
# Loaded at boot but only inside `try: import ... except ImportError`, for what the page
# never does (TLS sockets in asyncio; bz2, lzma and zstd archives in shutil and zipfile):
# left out, they cost nothing but 26 kB less on the wire (gzip).
LEFT_OUT = {
    "ssl",
    "_ssl",
    "bz2",
    "lzma",
    "compression",
    "compression._common",
    "compression._common._streams",
    "compression.zstd",
    "compression.zstd._zstdfile",
}


def trace(dist: Path) -> set[str]:
    sys.path[:0] = [str(ROOT), str(ROOT / "build_scripts")]
    from playwright.sync_api import sync_playwright
    from serve import serve_in_thread

    import pyengine

    urls = ["index.html"]
    for name in pyengine.GAMES:
        game = pyengine.load_game(name)
        for n in game.player_counts:
            urls.append(f"index.html?game={name}&players={n}&seats={','.join(['bot'] * n)}&fast=1&seed={n}")
    server, base = serve_in_thread(dist)
    found: set[str] = set()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
            for url in urls:
                context = browser.new_context(service_workers="block")
                page = context.new_page()
                page.goto(base + url)
                page.wait_for_selector("body[data-ready]", state="attached", timeout=120_000)
                if "game=" in url:
                    page.wait_for_selector("body[data-game-over]", state="attached", timeout=600_000)
                found |= set(json.loads(page.evaluate("window.skylineStdlib()")))
                context.close()
                print(f"{url}: {len(found)} modules so far", file=sys.stderr)
            browser.close()
    finally:
        server.shutdown()
    return found


def trace_e2e(dist: Path) -> set[str]:
    with tempfile.TemporaryDirectory() as out:
        env = {**os.environ, "SKYLINE_DIST": str(dist), "SKYLINE_TRACE_STDLIB": out}
        subprocess.run(
            [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "-n", "3", "e2e"], cwd=ROOT, env=env
        )  # a failing test still traced what it loaded
        return {m for f in Path(out).glob("*.txt") for line in f.read_text().splitlines() for m in json.loads(line)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--no-e2e", action="store_true")
    args = parser.parse_args(argv)
    subprocess.run(
        [sys.executable, str(ROOT / "build_scripts" / "build.py"), "--full-stdlib", "--out", str(OUT)], check=True
    )
    found = trace(OUT) | EXTRA
    if not args.no_e2e:
        found |= trace_e2e(OUT)
    modules = sorted(found - LEFT_OUT)
    if args.check:
        missing = sorted(set(modules) - set(stdlib_modules()))
        print("missing from the list:", " ".join(missing) or "none")
        return 1 if missing else 0
    head = [line for line in STDLIB_LIST.read_text().splitlines() if line.startswith("#")]
    STDLIB_LIST.write_text("\n".join(head + modules) + "\n")
    print(f"wrote {len(modules)} modules to {STDLIB_LIST.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
