"""Chinatown board as SVG text: a pure function of (view, viewer, choices, draft).

Like chess.svg.board: no DOM, testable in CPython. Clickable elements follow the UI
testing contract: ``data-move`` when a click completes a legal move, ``data-step`` when
it picks one part of a move, ``data-unselect`` for a part already picked. The trade
panel's building clicks carry ``data-draft`` (UI state, see trade_panel.py); its send
button carries ``data-move`` with the whole offer.

Layout: the 85 lots on their 11x17 grid (streets are the empty cells) with the round and
the outlook cards above; the players' panels in a column on the right; under the board a
box with what the phase needs: the trade panel, an offer to answer, or the last income.
"""
from __future__ import annotations

from typing import Any

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
INK = "#23262d"
MUTED = "#6b6f78"
GOLD = "#e0a800"
PHASE_NAMES = {"keep": "1 · land cards", "trade": "3 · trading", "place": "4 · placing tiles", "over": "game over"}


def _lot_xy(lot: int) -> tuple[float, float]:
    info = LOTS[lot]
    return BX + info.col * C, BY + info.row * C


def _light(hex_colour: str, amount: float = 0.7) -> str:
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    mix = lambda v: int(v + (255 - v) * amount)  # noqa: E731
    return f"#{mix(r):02x}{mix(g):02x}{mix(b):02x}"


def _interactive(token: str, choices: dict[str, str | None], selected: tuple[str, ...]) -> dict[str, Any]:
    if token in selected:
        return {"data_unselect": token, "class_": "chosen"}
    return clickable(choices, token)


def _button(x: float, y: float, w: float, h: float, label: str, attrs: dict[str, Any], *,
            fill: str = "#1f5f8b", ink: str = "#fff", title: str = "", size: int = 12) -> str:
    """A clickable rounded button; `attrs` carries data-move / data-draft (or nothing: disabled)."""
    live = bool(attrs)
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


# ------------------------------------------------------------------------------ board
def _board(state: dict[str, Any], viewer: int | None, choices: dict[str, str | None],
           selected: tuple[str, ...], draft: dict[str, Any] | None, drafting: bool) -> str:
    out = [el("rect", x=BX - 6, y=BY - 6, width=BW + 12, height=BH + 12, rx=8, fill="#b9b3a6", class_="streets")]
    # Blocks: each lot's cell padded so the cells of one block merge into one shape.
    for lot in range(1, LOT_COUNT + 1):
        x, y = _lot_xy(lot)
        out.append(el("rect", x=x - 3, y=y - 3, width=C + 6, height=C + 6, fill="#e9e2d0", class_="block-ground"))
    # Streets drawn again over the padding where two blocks would touch.
    out.append(text(BX + 4, BY + 5.5 * C + 4, "street", font_size=10, fill="#6e685c", font_style="italic"))
    owner, tile = state["owner"], state["tile"]
    colours = PLAYER_HEX
    highlight_give = set(draft["give"]["lots"]) if draft and drafting else set()
    highlight_get = set(draft["get"]["lots"]) if draft and drafting else set()
    offer = state["offer"]
    if offer and viewer in (offer["from"], offer["to"]):
        highlight_give |= set(offer["give"]["lots"])
        highlight_get |= set(offer["get"]["lots"])
    mine_dealt = set(state["dealt"][viewer]) if viewer is not None and state["phase"] == "keep" else set()
    kept_mine = set(state["kept"][viewer]) if viewer is not None and state["phase"] == "keep" else set()
    ids = rules.types(state)
    for lot in range(1, LOT_COUNT + 1):
        x, y = _lot_xy(lot)
        p = owner[lot]
        fill = ("#dcd8cf" if PLAYER_COLOUR_NAMES[p] == "white" else _light(colours[p], 0.55)) if p >= 0 else "#fbf8f0"
        parts = [el("rect", x=x + 2, y=y + 2, width=C - 4, height=C - 4, rx=3, fill=fill,
                    stroke="#8f887a" if p < 0 else colours[p], stroke_width=1 if p < 0 else 2, class_="lot")]
        t = tile[lot]
        if t >= 0:
            shop = ids[t]
            parts.append(el("rect", x=x + 6, y=y + 8, width=C - 12, height=C - 14, rx=4, fill=shop.colour,
                            class_="tile"))
            parts.append(text(x + C / 2, y + C / 2 + 6, shop.code, text_anchor="middle", font_size=14,
                              font_weight="bold", fill="#fff", class_="tile-code"))
            parts.append(text(x + C - 9, y + C - 9, MAX_SIZE[t], text_anchor="middle", font_size=8, fill="#fff"))
        parts.append(text(x + 5, y + 12, lot, font_size=9.5, fill=INK if t < 0 else "#fff", class_="lot-number",
                          font_weight="bold" if t < 0 else None))
        if p >= 0:
            parts.append(el("circle", cx=x + C - 9, cy=y + 9, r=5.5, fill=colours[p], stroke="#333",
                            stroke_width=1, class_="marker"))
        label = f"Lot {lot}, block {BLOCK[lot]}"
        label += f", {'yours' if p == viewer else f'Player {p + 1} ({PLAYER_COLOUR_NAMES[p]})'}" if p >= 0 else ", unclaimed"
        if t >= 0:
            label += f", {ids[t].name} (complete at {MAX_SIZE[t]})"
        parts.append(el("title", label))
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
            out.append(el("rect", x=x + 1, y=y + 1, width=C - 2, height=C - 2, rx=4, fill="none", stroke=ring,
                          stroke_width=3.5, stroke_dasharray="6 3", class_="mark"))
    out.append(_businesses(state))
    out.append(_targets(state, viewer, choices, selected, draft, drafting))
    return el("g", *out, class_="board")


