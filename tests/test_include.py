"""build.py's pieces of pages (web/_*.html): embed.html and learn.html share their head
and board through `<!--#include NAME-->` lines, put in by the build."""

from __future__ import annotations

from pathlib import Path

import pytest

from build_scripts.build import include_pieces

ROOT = Path(__file__).resolve().parents[1]


def test_a_page_gets_its_pieces_and_the_pieces_do_not_ship(tmp_path: Path) -> None:
    (tmp_path / "_part.html").write_text("<p>shared</p>\n")
    (tmp_path / "a.html").write_text("<body>\n<!--#include _part.html-->\n</body>\n")
    (tmp_path / "b.html").write_text("<body>\n<!-- #include is not at a line's start: --> <!--#include _part.html-->\n")
    include_pieces(tmp_path)
    assert (tmp_path / "a.html").read_text() == "<body>\n<p>shared</p>\n</body>\n"
    assert "<p>shared</p>" not in (tmp_path / "b.html").read_text()
    assert not (tmp_path / "_part.html").exists()


def test_a_missing_piece_fails_the_build(tmp_path: Path) -> None:
    (tmp_path / "a.html").write_text("<!--#include _gone.html-->\n")
    with pytest.raises(SystemExit, match="web/a.html includes _gone.html"):
        include_pieces(tmp_path)


def test_both_study_pages_include_the_same_board() -> None:
    for page in ("embed.html", "learn.html"):
        text = (ROOT / "web" / page).read_text(encoding="utf-8")
        assert "<!--#include _study-head.html-->\n" in text and "<!--#include _study-board.html-->\n" in text
        assert 'id="embed-board"' not in text  # only in the piece
