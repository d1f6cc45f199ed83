"""Brussels 1893 as SVG text: a pure function of (view, viewer, choices).

Like the other renderers: no DOM, testable in CPython. Every move is one click. A legal
move is drawn where it happens when it has a place on the boards (a cell, a fleur-de-lis,
a Brussels action, a noble, a market square, a studio stack, a compass pointer, an
exhibition position, a Belle Époque tile, a prestige card); every other legal move gets
a button in the decision bar, so nothing legal is ever out of reach. Clickable elements
carry ``data-move`` (UI testing contract), ``role="button"`` and an accessible name.
"""
from __future__ import annotations

from typing import Any

from ...core.svg import document, el, esc, text
from .board import market_value
from .data import (
    ACTION_NAMES, ACTIVE_CELLS, AREAS, AREA_TITLES, ART_COLOURS, BE_CARDS, BE_CROSS_CELLS, BE_TILES,
    CELL_NAMES, COLOUR_HEX, COLOURS, COMPASS, EXHIBITION_GLASS, EXHIBITION_ROW, FLEUR_NAMES, FLEURS, INDICATOR,
    MARKET_COL_VP, MARKET_ROW_FR, NEUTRAL_HEX, NOBLE_DISPLAY_COST, NOBLE_EFFECTS, NOBLES, PRESTIGE, REWARDS,
    STOCK, ZONES, active_area, brussels_cost, cell_id, noble_name,
)
from .state import art_count, values
from .text import TRACKS, cubes_text, noble_title, prompt

CELL = 86
AX, AY = 420, 58  # Art Nouveau board origin (top-left of row 5)
BLOCK_W = 262
ACTION_TINT = {"S": "#ead9f3", "V": "#f8e1c0", "N": "#f3d0d5", "M": "#d4e9d0", "B": "#d2dff0"}
ACTION_INK = {"S": "#5b2d78", "V": "#8a4d00", "N": "#8b1f2f", "M": "#24602a", "B": "#1f4a80"}
ART_HEX = {"yellow": "#e2b500", "blue": "#2d6cc0", "brown": "#8a5a2b", "green": "#3b9a48", "black": "#222",
           "white": "#f4f4f4"}
CUBE_HEX = {"wood": "#8a5a2b", "iron": "#d4a514", "stone": "#4c79b8", "glass": "#bfe3ec", "wild": "#f4f4f4",
            "fr3": "#e8c547"}
TARGET = "#1f6fd1"
REWARD_SHORT = {"F": "fleur", "C": "crown", "A": "arch.", "M": "court"}


def _hex(p: int) -> str:
    return NEUTRAL_HEX if p == -2 else COLOUR_HEX[COLOURS[p]]


def _click(choices: dict[str, str | None] | None, token: str, label: str) -> dict[str, Any]:
    if not choices or token not in choices or choices[token] is None:
        return {}
    return {"data_move": choices[token], "role": "button", "tabindex": 0, "aria_label": label}


def _title(words: object) -> str:
    return el("title", esc(words))


def _cls(name: str, attrs: dict[str, Any]) -> str:
    return f"{name} choice" if attrs else name


class Ctx:
    """What one render needs: the state, who looks, the clickable tokens, and which
    of them the boards have drawn (the decision bar draws the rest)."""

    def __init__(self, state: dict[str, Any], viewer: int | None, choices: dict[str, str | None] | None,
                 names: list[str]) -> None:
        self.s = state
        self.viewer = viewer
        self.choices = choices or {}
        self.names = names
        self.drawn: set[str] = set()

    def click(self, token: str, label: str) -> dict[str, Any]:
        attrs = _click(self.choices, token, label)
        if attrs:
            self.drawn.add(token)
        return attrs


def _pawn(cx: float, cy: float, colour: str, title: str, s: float = 1.0) -> str:
    return el("g",
              el("circle", cx=cx, cy=cy - 6 * s, r=4.6 * s, fill=colour, stroke="#fff", stroke_width=1.1),
              el("path", d=f"M{cx - 7 * s:g} {cy + 8 * s:g}q0 -11 {7 * s:g} -11q{7 * s:g} 0 {7 * s:g} 11z",
                 fill=colour, stroke="#fff", stroke_width=1.1),
              _title(title), class_="architect", pointer_events="none")


def _house(x: float, y: float, colour: str, title: str, s: float = 1.0) -> str:
    return el("g", el("path", d=f"M{x:g} {y + 12 * s:g}l{12 * s:g} {-11 * s:g}l{12 * s:g} {11 * s:g}v{13 * s:g}"
                                f"h{-24 * s:g}z", fill=colour, stroke="#222", stroke_width=1.2),
              el("rect", x=x + 9 * s, y=y + 16 * s, width=6 * s, height=9 * s, fill="#fff", opacity=0.7),
              _title(title), class_="house", pointer_events="none")


def _button(x: float, y: float, w: float, label: str, attrs: dict[str, Any], fill: str = TARGET,
            h: float = 24) -> str:
    return el("g", el("rect", x=x, y=y, width=w, height=h, rx=5, fill=fill, stroke="#173d6e"),
              text(x + w / 2, y + h / 2 + 4, label, font_size=11.5, font_weight="bold", fill="#fff",
                   text_anchor="middle"),
              class_=_cls("button", attrs), **attrs)


def _name(ctx: Ctx, p: int) -> str:
    if p == -2:
        return "Neutral"
    return ctx.names[p] if p < len(ctx.names) else f"Player {p + 1}"


# ---------------------------------------------------------------- Art Nouveau board
def _cell_xy(cell: int) -> tuple[float, float]:
    c, r = cell % 5, cell // 5
    return AX + c * CELL, AY + (4 - r) * CELL