def _businesses(state: dict[str, Any]) -> str:
    """Outline every group; a group holding a complete business is gold with a star."""
    out = []
    for p, t, lots in scoring.groups(state["owner"], state["tile"]):
        members = set(lots)
        complete = len(lots) // MAX_SIZE[t]
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
            star = "★" if complete == 1 else f"★{complete}"
            out.append(el("g", el("circle", cx=x + 9, cy=y + C - 9, r=7, fill=GOLD, stroke="#7a5b00"),
                          text(x + 9, y + C - 5.5, star, text_anchor="middle", font_size=9, fill="#3a2a00"),
                          el("title", f"Complete business ({len(lots)} tiles, max {MAX_SIZE[t]})"),
                          class_="complete-mark"))
    return el("g", *out, class_="businesses")


def _targets(state: dict[str, Any], viewer: int | None, choices: dict[str, str | None],
             selected: tuple[str, ...], draft: dict[str, Any] | None, drafting: bool) -> str:
    """Clickable lots: land cards to keep, lots to place on, lots to add to an offer."""
    out = []
    phase = state["phase"]
    for lot in range(1, LOT_COUNT + 1):
        attrs: dict[str, Any] = {}
        label = ""
        if phase == "keep":
            attrs = _interactive(f"keep {lot}", choices, selected)
            label = f"Keep land card {lot}"
        elif phase == "place":
            attrs = _interactive(f"lot {lot}", choices, selected)
            label = f"Place on lot {lot}"
        elif drafting and state["owner"][lot] >= 0:
            p = state["owner"][lot]
            if p == viewer or draft is None or draft.get("to") in (None, p):
                attrs = _draft_attrs(f"lot {lot}")
                verb = "Offer" if p == viewer else "Ask for"
                label = f"{verb} lot {lot}"
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
               title: str) -> str:
    shop = rules.types(state)[t]
    cls = attrs.pop("class_", "")
    ring = {"chosen": (GOLD, 3), "choice": ("#111", 2)}.get(cls, ("#00000033", 1))
    extra = {"role": "button", "tabindex": 0, "aria_label": title} if attrs else {}
    return el("g",
              el("rect", x=x, y=y, width=31, height=25, rx=4, fill=shop.colour, stroke=ring[0], stroke_width=ring[1]),
              text(x + 15.5, y + 11, shop.code, text_anchor="middle", font_size=10.5, font_weight="bold", fill="#fff"),
              text(x + 15.5, y + 22, label_text, text_anchor="middle", font_size=9, fill="#fff"),
              el("title", title),
              class_=f"hand-tile {cls}".strip(), data_shop=shop.id, **attrs, **extra)


