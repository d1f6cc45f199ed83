"""An online table's link and the host's servers (web/skyweb/online.py, issue 47).

The link's fragment must round-trip, name the relays only when they are not the
build's, and refuse what is damaged or hostile with a reason; the host's fields must
take what the dialog says they take and nothing else (a relay URL is the one thing the
page will open a WebSocket to)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT / "web") not in sys.path:
    sys.path.insert(0, str(ROOT / "web"))

from skyweb.table.online import (  # noqa: E402
    DEFAULT_RELAYS,
    DEFAULT_STUN,
    OnlineSeat,
    Settings,
    overrides,
    read_link,
)
from skyweb.table.protocol import About  # noqa: E402

TABLE = "t" * 24
SECRET = "Kf3-_x" * 7 + "A"


def test_a_link_names_its_table_secret_seat_and_token_and_reads_back() -> None:
    seat = OnlineSeat(TABLE, SECRET, 2, "tok_en-1")
    fragment = seat.fragment()
    assert fragment.startswith("online=1&")
    assert "relays=" not in fragment  # the build's own list: the link stays short
    assert read_link("#" + fragment) == seat


def test_a_link_tells_the_guest_the_game_and_whose_table() -> None:
    seat = OnlineSeat(TABLE, SECRET, 1, "tok", about=About("brussels1893", "Zoë & co"))
    fragment = seat.fragment()
    assert "game=brussels1893" in fragment and "by=Zo%C3%AB%20%26%20co" in fragment
    assert read_link(fragment) == seat
    assert "game=" not in OnlineSeat(TABLE, SECRET, 1, "tok").fragment()


def test_a_host_with_its_own_relays_puts_them_in_the_link() -> None:
    seat = OnlineSeat(TABLE, SECRET, 1, "abc", ("ws://127.0.0.1:7000", "wss://relay.example.org/nostr"))
    back = read_link(seat.fragment())
    assert back.relays == ("ws://127.0.0.1:7000", "wss://relay.example.org/nostr")


@pytest.mark.parametrize(
    ("fragment", "words"),
    [
        ("online=2&table=" + TABLE, "another version"),
        (f"online=1&table=short&secret={SECRET}&seat=1&token=a", "damaged"),
        (f"online=1&table={TABLE}&secret={SECRET}&seat=x&token=a", "damaged"),
        (f"online=1&table={TABLE}&secret={SECRET}&seat=1&token=", "damaged"),
        (f"online=1&table={TABLE}&secret={SECRET}&seat=1&token=a<b", "damaged"),
        (f"online=1&table={TABLE}&secret={SECRET}&seat=1&token=a&relays=http://evil.example", "not a Nostr relay"),
        (f"online=1&table={TABLE}&secret={SECRET}&seat=1&token=a&relays=javascript:alert(1)", "not a Nostr relay"),
        ("online=1&" + "x" * 5000, "too long"),
    ],
)
def test_a_damaged_or_hostile_link_is_refused_in_words(fragment: str, words: str) -> None:
    with pytest.raises(ValueError) as caught:
        read_link(fragment)
    assert words in str(caught.value.args[0])


def test_the_defaults_name_every_server_the_page_will_contact() -> None:
    settings = Settings()
    assert settings.contacted() == [*DEFAULT_RELAYS, *DEFAULT_STUN]
    assert settings.ice_servers() == [{"urls": u} for u in DEFAULT_STUN]


def test_the_dialogs_fields_take_one_server_a_line_and_a_turn_server_with_its_credentials() -> None:
    settings = Settings.from_texts(
        "ws://10.99.0.1:7000\n\nwss://r.example", "stun:10.99.0.1:3478", "turn:10.99.0.1:3478", "skyline", "pw"
    )
    assert settings.relays == ["ws://10.99.0.1:7000", "wss://r.example"]
    assert settings.ice_servers() == [
        {"urls": "stun:10.99.0.1:3478"},
        {"urls": "turn:10.99.0.1:3478", "username": "skyline", "credential": "pw"},
    ]
    assert settings.contacted()[-1] == "turn:10.99.0.1:3478"
    # No relay at all is a choice too (then only a code joins); it round-trips as stored.
    assert Settings.from_texts("", "").relays == []
    assert Settings.from_json(settings.to_json()) == settings


@pytest.mark.parametrize(
    ("relays", "stun", "turn", "words"),
    [
        ("https://relay.example", "", "", "not a Nostr relay"),
        ("wss://a b", "", "", "not a Nostr relay"),
        ("", "turn:x:1", "", "not a STUN server"),
        ("", "", "stun:x:1", "not a TURN server"),
        (" ".join(f"wss://r{i}.example" for i in range(9)), "", "", "at most 8"),
    ],
)
def test_a_field_that_is_not_what_it_takes_is_refused_in_words(relays: str, stun: str, turn: str, words: str) -> None:
    with pytest.raises(ValueError) as caught:
        Settings.from_texts(relays, stun, turn)
    assert words in str(caught.value.args[0])


def test_what_the_device_remembered_is_checked_again_and_odd_values_give_the_defaults() -> None:
    assert Settings.from_json({"relays": ["https://evil"], "stun": []}) == Settings()
    assert Settings.from_json({"relays": "wss://x"}) == Settings()
    assert Settings.from_json([1, 2]) == Settings()


def test_the_page_parameters_point_a_visit_at_other_relays_and_stun_none() -> None:
    assert overrides({"relays": "ws://127.0.0.1:7000", "stun": "none"}) == {"relays": "ws://127.0.0.1:7000", "stun": ""}
    assert overrides({"game": "manhattan"}) == {}