def _art_nouveau(ctx: Ctx) -> str:
    s = ctx.s
    out = [el("rect", x=AX - 22, y=AY - 26, width=5 * CELL + 30, height=5 * CELL + 34, rx=8, fill="#efe6d2",
              stroke="#b9a77f")]
    out.append(text(AX, AY - 10, "Art Nouveau board", font_size=13, font_weight="bold", fill="#5a4a2a"))
    active = ACTIVE_CELLS[s["square"]] if s["square"] is not None else frozenset(range(25))
    cross = set(BE_CROSS_CELLS if s["be"] else ())
    for cell in range(25):
        x, y = _cell_xy(cell)
        letter = s["grid"][cell]
        on = cell in active
        name = CELL_NAMES[cell]
        out.append(el("rect", x=x + 1, y=y + 1, width=CELL - 2, height=CELL - 2, rx=4, fill=ACTION_TINT[letter],
                      opacity=1 if on or s["square"] is None else 0.45, stroke="#a08d63", stroke_width=0.8,
                      data_cell=name, class_="cell" + (" active" if on and s["square"] is not None else "")))
        out.append(text(x + 6, y + 15, ACTION_NAMES[letter].capitalize(), font_size=11, font_weight="bold",
                        fill=ACTION_INK[letter], opacity=1 if on or s["square"] is None else 0.55))
        out.append(text(x + CELL - 5, y + CELL - 6, name, font_size=8.5, fill="#7b6b4a", text_anchor="end"))
        if cell in cross:
            out.append(el("g", el("rect", x=x + CELL - 30, y=y + 5, width=24, height=24, rx=3, fill="#6b5320",
                                  stroke="#e0c060"),
                          text(x + CELL - 18, y + 21, "BE", font_size=9, font_weight="bold", fill="#f3e3a6",
                               text_anchor="middle"),
                          _title("Belle Époque tile (face down): no house here; an architect placed here "
                                      "may also go to a Belle Époque tile"), class_="be-cross", pointer_events="none"))
        owner = s["house"][cell]
        if owner >= 0:
            out.append(_house(x + 8, y + 30, _hex(owner), f"House of {_name(ctx, owner)}", 1.3))
        a = s["arch"][cell]
        if a != -1:
            out.append(_pawn(x + CELL / 2 + 12, y + CELL / 2 + 8, _hex(a), f"Architect of {_name(ctx, a)}", 1.5))
            if a >= 0:
                out.append(el("g", el("circle", cx=x + CELL - 16, cy=y + CELL - 26, r=10, fill="#e8c547",
                                      stroke="#8a6d00"),
                              text(x + CELL - 16, y + CELL - 22, s["francs"][cell], font_size=11, font_weight="bold",
                                   fill="#3d2f00", text_anchor="middle"),
                              _title(f"{s['francs'][cell]} francs under it"), class_="francs",
                              pointer_events="none"))
    # The cell the current decision is about (francs to put, a house being paid for).
    f = s["frames"][-1] if s["frames"] else None
    focus = f.get("cell") if f and f["k"] in ("francs", "build") else None
    if focus is not None:
        x, y = _cell_xy(focus)
        out.append(el("rect", x=x + 2, y=y + 2, width=CELL - 4, height=CELL - 4, rx=6, fill="none",
                      stroke="#e0a800", stroke_width=4, stroke_dasharray="7 4", class_="focus",
                      pointer_events="none"))
    # Active area outline.
    if s["square"] is not None:
        cols, rows = active_area(s["square"])
        x0, y0 = AX + (cols[0] - 1) * CELL, AY + (5 - rows[-1]) * CELL
        out.append(el("rect", x=x0, y=y0, width=len(cols) * CELL, height=len(rows) * CELL, fill="none",
                      stroke="#1e8a3c", stroke_width=4, rx=4, class_="active-area", pointer_events="none"))
    # Clickable cells.
    for token, verb in ((f"{v} {n}", v) for v in ("place", "neutral", "house") for n in CELL_NAMES):
        attrs = ctx.click(token, {"place": "Place an architect on ", "neutral": "Neutral architect on ",
                                  "house": "Build the house on "}[verb] + token.split()[1])
        if attrs:
            x, y = _cell_xy(CELL_NAMES.index(token.split()[1]))
            out.append(el("rect", x=x + 3, y=y + 3, width=CELL - 6, height=CELL - 6, rx=6, fill=TARGET,
                          fill_opacity=0.22, stroke=TARGET, stroke_width=3, data_cell=token.split()[1], class_="choice",
                          **attrs))
    # Fleurs-de-lis at the intersections, and the try square.
    for i, (fx, fy) in enumerate(FLEURS):
        cx, cy = AX + fx * CELL, AY + (5 - fy) * CELL
        here = s["square"] == i
        attrs = ctx.click(f"square {FLEUR_NAMES[i]}", f"Try square on fleur-de-lis {FLEUR_NAMES[i]}")
        r = 11 if attrs else 6
        out.append(el("g", el("circle", cx=cx, cy=cy, r=r, fill="#f7e7a1" if not attrs else TARGET,
                              fill_opacity=1 if not attrs else 0.8, stroke="#8a6d00", stroke_width=1.4),
                      text(cx, cy + 3.5, FLEUR_NAMES[i], font_size=7.5 if not attrs else 9, fill="#5a4200"
                           if not attrs else "#fff", text_anchor="middle"),
                      _title(f"Fleur-de-lis {FLEUR_NAMES[i]}"),
                      class_=_cls("fleur", attrs), data_fleur=FLEUR_NAMES[i], **attrs))
        if here:
            cols, rows = active_area(i)
            dx = 1 if cols[0] > fx else -1
            dy = -1 if rows[0] > fy else 1
            out.append(el("path", d=f"M{cx + dx * 34:g} {cy:g}H{cx:g}V{cy + dy * 34:g}", fill="none",
                          stroke="#3b2a10", stroke_width=6, stroke_linecap="round", class_="try-square",
                          pointer_events="none"))
    return el("g", *out, class_="art-nouveau")


