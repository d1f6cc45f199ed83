"""The host of a table of several devices: it holds the game, each guest its view.

The host's page keeps the one `Session` (record, true state, log, undo rules) and
checks every move with the engine; a guest (guest.py) sends the moves it wants and
draws the views it receives. Nothing a guest receives is derived from the seed or from
another player's hidden data: its state is `game.view(state, seat)`, its log is the
log every player at one screen reads. docs/protocol.md describes the messages; the
transport is any `transport.Link`.
"""

from __future__ import annotations

import base64
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pyengine.core.i18n import Msg, msg

from ..params import REMOTE
from ..session import Session, reason
from .protocol import EMOTES, GUEST_SENDS, ProtocolError, entry_to_json, make, parse, text_to_json
from .transport import Link


def new_token() -> str:
    """The secret that lets one guest, and only that guest, take its seat."""
    # os.urandom, not secrets: the page's trimmed standard library has no secrets module.
    return base64.urlsafe_b64encode(os.urandom(9)).decode()


@dataclass
class RemoteSeat:
    token: str
    link: Link | None = None
    sent_log: int = 0  # log entries this guest has (after an undo, fewer are true)
    last_id: int = 0  # the newest request id handled: an older or equal one is a duplicate
    last_answer: str | None = None  # the reply to last_id, sent again to a duplicate
    seq: int = 0  # views sent: a guest ignores one older than the newest it drew
    sent_undo: Any = None  # the view's `undo` last sent: a change of who is connected may change it


@dataclass
class UndoVote:
    id: int
    by: int
    span: int
    n: int  # the move count it was asked at: any move since cancels it
    waiting: set[int] = field(default_factory=set)


