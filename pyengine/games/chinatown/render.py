"""Chinatown board as SVG text: a pure function of (view, viewer, choices, draft, lang).

Like chess.svg.board: no DOM, testable in CPython. Clickable elements follow the UI
testing contract: ``data-move`` when a click completes a legal move, ``data-step`` when
it picks one part of a move, ``data-unselect`` for a part already picked. The trade
panel's building clicks carry ``data-draft`` (UI state, see trade_panel.py); its send
button carries ``data-move`` with the whole offer. Every clickable element is also a
keyboard button (role, tabindex) with an accessible name.

Layout: the 85 lots on their 11x17 grid (streets are the empty cells) with the round and
the outlook cards above; the players' panels in a column on the right; under the board a
box with what the phase needs: the trade panel, an offer to answer, or the last income.
In portrait (a phone held upright) the seats go under the map instead: the own seat, the
box, then the others.

Every text goes through the translator of `lang` (core/i18n.py). Text widths are
estimated (CJK characters are twice as wide as Latin ones) so that labels fit, long
lines wrap and buttons grow to their label in every language.
"""
from __future__ import annotations

import unicodedata
from functools import lru_cache
from typing import Any

from ...core.i18n import Translator, msg, translate
from ...core.svg import clickable, document, el, text
from . import rules, scoring, trade_panel, words
from .data import (
    BLOCK,
    GRID_COLS,
    GRID_ROWS,
    LOTS,
    LOT_COUNT,
    MAX_SIZE,
    NEIGHBOURS,
    OUTLOOK_CARDS,
    PLAYER_COLOUR_NAMES,
    PLAYER_HEX,
    ROUNDS,
    TYPE_COUNT,
)

C = 46  # grid cell
BX, BY = 16, 44  # board origin (the title row is above it)
BW, BH = GRID_COLS * C, GRID_ROWS * C
RX = BX + BW + 16  # the players' column, right of the board
RW = 214
W = RX + RW + 10
KY = BY + BH + 14  # the phase's box under the board: trade panel, offer, income
KX, KW = BX - 6, BW + 12
KH = 262
H = KY + KH + 10
# Portrait (a phone held upright): the map across the whole width, the seat whose hand
# this is right under it at that width (its tap targets in the first screenful), then
# the phase's box, then the other seats in rows. Heights are fixed (the page then
# replaces only the groups that changed, web/skyweb/patch.py): the own seat fits land
# cards and every tile type in one row, the others land cards and two rows of tiles
# (they are at least RW wide).
PW = BX + BW + BX
OWN_H = 108
SEAT_H = 136
GAP = 8
INK = "#23262d"
MUTED = "#6b6f78"
GOLD = "#e0a800"
PHASE_NAMES = {"keep": msg("Phase 1 · land cards"), "trade": msg("Phase 3 · trading"),
               "place": msg("Phase 4 · placing tiles"), "over": msg("Game over")}


# --------------------------------------------------------------------------- text fit
def _em(ch: str, bold: bool) -> float:
    """Advance of one character in ems, measured on DejaVu Sans (a wide system-ui), so
    text fits with the narrower fonts of other systems too."""
    if unicodedata.east_asian_width(ch) in "WF":
        return 1.0
    if ch in " il.,:;'|!()[]":
        wide = 0.34
    elif ch in "mw$%@MW":
        wide = 0.9
    elif ch.isupper():
        wide = 0.7
    elif ch.isdigit():
        wide = 0.64
    else:
        wide = 0.6
    return wide * (1.12 if bold else 1.0)


def text_width(s: str, size: float, bold: bool = False) -> float:
    return _ems(s, bold) * size


@lru_cache(maxsize=4096)
def _ems(s: str, bold: bool) -> float:
    """The text's width in ems (the same labels come back at every redraw)."""
    return sum(_em(c, bold) for c in s)


def _clip(s: str, width: float, size: float, bold: bool = False) -> str:
    """`s`, cut with an ellipsis to fit `width` pixels."""
    if text_width(s, size, bold) <= width:
        return s
    while s and text_width(s + "…", size, bold) > width:
        s = s[:-1]
    return s.rstrip() + "…"


def _fit(s: str, width: float, size: float, bold: bool = False, smallest: float = 6.5) -> float:
    """The font size (at most `size`) at which `s` fits `width` pixels."""
    natural = text_width(s, 1.0, bold)
    return max(smallest, min(size, round(width / natural, 1))) if natural else size


_NO_LINE_START = set("，。；：、）」』！？,.;:)!?%")


def _tokens(s: str) -> list[str]:
    """Words of Latin text (with their trailing space) and single CJK characters, so
    Chinese wraps between any two characters but never before its punctuation."""
    out: list[str] = []
    word = ""
    for ch in s:
        wide = unicodedata.east_asian_width(ch) in "WF"
        if wide or ch == " ":
            if word:
                out.append(word)
                word = ""
            if ch == " ":
                if out:
                    out[-1] += " "
                continue
            if ch in _NO_LINE_START and out:
                out[-1] += ch
            else:
                out.append(ch)
        elif ch in _NO_LINE_START and not word and out:
            out[-1] += ch
        else:
            word += ch
    if word:
        out.append(word)
    return out