def _strip(ctx: Ctx) -> tuple[str, float]:
    s = ctx.s
    y = AY + 5 * CELL + 12
    out = []
    cols = active_area(s["square"])[0] if s["square"] is not None else ()
    for c in range(5):
        x = AX + c * CELL + 3
        card = s["strip"][c]
        attrs = ctx.click(f"prestige {c + 1}", f"Take prestige card under column {c + 1}")
        ring = TARGET if attrs else ("#1e8a3c" if c + 1 in cols else "#b9a77f")
        parts = [el("rect", x=x, y=y, width=CELL - 6, height=66, rx=5, fill="#fdf7e6" if card else "#ece6d8",
                    stroke=ring, stroke_width=3 if attrs or c + 1 in cols else 1)]
        if card:
            letters, kind, man, icon = PRESTIGE[card]
            sep = " or " if kind == "choice" else " + "
            words = sep.join(REWARD_SHORT[x_] for x_ in letters) if kind != "single" else REWARD_SHORT[letters]
            parts.append(text(x + 5, y + 13, card, font_size=9, fill="#7b6b4a"))
            parts.append(text(x + (CELL - 6) / 2, y + 32, words, font_size=10, font_weight="bold", fill="#3d3220",
                              text_anchor="middle"))
            if man:
                parts.append(text(x + 6, y + 58, f"MP×{man}", font_size=9, fill="#2f62b3"))
            if icon:
                parts.append(el("circle", cx=x + CELL - 20, cy=y + 54, r=8, fill="#fff", stroke="#8a6d00"))
                parts.append(text(x + CELL - 20, y + 58, f"+{icon}", font_size=9, font_weight="bold", fill="#8a6d00",
                                  text_anchor="middle"))
            title = (f"Prestige card {card}: {(' or ' if kind == 'choice' else ' and ').join(REWARDS[l_] for l_ in letters)}"
                     f"; {man} Manneken-Pis; " + (f"tuck for +{icon}" if icon else "cannot be tucked"))
            parts.append(_title(title))
        out.append(el("g", *parts, class_=_cls("prestige-card", attrs), data_column=c + 1, **attrs))
    deck = len(s["prestige_deck"])
    out.append(text(AX - 18, y + 80, f"Prestige strip (columns 1-5) · deck {deck}", font_size=10, fill="#5a4a2a"))
    return el("g", *out, class_="prestige-strip"), y + 86


