"""Chinatown board as SVG text: a pure function of (view, viewer, choices, draft).

Like chess.svg.board: no DOM, testable in CPython. Clickable elements follow the UI
testing contract: ``data-move`` when a click completes a legal move, ``data-step`` when
it picks one part of a move, ``data-unselect`` for a part already picked. The trade
panel's building clicks carry ``data-draft`` (UI state, see trade_panel.py); its send
button carries ``data-move`` with the whole offer.

Layout: the 85 lots on their 11x17 grid (streets are the empty cells), the players'
panels under the board, and a column on the right with the round, the outlook cards and
what the phase needs: the trade panel, an offer to answer, or the last income.
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
BX, BY = 16, 44  # board origin
BW, BH = GRID_COLS * C, GRID_ROWS * C
RX = BX + BW + 20  # right column
RW = 340
W = RX + RW + 12
PY = BY + BH + 14  # players' panels
PH = 156
H = PY + PH + 10
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
        fill = _light(colours[p], 0.55) if p >= 0 else "#fbf8f0"
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
def _tile_chip(x: float, y: float, state: dict[str, Any], t: int, count: int, attrs: dict[str, Any],
               label: str = "") -> str:
    shop = rules.types(state)[t]
    cls = attrs.pop("class_", "")
    ring = {"chosen": (GOLD, 3), "choice": ("#111", 2)}.get(cls, ("#00000033", 1))
    extra = {"role": "button", "tabindex": 0, "aria_label": label or f"{shop.name} tile"} if attrs else {}
    return el("g",
              el("rect", x=x, y=y, width=30, height=24, rx=4, fill=shop.colour, stroke=ring[0], stroke_width=ring[1]),
              text(x + 15, y + 11, shop.code, text_anchor="middle", font_size=10, font_weight="bold", fill="#fff"),
              text(x + 15, y + 21, f"×{count}", text_anchor="middle", font_size=8.5, fill="#fff"),
              el("title", label or f"{shop.name} (complete at {shop.max}): {count} in hand"),
              class_=f"hand-tile {cls}".strip(), data_shop=shop.id, **attrs, **extra)


def _panel(state: dict[str, Any], p: int, x0: float, width: float, viewer: int | None,
           choices: dict[str, str | None], selected: tuple[str, ...], names: list[str]) -> str:
    phase = state["phase"]
    mover = rules.mover(state) if phase != "over" else -1
    active = mover == p
    colour = PLAYER_HEX[p]
    out = [el("rect", x=x0, y=PY, width=width, height=PH, rx=8,
              fill="#fff7d6" if active else "#f4f2ec", stroke=GOLD if active else "#cfc8b8",
              stroke_width=3 if active else 1, class_="panel" + (" active" if active else ""))]
    out.append(el("circle", cx=x0 + 14, cy=PY + 15, r=7, fill=colour, stroke="#333"))
    name = names[p] if len(names[p]) <= 18 else names[p][:17] + "…"
    out.append(text(x0 + 26, PY + 19, name, font_size=12.5, font_weight="bold", fill=INK, class_="seat-name"))
    if state["start"] == p and phase != "over":
        out.append(el("g", el("rect", x=x0 + width - 40, y=PY + 6, width=34, height=15, rx=3, fill="#222"),
                      text(x0 + width - 23, PY + 17, "start", text_anchor="middle", font_size=10, fill="#fff"),
                      el("title", "Start player this round"), class_="start-marker"))
    money = state["money"][p]
    shown = words.dollars(money) if money >= 0 else "$ secret"
    out.append(text(x0 + 10, PY + 37, shown, font_size=13, fill=INK, class_="money", font_weight="bold"))
    out.append(text(x0 + width - 8, PY + 37, _status(state, p), font_size=10, fill=MUTED, text_anchor="end",
                    class_="status"))
    y = PY + 46
    if phase == "keep":
        cards = state["dealt"][p]
        kept = state["kept"][p]
        if cards and cards[0] != 0:
            cw = min(30.0, (width - 16) / max(len(cards), 1) - 3)
            for i, lot in enumerate(cards):
                attrs = _interactive(f"keep {lot}", choices, selected) if viewer == p else {}
                cls = attrs.pop("class_", "")
                is_kept = lot in kept
                fill = "#fff1b8" if cls == "chosen" or is_kept else "#fffdf5"
                stroke = {"chosen": GOLD, "choice": "#1f5f8b"}.get(cls, "#777")
                extra = {"role": "button", "tabindex": 0, "aria_label": f"Land card {lot}"} if attrs else {}
                cx = x0 + 8 + i * (cw + 3)
                out.append(el("g", el("rect", x=cx, y=y, width=cw, height=36, rx=3, fill=fill, stroke=stroke,
                                      stroke_width=2.5 if cls else 1),
                              text(cx + cw / 2, y + 23, lot, text_anchor="middle", font_size=12, font_weight="bold",
                                   fill=INK),
                              el("title", f"Land card {lot}" + (" (kept)" if is_kept else "")),
                              class_=f"land-card {cls}".strip(), **attrs, **extra))
        elif cards:
            out.append(text(x0 + 10, y + 14, f"{len(cards)} land cards (hidden)", font_size=10.5, fill=MUTED))
        y += 42
    hand = state["hands"][p]
    held = [t for t in range(TYPE_COUNT) if hand[t]]
    if not held:
        out.append(text(x0 + 10, y + 16, "no tiles in hand", font_size=10.5, fill=MUTED, font_style="italic"))
    per_row = max(1, int((width - 12) // 33))
    for i, t in enumerate(held):
        attrs = {}
        if phase == "place" and viewer == p:
            attrs = _interactive(f"tile {rules.types(state)[t].id}", choices, selected)
        row, col = divmod(i, per_row)
        if y + row * 27 + 24 > PY + PH - 2:
            break
        out.append(_tile_chip(x0 + 8 + col * 33, y + row * 27, state, t, hand[t], attrs))
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


# ---------------------------------------------------------------------- right column
def _outlook(state: dict[str, Any], y: float) -> tuple[str, float]:
    out = []
    if state["options"]["edition"] != "alea":
        out.append(text(RX + 10, y + 16, "Z-Man edition: no outlook cards; money ×10.", font_size=11, fill=MUTED))
        return el("g", *out, class_="outlook"), y + 26
    out.append(text(RX + 10, y + 15, f"Outlook cards · {len(state['outlook'])} face down", font_size=11,
                    fill=MUTED, font_weight="bold"))
    for i, card in enumerate(state["revealed"]):
        cx = RX + 10 + i * 54
        sizes = OUTLOOK_CARDS[card] if card is not None else ()
        label = "+$1k " + "/".join(map(str, sizes)) if sizes else "none"
        out.append(el("g", el("rect", x=cx, y=y + 22, width=50, height=26, rx=4,
                              fill="#fff1b8" if sizes else "#ece9e1", stroke="#b39500" if sizes else "#bbb"),
                      text(cx + 25, y + 33, f"R{i + 1}", text_anchor="middle", font_size=8, fill=MUTED),
                      text(cx + 25, y + 44, label, text_anchor="middle", font_size=9, fill=INK),
                      el("title", f"Round {i + 1}: {words.outlook(card, rules.scale(state))}"),
                      class_="outlook-card"))
    return el("g", *out, class_="outlook"), y + 54


def _side_column(state: dict[str, Any], viewer: int | None, side: dict[str, Any], x: float, y: float,
                 who: int, verb: str, colw: float) -> list[str]:
    """One side of the draft: its lots, tiles (with +/- chips) and money buttons."""
    out = []
    lots = side["lots"]
    out.append(text(x, y + 12, "Lots: " + (", ".join(map(str, lots)) if lots else "click them on the board"),
                    font_size=10.5, fill=INK if lots else MUTED))
    y += 20
    hand = state["hands"][who]
    ids = rules.types(state)
    chosen = side["tiles"]
    shown = [t for t in range(TYPE_COUNT) if hand[t] or chosen.get(ids[t].id)]
    out.append(text(x, y + 10, "Tiles (click: +1, ring: −1)" if shown else "Tiles: none in hand", font_size=9.5,
                    fill=MUTED))
    y += 14
    per_row = max(1, int(colw // 33))
    for i, t in enumerate(shown):
        k = chosen.get(ids[t].id, 0)
        row, col = divmod(i, per_row)
        cx, cy = x + col * 33, y + row * 38
        out.append(_tile_chip(cx, cy, state, t, hand[t], _draft_attrs(f"{verb} +{ids[t].id}"),
                              f"Add a {ids[t].name} tile ({k} of {hand[t]} in the offer)"))
        minus = _draft_attrs(f"{verb} -{ids[t].id}") if k else {}
        out.append(_button(cx + 2, cy + 25, 26, 12, f"{k}" if k else "·", minus, fill="#e07b00", size=9,
                           title=f"Take a {ids[t].name} tile out of the offer"))
    rows = (len(shown) + per_row - 1) // per_row
    y += max(rows, 1) * 38 + 4
    money = side["money"]
    out.append(text(x, y + 12, "Money: " + words.dollars(money), font_size=11, font_weight="bold", fill=INK))
    y += 18
    step = rules.unit(state)
    k = "k" if step == 1000 else "0k"
    for i, (units, label) in enumerate(((-5, f"−5{k}"), (-1, f"−1{k}"), (1, f"+1{k}"), (5, f"+5{k}"))):
        out.append(_button(x + i * 38, y, 35, 20, label, _draft_attrs(f"{verb} money {units:+d}"),
                           fill="#5b6472", size=10, title=f"{'Add' if units > 0 else 'Remove'} "
                           f"{words.dollars(abs(units) * step)} ({'you give' if verb == 'give' else 'you ask'})"))
    return out


def _trade_panel(state: dict[str, Any], viewer: int, draft: dict[str, Any] | None,
                 choices: dict[str, str | None], y: float, names: list[str]) -> str:
    d = trade_panel.normal(draft)
    out = [text(RX + 10, y + 14, f"Make an offer · {state['offers_left'][viewer]} left this round", font_size=12.5,
                font_weight="bold", fill=INK)]
    y += 24
    out.append(text(RX + 10, y + 13, "With:", font_size=11, fill=MUTED))
    others = [q for q in range(state["players"]) if q != viewer]
    for i, q in enumerate(others):
        bx = RX + 46 + i * 72
        chosen = d["to"] == q
        out.append(el("g",
                      el("rect", x=bx, y=y, width=68, height=20, rx=10, fill=PLAYER_HEX[q] if chosen else "#fff",
                         stroke=PLAYER_HEX[q] if q != 3 else "#888", stroke_width=2.5),
                      text(bx + 34, y + 14, f"Player {q + 1}", text_anchor="middle", font_size=10.5,
                           font_weight="bold", fill="#fff" if chosen and q != 3 else INK),
                      el("title", f"Trade with {names[q]}"),
                      class_="partner" + (" chosen" if chosen else ""), role="button", tabindex=0,
                      aria_label=f"Trade with {names[q]}", data_draft=f"to {q + 1}"))
    y += 28
    colw = (RW - 30) / 2
    lx, gx = RX + 10, RX + 20 + colw
    out.append(text(lx, y + 12, "You give", font_size=11.5, font_weight="bold", fill="#b35f00"))
    partner = "" if d["to"] is None else f" from Player {d['to'] + 1}"
    out.append(text(gx, y + 12, f"You get{partner}", font_size=11.5, font_weight="bold", fill="#1f5f8b"))
    y += 18
    out += _side_column(state, viewer, d["give"], lx, y, viewer, "give", colw)
    if d["to"] is not None:
        out += _side_column(state, viewer, d["get"], gx, y, d["to"], "get", colw)
    else:
        out.append(text(gx, y + 12, "Choose a player above,", font_size=10.5, fill=MUTED))
        out.append(text(gx, y + 26, "or click one of their lots.", font_size=10.5, fill=MUTED))
    y += 190
    move, why = trade_panel.status(state, d)
    send = {"data_move": move, "class_": "send"} if move else {}
    out.append(_button(RX + 10, y, 150, 28, "Send offer", send, title=f"Send: {move}" if move else why))
    out.append(_button(RX + 170, y, 70, 28, "Clear", _draft_attrs("clear"), fill="#8a8f99"))
    done = clickable(choices, "done")
    out.append(_button(RX + 248, y, 82, 28, "Done trading", done, fill="#2e7d32", size=11,
                       title="Done trading: no more offers this round (you still answer offers)"))
    if not move:
        out.append(text(RX + 10, y + 44, _clip(why, 58), font_size=10, fill="#b3261e", class_="why"))
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


def _offer_box(state: dict[str, Any], viewer: int | None, choices: dict[str, str | None], y: float,
               names: list[str]) -> str:
    offer = state["offer"]
    p, q = offer["from"], offer["to"]
    party = viewer in (p, q)
    give = words.bundle(state, offer["give"], party)
    get = words.bundle(state, offer["get"], party)
    out = [text(RX + 10, y + 14, f"Offer from {names[p]} to {names[q]}", font_size=12.5, font_weight="bold",
                fill=INK)]
    y += 22
    for label, value, colour in ((f"{names[p]} gives:", give, "#b35f00"), (f"{names[p]} asks:", get, "#1f5f8b")):
        out.append(text(RX + 10, y + 12, label, font_size=11, font_weight="bold", fill=colour))
        y += 16
        for line in _wrap(value, 46):
            out.append(text(RX + 18, y + 12, line, font_size=11, fill=INK))
            y += 15
        y += 4
    if viewer == q:
        accept = clickable(choices, "accept")
        why = "" if accept or not choices else (
            f"You cannot pay {words.dollars(offer['get']['money'])}." if offer["get"]["money"] > state["money"][q]
            else "")
        out.append(_button(RX + 10, y + 4, 120, 28, "Accept", accept, fill="#2e7d32", title=why or "Accept the trade"))
        out.append(_button(RX + 140, y + 4, 120, 28, "Decline", clickable(choices, "decline"), fill="#b3261e"))
        if why:
            out.append(text(RX + 10, y + 48, why, font_size=10.5, fill="#b3261e"))
    else:
        out.append(text(RX + 10, y + 18, f"Waiting for {names[q]}'s answer…", font_size=11, fill=MUTED))
    return el("g", *out, class_="offer-box")


def _income_box(state: dict[str, Any], y: float, names: list[str], limit: float) -> str:
    info = state["last_income"]
    if not info:
        return el("g", text(RX + 10, y + 14, "Income is paid after placing, in phase 5.", font_size=11,
                            fill=MUTED), class_="income")
    out = [text(RX + 10, y + 14, f"Income, round {info['round']}", font_size=12.5, font_weight="bold", fill=INK)]
    y += 20
    if state["options"]["edition"] == "alea":
        out.append(text(RX + 10, y + 12, "Outlook: " + words.outlook(info["card"], rules.scale(state)),
                        font_size=10.5, fill="#7a5b00"))
        y += 17
    for p in range(state["players"]):
        if y > limit:
            break
        lines = [x for x in info["lines"] if x[0] == p]
        out.append(el("circle", cx=RX + 15, cy=y + 8, r=5, fill=PLAYER_HEX[p], stroke="#333"))
        out.append(text(RX + 25, y + 12, f"{_clip(names[p], 22)}: +{words.dollars(info['total'][p])}",
                        font_size=11, font_weight="bold", fill=INK))
        y += 15
        parts = words.businesses(state, lines)
        bonus = sum(x[3] for x in lines)
        if bonus:
            parts.append(f"outlook +{words.dollars(bonus)}")
        for line in _wrap(", ".join(parts) or "no shops", 52):
            if y > limit:
                break
            out.append(text(RX + 25, y + 11, line, font_size=9.5, fill=MUTED))
            y += 13
        y += 4
    return el("g", *out, class_="income")


def _trades_list(state: dict[str, Any], viewer: int | None, y: float, names: list[str], limit: float) -> str:
    if not state["trades"]:
        return ""
    out = [text(RX + 10, y + 12, "Offers this round", font_size=11, font_weight="bold", fill=MUTED)]
    y += 16
    for p, q, accepted, offer_text in state["trades"][-6:]:
        if y > limit:
            break
        mark = "✓" if accepted else "✗"
        out.append(text(RX + 12, y + 11, f"{mark} Player {p + 1} → Player {q + 1}"
                        + (f": {_clip(offer_text[6:], 40)}" if offer_text else ""), font_size=9.5,
                        fill="#2e7d32" if accepted else MUTED))
        y += 13
    return el("g", *out, class_="trades")


def _column(state: dict[str, Any], viewer: int | None, choices: dict[str, str | None] | None,
            draft: dict[str, Any] | None, names: list[str], drafting: bool) -> str:
    phase = state["phase"]
    head = f"Round {min(state['round'], ROUNDS)} of {ROUNDS}"
    out = [el("rect", x=RX, y=BY - 6, width=RW, height=H - BY - 4, rx=8, fill="#f7f4ec", stroke="#d8d0bf"),
           text(RX + 10, BY + 12, head, font_size=14, font_weight="bold", fill=INK, class_="round"),
           text(RX + RW - 10, BY + 12, f"Phase {PHASE_NAMES[phase]}", font_size=11.5, fill=MUTED,
                text_anchor="end", class_="phase")]
    box, y = _outlook(state, BY + 18)
    out.append(box)
    ch = choices or {}
    mover = rules.mover(state) if phase != "over" else None
    limit = H - 24
    if phase == "trade" and state["offer"]:
        out.append(_offer_box(state, viewer, ch, y + 4, names))
        out.append(_trades_list(state, viewer, y + 200, names, limit))
    elif drafting and viewer is not None:
        out.append(_trade_panel(state, viewer, draft, ch, y + 4, names))
        out.append(_trades_list(state, viewer, y + 330, names, limit))
    else:
        if phase == "place" and viewer == mover and choices is not None:
            out.append(_button(RX + 10, y + 4, 140, 28, "Done placing", clickable(ch, "done"), fill="#2e7d32",
                               title="Done placing: keep the other tiles in hand"))
            y += 40
        elif phase == "trade":
            out.append(text(RX + 10, y + 16, f"Trading: Player {state['turn'] + 1}'s turn to offer.", font_size=11,
                            fill=MUTED))
            out.append(_trades_list(state, viewer, y + 24, names, y + 120))
            y += 130
        out.append(_income_box(state, y + 4, names, limit))
    return el("g", *out, class_="side")


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
    body = [el("rect", x=0, y=0, width=W, height=H, fill="#fbfaf6", class_="bg"),
            text(BX, 26, "Chinatown", font_size=18, font_weight="bold", fill=INK),
            text(BX + 110, 26, f"New York · {'1930s (alea)' if state['options']['edition'] == 'alea' else '1960s (Z-Man)'}"
                 + (" · street frontage variant" if state["options"]["street_variant"] else ""),
                 font_size=11.5, fill=MUTED),
            _board(state, viewer, ch, selected, d, drafting)]
    n = state["players"]
    pw = (BW + 12) / n
    for p in range(n):
        body.append(_panel(state, p, BX - 6 + p * pw, pw - 6, viewer, ch, selected, names))
    body.append(_column(state, viewer, choices, d, names, drafting))
    info = f"round {min(state['round'], ROUNDS)} of {ROUNDS}, phase {PHASE_NAMES[state['phase']]}"
    return document(W, H, *body, class_="chinatown-board", role="img", aria_label=f"Chinatown board, {info}")
