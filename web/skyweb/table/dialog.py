"""The Table dialog's HTML, and the bar of emotes: functions of plain data.

The page (screen.py, online_page.py) gathers what a seat's row shows into a `SeatRow`
and writes what these return; nothing here reads the page or the table's objects, so
each way a row can look is testable in CPython (tests/test_table_dialog.py). The
`data-action`, `data-seat` and element ids are what screen.py's table_action, the
e2e tests and the QR codes (drawn into the `.qr` boxes after) look for.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from pyengine import TITLES
from pyengine.core.i18n import Msg, msg, translate

from .. import panels
from .protocol import EMOTE_WORDS, About

Words = Callable[..., str]

# Where a seat stands between its invitation and its player: taken, an answer or a
# link being connected, a new invitation being made, an invitation out, or nothing yet.
SEATED, CONNECTING, INVITING, WAITING, IDLE = "seated", "connecting", "inviting", "waiting", "idle"


def words(lang: str) -> Words:
    """T("text", **params): the text in the reader's language (as ui.App.T)."""
    return lambda text, **params: translate(msg(text, **params), lang)


@dataclass(frozen=True)
class SeatRow:
    """One remote seat of the host's Table dialog."""

    seat: int
    name: str
    stands: str  # SEATED, CONNECTING, INVITING, WAITING or IDLE
    via: str | None = None  # once seated: "direct" or "turn" (None: not known)
    outcome: Msg | str | None = None  # how its last invitation or connection ended
    invitation: str | None = None  # the code (invitation) waiting for its answer
    invitation_link: str = ""
    rejoin_answer: str | None = None  # the answer to its rejoin code, until it connects
    rejoin_link: str = ""
    online_link: str | None = None  # its link, at a table that is online


def status(row: SeatRow, T: Words) -> str:
    if row.stands == SEATED:
        return {"turn": T("connected through TURN"), "direct": T("connected directly")}.get(
            row.via or "", T("connected")
        )
    return {
        CONNECTING: T("connecting…"),
        INVITING: T("making a new invitation…"),
        WAITING: T("waiting for the answer"),
    }.get(row.stands, T("not connected"))


def seat_html(row: SeatRow, lang: str) -> str:
    T = words(lang)
    p = row.seat
    seated = row.stands == SEATED
    parts = [
        f"<h2>{escape(T('Seat {n}', n=p + 1))}: {escape(row.name)} "
        f'<small data-status="{p}">{escape(status(row, T))}</small></h2>'
    ]
    if not seated and row.outcome is not None:
        parts.append(
            f'<p class="error-line table-outcome" id="table-outcome-{p}">{escape(translate(row.outcome, lang))}</p>'
        )
    if row.rejoin_answer is not None:  # on show until that connection opens
        parts.append(
            f"<p>{escape(T('Send this answer back to the player:'))}</p>"
            f'<textarea readonly rows="3" id="table-rejoin-answer-{p}" '
            f'aria-label="{escape(T("Answer code"))}">{escape(row.rejoin_answer)}</textarea>'
            f'<p><a id="table-rejoin-link-{p}" href="{escape(row.rejoin_link)}">{escape(T("Answer link"))}</a> '
            f'<button type="button" data-action="table-rejoin-copy" data-seat="{p}">{escape(T("Copy"))}</button></p>'
            f'<div class="qr" id="table-rejoin-qr-{p}"></div>'
        )
    elif not seated:  # a player who never came or left: a bot may take the seat
        parts.append(
            f'<button type="button" class="table-bot" data-action="table-bot" data-seat="{p}">'
            f"{escape(T('Give this seat to a bot'))}</button> "
        )
    if seated or row.stands in (CONNECTING, INVITING) or row.rejoin_answer is not None:
        pass  # nothing to press yet, or nothing needed
    elif row.invitation is None:
        if row.online_link is not None:  # the link is the way; a code stays for one local network
            parts.append(online_link_html(p, row.online_link, lang))
            parts.append(
                f'<button type="button" data-action="table-invite" data-seat="{p}">'
                f"{escape(T('Invite with a code instead (one local network)'))}</button>"
            )
        else:
            parts.append(
                f'<button type="button" class="primary" data-action="table-invite" data-seat="{p}">'
                f"{escape(T('Invite'))}</button>"
            )
    else:
        parts.append(
            f"<p>{escape(T('Send this invitation to the player (a message, or let them scan it):'))}</p>"
            f'<textarea readonly rows="3" id="table-offer-{p}" aria-label="{escape(T("Invitation"))}">'
            f"{escape(row.invitation)}</textarea>"
            f'<p><a id="table-link-{p}" href="{escape(row.invitation_link)}">{escape(T("Invitation link"))}</a> '
            f'<button type="button" data-action="table-copy" data-seat="{p}">{escape(T("Copy"))}</button></p>'
            f'<div class="qr" id="table-qr-{p}"></div>'
            f'<label for="table-answer-{p}">{escape(T("Their answer code:"))}</label>'
            f'<textarea rows="3" id="table-answer-{p}"></textarea>'
            f'<button type="button" class="primary" data-action="table-connect" data-seat="{p}">'
            f"{escape(T('Connect'))}</button>"
        )
    return f'<section class="table-seat" data-seat-row="{p}">{"".join(parts)}</section>'


