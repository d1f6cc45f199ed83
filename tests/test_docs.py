"""The docs that a command writes keep what was written by hand."""

from __future__ import annotations

from pathlib import Path

DOCS = Path(__file__).resolve().parent.parent / "docs"


def test_performance_md_ends_with_the_notes_the_bench_appends() -> None:
    """`./run.sh bench --docs` rewrites performance.md from its numbers and appends
    performance-notes.md: what was written into performance.md alone is lost at the next
    run, so the notes are written into both."""
    notes = (DOCS / "performance-notes.md").read_text().rstrip()
    assert (DOCS / "performance.md").read_text().rstrip().endswith(notes)
