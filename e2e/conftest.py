"""Fixtures for the browser tests: a local server of dist/, Chromium, and guards.

run.sh builds dist/ before pytest runs; these tests never build. Every test runs
with all non-local requests aborted and recorded, and fails if any was attempted
or if the page logged a console error or threw.
"""

from __future__ import annotations

import os
import queue
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parent.parent
DIST = Path(os.environ.get("SKYLINE_DIST", ROOT / "dist")).resolve()
CHROMIUM = os.environ.get("SKYLINE_CHROMIUM", "/usr/bin/chromium")
# A made-up name Chromium resolves to this machine (--host-resolver-rules): a page
# served under it is one from a host on the internet, as web/snapshot.mjs's nearby() sees
# it, without any traffic leaving this machine (far_url).
FAR_HOST = "far.skyline.test"
LOCAL_HOSTS = {"127.0.0.1", "localhost", "[::1]", "::1", FAR_HOST}
CHROMIUM_ARGS = [
    f"--host-resolver-rules=MAP {FAR_HOST} 127.0.0.1",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


# Playwright always passes --disable-dev-shm-usage, which moves Chromium's shared
# memory from /dev/shm to /tmp, on disk: right where /dev/shm is a container's
# 64 MB, wrong where it is RAM-sized and the disk may be short. Keep it only where
# /dev/shm has less than Debian's launcher asks for (/etc/chromium.d/dev-shm, 3.8 GB).
def _small_dev_shm() -> bool:
    try:
        shm = os.statvfs("/dev/shm")
    except OSError:
        return True
    return shm.f_frsize * shm.f_bavail < 4_080_218_931


IGNORED_DEFAULT_ARGS = [] if _small_dev_shm() else ["--disable-dev-shm-usage"]

# Playwright's driver writes what Chromium prints on stderr to this file (one per
# pytest process): when a renderer crashes, its last lines say why, and the report
# of the crashed test carries them (see pytest_runtest_makereport below).
CHROMIUM_LOG = Path(tempfile.gettempdir(), f"skyline-chromium-{os.getpid()}.log")
os.environ.setdefault("DEBUG", "pw:browser")
os.environ.setdefault("DEBUG_FILE", str(CHROMIUM_LOG))
READY_TIMEOUT = 60_000  # ms; Pyodide starts in 2-4 s, but a loaded CI machine is slower


def _read_first_line(stream: Any, timeout: float) -> str:
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: lines.put(stream.readline()), daemon=True).start()
    try:
        return lines.get(timeout=timeout)
    except queue.Empty:
        return ""


@contextmanager
def serving(folder: Path) -> Iterator[str]:
    """build_scripts/serve.py serving `folder` on a free port: its base URL, ending in '/'
    (another port is another origin: explainer pages are served so, beside dist/)."""
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "build_scripts" / "serve.py"), "--port", "0", "--dir", str(folder), "--quiet"],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        line = _read_first_line(proc.stdout, timeout=20)
        assert line.startswith("Serving http://"), f"serve.py did not start (said {line!r})"
        url = line.split()[1]
        yield url if url.endswith("/") else url + "/"
    finally:
        proc.kill()
        proc.wait(timeout=10)


@pytest.fixture(scope="session")
def server_url() -> Iterator[str]:
    """Base URL (ending in '/') of build_scripts/serve.py serving dist/."""
    missing = [
        n
        for n in ("index.html", "app.py", "engine.zip", "pyodide/pyodide.mjs", "pyscript/core.js")
        if not (DIST / n).exists()
    ]
    assert not missing, (
        f"{DIST} is not a built dist/ (missing {', '.join(missing)}): "
        "run `python3 build_scripts/build.py` (run.sh does) before the e2e tests"
    )
    with serving(DIST) as url:
        yield url


@pytest.fixture(scope="session")
def far_url(server_url: str) -> str:
    """server_url under FAR_HOST: the same server, as a page from a distant host sees it."""
    return server_url.replace("127.0.0.1", FAR_HOST, 1)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    assert Path(CHROMIUM).exists(), f"{CHROMIUM} not found: `apt-get install -y chromium` (never `playwright install`)"
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": CHROMIUM_ARGS,
        "ignore_default_args": IGNORED_DEFAULT_ARGS,
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict) -> dict:
    # page.route does not see requests a service worker answers: block them so the
    # offline guard below sees every request.
    return {**browser_context_args, "service_workers": "block", "viewport": {"width": 1400, "height": 860}}


# build_scripts/trace_stdlib.py runs this suite against a dist/ with the whole stdlib
# and this set to a folder: each test then leaves there the stdlib modules its page
# had loaded by its end (web/app.py's skylineStdlib).
TRACE_STDLIB = os.environ.get("SKYLINE_TRACE_STDLIB")


