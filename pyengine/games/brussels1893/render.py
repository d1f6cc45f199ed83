"""Brussels 1893 as SVG text: a pure function of (view, viewer, choices).

Like the other renderers: no DOM, testable in CPython. Every move is one click. A legal
move is drawn where it happens when it has a place on the boards (a cell, a fleur-de-lis,
a Brussels action, a noble, a market square, a studio stack, a compass pointer, an
exhibition position, a Belle Époque tile, a prestige card); every other legal move gets
a button in the decision bar, so nothing legal is ever out of reach. Clickable elements
carry ``data-move`` (UI testing contract), ``role="button"``, ``tabindex`` and an
accessible name. Every visible text goes through ``T = Translator(lang)``; texts whose
length depends on the language are fitted to their boxes (``_fit``, ``_wrap``).

Player colours are Okabe-Ito hues (told apart with colour blindness too) and every
player's pieces also carry the seat number, a second cue that does not depend on colour.
"""
from __future__ import annotations

import html
import math
import re
import unicodedata
from functools import lru_cache
from typing import Any

from ...core.i18n import Translator, translate
from ...core.svg import document, el, esc, text
from .actions import cube_kinds
from .board import market_value
from .data import (
    ACTIVE_CELLS, AREAS, AREA_TITLES, ART_COLOURS, B_SIDES, BE_CARDS, BE_CROSS_CELLS, BE_TILES, CELL_NAMES,
    COLOUR_HEX, COLOURS, COMPASS, EXHIBITION_GLASS, EXHIBITION_ROW, FLEUR_NAMES, FLEURS, INDICATOR, MARKET_COL_VP,
    MARKET_ROW_FR, NEUTRAL_HEX, NOBLE_DISPLAY_COST, NOBLE_EFFECTS, NOBLES, PRESTIGE, REWARDS, ROUNDS, STOCK, ZONES,
    active_area, brussels_cost, noble_name,
)
from .state import board_values
from .text import (
    ACTION_TITLES, CUBE_NAMES, PHASE_TITLES, SEGMENTS, TRACKS, cubes_text, noble_title, prompt, trigger_name,
)

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


def _hex(p: int) -> str:
    return NEUTRAL_HEX if p == -2 else COLOUR_HEX[COLOURS[p]]


def _ink(fill: str) -> str:
    """Dark or white text, whichever reads on `fill`."""
    r, g, b = (int(fill[i:i + 2], 16) for i in (1, 3, 5))
    return "#111" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#fff"


# ---------------------------------------------------------------- text that fits
def _em(ch: str) -> float:
    """A character's width in ems, roughly, for the sans-serif the page uses."""
    if ord(ch) >= 0x2E80:  # CJK and full-width punctuation
        return 1.0
    if ch in " il.,:;'|!·()[]/-":
        return 0.3
    if ch.isupper() or ch in "mw×+→↻↺…":
        return 0.7
    return 0.58


def _width(s: str, size: float, bold: bool = False) -> float:
    return _ems(s) * size * (1.06 if bold else 1.0)


@lru_cache(maxsize=4096)
def _ems(s: str) -> float:
    """The text's width in ems (the same labels come back at every redraw)."""
    return sum(_em(ch) for ch in s)


def _fit(s: str, max_w: float, size: float, bold: bool = False, shrink: float = 0.72) -> tuple[str, float]:
    """`s` and a font size that fit `max_w`: shrink the font a little, then cut with an ellipsis."""
    w = _width(s, size, bold)
    if w <= max_w:
        return s, size
    size = max(size * shrink, int(size * max_w / w * 100) / 100)
    while len(s) > 1 and _width(s, size, bold) > max_w:
        s = s[:-2].rstrip() + "…"
    return s, size


def ftext(x: float, y: float, content: object, max_w: float, font_size: float, **attrs: Any) -> str:
    """A text element fitted to `max_w` pixels."""
    s, size = _fit(str(content), max_w, font_size, bool(attrs.get("font_weight")))
    return text(x, y, s, font_size=size, **attrs)


_TOKENS = re.compile(r"[\u2e80-\uffff]|[^\s\u2e80-\uffff]+|\s+")


def _lines(words: str, max_w: float, size: float, lines: int) -> list[str]:
    """Greedy line breaking by width: at spaces, and anywhere in CJK text."""
    rows, line = [], ""
    for tok in _TOKENS.findall(str(words)):
        if tok.isspace():
            line += " " if line else ""
            continue
        if line and _width(line + tok, size) > max_w:
            rows.append(line.rstrip())
            line = tok
        else:
            line += tok
    rows.append(line.rstrip())
    if len(rows) > lines:
        rows = rows[:lines]
        last = rows[-1] + "…"
        while len(last) > 1 and _width(last, size) > max_w:
            last = last[:-2].rstrip() + "…"
        rows[-1] = last
    return rows


def _wrap(x: float, y: float, words: str, max_w: float, lines: int = 2, step: float = 11, **attrs: Any) -> list[str]:
    return [text(x, y + i * step, row, **attrs)
            for i, row in enumerate(_lines(words, max_w, float(attrs.get("font_size", 10)), lines))]


# ---------------------------------------------------------------- shared pieces
def _curated(s: str) -> str:
    """Text as axe's name check compares it: no parentheticals, no punctuation or
    symbols, one space, lower case."""
    while True:
        shorter = re.sub(r"\([^()]*\)", "", s)
        if shorter == s:
            break
        s = shorter
    kept = "".join(" " if unicodedata.category(ch)[0] in "PSZ" else ch for ch in s)
    return " " + " ".join(kept.lower().split()) + " "


_CLICK = ("data_move", "role", "tabindex", "aria_label")
_GEOMETRY = re.compile(r'(?<![\w-])(x|y|width|height|rx)="([^"]*)"')


def _g(*children: str, **attrs: Any) -> str:
    """A group. When it is a named button showing texts its name does not hold, the
    button is a transparent shape laid over it instead: a screen reader says the
    button's name, which must contain whatever text sighted players read on the button
    (and SVG texts run together without spaces)."""
    label = attrs.get("aria_label")
    if not label or not children or not children[0].startswith("<rect") or _label_says_it(children, label):
        return el("g", *children, **attrs)
    click = {k: attrs.pop(k) for k in _CLICK if k in attrs}
    shape = dict(_GEOMETRY.findall(children[0]))
    return el("g", *children, el("rect", **shape, fill="#fff", fill_opacity=0, class_="hit", **click), **attrs)


@lru_cache(maxsize=2048)
def _label_says_it(children: tuple[str, ...], label: str) -> bool:
    """Whether `label` holds every text shown among `children` (the same buttons come
    back at every redraw: remembered)."""
    shown = "".join(html.unescape(t) for t in re.findall(r"<text[^>]*>([^<]*)</text>", "".join(children)))
    return not _curated(shown).strip() or _curated(shown) in _curated(label)


def _click(choices: dict[str, str | None] | None, token: str, label: str) -> dict[str, Any]:
    if not choices or token not in choices or choices[token] is None:
        return {}
    return {"data_move": choices[token], "role": "button", "tabindex": 0, "aria_label": label}


def _title(words: object) -> str:
    return el("title", esc(words))


def _cls(name: str, attrs: dict[str, Any]) -> str:
    return f"{name} choice" if attrs else name


class Ctx:
    """What one render needs: the state, who looks, the clickable tokens, which of them
    the boards have drawn (the decision bar draws the rest), and the language."""

    def __init__(self, state: dict[str, Any], viewer: int | None, choices: dict[str, str | None] | None,
                 names: list[str], T: Translator) -> None:
        self.s = state
        self.viewer = viewer
        self.choices = choices or {}
        self.names = names
        self.T = T
        self.drawn: set[str] = set()

    def click(self, token: str, label: str) -> dict[str, Any]:
        attrs = _click(self.choices, token, label)
        if attrs:
            self.drawn.add(token)
        return attrs


