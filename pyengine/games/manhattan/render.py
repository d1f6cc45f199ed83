"""Manhattan board as SVG text: a pure function of (view, viewer, choices).

Like chess.svg.board: no DOM, testable in CPython. Clickable elements follow the UI
testing contract: `data-move` when the click completes a legal move, `data-step` when
it picks one part of a move, `data-unselect` for a part already picked.
"""
from __future__ import annotations

from typing import Any

from ...core.i18n import Translator
from ...core.svg import clickable, document, el, text
from . import rules
from .data import BOARD_W, CITIES, COLOUR_HEX, COLOURS, SEAT_NAMES, SIZES, card_square, lot_index

L = 46  # lot size
GAP = 24  # gap between cities (room for the city names)
CITY = 3 * L
BOARD_PX_W = 3 * CITY + 2 * GAP
BOARD_PX_H = 2 * CITY + GAP
SIDE = 200  # width of the west/east panels
TOPH = 190  # height of the north/south panels
W = SIDE * 2 + BOARD_PX_W + 40
H = TOPH * 2 + BOARD_PX_H + 40
BX = SIDE + 20
BY = TOPH + 20
# Portrait (a phone held upright): the board across the whole width, then every seat as
# a wide panel, the one whose hand this is first (its cards in the first screenful with
# the board's targets). The height depends on the number of players only, so a redraw
# still replaces only the groups that changed (web/skyweb/patch.py).
PW = BOARD_PX_W + 40
PBX, PBY = 20, 26  # the board's origin; room above it for the city names
PANEL_H = TOPH - 14
PGAP = 10