def rejoin_box_html(lang: str, opened: bool = False) -> str:
    """Where the host pastes a returning player's rejoin code (the code method): folded
    under its own heading, apart from the seats' first-join steps, whose answer field it
    would otherwise look like."""
    T = words(lang)
    return (
        f'<details class="table-seat table-rejoin" id="table-rejoin"{" open" if opened else ""}>'
        f"<summary>{escape(T('A player comes back with a rejoin code'))}</summary>"
        f'<label for="table-rejoin-code">{escape(T("A player who was seated before opens their invitation again and sends you a rejoin code: paste it here."))}</label>'
        '<textarea rows="3" id="table-rejoin-code"></textarea>'
        f'<button type="button" class="primary" data-action="table-rejoin">{escape(T("Answer"))}</button>'
        "</details>"
    )


def seats_html(rows: Sequence[SeatRow], lang: str, rejoin_open: bool = False) -> str:
    return "".join(seat_html(row, lang) for row in rows) + rejoin_box_html(lang, rejoin_open)


# ---- the online section ----------------------------------------------------------------
def online_link_html(seat: int, url: str, lang: str) -> str:
    """A seat's one link, at a table that is online."""
    T = words(lang)
    return (
        f"<p>{escape(T('Send this link to the player (a message, or let them scan it); opening it again brings them back:'))}</p>"
        f'<p><a id="table-online-link-{seat}" href="{escape(url)}">{escape(T("Online link"))}</a> '
        f'<button type="button" data-action="table-online-copy" data-seat="{seat}">{escape(T("Copy"))}</button></p>'
        f'<div class="qr" id="table-online-qr-{seat}"></div>'
    )


def servers_html(
    relays: Sequence[str],
    stun: Sequence[str],
    turn: tuple[str, str, str],
    opened: bool,
    apply: str | None,
    lang: str,
) -> str:
    """The fields of the servers (turn: URL, user, password); once online, with a
    button (`apply`, its data-action) that puts them to use."""
    T = words(lang)
    url, user, credential = turn
    button = f'<button type="button" data-action="{apply}">{escape(T("Use these servers"))}</button>' if apply else ""
    return (
        f"<details{' open' if opened else ''}><summary>{escape(T('Change servers'))}</summary>"
        f'<label for="online-relays">{escape(T("Nostr relays (one a line; your own relay, or none)"))}</label>'
        f'<textarea id="online-relays" rows="3">{escape(chr(10).join(relays))}</textarea>'
        f'<label for="online-stun">{escape(T("STUN servers (one a line)"))}</label>'
        f'<textarea id="online-stun" rows="2">{escape(chr(10).join(stun))}</textarea>'
        f'<label for="online-turn">{escape(T("TURN server (optional, e.g. your own coturn)"))}</label>'
        f'<input id="online-turn" placeholder="turn:turn.example.org:3478" value="{escape(url)}">'
        f'<label for="online-turn-user">{escape(T("TURN user name"))}</label>'
        f'<input id="online-turn-user" autocomplete="off" value="{escape(user)}">'
        f'<label for="online-turn-credential">{escape(T("TURN password"))}</label>'
        f'<input id="online-turn-credential" type="password" autocomplete="off" value="{escape(credential)}">'
        f"{button}</details>"
    )


def before_online_html(contacted: Sequence[str], servers: str, lang: str) -> str:
    """Before the host chooses to go online: what will be contacted, and the button."""
    T = words(lang)
    named = "".join(f"<li><code>{escape(u)}</code></li>" for u in contacted)
    return (
        f"<h2>{escape(T('Players far away'))}</h2>"
        f"<p>{escape(T('Each player gets one link. Their page and this one find each other through public Nostr relays, which pass on only sealed messages they cannot read, then connect directly (STUN servers help find the way; a TURN server of yours can carry the game where no direct way exists). Nothing is sent to anyone until you press the button. These servers will be contacted:'))}</p>"
        f'<ul class="table-servers">{named or "<li>" + escape(T("none")) + "</li>"}</ul>'
        + servers
        + f'<button type="button" class="primary" data-action="table-online">{escape(T("Invite over the internet"))}</button>'
    )