def _wrap(s: str, width: float, size: float) -> list[str]:
    lines: list[str] = []
    line = ""
    for token in _tokens(s):
        if line and text_width((line + token).rstrip(), size) > width:
            lines.append(line.rstrip())
            line = token
        else:
            line += token
    if line.strip():
        lines.append(line.rstrip())
    return lines


# ------------------------------------------------------------------------------ pieces
def _lot_xy(lot: int) -> tuple[float, float]:
    info = LOTS[lot]
    return BX + info.col * C, BY + info.row * C


def _light(hex_colour: str, amount: float = 0.7) -> str:
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    mix = lambda v: int(v + (255 - v) * amount)  # noqa: E731
    return f"#{mix(r):02x}{mix(g):02x}{mix(b):02x}"


def _marker(cx: float, cy: float, r: float, p: int, size: float) -> str:
    """A player's marker: their colour and, as a second cue, their seat number."""
    return (el("circle", cx=cx, cy=cy, r=r, fill=PLAYER_HEX[p], stroke="#333", stroke_width=1)
            + text(cx, cy + size * 0.36, p + 1, text_anchor="middle", font_size=size, font_weight="bold",
                   fill="#111", class_="seat-number"))


def _interactive(token: str, choices: dict[str, str | None], selected: tuple[str, ...]) -> dict[str, Any]:
    if token in selected:
        return {"data_unselect": token, "class_": "chosen"}
    return clickable(choices, token)


def _button_width(label: str, w: float, size: int = 12) -> float:
    return max(w, text_width(label, size, True) + 16)


def _button(x: float, y: float, w: float, h: float, label: str, attrs: dict[str, Any], *,
            fill: str = "#1f5f8b", ink: str = "#fff", title: str = "", size: int = 12) -> str:
    """A clickable rounded button, as wide as its label needs (at least `w`); `attrs`
    carries data-move / data-draft (or nothing: disabled)."""
    live = bool(attrs)
    w = _button_width(label, w, size)
    cls = "button" + (" " + attrs.pop("class_") if "class_" in attrs else "") + ("" if live else " disabled")
    extra = {"role": "button", "tabindex": 0, "aria_label": title or label} if live else {}
    return el("g",
              el("rect", x=x, y=y, width=w, height=h, rx=5, fill=fill if live else "#d5d2cb",
                 stroke="#00000033"),
              text(x + w / 2, y + h / 2 + size * 0.36, label, text_anchor="middle", font_size=size,
                   fill=ink if live else "#8a8780", font_weight="bold"),
              el("title", title or label),
              class_=cls, **attrs, **extra)


def _draft_attrs(token: str) -> dict[str, Any]:
    return {"data_draft": token, "class_": "draft"}


def _lot_label(state: dict[str, Any], lot: int, viewer: int | None, names: list[str], T: Translator) -> str:
    """'Lot 34, block 3, yours, Seafood (complete at 3)'."""
    p, t = state["owner"][lot], state["tile"][lot]
    if p < 0:
        owner = T("unclaimed")
    elif p == viewer:
        owner = T("yours")
    else:
        owner = T("{player} ({colour})", player=names[p], colour=T(PLAYER_COLOUR_NAMES[p]))
    if t < 0:
        return T("Lot {lot}, block {block}, {owner}", lot=lot, block=BLOCK[lot], owner=owner)
    shop = T("{shop} (complete at {max})", shop=T(rules.types(state)[t].name), max=MAX_SIZE[t])
    return T("Lot {lot}, block {block}, {owner}, {shop}", lot=lot, block=BLOCK[lot], owner=owner, shop=shop)