def _lot_xy(lot: int) -> tuple[float, float]:
    y, x = divmod(lot, BOARD_W)
    return BX + x * L + (x // 3) * GAP, BY + y * L + (y // 3) * GAP


def _lighten(hex_colour: str, amount: float = 0.6) -> str:
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    mix = lambda v: int(v + (255 - v) * amount)  # noqa: E731
    return f"#{mix(r):02x}{mix(g):02x}{mix(b):02x}"


# A second cue besides colour, for colour-blind players: each colour has a pattern
# (none, stripes, dots, cross-hatch) on its buildings and swatches.
PATTERNS = ("", "stripes", "dots", "hatch")


def _pattern_defs() -> str:
    ink = 'stroke="#000" stroke-opacity="0.35"'
    return ("<defs>"
            '<pattern id="mh-stripes" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">'
            f'<line x1="0" y1="0" x2="0" y2="6" {ink} stroke-width="2"/></pattern>'
            '<pattern id="mh-dots" width="6" height="6" patternUnits="userSpaceOnUse">'
            '<circle cx="3" cy="3" r="1.3" fill="#000" fill-opacity="0.4"/></pattern>'
            '<pattern id="mh-hatch" width="6" height="6" patternUnits="userSpaceOnUse">'
            f'<path d="M0 3H6M3 0V6" {ink} stroke-width="1.2"/></pattern>'
            "</defs>")


def _texture(colour: int, **attrs: Any) -> str:
    """The colour's pattern over a shape of the given geometry (empty for plain)."""
    kind = PATTERNS[colour]
    return el("rect", fill=f"url(#mh-{kind})", class_="pattern", **attrs) if kind else ""


def _selected_token(selected: tuple[str, ...], prefix: str) -> str | None:
    for t in selected:
        if t.startswith(prefix):
            return t
    return None


def _focusable(attrs: dict[str, Any]) -> dict[str, Any]:
    """Clickable elements are keyboard buttons too (the page gives them Enter)."""
    return {**attrs, "role": "button", "tabindex": 0} if attrs else attrs


def _interactive(token: str, choices: dict[str, str | None], selected: tuple[str, ...]) -> dict[str, Any]:
    if token in selected:
        return {"data_unselect": token, "class_": "chosen"}
    return clickable(choices, token)


def _stack(state: dict[str, Any], lot: int, T: Translator) -> str:
    stack = state["board"][lot]
    x, y = _lot_xy(lot)
    if not stack:
        return ""
    owner = stack[-1][0]
    total = sum(s for _, s in stack)
    parts = [el("rect", x=x + 2, y=y + 2, width=L - 4, height=L - 4, rx=4,
                fill=_lighten(COLOUR_HEX[owner], 0.55), stroke=COLOUR_HEX[owner], stroke_width=2),
             _texture(owner, x=x + 2, y=y + 2, width=L - 4, height=L - 4, rx=4)]
    # A strip of the building's parts from the ground up, scaled to fit the lot.
    unit = min(4.0, (L - 10) / total)
    yy = y + L - 5
    for colour, size in stack:
        h = unit * size
        parts.append(el("rect", x=x + 5, y=round(yy - h, 2), width=8, height=round(max(h - 0.6, 0.6), 2),
                        fill=COLOUR_HEX[colour]))
        yy -= h
    parts.append(text(x + L / 2 + 5, y + L / 2 + 7, total, class_="height", text_anchor="middle",
                      font_size=20, font_weight="bold", fill="#222"))
    desc = ", ".join(f"{T(COLOURS[c])} {s}" for c, s in stack)
    parts.append(el("title", T("{n} storeys, owner {colour} (parts bottom to top: {parts})", n=total,
                               colour=T(COLOURS[owner]), parts=desc)))
    return el("g", *parts, class_="building", data_lot=lot)


def _board(state: dict[str, Any], viewer: int | None, choices: dict[str, str | None],
           selected: tuple[str, ...], T: Translator) -> str:
    out = []
    for city, name in enumerate(CITIES):
        cx, cy = _lot_xy(lot_index(city, 0, 0))
        closed = city >= state["open_cities"]
        out.append(el("rect", x=cx - 3, y=cy - 3, width=CITY + 6, height=CITY + 6, rx=6,
                      class_="city" + (" closed" if closed else ""), fill="#cfd8c8" if not closed else "#b8b8b8"))
        out.append(text(cx + CITY / 2, cy - 6, f"{city + 1} {T(name)}", text_anchor="middle", font_size=12,
                        class_="city-name", fill="#333"))
    last = (state.get("last") or {}).get("lot")
    for lot in range(len(state["board"])):
        x, y = _lot_xy(lot)
        out.append(el("rect", x=x + 1, y=y + 1, width=L - 2, height=L - 2, rx=3, fill="#eef2ea",
                      stroke="#9aa592", class_="lot"))
        out.append(_stack(state, lot, T))
    # In a group even when empty, so that the board's own markup stays the same from
    # one build to the next and a redraw replaces only what changed (web/skyweb/patch.py).
    mark = []
    if last is not None:
        x, y = _lot_xy(last)
        mark.append(el("rect", x=x + 1, y=y + 1, width=L - 2, height=L - 2, rx=3, fill="none",
                       stroke="#111", stroke_width=3, stroke_dasharray="5 3", class_="last"))
    out.append(el("g", *mark, class_="last-build"))
    for city in range(len(CITIES)):
        if city >= state["open_cities"]:
            cx, cy = _lot_xy(lot_index(city, 0, 0))
            out.append(el("rect", x=cx, y=cy, width=CITY, height=CITY, fill="#777", opacity=0.45))
            out.append(text(cx + CITY / 2, cy + CITY / 2 + 5, T("not open yet"), text_anchor="middle",
                            font_size=13, fill="#fff"))
    if state["godzilla"] >= 0:
        x, y = _lot_xy(state["godzilla"])
        out.append(el("g",
                      el("circle", cx=x + L / 2, cy=y + L / 2, r=L / 2 - 5, fill="#2d5a27", stroke="#d8f0a0",
                         stroke_width=3),
                      text(x + L / 2, y + L / 2 + 7, "G", text_anchor="middle", font_size=20, fill="#d8f0a0",
                           font_weight="bold"),
                      el("title", T("Godzilla: nobody may build here")),
                      class_="godzilla"))
    out.append(_targets(state, viewer, choices, selected, T))
    return el("g", *out, class_="board")


def _targets(state: dict[str, Any], viewer: int | None, choices: dict[str, str | None],
             selected: tuple[str, ...], T: Translator) -> str:
    """Highlight the lot the chosen card names in each city, clickable per city."""
    if viewer is None or viewer != state["turn"]:
        return ""
    card = _selected_token(selected, "card ")
    if card is None:
        return ""
    row, col = card_square(int(card.split()[1]), state["seats"][viewer])
    out = []
    for city in range(len(CITIES)):
        token = f"city {city + 1}"
        attrs = _interactive(token, choices, selected)
        if not attrs:
            continue
        x, y = _lot_xy(lot_index(city, row, col))
        label = T("Build in {city}", city=T(CITIES[city]))
        out.append(el("rect", x=x + 1, y=y + 1, width=L - 2, height=L - 2, rx=3, fill="#ffe066",
                      fill_opacity=0.35, stroke="#e0a800", stroke_width=3, role="button",
                      aria_label=label, tabindex=0, **attrs))
    return el("g", *out, class_="targets")


def _card(x: float, y: float, card: int, seat: str, attrs: dict[str, Any], face_up: bool, T: Translator) -> str:
    """A card as its seat sees it: the marked square shown where it lands on the board."""
    size = 40
    state_cls = attrs.get("class_", "")
    ring = {"chosen": ("#e0a800", 4), "choice": ("#2f6fd1", 2.5)}.get(state_cls, ("#555", 1.5))
    parts = [el("rect", x=x, y=y, width=size, height=size + 12, rx=4,
                fill="#fffdf5" if face_up else "#6b5b95", stroke=ring[0], stroke_width=ring[1])]
    if face_up:
        row, col = card_square(card, seat)
        cell = (size - 8) / 3
        for r in range(3):
            for c in range(3):
                parts.append(el("rect", x=round(x + 4 + c * cell, 2), y=round(y + 4 + r * cell, 2),
                                width=round(cell - 1, 2), height=round(cell - 1, 2),
                                fill="#d1362f" if (r, c) == (row, col) else "#e6e1d3"))
        parts.append(text(x + size / 2, y + size + 9, card, text_anchor="middle", font_size=10, fill="#333"))
        label = T("Card {n}", n=card)
    else:
        label = T("Hidden card")
    parts.append(el("title", label))
    extra = {"role": "button", "tabindex": 0, "aria_label": label} if attrs else {}
    cls = "card" + (" " + attrs.pop("class_") if "class_" in attrs else "")
    return el("g", *parts, class_=cls, **attrs, **extra)


def _panel_origin(seat: str) -> tuple[float, float, float]:
    """Top-left corner and width of a seat's panel."""
    if seat == "S":
        return BX, BY + BOARD_PX_H + 16, BOARD_PX_W
    if seat == "N":
        return BX, 8, BOARD_PX_W
    if seat == "W":
        return 8, BY, SIDE
    return BX + BOARD_PX_W + 12, BY, SIDE


def _panel(state: dict[str, Any], p: int, viewer: int | None, choices: dict[str, str | None],
           selected: tuple[str, ...], names: list[str], T: Translator,
           at: tuple[float, float, float] | None = None, wide: bool | None = None) -> str:
    """A seat's panel, by default where its seat is; `at` (x, y, width) and `wide` move
    it elsewhere, the cards still drawn as that seat sees them."""
    seat = state["seats"][p]
    x0, y0, width = at or _panel_origin(seat)
    wide = seat in "NS" if wide is None else wide
    mine_turn = state["turn"] == p and state["phase"] != "over"
    interactive = viewer == p and mine_turn
    colours = rules.player_colours(state, p)
    out = [el("rect", x=x0, y=y0, width=width, height=PANEL_H if wide else BOARD_PX_H, rx=8,
              class_="panel" + (" active" if mine_turn else ""),
              fill="#fff7d6" if mine_turn else "#f4f4f4", stroke="#e0a800" if mine_turn else "#ccc",
              stroke_width=3 if mine_turn else 1)]
    swatches = "".join(el("rect", x=x0 + 10 + i * 16, y=y0 + 9, width=13, height=13, rx=2, fill=COLOUR_HEX[c])
                       + _texture(c, x=x0 + 10 + i * 16, y=y0 + 9, width=13, height=13, rx=2)
                       for i, c in enumerate(colours))
    out.append(swatches)
    tx = x0 + 14 + 16 * len(colours)
    # Two short lines so long bot names fit the 200 px side panels.
    name = names[p] if len(names[p]) <= 22 else names[p][:21] + "…"
    out.append(text(tx, y0 + 20, name, font_size=13, font_weight="bold", class_="seat-name", fill="#222"))
    out.append(text(x0 + 10, y0 + 37, T("{seat} seat · {n} pts", seat=T(SEAT_NAMES[seat]), n=state["scores"][p]),
                    font_size=12,
                    class_="seat-score", fill="#444"))
    if state["start"] == p and state["phase"] != "over":
        out.append(el("g", el("rect", x=x0 + width - 52, y=y0 + 26, width=44, height=16, rx=3, fill="#222"),
                      text(x0 + width - 30, y0 + 38, T("start"), text_anchor="middle", font_size=11, fill="#fff"),
                      el("title", T("Start player this round")), class_="start-marker"))
    # Hand.
    hy = y0 + 46
    for i, card in enumerate(state["hands"][p]):
        face_up = card != 0
        attrs: dict[str, Any] = {}
        if interactive:
            for verb in ("card", "discard"):
                attrs = _interactive(f"{verb} {card}", choices, selected)
                if attrs:
                    break
        cx = x0 + 10 + i * 46
        out.append(_card(cx, hy, card, seat, attrs, face_up, T))
    # This round's chosen parts, the parts to take (pick phase), the box.
    py = hy + 64
    for ci, colour in enumerate(colours):
        out.append(_parts_row(state, colour, x0 + 10, py + ci * 26, interactive and state["phase"] == "build",
                              len(colours) > 1, choices, selected, T))
    below = py + 26 * len(colours)
    if state["phase"] == "pick" and interactive:
        if wide:  # wide panel: the pick buttons sit at the right of the rows
            out.append(_pick_row(state, p, x0 + width - 186, py, choices, T))
        else:
            out.append(_pick_row(state, p, x0 + 10, below, choices, T))
            below += 28
    box = []  # a group of its own: it changes at every build, the seat around it seldom
    for ci, colour in enumerate(colours):
        counts = " ".join(f"{s}×{state['supply'][colour][s - 1]}" for s in SIZES)
        left = T("{colour} box: {counts}", colour=T(COLOURS[colour]), counts=counts) if len(colours) > 1 \
            else T("box: {counts}", counts=counts)
        if wide:
            box.append(text(x0 + width - 10, hy + 16 + ci * 16, left, font_size=11, fill="#555",
                            text_anchor="end", class_="supply"))
        else:
            box.append(text(x0 + 10, below + 14 + ci * 16, left, font_size=11, fill="#555", class_="supply"))
    out.append(el("g", *box, class_="box"))
    return el("g", *out, class_=f"seat seat-{seat}", data_player=p)


def _parts_row(state: dict[str, Any], colour: int, x: float, y: float, active: bool, two: bool,
               choices: dict[str, str | None], selected: tuple[str, ...], T: Translator) -> str:
    out = [text(x, y + 14, T("round:"), font_size=11, fill="#555")]
    xx = x + 44
    if two:
        token = f"as {COLOURS[colour]}"
        attrs = _interactive(token, choices, selected) if active else {}
        ring = {"chosen": "#e0a800", "choice": "#222"}.get(attrs.get("class_", ""), "none")
        out.append(el("g", el("rect", x=xx, y=y, width=48, height=20, rx=4, fill=COLOUR_HEX[colour],
                              stroke=ring, stroke_width=3),
                      text(xx + 24, y + 14, T(COLOURS[colour]), text_anchor="middle", font_size=11, fill="#fff"),
                      el("title", T("Build in {colour}", colour=T(COLOURS[colour]))),
                      class_="colour-chip " + attrs.pop("class_", ""), **_focusable(attrs)))
        xx += 54
    for size in SIZES:
        for _ in range(state["selected"][colour][size - 1]):
            token = f"storeys {size}"
            attrs = _interactive(token, choices, selected) if active else {}
            if two and attrs and _selected_token(selected, "as ") not in (None, f"as {COLOURS[colour]}"):
                attrs = {}
            cls = "part " + attrs.pop("class_", "")
            ring = "#e0a800" if "chosen" in cls else ("#2f6fd1" if "choice" in cls else "none")
            h = 8 + 4 * size
            out.append(el("g",
                          el("rect", x=xx, y=y + 24 - h, width=18, height=h, rx=2,
                             fill=COLOUR_HEX[colour], stroke=ring, stroke_width=3),
                          text(xx + 9, y + 21, size, text_anchor="middle", font_size=10, fill="#fff"),
                          el("title", T("{n}-storey part", n=size)),
                          class_=cls.strip(), **_focusable(attrs)))
            xx += 22
    return el("g", *out, class_="chosen-parts")


def _pick_row(state: dict[str, Any], p: int, x: float, y: float, choices: dict[str, str | None],
              T: Translator) -> str:
    colour = rules.picking_colour(state, p)
    out = []
    for i, size in enumerate(SIZES):
        left = state["supply"][colour][size - 1]
        attrs = clickable(choices, f"pick {size}")
        xx = x + i * 44
        out.append(el("g",
                      el("rect", x=xx, y=y, width=40, height=24, rx=4,
                         fill=COLOUR_HEX[colour] if attrs else "#ccc", stroke="#333"),
                      text(xx + 20, y + 16, T("take {n}", n=size), text_anchor="middle", font_size=11, fill="#fff"),
                      el("title", T("Take a {n}-storey part ({left} left in the box)", n=size, left=left)),
                      class_="pick " + attrs.pop("class_", ""), **_focusable(attrs)))
    return el("g", *out, class_="pick-row")


def render(state: dict[str, Any], viewer: int | None = None, *, choices: dict[str, str | None] | None = None,
           selected: tuple[str, ...] | list[str] = (), names: list[str] | None = None,
           lang: str = "en", portrait: bool = False) -> str:
    """SVG for a (viewed) state. `choices` come from core.game.choices for the viewer;
    `portrait` stacks the drawing for a tall, narrow screen (see PW)."""
    T = Translator(lang)
    choices = choices or {}
    selected = tuple(selected)
    names = [str(n) for n in names] if names else [T("Player {n}", n=i + 1) for i in range(state["players"])]
    board = _board(state, viewer, choices, selected, T)
    n = state["players"]
    if portrait:
        own = viewer if viewer is not None else state["turn"]
        top = PBY + BOARD_PX_H + 16
        width, height = PW, top + n * PANEL_H + (n - 1) * PGAP + 28
        # Document order is reading and tab order: board, own seat, then around the table.
        seats = [_panel(state, (own + k) % n, viewer, choices, selected, names, T,
                        (PBX, top + k * (PANEL_H + PGAP), BOARD_PX_W), True) for k in range(n)]
        board = el("g", board, transform=f"translate({PBX - BX},{PBY - BY})")
    else:
        width, height = W, H
        seats = [_panel(state, p, viewer, choices, selected, names, T) for p in range(n)]
    info = T("Round {n} of {total}", n=state["round"], total=state["rounds"])
    body = [_pattern_defs(), el("rect", x=0, y=0, width=width, height=height, fill="#fbfaf6", class_="bg"),
            board, *seats,
            text(width - 12, height - 10, info, text_anchor="end", font_size=12, fill="#555", class_="round")]
    # A group, not an image: it holds buttons (an image's children are not reachable).
    return document(width, height, *body, class_="manhattan-board portrait" if portrait else "manhattan-board",
                    role="group", aria_label=T("Manhattan board, {info}", info=info))
