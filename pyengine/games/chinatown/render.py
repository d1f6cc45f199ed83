"""Chinatown board as SVG text: a pure function of (view, viewer, choices, draft, lang).

Like chess.svg.board: no DOM, testable in CPython. Clickable elements follow the UI
testing contract: ``data-move`` when a click completes a legal move, ``data-step`` when
it picks one part of a move, ``data-unselect`` for a part already picked. The trade
panel's building clicks carry ``data-draft`` (UI state, see trade_panel.py); its send
button carries ``data-move`` with the whole offer. Every clickable element is also a
keyboard button (role, tabindex) with an accessible name. A lot that a newcomer may
click when it is no target carries ``data-why`` (the token it would have), and the
page asks Game.explain why nothing happens.

Layout (draw.py holds the geometry): the 85 lots on their 11x17 grid (streets are the
empty cells; the legend of the shop types sits in the empty corner at the bottom left)
with the round and the outlook cards above; the players' panels in a column on the
right; under the board a box with what the phase needs (box.py). In portrait (a phone
held upright) the seats go under the map instead: the own seat, the box, the others.

Every text goes through the translator of `lang` (core/i18n.py).
"""

from __future__ import annotations

from typing import Any

from ...core.i18n import Translator, msg, translate
from ...core.svg import document, el, text
from . import rules, scoring, trade_panel, words
from .box import TALL_W, Frame, below, tall_height
from .data import (
    BLOCK,
    LOT_COUNT,
    LOTS,
    MAX_SIZE,
    NEIGHBOURS,
    OUTLOOK_CARDS,
    PLAYER_COLOUR_NAMES,
    PLAYER_HEX,
    ROUNDS,
    TYPE_COUNT,
)
from .draw import (
    BH,
    BODY,
    BOX_SCALE,
    BW,
    BX,
    BY,
    GAP,
    GOLD,
    INK,
    KW,
    KX,
    KY,
    MUTED,
    OWN_H,
    OWN_SCALE,
    OWN_TALL,
    PW,
    RW,
    RX,
    SEAT_H,
    SEAT_SCALE,
    SMALL,
    C,
    H,
    W,
    clip,
    draft_attrs,
    fit,
    interactive,
    light,
    marker,
    size_badge,
    text_width,
    tile_chip,
    wrap,
)

# The names tests and older callers use.
_wrap, _clip, _fit = wrap, clip, fit
__all__ = ["render", "text_width"]

PHASE_NAMES = {
    "keep": msg("Phase 1 · land cards"),
    "trade": msg("Phase 3 · trading"),
    "place": msg("Phase 4 · placing tiles"),
    "over": msg("Game over"),
}


def _lot_xy(lot: int) -> tuple[float, float]:
    info = LOTS[lot]
    return BX + info.col * C, BY + info.row * C


def _owner_words(state: dict[str, Any], p: int, viewer: int | None, names: list[str], T: Translator) -> str:
    if p < 0:
        return T("unclaimed")
    if p == viewer:
        return T("yours")
    return T("{who} ({colour})", who=names[p], colour=T(PLAYER_COLOUR_NAMES[p]))


def _lot_label(state: dict[str, Any], lot: int, viewer: int | None, names: list[str], T: Translator) -> str:
    """'Lot 34, block 3, yours, Seafood (complete at 3)'."""
    owner = _owner_words(state, state["owner"][lot], viewer, names, T)
    t = state["tile"][lot]
    if t < 0:
        return T("Lot {lot}, block {block}, {whose}", lot=lot, block=BLOCK[lot], whose=owner)
    shop = T("{kind} (complete at {max})", kind=T(rules.types(state)[t].name), max=MAX_SIZE[t])
    return T("Lot {lot}, block {block}, {whose}, {kind}", lot=lot, block=BLOCK[lot], whose=owner, kind=shop)


def _why_token(
    state: dict[str, Any], viewer: int | None, lot: int, choices: dict[str, str | None] | None, drafting: bool
) -> str | None:
    """The token a lot would have as a target, when clicking it now does nothing but
    the viewer is to act (so the page can say why)."""
    if choices is None or viewer is None:
        return None
    phase = state["phase"]
    if phase == "keep":
        return f"keep {lot}"
    if phase == "place":
        return f"on {lot}"
    if drafting:
        return f"lot {lot}"
    return None