# ------------------------------------------------------------------------------ board
def _board(state: dict[str, Any], viewer: int | None, choices: dict[str, str | None],
           selected: tuple[str, ...], draft: dict[str, Any] | None, drafting: bool, names: list[str],
           T: Translator) -> str:
    out = [el("rect", x=BX - 6, y=BY - 6, width=BW + 12, height=BH + 12, rx=8, fill="#b9b3a6", class_="streets")]
    # Blocks: each lot's cell padded so the cells of one block merge into one shape.
    for lot in range(1, LOT_COUNT + 1):
        x, y = _lot_xy(lot)
        out.append(el("rect", x=x - 3, y=y - 3, width=C + 6, height=C + 6, fill="#e9e2d0", class_="block-ground"))
    out.append(text(BX + 4, BY + 5.5 * C + 4, T("street"), font_size=10, fill="#4f4a40", font_style="italic"))
    owner, tile = state["owner"], state["tile"]
    highlight_give = set(draft["give"]["lots"]) if draft and drafting else set()
    highlight_get = set(draft["get"]["lots"]) if draft and drafting else set()
    offer = state["offer"]
    if offer and viewer in (offer["from"], offer["to"]):
        highlight_give |= set(offer["give"]["lots"])
        highlight_get |= set(offer["get"]["lots"])
    mine_dealt = set(state["dealt"][viewer]) if viewer is not None and state["phase"] == "keep" else set()
    kept_mine = set(state["kept"][viewer]) if viewer is not None and state["phase"] == "keep" else set()
    ids = rules.types(state)
    labels = {}
    rings = []
    for lot in range(1, LOT_COUNT + 1):
        x, y = _lot_xy(lot)
        p = owner[lot]
        fill = ("#dcd8cf" if PLAYER_COLOUR_NAMES[p] == "white" else _light(PLAYER_HEX[p], 0.55)) if p >= 0 \
            else "#fbf8f0"
        parts = [el("rect", x=x + 2, y=y + 2, width=C - 4, height=C - 4, rx=3, fill=fill,
                    stroke="#8f887a" if p < 0 else "#555", stroke_width=1 if p < 0 else 1.5, class_="lot")]
        t = tile[lot]
        if t >= 0:
            shop = ids[t]
            code = T(shop.code)
            parts.append(el("rect", x=x + 6, y=y + 8, width=C - 12, height=C - 14, rx=4, fill=shop.colour,
                            class_="tile"))
            parts.append(text(x + C / 2, y + C / 2 + 6, code, text_anchor="middle", font_size=_fit(code, C - 16, 14, True),
                              font_weight="bold", fill="#fff", class_="tile-code"))
            parts.append(text(x + C - 9, y + C - 9, MAX_SIZE[t], text_anchor="middle", font_size=8, fill="#fff"))
        parts.append(text(x + 5, y + 12, lot, font_size=9.5, fill=INK if t < 0 else "#fff", class_="lot-number",
                          font_weight="bold" if t < 0 else None))
        if p >= 0:
            parts.append(el("g", _marker(x + C - 9, y + 9.5, 7, p, 9), class_="marker"))
        labels[lot] = _lot_label(state, lot, viewer, names, T)
        parts.append(el("title", labels[lot]))
        out.append(el("g", *parts, class_="lot-cell", data_lot=lot))
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
            rings.append(el("rect", x=x + 1, y=y + 1, width=C - 2, height=C - 2, rx=4, fill="none", stroke=ring,
                          stroke_width=3.5, stroke_dasharray="6 3", class_="mark"))
    # In a group of their own, even empty: the board's own markup then stays the same
    # from one redraw to the next, and the page replaces only the groups that changed
    # (web/skyweb/patch.py).
    out.append(el("g", *rings, class_="marks"))
    out.append(_businesses(state, T))
    out.append(_targets(state, viewer, choices, selected, draft, drafting, labels, T))
    return el("g", *out, class_="board")


def _businesses(state: dict[str, Any], T: Translator) -> str:
    """Outline every business; a complete one is gold with a star. A tile next to a complete
    business is a business of its own, so outlines follow businesses, not touching tiles."""
    out = []
    for p, t, lots, complete in scoring.businesses(state["owner"], state["tile"], state["complete"]):
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
            out.append(el("path", d="".join(segs), fill="none", stroke=colour, stroke_width=width,
                          stroke_linecap="round", class_="business" + (" complete" if complete else "")))
        if complete:
            x, y = _lot_xy(lots[0])
            out.append(el("g", el("circle", cx=x + 9, cy=y + C - 9, r=7, fill=GOLD, stroke="#7a5b00"),
                          text(x + 9, y + C - 5.5, "★", text_anchor="middle", font_size=9, fill="#3a2a00"),
                          el("title", T("Complete business ({n} tiles, max {max})", n=len(lots), max=MAX_SIZE[t])),
                          class_="complete-mark"))
    return el("g", *out, class_="businesses")


def _targets(state: dict[str, Any], viewer: int | None, choices: dict[str, str | None],
             selected: tuple[str, ...], draft: dict[str, Any] | None, drafting: bool, labels: dict[int, str],
             T: Translator) -> str:
    """Clickable lots: land cards to keep, lots to place on, lots to add to an offer."""
    out = []
    phase = state["phase"]
    for lot in range(1, LOT_COUNT + 1):
        attrs: dict[str, Any] = {}
        label = ""
        if phase == "keep":
            attrs = _interactive(f"keep {lot}", choices, selected)
            label = T("Keep this land card: {lot}", lot=labels[lot])
        elif phase == "place":
            attrs = _interactive(f"lot {lot}", choices, selected)
            label = T("Place a tile here: {lot}", lot=labels[lot])
        elif drafting and state["owner"][lot] >= 0:
            p = state["owner"][lot]
            if p == viewer or draft is None or draft.get("to") in (None, p):
                attrs = _draft_attrs(f"lot {lot}")
                label = T("Offer: {lot}", lot=labels[lot]) if p == viewer else T("Ask for: {lot}", lot=labels[lot])
        if not attrs:
            continue
        x, y = _lot_xy(lot)
        cls = attrs.pop("class_", "")
        stroke = {"chosen": GOLD, "draft": "#00000000"}.get(cls, "#1f5f8b")
        out.append(el("rect", x=x + 1, y=y + 1, width=C - 2, height=C - 2, rx=4, fill="#ffe066",
                      fill_opacity=0.0 if cls == "draft" else 0.3, stroke=stroke, stroke_width=3,
                      role="button", tabindex=0, aria_label=label, class_=f"target {cls}".strip(), **attrs))
    return el("g", *out, class_="targets")


