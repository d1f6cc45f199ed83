"""The page's side of a table of devices, whichever way its players came.

The host's page: a game whose setup has seats "on another device" gets a `Host`
(host.py) and the Table dialog, one row per remote seat (dialog.seat_html of
`seat_row`'s plain data): how the seat stands, and what its way in asks for (codes.py:
an invitation and the answer's field; online_page.py: a link). The guest's page: the
game drawn from its view (view.GuestView) once its guest is seated, and what a lost
connection or a refused move says. Both sides: the bar of emotes, undo votes, and the
device's memory of its seats (`skyline.tables`). WebRTC itself is web/rtc.mjs,
imported on first use.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_proxy
from pyscript import document, window

from pyengine.core import safejson
from pyengine.core.i18n import msg, translate

from .. import panels, parts
from ..dom import el, js_object
from ..params import quote
from .online_page import js_value

# The guest's memory of its tables, by "<seat>*<token>": the offers it connected with (spent:
# opening that invitation again means a rejoin) and Guest.kept() (its request numbering).
TABLES_KEY = "skyline.tables"
TABLES_KEPT = 8  # the newest tables only: an old invitation is long dead anyway
TABLES_CHARS = 1_000_000  # 8 tables of a few offers each: a few kB
JOIN_WAIT = 20  # s: a page connected by its answer asks for its seat at once; one that does not is let go


class JsLink:
    """A web/rtc.mjs Link as a skyweb.transport.Link."""

    def __init__(self, link: Any) -> None:
        self.link = link
        self._proxies: list[Any] = []

    def send(self, text: str) -> None:
        if self.link.open:
            self.link.send(text)

    def on_message(self, handler: Callable[[str], None]) -> None:
        proxy = create_proxy(lambda text: handler(str(text)))
        self._proxies.append(proxy)
        self.link.onmessage(proxy)

    def on_close(self, handler: Callable[[], None]) -> None:
        proxy = create_proxy(lambda *_: handler())
        self._proxies.append(proxy)
        self.link.onclose(proxy)

    def close(self) -> None:
        self.link.close()


async def page_module(name: str) -> Any:
    """An ES module of dist/ (rtc.mjs, qr.mjs), imported on first use. The URL is made
    absolute: a bare import() would resolve against Pyodide's own folder."""
    url = window.URL.new(name, window.document.baseURI).href
    return await window.Function("url", "return import(url)")(url)


def remembered() -> dict[str, Any]:
    try:
        tables = safejson.loads(str(window.localStorage.getItem(TABLES_KEY) or "{}"), TABLES_CHARS)
    except ValueError:  # safejson.JsonRefused too: never deep or huge, but any tab may write it
        return {}
    return tables if isinstance(tables, dict) else {}


def remember(seat: int, token: str, used: str | None = None, kept: dict[str, Any] | None = None) -> None:
    """Note on this device that an offer was spent, or the guest's numbering."""
    tables = remembered()
    key = f"{seat}*{token}"
    entry = tables.pop(key, None)
    entry = entry if isinstance(entry, dict) else {}
    if used is not None:
        spent = [u for u in entry.get("used", []) if isinstance(u, str) and u != used]
        entry["used"] = [*spent, used][-TABLES_KEPT:]
    if kept is not None:
        entry["kept"] = kept
    tables[key] = entry  # last: the newest
    for old in list(tables)[:-TABLES_KEPT]:
        del tables[old]
    try:
        window.localStorage.setItem(TABLES_KEY, json.dumps(tables))
    except Exception:  # noqa: BLE001 - storage full or off: a rejoin then starts from the answer screen
        pass


def was_seated(seat: int, token: str, offer: str) -> bool:
    entry = remembered().get(f"{seat}*{token}")
    return isinstance(entry, dict) and offer in entry.get("used", [])


def js_error(e: Exception) -> str:
    """What a rejected rtc.mjs promise says (its CodeError's message)."""
    return str(getattr(e, "message", e))


def page_url(query: str) -> str:
    loc = window.location
    return f"{loc.origin}{loc.pathname}?{query}"