def trace_stdlib(page: Page) -> None:
    try:
        found = page.evaluate("window.skylineStdlib ? window.skylineStdlib() : '[]'")
    except PlaywrightError:  # the page is gone or elsewhere: nothing to read
        return
    out = Path(TRACE_STDLIB, f"{os.getpid()}.txt")
    with out.open("a") as f:
        f.write(found + "\n")


@dataclass
class Guard:
    """What a page did that it must not: non-local requests, console errors, exceptions."""

    blocked: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)


def offline_route(requests: list[str], blocked: list[str], blank: str | None = None) -> Any:
    """A route handler that records every request, lets local ones through and aborts
    (and records) the rest; `blank`, a made-up URL, is answered with an empty page."""

    def route(r: Any) -> None:
        url = r.request.url
        requests.append(url)
        if blank and url.split("?")[0] == blank:
            r.fulfill(
                body="<!doctype html><html lang=en><meta charset=utf-8><title>blank</title></html>",
                content_type="text/html",
            )
        elif urlparse(url).hostname in LOCAL_HOSTS:
            r.continue_()
        else:
            blocked.append(url)
            r.abort()

    return route


@pytest.fixture
def guard(page: Page) -> Iterator[Guard]:
    g = Guard()
    page.context.route("**/*", offline_route(g.requests, g.blocked))
    page.on("console", lambda m: g.errors.append(f"console.{m.type}: {m.text}") if m.type == "error" else None)
    page.on("pageerror", lambda e: g.errors.append(f"pageerror: {e}"))
    yield g
    if TRACE_STDLIB:
        trace_stdlib(page)
    assert not g.blocked, f"non-local requests attempted: {g.blocked}"
    assert not g.errors, "errors in the page:\n" + "\n".join(g.errors)


class Devices:
    """Browser contexts of one browser, one per device (a table of devices), each under
    the guard's rules: non-local requests aborted and recorded, console errors and
    exceptions recorded. `blank` names a made-up URL of the server's origin answered
    with an empty page (a same-origin page that boots no Python)."""

    def __init__(self, browser: Any, blank: str | None = None) -> None:
        self.browser, self.blank = browser, blank
        self.contexts: list[Any] = []
        self.blocked: list[str] = []
        self.errors: list[str] = []
        self.requests: list[str] = []

    def page(self, **context_args: Any) -> Page:
        context = self.browser.new_context(service_workers="block", **context_args)
        self.contexts.append(context)
        context.route("**/*", offline_route(self.requests, self.blocked, self.blank))
        page = context.new_page()
        page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        return page

    def close_and_check(self) -> None:
        for context in self.contexts:
            context.close()
        assert not self.blocked, f"non-local requests attempted: {self.blocked}"
        assert not self.errors, "errors in the pages:\n" + "\n".join(self.errors)


@pytest.fixture
def open_game(page: Page, guard: Guard, server_url: str):
    """open_game("?game=...") loads index.html with that query and waits for data-ready."""

    def open_(query: str = "") -> Page:
        page.goto(server_url + "index.html" + query)
        page.wait_for_selector("body[data-ready]", state="attached", timeout=READY_TIMEOUT)
        return page

    return open_


def finished_game(name: str, players: int, options: dict[str, Any] | None = None, seed: int = 5) -> str:
    """A URL fragment that opens a whole game of random bots, played here in CPython, at
    its end screen: the screen a game played in the page ends on, reached in a second
    instead of a few hundred redraws (whole games in the page are other tests' subject)."""
    from pyengine import load_game
    from pyengine.__main__ import play_game
    from pyengine.core import share

    record, _ = play_game(load_game(name), players, seed, options or {}, ["random"])
    record["seats"] = ["random"] * players
    return "#record=" + share.encode(record)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo) -> Iterator[Any]:
    """A report of a renderer crash carries the end of Chromium's stderr."""
    report = yield
    if report.failed and "crashed" in str(report.longrepr).lower():
        log = os.environ.get("DEBUG_FILE", "")
        try:
            lines = Path(log).read_text(errors="replace").splitlines()
        except OSError:
            lines = [f"(no Chromium log at {log!r})"]
        # D-Bus is absent on a headless machine: Chromium says so on every start.
        said = [line for line in lines if "[err]" in line and "dbus" not in line]
        report.sections.append(("Chromium's last stderr lines", "\n".join(said[-30:]) or "(none)"))
    return report


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """Name every test rerun after a renderer crash, and what Chromium said then."""
    reruns = terminalreporter.stats.get("rerun", [])
    if not reruns:
        return
    terminalreporter.section(f"{len(reruns)} run(s) ended by a Chromium renderer crash, then rerun")
    for report in reruns:
        terminalreporter.write_line(report.nodeid)
        for title, text in report.sections:
            if title.startswith("Chromium"):
                terminalreporter.write_line(text)