# ------------------------------------------------------------------------- players
def _tile_chip(x: float, y: float, state: dict[str, Any], t: int, label_text: str, attrs: dict[str, Any],
               title: str, T: Translator) -> str:
    shop = rules.types(state)[t]
    code = T(shop.code)
    cls = attrs.pop("class_", "")
    ring = {"chosen": (GOLD, 3), "choice": ("#111", 2)}.get(cls, ("#00000033", 1))
    extra = {"role": "button", "tabindex": 0, "aria_label": title} if attrs else {}
    return el("g",
              el("rect", x=x, y=y, width=31, height=25, rx=4, fill=shop.colour, stroke=ring[0], stroke_width=ring[1]),
              text(x + 15.5, y + 11, code, text_anchor="middle", font_size=_fit(code, 27, 10.5, True), font_weight="bold",
                   fill="#fff"),
              text(x + 15.5, y + 22, label_text, text_anchor="middle", font_size=9, fill="#fff"),
              el("title", title),
              class_=f"hand-tile {cls}".strip(), data_shop=shop.id, **attrs, **extra)


def _panel(state: dict[str, Any], p: int, y0: float, height: float, viewer: int | None,
           choices: dict[str, str | None], selected: tuple[str, ...], names: list[str], T: Translator,
           x0: float = RX, width: float = RW) -> str:
    phase = state["phase"]
    mover = rules.mover(state) if phase != "over" else -1
    active = mover == p
    out = [el("rect", x=x0, y=y0, width=width, height=height, rx=8,
              fill="#fff7d6" if active else "#f4f2ec", stroke=GOLD if active else "#cfc8b8",
              stroke_width=3 if active else 1, class_="panel" + (" active" if active else ""))]
    out.append(_marker(x0 + 14, y0 + 15, 8.5, p, 10))
    start = state["start"] == p and phase != "over"
    badge = T("start")
    badge_w = text_width(badge, 10) + 10
    room = width - 30 - (badge_w + 10 if start else 4)
    out.append(text(x0 + 28, y0 + 19, _clip(names[p], room, 12.5, True), font_size=12.5, font_weight="bold",
                    fill=INK, class_="seat-name"))
    if start:
        out.append(el("g", el("rect", x=x0 + width - 6 - badge_w, y=y0 + 6, width=badge_w, height=15, rx=3,
                              fill="#222"),
                      text(x0 + width - 6 - badge_w / 2, y0 + 17, badge, text_anchor="middle", font_size=10,
                           fill="#fff"),
                      el("title", T("Start player this round")), class_="start-marker"))
    money = state["money"][p]
    shown = words.dollars(money) if money >= 0 else T("$ secret")
    out.append(text(x0 + 10, y0 + 37, shown, font_size=13, fill=INK, class_="money", font_weight="bold"))
    status = _clip(_status(state, p, T), width - 24 - text_width(shown, 13, True), 10.5)
    out.append(text(x0 + width - 8, y0 + 37, status, font_size=10.5, fill=MUTED, text_anchor="end",
                    class_="status"))
    y = y0 + 45
    if phase == "keep":
        cards = state["dealt"][p]
        kept = state["kept"][p]
        if cards and cards[0] != 0:
            cw = min(26.0, (width - 16) / max(len(cards), 1) - 2)
            for i, lot in enumerate(cards):
                attrs = _interactive(f"keep {lot}", choices, selected) if viewer == p else {}
                cls = attrs.pop("class_", "")
                is_kept = lot in kept
                fill = "#fff1b8" if cls == "chosen" or is_kept else "#fffdf5"
                stroke = {"chosen": GOLD, "choice": "#1f5f8b"}.get(cls, "#777")
                label = T("Land card {lot} (kept)", lot=lot) if is_kept else T("Land card {lot}", lot=lot)
                extra = {"role": "button", "tabindex": 0, "aria_label": label} if attrs else {}
                cx = x0 + 8 + i * (cw + 2)
                out.append(el("g", el("rect", x=cx, y=y, width=cw, height=30, rx=3, fill=fill, stroke=stroke,
                                      stroke_width=2.5 if cls else 1),
                              text(cx + cw / 2, y + 19, lot, text_anchor="middle", font_size=11, font_weight="bold",
                                   fill=INK),
                              el("title", label),
                              class_=f"land-card {cls}".strip(), **attrs, **extra))
        elif cards:
            out.append(text(x0 + 10, y + 14, T("{n} land cards (secret)", n=len(cards)), font_size=10.5,
                            fill=MUTED))
        y += 36
    hand = state["hands"][p]
    held = [t for t in range(TYPE_COUNT) if hand[t]]
    if not held:
        out.append(text(x0 + 10, y + 14, T("no tiles in hand"), font_size=10.5, fill=MUTED, font_style="italic"))
    per_row = max(1, int((width - 12) // 34))
    ids = rules.types(state)
    for i, t in enumerate(held):
        attrs = _interactive(f"tile {ids[t].id}", choices, selected) if phase == "place" and viewer == p else {}
        row, col = divmod(i, per_row)
        if y + row * 28 + 25 > y0 + height - 2:
            break
        title = T("{shop} (complete at {max}): {n} in hand", shop=T(ids[t].name), max=ids[t].max, n=hand[t])
        out.append(_tile_chip(x0 + 8 + col * 34, y + row * 28, state, t, f"×{hand[t]}", attrs, title, T))
    return el("g", *out, class_="seat", data_player=p)


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
    out = [text(BX, 27, T("Chinatown"), font_size=19, font_weight="bold", fill=INK),
           text(BX + 128, 20, T("Round {n} of {total}", n=min(state["round"], ROUNDS), total=ROUNDS), font_size=13,
                font_weight="bold", fill=INK, class_="round"),
           text(BX + 128, 35, translate(PHASE_NAMES[phase], T.lang), font_size=11, fill=MUTED, class_="phase")]
    edition = state["options"]["edition"]
    street = state["options"]["street_variant"]
    if edition != "alea":
        note = T("Z-Man edition: no outlook cards, money ×10 · street variant") if street \
            else T("Z-Man edition: no outlook cards, money ×10")
        out.append(text(BX + BW, 27, note, font_size=11, fill=MUTED, text_anchor="end"))
        return el("g", *out, class_="header")
    x = BX + BW - 6 * 54
    out.append(text(x - 8, 20, T("Outlook"), font_size=11, fill=MUTED, text_anchor="end", font_weight="bold"))
    down = len(state["outlook"])
    out.append(text(x - 8, 34, T("{n} face down · street variant", n=down) if street else T("{n} face down", n=down),
                    font_size=9.5, fill=MUTED, text_anchor="end"))
    for i in range(ROUNDS):
        cx = x + i * 54
        card = state["revealed"][i] if i < len(state["revealed"]) else -1
        tag = T("R{n}", n=i + 1)
        if card == -1:
            out.append(el("g", el("rect", x=cx, y=8, width=50, height=28, rx=4, fill="#d9d3c4", stroke="#bbb",
                                  stroke_dasharray="3 2"),
                          text(cx + 25, 26, tag, text_anchor="middle", font_size=9, fill="#55595f"),
                          el("title", T("Round {n}: not revealed yet", n=i + 1)), class_="outlook-card hidden"))
            continue
        sizes = OUTLOOK_CARDS[card] if card is not None else ()
        label = T("+$1k on {sizes}", sizes="/".join(map(str, sizes))) if sizes else T("no bonus")
        out.append(el("g", el("rect", x=cx, y=8, width=50, height=28, rx=4,
                              fill="#fff1b8" if sizes else "#ece9e1", stroke="#b39500" if sizes else "#bbb"),
                      text(cx + 25, 19, tag, text_anchor="middle", font_size=8, fill="#55595f"),
                      text(cx + 25, 31, label, text_anchor="middle", font_size=_fit(label, 47, 8.5), fill=INK),
                      el("title", T("Round {n}: {card}", n=i + 1,
                                    card=translate(words.outlook(card, rules.scale(state)), T.lang))),
                      class_="outlook-card"))
    return el("g", *out, class_="header")


# ------------------------------------------------------------------ the box under the board
def _side_column(state: dict[str, Any], side: dict[str, Any], x: float, y: float, who: int, verb: str,
                 colw: float, T: Translator) -> list[str]:
    """One side of the draft: its lots, tiles (click: +1; the minus under a chip: -1) and money."""
    out = []
    lots = side["lots"]
    shown_lots = T("Lots: {lots}", lots=", ".join(map(str, lots))) if lots \
        else T("Lots: none (click lots on the board)")
    out.append(text(x, y + 12, _clip(shown_lots, colw, 11), font_size=11, fill=INK if lots else MUTED))
    y += 18
    hand = state["hands"][who]
    ids = rules.types(state)
    chosen = side["tiles"]
    shown = [t for t in range(TYPE_COUNT) if hand[t]]
    if not shown:
        out.append(text(x, y + 12, T("Tiles: none in hand"), font_size=10.5, fill=MUTED))
    per_row = max(1, int(colw // 35))
    for i, t in enumerate(shown):
        k = chosen.get(ids[t].id, 0)
        row, col = divmod(i, per_row)
        cx, cy = x + col * 35, y + row * 42
        add = _draft_attrs(f"{verb} +{ids[t].id}") if k < hand[t] else {}
        name = T(ids[t].name)
        out.append(_tile_chip(cx, cy, state, t, f"{k}/{hand[t]}", add,
                              T("Add one {shop} tile ({k} of {n} in the offer)", shop=name, k=k, n=hand[t]), T))
        if k:
            out.append(_button(cx + 3, cy + 27, 25, 13, "−", _draft_attrs(f"{verb} -{ids[t].id}"), fill="#c05800",
                               size=11, title=T("One {shop} tile fewer", shop=name)))
    rows = (len(shown) + per_row - 1) // per_row
    y += max(rows, 1) * 42 + 2
    step = rules.unit(state)
    money = T("Money: {amount}", amount=words.dollars(side["money"]))
    out.append(text(x, y + 14, money, font_size=11.5, font_weight="bold", fill=INK))
    bx = x + max(120, text_width(money, 11.5, True) + 12)
    k = "k" if step == 1000 else "0k"
    bw = _button_width(f"−5{k}", 37, 10)  # "−50k" (Z-Man) is wider than "−5k"
    for i, (units, label) in enumerate(((-5, f"−5{k}"), (-1, f"−1{k}"), (1, f"+1{k}"), (5, f"+5{k}"))):
        amount = words.dollars(abs(units) * step)
        if verb == "give":
            title = T("Add {amount} (you give)", amount=amount) if units > 0 \
                else T("Remove {amount} (you give)", amount=amount)
        else:
            title = T("Add {amount} (you ask)", amount=amount) if units > 0 \
                else T("Remove {amount} (you ask)", amount=amount)
        out.append(_button(bx + i * (bw + 3), y, bw, 20, label, _draft_attrs(f"{verb} money {units:+d}"),
                           fill="#5b6472", size=10, title=title))
    return out


def _trade_panel(state: dict[str, Any], viewer: int, draft: dict[str, Any] | None,
                 choices: dict[str, str | None], names: list[str], T: Translator) -> str:
    d = trade_panel.normal(draft)
    x0, y = KX + 12, KY + 8
    heading = T("Make an offer ({n} left) with:", n=state["offers_left"][viewer])
    out = [text(x0, y + 15, heading, font_size=12.5, font_weight="bold", fill=INK)]
    others = [q for q in range(state["players"]) if q != viewer]
    px = x0 + max(214, text_width(heading, 12.5, True) + 12)
    pw = min(160, (KX + KW - 12 - px) / len(others) - 4)
    for i, q in enumerate(others):
        bx = px + i * (pw + 4)
        chosen = d["to"] == q
        label = T("Trade with {name}", name=names[q])
        out.append(el("g",
                      el("rect", x=bx, y=y + 1, width=pw, height=21, rx=10, fill=PLAYER_HEX[q] if chosen else "#fff",
                         stroke="#555" if PLAYER_COLOUR_NAMES[q] == "white" else PLAYER_HEX[q], stroke_width=2.5),
                      _marker(bx + 11, y + 11.5, 7, q, 9),
                      text(bx + 11 + (pw - 11) / 2, y + 15.5, _clip(names[q], pw - 26, 10.5, True),
                           text_anchor="middle", font_size=10.5, font_weight="bold", fill=INK),
                      el("title", label),
                      class_="partner" + (" chosen" if chosen else ""), role="button", tabindex=0,
                      aria_label=label, data_draft=f"to {q + 1}"))
    move, why = trade_panel.status(state, d)
    send = {"data_move": move, "class_": "send"} if move else {}
    by = KY + KH - 40
    labels = (T("Send offer"), T("Clear"), T("Done trading"))
    widths = [_button_width(labels[0], 120), _button_width(labels[1], 64), _button_width(labels[2], 110)]
    right = KX + KW - 10
    xs = [right - widths[2] - 6 - widths[1] - 6 - widths[0], right - widths[2] - 6 - widths[1], right - widths[2]]
    out.append(_button(xs[0], by, widths[0], 30, labels[0], send,
                       title=T("Send: {move}", move=move) if move else translate(why, T.lang)))
    out.append(_button(xs[1], by, widths[1], 30, labels[1], _draft_attrs("clear"), fill="#6b707a"))
    out.append(_button(xs[2], by, widths[2], 30, labels[2], clickable(choices, "done"),
                       fill="#2e7d32", title=T("Done trading: no more offers this round (you still answer offers)")))
    if not move:
        lines = _wrap(translate(why, T.lang), xs[0] - 12 - x0, 10.5)
        if len(lines) > 2:
            lines = [lines[0], _clip(" ".join(lines[1:]), xs[0] - 12 - x0, 10.5)]
        for j, line in enumerate(lines):
            out.append(text(x0, KY + KH - 26 + 13 * j - 6 * (len(lines) - 1), line, font_size=10.5, fill="#b3261e",
                            class_="why"))
    y += 32
    colw = KW / 2 - 24
    gx = x0 + colw + 20
    out.append(el("line", x1=gx - 10, y1=y, x2=gx - 10, y2=KY + KH - 50, stroke="#d8d0bf"))
    out.append(text(x0, y + 12, T("You give"), font_size=12, font_weight="bold", fill="#a35200"))
    ask = T("You ask") if d["to"] is None else T("You ask from {name}", name=names[d["to"]])
    out.append(text(gx, y + 12, _clip(ask, colw, 12, True), font_size=12, font_weight="bold", fill="#1f5f8b"))
    y += 18
    out += _side_column(state, d["give"], x0, y, viewer, "give", colw, T)
    if d["to"] is not None:
        out += _side_column(state, d["get"], gx, y, d["to"], "get", colw, T)
    else:
        for j, line in enumerate(_wrap(T("Choose a player above, or click one of their lots."), colw, 11)):
            out.append(text(gx, y + 14 + 14 * j, line, font_size=11, fill=MUTED))
    out.append(_trades_list(state, names, x0, KY + 160, KY + KH - 56, xs[0] - 12 - x0, T))
    return el("g", *out, class_="trade-panel")


def _offer_box(state: dict[str, Any], viewer: int | None, choices: dict[str, str | None],
               names: list[str], T: Translator) -> str:
    offer = state["offer"]
    p, q = offer["from"], offer["to"]
    party = viewer in (p, q)
    x0, y = KX + 12, KY + 8
    out = [text(x0, y + 15, T("{who} offers {other} a trade", who=names[p], other=names[q]), font_size=13,
                font_weight="bold", fill=INK)]
    y += 26
    for label, side, colour in ((T("{who} gives:", who=names[p]), offer["give"], "#a35200"),
                                (T("{who} asks for:", who=names[p]), offer["get"], "#1f5f8b")):
        out.append(text(x0, y + 12, label, font_size=11.5, font_weight="bold", fill=colour))
        y += 16
        for line in _wrap(translate(words.bundle(state, side, party), T.lang), KW - 36, 12):
            out.append(text(x0 + 12, y + 12, line, font_size=12, fill=INK))
            y += 16
        y += 6
    if viewer == q:
        accept = clickable(choices, "accept")
        why = ""
        if not accept and choices and offer["get"]["money"] > state["money"][q]:
            why = T("You cannot pay {amount}.", amount=words.dollars(offer["get"]["money"]))
        a = _button(x0, y + 4, 130, 30, T("Accept"), accept, fill="#2e7d32", title=why or T("Accept the trade"))
        dx = x0 + _button_width(T("Accept"), 130) + 10
        out.append(a)
        out.append(_button(dx, y + 4, 130, 30, T("Decline"), clickable(choices, "decline"), fill="#b3261e"))
        if why:
            out.append(text(dx + _button_width(T("Decline"), 130) + 14, y + 23, why, font_size=11, fill="#b3261e"))
    else:
        out.append(text(x0, y + 18, T("Waiting for {who}'s answer…", who=names[q]), font_size=11.5, fill=MUTED))
    return el("g", *out, class_="offer-box")


def _income_box(state: dict[str, Any], x0: float, y: float, names: list[str], limit: float, T: Translator) -> str:
    info = state["last_income"]
    if not info:
        return el("g", text(x0, y + 14, T("Income is paid after placing tiles, in phase 5 of each round."),
                            font_size=11.5, fill=MUTED), class_="income")
    if state["options"]["edition"] == "alea":
        title = T("Income, round {n} · outlook: {card}", n=info["round"],
                  card=translate(words.outlook(info["card"], rules.scale(state)), T.lang))
    else:
        title = T("Income, round {n}", n=info["round"])
    out = [text(x0, y + 14, _clip(title, KW - 24, 12.5, True), font_size=12.5, font_weight="bold", fill=INK)]
    y += 20
    body_x = x0 + 216
    body_w = KX + KW - 12 - body_x
    for p in range(state["players"]):
        if y > limit:
            break
        parts = words.earnings(state, [x for x in info["lines"] if x[0] == p])
        out.append(_marker(x0 + 6, y + 8, 6.5, p, 8))
        out.append(text(x0 + 16, y + 12, _clip(names[p], 120, 11.5, True), font_size=11.5, font_weight="bold",
                        fill=INK))
        out.append(text(x0 + 206, y + 12, f"+{words.dollars(info['total'][p])}", font_size=11.5, font_weight="bold",
                        fill=INK, text_anchor="end"))
        body = translate(words.commas(parts), T.lang) if parts else T("no shops")
        first, *rest = _wrap(body, body_w, 10.5) or [""]
        out.append(text(body_x, y + 12, first, font_size=10.5, fill=MUTED))
        y += 15
        for line in rest:
            if y > limit:
                break
            out.append(text(body_x, y + 12, line, font_size=10.5, fill=MUTED))
            y += 14
        y += 3
    return el("g", *out, class_="income")


def _trades_list(state: dict[str, Any], names: list[str], x0: float, y: float, limit: float, width: float,
                 T: Translator) -> str:
    if not state["trades"]:
        return ""
    out = [text(x0, y + 12, T("Offers this round"), font_size=11, font_weight="bold", fill=MUTED)]
    y += 16
    for p, q, accepted, offer_text in state["trades"][-8:]:
        if y > limit:
            break
        mark = "✓" if accepted else "✗"
        if offer_text:  # shown to the two sides only (view() blanks it for the others)
            offer = rules.parse_offer(offer_text)
            give = words.bundle(state, rules._bundle_state(state, offer.give), True)
            get = words.bundle(state, rules._bundle_state(state, offer.get), True)
            line = T("{mark} {who} → {other}: {give} for {get}", mark=mark, who=names[p], other=names[q],
                     give=translate(give, T.lang), get=translate(get, T.lang))
        else:
            line = T("{mark} {who} → {other}", mark=mark, who=names[p], other=names[q])
        out.append(text(x0 + 2, y + 11, _clip(line, width, 10), font_size=10, fill="#2e7d32" if accepted else MUTED))
        y += 13
    return el("g", *out, class_="trades")


def _below(state: dict[str, Any], viewer: int | None, choices: dict[str, str | None] | None,
           draft: dict[str, Any] | None, names: list[str], drafting: bool, T: Translator) -> str:
    phase = state["phase"]
    out = [el("rect", x=KX, y=KY, width=KW, height=KH, rx=8, fill="#f7f4ec", stroke="#d8d0bf")]
    ch = choices or {}
    mover = rules.mover(state) if phase != "over" else None
    limit = KY + KH - 16
    x0, y = KX + 12, KY + 8
    if phase == "trade" and state["offer"]:
        out.append(_offer_box(state, viewer, ch, names, T))
        out.append(_trades_list(state, names, x0, KY + 150, limit, KW - 24, T))
    elif drafting and viewer is not None:
        out.append(_trade_panel(state, viewer, draft, ch, names, T))
    else:
        if phase == "place" and viewer == mover and choices is not None:
            label = T("Done placing")
            w = _button_width(label, 140)
            out.append(_button(KX + KW - 10 - w, KY + KH - 40, w, 30, label, clickable(ch, "done"),
                               fill="#2e7d32", title=T("Done placing: keep the other tiles in hand")))
            limit = KY + KH - 56  # the income lines stop above the button
        if phase == "trade":
            out.append(text(x0, y + 14, T("Trading: {who}'s turn to make an offer.", who=names[state["turn"]]),
                            font_size=12, fill=INK))
            out.append(_trades_list(state, names, x0, y + 20, y + 110, KW - 24, T))
            y += 20 + (16 + 13 * min(len(state["trades"]), 8) if state["trades"] else 0) + 8
        out.append(_income_box(state, x0, y, names, limit, T))
    return el("g", *out, class_="below")


def _portrait_seats(state: dict[str, Any], viewer: int | None, choices: dict[str, str | None],
                    selected: tuple[str, ...], names: list[str], T: Translator) -> tuple[str, list[str], float]:
    """The own seat (under the map), the others (under the phase's box) and the
    drawing's height; the phase's box moves down by OWN_H + GAP."""
    n = state["players"]
    own = viewer if viewer is not None else (rules.mover(state) if state["phase"] != "over" else 0)
    first = _panel(state, own, KY, OWN_H, viewer, choices, selected, names, T, KX, KW)
    others = [(own + k) % n for k in range(1, n)]
    rows = -(-len(others) // 3)
    cols = -(-len(others) // rows)
    w = (KW - 6 * (cols - 1)) / cols
    top = KY + OWN_H + GAP + KH + GAP
    seats = []
    for i, q in enumerate(others):
        row, col = divmod(i, cols)
        seats.append(_panel(state, q, top + row * (SEAT_H + 6), SEAT_H, viewer, choices, selected, names, T,
                            KX + col * (w + 6), w))
    return first, seats, top + rows * SEAT_H + (rows - 1) * 6 + 10


def render(state: dict[str, Any], viewer: int | None = None, *, choices: dict[str, str | None] | None = None,
           selected: tuple[str, ...] | list[str] = (), names: list[str] | None = None,
           draft: dict[str, Any] | None = None, lang: str = "en", portrait: bool = False) -> str:
    """SVG for a (viewed) state. `choices` come from core.game.choices for the viewer;
    `draft` is the viewer's trade panel state (trade_panel.py); `lang` the language;
    `portrait` stacks the drawing for a tall, narrow screen (see PW)."""
    T = Translator(lang)
    selected = tuple(selected)
    names = [str(n) for n in names] if names else [T("Player {n}", n=i + 1) for i in range(state["players"])]
    ch = choices or {}
    drafting = (state["phase"] == "trade" and not state["offer"] and viewer is not None
                and state["turn"] == viewer and choices is not None and not state["done"][viewer])
    d = trade_panel.normal(draft) if drafting else None
    below = _below(state, viewer, choices, d, names, drafting, T)
    n = state["players"]
    if portrait:
        own, others, height = _portrait_seats(state, viewer, ch, selected, names, T)
        width = PW
        # Document order is reading and tab order: map, own seat, phase's box, the others.
        parts = [own, el("g", below, transform=f"translate(0,{OWN_H + GAP})"), *others]
    else:
        width, height = W, H
        ph = (H - (BY - 6) - 10 - 6 * (n - 1)) / n
        parts = [_panel(state, p, BY - 6 + p * (ph + 6), ph, viewer, ch, selected, names, T) for p in range(n)]
        parts.append(below)
    body = [el("rect", x=0, y=0, width=width, height=height, fill="#fbfaf6", class_="bg"), _header(state, T),
            _board(state, viewer, ch, selected, d, drafting, names, T), *parts]
    info = T("Chinatown board, round {n} of {total}, {phase}", n=min(state["round"], ROUNDS), total=ROUNDS,
             phase=translate(PHASE_NAMES[state["phase"]], T.lang))
    # A group, not an image: it holds buttons (an image's children are not reachable). The
    # page's sans-serif and the language (it picks Traditional or Simplified glyphs) are
    # set here too, so a standalone SVG (render --lang) looks the same.
    return document(width, height, *body, class_="chinatown-board portrait" if portrait else "chinatown-board",
                    role="group", aria_label=info, lang=T.lang,
                    font_family="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif")