def _pawn(cx: float, cy: float, p: int, title: str, s: float = 1.0, colour: str | None = None) -> str:
    """An architect (or traveller, in `colour`) of player `p`, marked with the seat number."""
    fill = colour or _hex(p)
    mark = text(cx, cy + 6.3 * s, p + 1, font_size=round(7.2 * s, 2), font_weight="bold", fill=_ink(fill),
                text_anchor="middle") if p >= 0 else ""
    return _g(
              el("circle", cx=cx, cy=cy - 6 * s, r=4.6 * s, fill=fill, stroke="#333", stroke_width=0.9),
              el("path", d=f"M{cx - 7 * s:g} {cy + 8 * s:g}q0 -11 {7 * s:g} -11q{7 * s:g} 0 {7 * s:g} 11z",
                 fill=fill, stroke="#333", stroke_width=0.9),
              mark, _title(title), class_="architect", pointer_events="none")


def _house(x: float, y: float, p: int, title: str, s: float = 1.0) -> str:
    fill = _hex(p)
    return _g( el("path", d=f"M{x:g} {y + 12 * s:g}l{12 * s:g} {-11 * s:g}l{12 * s:g} {11 * s:g}v{13 * s:g}"
                                f"h{-24 * s:g}z", fill=fill, stroke="#222", stroke_width=1.2),
              text(x + 12 * s, y + 23.5 * s, p + 1, font_size=round(10 * s, 2), font_weight="bold", fill=_ink(fill),
                   text_anchor="middle"),
              _title(title), class_="house", pointer_events="none")


def _button(x: float, y: float, w: float, label: str, attrs: dict[str, Any], fill: str = TARGET,
            h: float = 24) -> str:
    return _g( el("rect", x=x, y=y, width=w, height=h, rx=5, fill=fill, stroke="#173d6e"),
              ftext(x + w / 2, y + h / 2 + 4, label, w - 8, 11.5, font_weight="bold", fill="#fff",
                    text_anchor="middle"),
              class_=_cls("button", attrs), **attrs)


def _name(ctx: Ctx, p: int) -> str:
    return _seat_name(ctx.T, ctx.names, p)


def _seat_name(T: Translator, names: list[str] | tuple[str, ...], p: int) -> str:
    if p == -2:
        return T("Neutral")
    return names[p] if p < len(names) else T("Player {n}", n=p + 1)


def _noble(T: Translator, name: str) -> str:
    return T(NOBLES[name][0])


def _short_noble(T: Translator, name: str) -> str:
    """The family name: 'Buls', '鮑斯'."""
    full = _noble(T, name)
    return re.split(r"[ ·]", full)[-1] if re.search(r"[ ·]", full) else full


# ---------------------------------------------------------------- Art Nouveau board
def _cell_xy(cell: int) -> tuple[float, float]:
    c, r = cell % 5, cell // 5
    return AX + c * CELL, AY + (4 - r) * CELL


def _art_nouveau(ctx: Ctx) -> str:
    s, T = ctx.s, ctx.T
    out = [el("rect", x=AX - 22, y=AY - 26, width=5 * CELL + 30, height=5 * CELL + 34, rx=8, fill="#efe6d2",
              stroke="#b9a77f")]
    out.append(ftext(AX, AY - 10, T("Art Nouveau board"), 5 * CELL, 13, font_weight="bold", fill="#5a4a2a"))
    # Layers in groups of their own, the same ones at every redraw even when empty: the
    # page then replaces only the layers whose text changed (web/skyweb/patch.py), not
    # the whole board at every tap. Pieces lie above every cell, marks above pieces.
    # The cells and the pieces are pure functions of the few values they show, and
    # remembered: most moves change neither.
    cells = _cells_layer(T.lang, tuple(s["grid"]), s["square"], bool(s["be"]))
    pieces = _pieces_layer(T.lang, tuple(ctx.names), tuple(s["house"]), tuple(s["arch"]), tuple(s["francs"]))
    marks, targets, fleurs = [], [], []
    # The cell the current decision is about (francs to put, a house being paid for).
    f = s["frames"][-1] if s["frames"] else None
    focus = f.get("cell") if f and f["k"] in ("francs", "build") else None
    if focus is not None:
        x, y = _cell_xy(focus)
        marks.append(el("rect", x=x + 2, y=y + 2, width=CELL - 4, height=CELL - 4, rx=6, fill="none",
                      stroke="#e0a800", stroke_width=4, stroke_dasharray="7 4", class_="focus",
                      pointer_events="none"))
    # Active area outline.
    if s["square"] is not None:
        cols, rows = active_area(s["square"])
        x0, y0 = AX + (cols[0] - 1) * CELL, AY + (5 - rows[-1]) * CELL
        marks.append(el("rect", x=x0, y=y0, width=len(cols) * CELL, height=len(rows) * CELL, fill="none",
                      stroke="#1e8a3c", stroke_width=4, rx=4, class_="active-area", pointer_events="none"))
    # Clickable cells.
    labels = {"place": lambda c: T("Place an architect on {cell}", cell=c),
              "neutral": lambda c: T("Neutral architect on {cell}", cell=c),
              "house": lambda c: T("Build the house on {cell}", cell=c)}
    for verb in ("place", "neutral", "house"):
        for cell_name in CELL_NAMES:
            token = f"{verb} {cell_name}"
            attrs = ctx.click(token, labels[verb](cell_name)) if token in ctx.choices else {}
            if attrs:
                x, y = _cell_xy(CELL_NAMES.index(cell_name))
                targets.append(el("rect", x=x + 3, y=y + 3, width=CELL - 6, height=CELL - 6, rx=6, fill=TARGET,
                              fill_opacity=0.22, stroke=TARGET, stroke_width=3, data_cell=cell_name, class_="choice",
                              **attrs))
    # Fleurs-de-lis at the intersections, and the try square.
    for i, (fx, fy) in enumerate(FLEURS):
        cx, cy = AX + fx * CELL, AY + (5 - fy) * CELL
        here = s["square"] == i
        attrs = ctx.click(f"square {FLEUR_NAMES[i]}", T("Try square on fleur-de-lis {fleur}", fleur=FLEUR_NAMES[i]))
        r = 11 if attrs else 6
        fleurs.append(_g( el("circle", cx=cx, cy=cy, r=r, fill="#f7e7a1" if not attrs else TARGET,
                              fill_opacity=1 if not attrs else 0.8, stroke="#8a6d00", stroke_width=1.4),
                      text(cx, cy + 3.5, FLEUR_NAMES[i], font_size=7.5 if not attrs else 9, fill="#5a4200"
                           if not attrs else "#fff", text_anchor="middle"),
                      _title(T("Fleur-de-lis {fleur}", fleur=FLEUR_NAMES[i])),
                      class_=_cls("fleur", attrs), data_fleur=FLEUR_NAMES[i], **attrs))
        if here:
            cols, rows = active_area(i)
            dx = 1 if cols[0] > fx else -1
            dy = -1 if rows[0] > fy else 1
            fleurs.append(el("path", d=f"M{cx + dx * 34:g} {cy:g}H{cx:g}V{cy + dy * 34:g}", fill="none",
                          stroke="#3b2a10", stroke_width=6, stroke_linecap="round", class_="try-square",
                          pointer_events="none"))
    out += [cells, pieces] + [el("g", *layer, class_=name) for name, layer in
                              (("marks", marks), ("targets", targets), ("fleurs", fleurs))]
    return _g(*out, class_="art-nouveau")