# ------------------------------------------------------------------------------ board
def _board(
    state: dict[str, Any],
    viewer: int | None,
    choices: dict[str, str | None] | None,
    selected: tuple[str, ...],
    draft: dict[str, Any] | None,
    drafting: bool,
    names: list[str],
    T: Translator,
) -> str:
    out = [el("rect", x=BX - 6, y=BY - 6, width=BW + 12, height=BH + 12, rx=8, fill="#b9b3a6", class_="streets")]
    # Blocks: each lot's cell padded so the cells of one block merge into one shape.
    for lot in range(1, LOT_COUNT + 1):
        x, y = _lot_xy(lot)
        out.append(el("rect", x=x - 3, y=y - 3, width=C + 6, height=C + 6, fill="#e9e2d0", class_="block-ground"))
    out.append(
        text(BX + 6 * C + 4, BY + 5.5 * C + 4.5, T("street"), font_size=SMALL, fill="#3f3a32", font_style="italic")
    )
    out.append(_legend(state, T))
    owner, tile = state["owner"], state["tile"]
    highlight_give = set(draft["give"]["lots"]) if draft and drafting else set()
    highlight_get = set(draft["get"]["lots"]) if draft and drafting else set()
    offer = state["offer"]
    if offer and viewer in (offer["from"], offer["to"]):
        highlight_give |= set(offer["give"]["lots"])
        highlight_get |= set(offer["get"]["lots"])
    mine_dealt = set(state["dealt"][viewer]) if viewer is not None and state["phase"] == "keep" else set()
    kept_mine = set(state["kept"][viewer]) if viewer is not None and state["phase"] == "keep" else set()
    complete = {lot: k for k, group in enumerate(state["complete"]) for lot in group}
    ids = rules.types(state)
    ch = choices or {}
    labels = {}
    rings = []
    for lot in range(1, LOT_COUNT + 1):
        x, y = _lot_xy(lot)
        p = owner[lot]
        fill = ("#dcd8cf" if PLAYER_COLOUR_NAMES[p] == "white" else light(PLAYER_HEX[p], 0.55)) if p >= 0 else "#fbf8f0"
        parts = [
            el(
                "rect",
                x=x + 2,
                y=y + 2,
                width=C - 4,
                height=C - 4,
                rx=3,
                fill=fill,
                stroke="#8f887a" if p < 0 else "#555",
                stroke_width=1 if p < 0 else 1.5,
                class_="lot",
            )
        ]
        t = tile[lot]
        if t >= 0:
            shop = ids[t]
            code = T(shop.code)
            parts.append(el("rect", x=x + 4, y=y + 4, width=C - 8, height=C - 8, rx=4, fill=shop.colour, class_="tile"))
            parts.append(
                text(
                    x + 17,
                    y + C - 8,
                    code,
                    text_anchor="middle",
                    font_size=fit(code, 25, 14, True),
                    font_weight="bold",
                    fill="#fff",
                    class_="tile-code",
                )
            )
            parts += size_badge(x + C - 16, y + C - 20, MAX_SIZE[t], lot in complete)
        parts.append(
            text(
                x + 5,
                y + 15,
                lot,
                font_size=SMALL,
                fill=INK if t < 0 else "#fff",
                class_="lot-number",
                font_weight="bold",
            )
        )
        if p >= 0:
            parts.append(el("g", marker(x + C - 12, y + 12, 8.5, p), class_="marker"))
        labels[lot] = _lot_label(state, lot, viewer, names, T)
        parts.append(el("title", labels[lot]))
        target = _target_token(state, lot, ch, selected, draft, drafting, viewer)
        why = None if target else _why_token(state, viewer, lot, choices, drafting)
        out.append(el("g", *parts, class_="lot-cell", data_lot=lot, data_cell=lot, data_why=why))
        ring = None
        if lot in highlight_give:
            ring = "#e07b00"
        elif lot in highlight_get:
            ring = "#1f5f8b"
        elif lot in kept_mine:
            ring = GOLD
        elif lot in mine_dealt:
            ring = "#7a7a7a"
        if ring:
            rings.append(
                el(
                    "rect",
                    x=x + 1,
                    y=y + 1,
                    width=C - 2,
                    height=C - 2,
                    rx=4,
                    fill="none",
                    stroke=ring,
                    stroke_width=3.5,
                    stroke_dasharray="6 3",
                    class_="mark",
                )
            )
    # In a group of their own, even empty: the board's own markup then stays the same
    # from one redraw to the next, and the page replaces only the groups that changed
    # (web/skyweb/patch.py).
    out.append(el("g", *rings, class_="marks"))
    out.append(_businesses(state, T))
    out.append(_targets(state, viewer, ch, selected, draft, drafting, labels, T))
    return el("g", *out, class_="board")