def _panel(state: dict[str, Any], p: int, y0: float, height: float, viewer: int | None,
           choices: dict[str, str | None], selected: tuple[str, ...], names: list[str]) -> str:
    phase = state["phase"]
    mover = rules.mover(state) if phase != "over" else -1
    active = mover == p
    x0, width = RX, RW
    out = [el("rect", x=x0, y=y0, width=width, height=height, rx=8,
              fill="#fff7d6" if active else "#f4f2ec", stroke=GOLD if active else "#cfc8b8",
              stroke_width=3 if active else 1, class_="panel" + (" active" if active else ""))]
    out.append(el("circle", cx=x0 + 14, cy=y0 + 15, r=7, fill=PLAYER_HEX[p], stroke="#333"))
    name = names[p] if len(names[p]) <= 20 else names[p][:19] + "…"
    out.append(text(x0 + 26, y0 + 19, name, font_size=12.5, font_weight="bold", fill=INK, class_="seat-name"))
    if state["start"] == p and phase != "over":
        out.append(el("g", el("rect", x=x0 + width - 40, y=y0 + 6, width=34, height=15, rx=3, fill="#222"),
                      text(x0 + width - 23, y0 + 17, "start", text_anchor="middle", font_size=10, fill="#fff"),
                      el("title", "Start player this round"), class_="start-marker"))
    money = state["money"][p]
    shown = words.dollars(money) if money >= 0 else "$ secret"
    out.append(text(x0 + 10, y0 + 37, shown, font_size=13, fill=INK, class_="money", font_weight="bold"))
    out.append(text(x0 + width - 8, y0 + 37, _status(state, p), font_size=10.5, fill=MUTED, text_anchor="end",
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
                extra = {"role": "button", "tabindex": 0, "aria_label": f"Land card {lot}"} if attrs else {}
                cx = x0 + 8 + i * (cw + 2)
                out.append(el("g", el("rect", x=cx, y=y, width=cw, height=30, rx=3, fill=fill, stroke=stroke,
                                      stroke_width=2.5 if cls else 1),
                              text(cx + cw / 2, y + 19, lot, text_anchor="middle", font_size=11, font_weight="bold",
                                   fill=INK),
                              el("title", f"Land card {lot}" + (" (kept)" if is_kept else "")),
                              class_=f"land-card {cls}".strip(), **attrs, **extra))
        elif cards:
            out.append(text(x0 + 10, y + 14, f"{len(cards)} land cards (secret)", font_size=10.5, fill=MUTED))
        y += 36
    hand = state["hands"][p]
    held = [t for t in range(TYPE_COUNT) if hand[t]]
    if not held:
        out.append(text(x0 + 10, y + 14, "no tiles in hand", font_size=10.5, fill=MUTED, font_style="italic"))
    per_row = max(1, int((width - 12) // 34))
    ids = rules.types(state)
    for i, t in enumerate(held):
        attrs = _interactive(f"tile {ids[t].id}", choices, selected) if phase == "place" and viewer == p else {}
        row, col = divmod(i, per_row)
        if y + row * 28 + 25 > y0 + height - 2:
            break
        out.append(_tile_chip(x0 + 8 + col * 34, y + row * 28, state, t, f"×{hand[t]}", attrs,
                              f"{ids[t].name} (complete at {ids[t].max}): {hand[t]} in hand"))
    return el("g", *out, class_="seat", data_player=p)


def _status(state: dict[str, Any], p: int) -> str:
    phase = state["phase"]
    if phase == "keep":
        return "chosen" if state["kept"][p] else ("choosing" if state["turn"] == p else "to choose")
    if phase == "trade":
        if state["offer"] and state["offer"]["to"] == p:
            return "answering"
        if state["done"][p]:
            return "done trading"
        return f"{state['offers_left'][p]} offers left"
    if phase == "place":
        return "placing" if state["turn"] == p else ""
    return ""


# ---------------------------------------------------------------------- above the board
def _header(state: dict[str, Any]) -> str:
    phase = state["phase"]
    out = [text(BX, 27, "Chinatown", font_size=19, font_weight="bold", fill=INK),
           text(BX + 128, 20, f"Round {min(state['round'], ROUNDS)} of {ROUNDS}", font_size=13, font_weight="bold",
                fill=INK, class_="round"),
           text(BX + 128, 35, f"Phase {PHASE_NAMES[phase]}", font_size=11, fill=MUTED, class_="phase")]
    edition = state["options"]["edition"]
    variant = " · street variant" if state["options"]["street_variant"] else ""
    if edition != "alea":
        out.append(text(BX + BW, 27, f"Z-Man edition: no outlook cards, money ×10{variant}", font_size=11,
                        fill=MUTED, text_anchor="end"))
        return el("g", *out, class_="header")
    x = BX + BW - 6 * 54
    out.append(text(x - 8, 20, "Outlook", font_size=11, fill=MUTED, text_anchor="end", font_weight="bold"))
    out.append(text(x - 8, 34, f"{len(state['outlook'])} face down{variant}", font_size=9.5, fill=MUTED,
                    text_anchor="end"))
    for i in range(ROUNDS):
        cx = x + i * 54
        card = state["revealed"][i] if i < len(state["revealed"]) else -1
        if card == -1:
            out.append(el("g", el("rect", x=cx, y=8, width=50, height=28, rx=4, fill="#d9d3c4", stroke="#bbb",
                                  stroke_dasharray="3 2"),
                          text(cx + 25, 26, f"R{i + 1}", text_anchor="middle", font_size=9, fill=MUTED),
                          el("title", f"Round {i + 1}: not revealed yet"), class_="outlook-card hidden"))
            continue
        sizes = OUTLOOK_CARDS[card] if card is not None else ()
        label = "+$1k on " + "/".join(map(str, sizes)) if sizes else "no bonus"
        out.append(el("g", el("rect", x=cx, y=8, width=50, height=28, rx=4,
                              fill="#fff1b8" if sizes else "#ece9e1", stroke="#b39500" if sizes else "#bbb"),
                      text(cx + 25, 19, f"R{i + 1}", text_anchor="middle", font_size=8, fill=MUTED),
                      text(cx + 25, 31, label, text_anchor="middle", font_size=8.5, fill=INK),
                      el("title", f"Round {i + 1}: {words.outlook(card, rules.scale(state))}"),
                      class_="outlook-card"))
    return el("g", *out, class_="header")


# ------------------------------------------------------------------ the box under the board
def _side_column(state: dict[str, Any], side: dict[str, Any], x: float, y: float, who: int, verb: str,
                 colw: float) -> list[str]:
    """One side of the draft: its lots, tiles (click: +1; the minus under a chip: -1) and money."""
    out = []
    lots = side["lots"]
    out.append(text(x, y + 12, "Lots: " + (", ".join(map(str, lots)) if lots else "none (click lots on the board)"),
                    font_size=11, fill=INK if lots else MUTED))
    y += 18
    hand = state["hands"][who]
    ids = rules.types(state)
    chosen = side["tiles"]
    shown = [t for t in range(TYPE_COUNT) if hand[t]]
    if not shown:
        out.append(text(x, y + 12, "Tiles: none in hand", font_size=10.5, fill=MUTED))
    per_row = max(1, int(colw // 35))
    for i, t in enumerate(shown):
        k = chosen.get(ids[t].id, 0)
        row, col = divmod(i, per_row)
        cx, cy = x + col * 35, y + row * 42
        add = _draft_attrs(f"{verb} +{ids[t].id}") if k < hand[t] else {}
        out.append(_tile_chip(cx, cy, state, t, f"{k}/{hand[t]}", add,
                              f"Add a {ids[t].name} tile ({k} of {hand[t]} in the offer)"))
        if k:
            out.append(_button(cx + 3, cy + 27, 25, 13, "−", _draft_attrs(f"{verb} -{ids[t].id}"), fill="#e07b00",
                               size=11, title=f"One {ids[t].name} tile fewer"))
    rows = (len(shown) + per_row - 1) // per_row
    y += max(rows, 1) * 42 + 2
    step = rules.unit(state)
    out.append(text(x, y + 14, "Money: " + words.dollars(side["money"]), font_size=11.5, font_weight="bold", fill=INK))
    k = "k" if step == 1000 else "0k"
    for i, (units, label) in enumerate(((-5, f"−5{k}"), (-1, f"−1{k}"), (1, f"+1{k}"), (5, f"+5{k}"))):
        out.append(_button(x + 120 + i * 40, y, 37, 20, label, _draft_attrs(f"{verb} money {units:+d}"),
                           fill="#5b6472", size=10, title=f"{'Add' if units > 0 else 'Remove'} "
                           f"{words.dollars(abs(units) * step)} ({'you give' if verb == 'give' else 'you ask'})"))
    return out


def _trade_panel(state: dict[str, Any], viewer: int, draft: dict[str, Any] | None,
                 choices: dict[str, str | None], names: list[str]) -> str:
    d = trade_panel.normal(draft)
    x0, y = KX + 12, KY + 8
    out = [text(x0, y + 15, f"Make an offer ({state['offers_left'][viewer]} left) with:", font_size=12.5,
                font_weight="bold", fill=INK)]
    for i, q in enumerate(q for q in range(state["players"]) if q != viewer):
        bx = x0 + 214 + i * 124
        chosen = d["to"] == q
        dark = PLAYER_COLOUR_NAMES[q] not in ("white", "yellow")
        out.append(el("g",
                      el("rect", x=bx, y=y + 1, width=120, height=21, rx=10, fill=PLAYER_HEX[q] if chosen else "#fff",
                         stroke=PLAYER_HEX[q] if PLAYER_COLOUR_NAMES[q] != "white" else "#888", stroke_width=2.5),
                      text(bx + 60, y + 15.5, _clip(names[q], 19), text_anchor="middle", font_size=10.5,
                           font_weight="bold", fill="#fff" if chosen and dark else INK),
                      el("title", f"Trade with {names[q]}"),
                      class_="partner" + (" chosen" if chosen else ""), role="button", tabindex=0,
                      aria_label=f"Trade with {names[q]}", data_draft=f"to {q + 1}"))
    move, why = trade_panel.status(state, d)
    send = {"data_move": move, "class_": "send"} if move else {}
    out.append(_button(KX + KW - 316, KY + KH - 40, 120, 30, "Send offer", send,
                       title=f"Send: {move}" if move else why))
    out.append(_button(KX + KW - 190, KY + KH - 40, 64, 30, "Clear", _draft_attrs("clear"), fill="#8a8f99"))
    out.append(_button(KX + KW - 120, KY + KH - 40, 110, 30, "Done trading", clickable(choices, "done"),
                       fill="#2e7d32", title="Done trading: no more offers this round (you still answer offers)"))
    if not move:
        out.append(text(x0, KY + KH - 20, _clip(why, 70), font_size=10.5, fill="#b3261e", class_="why"))
    y += 32
    colw = KW / 2 - 24
    gx = x0 + colw + 20
    out.append(el("line", x1=gx - 10, y1=y, x2=gx - 10, y2=KY + KH - 50, stroke="#d8d0bf"))
    out.append(text(x0, y + 12, "You give", font_size=12, font_weight="bold", fill="#b35f00"))
    partner = "" if d["to"] is None else f" from {names[d['to']]}"
    out.append(text(gx, y + 12, f"You ask{partner}", font_size=12, font_weight="bold", fill="#1f5f8b"))
    y += 18
    out += _side_column(state, d["give"], x0, y, viewer, "give", colw)
    if d["to"] is not None:
        out += _side_column(state, d["get"], gx, y, d["to"], "get", colw)
    else:
        out.append(text(gx, y + 14, "Choose a player above, or click one of their lots.", font_size=11, fill=MUTED))
    out.append(_trades_list(state, viewer, x0, KY + 160, KY + KH - 56, width=60))
    return el("g", *out, class_="trade-panel")


def _clip(s: str, n: int) -> str:
    return s if len(s) <= n else s[: n - 1] + "…"


def _wrap(s: str, n: int) -> list[str]:
    lines, line = [], ""
    for word in s.split():
        if line and len(line) + 1 + len(word) > n:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    if line:
        lines.append(line)
    return lines


def _offer_box(state: dict[str, Any], viewer: int | None, choices: dict[str, str | None],
               names: list[str]) -> str:
    offer = state["offer"]
    p, q = offer["from"], offer["to"]
    party = viewer in (p, q)
    x0, y = KX + 12, KY + 8
    out = [text(x0, y + 15, f"{names[p]} offers {names[q]} a trade", font_size=13, font_weight="bold", fill=INK)]
    y += 26
    for label, side, colour in ((f"{names[p]} gives", offer["give"], "#b35f00"),
                                (f"{names[p]} asks for", offer["get"], "#1f5f8b")):
        out.append(text(x0, y + 12, label + ":", font_size=11.5, font_weight="bold", fill=colour))
        y += 16
        for line in _wrap(words.bundle(state, side, party), 95):
            out.append(text(x0 + 12, y + 12, line, font_size=12, fill=INK))
            y += 16
        y += 6
    if viewer == q:
        accept = clickable(choices, "accept")
        why = ""
        if not accept and choices and offer["get"]["money"] > state["money"][q]:
            why = f"You cannot pay {words.dollars(offer['get']['money'])}."
        out.append(_button(x0, y + 4, 130, 30, "Accept", accept, fill="#2e7d32", title=why or "Accept the trade"))
        out.append(_button(x0 + 140, y + 4, 130, 30, "Decline", clickable(choices, "decline"), fill="#b3261e"))
        if why:
            out.append(text(x0 + 284, y + 23, why, font_size=11, fill="#b3261e"))
    else:
        out.append(text(x0, y + 18, f"Waiting for {names[q]}'s answer…", font_size=11.5, fill=MUTED))
    return el("g", *out, class_="offer-box")


def _income_box(state: dict[str, Any], x0: float, y: float, names: list[str], limit: float) -> str:
    info = state["last_income"]
    if not info:
        return el("g", text(x0, y + 14, "Income is paid after placing tiles, in phase 5 of each round.",
                            font_size=11.5, fill=MUTED), class_="income")
    title = f"Income, round {info['round']}"
    if state["options"]["edition"] == "alea":
        title += " · outlook: " + words.outlook(info["card"], rules.scale(state))
    out = [text(x0, y + 14, title, font_size=12.5, font_weight="bold", fill=INK)]
    y += 20
    for p in range(state["players"]):
        if y > limit:
            break
        lines = [x for x in info["lines"] if x[0] == p]
        parts = words.businesses(state, lines)
        bonus = sum(x[3] for x in lines)
        if bonus:
            parts.append(f"outlook +{words.dollars(bonus)}")
        out.append(el("circle", cx=x0 + 5, cy=y + 8, r=5, fill=PLAYER_HEX[p], stroke="#333"))
        out.append(text(x0 + 14, y + 12, _clip(names[p], 17), font_size=11.5, font_weight="bold", fill=INK))
        out.append(text(x0 + 206, y + 12, f"+{words.dollars(info['total'][p])}", font_size=11.5, font_weight="bold",
                        fill=INK, text_anchor="end"))
        body = ", ".join(parts) or "no shops"
        first, *rest = _wrap(body, 94) or [""]
        out.append(text(x0 + 216, y + 12, first, font_size=10.5, fill=MUTED))
        y += 15
        for line in rest:
            if y > limit:
                break
            out.append(text(x0 + 216, y + 12, line, font_size=10.5, fill=MUTED))
            y += 14
        y += 3
    return el("g", *out, class_="income")


def _trades_list(state: dict[str, Any], viewer: int | None, x0: float, y: float, limit: float,
                 width: int = 120) -> str:
    if not state["trades"]:
        return ""
    out = [text(x0, y + 12, "Offers this round", font_size=11, font_weight="bold", fill=MUTED)]
    y += 16
    for p, q, accepted, offer_text in state["trades"][-8:]:
        if y > limit:
            break
        mark = "✓" if accepted else "✗"
        line = f"{mark} Player {p + 1} → Player {q + 1}"
        if offer_text:  # shown to the two sides only (view() blanks it for the others)
            offer = rules.parse_offer(offer_text)
            give = words.bundle(state, rules._bundle_state(state, offer.give), True)
            get = words.bundle(state, rules._bundle_state(state, offer.get), True)
            line += f": {give} for {get}"
        out.append(text(x0 + 2, y + 11, _clip(line, width), font_size=10, fill="#2e7d32" if accepted else MUTED))
        y += 13
    return el("g", *out, class_="trades")


def _below(state: dict[str, Any], viewer: int | None, choices: dict[str, str | None] | None,
           draft: dict[str, Any] | None, names: list[str], drafting: bool) -> str:
    phase = state["phase"]
    out = [el("rect", x=KX, y=KY, width=KW, height=KH, rx=8, fill="#f7f4ec", stroke="#d8d0bf")]
    ch = choices or {}
    mover = rules.mover(state) if phase != "over" else None
    limit = KY + KH - 16
    x0, y = KX + 12, KY + 8
    if phase == "trade" and state["offer"]:
        out.append(_offer_box(state, viewer, ch, names))
        out.append(_trades_list(state, viewer, x0, KY + 150, limit))
    elif drafting and viewer is not None:
        out.append(_trade_panel(state, viewer, draft, ch, names))
    else:
        if phase == "place" and viewer == mover and choices is not None:
            out.append(_button(KX + KW - 150, KY + 8, 140, 30, "Done placing", clickable(ch, "done"), fill="#2e7d32",
                               title="Done placing: keep the other tiles in hand"))
        if phase == "trade":
            out.append(text(x0, y + 14, f"Trading: Player {state['turn'] + 1}'s turn to make an offer.",
                            font_size=12, fill=INK))
            out.append(_trades_list(state, viewer, x0, y + 20, y + 110))
            y += 20 + (16 + 13 * min(len(state["trades"]), 8) if state["trades"] else 0) + 8
        out.append(_income_box(state, x0, y, names, limit))
    return el("g", *out, class_="below")


def render(state: dict[str, Any], viewer: int | None = None, *, choices: dict[str, str | None] | None = None,
           selected: tuple[str, ...] | list[str] = (), names: list[str] | None = None,
           draft: dict[str, Any] | None = None) -> str:
    """SVG for a (viewed) state. `choices` come from core.game.choices for the viewer;
    `draft` is the viewer's trade panel state (trade_panel.py)."""
    selected = tuple(selected)
    names = names or [f"Player {i + 1}" for i in range(state["players"])]
    ch = choices or {}
    drafting = (state["phase"] == "trade" and not state["offer"] and viewer is not None
                and state["turn"] == viewer and choices is not None and not state["done"][viewer])
    d = trade_panel.normal(draft) if drafting else None
    body = [el("rect", x=0, y=0, width=W, height=H, fill="#fbfaf6", class_="bg"), _header(state),
            _board(state, viewer, ch, selected, d, drafting)]
    n = state["players"]
    ph = (H - (BY - 6) - 10 - 6 * (n - 1)) / n
    for p in range(n):
        body.append(_panel(state, p, BY - 6 + p * (ph + 6), ph, viewer, ch, selected, names))
    body.append(_below(state, viewer, choices, d, names, drafting))
    info = f"round {min(state['round'], ROUNDS)} of {ROUNDS}, phase {PHASE_NAMES[state['phase']]}"
    return document(W, H, *body, class_="chinatown-board", role="img", aria_label=f"Chinatown board, {info}")
