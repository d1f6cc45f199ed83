"""The sealing of an online table's handshake (web/online.mjs, issue 47), checked under
node: tests/online_seal_check.mjs does the checks and reports; this file runs it and
asks about the report."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "tests" / "online_seal_check.mjs"
NODE = shutil.which("node")


def test_the_sealing_opens_only_for_its_seat_and_table_and_drops_everything_else() -> None:
    if NODE is None:
        pytest.skip("node is not installed (web/online.mjs is JavaScript)")
    done = subprocess.run([NODE, str(SCRIPT)], cwd=ROOT, capture_output=True, text=True, timeout=120)
    lines = done.stdout.strip().splitlines()
    assert lines, f"{SCRIPT.name} printed nothing (exit {done.returncode}):\n{done.stderr}"
    report = json.loads(lines[-1])
    assert report["failed"] == [], "\n".join(report["failed"])
    assert report["checks"] == 6