def _legend(state: dict[str, Any], T: Translator) -> str:
    """The shop types with their codes and sizes, in the street corner at the bottom left
    (no lot there): the tiles' codes and numbers are read here."""
    x0, y0 = BX + 2, BY + 6 * C + 4
    w, h = 6 * C - 12, 5 * C - 2
    out = [
        el("rect", x=x0, y=y0, width=w, height=h, rx=6, fill="#fbf8f0", stroke="#8f887a", class_="legend-box"),
        text(x0 + 8, y0 + 16, clip(T("Shop · tiles to complete it"), w - 16, SMALL), font_size=SMALL, fill=INK),
    ]
    y = y0 + 22
    for t, shop in enumerate(rules.types(state)):
        code = T(shop.code)
        if t and t % 3 == 0:
            out.append(el("line", x1=x0 + 6, y1=y + 0.5, x2=x0 + w - 6, y2=y + 0.5, stroke="#d8d0bf"))
        out.append(
            el(
                "g",
                el("rect", x=x0 + 4, y=y, width=w - 8, height=17, fill="none"),  # the row, for marks
                el("rect", x=x0 + 8, y=y + 1.5, width=30, height=15, rx=3, fill=shop.colour),
                text(x0 + 23, y + 13, code, text_anchor="middle", font_size=SMALL, font_weight="bold", fill="#fff"),
                text(x0 + 44, y + 13.5, clip(T(shop.name), w - 72, SMALL), font_size=SMALL, fill=INK),
                *size_badge(x0 + w - 20, y + 2, shop.max),
                class_="legend-row",
                data_shop=shop.id,
                data_cell=f"shop {shop.id}",
            )
        )
        y += 17
    return el("g", *out, class_="legend")


def _businesses(state: dict[str, Any], T: Translator) -> str:
    """Outline every business; a complete one is gold. A tile next to a complete business
    is a business of its own, so outlines follow businesses, not touching tiles."""
    out = []
    for _p, t, lots, complete in scoring.businesses(state["owner"], state["tile"], state["complete"]):
        members = set(lots)
        colour = GOLD if complete else "#222"
        width = 3.5 if complete else 2
        segs = []
        for lot in lots:
            x, y = _lot_xy(lot)
            info = LOTS[lot]
            near = {(LOTS[m].row - info.row, LOTS[m].col - info.col) for m in NEIGHBOURS[lot] if m in members}
            if (-1, 0) not in near:
                segs.append(f"M{x + 1} {y + 1}H{x + C - 1}")
            if (1, 0) not in near:
                segs.append(f"M{x + 1} {y + C - 1}H{x + C - 1}")
            if (0, -1) not in near:
                segs.append(f"M{x + 1} {y + 1}V{y + C - 1}")
            if (0, 1) not in near:
                segs.append(f"M{x + C - 1} {y + 1}V{y + C - 1}")
        if len(lots) > 1 or complete:
            out.append(
                el(
                    "path",
                    d="".join(segs),
                    fill="none",
                    stroke=colour,
                    stroke_width=width,
                    stroke_linecap="round",
                    class_="business" + (" complete" if complete else ""),
                )
            )
        if complete:
            # The first lot's gold size square says it in words (the outline says it in colour).
            x, y = _lot_xy(lots[0])
            out.append(
                el(
                    "g",
                    el("rect", x=x + C - 16, y=y + C - 20, width=12, height=14, rx=2.5, fill="none"),
                    el("title", T("Complete business ({n} tiles, max {max})", n=len(lots), max=MAX_SIZE[t])),
                    class_="complete-mark",
                )
            )
    return el("g", *out, class_="businesses")


