"""The page's side of a table of devices: invitations, the join screen, the links.

The host's page: a game whose setup has seats "on another device" gets a `Host`
(skyweb.table) and the Table dialog, one row per remote seat: an invitation (a code
to copy, a link, a QR code), a field for the guest's answer, the seat's status. The
guest's page (`?table=<invitation>`): the answer to send back, then the game drawn
from its view (`MirrorSession`). WebRTC itself is web/rtc.mjs, imported on first use.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from html import escape
from typing import Any

from pyodide.ffi import create_proxy
from pyscript import window

from pyengine.core.i18n import msg, translate

from . import panels, parts
from .dom import el, error_text, js_object

CHANNEL = "skyline-table"  # a BroadcastChannel: an answer link opened in another tab reaches the host's


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


def invitation_code(offer: str, seat: int, token: str) -> str:
    return f"{offer}*{seat}*{token}"


def read_invitation(text: str) -> tuple[str, int, str]:
    """(offer code, seat, token) from an invitation code or link, pasted as it came."""
    text = "".join(str(text).split())
    if "table=" in text:
        text = text.split("table=", 1)[1].split("&", 1)[0].split("#", 1)[0]
        text = str(window.decodeURIComponent(text))
    parts = text.split("*")
    if len(parts) != 3 or not parts[1].isdigit() or not parts[2]:
        raise ValueError(msg("this is not a table invitation: ask the host for a new one"))
    return parts[0], int(parts[1]), parts[2]


def js_error(e: Exception) -> str:
    """What a rejected rtc.mjs promise says (its CodeError's message)."""
    return str(getattr(e, "message", e))


def page_url(query: str) -> str:
    loc = window.location
    return f"{loc.origin}{loc.pathname}?{query}"


class TableScreen:
    """Mixin of ui.App."""

    table: Any = None  # the Host while this page hosts a table
    guest: Any = None  # the Guest while this page plays a seat of another device's table
    invites: dict[int, Any] = {}  # seat -> the rtc.mjs host() object waiting for its answer
    qr_svgs: dict[str, str] = {}  # invitation link -> its QR code: the rows redraw, the codes stay
    pending_vote = 0  # the id of the undo request on show
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
        # The tokens ride in the autosave, so a reloaded host page knows its guests again
        # (share links carry only share.KEYS: never these).
        s.record["table"] = {"tokens": {str(p): t for p, t in tokens.items()}}
        self.table = Host(s, tokens)
        self.invites, self.qr_svgs = {}, {}
        self.table.on_change = self.after_table_change
        self.table.local_asks = lambda vote: self.show_vote(vote.by, vote.id)
        self.table.local_reply = self.on_local_reply
        if not getattr(self, "_channel", None):
            self._channel = window.BroadcastChannel.new(CHANNEL)
            self._channel_proxy = create_proxy(self.on_channel)
            self._channel.addEventListener("message", self._channel_proxy)
        el("table-button").hidden = False
        self.open_table_dialog()

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
        if not host.remote:  # every remote seat went to a bot: an ordinary game now
            self.table = None
            el("table-button").hidden = True
            if dialog.open:
                dialog.close()
            self.kick_bots()
            return
        everyone = len(host.connected()) == len(host.remote)
        if everyone and dialog.open:
            dialog.close()
        elif not everyone and not dialog.open and self.was_everyone:
            dialog.showModal()
        if dialog.open:  # the seats' statuses; a closed dialog is drawn when it opens
            self.draw_table_rows()
        self.was_everyone = everyone
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
        rows = []
        names = panels.names(self.session, self.lang)
        for p in sorted(host.remote):
            seated = host.remote[p].link is not None
            invite = self.invites.get(p)
            status = (
                self.T("connected")
                if seated
                else (self.T("waiting for the answer") if invite else self.T("not connected"))
            )
            parts = [
                f"<h2>{escape(self.T('Seat {n}', n=p + 1))}: {escape(names[p])} "
                f'<small data-status="{p}">{escape(status)}</small></h2>'
            ]
            if not seated:  # a player who never came or left: a bot may take the seat
                parts.append(
                    f'<button type="button" class="table-bot" data-action="table-bot" data-seat="{p}">'
                    f"{escape(self.T('Give this seat to a bot'))}</button> "
                )
            if not seated and invite is None:
                parts.append(
                    f'<button type="button" class="primary" data-action="table-invite" data-seat="{p}">'
                    f"{escape(self.T('Invite'))}</button>"
                )
            elif not seated:
                code = invitation_code(str(invite.code), p, host.remote[p].token)
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
        # A seat's status may change while someone pastes another seat's answer: keep it.
        typed = {p: str(el(f"table-answer-{p}").value) for p in host.remote if el(f"table-answer-{p}")}
        el("table-rows").innerHTML = "".join(rows)
        for p, value in typed.items():
            if el(f"table-answer-{p}"):
                el(f"table-answer-{p}").value = value
        for p in self.invites:
            if host.remote.get(p) is not None and host.remote[p].link is None:
                asyncio.ensure_future(self.draw_qr(p, str(el(f"table-link-{p}").href)))

    async def draw_qr(self, seat: int, text: str) -> None:
        if text not in self.qr_svgs:
            qr = await page_module("qr.mjs")
            self.qr_svgs[text] = str(await qr.qrSvg(text, js_object(title=self.T("Invitation link"))))
        box = el(f"table-qr-{seat}")
        if box:
            box.innerHTML = self.qr_svgs[text]

    def ice_servers(self) -> Any:
        stun = str(el("table-stun").value).strip()
        return window.JSON.parse(window.JSON.stringify([{"urls": stun}] if stun else []))

    async def invite(self, seat: int) -> None:
        rtc_mod = await rtc()
        self.invites[seat] = await rtc_mod.host(js_object(iceServers=self.ice_servers()))
        self.draw_table_rows()

    async def connect_answer(self, seat: int, answer: str) -> None:
        invite = self.invites.get(seat)
        if invite is None or self.table is None:
            return
        try:
            link = await invite.accept(answer)
        except Exception as e:  # noqa: BLE001 - rtc.mjs's CodeError, or a failed connection
            el("table-error").textContent = self.T("Cannot connect: {why}", why=js_error(e))
            return
        el("table-error").textContent = ""
        del self.invites[seat]
        self.table.attach(JsLink(link))

    def on_channel(self, event: Any) -> None:
        data = event.data
        answer, seat = getattr(data, "answer", None), getattr(data, "seat", None)
        if answer is not None and seat is not None:
            asyncio.ensure_future(self.connect_answer(int(seat), str(answer)))

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
            self.invites.pop(seat, None)
            self.table.replace(seat, self.session.game.default_bot)
        elif name == "table-join":
            self.join_table(str(el("join-code").value))
        elif name == "table-answer-copy":
            window.navigator.clipboard.writeText(el("join-answer").value)
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
        """The guest's page: answer the invitation, then wait for the host's welcome."""
        try:
            offer, seat, token = read_invitation(text)
        except ValueError as e:
            self.show_lobby(self.T("Cannot join the table: {why}", why=error_text(e, self.lang)))
            return
        asyncio.ensure_future(self._join(offer, seat, token))

    async def _join(self, offer: str, seat: int, token: str) -> None:
        await parts.fetch_part("table")
        from .table import Guest

        el("lobby").hidden = True
        el("join-box").hidden = True
        el("game").hidden = True
        screen = el("join")
        screen.hidden = False
        rtc_mod = await rtc()
        try:
            joined = await rtc_mod.join(offer)
        except Exception as e:  # noqa: BLE001 - rtc.mjs's CodeError
            screen.hidden = True
            self.show_lobby(self.T("Cannot join the table: {why}", why=js_error(e)))
            return
        answer = str(joined.code)
        el("join-answer").value = answer
        link = page_url(f"answer={window.encodeURIComponent(answer)}&seat={seat}")
        el("join-link").href = link
        qr = await page_module("qr.mjs")
        el("join-qr").innerHTML = await qr.qrSvg(link, js_object(title=self.T("Answer link")))
        guest = self.guest if self.guest is not None and self.guest.seat == seat else Guest(seat, token)
        self.guest = guest
        guest.on_change = self.after_guest_change
        try:
            link = await joined.link
        except Exception as e:  # noqa: BLE001 - rtc.mjs gave up (30 s, or the connection failed)
            if el("join-answer").value == answer:  # still this invitation's screen
                el("join-status").textContent = self.T(
                    "The host did not connect ({why}): ask them for a new invitation.", why=js_error(e)
                )
            return
        guest.connect(JsLink(link))

    def after_guest_change(self) -> None:
        from .mirror import MirrorSession

        g = self.guest
        if not g.ready:
            return
        if not isinstance(self.session, MirrorSession):
            el("join").hidden = True
            self.begin(MirrorSession(g), save=False)
        else:
            self.session.refresh()
            self.log_key = None
            self.redraw()
        if g.refused is not None:
            self.show_error(self.T("The host refused the move: {why}", why=translate(g.refused, self.lang)))
            g.refused = None
        if g.asked is not None:
            self.show_vote(g.asked["by"], g.asked["id"])
        if g.gone is not None:
            self.show_error(translate(g.gone, self.lang))

    def send_answer_to_host_tab(self, answer: str, seat: str) -> None:
        """An answer link opened on the host's device: hand it to the hosting tab."""
        channel = window.BroadcastChannel.new(CHANNEL)
        channel.postMessage(js_object(answer=answer, seat=seat))
        channel.close()
        self.show_lobby(self.T("The answer went to your table in the other tab."))
