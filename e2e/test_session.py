"""The page's game logic (web/skyweb) in CPython: seats, hot-seat views, undo, resume.

No browser: these are the rules the page follows, checked fast and exhaustively
where the browser tests only sample them.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "web")]

from skyweb.params import Setup, SetupError, parse_query, setup_from_query  # noqa: E402
from skyweb.session import Session  # noqa: E402

from pyengine import load_game  # noqa: E402
from pyengine.core.record import RecordError  # noqa: E402
from pyengine.core.search import slices  # noqa: E402

GAME = load_game("manhattan")


def start(query: str) -> Session:
    return Session.start(setup_from_query(parse_query(query), GAME))


def finish_picks(s: Session) -> None:
    """Let whoever is to move pick until the turn changes hands."""
    p = s.current()
    while s.current() == p:
        s.play(str(GAME.legal_moves(s.state)[0]))


def test_url_setup_resolves_seats_and_options() -> None:
    setup = setup_from_query(
        parse_query("?game=manhattan&players=4&seats=human,greedy,random,bot&seed=7&godzilla=full&anti_trust=1&fast=1"),
        GAME,
    )
    assert setup == Setup(
        "manhattan",
        4,
        ["human", "greedy", "random", GAME.default_bot],
        7,
        {"godzilla": "full", "anti_trust": "1"},
        ["", "", "", ""],
    )
    s = Session.start(setup)
    assert s.names == ["Player 1", "Bot 2 (greedy)", "Bot 3 (random)", f"Bot 4 ({GAME.default_bot})"]
    assert s.record["options"]["anti_trust"] is True and s.record["options"]["godzilla"] == "full"


@pytest.mark.parametrize(
    "query, message",
    [
        ("?game=manhattan&players=5", "2, 3, 4 players"),
        ("?game=manhattan&players=3&seats=human,bot", "2 seats given for 3 players"),
        ("?game=manhattan&seats=human,wizard", "unknown seat 'wizard'"),
        ("?game=manhattan&seats=human,bot&seed=abc", "seed must be a whole number"),
    ],
)
def test_bad_url_setups_say_why(query: str, message: str) -> None:
    with pytest.raises(SetupError, match=message):
        setup_from_query(parse_query(query), GAME)


def test_unknown_or_misapplied_options_are_refused() -> None:
    with pytest.raises(SetupError, match="no option 'colour_blind'"):
        start("?game=manhattan&seats=human,bot&colour_blind=1")
    with pytest.raises(SetupError, match="only for 2 players"):
        start("?game=manhattan&seats=human,bot,bot&two_colour=1")


def test_players_default_from_seats_and_seed_is_random_when_missing() -> None:
    setup = setup_from_query(parse_query("?game=manhattan&seats=human,bot,bot"), GAME)
    assert setup.players == 3 and setup.seed > 0


def test_illegal_move_changes_nothing() -> None:
    s = start("?game=manhattan&seats=human,human&seed=5")
    before = json.dumps(s.state, sort_keys=True)
    with pytest.raises(Exception, match="Round order"):
        s.play("card 7 city 2 storeys 3")
    assert json.dumps(s.state, sort_keys=True) == before
    assert s.move_count() == 0 and s.log == [] and s.movers == []


def test_hot_seat_passes_between_humans_and_hides_views_around_a_bot() -> None:
    s = start("?game=manhattan&players=3&seats=human,greedy,human&seed=2")
    # Two humans: the first one must take the device before any view is drawn.
    assert s.needs_pass() and s.choices() is None
    s.reveal()
    assert not s.needs_pass() and s.viewer() == 0 and s.choices() is not None
    finish_picks(s)
    # The bot's turn: the board still shows player 1's view, no clicks offered.
    assert s.awaiting() == "bot" and s.viewer() == 0 and s.choices() is None and not s.needs_pass()
    while s.awaiting() == "bot":
        s.bot_move()
    # Player 3 is next: the device changes hands first, then player 3's view.
    assert s.current() == 2 and s.needs_pass()
    s.reveal()
    assert s.viewer() == 2


def test_single_human_never_sees_a_pass_screen() -> None:
    s = start("?game=manhattan&players=4&seats=bot,human,bot,bot&seed=3&first_player=1")
    assert s.awaiting() == "bot" and s.viewer() == 1 and not s.needs_pass()


def test_bots_only_game_has_no_viewer_and_finishes() -> None:
    s = start("?game=manhattan&players=4&seats=bot,greedy,random,greedy&seed=5")
    assert s.viewer() is None
    while not s.over:
        s.bot_move()
    assert s.awaiting() is None and s.current() is None
    assert GAME.winners(s.state)
    assert sum(1 for e in s.log if e.player is None) == s.state["rounds"]  # one summary per round


@pytest.fixture
def every_iteration_a_slice(monkeypatch):
    """A slice ends after ``slice_ms`` of wall clock, so how many slices a search makes
    depends on the machine (a fast one finished normal's 250 iterations in two). With
    ``slice_ms`` 0 every iteration ends one, whatever the speed. The level's ``max_ms``
    goes too: on a busy machine it cuts the search short (fewer slices, and another
    move than the same search run straight through)."""
    from pyengine.core.search import SearchBot

    monkeypatch.setattr(SearchBot, "slice_ms", 0.0)
    monkeypatch.setattr(GAME.bots()["normal"], "max_ms", None)


def test_a_search_bot_thinks_in_slices_then_moves(every_iteration_a_slice) -> None:
    s = start("?game=manhattan&players=2&seats=normal,human&seed=3&first_player=1")
    progress, said = slices(s.bot_thinking())
    # Slices report growing progress; the move is then played in a step of its own.
    assert len(progress) >= 3 and progress == sorted(progress) and progress[-1] == 1.0
    assert s.move_count() == 1 and s.log[-1].text == said
    # The same bot and seed choose the same move straight through (bot_move).
    again = start("?game=manhattan&players=2&seats=normal,human&seed=3&first_player=1")
    again.bot_move()
    assert again.record["moves"] == s.record["moves"]


def test_a_search_is_dropped_if_the_game_moves_on_meanwhile(every_iteration_a_slice) -> None:
    s = start("?game=manhattan&players=2&seats=normal,human&seed=3&first_player=1")
    thinking = s.bot_thinking()
    next(thinking)
    s.play(str(GAME.legal_moves(s.state)[0]))  # as if undo/redo had changed the game
    with pytest.raises(RuntimeError, match="changed while the bot was thinking"):
        for _ in thinking:
            pass
    assert s.move_count() == 1


def test_undo_only_takes_back_your_own_moves() -> None:
    s = start("?game=manhattan&players=2&seats=human,human&seed=9")
    s.reveal()
    assert not s.can_undo()
    s.play("pick 1")
    s.play("pick 2")
    assert s.can_undo()
    s.undo()
    assert s.record["moves"] == ["pick 1"] and [e.text for e in s.log] == ["Player 1 chooses a 1-storey part."]
    finish_picks(s)  # player 1's last pick hands the turn to player 2
    assert s.current() == 1 and not s.can_undo()  # pass screen pending, and not player 2's move
    s.reveal()
    assert not s.can_undo()
    with pytest.raises(Exception, match="Undo"):
        s.undo()
    s.play("pick 4")
    s.undo()
    assert s.current() == 1 and s.move_count() == 4 and not s.can_undo()


def test_against_bots_undo_takes_back_the_bots_replies_too() -> None:
    s = start("?game=manhattan&players=2&seats=human,random&seed=9")
    finish_picks(s)  # the human's four picks hand the turn to the bot
    before = s.states[3]
    while s.awaiting() == "bot":
        s.bot_move()
    assert s.current() == 0 and s.movers[4:] == [1] * (s.move_count() - 4)
    # Picks reveal nothing: the bot's picks and the human's last pick go back together.
    span = s.undo_span()
    assert span == s.move_count() - 3
    bot_moves = s.record["moves"][4:]
    s.undo()
    assert s.move_count() == 3 and s.state == before and s.current() == 0
    assert all(e.move <= 3 for e in s.log)
    # Redo plays back exactly what was taken, the bots' replies included.
    assert s.can_redo()
    s.redo()
    assert s.record["moves"][4:] == bot_moves and s.current() == 0 and not s.can_redo()


def test_undo_stops_at_a_bot_move_that_revealed_a_card() -> None:
    s = start("?game=manhattan&players=2&seats=human,random&seed=9")
    while s.state["phase"] != "build" or s.awaiting() == "bot":
        s.bot_move() if s.awaiting() == "bot" else s.play(str(GAME.legal_moves(s.state)[0]))
    # Build phase, the human's turn: build (draws a card), then the bot builds (draws too).
    s.play(str(GAME.legal_moves(s.state)[0]))
    while s.awaiting() == "bot":
        s.bot_move()
    assert s.revealed[-1] and not s.can_undo()


def test_a_new_move_drops_what_redo_would_have_replayed() -> None:
    s = start("?game=manhattan&players=2&seats=human,human&seed=9")
    s.reveal()
    s.play("pick 1")
    s.undo()
    assert s.can_redo()
    s.play("pick 2")
    assert not s.can_redo() and s.record["moves"] == ["pick 2"]
    with pytest.raises(Exception, match="Redo"):
        s.redo()


def test_history_keeps_every_position_and_score() -> None:
    s = start("?game=manhattan&players=2&seats=random,random&seed=4")
    while not s.over:
        s.bot_move()
    assert len(s.states) == s.move_count() + 1
    from pyengine.core.record import replay

    for k in (0, 7, s.move_count() // 2, s.move_count()):
        assert s.state_at(k) == replay(s.record, k)[1]
    history = s.score_history()
    assert history[0] == [0, 0] and history[-1] == GAME.scores(s.state)


def test_resume_replays_to_the_same_state_log_and_seats() -> None:
    s = start("?game=manhattan&players=3&seats=human,random,greedy&seed=21")
    finish_picks(s)
    for _ in range(20):
        s.bot_move() if s.awaiting() == "bot" else s.play(str(GAME.legal_moves(s.state)[-1]))
    again = Session.resume(s.save_json())
    assert again.state == s.state and again.seats == s.seats
    assert [e.text for e in again.log] == [e.text for e in s.log] and again.movers == s.movers


def test_a_resumed_game_ends_exactly_as_one_played_straight_through() -> None:
    def finish(s: Session, resume_at: int | None) -> list[str]:
        while not s.over:
            if s.move_count() == resume_at:
                s = Session.resume(s.save_json())
            s.bot_move() if s.awaiting() == "bot" else s.play(str(GAME.legal_moves(s.state)[-1]))
        return s.record["moves"]

    query = "?game=manhattan&players=3&seats=human,random,greedy&seed=33"
    assert finish(start(query), None) == finish(start(query), 17)


@pytest.mark.parametrize(
    "text, message",
    [
        ("{not json", "not a JSON record"),
        (json.dumps({"game": "manhattan", "players": 2, "seed": 1, "moves": ["pick 9"]}), "move 1 'pick 9'"),
        (json.dumps({"game": "manhattan", "players": 2, "seed": 1, "moves": [], "seats": ["human"]}), "seats"),
        (
            json.dumps({"game": "manhattan", "players": 2, "seed": 1, "moves": [], "seats": ["human", "oracle"]}),
            "no bot called oracle",
        ),
    ],
)
def test_bad_saves_are_refused_with_a_reason(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        Session.resume(text)


def test_undo_never_crosses_a_move_that_drew_a_card() -> None:
    # A build draws a card: taking it back would let the player build again knowing
    # the card. Two humans play to the end; the last build is never undoable.
    s = start("?game=manhattan&players=2&seats=human,human&seed=13")
    while not s.over:
        s.reveal()
        move = GAME.legal_moves(s.state)[0]
        assert GAME.reveals_hidden_information(s.state, move) is (not str(move).startswith("pick"))
        s.play(str(move))
        if s.revealed[-1] and s.current() == s.movers[-1]:
            assert not s.can_undo()
    assert str(s.record["moves"][-1]).startswith("card")
    assert not s.can_undo()


def test_a_shared_game_with_hidden_hands_is_a_read_only_replay_until_it_is_over() -> None:
    from pyengine.core import share

    s = start("?game=manhattan&players=2&seats=human,random&seed=6")
    for _ in range(9):
        s.bot_move() if s.awaiting() == "bot" else s.play(str(GAME.legal_moves(s.state)[0]))
    watched = Session.shared(share.decode(share.encode(s.record)))
    assert watched.spectator and watched.state == s.state and watched.viewer() is None
    assert watched.awaiting() is None and watched.choices() is None and not watched.can_undo()
    with pytest.raises(Exception, match="Spectator"):
        watched.play(str(GAME.legal_moves(watched.state)[0]))
    ny = load_game("newyork1901")
    t = Session.start(setup_from_query(parse_query("?game=newyork1901&seats=human,human&seed=2"), ny))
    t.play(str(ny.legal_moves(t.state)[0]))
    assert not Session.shared(share.decode(share.encode(t.record))).spectator  # nothing hidden: playable


def test_chosen_names_are_kept_trimmed_and_plain_text() -> None:
    s = start(
        "?game=manhattan&players=2&seats=human,random&seed=3&first_player=1&names=<script>alert(1)</script>,%20Bob%20%20Smith"
    )
    assert s.names[0] == "<script>alert(1)</script>"[:24] and s.names[1] == "Bob Smith"
    assert s.record["names"] == [s.names[0], "Bob Smith"]
    s.play(str(GAME.legal_moves(s.state)[0]))
    assert s.log[0].text.startswith("<script>alert(1)</scrip")  # text: escaped where drawn
    again = Session.resume(s.save_json())
    assert again.names == s.names
    from skyweb import panels

    html = panels.log_html(again) + panels.prompt_html(again) + panels.scores_html(again)
    assert "<script>" not in html and "&lt;script&gt;" in html
    svg = GAME.render(GAME.view(again.state, 0), 0, names=again.names)
    assert "<script>" not in svg and "&lt;script&gt;" in svg
    with pytest.raises(SetupError, match="names given"):
        start("?game=manhattan&players=2&seats=human,random&names=Ann")
    bad = json.dumps({"game": "manhattan", "players": 2, "seed": 1, "moves": [], "names": ["a", 5]})
    with pytest.raises(RecordError, match="names"):
        Session.resume(bad)