# ---------------------------------------------------------------- Brussels board
def _brussels(ctx: Ctx) -> tuple[str, float]:
    s = ctx.s
    x0, y0 = 12, 30
    out = [el("rect", x=x0 - 4, y=y0 - 22, width=392, height=10, fill="none"),
           text(x0, y0 - 8, "Brussels", font_size=13, font_weight="bold", fill="#3a3a52")]
    # The four actions.
    for i, area in enumerate(AREAS):
        x = x0 + (i % 2) * 196
        y = y0 + (i // 2) * 92
        visits = s["visits"][area]
        need = brussels_cost(s["players"], len(visits) + 1)
        attrs = ctx.click(f"visit {area}", f"{AREA_TITLES[area]}: place {need} meeple(s)")
        sub = {"bourse": f"+{STOCK[s['stock']][0]} francs" if s["stock"] else "francs of the stock card",
               "grandplace": "use nobles (crown track)", "park": "copy an Art Nouveau action",
               "market": "up to 3 wildcards"}[area]
        parts = [el("rect", x=x, y=y, width=188, height=86, rx=6, fill="#e4e2ef",
                    stroke=TARGET if attrs else "#8f8cab", stroke_width=3 if attrs else 1),
                 text(x + 8, y + 17, AREA_TITLES[area], font_size=12, font_weight="bold", fill="#2e2b4f"),
                 text(x + 8, y + 31, sub, font_size=9.5, fill="#4a4766"),
                 text(x + 180, y + 17, f"next: {need}", font_size=10, fill="#4a4766", text_anchor="end")]
        px = x + 14
        for q, a, t in visits:
            for k in range(a + t):
                colour = _hex(q) if k < a else "#c9a227"
                parts.append(_pawn(px, y + 60, colour, f"{_name(ctx, q)}" + (" (traveller)" if k >= a else ""),
                                   0.9))
                px += 13
            px += 6
        parts.append(_title(f"{AREA_TITLES[area]}: {sub}; the next visit needs {need} meeple(s)"))
        out.append(el("g", *parts, class_=_cls("brussels-action", attrs), data_area=area, **attrs))
    y = y0 + 186
    # Court, stock card, train.
    out.append(el("rect", x=x0, y=y, width=188, height=46, rx=6, fill="#e9e1e1", stroke="#a88"))
    out.append(text(x0 + 8, y + 15, "Court (Palais de Justice)", font_size=10.5, font_weight="bold", fill="#5a2d2d"))
    px = x0 + 12
    for p, pl in enumerate(s["pl"]):
        for _ in range(pl["court"]):
            out.append(_pawn(px, y + 33, _hex(p), f"{_name(ctx, p)}: architect in court", 0.8))
            px += 11
        px += 4
    stock = s["stock"]
    out.append(el("rect", x=x0 + 196, y=y, width=188, height=46, rx=6, fill="#eef3e6", stroke="#8a9a6b"))
    if stock:
        fr, coords = STOCK[stock]
        a, b = coords[s["players"]]
        out.append(text(x0 + 204, y + 16, f"Stock exchange {stock}: {fr} francs", font_size=10.5, font_weight="bold",
                        fill="#3b4a1e"))
        out.append(text(x0 + 204, y + 32, f"try square: {a} or {b}", font_size=10, fill="#3b4a1e"))
    else:
        out.append(text(x0 + 204, y + 16, "Stock exchange: no card", font_size=10.5, fill="#3b4a1e"))
    out.append(text(x0 + 204, y + 43, f"cards left {len(s['stock_deck'])}" + (
        f" · train: {s['train']} travellers" if s["be"] else ""), font_size=9, fill="#5b6a3e"))
    y += 54
    # Noble display.
    out.append(text(x0, y + 10, "Nobles (cost 3 / 2 / 1 / 0)", font_size=11, font_weight="bold", fill="#6b1f2f"))
    y += 16
    for i, card in enumerate(s["display"]):
        x = x0 + i * 80
        attrs = ctx.click(f"noble {i + 1}", f"Buy {noble_title(card) if card else ''} for {NOBLE_DISPLAY_COST[i]}")
        out.append(_noble_card(x, y, card, NOBLE_DISPLAY_COST[i], attrs))
    reveal = s.get("reveal")
    x = x0 + 322
    attrs = ctx.click("noble top", f"Take the revealed {noble_title(reveal) if reveal else ''} for free")
    if reveal:
        out.append(_noble_card(x, y, reveal, 0, attrs, "revealed"))
    else:
        out.append(el("g", el("rect", x=x, y=y, width=62, height=78, rx=5, fill="#6b1f2f", stroke="#3b0f18"),
                      text(x + 31, y + 38, len(s["noble_deck"]), font_size=15, font_weight="bold", fill="#fff",
                           text_anchor="middle"),
                      text(x + 31, y + 54, "deck", font_size=9, fill="#f3d0d5", text_anchor="middle"),
                      _title(f"{len(s['noble_deck'])} nobles in the deck, {len(s['noble_discard'])} discarded"),
                      class_="noble-deck"))
    y += 88
    # Art market and studio.
    m, my = _market(ctx, x0, y)
    out.append(m)
    st = _studio(ctx, x0 + 200, y)
    out.append(st)
    y = max(my, y + 150)
    sup, y = _supply(ctx, x0, y)
    out.append(sup)
    comp, cy = _compass(ctx, x0 + 200, y - 96)
    out.append(comp)
    return el("g", *out, class_="brussels"), max(y, cy)


def _noble_card(x: float, y: float, card: str | None, cost: int, attrs: dict[str, Any], kind: str = "slot") -> str:
    ring = TARGET if attrs else "#8b1f2f"
    if not card:
        return el("g", el("rect", x=x, y=y, width=74, height=78, rx=5, fill="#f1ecec", stroke="#ccc"),
                  text(x + 37, y + 72, f"{cost} fr", font_size=9, fill="#999", text_anchor="middle"),
                  class_="noble empty")
    name = noble_name(card)
    title, _, upkeep = NOBLES[name]
    first, last = title.rsplit(" ", 1) if " " in title else ("", title)
    return el("g", el("rect", x=x, y=y, width=74, height=78, rx=5, fill="#fbeef0", stroke=ring,
                      stroke_width=3 if attrs else 1.2),
              text(x + 37, y + 14, first, font_size=8.5, fill="#6b1f2f", text_anchor="middle"),
              text(x + 37, y + 27, last, font_size=10.5, font_weight="bold", fill="#6b1f2f", text_anchor="middle"),
              text(x + 37, y + 44, _short_effect(name), font_size=8.5, fill="#333", text_anchor="middle"),
              text(x + 5, y + 72, f"upkeep {upkeep}", font_size=8, fill="#777"),
              text(x + 69, y + 72, f"{cost} fr" if kind == "slot" else "free", font_size=10, font_weight="bold",
                   fill="#3b0f18", text_anchor="end"),
              _title(f"{title}: {NOBLE_EFFECTS[name]}; upkeep {upkeep} francs at the end"),
              class_=_cls("noble " + kind, attrs), data_noble=name, **attrs)


def _short_effect(name: str) -> str:
    return {"brugmann": "+5 francs", "empain": "+2 wildcards", "solvay": "+1 material", "buls": "fleur +1",
            "albert": "crown +1", "velde": "architect +1", "vandervelde": "court → 1",
            "maeterlinck": "+5 points", "nagelmackers": "+1 traveller", "privat": "white art tile"}[name]


def _market(ctx: Ctx, x0: float, y0: float) -> tuple[str, float]:
    s = ctx.s
    g = 24
    out = [text(x0, y0 + 10, "Art market", font_size=11, font_weight="bold", fill="#8a4d00")]
    gx, gy = x0 + 22, y0 + 18
    pos = s["market"]["pos"]
    for row in range(5):
        for col in range(5):
            x, y = gx + col * g, gy + (4 - row) * g
            out.append(el("rect", x=x, y=y, width=g, height=g, fill="#fbf1de", stroke="#d8b98a", stroke_width=0.8))
    for col in range(5):
        out.append(text(gx + col * g + g / 2, gy + 5 * g + 11, f"{MARKET_COL_VP[col]}", font_size=9,
                        fill="#8a4d00", text_anchor="middle"))
    for row in range(5):
        out.append(text(gx - 4, gy + (4 - row) * g + 16, f"{MARKET_ROW_FR[row]}fr", font_size=8.5, fill="#8a4d00",
                        text_anchor="end"))
    out.append(text(gx + 2.5 * g, gy + 5 * g + 21, "points by column, francs by row", font_size=8, fill="#8a4d00",
                    text_anchor="middle"))
    # The indicator: a 3x3 frame with its coloured squares.
    ix, iy = gx + (pos[0] - 2) * g, gy + (4 - pos[1]) * g
    out.append(el("rect", x=ix, y=iy, width=3 * g, height=3 * g, fill="none", stroke="#222", stroke_width=2.5,
                  class_="indicator"))
    for colour in ART_COLOURS:
        vp, fr = market_value(tuple(pos), colour)
        dx, dy = INDICATOR[colour]
        cx, cy = gx + (pos[0] - 1 + dx) * g, gy + (4 - (pos[1] - 1 + dy)) * g
        out.append(el("rect", x=cx + 4, y=cy + 4, width=g - 8, height=g - 8, fill=ART_HEX[colour], stroke="#fff",
                      class_="indicator-square", pointer_events="none"))
        out.append(_title(f"{colour}: {vp} points, {fr} francs"))
    for token, move in sorted(ctx.choices.items()):
        words = token.split()
        if words[0] == "indicator" and move:
            x, y = int(words[1]), int(words[2])
            cx, cy = gx + (x - 1) * g, gy + (4 - (y - 1)) * g
            attrs = ctx.click(token, f"Move the indicator's centre to {x},{y}")
            out.append(el("rect", x=cx + 2, y=cy + 2, width=g - 4, height=g - 4, rx=4, fill=TARGET, fill_opacity=0.45,
                          stroke=TARGET, stroke_width=2, data_market=f"{x} {y}", class_="choice", **attrs))
    # The two display slots.
    sx = gx + 5 * g + 10
    out.append(text(sx, gy + 6, "shown", font_size=8.5, fill="#8a4d00"))
    for i, tile in enumerate(s["market"]["slots"]):
        y = gy + 12 + i * 40
        token = next((t for t in (f"return {i + 1}", f"clear {i + 1}") if t in ctx.choices), "")
        attrs = ctx.click(token, f"Send the market tile {i + 1} back to the studio") if token else {}
        colour = "white" if tile and tile.startswith("white") else tile
        out.append(el("g", el("rect", x=sx, y=y, width=34, height=34, rx=4, fill=ART_HEX.get(colour, "#eee"),
                              stroke=TARGET if attrs else "#999", stroke_width=3 if attrs else 1),
                      _title(f"Market slot {i + 1}: {colour or 'empty'}"), class_=_cls("market-slot", attrs),
                      data_slot=i + 1, **attrs))
    return el("g", *out, class_="art-market"), gy + 5 * g + 26


def _studio(ctx: Ctx, x0: float, y0: float) -> str:
    s = ctx.s
    out = [text(x0, y0 + 10, "Studio", font_size=11, font_weight="bold", fill="#5b2d78")]
    for i, colour in enumerate(ART_COLOURS):
        x, y = x0 + (i % 3) * 62, y0 + 18 + (i // 3) * 50
        attrs = ctx.click(f"art {colour}", f"Take a {colour} art tile")
        out.append(el("g", el("rect", x=x, y=y, width=54, height=42, rx=5, fill=ART_HEX[colour],
                              stroke=TARGET if attrs else "#555", stroke_width=3.5 if attrs else 1),
                      text(x + 27, y + 27, s["studio"][colour], font_size=14, font_weight="bold",
                           fill="#fff" if colour not in ("yellow",) else "#222", text_anchor="middle"),
                      _title(f"{s['studio'][colour]} {colour} art tiles in the studio"
                              + (" (black only by the free studio action)" if colour == "black" else "")),
                      class_=_cls("studio-stack", attrs), data_colour=colour, **attrs))
    return el("g", *out, class_="studio")


def _supply(ctx: Ctx, x0: float, y0: float) -> tuple[str, float]:
    s = ctx.s
    out = [text(x0, y0 + 10, "Materials supply", font_size=11, font_weight="bold", fill="#24602a")]
    kinds = ["wood", "iron", "stone"] + (["glass"] if s["be"] else []) + ["wild"]
    for i, c in enumerate(kinds):
        x, y = x0 + (i % 3) * 62, y0 + 18 + (i // 3) * 34
        out.append(el("g", el("rect", x=x, y=y, width=24, height=24, rx=3, fill=CUBE_HEX[c], stroke="#555"),
                      text(x + 30, y + 17, s["supply"][c], font_size=12, font_weight="bold", fill="#24602a"),
                      _title(f"{s['supply'][c]} {c if c != 'wild' else 'wildcard'} cubes left"),
                      class_="supply", data_cube=c))
        out.append(text(x + 12, y + 34, c if c != "wild" else "wild", font_size=7.5, fill="#555",
                        text_anchor="middle"))
    return el("g", *out, class_="materials"), y0 + 18 + ((len(kinds) + 2) // 3) * 34 + 8


def _compass(ctx: Ctx, x0: float, y0: float) -> tuple[str, float]:
    import math

    s = ctx.s
    cx, cy, r = x0 + 94, y0 + 62, 52
    out = [text(x0, y0 + 10, "Compass", font_size=11, font_weight="bold", fill="#333")]
    out.append(el("circle", cx=cx, cy=cy, r=r, fill="#f6f1e4", stroke="#8a7a55", stroke_width=1.5))
    arrow = s["be"] is None
    for i, seg in enumerate(COMPASS):
        ang = math.radians(-90 + i * 45)
        tx, ty = cx + math.cos(ang) * (r - 16), cy + math.sin(ang) * (r - 16)
        label = {"any1": "any", "any2": "any*", "fr3": "3fr"}.get(seg, seg)
        if arrow and i == 7:
            label = "→iron"
        out.append(text(tx, ty + 3, label, font_size=8.5, fill="#333", text_anchor="middle"))
        lx, ly = cx + math.cos(math.radians(-90 + i * 45 + 22.5)) * r, cy + math.sin(math.radians(-90 + i * 45 + 22.5)) * r
        out.append(el("path", d=f"M{cx:g} {cy:g}L{lx:.1f} {ly:.1f}", stroke="#d8ccb0", stroke_width=0.8))
    for seg in s["pointers"]:
        ang = math.radians(-90 + seg * 45)
        px, py = cx + math.cos(ang) * (r - 26), cy + math.sin(ang) * (r - 26)
        token = f"turn {COMPASS[seg]}"
        attrs = ctx.click(token, f"Turn the {COMPASS[seg]} pointer clockwise")
        out.append(el("g", el("path", d=f"M{cx:g} {cy:g}L{px:.1f} {py:.1f}", stroke=TARGET if attrs else "#222",
                              stroke_width=5 if attrs else 3, stroke_linecap="round"),
                      el("circle", cx=f"{px:.1f}", cy=f"{py:.1f}", r=7 if attrs else 3,
                         fill=TARGET if attrs else "#222"),
                      _title(f"Pointer on {COMPASS[seg]}"), class_=_cls("pointer", attrs), data_segment=COMPASS[seg],
                      **attrs))
    out.append(el("circle", cx=cx, cy=cy, r=4, fill="#222"))
    return el("g", *out, class_="compass"), cy + r + 8


# ---------------------------------------------------------------- Belle Époque board
def _belle_epoque(ctx: Ctx, x0: float, y0: float) -> tuple[str, float]:
    s = ctx.s
    be = s["be"]
    out = [text(x0, y0 + 10, "Belle Époque board: exhibition halls (one per row)", font_size=12,
                font_weight="bold", fill="#6b5320")]
    for i in range(5):
        y = AY + (5 - EXHIBITION_ROW[i]) * CELL + 4
        attrs = ctx.click(f"hall {i + 1}", f"Build an exhibition hall at position {i + 1}")
        owner = be["halls"][i]
        card = be["cards"][i]
        parts = [el("rect", x=x0, y=y, width=300, height=CELL - 8, rx=6, fill="#f7efd6",
                    stroke=TARGET if attrs else "#b39a55", stroke_width=3 if attrs else 1),
                 text(x0 + 8, y + 16, f"E{i + 1} · row {EXHIBITION_ROW[i]}", font_size=10.5, font_weight="bold",
                      fill="#6b5320"),
                 text(x0 + 292, y + 16, f"+{EXHIBITION_GLASS[i]} glass" if EXHIBITION_GLASS[i] else "no surcharge",
                      font_size=9.5, fill="#4a8ea0", text_anchor="end")]
        if card:
            trig, what = BE_CARDS[card]
            parts.append(text(x0 + 8, y + 34, f"{card} ({trig})", font_size=10, font_weight="bold", fill="#333"))
            parts += _wrap(x0 + 8, y + 48, what, 54, font_size=9, fill="#333")
            parts.append(_title(f"Card {card} ({trig}): {what}"))
        if owner >= 0:
            parts.append(_house(x0 + 262, y + 36, _hex(owner), f"Exhibition hall of {_name(ctx, owner)}", 1.2))
        out.append(el("g", *parts, class_=_cls("exhibition", attrs), data_position=i + 1, **attrs))
    y = AY + 5 * CELL + 10
    out.append(text(x0, y + 8, "Belle Époque tiles (an architect here stays to the end)", font_size=10.5,
                    font_weight="bold", fill="#6b5320"))
    for i, tile in enumerate(be["tiles"]):
        tx, ty = x0 + (i % 3) * 102, y + 14 + (i // 3) * 50
        attrs = ctx.click(f"tile {i + 1}", f"Put an architect on tile {tile}")
        parts = [el("rect", x=tx, y=ty, width=96, height=44, rx=5, fill="#efe0b0",
                    stroke=TARGET if attrs else "#8a6d00", stroke_width=3 if attrs else 1),
                 text(tx + 6, ty + 14, tile, font_size=10, font_weight="bold", fill="#5a4200")]
        parts += _wrap(tx + 6, ty + 26, BE_TILES[tile], 22, font_size=7.5, fill="#333", lines=2)
        if be["tile_arch"][i] >= 0:
            parts.append(_pawn(tx + 84, ty + 20, _hex(be["tile_arch"][i]), f"{_name(ctx, be['tile_arch'][i])}", 1))
        parts.append(_title(f"{tile}: {BE_TILES[tile]}"))
        out.append(el("g", *parts, class_=_cls("be-tile", attrs), data_slot=i + 1, **attrs))
    return el("g", *out, class_="belle-epoque"), y + 14 + ((len(be["tiles"]) + 2) // 3) * 50


def _wrap(x: float, y: float, words: str, width: int, lines: int = 2, **attrs: Any) -> list[str]:
    out, line, rows = [], "", []
    for w in words.split():
        if len(line) + len(w) + 1 > width and line:
            rows.append(line)
            line = w
        else:
            line = f"{line} {w}".strip()
    rows.append(line)
    if len(rows) > lines:
        rows = rows[:lines]
        rows[-1] = rows[-1][: width - 1] + "…"
    for i, r in enumerate(rows):
        out.append(text(x, y + i * 11, r, **attrs))
    return out


# ---------------------------------------------------------------- decision bar
def label(move: str) -> str:
    """A short button label for a move (the full text is the move itself)."""
    w = move.split()
    v, a = w[0], w[1:]
    if v == "francs":
        return f"{a[0]} fr"
    if v == "pay":
        return cubes_text(a).replace("wildcard", "wild")
    if v == "cubes":
        return " + ".join(a)
    if v == "cube":
        return a[0]
    if v == "solvay":
        return " + ".join(a[1:]) + " for a wild" if a[0] == "wild" else a[0]
    if v == "reward":
        return f"{a[1]}"
    if v == "tuck":
        return f"tuck: {a[1]}"
    if v == "activate":
        return NOBLES[a[0]][0].split()[-1]
    if v == "cashin":
        return f"cash {NOBLES[a[0]][0].split()[-1]}"
    if v == "forfeit":
        return "give up " + ", ".join(NOBLES[n][0].split()[-1] for n in a)
    if v == "refresh":
        return "discard " + ",".join(a)
    if v == "adjust":
        return f"{a[0]} {'↻' if a[1] == 'cw' else '↺'}"
    if v == "reclaim":
        return f"{a[0]}: {a[1]} fr"
    if v == "give":
        return f"give {a[1]} art" if a[0] == "art" else "give " + " + ".join(a)
    if v == "wild":
        return f"{a[0]} wild"
    if v == "extra":
        return f"extra turn ({a[0]})"
    if v == "copy":
        return a[0]
    if v == "sell":
        return f"sell {a[0]}" if len(a) == 1 else f"white as {a[2]}"
    if v == "flip":
        return f"flip {a[0]}"
    if v == "swap":
        return f"wild → {a[0]}"
    if v == "zone":
        return a[0]
    if v == "art":
        return a[0]
    return " ".join(w)


def _decision_bar(ctx: Ctx, x0: float, y0: float, width: float) -> tuple[str, float]:
    rest = [t for t, m in ctx.choices.items() if m and t not in ctx.drawn]
    if not rest and not ctx.choices:
        return "", y0
    order = {"pass": 2, "skip": 1, "done": 1, "decline": 1}
    rest.sort(key=lambda t: (order.get(t.split()[0], 0), _sort_key(t)))
    out = []
    title = prompt(ctx.s) if ctx.choices else ""
    out.append(text(x0, y0 + 12, title[:120] + ("…" if len(title) > 120 else ""), font_size=11, fill="#1f3f6b",
                    class_="decision-prompt"))
    x, y = x0, y0 + 20
    for t in rest:
        lab = label(t)
        w = max(44, 7.2 * len(lab) + 16)
        if x + w > x0 + width:
            x, y = x0, y + 30
        colour = "#6b6f78" if t.split()[0] in order else TARGET
        attrs = ctx.click(t, t)
        out.append(_button(x, y, w, lab, attrs, colour))
        x += w + 6
    return el("g", *out, class_="decision-bar"), y + 32


def _sort_key(token: str) -> tuple:
    words = token.split()
    return tuple((0, int(w)) if w.isdigit() else (1, w) for w in words)


# ---------------------------------------------------------------- players
def _player_block(ctx: Ctx, p: int, x0: float, y0: float) -> str:
    s = ctx.s
    pl = s["pl"][p]
    v = values(s, p)
    colour = _hex(p)
    to_move = None
    if s["phase"] != "over":
        to_move = s["frames"][-1]["p"] if s["frames"] else s["turn"]
    active = to_move == p
    h = 300
    out = [el("rect", x=x0, y=y0, width=BLOCK_W - 6, height=h, rx=8, fill="#fff7d6" if active else "#f6f3ec",
              stroke="#e0a800" if active else "#cfc6b2", stroke_width=3 if active else 1,
              class_="player-board" + (" active" if active else ""))]
    out.append(el("rect", x=x0 + 8, y=y0 + 8, width=14, height=14, rx=3, fill=colour))
    name = _name(ctx, p)
    name = name if len(name) <= 20 else name[:19] + "…"
    out.append(text(x0 + 28, y0 + 20, name + (" (you)" if p == ctx.viewer else ""), font_size=12,
                    font_weight="bold", fill="#222", class_="seat-name"))
    out.append(text(x0 + BLOCK_W - 14, y0 + 21, pl["score"], font_size=17, font_weight="bold", fill="#222",
                    text_anchor="end", class_="score"))
    tags = []
    if s["start"] == p:
        tags.append("start player")
    if s["passed"][p] and s["phase"] == "actions":
        tags.append("passed")
    if pl["score"] >= 100:
        tags.append(f"{pl['score'] // 100}×100 tile")
    board = "side A" if pl["board"] == "A" else f"B: {pl['board'].capitalize()}"
    out.append(text(x0 + 28, y0 + 34, f"{board}" + (" · " + ", ".join(tags) if tags else ""), font_size=9.5,
                    fill="#555"))
    y = y0 + 48
    out.append(text(x0 + 8, y, f"{pl['money']} fr", font_size=12, font_weight="bold", fill="#8a6d00",
                    class_="money"))
    out.append(text(x0 + 60, y, f"architects {pl['reserve']} free · {pl['court']} court"
                    + (f" · {len(pl['tiles'])} on tiles" if pl["tiles"] else "")
                    + (f" · {pl['travellers']} trav." if pl["travellers"] else ""), font_size=9.5, fill="#333"))
    y += 10
    # Tracks.
    tracks = (("fleur", v["fleur_vp"], "pts"), ("crown", v["crown_nobles"], "nobles"),
              ("level", v["architect_vp"] + ((15,) if pl["level"] == 7 or _has_t10(s, p) else ()), "pts/bldg"))
    for key, vals, unit in tracks:
        out.append(text(x0 + 8, y + 13, TRACKS[key], font_size=9, fill="#444"))
        for i, val in enumerate(vals):
            bx = x0 + 72 + i * 24
            here = pl[key] == i + 1
            out.append(el("rect", x=bx, y=y + 2, width=22, height=15, rx=3, fill=colour if here else "#fff",
                          stroke="#999", stroke_width=0.8))
            out.append(text(bx + 11, y + 13, val, font_size=9, font_weight="bold" if here else None,
                            fill="#fff" if here else "#555", text_anchor="middle"))
        out.append(_title(f"{TRACKS[key]} track level {pl[key]}"))
        y += 18
    # Houses.
    y += 4
    out.append(text(x0 + 8, y + 13, "houses", font_size=9, fill="#444"))
    for i, cost in enumerate(v["house_cost"]):
        bx = x0 + 72 + i * 24
        built = i < pl["built"]
        out.append(el("g", el("rect", x=bx, y=y + 2, width=22, height=15, rx=3, fill="#ddd" if built else colour,
                              stroke="#666", stroke_width=0.8, opacity=0.5 if built else 1),
                      text(bx + 11, y + 13, "✓" if built else cost, font_size=9, fill="#222" if built else "#fff",
                           text_anchor="middle"),
                      _title(f"house {i + 1}: cost {cost}" + (f", +{v['house_bonus'][i]}" if v["house_bonus"][i]
                                                                    else "") + (" (built)" if built else ""))))
    y += 22
    # Zones.
    from .final import zone_count, zone_value

    for i, z in enumerate(ZONES):
        bx = x0 + 8 + i * 61
        out.append(el("g", el("rect", x=bx, y=y, width=57, height=30, rx=4, fill="#eef2f8", stroke="#9aa9c2"),
                      text(bx + 4, y + 11, z, font_size=8.5, fill="#2d3e5c"),
                      text(bx + 4, y + 25, f"{zone_value(s, p, z)}×{zone_count(s, p, z)}", font_size=11,
                           font_weight="bold", fill="#2d3e5c"),
                      _title(f"{z} zone: worth {zone_value(s, p, z)} each, {zone_count(s, p, z)} now"),
                      class_="zone", data_zone=z))
    y += 36
    # Cubes and art.
    kinds = ["wood", "iron", "stone"] + (["glass"] if s["be"] else []) + ["wild"]
    for i, c in enumerate(kinds):
        bx = x0 + 8 + i * 48
        out.append(el("g", el("rect", x=bx, y=y, width=14, height=14, rx=2, fill=CUBE_HEX[c], stroke="#555"),
                      text(bx + 18, y + 11, pl["cubes"][c], font_size=10, fill="#222"),
                      _title(f"{pl['cubes'][c]} {c}"), class_="cubes", data_cube=c))
    y += 20
    art = [(c, pl["art"][c]) for c in ART_COLOURS] + [("white", len(pl["white"]))]
    for i, (c, n) in enumerate(art):
        bx = x0 + 8 + i * 40
        out.append(el("g", el("rect", x=bx, y=y, width=14, height=14, rx=2, fill=ART_HEX[c], stroke="#555"),
                      text(bx + 18, y + 11, n, font_size=10, fill="#222"),
                      _title(f"{n} {c} art tile(s)" + (f" (from {', '.join(pl['white'])})" if c == "white" and n
                                                             else "")), class_="art", data_colour=c))
    y += 22
    # Nobles.
    nobles = [(n, pl["nobles"][n]["used"]) for n in NOBLES if n in pl["nobles"]]
    x = x0 + 8
    for n, used in nobles:
        short = NOBLES[n][0].split()[-1]
        w = 7 * len(short) + 8
        if x + w > x0 + BLOCK_W - 10:
            x, y = x0 + 8, y + 18
        out.append(el("g", el("rect", x=x, y=y, width=w, height=15, rx=3, fill="#ddd" if used else "#fbeef0",
                              stroke="#8b1f2f", stroke_width=0.8),
                      text(x + 4, y + 11, short, font_size=9, fill="#999" if used else "#6b1f2f"),
                      _title(f"{NOBLES[n][0]} ({'used this round' if used else 'ready'}): {NOBLE_EFFECTS[n]}; "
                                  f"upkeep {NOBLES[n][2]}"), class_="kept-noble" + (" used" if used else "")))
        x += w + 4
    y += 20
    extras = []
    if pl["won"] or pl["tied"]:
        extras.append("won now " + " ".join(pl["won"] + pl["tied"]))
    if pl["pass_cards"]:
        extras.append(f"first-pass cards {len(pl['pass_cards'])}")
    if pl["tucked_cards"]:
        extras.append(f"tucked {len(pl['tucked_cards'])}")
    if pl["be_cards"]:
        extras.append("cards " + " ".join(c + ("·" if used else "") for c, used in sorted(pl["be_cards"].items())))
    if pl["tiles"]:
        extras.append("tiles " + " ".join(pl["tiles"]))
    line = " · ".join(extras)
    for i, row in enumerate(_wrap(x0 + 8, y + 6, line, 44, lines=3, font_size=9, fill="#444")):
        out.append(row)
    if pl["be_cards"]:
        out.append(_title("; ".join(f"{c}: {BE_CARDS[c][1]}" + (" (used this round)" if u else "")
                                         for c, u in sorted(pl["be_cards"].items()))))
    return el("g", *out, class_="seat" + (" mine" if p == ctx.viewer else ""), data_player=p)


def _has_t10(s: dict[str, Any], p: int) -> bool:
    be = s["be"]
    return bool(be and "T10" in be["tiles"] and be["tile_arch"][be["tiles"].index("T10")] == p)


# ---------------------------------------------------------------- page
def render(state: dict[str, Any], viewer: int | None = None, *, choices: dict[str, str | None] | None = None,
           selected: tuple[str, ...] | list[str] = (), names: list[str] | None = None, **_: Any) -> str:
    """SVG for a (viewed) state. `choices` (core.game.choices for the player to move) is
    None when nobody may click."""
    names = names or [f"Player {i + 1}" for i in range(state["players"])]
    ctx = Ctx(state, viewer, choices, names)
    brussels, by = _brussels(ctx)
    board = _art_nouveau(ctx)
    strip, sy = _strip(ctx)
    parts = [brussels, board, strip]
    right_x = AX + 5 * CELL + 24
    ry = AY
    if state["be"]:
        be, ry = _belle_epoque(ctx, right_x, AY - 26)
        parts.append(be)
    else:
        parts.append(_legend(right_x, AY - 20))
        ry = AY + 200
    status = _status(state)
    parts.append(text(AX - 18, 18, status, font_size=13, font_weight="bold", fill="#222", class_="status"))
    # The decision bar goes under the Art Nouveau board, across to the right edge.
    # Only as wide as the content: the page scales the SVG to fit, so spare width shrinks it.
    width = max(right_x + 310, 16 + state["players"] * BLOCK_W)
    bar, bar_y = _decision_bar(ctx, AX - 18, max(sy, ry) + 4, width - (AX - 18) - 12)
    parts.append(bar)
    y = max(by, bar_y) + 8
    blocks = [_player_block(ctx, p, 8 + p * BLOCK_W, y) for p in range(state["players"])]
    h = y + 310
    body = [el("rect", x=0, y=0, width=width, height=h, fill="#fbfaf6", class_="bg"), *parts, *blocks]
    who = "game over" if state["phase"] == "over" else status
    return document(width, h, *body, class_="brussels-board", role="img", aria_label=f"Brussels 1893 board, {esc(who)}")


def _status(state: dict[str, Any]) -> str:
    phase = {"setup": "Setup", "planning": "Planning", "actions": "Action phase", "scoring": "Scoring phase",
             "end": "Game end", "over": "Game over"}[state["phase"]]
    return f"Round {state['round']} of 5 · {phase}" if state["phase"] != "over" else "Game over"


def _legend(x0: float, y0: float) -> str:
    rows = [
        ("Studio", "take an art tile", "S"), ("Sell", "sell an art tile (market)", "V"),
        ("Noble", "buy a noble, use it, keep or discard", "N"), ("Materials", "take 2 materials", "M"),
        ("Build", "build your next house (compass)", "B"),
    ]
    out = [text(x0, y0 + 10, "Actions (free action for a house's owner)", font_size=11, font_weight="bold",
                fill="#5a4a2a")]
    for i, (name, what, letter) in enumerate(rows):
        y = y0 + 22 + i * 26
        out.append(el("rect", x=x0, y=y, width=18, height=18, rx=3, fill=ACTION_TINT[letter], stroke="#a08d63"))
        out.append(text(x0 + 26, y + 13, f"{name}: {what}", font_size=10.5, fill="#333"))
    return el("g", *out, class_="legend")