@lru_cache(maxsize=16)
def _cells_layer(lang: str, grid: tuple[str, ...], square: int | None, be: bool) -> str:
    """The 25 cells: their actions, names, dimming outside the try square's area, and
    Belle Époque's face-down tiles."""
    T = Translator(lang)
    active = ACTIVE_CELLS[square] if square is not None else frozenset(range(25))
    cross = set(BE_CROSS_CELLS if be else ())
    cells = []
    for cell in range(25):
        x, y = _cell_xy(cell)
        letter = grid[cell]
        on = cell in active
        name = CELL_NAMES[cell]
        cells.append(el("rect", x=x + 1, y=y + 1, width=CELL - 2, height=CELL - 2, rx=4, fill=ACTION_TINT[letter],
                      opacity=1 if on or square is None else 0.45, stroke="#a08d63", stroke_width=0.8,
                      data_cell=name, class_="cell" + (" active" if on and square is not None else "")))
        cells.append(ftext(x + 6, y + 15, T(ACTION_TITLES[letter]), CELL - 10, 11,
                           font_weight="bold", fill=ACTION_INK[letter], opacity=1 if on or square is None else 0.55))
        cells.append(text(x + CELL - 5, y + CELL - 6, name, font_size=8.5, fill="#7b6b4a", text_anchor="end"))
        if cell in cross:
            cells.append(_g( el("rect", x=x + CELL - 28, y=y + 19, width=22, height=14, rx=3, fill="#6b5320",
                                  stroke="#e0c060"),
                          text(x + CELL - 17, y + 29.5, "BE", font_size=8.5, font_weight="bold", fill="#f3e3a6",
                               text_anchor="middle"),
                          _title(T("Belle Époque tile (face down): no house here; an architect placed here may "
                                   "also go to a Belle Époque tile")), class_="be-cross", pointer_events="none"))
    return el("g", *cells, class_="cells")


@lru_cache(maxsize=16)
def _pieces_layer(lang: str, names: tuple[str, ...], house: tuple[int, ...], arch: tuple[int, ...],
                  francs: tuple[int, ...]) -> str:
    """Houses, architects and the francs under them."""
    T = Translator(lang)
    pieces = []
    for cell in range(25):
        x, y = _cell_xy(cell)
        owner = house[cell]
        if owner >= 0:
            pieces.append(_house(x + 8, y + 30, owner, T("House of {who}", who=_seat_name(T, names, owner)), 1.3))
        a = arch[cell]
        if a != -1:
            who = _seat_name(T, names, a)
            pieces.append(_pawn(x + CELL / 2 + 12, y + CELL / 2 + 8, a, T("Architect of {who}", who=who), 1.5))
            if a >= 0:
                n = francs[cell]
                pieces.append(_g( el("circle", cx=x + CELL - 16, cy=y + CELL - 26, r=10, fill="#e8c547",
                                      stroke="#8a6d00"),
                              text(x + CELL - 16, y + CELL - 22, n, font_size=11, font_weight="bold",
                                   fill="#3d2f00", text_anchor="middle"),
                              _title(T("1 franc under it") if n == 1 else T("{n} francs under it", n=n)),
                              class_="francs", pointer_events="none"))
    return el("g", *pieces, class_="pieces")


def _reward_lines(T: Translator, letters: str, kind: str) -> list[str]:
    """A prestige card's rewards, one per line: 'fleur' / 'or crown' (choice), '+ crown' (all)."""
    names = [T(REWARDS[x]) for x in letters]
    if kind == "single":
        return names[:1]
    joiner = (lambda r: T("or {reward}", reward=r)) if kind == "choice" else (lambda r: f"+ {r}")
    return [names[0]] + [joiner(r) for r in names[1:]]


def _strip(ctx: Ctx) -> tuple[str, float]:
    s, T = ctx.s, ctx.T
    y = AY + 5 * CELL + 12
    out = []
    cols = active_area(s["square"])[0] if s["square"] is not None else ()
    for c in range(5):
        x = AX + c * CELL + 3
        card = s["strip"][c]
        attrs = ctx.click(f"prestige {c + 1}", T("Take the prestige card under column {n}", n=c + 1))
        ring = TARGET if attrs else ("#1e8a3c" if c + 1 in cols else "#b9a77f")
        parts = [el("rect", x=x, y=y, width=CELL - 6, height=66, rx=5, fill="#fdf7e6" if card else "#ece6d8",
                    stroke=ring, stroke_width=3 if attrs or c + 1 in cols else 1)]
        if card:
            letters, kind, man, icon = PRESTIGE[card]
            parts.append(text(x + 5, y + 13, card, font_size=9, fill="#7b6b4a"))
            rows = _reward_lines(T, letters, kind)
            for i, row in enumerate(rows):
                parts.append(ftext(x + (CELL - 6) / 2, y + (32 if len(rows) == 1 else 27 + 12 * i), row, CELL - 12,
                                   10, font_weight="bold", fill="#3d3220", text_anchor="middle"))
            if man:
                parts.append(text(x + 6, y + 58, f"MP×{man}", font_size=9, fill="#2f62b3"))
            if icon:
                parts.append(el("circle", cx=x + CELL - 20, cy=y + 54, r=8, fill="#fff", stroke="#8a6d00"))
                parts.append(text(x + CELL - 20, y + 58, f"+{icon}", font_size=9, font_weight="bold", fill="#8a6d00",
                                  text_anchor="middle"))
            rewards = " ".join(rows)
            tuck = T("tuck for +{n}", n=icon) if icon else T("cannot be tucked")
            parts.append(_title(T("Prestige card {card}: {rewards}; {n} Manneken-Pis; {tuck}", card=card,
                                  rewards=rewards, n=man, tuck=tuck)))
        out.append(_g( *parts, class_=_cls("prestige-card", attrs), data_column=c + 1, **attrs))
    deck = len(s["prestige_deck"])
    out.append(ftext(AX - 18, y + 80, T("Prestige strip (columns 1-5) · deck {n}", n=deck), 5 * CELL + 20, 10,
                     fill="#5a4a2a"))
    return _g( *out, class_="prestige-strip"), y + 86


# ---------------------------------------------------------------- Brussels board
@lru_cache(maxsize=64)
def _area_texts(lang: str, area: str, players: int, visits: int, stock: str | None) -> tuple[str, str, str, str]:
    """A Brussels action's title, what it gives, its accessible name and its next cost."""
    T = Translator(lang)
    need = brussels_cost(players, visits + 1)
    title = T(AREA_TITLES[area])
    sub = {"bourse": T("+{n} francs", n=STOCK[stock][0]) if stock else T("francs of the stock card"),
           "grandplace": T("use nobles (crown track)"), "park": T("copy an Art Nouveau action"),
           "market": T("up to 3 wildcards")}[area]
    meeples = T("1 meeple") if need == 1 else T("{n} meeples", n=need)
    about = T("{area}: {what}; the next visit needs {meeples}", area=title, what=sub, meeples=meeples)
    return title, sub, about, T("next: {n}", n=need)


@lru_cache(maxsize=64)
def _area(lang: str, area: str, x: float, y: float, title: str, sub: str, about: str, nxt: str,
          visits: tuple[tuple[int, int, int], ...], names: tuple[str, ...], click: tuple[tuple[str, Any], ...]) -> str:
    """A Brussels action with the architects and travellers who visited it."""
    T, attrs = Translator(lang), dict(click)
    nxt_w = _width(nxt, 10) + 4
    parts = [el("rect", x=x, y=y, width=188, height=86, rx=6, fill="#e4e2ef",
                stroke=TARGET if attrs else "#8f8cab", stroke_width=3 if attrs else 1),
             ftext(x + 8, y + 17, title, 172 - nxt_w, 12, font_weight="bold", fill="#2e2b4f"),
             ftext(x + 8, y + 31, sub, 174, 9.5, fill="#4a4766"),
             text(x + 180, y + 17, nxt, font_size=10, fill="#4a4766", text_anchor="end")]
    px = x + 14
    for q, a, t in visits:
        for k in range(a + t):
            traveller = k >= a
            who = _seat_name(T, names, q)
            label = T("{who} (traveller)", who=who) if traveller else who
            parts.append(_pawn(px, y + 60, q, label, 0.9, "#c9a227" if traveller else None))
            px += 13
        px += 6
    parts.append(_title(about))
    return _g( *parts, class_=_cls("brussels-action", attrs), data_area=area, **attrs)