class TableScreen:
    """Mixin of ui.App: what a table is whichever way its players came (CodeScreen,
    codes.py, and OnlineScreen, online_page.py, are the two ways; their state is read
    here to draw each seat's row)."""

    station: Any = None
    vias: dict[int, str] = {}
    online_seat: Any = None

    table: Any = None  # the Host while this page hosts a table
    guest: Any = None  # the Guest while this page plays a seat of another device's table
    # The open links (JsLink) not yet seated, each with its seat and how it came (watch_join);
    # and the last way a seat's invitation or connection ended (its line in the dialog) until
    # the seat is taken.
    joins: dict[Any, tuple[int, str]] = {}
    outcomes: dict[int, Any] = {}
    seated_before: set[int] = set()  # the seats connected at the last change: one missing now left
    qr_svgs: dict[str, str] = {}  # invitation link -> its QR code: the rows redraw, the codes stay
    bar_key: Any = None  # what the emote bar was last drawn for
    emote_seen: dict[int, str] = {}  # seat -> its last emote, kept across the bar's redraws
    pending_vote = 0  # the id of the undo request on show
    guest_drawn: Any = None  # what of the guest's view the board was last drawn from
    was_everyone = False  # were all remote seats connected at the last change
    table_moves = 0  # the move count at the last change

    # ---- hosting --------------------------------------------------------------------------
    def host_table(self) -> None:
        """Called by begin() for a game with seats on other devices."""
        asyncio.ensure_future(self._host_table(self.session))

    async def _host_table(self, s: Any) -> None:
        await parts.fetch_part("table")  # the protocol's modules: only a table needs them
        from .host import Host, new_token

        if s is not self.session:
            return  # another game began meanwhile
        saved = s.record.get("table", {}).get("tokens", {})
        tokens = {p: saved.get(str(p)) or new_token() for p in sorted(s.remote)}
        online = s.record.get("table", {}).get("online")
        # The tokens ride in the autosave, so a reloaded host page knows its guests again,
        # and so does an online table's id and secret: its guests find it again by themselves
        # (share links carry only share.KEYS: never these).
        s.record["table"] = {"tokens": {str(p): t for p, t in tokens.items()}}
        if online:
            s.record["table"]["online"] = online
        self.table = Host(s, tokens)
        self.invites, self.rejoins, self.qr_svgs, self.emote_seen = {}, {}, {}, {}
        self.accepting, self.joins, self.inviting, self.outcomes, self.seated_before = set(), {}, set(), {}, set()
        self.table.on_change = self.after_table_change
        self.table.on_refused = lambda link, why: self.join_ended(link, "refused", why)
        self.table.on_unseated_error = self.join_troubled
        self.table.on_emote = self.show_emote
        self.table.local_asks = lambda vote: self.show_vote(vote.by, vote.id)
        self.table.local_reply = self.on_local_reply
        self.listen_channel()
        el("table-button").hidden = False
        self.open_table_dialog()
        if online:  # the host chose it before this page reloaded
            await self.start_station()

    def after_table_change(self) -> None:
        """A guest moved, joined, left or took a move back: draw, save, let bots go on.
        The Table dialog closes once every seat is connected and opens when one drops."""
        if self.session.move_count() < self.table_moves:
            self.generation += 1  # a move was taken back: a bot's search on the old position is moot
        self.table_moves = self.session.move_count()
        self.log_key = None
        self.save_locally()
        self.redraw()
        host, dialog = self.table, el("table-dialog")
        for link in [link for link in self.joins if host.seat_of(link) is not None]:
            del self.joins[link]  # its join took the seat
        for p in host.connected():
            self.outcomes.pop(p, None)
        for p in sorted(self.seated_before - set(host.connected())):
            self.vias.pop(p, None)
            if p in host.remote and self.station is not None:
                self.outcomes[p] = msg(
                    "{name} left the table or lost the connection. Their page comes back by itself if it can; they can also open their link again.",
                    name=self.session.names[p],
                )
            elif p in host.remote:
                self.outcomes[p] = msg(
                    "{name} left the table or lost the connection. They can open their invitation again and send you a rejoin code (the last field below), or you can invite someone.",
                    name=self.session.names[p],
                )
        self.seated_before = set(host.connected())
        if self.station is not None:
            self.station.seats(js_value(self.remote_tokens()))
        if not host.remote:  # every remote seat went to a bot: an ordinary game now
            self.stop_station()
            self.table = None
            el("table-button").hidden = True
            if dialog.open:
                dialog.close()
            self.kick_bots()
            return
        everyone = len(host.connected()) == len(host.remote)
        if everyone and dialog.open and not self.rejoins:  # a rejoin's answer stays on show
            dialog.close()
        elif not everyone and not dialog.open and self.was_everyone:
            dialog.showModal()
        if dialog.open:  # the seats' statuses; a closed dialog is drawn when it opens
            self.draw_table_rows()
        self.was_everyone = everyone
        self.draw_table_bar()
        el("table-button").textContent = (
            self.T("Table") if everyone else self.T("Table ({n} away)", n=len(host.remote) - len(host.connected()))
        )
        self.kick_bots()

    def open_table_dialog(self) -> None:
        self.draw_table_rows()
        dialog = el("table-dialog")
        if not dialog.open:
            dialog.showModal()

    def draw_table_rows(self) -> None:
        host = self.table
        if host is None:
            return
        from .dialog import seats_html

        rows = [self.seat_row(p) for p in sorted(host.remote)]
        # Unfolded while the host uses it, or once a player has left (who may come back with one).
        box = el("table-rejoin")
        rejoin_open = bool(box and box.open) or any(r.outcome is not None and r.stands != "seated" for r in rows)
        html = seats_html(rows, self.lang, rejoin_open)
        for row in rows:
            if row.online_link is not None:
                asyncio.ensure_future(self.draw_qr(f"table-online-qr-{row.seat}", row.online_link))
        # A seat's status may change while someone pastes another seat's answer: keep it.
        boxes = [f"table-answer-{p}" for p in host.remote] + ["table-rejoin-code"]
        typed = {box: str(el(box).value) for box in boxes if el(box)}
        el("table-rows").innerHTML = html
        self.draw_online_section()
        for box, value in typed.items():
            if el(box):
                el(box).value = value
        for p in self.invites:
            if el(f"table-link-{p}"):
                asyncio.ensure_future(self.draw_qr(f"table-qr-{p}", str(el(f"table-link-{p}").href)))
        for p in self.rejoins:
            asyncio.ensure_future(
                self.draw_qr(f"table-rejoin-qr-{p}", str(el(f"table-rejoin-link-{p}").href), "Answer link")
            )

    def seat_row(self, p: int) -> Any:
        """What seat p's row of the Table dialog shows, as plain data (dialog.SeatRow)."""
        from . import dialog
        from .protocol import Invitation

        host = self.table
        seated = host.remote[p].link is not None
        invite = self.invites.get(p)
        if seated:
            stands = dialog.SEATED
        elif p in self.accepting or any(seat == p for seat, _ in self.joins.values()):
            stands = dialog.CONNECTING
        elif p in self.inviting:
            stands = dialog.INVITING
        else:
            stands = dialog.WAITING if invite else dialog.IDLE
        code = Invitation(str(invite.code), p, host.remote[p].token).code() if invite is not None else None
        back = self.rejoins.get(p)
        return dialog.SeatRow(
            seat=p,
            name=panels.names(self.session, self.lang)[p],
            stands=stands,
            via=self.vias.get(p),
            outcome=self.outcomes.get(p),
            invitation=code,
            invitation_link=page_url("&".join([f"table={quote(code)}", *self.about().fields()])) if code else "",
            rejoin_answer=back,
            rejoin_link=page_url(f"answer={quote(back)}&seat=r{p}") if back else "",
            online_link=self.online_link_of(p),
        )

    def about(self) -> Any:
        """What this table's links tell a guest before it joins (protocol.About): the
        game, and the name of this device's player (none when it only watches)."""
        from .protocol import About

        s = self.session
        local = s.local_humans()
        host = panels.names(s, self.lang)[local[0]] if local else ""
        return About(s.game.name, host)

    async def draw_qr(self, box_id: str, text: str, title: str = "Invitation link") -> None:
        if text not in self.qr_svgs:
            qr = await page_module("qr.mjs")
            self.qr_svgs[text] = str(await qr.qrSvg(text, js_object(title=translate(msg(title), self.lang))))
        box = el(box_id)
        if box:
            box.innerHTML = self.qr_svgs[text]

    def watch_join(self, link: Any, seat: int, came: str) -> None:
        """A connection opened by a seat's answer, rejoin code or online link (`came`:
        "answer", "rejoin", "online"), not seated until its join is taken: whatever ends
        it first (the join refused, the link closed, no join in time) is said in that
        seat's row, and an invitation it spent is replaced."""
        self.joins[link] = (seat, came)
        link.on_close(lambda: self.join_ended(link, "closed"))

        async def deadline() -> None:
            await asyncio.sleep(JOIN_WAIT)
            self.join_ended(link, "silent")

        asyncio.ensure_future(deadline())

    def join_troubled(self, link: Any, why: Any) -> None:
        """A watched connection sent something the host could not take before its join
        (another version's page, say): said in its row; the link stays open (protocol
        rule 6) until a join takes the seat or JOIN_WAIT runs out."""
        entry = self.joins.get(link)
        if entry is not None:
            self.outcomes[entry[0]] = msg(
                "The player's page sent something this table could not take: {why}. It has not asked for the seat yet.",
                why=why,
            )
            self.open_table_dialog()

    def join_ended(self, link: Any, how: str, why: Any = None) -> None:
        """A watched connection ended without taking its seat (`how`: refused, closed, silent)."""
        entry = self.joins.pop(link, None)
        if entry is None:  # seated, or already ended
            return
        seat, came = entry
        if how != "closed":
            link.close()
        if came == "online":
            self.outcomes[seat] = (
                msg("The player's page was refused: {why}.", why=why)
                if how == "refused"
                else msg("The player's page connected but did not take the seat. It keeps trying by itself.")
            )
        elif came == "rejoin":
            self.outcomes[seat] = (
                msg(
                    "The rejoin was refused: {why}. The player can open their invitation again and send a new rejoin code.",
                    why=why,
                )
                if how == "refused"
                else msg(
                    "The player's page did not take the seat back. They can open their invitation again and send a new rejoin code."
                )
            )
        else:
            self.outcomes[seat] = {
                "refused": msg(
                    "The answer was refused: {why}. Nobody took this seat; the new invitation below replaces the spent one.",
                    why=why,
                ),
                "closed": msg(
                    "The player's page closed the connection before taking the seat. The new invitation below replaces the spent one."
                ),
                "silent": msg(
                    "The player's page connected but did not ask for the seat. The new invitation below replaces the spent one."
                ),
            }[how]
            self.invite_again(seat)
        self.open_table_dialog()

    def table_action(self, name: str, target: Any) -> None:
        seat = int(target.getAttribute("data-seat") or -1) if target is not None else -1
        if self.online_action(name, seat) or self.code_action(name, seat):
            return
        if name == "table-open":
            self.open_table_dialog()
        elif name == "table-close":
            el("table-dialog").close()
        elif name == "table-bot" and self.table is not None:
            invite = self.invites.pop(seat, None)
            if invite is not None:
                invite.close()
            self.outcomes.pop(seat, None)
            self.table.replace(seat, self.session.game.default_bot)
        elif name == "table-emote":
            self.send_emote(str(target.getAttribute("data-emote") or ""))
        elif name in ("table-yes", "table-no"):
            self.vote(name == "table-yes")

    # ---- undo votes ----------------------------------------------------------------------
    def on_local_reply(self, kind: str, fields: dict[str, Any]) -> None:
        """The host's answer to this device's own undo request (undone: it redraws anyway)."""
        from .protocol import text_from_json

        if kind == "undo-refused":
            self.show_error(translate(text_from_json(fields["reason"]), self.lang))

    def show_vote(self, by: int, vote_id: int) -> None:
        names = panels.names(self.session, self.lang)
        self.pending_vote = vote_id
        el("table-vote-text").textContent = self.T("{name} asks to take back their last move. Agree?", name=names[by])
        el("table-vote").hidden = False

    def vote(self, yes: bool) -> None:
        el("table-vote").hidden = True
        if self.table is not None:
            local = self.session.local_humans()
            for p in local:  # the host device's players answer together, from its one screen
                self.table.answer_vote(p, self.pending_vote, yes)
        elif self.guest is not None:
            self.guest.vote(yes)

    # ---- joining -------------------------------------------------------------------------
    def guest_for(self, seat: int, token: str) -> Any:
        """This page's guest of that seat: the one it has (a lost connection), or one
        going on from what the page stored before a reload."""
        from .guest import Guest

        g = self.guest
        if g is None or g.seat != seat or g.token != token:
            entry = remembered().get(f"{seat}*{token}")
            g = Guest.again(seat, token, entry.get("kept") if isinstance(entry, dict) else None)
        self.guest = g
        g.on_change = self.after_guest_change
        g.on_emote = self.show_emote
        return g

    def after_guest_change(self) -> None:
        from .view import GuestView

        g = self.guest
        if g is None:
            return
        remember(g.seat, g.token, kept=g.kept())
        if g.link is None:
            self.online_link_lost()  # an online guest asks the relays again by itself
        if not g.ready:
            if self.joining is not None and not el("join").hidden:  # the join screen: why no game came
                if g.problems:
                    el("join-status").textContent = self.T(
                        "The host did not seat you: {why}", why=translate(g.problems[-1], self.lang)
                    )
                elif g.link is None:
                    el("join-status").textContent = self.T(
                        "The connection to the host closed before you were seated: ask the host for a new invitation."
                    )
            return
        if not isinstance(self.session, GuestView):
            el("join").hidden = True
            self.guest_drawn = None
            self.begin(GuestView(g), save=False)
        else:
            if g.link is not None and not el("join").hidden:  # rejoined from this page's join screen
                el("join").hidden = True
                el("game").hidden = False
            # Only what changes the board or its controls redraws: the "accepted" that
            # follows a move's view changes nothing drawn (one redraw per move). A request
            # sent since (its id) counts: its answer turns the board and Undo back on.
            drawn = (g.seq, g.n, g.link is None, g.pending is None, g.pending_id, g.undo_known, str(g.undo_why))
            if drawn != self.guest_drawn:
                self.guest_drawn = drawn
                self.session.refresh()
                self.log_key = None
                self.redraw()
        if g.link is not None:
            self.joining = None
        if g.refused is not None:
            self.show_error(self.T("The host refused the move: {why}", why=translate(g.refused, self.lang)))
            g.refused = None
        if g.asked is not None:
            self.show_vote(g.asked["by"], g.asked["id"])
        if g.gone is not None:
            self.show_error(translate(g.gone, self.lang))

    # ---- emotes ----------------------------------------------------------------------------
    def emote_seat(self) -> int | None:
        """Who this device's emote is from: the guest's seat, or the host device's player
        (the one to move, if several play here); None for a host device that only watches."""
        if self.guest is not None and self.session is not None and self.session.guest is self.guest:
            return int(self.guest.seat)
        if self.table is None or self.session is None:
            return None
        local = self.session.local_humans()
        current = self.session.current()
        return current if current in local else (local[0] if local else None)

    def send_emote(self, e: str) -> None:
        me = self.emote_seat()
        if me is None:
            return
        if self.table is not None:
            self.table.emote(me, e)  # to every guest, and shown here by on_emote
        elif self.guest is not None and self.guest.link is not None:
            self.guest.emote(e)
            self.show_emote(me, e)

    def show_emote(self, seat: int, e: str) -> None:
        """An emote beside its sender's name: it pops up and fades (style.css); the
        words go to screen readers."""
        from .protocol import EMOTE_WORDS

        if e not in EMOTE_WORDS:
            return
        self.emote_seen[seat] = e
        self.draw_table_bar()
        spot = document.querySelector(f'#table-bar [data-emote-seat="{seat}"] .emote-bubble')
        if spot:
            from .dialog import emote_bubble

            # A new element, so that the same emote twice pops up twice.
            spot.outerHTML = emote_bubble(e)
        names = panels.names(self.session, self.lang) if self.session is not None else []
        if el("table-emote-said") and seat < len(names):
            el("table-emote-said").textContent = f"{names[seat]}: {translate(EMOTE_WORDS[e], self.lang)}"

    def draw_table_bar(self) -> None:
        """At a table, a row of the players' names (where emotes show) and of emote
        buttons; and on a guest whose connection died, the way back. Elsewhere hidden."""
        s = self.session
        at_table = s is not None and (self.table is not None or s.guest is not None)
        bar = el("table-bar")
        if not at_table:
            if bar:
                bar.hidden = True
            self.bar_key = None
            return
        from .dialog import emote_bar_html, seated_words

        if not bar:
            el("prompt").insertAdjacentHTML("afterend", '<div id="table-bar" class="table-bar"></div>')
            bar = el("table-bar")
        bar.hidden = False
        g = s.guest
        lost = g is not None and g.link is None and g.gone is None
        names = panels.names(s, self.lang)
        me = self.emote_seat()
        key = (id(s), self.lang, tuple(names), me, lost)
        if key == self.bar_key:
            self.draw_undo_why()
            return
        self.bar_key = key
        colours = panels.player_colours(s)
        where = seated_words(g.game.name, names, g.seats, g.seat, self.lang) if g is not None and g.ready else ""
        bar.innerHTML = emote_bar_html(names, colours, self.emote_seen, me, lost, self.lang, where)
        self.draw_undo_why()

    def draw_undo_why(self) -> None:
        """A guest's Undo follows the host's rule (GuestView.undo_blocker); when it is
        off, why, in words on the screen (a tooltip alone is not seen on a phone)."""
        line = el("table-undo-why")
        s = self.session
        if not line or s is None:
            return
        why = s.undo_blocker() if s.guest is not None and s.guest.link is not None else None
        line.textContent = self.T("Undo is off: {why}", why=translate(why, self.lang)) if why is not None else ""
        line.hidden = why is None
