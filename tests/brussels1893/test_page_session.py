"""The page's game logic (web/skyweb) with Brussels 1893, in CPython: no pass screen
(nothing private), the log in words, undo of your own moves, the score table, resume."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT / "web") not in sys.path:
    sys.path.append(str(ROOT / "web"))

from skyweb import panels  # noqa: E402
from skyweb.params import parse_query, setup_from_query  # noqa: E402
from skyweb.session import Session  # noqa: E402

from .helpers import G  # noqa: E402


def start(query: str) -> Session:
    return Session.start(setup_from_query(parse_query(query), G))


def test_hot_seat_needs_no_pass_screen_and_shows_the_player_to_move():
    s = start("?game=brussels1893&players=3&seats=human,human,human&seed=4")
    for _ in range(6):
        assert not s.needs_pass() and s.choices() is not None and s.viewer() == s.current()
        s.play(str(G.legal_moves(s.state)[0]))


def test_undo_takes_back_your_own_move_not_a_card_draw():
    s = start("?game=brussels1893&players=2&seats=human,human&seed=4")
    while s.state["phase"] != "actions" or s.state["frames"]:
        s.play(str(G.legal_moves(s.state)[0]))
    before = s.move_count()
    cell = next(str(m) for m in G.legal_moves(s.state) if str(m).startswith("place"))
    s.play(cell)
    assert s.can_undo()
    s.undo()
    assert s.move_count() == before
    s.play("pass")  # the first to pass draws a prestige card: no undo past it
    assert not s.can_undo()


def test_log_score_table_and_resume_after_a_whole_game():
    s = start("?game=brussels1893&players=4&seats=human,greedy,random,greedy&seed=2")
    while not s.over:
        if s.awaiting() == "bot":
            s.bot_move()
        else:
            s.play(str(G.legal_moves(s.state)[-1]))
    html = panels.scores_html(s)
    assert html.count("<tr>") == 6 + 1 + 1 and "Final scoring" in html  # header, 6 rows, total
    assert any(e.text.startswith("Round 5:") for e in s.log if e.player is None)
    again = Session.resume(s.save_json())
    assert again.state == s.state and [e.text for e in again.log] == [e.text for e in s.log]