def _brussels(ctx: Ctx) -> tuple[str, float]:
    s, T = ctx.s, ctx.T
    x0, y0 = 12, 30
    out = [el("rect", x=x0 - 4, y=y0 - 22, width=392, height=10, fill="none"),
           ftext(x0, y0 - 8, T("Brussels"), 380, 13, font_weight="bold", fill="#3a3a52")]
    # The four actions.
    for i, area in enumerate(AREAS):
        x = x0 + (i % 2) * 196
        y = y0 + (i // 2) * 92
        visits = tuple(tuple(v) for v in s["visits"][area])
        title, sub, about, nxt = _area_texts(T.lang, area, s["players"], len(visits), s["stock"])
        attrs = ctx.click(f"visit {area}", about)
        out.append(_area(T.lang, area, x, y, title, sub, about, nxt, visits, tuple(ctx.names), tuple(attrs.items())))
    y = y0 + 186
    # Court, stock card, train.
    out.append(el("rect", x=x0, y=y, width=188, height=46, rx=6, fill="#e9e1e1", stroke="#a88"))
    out.append(ftext(x0 + 8, y + 15, T("Court (Palais de Justice)"), 174, 10.5, font_weight="bold", fill="#5a2d2d"))
    px = x0 + 12
    for p, pl in enumerate(s["pl"]):
        for _ in range(pl["court"]):
            out.append(_pawn(px, y + 33, p, T("{who}: architect in court", who=_name(ctx, p)), 0.8))
            px += 11
        px += 4
    stock = s["stock"]
    out.append(el("rect", x=x0 + 196, y=y, width=188, height=46, rx=6, fill="#eef3e6", stroke="#8a9a6b"))
    if stock:
        fr, coords = STOCK[stock]
        a, b = coords[s["players"]]
        out.append(ftext(x0 + 204, y + 16, T("Stock exchange {card}: {n} francs", card=stock, n=fr), 174, 10.5,
                         font_weight="bold", fill="#3b4a1e"))
        out.append(ftext(x0 + 204, y + 32, T("try square: {a} or {b}", a=a, b=b), 174, 10, fill="#3b4a1e"))
    else:
        out.append(ftext(x0 + 204, y + 16, T("Stock exchange: no card"), 174, 10.5, fill="#3b4a1e"))
    left = T("cards left {n}", n=len(s["stock_deck"]))
    if s["be"]:
        left = T("{cards} · train: {n} travellers", cards=left, n=s["train"])
    out.append(ftext(x0 + 204, y + 43, left, 178, 9, fill="#5b6a3e"))
    y += 54
    # Noble display.
    out.append(ftext(x0, y + 10, T("Nobles (cost 3 / 2 / 1 / 0)"), 380, 11, font_weight="bold", fill="#6b1f2f"))
    y += 16
    for i, card in enumerate(s["display"]):
        x = x0 + i * 80
        who = translate(noble_title(card), T.lang) if card else ""
        attrs = ctx.click(f"noble {i + 1}", T("Buy {noble} for {n} francs", noble=who, n=NOBLE_DISPLAY_COST[i]))
        out.append(_noble_card(T, x, y, card, NOBLE_DISPLAY_COST[i], attrs))
    reveal = s.get("reveal")
    x = x0 + 322
    attrs = ctx.click("noble top", T("Take the revealed {noble} for free", noble=translate(noble_title(reveal), T.lang)))
    if reveal:
        out.append(_noble_card(T, x, y, reveal, 0, attrs, "revealed"))
    else:
        out.append(_g( el("rect", x=x, y=y, width=62, height=78, rx=5, fill="#6b1f2f", stroke="#3b0f18"),
                      text(x + 31, y + 38, len(s["noble_deck"]), font_size=15, font_weight="bold", fill="#fff",
                           text_anchor="middle"),
                      ftext(x + 31, y + 54, T("deck"), 56, 9, fill="#f3d0d5", text_anchor="middle"),
                      _title(T("{n} nobles in the deck, {d} discarded", n=len(s["noble_deck"]),
                               d=len(s["noble_discard"]))),
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
    return _g( *out, class_="brussels"), max(y, cy)


def _noble_card(T: Translator, x: float, y: float, card: str | None, cost: int, attrs: dict[str, Any],
                kind: str = "slot") -> str:
    return _noble_card_svg(T.lang, x, y, card, cost, tuple(attrs.items()), kind)


@lru_cache(maxsize=64)
def _noble_card_svg(lang: str, x: float, y: float, card: str | None, cost: int, click: tuple[tuple[str, Any], ...],
                    kind: str) -> str:
    T, attrs = Translator(lang), dict(click)
    ring = TARGET if attrs else "#8b1f2f"
    if not card:
        return _g( el("rect", x=x, y=y, width=74, height=78, rx=5, fill="#f1ecec", stroke="#ccc"),
                  text(x + 37, y + 72, T("{n} fr", n=cost), font_size=9, fill="#999", text_anchor="middle"),
                  class_="noble empty")
    name = noble_name(card)
    _, _, upkeep = NOBLES[name]
    title = _noble(T, name)
    split = re.match(r"(.*)[ ·](.+)$", title)
    first, last = (split.group(1), split.group(2)) if split else ("", title)
    price = T("{n} fr", n=cost) if kind == "slot" else T("free")
    price_w = _width(price, 10, True)
    return _g( el("rect", x=x, y=y, width=74, height=78, rx=5, fill="#fbeef0", stroke=ring,
                      stroke_width=3 if attrs else 1.2),
              ftext(x + 37, y + 14, first, 68, 8.5, fill="#6b1f2f", text_anchor="middle"),
              ftext(x + 37, y + 27, last, 68, 10.5, font_weight="bold", fill="#6b1f2f", text_anchor="middle"),
              *_wrap(x + 37, y + 42, _short_effect(T, name), 68, 2, 10, font_size=8.5, fill="#333",
                     text_anchor="middle"),
              ftext(x + 5, y + 72, T("upkeep {n}", n=upkeep), 62 - price_w, 7.5, fill="#666"),
              text(x + 69, y + 72, price, font_size=10, font_weight="bold", fill="#3b0f18", text_anchor="end"),
              _title(T("{noble}: {effect}; upkeep {n} francs at the end", noble=title, effect=T(NOBLE_EFFECTS[name]),
                       n=upkeep)),
              class_=_cls("noble " + kind, attrs), data_noble=name, **attrs)


def _short_effect(T: Translator, name: str) -> str:
    return {"brugmann": T("+5 francs"), "empain": T("+2 wildcards"), "solvay": T("+1 material"),
            "buls": T("fleur-de-lis +1"), "albert": T("crown +1"), "velde": T("architect +1"),
            "vandervelde": T("court → 1"), "maeterlinck": T("+5 points"), "nagelmackers": T("+1 traveller"),
            "privat": T("white art tile")}[name]


@lru_cache(maxsize=8)
def _market_ground(lang: str, x0: float, y0: float) -> str:
    """The market's title, grid and scales: the same all game."""
    T = Translator(lang)
    g = 24
    out = [ftext(x0, y0 + 10, T("Art market"), 190, 11, font_weight="bold", fill="#8a4d00")]
    gx, gy = x0 + 22, y0 + 18
    for row in range(5):
        for col in range(5):
            x, y = gx + col * g, gy + (4 - row) * g
            out.append(el("rect", x=x, y=y, width=g, height=g, fill="#fbf1de", stroke="#d8b98a", stroke_width=0.8))
    for col in range(5):
        out.append(text(gx + col * g + g / 2, gy + 5 * g + 11, f"{MARKET_COL_VP[col]}", font_size=9,
                        fill="#8a4d00", text_anchor="middle"))
    for row in range(5):
        out.append(text(gx - 4, gy + (4 - row) * g + 16, T("{n}fr", n=MARKET_ROW_FR[row]), font_size=8.5,
                        fill="#8a4d00", text_anchor="end"))
    out.append(ftext(gx + 2.5 * g, gy + 5 * g + 21, T("points by column, francs by row"), 172, 8, fill="#8a4d00",
                     text_anchor="middle"))
    return "".join(out)


def _market(ctx: Ctx, x0: float, y0: float) -> tuple[str, float]:
    s, T = ctx.s, ctx.T
    g = 24
    out = [_market_ground(T.lang, x0, y0)]
    gx, gy = x0 + 22, y0 + 18
    pos = s["market"]["pos"]
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
        out.append(_title(T("{colour}: {vp} points, {fr} francs", colour=T(colour), vp=vp, fr=fr)))
    for token, move in sorted(ctx.choices.items()):
        words = token.split()
        if words[0] == "indicator" and move:
            x, y = int(words[1]), int(words[2])
            cx, cy = gx + (x - 1) * g, gy + (4 - (y - 1)) * g
            attrs = ctx.click(token, T("Move the indicator's centre to {x},{y}", x=x, y=y))
            out.append(el("rect", x=cx + 2, y=cy + 2, width=g - 4, height=g - 4, rx=4, fill=TARGET, fill_opacity=0.45,
                          stroke=TARGET, stroke_width=2, data_market=f"{x} {y}", class_="choice", **attrs))
    # The two display slots.
    sx = gx + 5 * g + 10
    out.append(ftext(sx, gy + 6, T("shown"), 56, 8.5, fill="#8a4d00"))
    for i, tile in enumerate(s["market"]["slots"]):
        y = gy + 12 + i * 40
        token = next((t for t in (f"return {i + 1}", f"clear {i + 1}") if t in ctx.choices), "")
        attrs = ctx.click(token, T("Send the market tile {n} back to the studio", n=i + 1)) if token else {}
        colour = "white" if tile and tile.startswith("white") else tile
        out.append(_g( el("rect", x=sx, y=y, width=34, height=34, rx=4, fill=ART_HEX.get(colour, "#eee"),
                              stroke=TARGET if attrs else "#999", stroke_width=3 if attrs else 1),
                      _title(T("Market slot {n}: {tile}", n=i + 1, tile=T(colour) if colour else T("empty"))),
                      class_=_cls("market-slot", attrs), data_slot=i + 1, **attrs))
    return _g( *out, class_="art-market"), gy + 5 * g + 26


def _studio(ctx: Ctx, x0: float, y0: float) -> str:
    s, T = ctx.s, ctx.T
    out = [ftext(x0, y0 + 10, T("Studio"), 180, 11, font_weight="bold", fill="#5b2d78")]
    for i, colour in enumerate(ART_COLOURS):
        x, y = x0 + (i % 3) * 62, y0 + 18 + (i // 3) * 50
        attrs = ctx.click(f"art {colour}", T("Take a {colour} art tile", colour=T(colour)))
        n = s["studio"][colour]
        what = T("{colour} art tiles in the studio: {n}", n=n, colour=T(colour))
        if colour == "black":
            what = T("{what} (black only by the free studio action)", what=what)
        out.append(_g( el("rect", x=x, y=y, width=54, height=42, rx=5, fill=ART_HEX[colour],
                              stroke=TARGET if attrs else "#555", stroke_width=3.5 if attrs else 1),
                      text(x + 27, y + 27, n, font_size=14, font_weight="bold",
                           fill="#fff" if colour not in ("yellow",) else "#222", text_anchor="middle"),
                      _title(what), class_=_cls("studio-stack", attrs), data_colour=colour, **attrs))
    return _g( *out, class_="studio")


def _cube_kinds(s: dict[str, Any]) -> tuple[str, ...]:
    """The cubes a player or the supply may hold: glass only with Belle Époque."""
    return cube_kinds(s) + ("wild",)


def _supply(ctx: Ctx, x0: float, y0: float) -> tuple[str, float]:
    s, T = ctx.s, ctx.T
    out = [ftext(x0, y0 + 10, T("Materials supply"), 190, 11, font_weight="bold", fill="#24602a")]
    kinds = _cube_kinds(s)
    for i, c in enumerate(kinds):
        x, y = x0 + (i % 3) * 62, y0 + 18 + (i // 3) * 34
        out.append(_g( el("rect", x=x, y=y, width=24, height=24, rx=3, fill=CUBE_HEX[c], stroke="#555"),
                      text(x + 30, y + 17, s["supply"][c], font_size=12, font_weight="bold", fill="#24602a"),
                      _title(T("{n} left: {cube}", n=s["supply"][c], cube=T(CUBE_NAMES[c]))),
                      class_="supply", data_cube=c))
        out.append(ftext(x + 12, y + 34, T(CUBE_NAMES[c]), 58, 7.5, fill="#555", text_anchor="middle"))
    return _g( *out, class_="materials"), y0 + 18 + ((len(kinds) + 2) // 3) * 34 + 8


@lru_cache(maxsize=8)
def _compass_dial(lang: str, x0: float, y0: float, arrow: bool) -> str:
    """The compass's title, dial and segment names: the same all game."""
    T = Translator(lang)
    cx, cy, r = x0 + 94, y0 + 62, 52
    out = [ftext(x0, y0 + 10, T("Compass"), 180, 11, font_weight="bold", fill="#333")]
    out.append(el("circle", cx=cx, cy=cy, r=r, fill="#f6f1e4", stroke="#8a7a55", stroke_width=1.5))
    short = {"any1": T("any"), "any2": T("any") + "*", "fr3": T("{n}fr", n=3)}
    for i, seg in enumerate(COMPASS):
        ang = math.radians(-90 + i * 45)
        tx, ty = cx + math.cos(ang) * (r - 16), cy + math.sin(ang) * (r - 16)
        label = short.get(seg) or T(SEGMENTS[seg])
        if arrow and i == 7:
            label = "→" + T("iron")
        out.append(ftext(tx, ty + 3, label, 34, 8.5, fill="#333", text_anchor="middle"))
        lx, ly = cx + math.cos(math.radians(-90 + i * 45 + 22.5)) * r, cy + math.sin(math.radians(-90 + i * 45 + 22.5)) * r
        out.append(el("path", d=f"M{cx:g} {cy:g}L{lx:.1f} {ly:.1f}", stroke="#d8ccb0", stroke_width=0.8))
    return "".join(out)


def _compass(ctx: Ctx, x0: float, y0: float) -> tuple[str, float]:
    s, T = ctx.s, ctx.T
    cx, cy, r = x0 + 94, y0 + 62, 52
    out = [_compass_dial(T.lang, x0, y0, s["be"] is None)]
    for seg in s["pointers"]:
        ang = math.radians(-90 + seg * 45)
        px, py = cx + math.cos(ang) * (r - 26), cy + math.sin(ang) * (r - 26)
        token = f"turn {COMPASS[seg]}"
        where = T(SEGMENTS[COMPASS[seg]])
        attrs = ctx.click(token, T("Turn the {segment} pointer clockwise", segment=where))
        out.append(_g( el("path", d=f"M{cx:g} {cy:g}L{px:.1f} {py:.1f}", stroke=TARGET if attrs else "#222",
                              stroke_width=5 if attrs else 3, stroke_linecap="round"),
                      el("circle", cx=f"{px:.1f}", cy=f"{py:.1f}", r=7 if attrs else 3,
                         fill=TARGET if attrs else "#222"),
                      _title(T("Pointer on {segment}", segment=where)), class_=_cls("pointer", attrs),
                      data_segment=COMPASS[seg], **attrs))
    out.append(el("circle", cx=cx, cy=cy, r=4, fill="#222"))
    return _g( *out, class_="compass"), cy + r + 8


# ---------------------------------------------------------------- Belle Époque board
def _belle_epoque(ctx: Ctx, x0: float, y0: float) -> tuple[str, float]:
    s, T = ctx.s, ctx.T
    be = s["be"]
    out = [ftext(x0, y0 + 10, T("Belle Époque board: exhibition halls (one per row)"), 300, 12,
                 font_weight="bold", fill="#6b5320")]
    for i in range(5):
        y = AY + (5 - EXHIBITION_ROW[i]) * CELL + 4
        attrs = ctx.click(f"hall {i + 1}", T("Build an exhibition hall at position {n}", n=i + 1))
        owner = be["halls"][i]
        card = be["cards"][i]
        glass = T("+{n} glass", n=EXHIBITION_GLASS[i]) if EXHIBITION_GLASS[i] else T("no surcharge")
        parts = [el("rect", x=x0, y=y, width=300, height=CELL - 8, rx=6, fill="#f7efd6",
                    stroke=TARGET if attrs else "#b39a55", stroke_width=3 if attrs else 1),
                 ftext(x0 + 8, y + 16, T("E{n} · row {row}", n=i + 1, row=EXHIBITION_ROW[i]), 150, 10.5,
                       font_weight="bold", fill="#6b5320"),
                 ftext(x0 + 292, y + 16, glass, 130, 9.5, fill="#2f6f80", text_anchor="end")]
        if card:
            trig, what = BE_CARDS[card]
            parts.append(ftext(x0 + 8, y + 34, f"{card} ({translate(trigger_name(trig), T.lang)})", 250 if owner >= 0 else 284, 10,
                               font_weight="bold", fill="#333"))
            parts += _wrap(x0 + 8, y + 48, T(what), 250 if owner >= 0 else 284, 2, 11, font_size=9, fill="#333")
            parts.append(_title(T("Card {card} ({when}): {effect}", card=card, when=translate(trigger_name(trig), T.lang),
                                  effect=T(what))))
        if owner >= 0:
            parts.append(_house(x0 + 262, y + 36, owner, T("Exhibition hall of {who}", who=_name(ctx, owner)), 1.2))
        out.append(_g( *parts, class_=_cls("exhibition", attrs), data_position=i + 1, **attrs))
    y = AY + 5 * CELL + 10
    out.append(ftext(x0, y + 8, T("Belle Époque tiles (an architect here stays to the end)"), 306, 10.5,
                     font_weight="bold", fill="#6b5320"))
    for i, tile in enumerate(be["tiles"]):
        tx, ty = x0 + (i % 3) * 102, y + 14 + (i // 3) * 50
        attrs = ctx.click(f"tile {i + 1}", T("Put an architect on tile {tile}", tile=tile))
        parts = [el("rect", x=tx, y=ty, width=96, height=44, rx=5, fill="#efe0b0",
                    stroke=TARGET if attrs else "#8a6d00", stroke_width=3 if attrs else 1),
                 text(tx + 6, ty + 14, tile, font_size=10, font_weight="bold", fill="#5a4200")]
        parts += _wrap(tx + 5, ty + 24, T(BE_TILES[tile]), 84, 3, 8.5, font_size=7, fill="#333")
        if be["tile_arch"][i] >= 0:
            parts.append(_pawn(tx + 86, ty + 10, be["tile_arch"][i], _name(ctx, be["tile_arch"][i]), 0.75))
        parts.append(_title(f"{tile}: {T(BE_TILES[tile])}"))
        out.append(_g( *parts, class_=_cls("be-tile", attrs), data_slot=i + 1, **attrs))
    return _g( *out, class_="belle-epoque"), y + 14 + ((len(be["tiles"]) + 2) // 3) * 50


# ---------------------------------------------------------------- decision bar
def label(move: str, T: Translator | None = None) -> str:
    """A short button label for a move (the full text is the move itself)."""
    T = T or Translator()
    w = move.split()
    v, a = w[0], w[1:]
    noble = lambda n: _short_noble(T, n)  # noqa: E731
    if v == "francs":
        return T("{n} fr", n=a[0])
    if v == "pay":
        return translate(cubes_text(list(a)), T.lang)
    if v == "cubes":
        return " + ".join(T(CUBE_NAMES[c]) for c in a)
    if v in ("cube", "zone", "art", "copy"):
        return T(CUBE_NAMES.get(a[0], a[0]))
    if v == "solvay":
        return T("{cubes} for a wildcard", cubes=" + ".join(T(c) for c in a[1:])) if a[0] == "wild" else T(a[0])
    if v == "reward":
        return T(a[1])
    if v == "tuck":
        return T("tuck: {zone}", zone=T(a[1]))
    if v == "activate":
        return noble(a[0])
    if v == "cashin":
        return T("cash in {noble}", noble=noble(a[0]))
    if v == "forfeit":
        return T("give up {nobles}", nobles=", ".join(noble(n) for n in a))
    if v == "refresh":
        return T("discard {slots}", slots=",".join(a))
    if v == "adjust":
        return f"{T(SEGMENTS[a[0]])} {'↻' if a[1] == 'cw' else '↺'}"
    if v == "reclaim":
        return f"{a[0]}: {T('{n} fr', n=a[1])}"
    if v == "give":
        return T("give a {colour} art tile", colour=T(a[1])) if a[0] == "art" else \
            T("give {cubes}", cubes=" + ".join(T(CUBE_NAMES[c]) for c in a))
    if v == "wild":
        return T("{n} wild", n=a[0])
    if v == "extra":
        return T("extra turn (architect)") if a[0] == "architect" else T("extra turn (traveller)")
    if v == "sell":
        return T("sell {colour}", colour=T(a[0])) if len(a) == 1 else T("white as {colour}", colour=T(a[2]))
    if v == "flip":
        return T("flip {colour}", colour=T(a[0]))
    if v == "swap":
        return T("wildcard → {cube}", cube=T(CUBE_NAMES[a[0]]))
    if not a:
        words = {"pass": T("pass"), "skip": T("skip"), "done": T("done"), "decline": T("decline"), "keep": T("keep"),
                 "discard": T("discard"), "borrow": T("borrow")}
        if v in words:
            return words[v]
    return " ".join(w)


def _decision_bar(ctx: Ctx, x0: float, y0: float, width: float) -> tuple[str, float]:
    T = ctx.T
    rest = [t for t, m in ctx.choices.items() if m and t not in ctx.drawn]
    if not rest and not ctx.choices:
        return "", y0
    order = {"pass": 2, "skip": 1, "done": 1, "decline": 1}
    rest.sort(key=lambda t: (order.get(t.split()[0], 0), _sort_key(t)))
    out = []
    title = translate(prompt(ctx.s), T.lang) if ctx.choices else ""
    out.append(ftext(x0, y0 + 12, title, width, 11, fill="#1f3f6b", class_="decision-prompt"))
    x, y = x0, y0 + 20
    for t in rest:
        lab = label(t, T)
        w = min(width, max(44, _width(lab, 11.5, True) + 18))
        if x + w > x0 + width:
            x, y = x0, y + 30
        colour = "#6b6f78" if t.split()[0] in order else TARGET
        attrs = ctx.click(t, lab)
        out.append(_button(x, y, w, lab, attrs, colour))
        x += w + 6
    return _g( *out, class_="decision-bar"), y + 32


def _sort_key(token: str) -> tuple:
    words = token.split()
    return tuple((0, int(w)) if w.isdigit() else (1, w) for w in words)


# ---------------------------------------------------------------- players
def _player_block(ctx: Ctx, p: int, x0: float, y0: float) -> str:
    s, T = ctx.s, ctx.T
    pl = s["pl"][p]
    colour = _hex(p)
    ink = _ink(colour)
    to_move = None
    if s["phase"] != "over":
        to_move = s["frames"][-1]["p"] if s["frames"] else s["turn"]
    active = to_move == p
    h = 300
    out = [el("rect", x=x0, y=y0, width=BLOCK_W - 6, height=h, rx=8, fill="#fff7d6" if active else "#f6f3ec",
              stroke="#e0a800" if active else "#cfc6b2", stroke_width=3 if active else 1,
              class_="player-board" + (" active" if active else ""))]
    out.append(el("rect", x=x0 + 8, y=y0 + 8, width=14, height=14, rx=3, fill=colour, stroke="#333",
                  stroke_width=0.8))
    out.append(text(x0 + 15, y0 + 19, p + 1, font_size=10, font_weight="bold", fill=ink, text_anchor="middle"))
    name = _name(ctx, p)
    if p == ctx.viewer:
        name = T("{name} (you)", name=name)
    score_w = _width(str(pl["score"]), 17, True) + 8
    out.append(ftext(x0 + 28, y0 + 20, name, BLOCK_W - 48 - score_w, 12, font_weight="bold", fill="#222",
                     class_="seat-name"))
    out.append(text(x0 + BLOCK_W - 14, y0 + 21, pl["score"], font_size=17, font_weight="bold", fill="#222",
                    text_anchor="end", class_="score"))
    tags = []
    if s["start"] == p:
        tags.append(T("start player"))
    if s["passed"][p] and s["phase"] == "actions":
        tags.append(T("passed"))
    if pl["score"] >= 100:
        tags.append(T("{n}×100 tile", n=pl["score"] // 100))
    board = T("side A") if pl["board"] == "A" else T("B: {architect}", architect=T(_board_title(pl["board"])))
    out.append(ftext(x0 + 28, y0 + 34, " · ".join([board, ", ".join(tags)] if tags else [board]), BLOCK_W - 40, 9.5,
                     fill="#555"))
    y = y0 + 48
    out.append(text(x0 + 8, y, T("{n} fr", n=pl["money"]), font_size=12, font_weight="bold", fill="#8a6d00",
                    class_="money"))
    meeples = [T("architects: {n} free · {c} in court", n=pl["reserve"], c=pl["court"])]
    if pl["tiles"]:
        meeples.append(T("{n} on tiles", n=len(pl["tiles"])))
    if pl["travellers"]:
        meeples.append(T("{n} trav.", n=pl["travellers"]))
    out.append(ftext(x0 + 60, y, " · ".join(meeples), BLOCK_W - 74, 9.5, fill="#333"))
    # The counters above change at almost every move; the rest of the block seldom: in
    # a group of their own, a redraw replaces them, not the block (web/skyweb/patch.py).
    out = [el("g", *out, class_="seat-head")]
    y += 10
    # The rest of the block (tracks, houses, zones, pieces, nobles, cards): each part is
    # drawn by a function of exactly the values it shows, and remembered, since a move
    # changes one player's one or two parts (web/skyweb/patch.py then writes only those).
    from .final import zone_count, zone_value

    lang = T.lang
    out += [
        _seat_tracks(lang, p, x0, y, pl["board"], pl["fleur"], pl["crown"], pl["level"], _has_t10(s, p)),
        _seat_houses(lang, p, x0, y + 54, pl["board"], pl["built"]),
        _seat_zones(lang, x0, y + 80, tuple((zone_value(s, p, z), zone_count(s, p, z)) for z in ZONES)),
        _seat_pieces(lang, x0, y + 116, tuple((c, pl["cubes"][c]) for c in _cube_kinds(s)),
                     tuple((c, pl["art"][c]) for c in ART_COLOURS), tuple(pl["white"])),
        _seat_foot(lang, x0, y + 158, tuple((n, pl["nobles"][n]["used"]) for n in NOBLES if n in pl["nobles"]),
                   tuple(pl["won"] + pl["tied"]), len(pl["pass_cards"]), len(pl["tucked_cards"]),
                   tuple(sorted(pl["be_cards"].items())), tuple(pl["tiles"])),
    ]
    return _g( *out, class_="seat" + (" mine" if p == ctx.viewer else ""), data_player=p)


@lru_cache(maxsize=64)
def _seat_tracks(lang: str, p: int, x0: float, y: float, board: str, fleur: int, crown: int, level: int,
                 t10: bool) -> str:
    T, v = Translator(lang), board_values(board)
    colour = _hex(p)
    ink = _ink(colour)
    here_at = {"fleur": fleur, "crown": crown, "level": level}
    out: list[str] = []
    tracks = (("fleur", v["fleur_vp"]), ("crown", v["crown_nobles"]),
              ("level", v["architect_vp"] + ((15,) if level == 7 or t10 else ())))
    for key, vals in tracks:
        track = T(TRACKS[key])
        out.append(ftext(x0 + 8, y + 13, track, 62, 9, fill="#444"))
        for i, val in enumerate(vals):
            bx = x0 + 72 + i * 24
            here = here_at[key] == i + 1
            out.append(el("rect", x=bx, y=y + 2, width=22, height=15, rx=3, fill=colour if here else "#fff",
                          stroke="#333" if here else "#999", stroke_width=1.2 if here else 0.8))
            out.append(text(bx + 11, y + 13, val, font_size=9, font_weight="bold" if here else None,
                            fill=ink if here else "#555", text_anchor="middle"))
        out.append(_title(T("{track} track level {n}", track=track, n=here_at[key])))
        y += 18
    return "".join(out)


@lru_cache(maxsize=64)
def _seat_houses(lang: str, p: int, x0: float, y: float, board: str, built_count: int) -> str:
    T, v = Translator(lang), board_values(board)
    colour = _hex(p)
    ink = _ink(colour)
    y += 4
    out = [ftext(x0 + 8, y + 13, T("houses"), 62, 9, fill="#444")]
    for i, cost in enumerate(v["house_cost"]):
        bx = x0 + 72 + i * 24
        built = i < built_count
        bonus = v["house_bonus"][i]
        what = T("house {n}: cost {cost}, +{bonus}", n=i + 1, cost=cost, bonus=bonus) if bonus else \
            T("house {n}: cost {cost}", n=i + 1, cost=cost)
        if built:
            what = T("{what} (built)", what=what)
        out.append(_g( el("rect", x=bx, y=y + 2, width=22, height=15, rx=3, fill="#ddd" if built else colour,
                              stroke="#666", stroke_width=0.8, opacity=0.5 if built else 1),
                      text(bx + 11, y + 13, "✓" if built else cost, font_size=9, fill="#222" if built else ink,
                           text_anchor="middle"),
                      _title(what)))
    return "".join(out)


@lru_cache(maxsize=64)
def _seat_zones(lang: str, x0: float, y: float, zones: tuple[tuple[int, int], ...]) -> str:
    T = Translator(lang)
    out = []
    for i, z in enumerate(ZONES):
        bx = x0 + 8 + i * 61
        worth, n = zones[i]
        out.append(_g( el("rect", x=bx, y=y, width=57, height=30, rx=4, fill="#eef2f8", stroke="#9aa9c2"),
                      ftext(bx + 4, y + 11, T(z), 50, 8.5, fill="#2d3e5c"),
                      text(bx + 4, y + 25, f"{worth}×{n}", font_size=11, font_weight="bold", fill="#2d3e5c"),
                      _title(T("{zone} zone: worth {worth} each, {n} now", zone=T(z), worth=worth, n=n)),
                      class_="zone", data_zone=z))
    return "".join(out)


@lru_cache(maxsize=64)
def _seat_pieces(lang: str, x0: float, y: float, cubes: tuple[tuple[str, int], ...],
                 art: tuple[tuple[str, int], ...], white: tuple[str, ...]) -> str:
    """Cubes and art tiles."""
    T = Translator(lang)
    out = []
    for i, (c, n) in enumerate(cubes):
        bx = x0 + 8 + i * 48
        out.append(_g( el("rect", x=bx, y=y, width=14, height=14, rx=2, fill=CUBE_HEX[c], stroke="#555"),
                      text(bx + 18, y + 11, n, font_size=10, fill="#222"),
                      _title(T("{cube}: {n}", cube=T(CUBE_NAMES[c]), n=n)), class_="cubes",
                      data_cube=c))
    y += 20
    for i, (c, n) in enumerate(art + (("white", len(white)),)):
        bx = x0 + 8 + i * 40
        what = T("{colour} art tiles: {n}", colour=T(c), n=n)
        if c == "white" and n:
            what = T("{what} (from {stacks})", what=what, stacks=", ".join(T(w) for w in white))
        out.append(_g( el("rect", x=bx, y=y, width=14, height=14, rx=2, fill=ART_HEX[c], stroke="#555"),
                      text(bx + 18, y + 11, n, font_size=10, fill="#222"),
                      _title(what), class_="art", data_colour=c))
    return "".join(out)


@lru_cache(maxsize=64)
def _seat_foot(lang: str, x0: float, y: float, nobles: tuple[tuple[str, bool], ...], won: tuple[str, ...],
               pass_cards: int, tucked_cards: int, be_cards: tuple[tuple[str, bool], ...],
               tiles: tuple[str, ...]) -> str:
    """Kept nobles, then the cards and tiles held."""
    T = Translator(lang)
    out = []
    x = x0 + 8
    for n, used in nobles:
        short = _short_noble(T, n)
        w = _width(short, 9) + 9
        if x + w > x0 + BLOCK_W - 10:
            x, y = x0 + 8, y + 18
        state = T("used this round") if used else T("ready")
        out.append(_g( el("rect", x=x, y=y, width=round(w, 1), height=15, rx=3, fill="#ddd" if used else "#fbeef0",
                              stroke="#8b1f2f", stroke_width=0.8),
                      text(x + 4, y + 11, short, font_size=9, fill="#767676" if used else "#6b1f2f"),
                      _title(T("{noble} ({state}): {effect}; upkeep {n}", noble=_noble(T, n), state=state,
                               effect=T(NOBLE_EFFECTS[n]), n=NOBLES[n][2])),
                      class_="kept-noble" + (" used" if used else "")))
        x += w + 4
    y += 20
    extras = []
    if won:
        extras.append(T("won now {cards}", cards=" ".join(won)))
    if pass_cards:
        extras.append(T("first-pass cards {n}", n=pass_cards))
    if tucked_cards:
        extras.append(T("tucked {n}", n=tucked_cards))
    if be_cards:
        extras.append(T("cards {cards}", cards=" ".join(c + ("·" if used else "") for c, used in be_cards)))
    if tiles:
        extras.append(T("tiles {tiles}", tiles=" ".join(tiles)))
    out += _wrap(x0 + 8, y + 6, " · ".join(extras), BLOCK_W - 22, 3, 11, font_size=9, fill="#444")
    if be_cards:
        out.append(_title("; ".join(f"{c}: {T(BE_CARDS[c][1])}" + (f" ({T('used this round')})" if u else "")
                                    for c, u in be_cards)))
    return "".join(out)


def _board_title(board: str) -> str:
    """An architect board's name: side B boards are named after an architect."""
    return B_SIDES[board]["title"] if board in B_SIDES else board


def _has_t10(s: dict[str, Any], p: int) -> bool:
    be = s["be"]
    return bool(be and "T10" in be["tiles"] and be["tile_arch"][be["tiles"].index("T10")] == p)


# ---------------------------------------------------------------- page
def render(state: dict[str, Any], viewer: int | None = None, *, choices: dict[str, str | None] | None = None,
           selected: tuple[str, ...] | list[str] = (), names: list[str] | None = None, lang: str = "en",
           **_: Any) -> str:
    """SVG for a (viewed) state in `lang`. `choices` (core.game.choices for the player to
    move) is None when nobody may click."""
    T = Translator(lang)
    names = [str(n) for n in names] if names else [T("Player {n}", n=i + 1) for i in range(state["players"])]
    ctx = Ctx(state, viewer, choices, names, T)
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
        parts.append(_legend(T, right_x, AY - 20))
        ry = AY + 200
    status = _status(T, state)
    # In a group: the status changes at every step, the board's own markup must not.
    parts.append(el("g", ftext(AX - 18, 18, status, 5 * CELL + 20, 13, font_weight="bold", fill="#222"),
                    class_="status"))
    # The decision bar goes under the Art Nouveau board, across to the right edge.
    # Only as wide as the content: the page scales the SVG to fit, so spare width shrinks it.
    width = max(right_x + 310, 16 + state["players"] * BLOCK_W)
    bar, bar_y = _decision_bar(ctx, AX - 18, max(sy, ry) + 4, width - (AX - 18) - 12)
    parts.append(bar)
    y = max(by, bar_y) + 8
    blocks = [_player_block(ctx, p, 8 + p * BLOCK_W, y) for p in range(state["players"])]
    h = y + 310
    body = [el("rect", x=0, y=0, width=width, height=h, fill="#fbfaf6", class_="bg"), *parts, *blocks]
    # A group, not an image: it holds buttons (an image's children are not reachable).
    return document(width, h, *body, class_="brussels-board", role="group", font_family="system-ui, sans-serif",
                    aria_label=T("Brussels 1893 board, {status}", status=status))


def _status(T: Translator, state: dict[str, Any]) -> str:
    phase = T(PHASE_TITLES[state["phase"]])
    if state["phase"] == "over":
        return phase
    return T("Round {n} of {total} · {phase}", n=state["round"], total=ROUNDS, phase=phase)


def _legend(T: Translator, x0: float, y0: float) -> str:
    rows = [
        ("S", T("take an art tile")), ("V", T("sell an art tile (market)")),
        ("N", T("buy a noble, use it, keep or discard")), ("M", T("take 2 materials")),
        ("B", T("build your next house (compass)")),
    ]
    out = [ftext(x0, y0 + 10, T("Actions (free action for a house's owner)"), 300, 11, font_weight="bold",
                 fill="#5a4a2a")]
    for i, (letter, what) in enumerate(rows):
        y = y0 + 22 + i * 26
        out.append(el("rect", x=x0, y=y, width=18, height=18, rx=3, fill=ACTION_TINT[letter], stroke="#a08d63"))
        line = T("{action}: {what}", action=T(ACTION_TITLES[letter]), what=what)
        rows = _lines(line, 280, 10.5, 1)
        if rows[0].endswith("…"):  # too long for one line: two smaller ones
            out += _wrap(x0 + 26, y + 8, line, 280, 2, 10, font_size=9.5, fill="#333")
        else:
            out.append(text(x0 + 26, y + 13, line, font_size=10.5, fill="#333"))
    return _g( *out, class_="legend")
