"""The box under the Chinatown board: what the phase needs. The trade panel on your
trade turn, an offer to answer (or to wait for), the round's offers while others trade,
and otherwise the last round's income (before the first income: how shops pay), with
the Done placing button while you place tiles.

The box is drawn into a Frame. Landscape: KW x KH under the map, at the board's
smallest text size (draw.SMALL). Portrait (`tall`): a frame BOX_SCALE times narrower
than the map, which the renderer scales up to the map's width, so on a 390 px phone its
text reads at 14 px or more and every target is 33 px or more, tapped with no zoom
(web/board-zoom.mjs's AS_IS); there the parts are stacked (the trade panel's two sides
one above the other) and the frame is as tall as the phase's longest content, so its
height holds through a phase (tall_height)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core.i18n import Translator, translate
from ...core.svg import clickable, el, page_button, text
from . import rules, trade_panel, words
from .data import INCOME_COMPLETE, INCOME_INCOMPLETE, PLAYER_COLOUR_NAMES, PLAYER_HEX, TYPE_COUNT
from .draw import (
    ASK,
    BODY,
    BOX_SCALE,
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
TAP = 30  # a target's height in portrait: 33 px or more on a phone at BOX_SCALE
CHIP_PITCH = 46  # a hand's rows of tiles: the chip, then its minus button
TALL_CHIP_PITCH = 64
TILE_ROWS = 2  # rows of tiles a side reserves in portrait (TYPE_COUNT at 7 a row)
PILL_ROW = 36  # portrait: two partners a row


@dataclass(frozen=True)
class Frame:
    """Where the box is drawn, and whether stacked for a phone held upright."""

    x: float
    y: float
    w: float
    h: float
    tall: bool = False

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h


WIDE = Frame(KX, KY, KW, KH)
TALL_W = KW / BOX_SCALE


SIDE_H = 36 + TILE_ROWS * TALL_CHIP_PITCH + TAP + 4  # one side of a portrait offer: label, tiles, money


def tall_height(players: int, phase: str, drafting: bool) -> float:
    """The portrait box's height. While this device drafts an offer: the trade panel's
    (two sides, the partners two a row, the actions in up to two rows and three lines
    of why), which holds until the offer is sent. Otherwise in the trade phase: an offer
    (its two sides in two lines each, Accept and Decline) and the newest of the round's
    offers under it. Else the income's, with the Done placing row. So it depends on the
    number of players, the phase and whether this device drafts only, and it holds
    through a turn."""
    if phase == "trade" and drafting:
        partners = players // 2
        return 6 + 30 + partners * PILL_ROW + 4 + 2 * (SIDE_H + 8) + 2 * PILL_ROW + 3 * LINE + 6
    if phase == "trade":
        return 8 + 24 + 18 + 2 * 3 * LINE + 8 + 6 + TAP + LINE + 8 + 18 + 8 * LINE + 6
    return 6 + PILL_ROW + 22 + players * 3 * LINE + 6


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
    tall: bool = False,
) -> list[str]:
    """One side of the draft: its lots, tiles (click: +1; the minus under a chip: -1) and
    money. `tall`: targets TAP high and TILE_ROWS rows of tiles reserved."""
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
    pitch, minus = (TALL_CHIP_PITCH, TAP) if tall else (CHIP_PITCH, 16)
    for i, t in enumerate(shown):
        k = chosen.get(ids[t].id, 0)
        row, col = divmod(i, per_row)
        cx, cy = x + col * 37, y + row * pitch
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
                T("Add one {kind} tile ({k} of {n} in the offer)", kind=name, k=k, n=hand[t]),
                T,
            )
        )
        if k:
            out.append(
                button(
                    cx,
                    cy + 29,
                    34,
                    minus,
                    "−",
                    draft_attrs(f"{verb} -{ids[t].id}"),
                    fill="#c05800",
                    size=SMALL,
                    title=T("One {kind} tile fewer", kind=name),
                )
            )
    rows = max(1, (len(shown) + per_row - 1) // per_row)
    y += rows * pitch  # portrait: the side's height holds (SIDE_H), its foot is left free
    step = rules.unit(state)
    amount = translate(words.dollars(side["money"]), T.lang)
    bw, bh, gap = (TAP, TAP, 4) if tall else (30, 21, 3)
    out.append(text(x, y + bh / 2 + 4.5, amount, font_size=BODY, font_weight="bold", fill=INK, class_="draft-money"))
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
                bx + i * (bw + gap),
                y,
                bw,
                bh,
                label,
                draft_attrs(f"{verb} money {units:+d}"),
                fill="#5b6472",
                size=SMALL,
                title=title,
            )
        )
    unit = T("× {amount}", amount=words.dollars(step))
    ux = bx + 4 * (bw + gap) + 4
    out.append(text(ux, y + bh / 2 + 4.5, clip(unit, x + colw - ux, SMALL), font_size=SMALL, fill=MUTED))
    return out


def _partner(bx: float, by: float, pw: float, ph: int, q: int, chosen: bool, names: list[str], T: Translator) -> str:
    """The pill that makes seat `q` the one the offer goes to."""
    label = T("Trade with {name}", name=names[q])
    white = PLAYER_COLOUR_NAMES[q] in ("white", "yellow")
    return el(
        "g",
        el(
            "rect",
            x=bx,
            y=by,
            width=pw,
            height=ph,
            rx=ph // 2,
            fill=PLAYER_HEX[q] if chosen else "#fff",
            stroke="#555" if white else PLAYER_HEX[q],
            stroke_width=2.5,
        ),
        marker(bx + ph // 2 + 1, by + ph // 2, 9, q),
        text(
            bx + ph + 2,
            by + ph // 2 + 5,
            clip(names[q], pw - ph - 8, SMALL, True),
            font_size=SMALL,
            font_weight="bold",
            fill=INK,
        ),
        el("title", label),
        class_="partner" + (" chosen" if chosen else ""),
        role="button",
        tabindex=0,
        aria_label=label,
        data_draft=f"to {q + 1}",
    )


def _trade_panel(
    state: dict[str, Any],
    viewer: int,
    draft: dict[str, Any] | None,
    choices: dict[str, str | None],
    names: list[str],
    T: Translator,
    f: Frame = WIDE,
) -> str:
    d = trade_panel.normal(draft)
    x0, y = f.x + 12, f.y + 6
    heading = T("Offer to ({n} left):", n=state["offers_left"][viewer])
    out = [text(x0, y + 17, clip(heading, f.w - 24, BODY, True), font_size=BODY, font_weight="bold", fill=INK)]
    others = [q for q in range(state["players"]) if q != viewer]
    if f.tall:  # two a row under the heading
        pw = (f.w - 24 - 6) / 2
        for i, q in enumerate(others):
            row, col = divmod(i, 2)
            out.append(_partner(x0 + col * (pw + 6), y + 30 + row * PILL_ROW, pw, TAP, q, d["to"] == q, names, T))
    else:
        px = x0 + text_width(heading, BODY, True) + 10
        pw = min(170, (f.right - 12 - px) / len(others) - 6)
        for i, q in enumerate(others):
            out.append(_partner(px + i * (pw + 6), y, pw, 24, q, d["to"] == q, names, T))
    move, why = trade_panel.status(state, d)
    labels = (T("Send offer"), T("Clear"), T("Done trading"))
    actions: tuple[tuple[dict[str, Any], str], ...] = (
        ({"data_move": move, "class_": "send page-button"} if move else {}, "#1f5f8b"),
        (draft_attrs("clear"), "#6b707a"),
        (page_button(clickable(choices, "done")), "#2e7d32"),
    )
    titles = (
        T("Send: {what}", what=translate(words.offer_words(state, trade_panel.offer(d)), T.lang))
        if move
        else translate(why, T.lang),
        "",
        T("Done trading: no more offers this round (you still answer offers)"),
    )
    if f.tall:  # the sides one above the other, the actions in a row (or two) under them
        colw = f.w - 24
        top = y + 30 + (len(others) + 1) // 2 * PILL_ROW + 4
        gy = top + SIDE_H + 8
        ay = gy + SIDE_H + 8
        ax, row_y = x0, ay
        for label, (attrs, fill), title in zip(labels, actions, titles):
            w = button_width(label, 80)
            if ax > x0 and ax + w > f.right - 12:
                ax, row_y = x0, row_y + PILL_ROW
            out.append(button(ax, row_y, w, TAP, label, attrs, fill=fill, title=title))
            ax += w + 8
        why_x, why_y, why_w = x0, row_y + TAP + 16, colw
        gx = x0
        divider: tuple[float, ...] = ()
    else:
        aw = max(button_width(label, 100) for label in labels)
        ax = f.right - 12 - aw
        top = f.y + 38
        for i, (label, (attrs, fill), title) in enumerate(zip(labels, actions, titles)):
            out.append(button(ax, top + 33 * i, aw, 28, label, attrs, fill=fill, title=title))
        colw = (ax - 14 - x0 - 14) / 2
        gx = x0 + colw + 14
        gy = top
        why_x, why_y, why_w = ax, top + 113, aw
        divider = (gx - 7, ax - 7)
    if not move:
        for j, line in enumerate(wrap_clipped(translate(why, T.lang), why_w, SMALL, 3)):
            out.append(text(why_x, why_y + LINE * j, line, font_size=SMALL, fill="#b3261e", class_="why"))
    for lx in divider:
        out.append(el("line", x1=lx, y1=top, x2=lx, y2=f.bottom - 8, stroke="#d8d0bf"))
    out += _side_column(state, d["give"], x0, top, viewer, "give", colw, T("You give"), GIVE, T, f.tall)
    if d["to"] is not None:
        ask = T("You ask from {name}", name=names[d["to"]])
        out += _side_column(state, d["get"], gx, gy, d["to"], "get", colw, ask, ASK, T, f.tall)
    else:
        out.append(text(gx, gy + 13, T("You ask"), font_size=BODY, font_weight="bold", fill=ASK))
        for j, line in enumerate(wrap(T("Choose a player above, or click one of their lots."), colw, SMALL)):
            out.append(text(gx, gy + 30 + LINE * j, line, font_size=SMALL, fill=MUTED))
    return el("g", *out, class_="trade-panel")


def _offer_box(
    state: dict[str, Any],
    viewer: int | None,
    choices: dict[str, str | None],
    names: list[str],
    T: Translator,
    f: Frame = WIDE,
) -> tuple[str, float]:
    """The offer on the table, and where under it the round's offers can go in portrait
    (landscape puts them beside it)."""
    offer = state["offer"]
    p, q = offer["from"], offer["to"]
    party = viewer in (p, q)
    x0, y = f.x + 12, f.y + 8
    width = f.w - 24 if f.tall else f.w / 2 - 24
    if viewer == q:
        heading = T("{who} offers you a trade", who=names[p])
    elif viewer == p:
        heading = T("You offer {other} a trade", other=names[q])
    else:
        heading = T("{who} offers {other} a trade", who=names[p], other=names[q])
    lines = wrap_clipped(heading, width, BODY, 2, True) if f.tall else [clip(heading, width, BODY, True)]
    out = [
        text(x0, y + 15 + 18 * j, line, font_size=BODY, font_weight="bold", fill=INK) for j, line in enumerate(lines)
    ]
    y += 24 + 18 * (len(lines) - 1)
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
    by, bh = (y + 6, TAP) if f.tall else (f.bottom - 40, 30)
    if viewer == q:
        accept = clickable(choices, "accept")
        why = ""
        if not accept and choices and offer["get"]["money"] > state["money"][q]:
            why = T("You cannot pay {amount}.", amount=words.dollars(offer["get"]["money"]))
        out.append(
            button(
                x0, by, 120, bh, T("Accept"), page_button(accept), fill="#2e7d32", title=why or T("Accept the trade")
            )
        )
        dx = x0 + button_width(T("Accept"), 120) + 10
        out.append(button(dx, by, 120, bh, T("Decline"), page_button(clickable(choices, "decline")), fill="#b3261e"))
        if why:
            wx, wy = (x0, by + bh + 16) if f.tall else (dx + button_width(T("Decline"), 120) + 12, by + 20)
            out.append(text(wx, wy, clip(why, f.right - 12 - wx, SMALL), font_size=SMALL, fill="#b3261e"))
    else:
        out.append(
            text(
                x0,
                by + 20,
                clip(T("Waiting for {who}'s answer…", who=names[q]), width, SMALL),
                font_size=SMALL,
                fill=MUTED,
            )
        )
    end = by + bh + (LINE + 8 if f.tall else 4)
    # The offer's own area, for a scenario's marks.
    area = el(
        "rect",
        x=f.x + 4,
        y=f.y + 4,
        width=f.w - 8 if f.tall else f.w / 2 - 8,
        height=(end if f.tall else f.bottom - 4) - f.y - 4,
        fill="none",
    )
    return el("g", area, *out, class_="offer-box", data_cell="offer"), end


def _trades_list(
    state: dict[str, Any],
    names: list[str],
    x0: float,
    y: float,
    limit: float,
    width: float,
    T: Translator,
    lines: int = 1,
) -> str:
    """The round's offers, the newest that fit above `limit`, each in up to `lines` lines."""
    if not state["trades"]:
        none = wrap_clipped(T("No offers yet this round."), width, SMALL, lines)
        return el(
            "g",
            *(text(x0, y + 13 + LINE * j, line, font_size=SMALL, fill=MUTED) for j, line in enumerate(none)),
            class_="trades",
        )
    heading = clip(T("Offers this round"), width, SMALL, True)
    out = [text(x0, y + 13, heading, font_size=SMALL, font_weight="bold", fill=MUTED)]
    y += 18
    said = []
    for p, q, accepted, offer_text in state["trades"]:
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
        said.append(
            (line, accepted, wrap_clipped(line, width, SMALL, lines) if lines > 1 else [clip(line, width, SMALL)])
        )
    room = max(1, int((limit - y) // LINE))
    shown: list[tuple[str, bool, list[str]]] = []
    for entry in reversed(said):  # the newest first, while they fit
        if shown and len(entry[2]) > room:
            break
        shown.insert(0, entry)
        room -= len(entry[2])
        if room <= 0:
            break
    for line, accepted, parts in shown:
        colour = "#2e7d32" if accepted else MUTED
        group = [text(x0 + 2, y + 12 + LINE * j, part, font_size=SMALL, fill=colour) for j, part in enumerate(parts)]
        out.append(el("g", *group, el("title", line)))
        y += LINE * len(parts)
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
    state: dict[str, Any],
    x0: float,
    y: float,
    names: list[str],
    limit: float,
    right: float,
    T: Translator,
    tall: bool = False,
) -> str:
    """Who earned what last round. Landscape: a line a seat, the name and total in a
    column, what paid it beside them; `tall`: the earnings under the name."""
    info = state["last_income"]
    width = right - x0
    if not info:
        when = T("Income is paid after placing tiles, in phase 5 of each round.")
        lines = wrap(when, width, BODY, True) if tall else [when]
        out = [
            text(x0, y + 14 + 18 * j, line, font_size=BODY, font_weight="bold", fill=INK)
            for j, line in enumerate(lines)
        ]
        return el("g", *out, *_income_table(state, x0, y + 4 + 18 * len(lines), width, T), class_="income")
    if state["options"]["edition"] == "alea":
        title = T(
            "Income, round {n} · outlook: {effect}",
            n=info["round"],
            effect=translate(words.outlook(info["card"], rules.scale(state)), T.lang),
        )
    else:
        title = T("Income, round {n}", n=info["round"])
    out = [text(x0, y + 14, clip(title, width, BODY, True), font_size=BODY, font_weight="bold", fill=INK)]
    y += 21
    # Landscape: the earnings right of a 198-unit column of names; tall: under the name.
    body_x, head = (x0 + 20, 1) if tall else (x0 + 206, 0)
    total_x = right if tall else x0 + 198
    bodies = []
    for p in range(state["players"]):
        parts = words.earnings(state, [x for x in info["lines"] if x[0] == p])
        body = translate(words.commas(parts), T.lang) if parts else T("no shops")
        bodies.append((body, len(wrap(body, right - body_x, SMALL)) or 1))
    # A line each, then the lines left one at a time round the seats to those who need more.
    room = int((limit - y) // LINE) - state["players"] * (1 + head)
    shares = [1] * len(bodies)
    while room > 0 and any(share < need for share, (_, need) in zip(shares, bodies)):
        for p, (_, need) in enumerate(bodies):
            if room > 0 and shares[p] < need:
                shares[p] += 1
                room -= 1
    for p, ((body, _), share) in enumerate(zip(bodies, shares)):
        out.append(marker(x0 + 8, y + 8, 8, p))
        amount = "+" + translate(words.dollars(info["total"][p]), T.lang)
        room = total_x - x0 - 20 - text_width(amount, SMALL, True) - 8
        out.append(
            text(x0 + 20, y + 13, clip(names[p], room, SMALL, True), font_size=SMALL, font_weight="bold", fill=INK)
        )
        out.append(text(total_x, y + 13, amount, font_size=SMALL, font_weight="bold", fill=INK, text_anchor="end"))
        y += LINE * head
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
    f: Frame = WIDE,
) -> str:
    """The box, drawn into `f`."""
    phase = state["phase"]
    out = [el("rect", x=f.x, y=f.y, width=f.w, height=f.h, rx=8, fill="#f7f4ec", stroke="#d8d0bf")]
    ch = choices or {}
    mover = rules.mover(state) if phase != "over" else None
    x0, y = f.x + 12, f.y + 8
    right: float = f.right - 12
    if phase == "trade" and state["offer"]:
        offer, end = _offer_box(state, viewer, ch, names, T, f)
        out.append(offer)
        if f.tall:
            out.append(_trades_list(state, names, x0, end, f.bottom - 6, f.w - 24, T, 2))
        else:
            out.append(_trades_list(state, names, f.x + f.w / 2, y, f.bottom - 6, f.w / 2 - 12, T))
    elif drafting and viewer is not None:
        out.append(_trade_panel(state, viewer, draft, ch, names, T, f))
    elif phase == "trade":
        turn = T("Trading: {who}'s turn to make an offer.", who=names[state["turn"]])
        lines = wrap(turn, f.w - 24, BODY, True) if f.tall else [turn]
        for j, line in enumerate(lines):
            out.append(text(x0, y + 14 + 18 * j, line, font_size=BODY, font_weight="bold", fill=INK))
        out.append(_trades_list(state, names, x0, y + 4 + 18 * len(lines), f.bottom - 6, f.w - 24, T, 1 + f.tall))
    else:
        top = f.y
        if phase == "place" and viewer == mover and choices is not None:
            label = T("Done placing")
            w = button_width(label, 140)
            done = page_button(clickable(ch, "done"))
            hint = T("Done placing: keep the other tiles in hand")
            if f.tall:  # a row of its own above the income
                out.append(button(right - w, f.y + 6, w, TAP, label, done, fill="#2e7d32", title=hint))
                top = y = f.y + PILL_ROW + 4
            else:
                out.append(button(f.right - 10 - w, f.bottom - 40, w, 30, label, done, fill="#2e7d32", title=hint))
                right -= w + 12  # the income lines stop left of the button
        out.append(
            el(
                "g",
                el("rect", x=f.x + 4, y=top + 4, width=right - f.x, height=f.bottom - top - 8, fill="none"),
                _income_box(state, x0, y, names, f.bottom - 4, right, T, f.tall),
                data_cell="income",
            )
        )
    return el("g", *out, class_="below")
