"""The table wing's pure half, away from the browser: the guest's read-only view
(web/skyweb/table/view.py) and the Table dialog's HTML (dialog.py), each way a seat's
row can look."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT / "web") not in sys.path:
    sys.path.insert(0, str(ROOT / "web"))

from skyweb.params import HUMAN  # noqa: E402
from skyweb.position import Position  # noqa: E402
from skyweb.session import Session  # noqa: E402
from skyweb.table import dialog  # noqa: E402
from skyweb.table.guest import Guest  # noqa: E402
from skyweb.table.host import Host  # noqa: E402
from skyweb.table.protocol import MAX_HOST_NAME, About, invitation_about, read_invitation  # noqa: E402
from skyweb.table.transport import Wire  # noqa: E402
from skyweb.table.view import GuestView  # noqa: E402

import pyengine  # noqa: E402
from pyengine.core.game import IllegalMove  # noqa: E402
from pyengine.core.i18n import msg  # noqa: E402
from pyengine.core.record import new_record  # noqa: E402

HOSTS: dict[int, Host] = {}  # session id -> its host, for return_to_guest


def seated_guest(moves_first: bool = False) -> tuple[Session, Guest, Wire]:
    """A two-player Manhattan game hosted here, one seat played by a guest over a wire:
    the seat to move first, or the other."""
    record = new_record(pyengine.load_game("manhattan"), 2, 5)
    record["seats"] = [HUMAN, HUMAN]
    session = Session(record, [HUMAN, HUMAN])
    first = session.current()
    assert first is not None
    seat = first if moves_first else 1 - first
    host = Host(session, {seat: "tok"})
    HOSTS[id(session)] = host
    wire = Wire()
    host.attach(wire.ends[0])
    guest = Guest(seat, "tok")
    guest.connect(wire.ends[1])
    while wire.deliver():
        pass
    return session, guest, wire


def a_move(position: Position) -> str:
    """A legal move of the player to move, as this side sees the position."""
    return str(position.game.legal_moves(position.state)[0])


def test_the_guests_view_is_a_position_not_a_session() -> None:
    session, guest, _ = seated_guest()
    view = GuestView(guest)
    assert isinstance(view, Position) and not isinstance(view, Session)
    assert not hasattr(view, "record") and not hasattr(view, "redo")  # nothing to replay, save or redo
    me = guest.seat
    assert view.state == session.game.view(session.state, me)
    assert view.remote == {1 - me} and view.local_humans() == [me]
    assert view.move_count() == 0 and view.can_redo() is False


def test_the_guest_clicks_on_its_own_turns_only() -> None:
    session, guest, wire = seated_guest()
    view = GuestView(guest)
    assert session.current() != guest.seat and view.choices() is None  # the host's player moves first
    session.play(a_move(session))
    view.refresh()
    assert view.move_count() == 0  # the view changes only by the host's message
    return_to_guest(session, wire)
    view.refresh()
    assert view.move_count() == 1
    while session.current() != guest.seat:  # the rest of the host's player's turn
        assert view.choices() is None
        session.play(a_move(session))
        return_to_guest(session, wire)
        view.refresh()
    assert view.choices() is not None and view.move_count() == session.move_count()


def return_to_guest(session: Session, wire: Wire) -> None:
    """What the host's page does after a move on its own device: every guest's view."""
    session_host = HOSTS[id(session)]
    session_host.changed()
    while wire.deliver():
        pass


def test_a_move_from_the_view_is_a_request_and_the_state_follows_the_hosts_answer() -> None:
    session, guest, wire = seated_guest(moves_first=True)
    view = GuestView(guest)
    assert view.choices() is not None
    move = a_move(view)
    before = view.state
    view.play(move)
    assert view.selected == () and view.state is before  # asked, not applied
    assert view.choices() is None  # one request at a time
    assert view.undo_blocker() is not None  # nor an undo while it travels
    with pytest.raises(IllegalMove):
        view.play(move)
    while wire.deliver():
        pass
    view.refresh()
    assert view.move_count() == 1 == session.move_count()
    assert view.state == session.game.view(session.state, guest.seat)
    assert view.state_at(0) is view.state  # the host keeps the history


def test_a_new_position_drops_a_half_made_move() -> None:
    session, guest, wire = seated_guest()
    view = GuestView(guest)
    view.selected = ("x",)
    view.refresh()
    assert view.selected == ("x",)  # the same position: kept
    session.play(a_move(session))
    return_to_guest(session, wire)
    view.refresh()
    assert view.selected == ()


# ---- the dialog -----------------------------------------------------------------------------
ROW = dialog.SeatRow(seat=1, name="Ann", stands=dialog.IDLE)


def test_an_idle_seat_offers_an_invitation_and_a_bot() -> None:
    html = dialog.seat_html(ROW, "en")
    assert 'data-seat-row="1"' in html and "Seat 2" in html and "not connected" in html
    assert 'data-action="table-invite"' in html and 'data-action="table-bot"' in html
    assert "table-offer-1" not in html and "table-outcome-1" not in html


def test_an_invitation_out_shows_its_code_link_and_the_answer_field() -> None:
    row = dialog.SeatRow(1, "Ann", dialog.WAITING, invitation="sky1o.abc*1*tok", invitation_link="https://x/?table=1")
    html = dialog.seat_html(row, "en")
    assert "waiting for the answer" in html
    assert ">sky1o.abc*1*tok</textarea>" in html and 'href="https://x/?table=1"' in html
    assert 'id="table-answer-1"' in html and 'data-action="table-connect"' in html
    assert 'data-action="table-invite"' not in html


@pytest.mark.parametrize(("stands", "words"), [(dialog.CONNECTING, "connecting…"), (dialog.INVITING, "making")])
def test_nothing_to_press_while_an_answer_connects_or_an_invitation_is_made(stands: str, words: str) -> None:
    html = dialog.seat_html(dialog.SeatRow(1, "Ann", stands, invitation="sky1o.abc*1*tok"), "en")
    assert words in html
    assert "table-connect" not in html and "table-invite" not in html


@pytest.mark.parametrize(
    ("via", "words"), [("direct", "connected directly"), ("turn", "through TURN"), (None, "connected")]
)
def test_a_seated_player_shows_how_the_connection_goes_and_nothing_to_press(via: str | None, words: str) -> None:
    row = dialog.SeatRow(1, "Ann", dialog.SEATED, via=via, outcome=msg("gone"), online_link="https://x/#online=1")
    html = dialog.seat_html(row, "en")
    assert words in html
    assert "<button" not in html and "table-outcome" not in html and "online" not in html


def test_an_online_table_gives_the_link_first_and_the_code_second() -> None:
    html = dialog.seat_html(dialog.SeatRow(1, "Ann", dialog.IDLE, online_link="https://x/#online=1&seat=1"), "en")
    assert html.index('id="table-online-link-1"') < html.index('data-action="table-invite"')
    assert "Invite with a code instead" in html and 'class="primary" data-action="table-invite"' not in html


def test_a_rejoin_answer_and_how_the_last_attempt_ended() -> None:
    row = dialog.SeatRow(
        1, "Ann", dialog.IDLE, outcome=msg("The answer was refused: {why}.", why="x"), rejoin_answer="sky1a.zz"
    )
    html = dialog.seat_html(row, "en")
    assert 'id="table-outcome-1"' in html and "The answer was refused: x." in html
    assert ">sky1a.zz</textarea>" in html and 'data-action="table-rejoin-copy"' in html
    assert "table-bot" not in html and "table-invite" not in html  # the rejoin's answer stands instead


def test_names_and_codes_are_escaped() -> None:
    html = dialog.seat_html(dialog.SeatRow(1, "<b>Ann</b>", dialog.WAITING, invitation='"><x'), "en")
    assert "<b>Ann" not in html and "&lt;b&gt;Ann" in html and '"><x' not in html


def test_the_dialog_speaks_the_readers_language() -> None:
    english = dialog.seats_html([ROW], "en")
    french = dialog.seats_html([ROW], "fr")
    assert "Give this seat to a bot" in english and "Give this seat to a bot" not in french
    assert 'id="table-rejoin-code"' in french  # the rejoin box closes every list


def test_the_online_section_names_what_it_will_contact_before_it_does() -> None:
    servers = dialog.servers_html(["wss://r.example"], ["stun:s.example:3478"], ("", "", ""), False, None, "en")
    html = dialog.before_online_html(["wss://r.example", "stun:s.example:3478"], servers, "en")
    assert "<code>wss://r.example</code>" in html and "<code>stun:s.example:3478</code>" in html
    assert 'data-action="table-online"' in html and "table-online-servers" not in html
    assert "<li>none</li>" in dialog.before_online_html([], servers, "en")


def test_the_relays_status_says_when_none_answers() -> None:
    assert "Reaching the relays" in dialog.relay_status_html(None, "en")
    fine = dialog.relay_status_html({"reached": 2, "relays": 3}, "en")
    assert "2 of 3" in fine and 'role="status"' in fine and 'data-relays-reached="2"' in fine
    down = dialog.relay_status_html({"allDown": True, "reached": 0, "relays": 3}, "en")
    assert 'role="alert"' in down and "No relay could be reached" in down


def test_the_emote_bar() -> None:
    names, colours = ["Ann", "Bo"], ["#f00", "#00f"]
    html = dialog.emote_bar_html(names, colours, {1: "👍"}, 0, False, "en")
    assert html.count('data-action="table-emote"') == len(dialog.EMOTE_WORDS)
    assert 'data-emote-seat="1"' in html and 'data-emote="👍"' in html and "table-rejoin-start" not in html
    watching = dialog.emote_bar_html(names, colours, {}, None, False, "en")
    assert "table-emote" not in watching.replace('id="table-emote-said"', "")
    lost = dialog.emote_bar_html(names, colours, {}, 1, True, "en")
    assert 'data-action="table-rejoin-start"' in lost and 'data-action="table-emote"' not in lost


# ---- what a guest is told -----------------------------------------------------------------
def test_an_invitation_link_names_the_game_and_the_host_and_a_bare_code_does_not() -> None:
    about = About("manhattan", "Ann Lee")
    link = "https://x.org/index.html?" + "&".join(["table=sky1o.abc*1*tok", *about.fields()])
    assert invitation_about(link) == about
    assert read_invitation(link).seat == 1  # the code inside reads as before
    assert invitation_about("sky1o.abc*1*tok") == About()
    # A stranger's link says nothing it should not: no unknown game, no long name.
    odd = invitation_about("?table=sky1o.abc*1*tok&game=chess&by=" + "A" * 500)
    assert odd.game == "" and len(odd.host) == MAX_HOST_NAME


def test_the_join_screen_says_which_game_whose_table_and_which_seat() -> None:
    assert dialog.invited_words(About("manhattan", "Ann"), 1, "en") == "Ann invites you to play Manhattan, at seat 2."
    assert dialog.invited_words(About("chinatown"), 0, "en") == "You are invited to play Chinatown, at seat 1."
    assert dialog.invited_words(About(), 2, "en") == "You are invited to seat 3 of a table."
    assert "Manhattan" not in dialog.invited_words(About("manhattan", "Ann"), 1, "zh-Hans").replace("Ann", "")


def test_a_seated_guest_is_reminded_where_it_sits() -> None:
    names, seats = ["Ann", "Bo", "Cy"], ["human", "remote", "remote"]
    assert dialog.seated_words("manhattan", names, seats, 1, "en") == "Manhattan at Ann's table: you play Bo, seat 2."
    # A host device that only watches (a bot and remote seats): no one's table by name.
    assert dialog.seated_words("manhattan", names, ["easy", "remote", "remote"], 2, "en") == (
        "Manhattan: you play Cy, seat 3."
    )
    bar = dialog.emote_bar_html(names, ["#f00", "#0f0", "#00f"], {}, 1, False, "en", "Manhattan: here")
    assert '<p class="table-where">Manhattan: here</p>' in bar


def test_the_rejoin_box_is_folded_apart_until_it_is_wanted() -> None:
    folded = dialog.seats_html([ROW], "en")
    assert '<details class="table-seat table-rejoin" id="table-rejoin">' in folded
    assert "A player comes back with a rejoin code" in folded
    assert '<details class="table-seat table-rejoin" id="table-rejoin" open>' in dialog.seats_html([ROW], "en", True)
