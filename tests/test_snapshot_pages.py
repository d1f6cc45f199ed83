"""The stored form of the Pyodide snapshot (web/snapshot.mjs): its empty pages
left out, and the heap given back whole, or an error for anything else. The page's own
JavaScript runs, under node."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NODE = shutil.which("node")

CHECK = """
import { fromPages, toPages } from "./web/snapshot.mjs";
import { randomFillSync } from "node:crypto";
const out = {};
// Pages of data among empty ones, and a last page cut short, as a real heap ends.
const heap = new Uint8Array(4096 * 50 + 128);
for (const page of [0, 3, 4, 17, 49, 50]) randomFillSync(heap.subarray(page * 4096, Math.min(heap.length, page * 4096 + 4096)));
heap.subarray(20 * 4096, 20 * 4096 + 4096).fill(0);  // an empty page between
const stored = toPages(heap);
out.stored = stored.length;
out.same = Buffer.compare(Buffer.from(fromPages(stored)), Buffer.from(heap)) === 0;
out.empty = Buffer.compare(Buffer.from(fromPages(toPages(new Uint8Array(9000)))), Buffer.alloc(9000)) === 0;
const fails = (bytes) => { try { fromPages(bytes); return null; } catch (e) { return e.message; } };
out.cut = fails(stored.subarray(0, stored.length - 1));
out.longer = fails(new Uint8Array([...stored, 0]));
out.foreign = fails(heap);
out.tiny = fails(new Uint8Array(3));
console.log(JSON.stringify(out));
"""


@pytest.fixture(scope="module")
def report() -> dict:
    if NODE is None:
        pytest.skip("node is not installed (web/snapshot.mjs is JavaScript)")
    done = subprocess.run(
        [NODE, "--input-type=module", "-e", CHECK], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_heap_comes_back_whole(report: dict) -> None:
    assert report["same"] and report["empty"]


def test_only_pages_with_data_are_stored(report: dict) -> None:
    # Six pages of data (the last one 128 bytes), a header and one bit a page.
    assert report["stored"] == 20 + 7 + 5 * 4096 + 128


def test_anything_but_a_whole_stored_snapshot_is_refused(report: dict) -> None:
    assert report["cut"] == "the snapshot is cut short"
    assert report["longer"] == "the snapshot has bytes after its last page"
    assert report["foreign"] == "not a Skyline snapshot"
    assert report["tiny"] == "not a Skyline snapshot"
