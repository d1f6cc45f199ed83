"""The table handshake codes of web/rtc.mjs (issue 28), checked under node: the page's
own JavaScript is what runs, not a Python copy of it. tests/rtc_codes_check.mjs does the
checks and reports; this file runs it once and asks about each part of the report."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "tests" / "rtc_codes_check.mjs"
NODE = shutil.which("node")


@pytest.fixture(scope="module")
def report() -> dict:
    if NODE is None:
        pytest.skip("node is not installed (web/rtc.mjs is JavaScript)")
    done = subprocess.run([NODE, str(SCRIPT)], cwd=ROOT, capture_output=True, text=True, timeout=120)
    lines = done.stdout.strip().splitlines()
    assert lines, f"{SCRIPT.name} printed nothing (exit {done.returncode}):\n{done.stderr}"
    return json.loads(lines[-1])


def test_every_check_passes(report: dict) -> None:
    assert report["failed"] == [], "\n".join(report["failed"])
    assert report["checks"] == 10
    # The zip bomb (16 MB of zeros in a short code) was refused as it inflated.
    assert report["bomb"]["chars"] < 100_000 < report["bomb"]["unpacked"]
    assert report["bomb"]["error"] == "this code unpacks to more than a table code ever holds"


def test_the_codes_are_short_enough_to_paste_and_scan(report: dict) -> None:
    # A data channel's offer or answer is 500-600 characters of SDP; packed, about a
    # quarter of that, whatever the machine's interfaces (two host candidates here).
    for kind, chars in report["sizes"].items():
        assert chars < 200, (kind, chars)


def test_the_errors_say_what_is_wrong(report: dict) -> None:
    assert "offer" in report["wrongKind"] and "(an answer) is needed" in report["wrongKind"]
    assert "another version" in report["version"]
    assert "cut short" in report["cut"]
    assert "not a Skyline" in report["garbage"]
    assert report["changed"]["harmless"] <= 1