def _target_token(
    state: dict[str, Any],
    lot: int,
    choices: dict[str, str | None],
    selected: tuple[str, ...],
    draft: dict[str, Any] | None,
    drafting: bool,
    viewer: int | None,
) -> str | None:
    phase = state["phase"]
    if phase == "keep":
        token = f"keep {lot}"
    elif phase == "place":
        token = f"on {lot}"
    elif drafting and state["owner"][lot] >= 0:
        p = state["owner"][lot]
        return f"lot {lot}" if p == viewer or draft is None or draft.get("to") in (None, p) else None
    else:
        return None
    return token if token in choices or token in selected else None


def _targets(
    state: dict[str, Any],
    viewer: int | None,
    choices: dict[str, str | None],
    selected: tuple[str, ...],
    draft: dict[str, Any] | None,
    drafting: bool,
    labels: dict[int, str],
    T: Translator,
) -> str:
    """Clickable lots: land cards to keep, lots to place on, lots to add to an offer."""
    out = []
    phase = state["phase"]
    for lot in range(1, LOT_COUNT + 1):
        token = _target_token(state, lot, choices, selected, draft, drafting, viewer)
        if token is None:
            continue
        if phase == "keep":
            attrs = interactive(token, choices, selected)
            label = T("Keep this land card: {number}", number=labels[lot])
        elif phase == "place":
            attrs = interactive(token, choices, selected)
            label = T("Place a tile here: {number}", number=labels[lot])
        else:
            attrs = draft_attrs(token)
            label = (
                T("Offer: {number}", number=labels[lot])
                if state["owner"][lot] == viewer
                else T("Ask for: {number}", number=labels[lot])
            )
        x, y = _lot_xy(lot)
        cls = attrs.pop("class_", "")
        stroke = {"chosen": GOLD, "draft": "#00000000"}.get(cls, "#1f5f8b")
        out.append(
            el(
                "rect",
                x=x + 1,
                y=y + 1,
                width=C - 2,
                height=C - 2,
                rx=4,
                fill="#ffe066",
                fill_opacity=0.0 if cls == "draft" else 0.3,
                stroke=stroke,
                stroke_width=3,
                role="button",
                tabindex=0,
                aria_label=label,
                class_=f"target {cls}".strip(),
                **attrs,
            )
        )
    return el("g", *out, class_="targets")


