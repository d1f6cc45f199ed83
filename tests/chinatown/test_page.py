"""The page's game logic (web/skyweb) with Chinatown, in CPython: pass screens around
secret choices and offers, the trade panel's draft, the log and the score table."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT / "web") not in sys.path:
    sys.path.insert(0, str(ROOT / "web"))

from skyweb import panels  # noqa: E402
from skyweb.params import parse_query, setup_from_query  # noqa: E402
from skyweb.session import Session  # noqa: E402

from .helpers import G  # noqa: E402


def start(query: str) -> Session:
    """The page started from `query`, with seat 1 as the first player unless it says otherwise
    (these tests follow the turn order from seat 1)."""
    if "first_player=" not in query:
        query += "&first_player=1"
    return Session.start(setup_from_query(parse_query(query), G))


def keep_all(s: Session) -> None:
    while s.game.phase(s.state) == "keep":
        s.reveal()
        s.play(str(G.legal_moves(s.state)[0]))


def test_hot_seat_passes_the_device_before_every_secret_choice():
    s = start("?game=chinatown&players=3&seats=human,human,human&seed=3")
    for p in range(3):
        assert s.current() == p and s.needs_pass() and s.choices() is None
        s.reveal()
        assert not s.needs_pass() and s.choices().tokens
        s.play(str(G.legal_moves(s.state)[0]))
    assert s.game.phase(s.state) == "trade"


def test_an_offer_to_a_human_passes_the_device_and_money_stays_out_of_the_log():
    s = start("?game=chinatown&players=3&seats=human,human,human&seed=3")
    keep_all(s)
    s.reveal()
    me = s.current()
    mine = next(lot for lot in range(1, 86) if s.state["owner"][lot] == me)
    for token in (f"to {me + 2}", f"lot {mine}", "get money +1", "get money +1"):
        s.edit_draft(token)
    text = f"offer {me + 2} give lot {mine} get money 2000"
    assert (
        s.draft["to"] == me + 1
        and G.render(G.view(s.state, me), me, choices=s.choices().tokens, draft=s.draft).count(f'data-move="{text}"')
        == 1
    )
    s.play(text)
    assert s.draft is None  # a move clears the panel
    assert s.current() == me + 1 and s.needs_pass()
    s.edit_draft("to 1")  # nobody may build an offer behind the pass screen
    assert s.draft is None
    s.reveal()
    s.play("accept")  # everyone still has the $5,000 they started with
    assert "accepts" in s.log[-1].text
    log = " ".join(e.text for e in s.log)
    assert "2,000" not in log and "2000" not in log and "some money" in log


def test_a_bot_answers_an_offer_at_once():
    s = start("?game=chinatown&players=3&seats=human,trader,trader&seed=5")
    while not (s.game.phase(s.state) == "trade" and s.current() == 0):
        if s.awaiting() == "bot":
            s.bot_move()
        else:
            s.play(str(G.legal_moves(s.state)[0]))
    mine = next(lot for lot in range(1, 86) if s.state["owner"][lot] == 0)
    s.play(f"offer 2 give lot {mine} get nothing")  # a gift: the trader takes it
    assert s.awaiting() == "bot" and s.current() == 1
    s.bot_move()
    assert s.log[-1].text.startswith("Bot 2 (trader) accepts")
    assert s.state["owner"][mine] == 1


def test_score_table_shows_bank_income_during_play_and_money_at_the_end():
    s = start("?game=chinatown&players=3&seats=random,random,random&seed=2")
    while not s.state["income"]:
        s.bot_move()
    html = panels.scores_html(s)
    assert "From bank" in html and "Round 1" in html and "Trades" not in html
    assert any("Round 1:" in e.text for e in s.log)  # the round's income summary
    assert any(e.text.startswith("Round 1 outlook card") for e in s.log)
    while not s.over:
        s.bot_move()
    html = panels.scores_html(s)
    assert "Money" in html and "Trades" in html
    end = panels.end_html(s)
    title = end.split('<span id="winners">')[1].split("</span>")[0]
    assert " with $" in title and "points" not in title
