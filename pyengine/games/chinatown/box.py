"""The box under the Chinatown board: what the phase needs. The trade panel on your
trade turn, an offer to answer (or to wait for), the round's offers while others trade,
and otherwise the last round's income (before the first income: how shops pay), with
the Done placing button while you place tiles.

All of it fits KW x KH at the board's smallest text size (draw.SMALL)."""

from __future__ import annotations

from typing import Any

from ...core.i18n import Translator, translate
from ...core.svg import clickable, el, page_button, text
from . import rules, trade_panel, words
from .data import INCOME_COMPLETE, INCOME_INCOMPLETE, PLAYER_COLOUR_NAMES, PLAYER_HEX, TYPE_COUNT
from .draw import (
    ASK,
    BODY,
    GIVE,
    INK,
    KH,
    KW,
    KX,
    KY,
    MUTED,
    SMALL,
    button,
    button_width,
    clip,
    draft_attrs,
    marker,
    text_width,
    tile_chip,
    wrap,
    wrap_clipped,
)

LINE = 16  # line pitch of SMALL text


def _side_column(
    state: dict[str, Any],
    side: dict[str, Any],
    x: float,
    y: float,
    who: int,
    verb: str,
    colw: float,
    heading: str,
    colour: str,
    T: Translator,
) -> list[str]:
    """One side of the draft: its lots, tiles (click: +1; the minus under a chip: -1) and money."""
    lots = side["lots"]
    out = [text(x, y + 13, clip(heading, colw, BODY, True), font_size=BODY, font_weight="bold", fill=colour)]
    shown_lots = translate(words.lots(lots), T.lang) if lots else T("no lots (click lots on the board)")
    out.append(text(x, y + 30, clip(shown_lots, colw, SMALL), font_size=SMALL, fill=INK if lots else MUTED))
    y += 36
    hand = state["hands"][who]
    ids = rules.types(state)
    chosen = side["tiles"]
    shown = [t for t in range(TYPE_COUNT) if hand[t]]
    if not shown:
        out.append(text(x, y + 13, T("Tiles: none in hand"), font_size=SMALL, fill=MUTED))
    per_row = max(1, int((colw + 3) // 37))
    for i, t in enumerate(shown):
        k = chosen.get(ids[t].id, 0)
        row, col = divmod(i, per_row)
        cx, cy = x + col * 37, y + row * 46
        add = draft_attrs(f"{verb} +{ids[t].id}") if k < hand[t] else {}
        name = T(ids[t].name)
        out.append(
            tile_chip(
                cx,
                cy,
                34,
                ids[t],
                f"{k}/{hand[t]}",
                add,
                T("Add one {shop} tile ({k} of {n} in the offer)", shop=name, k=k, n=hand[t]),
                T,
            )
        )
        if k:
            out.append(
                button(
                    cx,
                    cy + 29,
                    34,
                    16,
                    "−",
                    draft_attrs(f"{verb} -{ids[t].id}"),
                    fill="#c05800",
                    size=SMALL,
                    title=T("One {shop} tile fewer", shop=name),
                )
            )
    rows = max(1, (len(shown) + per_row - 1) // per_row)
    y += rows * 46
    step = rules.unit(state)
    amount = words.dollars(side["money"])
    out.append(text(x, y + 15, amount, font_size=BODY, font_weight="bold", fill=INK, class_="draft-money"))
    bx = x + max(62, text_width(amount, BODY, True) + 8)
    for i, units in enumerate((-5, -1, 1, 5)):
        value = words.dollars(abs(units) * step)
        if verb == "give":
            title = (
                T("Add {amount} (you give)", amount=value)
                if units > 0
                else T("Remove {amount} (you give)", amount=value)
            )
        else:
            title = (
                T("Add {amount} (you ask)", amount=value) if units > 0 else T("Remove {amount} (you ask)", amount=value)
            )
        label = f"{units:+d}".replace("-", "−")
        out.append(
            button(
                bx + i * 33,
                y,
                30,
                21,
                label,
                draft_attrs(f"{verb} money {units:+d}"),
                fill="#5b6472",
                size=SMALL,
                title=title,
            )
        )
    out.append(text(bx + 4 * 33 + 4, y + 15, T("× {amount}", amount=words.dollars(step)), font_size=SMALL, fill=MUTED))
    return out


def _trade_panel(
    state: dict[str, Any],
    viewer: int,
    draft: dict[str, Any] | None,
    choices: dict[str, str | None],
    names: list[str],
    T: Translator,
) -> str:
    d = trade_panel.normal(draft)
    x0, y = KX + 12, KY + 6
    heading = T("Offer to ({n} left):", n=state["offers_left"][viewer])
    out = [text(x0, y + 17, heading, font_size=BODY, font_weight="bold", fill=INK)]
    others = [q for q in range(state["players"]) if q != viewer]
    px = x0 + text_width(heading, BODY, True) + 10
    pw = min(170, (KX + KW - 12 - px) / len(others) - 6)
    for i, q in enumerate(others):
        bx = px + i * (pw + 6)
        chosen = d["to"] == q
        label = T("Trade with {name}", name=names[q])
        white = PLAYER_COLOUR_NAMES[q] in ("white", "yellow")
        out.append(
            el(
                "g",
                el(
                    "rect",
                    x=bx,
                    y=y,
                    width=pw,
                    height=24,
                    rx=12,
                    fill=PLAYER_HEX[q] if chosen else "#fff",
                    stroke="#555" if white else PLAYER_HEX[q],
                    stroke_width=2.5,
                ),
                marker(bx + 13, y + 12, 9, q),
                text(
                    bx + 26, y + 17, clip(names[q], pw - 32, SMALL, True), font_size=SMALL, font_weight="bold", fill=INK
                ),
                el("title", label),
                class_="partner" + (" chosen" if chosen else ""),
                role="button",
                tabindex=0,
                aria_label=label,
                data_draft=f"to {q + 1}",
            )
        )
    move, why = trade_panel.status(state, d)
    labels = (T("Send offer"), T("Clear"), T("Done trading"))
    aw = max(button_width(label, 100) for label in labels)
    ax = KX + KW - 12 - aw
    top = KY + 38
    out.append(
        button(
            ax,
            top,
            aw,
            28,
            labels[0],
            {"data_move": move, "class_": "send page-button"} if move else {},
            title=T("Send: {offer}", offer=translate(words.offer_words(state, trade_panel.offer(d)), T.lang))
            if move
            else translate(why, T.lang),
        )
    )
    out.append(button(ax, top + 33, aw, 28, labels[1], draft_attrs("clear"), fill="#6b707a"))
    out.append(
        button(
            ax,
            top + 66,
            aw,
            28,
            labels[2],
            page_button(clickable(choices, "done")),
            fill="#2e7d32",
            title=T("Done trading: no more offers this round (you still answer offers)"),
        )
    )
    if not move:
        for j, line in enumerate(wrap_clipped(translate(why, T.lang), aw, SMALL, 3)):
            out.append(text(ax, top + 113 + LINE * j, line, font_size=SMALL, fill="#b3261e", class_="why"))
    colw = (ax - 14 - x0 - 14) / 2
    gx = x0 + colw + 14
    out.append(el("line", x1=gx - 7, y1=top, x2=gx - 7, y2=KY + KH - 8, stroke="#d8d0bf"))
    out.append(el("line", x1=ax - 7, y1=top, x2=ax - 7, y2=KY + KH - 8, stroke="#d8d0bf"))
    out += _side_column(state, d["give"], x0, top, viewer, "give", colw, T("You give"), GIVE, T)
    if d["to"] is not None:
        out += _side_column(
            state, d["get"], gx, top, d["to"], "get", colw, T("You ask from {name}", name=names[d["to"]]), ASK, T
        )
    else:
        out.append(text(gx, top + 13, T("You ask"), font_size=BODY, font_weight="bold", fill=ASK))
        for j, line in enumerate(wrap(T("Choose a player above, or click one of their lots."), colw, SMALL)):
            out.append(text(gx, top + 30 + LINE * j, line, font_size=SMALL, fill=MUTED))
    return el("g", *out, class_="trade-panel")


def _offer_box(
    state: dict[str, Any], viewer: int | None, choices: dict[str, str | None], names: list[str], T: Translator
) -> str:
    offer = state["offer"]
    p, q = offer["from"], offer["to"]
    party = viewer in (p, q)
    x0, y = KX + 12, KY + 8
    width = KW / 2 - 24
    if viewer == q:
        heading = T("{who} offers you a trade", who=names[p])
    elif viewer == p:
        heading = T("You offer {other} a trade", other=names[q])
    else:
        heading = T("{who} offers {other} a trade", who=names[p], other=names[q])
    out = [
        el("rect", x=KX + 4, y=KY + 4, width=KW / 2 - 8, height=KH - 8, fill="none"),  # the offer, for marks
        text(x0, y + 15, clip(heading, width, BODY, True), font_size=BODY, font_weight="bold", fill=INK),
    ]
    y += 24
    for label, side, colour in (
        (T("{who} gives:", who=names[p]), offer["give"], GIVE),
        (T("{who} asks for:", who=names[p]), offer["get"], ASK),
    ):
        out.append(text(x0, y + 12, clip(label, width, SMALL, True), font_size=SMALL, font_weight="bold", fill=colour))
        y += LINE
        for line in wrap_clipped(translate(words.bundle(state, side, party), T.lang), width - 12, SMALL, 2):
            out.append(text(x0 + 12, y + 12, line, font_size=SMALL, fill=INK))
            y += LINE
        y += 4
    by = KY + KH - 40
    if viewer == q:
        accept = clickable(choices, "accept")
        why = ""
        if not accept and choices and offer["get"]["money"] > state["money"][q]:
            why = T("You cannot pay {amount}.", amount=words.dollars(offer["get"]["money"]))
        out.append(
            button(
                x0, by, 120, 30, T("Accept"), page_button(accept), fill="#2e7d32", title=why or T("Accept the trade")
            )
        )
        dx = x0 + button_width(T("Accept"), 120) + 10
        out.append(button(dx, by, 120, 30, T("Decline"), page_button(clickable(choices, "decline")), fill="#b3261e"))
        if why:
            out.append(text(dx + button_width(T("Decline"), 120) + 12, by + 20, why, font_size=SMALL, fill="#b3261e"))
    else:
        out.append(text(x0, by + 20, T("Waiting for {who}'s answer…", who=names[q]), font_size=SMALL, fill=MUTED))
    return el("g", *out, class_="offer-box", data_cell="offer")


def _trades_list(
    state: dict[str, Any], names: list[str], x0: float, y: float, limit: float, width: float, T: Translator
) -> str:
    if not state["trades"]:
        return el("g", text(x0, y + 13, T("No offers yet this round."), font_size=SMALL, fill=MUTED), class_="trades")
    out = [text(x0, y + 13, T("Offers this round"), font_size=SMALL, font_weight="bold", fill=MUTED)]
    y += 18
    trades = state["trades"]
    room = max(1, int((limit - y) // LINE))
    for p, q, accepted, offer_text in trades[-room:]:
        mark = "✓" if accepted else "✗"
        if offer_text:  # shown to the two sides only (view() blanks it for the others)
            offer = rules.parse_offer(offer_text)
            give = words.bundle(state, rules.bundle_state(state, offer.give), True)
            get = words.bundle(state, rules.bundle_state(state, offer.get), True)
            line = T(
                "{mark} {who} → {other}: {give} for {get}",
                mark=mark,
                who=names[p],
                other=names[q],
                give=translate(give, T.lang),
                get=translate(get, T.lang),
            )
        else:
            line = T("{mark} {who} → {other}", mark=mark, who=names[p], other=names[q])
        out.append(
            el(
                "g",
                text(x0 + 2, y + 12, clip(line, width, SMALL), font_size=SMALL, fill="#2e7d32" if accepted else MUTED),
                el("title", line),
            )
        )
        y += LINE
    return el("g", *out, class_="trades")


def _income_table(state: dict[str, Any], x0: float, y: float, width: float, T: Translator) -> list[str]:
    """How shops pay (before the first income): by their tiles, more once complete."""
    scale = rules.scale(state)
    by_tiles = ", ".join(
        T("{n}: {amount}", n=n, amount=words.dollars(v * scale)) for n, v in enumerate(INCOME_INCOMPLETE) if n
    )
    complete = ", ".join(T("{n}: {amount}", n=n, amount=words.dollars(v * scale)) for n, v in INCOME_COMPLETE.items())
    out = []
    for line in (
        T("Each round a shop earns by its number of tiles: {list}.", list=by_tiles),
        T("A complete shop (size reached) earns: {list}.", list=complete),
    ):
        for part in wrap(line, width, SMALL):
            out.append(text(x0, y + 13, part, font_size=SMALL, fill=INK))
            y += LINE
        y += 4
    return out


def _income_box(
    state: dict[str, Any], x0: float, y: float, names: list[str], limit: float, right: float, T: Translator
) -> str:
    info = state["last_income"]
    width = right - x0
    if not info:
        out = [
            text(
                x0,
                y + 14,
                T("Income is paid after placing tiles, in phase 5 of each round."),
                font_size=BODY,
                font_weight="bold",
                fill=INK,
            )
        ]
        return el("g", *out, *_income_table(state, x0, y + 22, width, T), class_="income")
    if state["options"]["edition"] == "alea":
        title = T(
            "Income, round {n} · outlook: {card}",
            n=info["round"],
            card=translate(words.outlook(info["card"], rules.scale(state)), T.lang),
        )
    else:
        title = T("Income, round {n}", n=info["round"])
    out = [text(x0, y + 14, clip(title, width, BODY, True), font_size=BODY, font_weight="bold", fill=INK)]
    y += 21
    body_x = x0 + 206
    bodies = []
    for p in range(state["players"]):
        parts = words.earnings(state, [x for x in info["lines"] if x[0] == p])
        body = translate(words.commas(parts), T.lang) if parts else T("no shops")
        bodies.append((body, len(wrap(body, right - body_x, SMALL)) or 1))
    # A line each, then the lines left to those who need more, in seat order.
    room = int((limit - y) // LINE) - state["players"]
    shares = []
    for _, need in bodies:
        extra = max(0, min(need - 1, room))
        room -= extra
        shares.append(1 + extra)
    for p, ((body, _), share) in enumerate(zip(bodies, shares)):
        out.append(marker(x0 + 8, y + 8, 8, p))
        amount = f"+{words.dollars(info['total'][p])}"
        room = 198 - 20 - text_width(amount, SMALL, True) - 8
        out.append(
            text(x0 + 20, y + 13, clip(names[p], room, SMALL, True), font_size=SMALL, font_weight="bold", fill=INK)
        )
        out.append(text(x0 + 198, y + 13, amount, font_size=SMALL, font_weight="bold", fill=INK, text_anchor="end"))
        lines = wrap_clipped(body, right - body_x, SMALL, share)
        group = [text(body_x, y + 13 + LINE * j, line, font_size=SMALL, fill=MUTED) for j, line in enumerate(lines)]
        out.append(el("g", *group, el("title", body)))
        y += LINE * len(lines)
    return el("g", *out, class_="income")


def below(
    state: dict[str, Any],
    viewer: int | None,
    choices: dict[str, str | None] | None,
    draft: dict[str, Any] | None,
    names: list[str],
    drafting: bool,
    T: Translator,
) -> str:
    phase = state["phase"]
    out = [el("rect", x=KX, y=KY, width=KW, height=KH, rx=8, fill="#f7f4ec", stroke="#d8d0bf")]
    ch = choices or {}
    mover = rules.mover(state) if phase != "over" else None
    x0, y = KX + 12, KY + 8
    right: float = KX + KW - 12
    if phase == "trade" and state["offer"]:
        out.append(_offer_box(state, viewer, ch, names, T))
        out.append(_trades_list(state, names, KX + KW / 2, y, KY + KH - 6, KW / 2 - 12, T))
    elif drafting and viewer is not None:
        out.append(_trade_panel(state, viewer, draft, ch, names, T))
    elif phase == "trade":
        out.append(
            text(
                x0,
                y + 14,
                T("Trading: {who}'s turn to make an offer.", who=names[state["turn"]]),
                font_size=BODY,
                font_weight="bold",
                fill=INK,
            )
        )
        out.append(_trades_list(state, names, x0, y + 22, KY + KH - 6, KW - 24, T))
    else:
        if phase == "place" and viewer == mover and choices is not None:
            label = T("Done placing")
            w = button_width(label, 140)
            out.append(
                button(
                    KX + KW - 10 - w,
                    KY + KH - 40,
                    w,
                    30,
                    label,
                    page_button(clickable(ch, "done")),
                    fill="#2e7d32",
                    title=T("Done placing: keep the other tiles in hand"),
                )
            )
            right -= w + 12  # the income lines stop left of the button
        out.append(
            el(
                "g",
                el("rect", x=KX + 4, y=KY + 4, width=right - KX, height=KH - 8, fill="none"),
                _income_box(state, x0, y, names, KY + KH - 4, right, T),
                data_cell="income",
            )
        )
    return el("g", *out, class_="below")
