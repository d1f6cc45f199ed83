"""The page's side of a table of devices: invitations, the join screen, the links.

The host's page: a game whose setup has seats "on another device" gets a `Host`
(skyweb.table) and the Table dialog, one row per remote seat: an invitation (a code
to copy, a link, a QR code), a field for the guest's answer, the seat's status. The
guest's page (`?table=<invitation>`): the answer to send back, then the game drawn
from its view (`MirrorSession`). WebRTC itself is web/rtc.mjs, imported on first use.

A guest that was seated before (a reload, a lost connection) opens its invitation again:
the host's offer in it is spent, so the page makes its own offer, a *rejoin code*, that
the host's Table dialog answers. At a table, both sides have a row of emote buttons.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from html import escape
from typing import Any

from pyodide.ffi import create_proxy
from pyscript import document, window

from pyengine.core import safejson
from pyengine.core.i18n import msg, translate

from . import panels, parts
from .dom import el, error_text, js_object
from .onlinescreen import js_value

CHANNEL = "skyline-table"  # a BroadcastChannel: an answer link opened in another tab reaches the host's
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


async def rtc() -> Any:
    return await page_module("rtc.mjs")


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


def tell_other_tabs(**data: str) -> None:
    """A link opened in this tab that belongs to a table in another tab of this device."""
    channel = window.BroadcastChannel.new(CHANNEL)
    channel.postMessage(js_object(**data))
    channel.close()


def emote_bubble(e: str | None) -> str:
    """Where an emote pops up beside a name (style.css animates each new one)."""
    if e is None:
        return '<span class="emote-bubble"></span>'
    return f'<span class="emote-bubble" data-emote="{escape(e)}" aria-hidden="true">{escape(e)}</span>'


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
    """Mixin of ui.App (with OnlineScreen, whose station and vias it reads)."""

    station: Any = None
    vias: dict[int, str] = {}
    online_seat: Any = None

    table: Any = None  # the Host while this page hosts a table
    guest: Any = None  # the Guest while this page plays a seat of another device's table
    invites: dict[int, Any] = {}  # seat -> the rtc.mjs host() object waiting for its answer
    # How each seat's invitation stands between the answer and the seat: seats whose answer is
    # being connected; the open links (JsLink) not yet seated, each with its seat and whether it
    # came by a rejoin code; seats whose new invitation is being made; and the last way a seat's
    # invitation or connection ended (its line in the dialog) until the seat is taken.
    accepting: set[int] = set()
    joins: dict[Any, tuple[int, str]] = {}
    inviting: set[int] = set()
    outcomes: dict[int, Any] = {}
    seated_before: set[int] = set()  # the seats connected at the last change: one missing now left
    rejoins: dict[int, str] = {}  # seat -> the host's answer to that guest's rejoin code, until it connects
    qr_svgs: dict[str, str] = {}  # invitation link -> its QR code: the rows redraw, the codes stay
    joining: tuple[int, str] | None = None  # the guest's seat and token while its join screen is up
    rejoin_offer: Any = None  # the guest's rtc.mjs host() object for its rejoin code
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
        from .table import Host, new_token

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
        from .protocol import Invitation

        rows = []
        names = panels.names(self.session, self.lang)
        for p in sorted(host.remote):
            seated = host.remote[p].link is not None
            invite = self.invites.get(p)
            connecting = p in self.accepting or any(seat == p for seat, _ in self.joins.values())
            if seated:
                status = self.via_words(p)
            elif connecting:
                status = self.T("connecting…")
            elif p in self.inviting:
                status = self.T("making a new invitation…")
            else:
                status = self.T("waiting for the answer") if invite else self.T("not connected")
            parts = [
                f"<h2>{escape(self.T('Seat {n}', n=p + 1))}: {escape(names[p])} "
                f'<small data-status="{p}">{escape(status)}</small></h2>'
            ]
            if not seated and p in self.outcomes:  # how its last invitation or connection ended
                parts.append(
                    f'<p class="error-line table-outcome" id="table-outcome-{p}">'
                    f"{escape(translate(self.outcomes[p], self.lang))}</p>"
                )
            if p in self.rejoins:  # the answer to this seat's rejoin code, on show until it connects
                back = self.rejoins[p]
                back_link = page_url(f"answer={window.encodeURIComponent(back)}&seat=r{p}")
                parts.append(
                    f"<p>{escape(self.T('Send this answer back to the player:'))}</p>"
                    f'<textarea readonly rows="3" id="table-rejoin-answer-{p}" '
                    f'aria-label="{escape(self.T("Answer code"))}">{escape(back)}</textarea>'
                    f'<p><a id="table-rejoin-link-{p}" href="{escape(back_link)}">{escape(self.T("Answer link"))}</a> '
                    f'<button type="button" data-action="table-rejoin-copy" data-seat="{p}">'
                    f"{escape(self.T('Copy'))}</button></p>"
                    f'<div class="qr" id="table-rejoin-qr-{p}"></div>'
                )
            elif not seated:  # a player who never came or left: a bot may take the seat
                parts.append(
                    f'<button type="button" class="table-bot" data-action="table-bot" data-seat="{p}">'
                    f"{escape(self.T('Give this seat to a bot'))}</button> "
                )
            if not seated and (connecting or p in self.inviting):
                pass  # the answer is being connected, or the new invitation made: nothing to press yet
            elif not seated and p not in self.rejoins and invite is None:
                if self.station is not None:  # the link is the way; a code stays for one local network
                    parts.append(self.online_row(p))
                    parts.append(
                        f'<button type="button" data-action="table-invite" data-seat="{p}">'
                        f"{escape(self.T('Invite with a code instead (one local network)'))}</button>"
                    )
                else:
                    parts.append(
                        f'<button type="button" class="primary" data-action="table-invite" data-seat="{p}">'
                        f"{escape(self.T('Invite'))}</button>"
                    )
            elif not seated and p not in self.rejoins:  # a rejoin's answer stands instead until it connects
                code = Invitation(str(invite.code), p, host.remote[p].token).code()
                link = page_url(f"table={window.encodeURIComponent(code)}")
                parts.append(
                    f"<p>{escape(self.T('Send this invitation to the player (a message, or let them scan it):'))}</p>"
                    f'<textarea readonly rows="3" id="table-offer-{p}" aria-label="{escape(self.T("Invitation"))}">'
                    f"{escape(code)}</textarea>"
                    f'<p><a id="table-link-{p}" href="{escape(link)}">{escape(self.T("Invitation link"))}</a> '
                    f'<button type="button" data-action="table-copy" data-seat="{p}">{escape(self.T("Copy"))}</button></p>'
                    f'<div class="qr" id="table-qr-{p}"></div>'
                    f'<label for="table-answer-{p}">{escape(self.T("Their answer code:"))}</label>'
                    f'<textarea rows="3" id="table-answer-{p}"></textarea>'
                    f'<button type="button" class="primary" data-action="table-connect" data-seat="{p}">'
                    f"{escape(self.T('Connect'))}</button>"
                )
            rows.append(f'<section class="table-seat" data-seat-row="{p}">{"".join(parts)}</section>')
        rows.append(
            '<section class="table-seat table-rejoin">'
            f'<label for="table-rejoin-code">{escape(self.T("A player who was seated before opens their invitation again and sends you a rejoin code: paste it here."))}</label>'
            '<textarea rows="3" id="table-rejoin-code"></textarea>'
            f'<button type="button" class="primary" data-action="table-rejoin">{escape(self.T("Answer"))}</button>'
            "</section>"
        )
        # A seat's status may change while someone pastes another seat's answer: keep it.
        boxes = [f"table-answer-{p}" for p in host.remote] + ["table-rejoin-code"]
        typed = {box: str(el(box).value) for box in boxes if el(box)}
        el("table-rows").innerHTML = "".join(rows)
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

    async def draw_qr(self, box_id: str, text: str, title: str = "Invitation link") -> None:
        if text not in self.qr_svgs:
            qr = await page_module("qr.mjs")
            self.qr_svgs[text] = str(await qr.qrSvg(text, js_object(title=translate(msg(title), self.lang))))
        box = el(box_id)
        if box:
            box.innerHTML = self.qr_svgs[text]

    def ice_servers(self) -> Any:
        stun = str(el("table-stun").value).strip()
        return window.JSON.parse(window.JSON.stringify([{"urls": stun}] if stun else []))

    async def invite(self, seat: int) -> None:
        if seat in self.inviting or self.table is None:
            return
        host = self.table
        self.inviting.add(seat)
        self.draw_table_rows()
        try:
            rtc_mod = await rtc()
            made = await rtc_mod.host(js_object(iceServers=self.ice_servers()))
        finally:
            self.inviting.discard(seat)
        if self.table is not host or seat not in host.remote or host.remote[seat].link is not None:
            made.close()  # the seat went to a bot, or its player came back meanwhile
        else:
            old = self.invites.get(seat)
            if old is not None:
                old.close()
            self.invites[seat] = made
        self.draw_table_rows()

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

    def invite_again(self, seat: int) -> None:
        """A seat's invitation is spent (its one connection was used): a new one at once."""
        old = self.invites.pop(seat, None)
        if old is not None:
            old.close()
        host = self.table
        if host is not None and seat in host.remote and host.remote[seat].link is None:
            asyncio.ensure_future(self.invite(seat))

    async def connect_answer(self, seat: int, answer: str) -> None:
        invite = self.invites.get(seat)
        if self.table is None:
            return
        if invite is None:  # an answer to an invitation already spent (or never made here)
            el("table-error").textContent = self.T(
                "No invitation of seat {n} is waiting for an answer. A player who was seated before opens their invitation again and sends you a rejoin code.",
                n=seat + 1,
            )
            self.open_table_dialog()
            return
        if seat in self.accepting:
            return  # this answer is already being connected
        host = self.table
        el("table-error").textContent = ""
        self.outcomes.pop(seat, None)
        self.accepting.add(seat)
        self.draw_table_rows()
        try:
            link = await invite.accept(answer)
        except Exception as e:  # noqa: BLE001 - rtc.mjs's CodeError, or a failed connection
            self.accepting.discard(seat)
            if getattr(e, "name", None) == "CodeError":  # a wrong paste; the invitation still waits
                self.outcomes[seat] = msg("Cannot connect: {why}", why=js_error(e))
            else:  # the connection failed or timed out: this invitation's one connection is spent
                self.outcomes[seat] = msg(
                    "The connection did not open ({why}). Nobody took this seat; the new invitation below replaces the spent one.",
                    why=js_error(e),
                )
                if self.invites.get(seat) is invite:
                    self.invite_again(seat)
            self.open_table_dialog()
            return
        self.accepting.discard(seat)
        if self.invites.get(seat) is invite:
            del self.invites[seat]
        if self.table is not host:
            link.close()
            return
        joined = JsLink(link)
        self.watch_join(joined, seat, "answer")
        host.attach(joined)  # its join takes the seat (after_table_change) or is refused (join_ended)
        self.draw_table_rows()

    def take_rejoin(self, text: str) -> None:
        asyncio.ensure_future(self._take_rejoin(text))

    async def _take_rejoin(self, text: str) -> None:
        """The host answers a guest's rejoin code: only one whose seat and token open a
        seat here gets a connection; the guest's join then takes the seat back."""
        from .protocol import read_invitation

        host = self.table
        if host is None:
            return
        self.open_table_dialog()
        try:
            code = read_invitation(text)
            if not code.rejoin:
                raise ValueError(msg("this is an invitation from a host; a player's rejoin code is needed here"))
            if not host.may_join(code.seat, code.token):
                raise ValueError(msg("this rejoin code is not for a seat at this table"))
        except ValueError as e:
            el("table-error").textContent = self.T("Cannot connect: {why}", why=error_text(e, self.lang))
            return
        rtc_mod = await rtc()
        try:
            joined = await rtc_mod.join(code.offer, js_object(iceServers=self.ice_servers()))
        except Exception as e:  # noqa: BLE001 - rtc.mjs's CodeError
            el("table-error").textContent = self.T("Cannot connect: {why}", why=js_error(e))
            return
        if self.table is not host:
            joined.close()
            return
        answer = str(joined.code)
        el("table-error").textContent = ""
        if el("table-rejoin-code"):
            el("table-rejoin-code").value = ""
        self.rejoins[code.seat] = answer
        self.draw_table_rows()
        try:
            link = await joined.link
        except Exception as e:  # noqa: BLE001 - the guest never pasted the answer (30 s), or the network
            if self.rejoins.get(code.seat) == answer:
                del self.rejoins[code.seat]
                el("table-error").textContent = self.T(
                    "The player did not connect ({why}): they can open their invitation again.", why=js_error(e)
                )
                self.draw_table_rows()
            return
        if self.rejoins.get(code.seat) == answer:
            del self.rejoins[code.seat]
        if self.table is host:
            joined = JsLink(link)
            self.watch_join(joined, code.seat, "rejoin")
            host.attach(joined)  # its join (with the token) takes the seat; after_table_change redraws

    def listen_channel(self) -> None:
        if not getattr(self, "_channel", None):
            self._channel = window.BroadcastChannel.new(CHANNEL)
            self._channel_proxy = create_proxy(self.on_channel)
            self._channel.addEventListener("message", self._channel_proxy)

    def on_channel(self, event: Any) -> None:
        """A link opened in another tab of this device: an answer for the hosting tab,
        a rejoin code for it, or (seat "r<n>") the host's answer for a rejoining guest."""
        data = event.data
        answer, seat = getattr(data, "answer", None), getattr(data, "seat", None)
        rejoin = getattr(data, "rejoin", None)
        if rejoin is not None and self.table is not None:
            self.take_rejoin(str(rejoin))
        elif answer is not None and seat is not None:
            seat = str(seat)
            if seat.isdigit() and self.table is not None:
                asyncio.ensure_future(self.connect_answer(int(seat), str(answer)))
            elif self.joining is not None and seat == f"r{self.joining[0]}" and self.rejoin_offer is not None:
                el("join-host-answer").value = str(answer)
                asyncio.ensure_future(self.rejoin_connect(str(answer)))

    def table_action(self, name: str, target: Any) -> None:
        seat = int(target.getAttribute("data-seat") or -1) if target is not None else -1
        if name == "table-open":
            self.open_table_dialog()
        elif name == "table-close":
            el("table-dialog").close()
        elif name == "table-invite":
            asyncio.ensure_future(self.invite(seat))
        elif name == "table-copy":
            window.navigator.clipboard.writeText(el(f"table-offer-{seat}").value)
        elif name == "table-connect":
            asyncio.ensure_future(self.connect_answer(seat, str(el(f"table-answer-{seat}").value)))
        elif name == "table-bot" and self.table is not None:
            invite = self.invites.pop(seat, None)
            if invite is not None:
                invite.close()
            self.outcomes.pop(seat, None)
            self.table.replace(seat, self.session.game.default_bot)
        elif name == "table-join":
            self.join_table(str(el("join-code").value))
        elif name == "table-answer-copy":
            window.navigator.clipboard.writeText(el("join-answer").value)
        elif name == "table-rejoin":
            self.take_rejoin(str(el("table-rejoin-code").value))
        elif name == "table-rejoin-copy":
            window.navigator.clipboard.writeText(el(f"table-rejoin-answer-{seat}").value)
        elif name == "table-rejoin-connect":
            asyncio.ensure_future(self.rejoin_connect(str(el("join-host-answer").value)))
        elif name == "table-rejoin-instead" and self.joining is not None:
            asyncio.ensure_future(self._rejoin(*self.joining))
        elif name == "table-rejoin-start" and self.online_seat is not None:
            self.online_connect()
        elif name == "table-rejoin-start" and self.guest is not None:
            asyncio.ensure_future(self._rejoin(self.guest.seat, self.guest.token))
        elif name == "table-online":
            self.go_online()
        elif name == "table-online-servers":
            self.change_servers()
        elif name == "table-online-copy":
            window.navigator.clipboard.writeText(el(f"table-online-link-{seat}").href)
        elif name == "table-online-join":
            self.online_connect()
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
    def join_table(self, text: str) -> None:
        """An invitation (or a rejoin code) opened or pasted on this page."""
        asyncio.ensure_future(self._open_code(text))

    async def _open_code(self, text: str) -> None:
        await parts.fetch_part("table")
        from .protocol import read_invitation

        try:
            code = read_invitation(text)
        except ValueError as e:
            self.show_lobby(self.T("Cannot join the table: {why}", why=error_text(e, self.lang)))
            return
        if code.rejoin:  # a guest's code, for the host: a hosting tab of this device takes it
            tell_other_tabs(rejoin=code.code())
            self.show_lobby(
                self.T(
                    "This is a player's rejoin code, for the host of their table: if the table is open in another tab of this device, it went there; otherwise send it to the host."
                )
            )
            return
        if was_seated(code.seat, code.token, code.offer):  # its offer is spent: rejoin with one of ours
            await self._rejoin(code.seat, code.token)
        else:
            await self._join(code.offer, code.seat, code.token)

    def join_screen(self, rejoin: bool) -> None:
        """The join screen, for an answer to an invitation or for a rejoin code. The
        static page has the answer's texts; a rejoin swaps in its own (data-i18n, so a
        change of language translates them too)."""
        for box in ("lobby", "join-box", "game"):
            el(box).hidden = True
        screen = el("join")
        screen.hidden = False
        if not el("join-more"):
            el("join-qr").insertAdjacentHTML("afterend", '<div id="join-more"></div>')
        texts = {
            "#join > p[data-i18n]": msg(
                "Send this answer back to the host (a message, or let them scan it). The game opens here once they connect."
            ),
            "#join-link": msg("Answer link"),
            "#join-answer": msg("Answer code"),
        }
        if rejoin:
            texts = {
                "#join > p[data-i18n]": msg(
                    "You were seated at this table before. Send this rejoin code to the host (a message, or let them scan it), then paste the answer they send back."
                ),
                "#join-link": msg("Rejoin link"),
                "#join-answer": msg("Rejoin code"),
            }
        for selector, text in texts.items():
            node = screen.querySelector(selector)
            if not node:
                continue
            words = translate(text, self.lang)
            if selector == "#join-answer":  # a field: its name, not its text
                node.setAttribute("data-i18n-aria-label", text.template)
                node.setAttribute("aria-label", words)
            else:
                node.setAttribute("data-i18n", text.template)
                node.textContent = words
        el("join-answer").value = ""
        el("join-qr").innerHTML = ""
        el("join-status").textContent = ""
        screen.removeAttribute("data-online")  # an online link's screen hid these
        el("join-answer").hidden = el("join-qr").hidden = el("join-link").parentElement.hidden = False
        if rejoin:
            label = escape(self.T("The host's answer:"))
            el("join-more").innerHTML = (
                f'<label for="join-host-answer">{label}</label>'
                '<textarea id="join-host-answer" rows="3"></textarea>'
                f'<button type="button" class="primary" data-action="table-rejoin-connect">{escape(self.T("Connect"))}</button>'
            )
        else:
            el("join-more").innerHTML = (
                f'<button type="button" data-action="table-rejoin-instead">'
                f"{escape(self.T('Seated at this table before? Rejoin instead'))}</button>"
            )

    def guest_for(self, seat: int, token: str) -> Any:
        """This page's guest of that seat: the one it has (a lost connection), or one
        going on from what the page stored before a reload."""
        from .table import Guest

        g = self.guest
        if g is None or g.seat != seat or g.token != token:
            entry = remembered().get(f"{seat}*{token}")
            g = Guest.again(seat, token, entry.get("kept") if isinstance(entry, dict) else None)
        self.guest = g
        g.on_change = self.after_guest_change
        g.on_emote = self.show_emote
        return g

    async def _join(self, offer: str, seat: int, token: str) -> None:
        self.joining, self.rejoin_offer = (seat, token), None
        self.join_screen(rejoin=False)
        rtc_mod = await rtc()
        try:
            joined = await rtc_mod.join(offer)
        except Exception as e:  # noqa: BLE001 - rtc.mjs's CodeError
            el("join").hidden = True
            self.show_lobby(self.T("Cannot join the table: {why}", why=js_error(e)))
            return
        answer = str(joined.code)
        el("join-answer").value = answer
        link = page_url(f"answer={window.encodeURIComponent(answer)}&seat={seat}")
        el("join-link").href = link
        qr = await page_module("qr.mjs")
        el("join-qr").innerHTML = await qr.qrSvg(link, js_object(title=self.T("Answer link")))
        guest = self.guest_for(seat, token)
        try:
            link = await joined.link
        except Exception as e:  # noqa: BLE001 - rtc.mjs gave up (30 s, or the connection failed)
            if el("join-answer").value == answer:  # still this invitation's screen
                el("join-status").textContent = self.T(
                    "The host did not connect ({why}): open the invitation again, or ask them for a new one.",
                    why=js_error(e),
                )
            return
        if el("join-answer").value != answer:  # the player went on to a rejoin meanwhile
            link.close()
            return
        remember(seat, token, used=offer)  # the host's offer is spent: the same invitation now means a rejoin
        guest.connect(JsLink(link))

    async def _rejoin(self, seat: int, token: str) -> None:
        """Take the seat again: this page offers, the host's Table dialog answers."""
        self.listen_channel()  # the host's answer link, opened in another tab of this device
        self.joining = (seat, token)
        self.join_screen(rejoin=True)
        if self.rejoin_offer is not None:
            self.rejoin_offer.close()
        self.guest_for(seat, token)
        from .protocol import Invitation

        rtc_mod = await rtc()
        made = await rtc_mod.host()
        self.rejoin_offer = made
        code = Invitation(str(made.code), seat, token, rejoin=True).code()
        el("join-answer").value = code
        link = page_url(f"table={window.encodeURIComponent(code)}")
        el("join-link").href = link
        qr = await page_module("qr.mjs")
        if self.rejoin_offer is made:
            el("join-qr").innerHTML = await qr.qrSvg(link, js_object(title=self.T("Rejoin link")))

    async def rejoin_connect(self, answer: str) -> None:
        made, guest = self.rejoin_offer, self.guest
        if made is None or guest is None:
            return
        el("join-status").textContent = ""
        try:
            link = await made.accept(answer)
        except Exception as e:  # noqa: BLE001 - a wrong paste (CodeError), or a failed connection
            el("join-status").textContent = self.T("Cannot connect: {why}", why=js_error(e))
            return
        if self.rejoin_offer is not made:
            link.close()
            return
        self.rejoin_offer = None
        guest.connect(JsLink(link))

    def after_guest_change(self) -> None:
        from .mirror import MirrorSession

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
        if not isinstance(self.session, MirrorSession):
            el("join").hidden = True
            self.guest_drawn = None
            self.begin(MirrorSession(g), save=False)
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

    def send_answer_to_host_tab(self, answer: str, seat: str) -> None:
        """An answer link opened on the host's device: hand it to the hosting tab (or,
        seat "r<n>", the host's answer to a rejoin code, to the rejoining guest's tab)."""
        tell_other_tabs(answer=answer, seat=seat)
        self.show_lobby(self.T("The answer went to your table in the other tab."))

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
        from .protocol import EMOTE_WORDS

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
        seen = self.emote_seen
        who = "".join(
            f'<span class="emote-seat" data-emote-seat="{p}">{panels.chip(colours[p], p)}{escape(name)}'
            f"{emote_bubble(seen.get(p))}</span>"
            for p, name in enumerate(names)
        )
        buttons = ""
        if me is not None and not lost:
            buttons = (
                f'<div class="emote-buttons" role="group" aria-label="{escape(self.T("Emotes"))}">'
                + "".join(
                    f'<button type="button" data-action="table-emote" data-emote="{e}" '
                    f'title="{escape(translate(words, self.lang))}" aria-label="{escape(translate(words, self.lang))}">'
                    f"{e}</button>"
                    for e, words in EMOTE_WORDS.items()
                )
                + "</div>"
            )
        back = ""
        if lost:
            back = (
                f'<p class="table-lost" role="alert">{escape(self.T("The connection to the host is lost."))} '
                f'<button type="button" class="primary" data-action="table-rejoin-start">{escape(self.T("Rejoin"))}</button></p>'
            )
        bar.innerHTML = (
            f'{back}<div class="emote-seats">{who}</div>{buttons}'
            '<p id="table-undo-why" class="hint-line" hidden></p>'
            '<span id="table-emote-said" class="visually-hidden" role="status"></span>'
        )
        self.draw_undo_why()

    def draw_undo_why(self) -> None:
        """A guest's Undo follows the host's rule (MirrorSession.undo_blocker); when it is
        off, why, in words on the screen (a tooltip alone is not seen on a phone)."""
        line = el("table-undo-why")
        s = self.session
        if not line or s is None:
            return
        why = s.undo_blocker() if s.guest is not None and s.guest.link is not None else None
        line.textContent = self.T("Undo is off: {why}", why=translate(why, self.lang)) if why is not None else ""
        line.hidden = why is None