def relay_status_html(news: Mapping[str, Any] | None, lang: str) -> str:
    """Once online: whether the relays answer (news: online.mjs's station report)."""
    T = words(lang)
    news = news or {}
    if not news:
        line = T("Reaching the relays…")
    elif news.get("allDown"):
        line = T(
            "No relay could be reached: this device may be offline, or the relays refuse it. Check the relays (or use your own), or invite with a code on one local network."
        )
    else:
        line = T("Waiting for players through {n} of {total} relays.", n=news["reached"], total=news["relays"])
    alarm = ' class="error-line" role="alert"' if news.get("allDown") else ' role="status"'
    return (
        f"<h2>{escape(T('Players far away'))}</h2>"
        f'<p id="online-relay-status"{alarm} data-relays-reached="{int(news.get("reached", 0))}">{escape(line)}</p>'
    )


# ---- the guest's side ----------------------------------------------------------------------
def invited_words(about: About, seat: int, lang: str) -> str:
    """The join screen's first line: which game, whose table, which seat (as far as the
    invitation says: a bare pasted code names only the seat)."""
    T = words(lang)
    if about.game and about.host:
        return T(
            "{host} invites you to play {game}, at seat {n}.", host=about.host, game=T(TITLES[about.game]), n=seat + 1
        )
    if about.game:
        return T("You are invited to play {game}, at seat {n}.", game=T(TITLES[about.game]), n=seat + 1)
    return T("You are invited to seat {n} of a table.", n=seat + 1)


def seated_words(game: str, names: Sequence[str], seats: Sequence[str], me: int, lang: str) -> str:
    """A seated guest's reminder of where it sits: the game, whose table (the first seat
    the host's device plays; none when it only watches) and its own seat."""
    T = words(lang)
    title = T(TITLES[game]) if game in TITLES else game
    host = next((names[p] for p, kind in enumerate(seats) if kind == "human" and p != me), None)
    if host is None:
        return T("{game}: you play {name}, seat {n}.", game=title, name=names[me], n=me + 1)
    return T("{game} at {host}'s table: you play {name}, seat {n}.", game=title, host=host, name=names[me], n=me + 1)


# ---- the bar of emotes -----------------------------------------------------------------
def emote_bubble(e: str | None) -> str:
    """Where an emote pops up beside a name (style.css animates each new one)."""
    if e is None:
        return '<span class="emote-bubble"></span>'
    return f'<span class="emote-bubble" data-emote="{escape(e)}" aria-hidden="true">{escape(e)}</span>'


def emote_bar_html(
    names: Sequence[str],
    colours: Sequence[str],
    seen: Mapping[int, str],
    me: int | None,
    lost: bool,
    lang: str,
    where: str = "",
) -> str:
    """At a table: the players' names (where emotes pop up), this device's emote
    buttons (`me`: whose they are; None: it only watches), for a guest whose
    connection died (`lost`) the way back, and a guest's reminder of where it sits
    (`where`: seated_words)."""
    T = words(lang)
    who = "".join(
        f'<span class="emote-seat" data-emote-seat="{p}">{panels.chip(colours[p], p)}{escape(name)}'
        f"{emote_bubble(seen.get(p))}</span>"
        for p, name in enumerate(names)
    )
    buttons = ""
    if me is not None and not lost:
        buttons = (
            f'<div class="emote-buttons" role="group" aria-label="{escape(T("Emotes"))}">'
            + "".join(
                f'<button type="button" data-action="table-emote" data-emote="{e}" '
                f'title="{escape(translate(said, lang))}" aria-label="{escape(translate(said, lang))}">{e}</button>'
                for e, said in EMOTE_WORDS.items()
            )
            + "</div>"
        )
    back = ""
    if lost:
        back = (
            f'<p class="table-lost" role="alert">{escape(T("The connection to the host is lost."))} '
            f'<button type="button" class="primary" data-action="table-rejoin-start">{escape(T("Rejoin"))}</button></p>'
        )
    where_line = f'<p class="table-where">{escape(where)}</p>' if where else ""
    return (
        f'{back}{where_line}<div class="emote-seats">{who}</div>{buttons}'
        '<p id="table-undo-why" class="hint-line" hidden></p>'
        '<span id="table-emote-said" class="visually-hidden" role="status"></span>'
    )