class Host:
    """The authoritative end. `remote` seats are played from other devices; the
    others are the host device's own (its humans and its bots, as in a local game)."""

    def __init__(self, session: Session, remote: dict[int, str]) -> None:
        self.session = session
        self.remote = {seat: RemoteSeat(token) for seat, token in remote.items()}
        for seat in remote:
            session.set_seat(seat, REMOTE)
        self.vote: UndoVote | None = None
        self.on_change: Callable[[], None] = lambda: None  # the host's page redraws
        self.on_emote: Callable[[int, str], None] = lambda seat, e: None
        self.local_asks: Callable[[UndoVote], None] = lambda vote: None  # ask the host device's humans
        self.local_reply: Callable[[str, dict[str, Any]], None] = lambda kind, fields: None  # answer them
        self.local_ids = 0  # the host device's own undo requests, numbered as a guest's are
        # A connection with no seat yet: its join was refused (a wrong token or seat; the host
        # closes it), or a message before any join could not be taken (it stays open, rule 6),
        # and why: the host's page tells whoever pasted its answer.
        self.on_refused: Callable[[Link, Msg], None] = lambda link, why: None
        self.on_unseated_error: Callable[[Link, Msg], None] = lambda link, why: None

    # ---- links ---------------------------------------------------------------------------
    def attach(self, link: Link) -> None:
        """A new connection; it becomes a seat's once it sends that seat's join."""
        link.on_message(lambda text: self.receive(link, text))
        link.on_close(lambda: self._closed(link))

    def may_join(self, seat: int, token: str) -> bool:
        """Whether a join for `seat` with `token` would be taken: the host's page asks it
        before it answers a guest's rejoin code, so a stranger's code gets no connection."""
        s = self.remote.get(seat)
        return s is not None and s.token == token

    def seat_of(self, link: Link) -> int | None:
        return next((p for p, s in self.remote.items() if s.link is link), None)

    def connected(self) -> list[int]:
        return [p for p, s in self.remote.items() if s.link is not None]

    def _closed(self, link: Link) -> None:
        seat = self.seat_of(link)
        if seat is not None:
            self.remote[seat].link = None
            self._undo_news()
            self.on_change()

    def replace(self, seat: int, kind: str) -> str | None:
        """A guest left: its seat goes to a bot (`kind` a bot's name) or to a new guest
        (`kind` "remote": the new invitation's token is returned; the old one no longer
        opens the seat). The moves so far stay."""
        s = self.remote.pop(seat, None)
        if s is not None and s.link is not None:
            s.link.send(make("bye", reason=text_to_json(msg("The host gave your seat to someone else."))))
            s.link.close()
        token = None
        if kind == "remote":
            token = new_token()
            self.remote[seat] = RemoteSeat(token)
            self.session.set_seat(seat, REMOTE)
        else:
            self.session.set_seat(seat, kind)
        self.changed()
        return token

    # ---- receiving -----------------------------------------------------------------------
    def receive(self, link: Link, text: str) -> None:
        try:
            m = parse(text, GUEST_SENDS)
        except ProtocolError as e:
            link.send(make("error", reason=text_to_json(e.args[0])))
            if self.seat_of(link) is None:
                self.on_unseated_error(link, e.args[0])
            return
        if m["t"] == "join":
            self._join(link, m)
            return
        seat = self.seat_of(link)
        if seat is None:
            why = msg("join a seat first")
            link.send(make("error", reason=text_to_json(why)))
            self.on_unseated_error(link, why)
            return
        self.handlers[m["t"]](seat, m)

    @property
    def handlers(self) -> dict[str, Callable[[int, dict[str, Any]], None]]:
        """A seated guest's message type -> what the host does with it (every type of
        GUEST_SENDS but join, which a link sends before it has a seat)."""
        return {
            "move": self._move,
            "undo": self._undo,
            "vote": self._vote,
            "resync": self._resync,
            "emote": self._emote,
            "bye": self._bye,
        }

    def _join(self, link: Link, m: dict[str, Any]) -> None:
        s = self.remote.get(m["seat"])
        if s is None or not self.may_join(m["seat"], m["token"]):
            why = (
                msg("this invitation is not for a seat at this table")
                if s is None
                else msg(
                    "this invitation is not for a seat at this table: its secret does not open seat {n} "
                    "(the invitation was changed or damaged on its way)",
                    n=m["seat"] + 1,
                )
            )
            link.send(make("error", reason=text_to_json(why)))
            self.on_refused(link, why)  # before the close, so the page hears the reason first
            link.close()
            return
        if s.link is not None and s.link is not link:
            s.link.close()  # the same guest again, from a reloaded page or a new connection
        s.link, s.sent_log, s.seq = link, 0, 0
        session = self.session
        link.send(
            make(
                "welcome",
                seat=m["seat"],
                game=session.game.name,
                players=len(session.seats),
                options=session.record["options"],
                names=[text_to_json(n) for n in session.names],
                seats=self.seat_kinds(),
            )
        )
        self._send_view(m["seat"])
        self._undo_news()
        self.on_change()

    def seat_kinds(self) -> list[str]:
        return ["remote" if p in self.remote else kind for p, kind in enumerate(self.session.seats)]

    def _answer(self, seat: int, m: dict[str, Any]) -> bool:
        """False for a request already handled: its answer goes again, nothing else happens."""
        s = self.remote[seat]
        if m["id"] <= s.last_id:
            if m["id"] == s.last_id and s.last_answer is not None and s.link is not None:
                s.link.send(s.last_answer)
            return False
        s.last_id, s.last_answer = m["id"], None
        return True

    def _reply(self, seat: int, kind: str, **fields: Any) -> None:
        if seat not in self.remote:  # the host device's own player: its page shows it
            self.local_reply(kind, fields)
            return
        s = self.remote[seat]
        s.last_answer = make(kind, **fields)
        if s.link is not None:
            s.link.send(s.last_answer)

    def _move(self, seat: int, m: dict[str, Any]) -> None:
        if not self._answer(seat, m):
            return
        session = self.session
        why: Msg | str | None = None
        if m["n"] != session.move_count():
            why = msg("the game moved on before your move arrived: look again and choose")
        elif session.current() != seat:
            why = msg("it is not your turn")
        else:
            try:
                session.play(m["move"])
            except ValueError as e:  # IllegalMove, or text the parser chokes on
                why = reason(e)
        if why is not None:
            self._reply(seat, "refused", id=m["id"], reason=text_to_json(why))
            self._send_view(seat)
            return
        n = session.move_count()
        # The new view first: it acknowledges the request itself (`acked`), so the guest
        # draws once, the new position; an "accepted" first would have it draw the old
        # position with its move's request answered, a board open to a stale move.
        self.changed()
        self._reply(seat, "accepted", id=m["id"], n=n)

    def _undo(self, seat: int, m: dict[str, Any]) -> None:
        if self._answer(seat, m):
            self._ask_undo(seat, m["id"], m["n"])

    def ask_undo(self, seat: int) -> None:
        """The host device's own player asks to take back their last move: the players
        on other devices are asked first (those at this screen saw it happen)."""
        self.local_ids += 1
        self._ask_undo(seat, self.local_ids, self.session.move_count())

    def undo_voters(self, seat: int) -> list[int]:
        """Who must agree before `seat`'s move is taken back: every other human, except
        that the host device's players do not ask each other (they saw it happen)."""
        return [p for p in self.session.humans() if p != seat and (p in self.remote or seat in self.remote)]

    def undo_refusal(self, seat: int, n: int | None = None) -> Msg | None:
        """Why a request of `seat` to take back its last move, made on the view after `n`
        moves (default: now), would be refused at once; None when it goes to the others'
        vote. The one rule: _ask_undo applies it, and every view carries it so that a
        guest's Undo is on exactly when the host would take its request."""
        session = self.session
        if n is not None and n != session.move_count():
            return msg("the game moved on before your request arrived")
        if not session.undo_span(seat):
            return session.undo_blocker(seat)
        away = [p for p in self.undo_voters(seat) if p in self.remote and self.remote[p].link is None]
        if away:
            return msg(
                "{name} is not connected: every player must agree to take a move back", name=session.names[away[0]]
            )
        return None

    def _ask_undo(self, seat: int, vote_id: int, n: int) -> None:
        session = self.session
        why = self.undo_refusal(seat, n)
        if why is not None:
            self._reply(seat, "undo-refused", id=vote_id, reason=text_to_json(why))
            return
        span, others = session.undo_span(seat), self.undo_voters(seat)
        self.vote = UndoVote(vote_id, seat, span, session.move_count(), set(others))
        if not others:
            self._settle()
            return
        for p in others:
            link = self.remote[p].link if p in self.remote else None
            if link is not None:
                link.send(make("undo-ask", id=vote_id, by=seat, span=span))
        if any(p not in self.remote for p in others):
            self.local_asks(self.vote)

    def _vote(self, seat: int, m: dict[str, Any]) -> None:
        self.answer_vote(seat, m["id"], m["yes"])

    def answer_vote(self, seat: int, vote_id: int, yes: bool) -> None:
        """A player's answer to a request to take a move back (also the host device's)."""
        vote = self.vote
        if vote is None or vote.id != vote_id or seat not in vote.waiting:
            return
        if vote.n != self.session.move_count():
            self.vote = None
            return
        if not yes:
            self.vote = None
            self._reply(
                vote.by,
                "undo-refused",
                id=vote.id,
                reason=text_to_json(msg("{name} did not agree", name=self.session.names[seat])),
            )
            return
        vote.waiting.discard(seat)
        if not vote.waiting:
            self._settle()

    def _settle(self) -> None:
        vote, self.vote = self.vote, None
        assert vote is not None
        self.session.undo(vote.by)
        self._reply(vote.by, "undone", id=vote.id, n=self.session.move_count())
        self.changed()

    def _resync(self, seat: int, m: dict[str, Any]) -> None:
        self.remote[seat].sent_log = 0
        self._send_view(seat)

    def _emote(self, seat: int, m: dict[str, Any]) -> None:
        if m["e"] in EMOTES:
            self.emote(seat, m["e"])

    def emote(self, seat: int, e: str) -> None:
        for p, s in self.remote.items():
            if s.link is not None and p != seat:
                s.link.send(make("emote", **{"from": seat, "e": e}))
        self.on_emote(seat, e)

    def _bye(self, seat: int, m: dict[str, Any]) -> None:
        link = self.remote[seat].link
        self.remote[seat].link = None
        if link is not None:
            link.close()
        self._undo_news()
        self.on_change()

    # ---- sending ---------------------------------------------------------------------------
    def changed(self) -> None:
        """After any change of the game (a move here or there, an undo): every guest
        gets its new view; the host's page redraws."""
        if self.vote is not None and self.vote.n != self.session.move_count():
            self.vote = None
        for seat, s in self.remote.items():
            if s.link is not None:
                self._send_view(seat)
        self.on_change()

    def _undo_news(self) -> None:
        """Someone came or went: a guest whose Undo that turns on or off gets a new view."""
        for seat, s in self.remote.items():
            if s.link is not None and s.sent_undo != self._undo_field(seat):
                self._send_view(seat)

    def _undo_field(self, seat: int) -> Any:
        return text_to_json(self.undo_refusal(seat))

    def _send_view(self, seat: int) -> None:
        s = self.remote[seat]
        if s.link is None:
            return
        session = self.session
        s.sent_undo = self._undo_field(seat)
        log = session.log
        start = min(s.sent_log, len(log))
        # An undo cuts the log: resend from where the guest's copy is still true.
        while start and log[start - 1].move > session.move_count():
            start -= 1
        s.seq += 1
        s.link.send(
            make(
                "view",
                seq=s.seq,
                n=session.move_count(),
                state=session.game.view(session.state, seat),
                log_from=start,
                log=[entry_to_json(e) for e in log[start:]],
                acked=s.last_id,
                undo=s.sent_undo,
            )
        )
        s.sent_log = len(log)