# ------------------------------------------------------------------------- players
def _chip_layout(n: int, width: float, rows: int) -> tuple[int, float]:
    """(chips per row, chip width) for `n` tile chips in `rows` rows of `width`."""
    per_row = max(-(-n // rows), min(n, int((width + 2) // 42)), 1)
    per_row = max(1, min(per_row, int((width + 2) // 28)))
    return per_row, min(40.0, (width + 2) / per_row - 2)


def _panel(
    state: dict[str, Any],
    p: int,
    y0: float,
    height: float,
    viewer: int | None,
    choices: dict[str, str | None],
    selected: tuple[str, ...],
    names: list[str],
    T: Translator,
    x0: float = RX,
    width: float = RW,
) -> str:
    phase = state["phase"]
    mover = rules.mover(state) if phase != "over" else -1
    active = mover == p
    out = [
        el(
            "rect",
            x=x0,
            y=y0,
            width=width,
            height=height,
            rx=8,
            fill="#fff7d6" if active else "#f4f2ec",
            stroke=GOLD if active else "#cfc8b8",
            stroke_width=3 if active else 1,
            class_="panel" + (" active" if active else ""),
        )
    ]
    out.append(marker(x0 + 14, y0 + 14, 9.5, p, seat=True))
    start = state["start"] == p and phase != "over"
    badge = T("start")
    badge_w = text_width(badge, SMALL) + 10
    room = width - 32 - (badge_w + 10 if start else 4)
    out.append(
        text(
            x0 + 29,
            y0 + 19,
            clip(names[p], room, BODY, True),
            font_size=BODY,
            font_weight="bold",
            fill=INK,
            class_="seat-name",
        )
    )
    if start:
        out.append(
            el(
                "g",
                el("rect", x=x0 + width - 6 - badge_w, y=y0 + 5, width=badge_w, height=17, rx=3, fill="#222"),
                text(x0 + width - 6 - badge_w / 2, y0 + 18, badge, text_anchor="middle", font_size=SMALL, fill="#fff"),
                el("title", T("chinatown|Start player this round")),
                class_="start-marker",
            )
        )
    money = state["money"][p]
    shown = translate(words.dollars(money), T.lang) if money >= 0 else T("$ secret")
    out.append(text(x0 + 10, y0 + 38, shown, font_size=BODY, fill=INK, class_="money", font_weight="bold"))
    status = clip(_status(state, p, T), width - 24 - text_width(shown, BODY, True), SMALL)
    out.append(text(x0 + width - 8, y0 + 38, status, font_size=SMALL, fill=MUTED, text_anchor="end", class_="status"))
    y = y0 + 45
    if phase == "keep":
        cards = state["dealt"][p]
        kept = state["kept"][p]
        if cards and cards[0] != 0:
            cw = min(30.0, (width - 16) / max(len(cards), 1) - 2)
            for i, lot in enumerate(cards):
                attrs = interactive(f"keep {lot}", choices, selected) if viewer == p else {}
                cls = attrs.pop("class_", "")
                is_kept = lot in kept
                fill = "#fff1b8" if cls == "chosen" or is_kept else "#fffdf5"
                stroke = {"chosen": GOLD, "choice": "#1f5f8b"}.get(cls, "#777")
                label = T("Land card {number} (kept)", number=lot) if is_kept else T("Land card {number}", number=lot)
                extra = {"role": "button", "tabindex": 0, "aria_label": label} if attrs else {}
                cx = x0 + 8 + i * (cw + 2)
                out.append(
                    el(
                        "g",
                        el(
                            "rect",
                            x=cx,
                            y=y,
                            width=cw,
                            height=26,
                            rx=3,
                            fill=fill,
                            stroke=stroke,
                            stroke_width=2.5 if cls else 1,
                        ),
                        text(
                            cx + cw / 2,
                            y + 17.5,
                            lot,
                            text_anchor="middle",
                            font_size=SMALL,
                            font_weight="bold",
                            fill=INK,
                        ),
                        el("title", label),
                        class_=f"land-card {cls}".strip(),
                        data_cell=f"card {lot}",
                        **attrs,
                        **extra,
                    )
                )
        elif cards:
            out.append(text(x0 + 10, y + 16, T("{n} land cards (secret)", n=len(cards)), font_size=SMALL, fill=MUTED))
        y += 30
    hand = state["hands"][p]
    held = [t for t in range(TYPE_COUNT) if hand[t]]
    if not held:
        out.append(text(x0 + 10, y + 16, T("no tiles in hand"), font_size=SMALL, fill=MUTED, font_style="italic"))
    rows = max(1, int((y0 + height - 2 - y + 2) // 30))
    per_row, cw = _chip_layout(len(held), width - 16, rows)
    ids = rules.types(state)
    for i, t in enumerate(held):
        attrs = interactive(f"tile {ids[t].id}", choices, selected) if phase == "place" and viewer == p else {}
        row, col = divmod(i, per_row)
        title = T("{kind} (complete at {max}): {n} in hand", kind=T(ids[t].name), max=ids[t].max, n=hand[t])
        out.append(
            tile_chip(
                x0 + 8 + col * (cw + 2),
                y + row * 30,
                cw,
                ids[t],
                f"×{hand[t]}",
                attrs,
                title,
                T,
                cell=f"hand {p + 1} {ids[t].id}",
            )
        )
    return el("g", *out, class_="seat", data_player=p, data_cell=f"player {p + 1}")


def _status(state: dict[str, Any], p: int, T: Translator) -> str:
    phase = state["phase"]
    if phase == "keep":
        return T("chosen") if state["kept"][p] else (T("choosing") if state["turn"] == p else T("to choose"))
    if phase == "trade":
        if state["offer"] and state["offer"]["to"] == p:
            return T("answering")
        if state["done"][p]:
            return T("done trading")
        left = state["offers_left"][p]
        return T("1 offer left") if left == 1 else T("{n} offers left", n=left)
    if phase == "place":
        return T("placing") if state["turn"] == p else ""
    return ""


# ---------------------------------------------------------------------- above the board
def _header(state: dict[str, Any], T: Translator) -> str:
    phase = state["phase"]
    edition = state["options"]["edition"]
    street = state["options"]["street_variant"]
    # No title: the page's header names the game, and the aria-label says it here.
    round_line = T("chinatown|Round {n} of {total}", n=min(state["round"], ROUNDS), total=ROUNDS)
    if street:
        round_line = T("{label} · street variant", label=round_line)
    phase_name = translate(PHASE_NAMES[phase], T.lang)
    out = [
        text(BX, 18, round_line, font_size=BODY, font_weight="bold", fill=INK, class_="round"),
        text(BX, 35, phase_name, font_size=SMALL, fill=MUTED, class_="phase"),
    ]
    left = BX + 12 + max(text_width(round_line, BODY, True), text_width(phase_name, SMALL))
    if edition != "alea":
        note = T("Z-Man edition: no outlook cards, money ×10")
        out.append(text(BX + BW, 27, note, font_size=SMALL, fill=MUTED, text_anchor="end"))
        return el("g", *out, class_="header")
    cw = 62
    x = BX + BW - 6 * (cw + 4) + 4
    unit = words.dollars(1000 * rules.scale(state))
    room = x - 8 - left
    out.append(
        text(
            x - 8,
            17,
            clip(T("Outlook: +{amount}", amount=unit), room, SMALL, True),
            font_size=SMALL,
            fill=INK,
            text_anchor="end",
            font_weight="bold",
        )
    )
    out.append(
        text(
            x - 8,
            33,
            clip(T("per tile of shops of size:"), room, SMALL),
            font_size=SMALL,
            fill=MUTED,
            text_anchor="end",
        )
    )
    down = len(state["outlook"])
    for i in range(ROUNDS):
        cx = x + i * (cw + 4)
        card = state["revealed"][i] if i < len(state["revealed"]) else -1
        tag = T("chinatown|Round {n}", n=i + 1)
        tag_size = fit(tag, cw - 4, SMALL)
        if card == -1:
            out.append(
                el(
                    "g",
                    el(
                        "rect",
                        x=cx,
                        y=3,
                        width=cw,
                        height=34,
                        rx=4,
                        fill="#e2ddcf",
                        stroke="#a9a290",
                        stroke_dasharray="3 2",
                    ),
                    text(cx + cw / 2, 16, tag, text_anchor="middle", font_size=tag_size, fill="#4f535a"),
                    text(cx + cw / 2, 32, "?", text_anchor="middle", font_size=SMALL, fill="#4f535a"),
                    el("title", T("Round {n}: not revealed yet ({down} face down)", n=i + 1, down=down)),
                    class_="outlook-card hidden",
                    data_cell=f"outlook {i + 1}",
                )
            )
            continue
        sizes = OUTLOOK_CARDS[card] if card is not None else ()
        label = " & ".join(map(str, sizes)) if sizes else T("none")
        out.append(
            el(
                "g",
                el(
                    "rect",
                    x=cx,
                    y=3,
                    width=cw,
                    height=34,
                    rx=4,
                    fill="#fff1b8" if sizes else "#ece9e1",
                    stroke="#b39500" if sizes else "#bbb",
                ),
                text(cx + cw / 2, 16, tag, text_anchor="middle", font_size=tag_size, fill="#4f535a"),
                text(
                    cx + cw / 2,
                    32,
                    clip(label, cw - 4, SMALL, True),
                    text_anchor="middle",
                    font_size=SMALL,
                    font_weight="bold",
                    fill=INK,
                ),
                el(
                    "title",
                    T(
                        "Round {n}: {effect}",
                        n=i + 1,
                        effect=translate(words.outlook(card, rules.scale(state)), T.lang),
                    ),
                ),
                class_="outlook-card",
                data_cell=f"outlook {i + 1}",
            )
        )
    return el("g", *out, class_="header")


def _portrait_seats(
    state: dict[str, Any],
    viewer: int | None,
    choices: dict[str, str | None],
    selected: tuple[str, ...],
    names: list[str],
    T: Translator,
    box_tall: float,
) -> tuple[str, list[str], float]:
    """The own seat (under the map), the others (under the phase's box, one a row) and
    the drawing's height; the phase's box (`box_tall` high) goes between them. Each seat
    is its panel drawn at a narrower width and scaled up to the map's (see draw.PW)."""
    n = state["players"]
    own = viewer if viewer is not None else (rules.mover(state) if state["phase"] != "over" else 0)

    def scaled(q: int, y: float, height: float, k: float) -> str:
        panel = _panel(state, q, 0, height, viewer, choices, selected, names, T, 0, KW / k)
        return el("g", panel, transform=f"translate({KX},{y:g}) scale({k:g})")

    first = scaled(own, KY, OWN_H, OWN_SCALE)
    top = KY + OWN_TALL + GAP + box_tall + GAP
    pitch = SEAT_H * SEAT_SCALE + 6
    seats = [scaled((own + k) % n, top + (k - 1) * pitch, SEAT_H, SEAT_SCALE) for k in range(1, n)]
    return first, seats, round(top + (n - 1) * pitch + 4, 2)  # as the viewBox writes it


def render(
    state: dict[str, Any],
    viewer: int | None = None,
    *,
    choices: dict[str, str | None] | None = None,
    selected: tuple[str, ...] | list[str] = (),
    names: list[str] | None = None,
    draft: dict[str, Any] | None = None,
    lang: str = "en",
    portrait: bool = False,
) -> str:
    """SVG for a (viewed) state. `choices` come from core.game.choices for the viewer;
    `draft` is the viewer's trade panel state (trade_panel.py); `lang` the language;
    `portrait` stacks the drawing for a tall, narrow screen (see draw.PW)."""
    T = Translator(lang)
    selected = tuple(selected)
    names = [str(n) for n in names] if names else [T("Player {n}", n=i + 1) for i in range(state["players"])]
    ch = choices or {}
    drafting = (
        state["phase"] == "trade"
        and not state["offer"]
        and viewer is not None
        and state["turn"] == viewer
        and choices is not None
        and not state["done"][viewer]
    )
    d = trade_panel.normal(draft) if drafting else None
    n = state["players"]
    if portrait:
        frame = Frame(0, 0, TALL_W, tall_height(n, state["phase"], drafting), tall=True)
        box = below(state, viewer, choices, d, names, drafting, T, frame)
        own, others, height = _portrait_seats(state, viewer, ch, selected, names, T, frame.h * BOX_SCALE)
        width = PW
        # Document order is reading and tab order: map, own seat, phase's box, the others.
        placed = f"translate({KX},{KY + OWN_TALL + GAP:g}) scale({BOX_SCALE:g})"
        parts = [own, el("g", box, transform=placed), *others]
    else:
        box = below(state, viewer, choices, d, names, drafting, T)
        width, height = W, H
        ph = (H - (BY - 6) - 8 - 5 * (n - 1)) / n
        parts = [_panel(state, p, BY - 6 + p * (ph + 5), ph, viewer, ch, selected, names, T) for p in range(n)]
        parts.append(box)
    body = [
        el("rect", x=0, y=0, width=width, height=height, fill="#fbfaf6", class_="bg"),
        _header(state, T),
        _board(state, viewer, choices, selected, d, drafting, names, T),
        *parts,
    ]
    info = T(
        "Chinatown board, round {n} of {total}, {step}",
        n=min(state["round"], ROUNDS),
        total=ROUNDS,
        step=translate(PHASE_NAMES[state["phase"]], T.lang),
    )
    # A group, not an image: it holds buttons (an image's children are not reachable). The
    # page's sans-serif and the language (it picks Traditional or Simplified glyphs) are
    # set here too, so a standalone SVG (render --lang) looks the same.
    return document(
        width,
        height,
        *body,
        class_="chinatown-board portrait" if portrait else "chinatown-board",
        role="group",
        aria_label=info,
        lang=T.lang,
        font_family="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif",
    )
