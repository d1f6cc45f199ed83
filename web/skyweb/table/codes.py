"""The code method of a table, for one local network: nothing outside it is contacted.

The host's Table dialog makes each seat an invitation (web/rtc.mjs's offer code, with
the seat and its token: protocol.Invitation), which the guest's page opens
(`?table=<invitation>`) and answers with a code of its own, pasted back or opened as a
link on the host's device (`?answer=`). A guest that was seated before (a reload, a
lost connection) opens its invitation again: the host's offer in it is spent, so the
page makes its own offer, a *rejoin code*, that the host's dialog answers. A link
opened in another tab of the same device reaches the tab it is for (a BroadcastChannel).
"""

from __future__ import annotations

import asyncio
from html import escape
from typing import Any

from pyodide.ffi import create_proxy
from pyscript import window

from pyengine.core.i18n import msg, translate

from .. import parts
from ..dom import el, error_text, js_object
from ..params import quote
from .screen import JsLink, js_error, page_module, page_url, remember, was_seated

CHANNEL = "skyline-table"  # a BroadcastChannel: an answer link opened in another tab reaches the host's


async def rtc() -> Any:
    return await page_module("rtc.mjs")


def tell_other_tabs(**data: str) -> None:
    """A link opened in this tab that belongs to a table in another tab of this device."""
    channel = window.BroadcastChannel.new(CHANNEL)
    channel.postMessage(js_object(**data))
    channel.close()


class CodeScreen:
    """Mixin of ui.App, beside TableScreen (whose invitations and joins it fills in)."""

    invites: dict[int, Any] = {}  # seat -> the rtc.mjs host() object waiting for its answer
    accepting: set[int] = set()  # seats whose answer is being connected
    inviting: set[int] = set()  # seats whose new invitation is being made
    rejoins: dict[int, str] = {}  # seat -> the host's answer to that guest's rejoin code, until it connects
    joining: tuple[int, str] | None = None  # the guest's seat and token while its join screen is up
    rejoin_offer: Any = None  # the guest's rtc.mjs host() object for its rejoin code
    join_about: Any = None  # what the invitation said of its table (protocol.About), for the join screen

    def code_action(self, name: str, seat: int) -> bool:
        """A button of the code method (data-action); False: not one of its."""
        if name == "table-invite":
            asyncio.ensure_future(self.invite(seat))
        elif name == "table-copy":
            window.navigator.clipboard.writeText(el(f"table-offer-{seat}").value)
        elif name == "table-connect":
            asyncio.ensure_future(self.connect_answer(seat, str(el(f"table-answer-{seat}").value)))
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
        elif name == "table-rejoin-start" and self.guest is not None:
            asyncio.ensure_future(self._rejoin(self.guest.seat, self.guest.token))
        else:
            return False
        return True

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

    def invite_again(self, seat: int) -> None:
        """A seat's invitation is spent (its one connection was used): a new one at once."""
        old = self.invites.pop(seat, None)
        if old is not None:
            old.close()
        host = self.table
        if host is not None and seat in host.remote and host.remote[seat].link is None:
            asyncio.ensure_future(self.invite(seat))

    async def failed_words(self) -> Any:
        """Why an answer's connection did not open. From this side a page that is gone
        (closed, or its answer stopped waiting: rtc.mjs's ANSWER_MS) and networks with no
        path between them look the same: no reply to ICE's checks (rtc.mjs's reason "ice"
        or "timeout", whichever comes first). So both causes are named, the likelier first."""
        minutes = round(int((await rtc()).ANSWER_MS) / 60_000)
        return msg(
            "The player's page did not answer the connection: it was closed or had stopped waiting (an answer waits {minutes} minutes), or the two devices are not on one local network (a STUN server, below, helps codes cross some networks; players far away can be invited over the internet). Nobody took this seat; the new invitation below replaces the spent one.",
            minutes=minutes,
        )

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
                self.outcomes[seat] = await self.failed_words()
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

    def join_table(self, text: str) -> None:
        """An invitation (or a rejoin code) opened or pasted on this page."""
        asyncio.ensure_future(self._open_code(text))

    async def _open_code(self, text: str) -> None:
        await parts.fetch_part("table")
        from .protocol import invitation_about, read_invitation

        try:
            code = read_invitation(text)
        except ValueError as e:
            self.show_lobby(self.T("Cannot join the table: {why}", why=error_text(e, self.lang)))
            return
        self.join_about = invitation_about(text)
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
        from .dialog import invited_words
        from .protocol import About

        seat = self.joining[0] if self.joining is not None else 0
        el("join-about").textContent = invited_words(self.join_about or About(), seat, self.lang)
        el("join-answer").value = ""
        el("join-wait").textContent = ""
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
        el("join-wait").textContent = self.T(
            "This answer waits {minutes} minutes for the host: the game opens here as soon as they connect.",
            minutes=round(int(rtc_mod.ANSWER_MS) / 60_000),
        )
        link = page_url(f"answer={quote(answer)}&seat={seat}")
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
        link = page_url(f"table={quote(code)}")
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

    def send_answer_to_host_tab(self, answer: str, seat: str) -> None:
        """An answer link opened on the host's device: hand it to the hosting tab (or,
        seat "r<n>", the host's answer to a rejoin code, to the rejoining guest's tab)."""
        tell_other_tabs(answer=answer, seat=seat)
        self.show_lobby(self.T("The answer went to your table in the other tab."))
