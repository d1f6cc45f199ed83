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
player's pieces also carry the seat number, a second cue that does not depend on colour;
every piece has a dark outline, so the light yellow reads on the light boards.

Layout (issue 25): the whole drawing is about the size of a 1366x768 desktop's board
frame (W x about 700 units), so one unit is about one pixel and no text is under MIN
units: the Brussels board on the left, the Art Nouveau board in the middle with the
prestige strip and the decision bar under it, the art market, studio, compass and
supply on the right, and a compact player board per seat along the foot. What a
newcomer may want to read at length (a noble's effect, a card, an action's rule) is
in the part's tooltip (<title>) and in its accessible name.
"""

from __future__ import annotations

import html
import math
import re
import unicodedata
from functools import lru_cache
from typing import Any

from ...core.game import Game
from ...core.i18n import Translator, translate, with_names
from ...core.svg import document, el, esc, id_box, page_button, text
from .board import market_value
from .data import (
    ACTIVE_CELLS,
    AREA_TITLES,
    AREAS,
    ART_COLOURS,
    B_SIDES,
    BE_CARDS,
    BE_CROSS_CELLS,
    BE_TILES,
    CELL_NAMES,
    COLOUR_HEX,
    COLOURS,
    COMPASS,
    EXHIBITION_GLASS,
    EXHIBITION_ROW,
    FLEUR_NAMES,
    FLEURS,
    INDICATOR,
    MARKET_COL_VP,
    MARKET_ROW_FR,
    NEUTRAL_HEX,
    NOBLE_DISPLAY_COST,
    NOBLE_EFFECTS,
    NOBLES,
    PRESTIGE,
    REWARDS,
    ROUNDS,
    STOCK,
    ZONES,
    active_area,
    board_values,
    brussels_cost,
    noble_name,
)
from .state import cube_kinds, zone_count, zone_value
from .warn import hover_words
from .words import (
    ACTION_RULES,
    ACTION_TITLES,
    CUBE_NAMES,
    PHASE_TITLES,
    SEGMENTS,
    TRACKS,
    cell_words,
    cubes_text,
    noble_title,
    trigger_name,
)

MIN = 11.5  # the smallest font size (units are about screen pixels on a desktop)
W = 960  # the drawing's width
CELL = 68
AX, AY = 318, 44  # Art Nouveau board origin (top-left of row 5)
LEFT_X, LEFT_W = 8, 284  # the Brussels column
RIGHT_X, RIGHT_W = 668, 284  # market, studio, compass, supply
BAR_X, BAR_W = 300, 652  # the decision bar, under the prestige strip
FOOT_H = 190  # a player board
ACTION_TINT = {"S": "#ead9f3", "V": "#f8e1c0", "N": "#f3d0d5", "M": "#d4e9d0", "B": "#d2dff0"}
ACTION_INK = {"S": "#5b2d78", "V": "#8a4d00", "N": "#8b1f2f", "M": "#24602a", "B": "#1f4a80"}
ART_HEX = {
    "yellow": "#e2b500",
    "blue": "#2d6cc0",
    "brown": "#8a5a2b",
    "green": "#3b9a48",
    "black": "#222222",
    "white": "#f4f4f4",
}
CUBE_HEX = {
    "wood": "#8a5a2b",
    "iron": "#d4a514",
    "stone": "#4c79b8",
    "glass": "#bfe3ec",
    "wild": "#f4f4f4",
    "fr3": "#e8c547",
}
TARGET = "#1f6fd1"


def _hex(p: int) -> str:
    return NEUTRAL_HEX if p == -2 else COLOUR_HEX[COLOURS[p]]


def _ink(fill: str) -> str:
    """Dark or white text, whichever reads on `fill`."""
    r, g, b = (int(fill[i : i + 2], 16) for i in (1, 3, 5))
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
    """`s` and a font size that fit `max_w`: shrink the font a little (never under MIN),
    then cut with an ellipsis (the part's tooltip holds the whole text)."""
    w = _width(s, size, bold)
    if w <= max_w:
        return s, size
    size = max(size * shrink, int(size * max_w / w * 100) / 100, min(size, MIN))
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


def _wrap(x: float, y: float, words: str, max_w: float, lines: int = 2, step: float = 13, **attrs: Any) -> list[str]:
    return [
        text(x, y + i * step, row, **attrs)
        for i, row in enumerate(_lines(words, max_w, float(attrs.get("font_size", 10)), lines))
    ]


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


_CLICK = ("data_move", "data_step", "role", "tabindex", "aria_label")
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
    """A target: its move, or a step (None) when the page asks before the move (a legal
    move that will do nothing: Game.warning)."""
    if not choices or token not in choices:
        return {}
    move = choices[token]
    kind = {"data_move": move} if move is not None else {"data_step": token}
    return {**kind, "role": "button", "tabindex": 0, "aria_label": label}


def _title(words: object) -> str:
    return el("title", esc(words))


def _cls(name: str, attrs: dict[str, Any]) -> str:
    return f"{name} choice" if attrs else name


class Ctx:
    """What one render needs: the state, who looks, the clickable tokens, which of them
    the boards have drawn (the decision bar draws the rest), and the language."""

    def __init__(
        self,
        state: dict[str, Any],
        viewer: int | None,
        choices: dict[str, str | None] | None,
        names: list[str],
        T: Translator,
    ) -> None:
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
    mark = (
        text(
            cx,
            cy + 6.3 * s,
            p + 1,
            font_size=max(MIN, round(7.2 * s, 2)),
            font_weight="bold",
            fill=_ink(fill),
            text_anchor="middle",
        )
        if p >= 0
        else ""
    )
    return _g(
        el("circle", cx=cx, cy=cy - 6 * s, r=4.6 * s, fill=fill, stroke="#333", stroke_width=0.9),
        el(
            "path",
            d=f"M{cx - 7 * s:g} {cy + 8 * s:g}q0 -11 {7 * s:g} -11q{7 * s:g} 0 {7 * s:g} 11z",
            fill=fill,
            stroke="#333",
            stroke_width=0.9,
        ),
        mark,
        _title(title),
        class_="architect",
        pointer_events="none",
    )


def _house(x: float, y: float, p: int, title: str, s: float = 1.0) -> str:
    fill = _hex(p)
    return _g(
        el(
            "path",
            d=f"M{x:g} {y + 12 * s:g}l{12 * s:g} {-11 * s:g}l{12 * s:g} {11 * s:g}v{13 * s:g}h{-24 * s:g}z",
            fill=fill,
            stroke="#222",
            stroke_width=1.2,
        ),
        text(
            x + 12 * s,
            y + 23.5 * s,
            p + 1,
            font_size=max(MIN, round(10 * s, 2)),
            font_weight="bold",
            fill=_ink(fill),
            text_anchor="middle",
        ),
        _title(title),
        class_="house",
        pointer_events="none",
    )


def _button(x: float, y: float, w: float, label: str, attrs: dict[str, Any], fill: str = TARGET, h: float = 28) -> str:
    attrs = dict(attrs)
    more = attrs.pop("class_", "")  # svg.page_button's mark
    return _g(
        el("rect", x=x, y=y, width=w, height=h, rx=5, fill=fill, stroke="#173d6e"),
        ftext(x + w / 2, y + h / 2 + 4.5, label, w - 8, 12.5, font_weight="bold", fill="#fff", text_anchor="middle"),
        class_=f"{_cls('button', attrs)} {more}".strip(),
        **attrs,
    )


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


def _cell_key(cell: int) -> str:
    """A cell's data-cell: "column row" (the page's hover preview reads two numbers)."""
    return f"{cell % 5 + 1} {cell // 5 + 1}"


def _art_nouveau(ctx: Ctx) -> str:
    s, T = ctx.s, ctx.T
    out = [
        el(
            "rect",
            x=AX - 20,
            y=AY - 20,
            width=5 * CELL + 26,
            height=5 * CELL + 26,
            rx=8,
            fill="#efe6d2",
            stroke="#b9a77f",
        )
    ]
    # Columns (the majorities and the prestige strip count them) and rows, counted from
    # the bottom like the fleurs-de-lis' coordinates.
    for i in range(5):
        out.append(
            text(
                AX + i * CELL + CELL / 2,
                AY - 6,
                i + 1,
                font_size=MIN,
                font_weight="bold",
                fill="#7b6b4a",
                text_anchor="middle",
            )
        )
        out.append(
            text(
                AX - 10,
                AY + (4 - i) * CELL + CELL / 2 + 4,
                i + 1,
                font_size=MIN,
                font_weight="bold",
                fill="#7b6b4a",
                text_anchor="middle",
            )
        )
    out.append(_title(T("Art Nouveau board: columns 1-5 from the left, rows 1-5 from the bottom")))
    # Layers in groups of their own, the same ones at every redraw even when empty: the
    # page then replaces only the layers whose text changed (web/skyweb/patch.py), not
    # the whole board at every tap. Pieces lie above every cell, marks above pieces.
    # The cells and the pieces are pure functions of the few values they show, and
    # remembered: most moves change neither.
    cells = _cells_layer(T.lang, tuple(s["grid"]), s["square"], bool(s["be"]), tuple(s["house"]), tuple(ctx.names))
    pieces = _pieces_layer(T.lang, tuple(ctx.names), tuple(s["house"]), tuple(s["arch"]), tuple(s["francs"]))
    marks, targets, fleurs = [], [], []
    f = s["frames"][-1] if s["frames"] else None
    focus = f.get("cell") if f and f["k"] in ("francs", "build") else None
    if focus is not None:
        x, y = _cell_xy(focus)
        marks.append(
            el(
                "rect",
                x=x + 2,
                y=y + 2,
                width=CELL - 4,
                height=CELL - 4,
                rx=6,
                fill="none",
                stroke="#e0a800",
                stroke_width=4,
                stroke_dasharray="7 4",
                class_="focus",
                pointer_events="none",
            )
        )
    if s["square"] is not None:
        cols, rows = active_area(s["square"])
        x0, y0 = AX + (cols[0] - 1) * CELL, AY + (5 - rows[-1]) * CELL
        marks.append(
            el(
                "rect",
                x=x0,
                y=y0,
                width=len(cols) * CELL,
                height=len(rows) * CELL,
                fill="none",
                stroke="#1e8a3c",
                stroke_width=4,
                rx=4,
                class_="active-area",
                pointer_events="none",
            )
        )
    verbs = {
        "place": lambda c: T("Place an architect on {cell}", cell=c),
        "neutral": lambda c: T("Neutral architect on {cell}", cell=c),
        "house": lambda c: T("Build the house on {cell}", cell=c),
    }
    for verb in ("place", "neutral", "house"):
        for cell, cell_name in enumerate(CELL_NAMES):
            token = f"{verb} {cell_name}"
            if token not in ctx.choices:
                continue
            attrs = ctx.click(token, verbs[verb](translate(cell_words(s, cell), T.lang)))
            if attrs:
                x, y = _cell_xy(cell)
                targets.append(
                    el(
                        "rect",
                        x=x + 3,
                        y=y + 3,
                        width=CELL - 6,
                        height=CELL - 6,
                        rx=6,
                        fill=TARGET,
                        fill_opacity=0.22,
                        stroke=TARGET,
                        stroke_width=3,
                        data_cell=_cell_key(cell),
                        class_="choice",
                        **attrs,
                    )
                )
    for i, (fx, fy) in enumerate(FLEURS):
        cx, cy = AX + fx * CELL, AY + (5 - fy) * CELL
        attrs = ctx.click(f"square {FLEUR_NAMES[i]}", T("Try square on fleur-de-lis {fleur}", fleur=FLEUR_NAMES[i]))
        # A target is big and named (the stock card names two); the others are small
        # marks, named in their tooltips, so they hide no cell's action.
        label = (
            text(cx, cy + 4, FLEUR_NAMES[i], font_size=12, font_weight="bold", fill="#fff", text_anchor="middle")
            if attrs
            else ""
        )
        fleurs.append(
            _g(
                el(
                    "circle",
                    cx=cx,
                    cy=cy,
                    r=14 if attrs else 5,
                    fill=TARGET if attrs else "#f7e7a1",
                    fill_opacity=0.92 if attrs else 1,
                    stroke="#173d6e" if attrs else "#8a6d00",
                    stroke_width=1.4,
                ),
                label,
                _title(T("Fleur-de-lis {fleur}", fleur=FLEUR_NAMES[i])),
                class_=_cls("fleur", attrs),
                data_fleur=FLEUR_NAMES[i],
                **attrs,
            )
        )
        if s["square"] == i:
            cols, rows = active_area(i)
            dx = 1 if cols[0] > fx else -1
            dy = -1 if rows[0] > fy else 1
            fleurs.append(
                el(
                    "path",
                    d=f"M{cx + dx * 30:g} {cy:g}H{cx:g}V{cy + dy * 30:g}",
                    fill="none",
                    stroke="#3b2a10",
                    stroke_width=6,
                    stroke_linecap="round",
                    class_="try-square",
                    pointer_events="none",
                )
            )
    out += [cells, pieces, _ids_layer()] + [
        el("g", *layer, class_=name) for name, layer in (("marks", marks), ("targets", targets), ("fleurs", fleurs))
    ]
    out.append(el("g", id="hover-layer", pointer_events="none"))
    return _g(*out, class_="art-nouveau")


@lru_cache(maxsize=1)
def _ids_layer() -> str:
    """Boxes, unseen and not clickable, for the board ids a scenario marks that no drawn
    rectangle holds: each column ("column 3": its five cells, the column majority's
    ground) and each fleur-de-lis ("fleur 2-2")."""
    boxes = [id_box(f"column {c + 1}", AX + c * CELL, AY, CELL, 5 * CELL) for c in range(5)]
    for i, (fx, fy) in enumerate(FLEURS):
        cx, cy = AX + fx * CELL, AY + (5 - fy) * CELL
        boxes.append(id_box(f"fleur {FLEUR_NAMES[i]}", cx - 15, cy - 15, 30, 30))
    return el("g", *boxes, class_="ids", pointer_events="none")


@lru_cache(maxsize=16)
def _cells_layer(
    lang: str,
    grid: tuple[str, ...],
    square: int | None,
    be: bool,
    house: tuple[int, ...] = (),
    names: tuple[str, ...] = (),
) -> str:
    """The 25 cells: their actions, dimming outside the try square's area, and Belle
    Époque's face-down tiles. A cell that is no target says why when clicked (data-why)."""
    T = Translator(lang)
    active = ACTIVE_CELLS[square] if square is not None else frozenset(range(25))
    cross = set(BE_CROSS_CELLS if be else ())
    cells = []
    for cell in range(25):
        x, y = _cell_xy(cell)
        letter = grid[cell]
        on = cell in active
        c, r = cell % 5 + 1, cell // 5 + 1
        about = T(
            "{action} (column {c}, row {r}): {rule}",
            action=T(ACTION_TITLES[letter]),
            c=c,
            r=r,
            rule=T(ACTION_RULES[letter]),
        )
        if house and house[cell] >= 0:
            about = T(
                "{about}; {who}'s house: its owner gets a free {action} action when another player uses it",
                about=about,
                who=_seat_name(T, names, house[cell]),
                action=T(ACTION_TITLES[letter]),
            )
        cells.append(
            _g(
                el(
                    "rect",
                    x=x + 1,
                    y=y + 1,
                    width=CELL - 2,
                    height=CELL - 2,
                    rx=4,
                    fill=ACTION_TINT[letter],
                    opacity=1 if on or square is None else 0.45,
                    stroke="#a08d63",
                    stroke_width=0.8,
                ),
                ftext(
                    x + 5,
                    y + 15,
                    T(ACTION_TITLES[letter]),
                    CELL - 8,
                    12,
                    font_weight="bold",
                    fill=ACTION_INK[letter],
                    opacity=1 if on or square is None else 0.6,
                ),
                _title(about),
                data_cell=_cell_key(cell),
                data_why=f"place {CELL_NAMES[cell]}",
                class_="cell" + (" active" if on and square is not None else ""),
            )
        )
        if cell in cross:
            cells.append(
                _g(
                    el("rect", x=x + 4, y=y + CELL - 24, width=26, height=18, rx=3, fill="#6b5320", stroke="#e0c060"),
                    text(
                        x + 17,
                        y + CELL - 10.5,
                        "BE",
                        font_size=MIN,
                        font_weight="bold",
                        fill="#f3e3a6",
                        text_anchor="middle",
                    ),
                    _title(
                        T(
                            "Belle Époque tile (face down): no house here; an architect placed here may "
                            "also go to a Belle Époque tile"
                        )
                    ),
                    class_="be-cross",
                    pointer_events="none",
                )
            )
    return el("g", *cells, class_="cells")


@lru_cache(maxsize=16)
def _pieces_layer(
    lang: str, names: tuple[str, ...], house: tuple[int, ...], arch: tuple[int, ...], francs: tuple[int, ...]
) -> str:
    """Houses, architects and the francs under them."""
    T = Translator(lang)
    pieces = []
    for cell in range(25):
        x, y = _cell_xy(cell)
        owner = house[cell]
        if owner >= 0:
            pieces.append(_house(x + 4, y + 34, owner, T("House of {who}", who=_seat_name(T, names, owner)), 1.1))
        a = arch[cell]
        if a != -1:
            who = _seat_name(T, names, a)
            pieces.append(_pawn(x + 40, y + 40, a, T("Architect of {who}", who=who), 1.6))
            if a >= 0:
                n = francs[cell]
                pieces.append(
                    _g(
                        el("circle", cx=x + CELL - 12, cy=y + CELL - 12, r=10, fill="#e8c547", stroke="#6b5200"),
                        text(
                            x + CELL - 12,
                            y + CELL - 8,
                            n,
                            font_size=12,
                            font_weight="bold",
                            fill="#3d2f00",
                            text_anchor="middle",
                        ),
                        _title(T("1 franc under it") if n == 1 else T("{n} francs under it", n=n)),
                        class_="francs",
                        pointer_events="none",
                    )
                )
    return el("g", *pieces, class_="pieces")


def _reward_line(T: Translator, letters: str, kind: str) -> str:
    """A prestige card's rewards: 'fleur / crown' (a choice), 'crown + architect' (all)."""
    names = [T(REWARDS[x]) for x in letters]
    if kind == "single":
        return names[0]
    return (" / " if kind == "choice" else " + ").join(names)


def _strip(ctx: Ctx) -> tuple[str, float]:
    s, T = ctx.s, ctx.T
    y = AY + 5 * CELL + 10
    out = []
    cols = active_area(s["square"])[0] if s["square"] is not None else ()
    deck = T("{n} cards left in the prestige deck", n=len(s["prestige_deck"]))
    for c in range(5):
        x = AX + c * CELL + 2
        card = s["strip"][c]
        attrs = ctx.click(f"prestige {c + 1}", T("Take the prestige card under column {n}", n=c + 1))
        ring = TARGET if attrs else ("#1e8a3c" if c + 1 in cols else "#b9a77f")
        parts = [
            el(
                "rect",
                x=x,
                y=y,
                width=CELL - 4,
                height=62,
                rx=5,
                fill="#fdf7e6" if card else "#ece6d8",
                stroke=ring,
                stroke_width=3 if attrs or c + 1 in cols else 1,
            )
        ]
        if card:
            letters, kind, man, icon = PRESTIGE[card]
            line = _reward_line(T, letters, kind)
            parts += _wrap(
                x + (CELL - 4) / 2,
                y + 15,
                line,
                CELL - 10,
                3,
                13,
                font_size=MIN,
                font_weight="bold",
                fill="#3d3220",
                text_anchor="middle",
            )
            if man:
                parts.append(text(x + 4, y + 57, f"MP×{man}", font_size=MIN, fill="#2f62b3"))
            if icon:
                parts.append(
                    text(
                        x + CELL - 8,
                        y + 57,
                        f"+{icon}",
                        font_size=MIN,
                        font_weight="bold",
                        fill="#8a6d00",
                        text_anchor="end",
                    )
                )
            tuck = T("tuck for +{n}", n=icon) if icon else T("cannot be tucked")
            parts.append(
                _title(
                    T(
                        "Prestige card {card}: {rewards}; {n} Manneken-Pis; {tuck}",
                        card=card,
                        rewards=line,
                        n=man,
                        tuck=tuck,
                    )
                    + " · "
                    + deck
                )
            )
        else:
            parts.append(_title(deck))
        out.append(_g(*parts, class_=_cls("prestige-card", attrs), data_column=c + 1, **attrs))
        out.append(id_box(f"prestige {c + 1}", x, y, CELL - 4, 62))
    return _g(*out, class_="prestige-strip"), y + 62


# ---------------------------------------------------------------- Brussels board
def _chip(x: float, y: float, p: int, title: str, colour: str | None = None, w: float = 15) -> str:
    """A meeple in a small space: a chip of the seat's colour with its number (a dark
    outline, so yellow reads on light backgrounds); travellers are gold."""
    fill = colour or _hex(p)
    mark = (
        text(x + w / 2, y + 13, p + 1, font_size=MIN, font_weight="bold", fill=_ink(fill), text_anchor="middle")
        if p >= 0
        else ""
    )
    return _g(
        el("rect", x=x, y=y, width=w, height=17, rx=4, fill=fill, stroke="#222", stroke_width=1),
        mark,
        _title(title),
        class_="architect",
        pointer_events="none",
    )


@lru_cache(maxsize=64)
def _area_texts(lang: str, area: str, players: int, visits: int, stock: str | None) -> tuple[str, str, str, str]:
    """A Brussels action's title, what it gives, its accessible name and its next cost."""
    T = Translator(lang)
    need = brussels_cost(players, visits + 1)
    title = T(AREA_TITLES[area])
    sub = {
        "bourse": T("+{n} francs", n=STOCK[stock][0]) if stock else T("francs of the stock card"),
        "grandplace": T("use nobles (crown track)"),
        "park": T("copy an Art Nouveau action"),
        "market": T("up to 3 wildcards"),
    }[area]
    meeples = T("1 meeple") if need == 1 else T("{n} meeples", n=need)
    about = T("{area}: {what}; the next visit needs {meeples}", area=title, what=sub, meeples=meeples)
    return title, sub, about, T("next: {n}", n=need)


@lru_cache(maxsize=64)
def _area(
    lang: str,
    area: str,
    x: float,
    y: float,
    title: str,
    sub: str,
    about: str,
    nxt: str,
    visits: tuple[tuple[int, int, int], ...],
    names: tuple[str, ...],
    click: tuple[tuple[str, Any], ...],
) -> str:
    """A Brussels action with the architects and travellers who visited it."""
    T, attrs = Translator(lang), dict(click)
    title_w = _width(title, 12.5, True)
    parts = [
        el(
            "rect",
            x=x,
            y=y,
            width=LEFT_W,
            height=48,
            rx=6,
            fill="#e4e2ef",
            stroke=TARGET if attrs else "#8f8cab",
            stroke_width=3 if attrs else 1,
        ),
        text(x + 8, y + 17, title, font_size=12.5, font_weight="bold", fill="#2e2b4f"),
        ftext(x + 16 + title_w, y + 17, sub, LEFT_W - 24 - title_w, MIN, fill="#4a4766"),
        text(x + LEFT_W - 8, y + 39, nxt, font_size=MIN, fill="#4a4766", text_anchor="end"),
    ]
    px = x + 8
    for q, a, t in visits:
        for k in range(a + t):
            traveller = k >= a
            who = _seat_name(T, names, q)
            label = T("{who} (traveller)", who=who) if traveller else who
            if px < x + LEFT_W - 70:
                parts.append(_chip(px, y + 25, q, label, "#c9a227" if traveller else None))
            px += 16
        px += 5
    parts.append(_title(about))
    return _g(
        *parts,
        class_=_cls("brussels-action", attrs),
        data_area=area,
        **({} if attrs else {"data_why": f"visit {area}"}),
        **attrs,
    )


def _brussels(ctx: Ctx) -> tuple[str, float]:
    s, T = ctx.s, ctx.T
    x0, y = LEFT_X, 8
    out = [ftext(x0, y + 12, T("Brussels"), LEFT_W, 13, font_weight="bold", fill="#3a3a52")]
    y += 18
    for area in AREAS:
        visits = tuple(tuple(v) for v in s["visits"][area])
        title, sub, about, nxt = _area_texts(T.lang, area, s["players"], len(visits), s["stock"])
        attrs = ctx.click(f"visit {area}", about)
        out.append(_area(T.lang, area, x0, y, title, sub, about, nxt, visits, tuple(ctx.names), tuple(attrs.items())))
        out.append(id_box(area, x0, y, LEFT_W, 48))
        y += 52
    # The court: one chip per player who has architects there, with how many.
    court = [el("rect", x=x0, y=y, width=LEFT_W, height=28, rx=6, fill="#e9e1e1", stroke="#a88")]
    label = T("Court")
    court.append(ftext(x0 + 8, y + 19, label, 80, 12, font_weight="bold", fill="#5a2d2d"))
    px = x0 + 16 + min(80, _width(label, 12, True))
    for p, pl in enumerate(s["pl"]):
        if pl["court"]:
            who = T("{who}: {n} architects in court", who=_name(ctx, p), n=pl["court"])
            court.append(_chip(px, y + 5, p, who))
            court.append(text(px + 17, y + 18, f"×{pl['court']}", font_size=MIN, fill="#5a2d2d"))
            px += 36 if pl["court"] < 10 else 44
    out.append(_g(*court, _title(T("Court (Palais de Justice)")), class_="court"))
    out.append(id_box("court", x0, y, LEFT_W, 28))
    y += 32
    stock = s["stock"]
    left = T("{n} left", n=len(s["stock_deck"]))
    if stock:
        fr, coords = STOCK[stock]
        a, b = coords[s["players"]]
        line = T("Stock card: {n} fr · square {a} or {b} · {left}", n=fr, a=a, b=b, left=left)
    else:
        line = T("Stock card: none · {left}", left=left)
    if s["be"]:
        line = T("{cards} · train: {n} travellers", cards=line, n=s["train"])
    out.append(id_box("stock", x0, y, LEFT_W, 20))
    out.append(_g(ftext(x0 + 2, y + 14, line, LEFT_W - 4, MIN, fill="#3b4a1e"), _title(line), class_="stock"))
    y += 24
    # Noble display: one row per slot, its price on the right.
    out.append(
        ftext(x0, y + 13, T("Nobles (display: 3 / 2 / 1 / 0 francs)"), LEFT_W, 12.5, font_weight="bold", fill="#6b1f2f")
    )
    y += 20
    for i, card in enumerate(s["display"]):
        who = translate(noble_title(card), T.lang) if card else ""
        attrs = ctx.click(f"noble {i + 1}", T("Buy {noble} for {n} francs", noble=who, n=NOBLE_DISPLAY_COST[i]))
        out.append(_noble_row(T, x0, y, card, NOBLE_DISPLAY_COST[i], attrs))
        out.append(id_box(f"noble {i + 1}", x0, y, LEFT_W, 26))
        y += 28
    reveal = s.get("reveal")
    attrs = ctx.click(
        "noble top", T("Take the revealed {noble} for free", noble=translate(noble_title(reveal), T.lang))
    )
    if reveal:
        out.append(_noble_row(T, x0, y, reveal, 0, attrs, "revealed"))
    else:
        deck = T("Noble deck: {n} left, {d} discarded", n=len(s["noble_deck"]), d=len(s["noble_discard"]))
        out.append(
            _g(
                el("rect", x=x0, y=y, width=LEFT_W, height=26, rx=5, fill="#6b1f2f", stroke="#3b0f18"),
                ftext(x0 + 8, y + 18, deck, LEFT_W - 16, MIN, fill="#fff"),
                _title(deck),
                class_="noble-deck",
            )
        )
    out.append(id_box("noble deck", x0, y, LEFT_W, 26))
    y += 28
    return _g(*out, class_="brussels"), y


def _noble_row(
    T: Translator, x: float, y: float, card: str | None, cost: int, attrs: dict[str, Any], kind: str = "slot"
) -> str:
    return _noble_row_svg(T.lang, x, y, card, cost, tuple(attrs.items()), kind)


@lru_cache(maxsize=64)
def _noble_row_svg(
    lang: str, x: float, y: float, card: str | None, cost: int, click: tuple[tuple[str, Any], ...], kind: str
) -> str:
    T, attrs = Translator(lang), dict(click)
    ring = TARGET if attrs else "#8b1f2f"
    price = T("{n} fr", n=cost) if kind == "slot" else T("free")
    if not card:
        return _g(
            el("rect", x=x, y=y, width=LEFT_W, height=26, rx=5, fill="#f1ecec", stroke="#ccc"),
            text(x + LEFT_W - 8, y + 18, price, font_size=MIN, fill="#666", text_anchor="end"),
            class_="noble empty",
        )
    name = noble_name(card)
    _, _, upkeep = NOBLES[name]
    short = _short_noble(T, name)
    price_w = _width(price, 12.5, True)
    up = T("upkeep {n}", n=upkeep)
    up_w = _width(up, MIN)
    name_w = min(_width(short, 12.5, True), 100)
    return _g(
        el(
            "rect",
            x=x,
            y=y,
            width=LEFT_W,
            height=26,
            rx=5,
            fill="#fbeef0",
            stroke=ring,
            stroke_width=3 if attrs else 1.2,
        ),
        ftext(x + 8, y + 18, short, 100, 12.5, font_weight="bold", fill="#6b1f2f"),
        ftext(x + 16 + name_w, y + 18, _short_effect(T, name), LEFT_W - 40 - name_w - price_w - up_w, MIN, fill="#333"),
        text(x + LEFT_W - 16 - price_w, y + 18, up, font_size=MIN, fill="#555", text_anchor="end"),
        text(x + LEFT_W - 8, y + 18, price, font_size=12.5, font_weight="bold", fill="#3b0f18", text_anchor="end"),
        _title(
            T(
                "{noble}: {effect}; upkeep {n} francs at the end",
                noble=_noble(T, name),
                effect=T(NOBLE_EFFECTS[name]),
                n=upkeep,
            )
        ),
        class_=_cls("noble " + kind, attrs),
        data_noble=name,
        **attrs,
    )


def _short_effect(T: Translator, name: str) -> str:
    return {
        "brugmann": T("+5 francs"),
        "empain": T("+2 wildcards"),
        "solvay": T("+1 material"),
        "buls": T("fleur-de-lis +1"),
        "albert": T("crown +1"),
        "velde": T("architect +1"),
        "vandervelde": T("court → 1"),
        "maeterlinck": T("+5 points"),
        "nagelmackers": T("+1 traveller"),
        "privat": T("white art tile"),
    }[name]


# ---------------------------------------------------------------- the right column
G_M = 26  # a market square: its targets are whole squares, 24 px and more on screen


@lru_cache(maxsize=8)
def _market_ground(lang: str, x0: float, y0: float) -> str:
    """The market's title, grid and scales: the same all game."""
    T = Translator(lang)
    g = G_M
    out = [ftext(x0, y0 + 12, T("Art market"), 150, 12.5, font_weight="bold", fill="#8a4d00")]
    gx, gy = x0 + 34, y0 + 20
    for row in range(5):
        for col in range(5):
            x, y = gx + col * g, gy + (4 - row) * g
            out.append(el("rect", x=x, y=y, width=g, height=g, fill="#fbf1de", stroke="#d8b98a", stroke_width=0.8))
    for col in range(5):
        out.append(
            text(
                gx + col * g + g / 2,
                gy + 5 * g + 14,
                f"{MARKET_COL_VP[col]}",
                font_size=MIN,
                fill="#8a4d00",
                text_anchor="middle",
            )
        )
    out.append(text(gx + 5 * g + 4, gy + 5 * g + 14, T("points"), font_size=MIN, fill="#8a4d00"))
    for row in range(5):
        out.append(
            text(
                gx - 4,
                gy + (4 - row) * g + 17,
                T("{n} fr", n=MARKET_ROW_FR[row]),
                font_size=MIN,
                fill="#8a4d00",
                text_anchor="end",
            )
        )
    out.append(_title(T("points by column, francs by row")))
    return "".join(out)


def _market(ctx: Ctx, x0: float, y0: float) -> tuple[str, float]:
    s, T = ctx.s, ctx.T
    g = G_M
    gx, gy = x0 + 34, y0 + 20
    out = [_market_ground(T.lang, x0, y0), id_box("art market", gx, gy, 5 * g, 5 * g)]
    pos = s["market"]["pos"]
    ix, iy = gx + (pos[0] - 2) * g, gy + (4 - pos[1]) * g
    out.append(
        el(
            "rect",
            x=ix,
            y=iy,
            width=3 * g,
            height=3 * g,
            fill="none",
            stroke="#222",
            stroke_width=2.5,
            class_="indicator",
        )
    )
    out.append(id_box("indicator", ix, iy, 3 * g, 3 * g))
    for colour in ART_COLOURS:
        vp, fr = market_value(tuple(pos), colour)
        dx, dy = INDICATOR[colour]
        cx, cy = gx + (pos[0] - 1 + dx) * g, gy + (4 - (pos[1] - 1 + dy)) * g
        out.append(
            el(
                "rect",
                x=cx + 4,
                y=cy + 4,
                width=g - 8,
                height=g - 8,
                fill=ART_HEX[colour],
                stroke="#333",
                class_="indicator-square",
                pointer_events="none",
            )
        )
        out.append(_title(T("{colour}: {vp} points, {fr} francs", colour=T(colour), vp=vp, fr=fr)))
    for token, move in sorted(ctx.choices.items()):
        words = token.split()
        if words[0] == "indicator" and move:
            x, y = int(words[1]), int(words[2])
            cx, cy = gx + (x - 1) * g, gy + (4 - (y - 1)) * g
            attrs = ctx.click(
                token,
                T(
                    "Move the indicator's centre to {vp} points, {fr} francs",
                    vp=MARKET_COL_VP[x - 1],
                    fr=MARKET_ROW_FR[y - 1],
                ),
            )
            out.append(
                el(
                    "rect",
                    x=cx,
                    y=cy,
                    width=g,
                    height=g,
                    rx=4,
                    fill=TARGET,
                    fill_opacity=0.45,
                    stroke=TARGET,
                    stroke_width=2,
                    data_market=f"{x} {y}",
                    class_="choice",
                    **attrs,
                )
            )
    sx = gx + 5 * g + 14
    out.append(ftext(sx, gy + 10, T("shown"), x0 + RIGHT_W - sx, MIN, fill="#8a4d00"))
    for i, tile in enumerate(s["market"]["slots"]):
        sy = gy + 18 + i * 42
        token = next((t for t in (f"return {i + 1}", f"clear {i + 1}") if t in ctx.choices), "")
        attrs = ctx.click(token, T("Send the market tile {n} back to the studio", n=i + 1)) if token else {}
        colour = "white" if tile and tile.startswith("white") else tile
        out.append(
            _g(
                el(
                    "rect",
                    x=sx,
                    y=sy,
                    width=36,
                    height=36,
                    rx=4,
                    fill=ART_HEX.get(colour, "#eee"),
                    stroke=TARGET if attrs else "#555",
                    stroke_width=3 if attrs else 1,
                ),
                _title(T("Market slot {n}: {tile}", n=i + 1, tile=T(colour) if colour else T("empty"))),
                class_=_cls("market-slot", attrs),
                data_slot=i + 1,
                **attrs,
            )
        )
        out.append(id_box(f"market slot {i + 1}", sx, sy, 36, 36))
    return _g(*out, class_="art-market"), gy + 5 * g + 20


def _studio(ctx: Ctx, x0: float, y0: float) -> tuple[str, float]:
    s, T = ctx.s, ctx.T
    out = [ftext(x0, y0 + 12, T("Studio"), RIGHT_W, 12.5, font_weight="bold", fill="#5b2d78")]
    for i, colour in enumerate(ART_COLOURS):
        x, y = x0 + i * 57, y0 + 18
        attrs = ctx.click(f"art {colour}", T("Take a {colour} art tile", colour=T(colour)))
        n = s["studio"][colour]
        what = T("{colour} art tiles in the studio: {n}", n=n, colour=T(colour))
        if colour == "black":
            what = T("{what} (black only by the free studio action)", what=what)
        out.append(
            _g(
                el(
                    "rect",
                    x=x,
                    y=y,
                    width=51,
                    height=34,
                    rx=5,
                    fill=ART_HEX[colour],
                    stroke=TARGET if attrs else "#333",
                    stroke_width=3.5 if attrs else 1,
                ),
                text(
                    x + 25.5,
                    y + 23,
                    n,
                    font_size=14,
                    font_weight="bold",
                    fill=_ink(ART_HEX[colour]),
                    text_anchor="middle",
                ),
                _title(what),
                class_=_cls("studio-stack", attrs),
                data_colour=colour,
                **attrs,
            )
        )
        out.append(id_box(f"studio {colour}", x, y, 51, 34))
    return _g(*out, class_="studio"), y0 + 56


def _cube_kinds(s: dict[str, Any]) -> tuple[str, ...]:
    """The cubes a player or the supply may hold: glass only with Belle Époque."""
    return cube_kinds(s) + ("wild",)


def _supply(ctx: Ctx, x0: float, y0: float, width: float) -> tuple[str, float]:
    s, T = ctx.s, ctx.T
    out = [ftext(x0, y0 + 12, T("Materials supply"), width, 12.5, font_weight="bold", fill="#24602a")]
    kinds = _cube_kinds(s)
    for i, c in enumerate(kinds):
        y = y0 + 20 + i * 22
        out.append(
            _g(
                el("rect", x=x0, y=y, width=17, height=17, rx=3, fill=CUBE_HEX[c], stroke="#333"),
                text(
                    x0 + 40,
                    y + 13,
                    s["supply"][c],
                    font_size=12.5,
                    font_weight="bold",
                    fill="#24602a",
                    text_anchor="end",
                ),
                ftext(x0 + 46, y + 13, T(CUBE_NAMES[c]), width - 46, MIN, fill="#444"),
                _title(T("{n} left: {cube}", n=s["supply"][c], cube=T(CUBE_NAMES[c]))),
                class_="supply",
                data_cube=c,
            )
        )
        out.append(id_box(f"supply {c}", x0, y, width, 17))
    return _g(*out, class_="materials"), y0 + 20 + len(kinds) * 22


@lru_cache(maxsize=8)
def _compass_dial(lang: str, x0: float, y0: float, arrow: bool) -> str:
    """The compass's title, dial and segment names: the same all game."""
    T = Translator(lang)
    cx, cy, r = x0 + 66, y0 + 84, 64
    out = [ftext(x0, y0 + 12, T("Compass"), 130, 12.5, font_weight="bold", fill="#333")]
    out.append(el("circle", cx=cx, cy=cy, r=r, fill="#f6f1e4", stroke="#8a7a55", stroke_width=1.5))
    short = {"any1": T("any"), "any2": T("any") + "*", "fr3": T("{n} fr", n=3)}
    for i, seg in enumerate(COMPASS):
        ang = math.radians(-90 + i * 45)
        tx, ty = cx + math.cos(ang) * (r - 19), cy + math.sin(ang) * (r - 19)
        label = short.get(seg) or T(SEGMENTS[seg])
        if arrow and i == 7:
            label = "→" + T("iron")
        out.append(ftext(tx, ty + 4, label, 40, MIN, fill="#333", text_anchor="middle"))
        lx, ly = (
            cx + math.cos(math.radians(-90 + i * 45 + 22.5)) * r,
            cy + math.sin(math.radians(-90 + i * 45 + 22.5)) * r,
        )
        out.append(el("path", d=f"M{cx:g} {cy:g}L{lx:.1f} {ly:.1f}", stroke="#d8ccb0", stroke_width=0.8))
    out.append(_title(T("Compass: each pointer shows a material your next house costs")))
    return "".join(out)


def _compass(ctx: Ctx, x0: float, y0: float) -> tuple[str, float]:
    s, T = ctx.s, ctx.T
    cx, cy, r = x0 + 66, y0 + 84, 64
    out = [_compass_dial(T.lang, x0, y0, s["be"] is None), id_box("compass", cx - r, cy - r, 2 * r, 2 * r)]
    for seg in s["pointers"]:
        ang = math.radians(-90 + seg * 45)
        px, py = cx + math.cos(ang) * (r - 34), cy + math.sin(ang) * (r - 34)
        token = f"turn {COMPASS[seg]}"
        where = T(SEGMENTS[COMPASS[seg]])
        attrs = ctx.click(token, T("Turn the {segment} pointer clockwise", segment=where))
        out.append(
            _g(
                el(
                    "path",
                    d=f"M{cx:g} {cy:g}L{px:.1f} {py:.1f}",
                    stroke=TARGET if attrs else "#222",
                    stroke_width=5 if attrs else 3,
                    stroke_linecap="round",
                ),
                el(
                    "circle",
                    cx=f"{px:.1f}",
                    cy=f"{py:.1f}",
                    r=13 if attrs else 3,
                    fill=TARGET if attrs else "#222",
                    fill_opacity=0.85 if attrs else 1,
                ),
                _title(T("Pointer on {segment}", segment=where)),
                class_=_cls("pointer", attrs),
                data_segment=COMPASS[seg],
                **attrs,
            )
        )
    out.append(el("circle", cx=cx, cy=cy, r=4, fill="#222"))
    return _g(*out, class_="compass"), cy + r + 6


# ---------------------------------------------------------------- Belle Époque board
def _belle_epoque(ctx: Ctx, x0: float, y0: float, width: float, per_row: int = 0) -> tuple[str, float]:
    """The exhibition halls (one per row of the Art Nouveau board) and the Belle Époque
    tiles, in a band across the drawing: all in a row, or `per_row` halls and tiles to a
    row (the portrait's narrower band)."""
    s, T = ctx.s, ctx.T
    be = s["be"]
    out = [
        ftext(
            x0,
            y0 + 13,
            T("Belle Époque board: exhibition halls (one per row)"),
            width,
            12.5,
            font_weight="bold",
            fill="#6b5320",
        )
    ]
    halls = per_row or 5
    hw = (width - (halls - 1) * 6) / halls
    for i in range(5):
        x, y = x0 + i % halls * (hw + 6), y0 + 20 + i // halls * 72
        attrs = ctx.click(f"hall {i + 1}", T("Build an exhibition hall at position {n}", n=i + 1))
        owner = be["halls"][i]
        card = be["cards"][i]
        glass = T("+{n} glass", n=EXHIBITION_GLASS[i]) if EXHIBITION_GLASS[i] else T("no surcharge")
        parts = [
            el(
                "rect",
                x=x,
                y=y,
                width=hw,
                height=66,
                rx=6,
                fill="#f7efd6",
                stroke=TARGET if attrs else "#b39a55",
                stroke_width=3 if attrs else 1,
            ),
            ftext(
                x + 6,
                y + 16,
                T("E{n} · row {row}", n=i + 1, row=EXHIBITION_ROW[i]),
                hw - 12,
                12,
                font_weight="bold",
                fill="#6b5320",
            ),
            ftext(x + 6, y + 31, glass, hw - 12, MIN, fill="#2f6f80"),
        ]
        if card:
            trig, what = BE_CARDS[card]
            when = translate(trigger_name(trig), T.lang)
            parts.append(
                ftext(
                    x + 6,
                    y + 46,
                    f"{card} ({when})",
                    hw - (40 if owner >= 0 else 12),
                    MIN,
                    font_weight="bold",
                    fill="#333",
                )
            )
            parts += _wrap(x + 6, y + 60, T(what), hw - (40 if owner >= 0 else 12), 1, 13, font_size=MIN, fill="#333")
            parts.append(_title(T("Card {card} ({when}): {effect}", card=card, when=when, effect=T(what))))
        if owner >= 0:
            parts.append(_house(x + hw - 32, y + 34, owner, T("Exhibition hall of {who}", who=_name(ctx, owner)), 1.1))
        out.append(_g(*parts, class_=_cls("exhibition", attrs), data_position=i + 1, **attrs))
        out.append(id_box(f"hall {i + 1}", x, y, hw, 66))
    y = y0 + 92 + (4 // halls) * 72
    out.append(
        ftext(
            x0,
            y + 13,
            T("Belle Époque tiles (an architect here stays to the end)"),
            width,
            12.5,
            font_weight="bold",
            fill="#6b5320",
        )
    )
    n = per_row or max(1, len(be["tiles"]))
    tw = min(200, (width - (n - 1) * 6) / n)
    for i, tile in enumerate(be["tiles"]):
        tx, ty = x0 + i % n * (tw + 6), y + 20 + i // n * 50
        attrs = ctx.click(f"tile {i + 1}", T("Put an architect on tile {tile}", tile=tile))
        parts = [
            el(
                "rect",
                x=tx,
                y=ty,
                width=tw,
                height=44,
                rx=5,
                fill="#efe0b0",
                stroke=TARGET if attrs else "#8a6d00",
                stroke_width=3 if attrs else 1,
            ),
            text(tx + 6, ty + 15, tile, font_size=12, font_weight="bold", fill="#5a4200"),
        ]
        parts += _wrap(tx + 6, ty + 31, T(BE_TILES[tile]), tw - 30, 1, 13, font_size=MIN, fill="#333")
        if be["tile_arch"][i] >= 0:
            parts.append(_chip(tx + tw - 20, ty + 4, be["tile_arch"][i], _name(ctx, be["tile_arch"][i])))
        parts.append(_title(f"{tile}: {T(BE_TILES[tile])}"))
        out.append(_g(*parts, class_=_cls("be-tile", attrs), data_slot=i + 1, **attrs))
        out.append(id_box(f"tile {tile}", tx, ty, tw, 44))
    return _g(*out, class_="belle-epoque"), y + 68 + max(0, len(be["tiles"]) - 1) // n * 50


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
        return (
            T("give a {colour} art tile", colour=T(a[1]))
            if a[0] == "art"
            else T("give {cubes}", cubes=" + ".join(T(CUBE_NAMES[c]) for c in a))
        )
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
        words = {
            "pass": T("pass"),
            "skip": T("skip"),
            "done": T("done"),
            "decline": T("decline"),
            "keep": T("keep"),
            "discard": T("discard"),
            "borrow": T("borrow"),
        }
        if v in words:
            return words[v]
    return " ".join(w)


def _decision_bar(ctx: Ctx, x0: float, y0: float, width: float) -> tuple[str, float]:
    """Buttons for the legal moves no board part shows (the prompt beside the board says
    what they are for); each at least 28 units square."""
    T = ctx.T
    rest = [t for t, m in ctx.choices.items() if m and t not in ctx.drawn]
    if not rest:
        return el("g", class_="decision-bar"), y0
    order = {"pass": 2, "skip": 1, "done": 1, "decline": 1}
    rest.sort(key=lambda t: (order.get(t.split()[0], 0), _sort_key(t)))
    out = []
    x, y = x0, y0
    for t in rest:
        lab = label(t, T)
        w = min(width, max(40, _width(lab, 12.5, True) + 18))
        if x + w > x0 + width:
            x, y = x0, y + 32
        colour = "#5f636b" if t.split()[0] in order else TARGET
        attrs = page_button(ctx.click(t, lab))
        out.append(_button(x, y, w, lab, attrs, colour))
        x += w + 6
    return _g(*out, class_="decision-bar"), y + 30


def _sort_key(token: str) -> tuple:
    words = token.split()
    return tuple((0, int(w)) if w.isdigit() else (1, w) for w in words)


# ---------------------------------------------------------------- players
def _player_block(ctx: Ctx, p: int, x0: float, y0: float, bw: float) -> str:
    s, T = ctx.s, ctx.T
    pl = s["pl"][p]
    colour = _hex(p)
    ink = _ink(colour)
    to_move = None
    if s["phase"] != "over":
        to_move = s["frames"][-1]["p"] if s["frames"] else s["turn"]
    active = to_move == p
    out = [
        el(
            "rect",
            x=x0,
            y=y0,
            width=bw - 6,
            height=FOOT_H,
            rx=8,
            fill="#fff7d6" if active else "#f6f3ec",
            stroke="#e0a800" if active else "#cfc6b2",
            stroke_width=3 if active else 1,
            class_="player-board" + (" active" if active else ""),
        )
    ]
    out.append(
        el(
            "rect",
            x=x0 + 6,
            y=y0 + 5,
            width=17,
            height=17,
            rx=3,
            fill=colour,
            stroke="#222",
            stroke_width=1,
            data_score_marker=p,
        )
    )  # the seat's colour (e2e/test_readable.py)
    out.append(text(x0 + 14.5, y0 + 18, p + 1, font_size=MIN, font_weight="bold", fill=ink, text_anchor="middle"))
    name = _name(ctx, p)
    if p == ctx.viewer:
        name = T("{name} (you)", name=name)
    score_w = _width(str(pl["score"]), 16, True) + 8
    out.append(
        ftext(x0 + 28, y0 + 18, name, bw - 42 - score_w, 12.5, font_weight="bold", fill="#222", class_="seat-name")
    )
    out.append(
        text(
            x0 + bw - 12,
            y0 + 19,
            pl["score"],
            font_size=16,
            font_weight="bold",
            fill="#222",
            text_anchor="end",
            class_="score",
        )
    )
    tags = []
    if s["start"] == p:
        tags.append(T("start player"))
    if s["passed"][p] and s["phase"] == "actions":
        tags.append(T("passed"))
    if pl["score"] >= 100:
        tags.append(T("{n}×100 tile", n=pl["score"] // 100))
    board = T("side A") if pl["board"] == "A" else T("B: {architect}", architect=T(_board_title(pl["board"])))
    money = T("{n} fr", n=pl["money"])
    money_w = _width(money, 12.5, True)
    out.append(text(x0 + 6, y0 + 36, money, font_size=12.5, font_weight="bold", fill="#7a5f00", class_="money"))
    meeples = [T("{n} free", n=pl["reserve"]), T("{c} in court", c=pl["court"])]
    if pl["tiles"]:
        meeples.append(T("{n} on tiles", n=len(pl["tiles"])))
    if pl["travellers"]:
        meeples.append(T("{n} trav.", n=pl["travellers"]))
    line = " · ".join(meeples + tags)
    out.append(ftext(x0 + 12 + money_w, y0 + 36, line, bw - 24 - money_w, MIN, fill="#333"))
    out.append(
        _title(
            T(
                "{name}: {money}; architects: {n} free · {c} in court; {board}",
                name=name,
                money=money,
                n=pl["reserve"],
                c=pl["court"],
                board=", ".join([board] + tags),
            )
        )
    )
    # The counters above change at almost every move; the rest of the block seldom: in
    # a group of their own, a redraw replaces them, not the block (web/skyweb/patch.py).
    out = [el("g", *out, class_="seat-head")]
    lang = T.lang
    out += [
        _seat_tracks(lang, p, x0, y0 + 40, pl["board"], pl["fleur"], pl["crown"], pl["level"], _has_t10(s, p), bw),
        _seat_houses(lang, p, x0, y0 + 85, pl["board"], pl["built"], bw),
        _seat_zones(lang, x0, y0 + 102, tuple((zone_value(s, p, z), zone_count(s, p, z)) for z in ZONES), bw),
        _seat_pieces(
            lang,
            x0,
            y0 + 136,
            tuple((c, pl["cubes"][c]) for c in _cube_kinds(s)),
            tuple((c, pl["art"][c]) for c in ART_COLOURS),
            tuple(pl["white"]),
            bw,
        ),
        _seat_foot(
            lang,
            x0,
            y0 + 172,
            tuple((n, pl["nobles"][n]["used"]) for n in NOBLES if n in pl["nobles"]),
            tuple(pl["won"] + pl["tied"]),
            len(pl["pass_cards"]),
            len(pl["tucked_cards"]),
            tuple(sorted(pl["be_cards"].items())),
            tuple(pl["tiles"]),
            bw,
        ),
    ]
    out.append(_seat_ids(p, x0, y0, bw))
    return _g(*out, class_="seat" + (" mine" if p == ctx.viewer else ""), data_player=p)


@lru_cache(maxsize=32)
def _seat_ids(p: int, x0: float, y0: float, bw: float) -> str:
    """Unseen boxes naming a seat's area ("seat 2") and its parts, for a scenario's marks: "seat 2
    tracks" (fleur-de-lis, crown, architect), "seat 2 houses", "seat 2 zones" (the
    strategy zones), "seat 2 pieces" (materials and art tiles), "seat 2 cards" (nobles,
    prestige and Belle Époque cards, tiles)."""
    parts = (("tracks", 40, 45), ("houses", 85, 17), ("zones", 102, 34), ("pieces", 136, 36), ("cards", 172, 18))
    return el(
        "g",
        id_box(f"seat {p + 1}", x0, y0, bw - 6, FOOT_H),
        *(id_box(f"seat {p + 1} {name}", x0 + 2, y0 + dy, bw - 10, h) for name, dy, h in parts),
        class_="ids",
        pointer_events="none",
    )


def _boxes(bw: float) -> tuple[float, float]:
    """(x offset, width) of a track's six boxes on a player board `bw` wide."""
    step = min(26, (bw - 82) / 6)
    return 72, step


@lru_cache(maxsize=64)
def _seat_tracks(
    lang: str, p: int, x0: float, y: float, board: str, fleur: int, crown: int, level: int, t10: bool, bw: float = 236
) -> str:
    T, v = Translator(lang), board_values(board)
    colour = _hex(p)
    ink = _ink(colour)
    here_at = {"fleur": fleur, "crown": crown, "level": level}
    out: list[str] = []
    ox, step = _boxes(bw)
    tracks = (
        ("fleur", v["fleur_vp"]),
        ("crown", v["crown_nobles"]),
        ("level", v["architect_vp"] + ((15,) if level == 7 or t10 else ())),
    )
    for key, vals in tracks:
        track = T(TRACKS[key])
        parts = [ftext(x0 + 6, y + 12, track, ox - 8, MIN, fill="#444")]
        for i, val in enumerate(vals):
            bx = x0 + ox + i * step
            here = here_at[key] == i + 1
            parts.append(
                el(
                    "rect",
                    x=round(bx, 1),
                    y=y + 1,
                    width=round(step - 2, 1),
                    height=14,
                    rx=3,
                    fill=colour if here else "#fff",
                    stroke="#222" if here else "#999",
                    stroke_width=1.2 if here else 0.8,
                )
            )
            parts.append(
                text(
                    round(bx + (step - 2) / 2, 1),
                    y + 12,
                    val,
                    font_size=MIN,
                    font_weight="bold" if here else None,
                    fill=ink if here else "#555",
                    text_anchor="middle",
                )
            )
        parts.append(_title(T("{track} track level {n}", track=track, n=here_at[key])))
        out.append(el("g", *parts))
        y += 15
    return "".join(out)


@lru_cache(maxsize=64)
def _seat_houses(lang: str, p: int, x0: float, y: float, board: str, built_count: int, bw: float = 236) -> str:
    T, v = Translator(lang), board_values(board)
    colour = _hex(p)
    ink = _ink(colour)
    ox, step = _boxes(bw)
    out = [ftext(x0 + 6, y + 12, T("houses"), ox - 8, MIN, fill="#444")]
    for i, cost in enumerate(v["house_cost"]):
        bx = x0 + ox + i * step
        built = i < built_count
        bonus = v["house_bonus"][i]
        what = (
            T("house {n}: cost {cost}, +{bonus}", n=i + 1, cost=cost, bonus=bonus)
            if bonus
            else T("house {n}: cost {cost}", n=i + 1, cost=cost)
        )
        if built:
            what = T("{what} (built)", what=what)
        out.append(
            _g(
                el(
                    "rect",
                    x=round(bx, 1),
                    y=y + 1,
                    width=round(step - 2, 1),
                    height=14,
                    rx=3,
                    fill="#ddd" if built else colour,
                    stroke="#222",
                    stroke_width=0.8,
                ),
                text(
                    round(bx + (step - 2) / 2, 1),
                    y + 12,
                    "✓" if built else cost,
                    font_size=MIN,
                    fill="#222" if built else ink,
                    text_anchor="middle",
                ),
                _title(what),
            )
        )
    return "".join(out)


@lru_cache(maxsize=64)
def _seat_zones(lang: str, x0: float, y: float, zones: tuple[tuple[int, int], ...], bw: float = 236) -> str:
    T = Translator(lang)
    out = []
    zw = (bw - 18) / 2
    for i, z in enumerate(ZONES):
        bx, by = x0 + 6 + (i % 2) * (zw + 4), y + (i // 2) * 17
        worth, n = zones[i]
        count_ = f"{worth}×{n}"
        cw = _width(count_, 12, True)
        out.append(
            _g(
                el("rect", x=round(bx, 1), y=by, width=round(zw, 1), height=15, rx=3, fill="#eef2f8", stroke="#9aa9c2"),
                ftext(bx + 4, by + 12, T(z), zw - cw - 12, MIN, fill="#2d3e5c"),
                text(
                    round(bx + zw - 4, 1),
                    by + 12,
                    count_,
                    font_size=12,
                    font_weight="bold",
                    fill="#2d3e5c",
                    text_anchor="end",
                ),
                _title(T("{zone} zone: worth {worth} each, {n} now", zone=T(z), worth=worth, n=n)),
                class_="zone",
                data_zone=z,
            )
        )
    return "".join(out)


@lru_cache(maxsize=64)
def _seat_pieces(
    lang: str,
    x0: float,
    y: float,
    cubes: tuple[tuple[str, int], ...],
    art: tuple[tuple[str, int], ...],
    white: tuple[str, ...],
    bw: float = 236,
) -> str:
    """Cubes and art tiles."""
    T = Translator(lang)
    out = []
    step = min(40, (bw - 12) / max(1, len(cubes)))
    for i, (c, n) in enumerate(cubes):
        bx = x0 + 6 + i * step
        out.append(
            _g(
                el("rect", x=round(bx, 1), y=y + 1, width=13, height=13, rx=2, fill=CUBE_HEX[c], stroke="#333"),
                text(round(bx + 16, 1), y + 12, n, font_size=MIN, fill="#222"),
                _title(T("{cube}: {n}", cube=T(CUBE_NAMES[c]), n=n)),
                class_="cubes",
                data_cube=c,
            )
        )
    y += 17
    tiles = art + (("white", len(white)),)
    step = min(36, (bw - 12) / len(tiles))
    for i, (c, n) in enumerate(tiles):
        bx = x0 + 6 + i * step
        what = T("{colour} art tiles: {n}", colour=T(c), n=n)
        if c == "white" and n:
            what = T("{what} (from {stacks})", what=what, stacks=", ".join(T(w) for w in white))
        out.append(
            _g(
                el("rect", x=round(bx, 1), y=y + 1, width=13, height=13, rx=2, fill=ART_HEX[c], stroke="#333"),
                text(round(bx + 16, 1), y + 12, n, font_size=MIN, fill="#222"),
                _title(what),
                class_="art",
                data_colour=c,
            )
        )
    return "".join(out)


@lru_cache(maxsize=64)
def _seat_foot(
    lang: str,
    x0: float,
    y: float,
    nobles: tuple[tuple[str, bool], ...],
    won: tuple[str, ...],
    pass_cards: int,
    tucked_cards: int,
    be_cards: tuple[tuple[str, bool], ...],
    tiles: tuple[str, ...],
    bw: float = 236,
) -> str:
    """Kept nobles, then the cards and tiles held, on one line (the whole in its tooltip)."""
    T = Translator(lang)
    out = []
    x = x0 + 6
    more = []
    for n, used in nobles:
        short = _short_noble(T, n)
        w = _width(short, MIN) + 8
        state = T("used this round") if used else T("ready")
        about = T(
            "{noble} ({state}): {effect}; upkeep {n}",
            noble=_noble(T, n),
            state=state,
            effect=T(NOBLE_EFFECTS[n]),
            n=NOBLES[n][2],
        )
        if x + w > x0 + bw - 12:
            more.append(about)
            continue
        out.append(
            _g(
                el(
                    "rect",
                    x=round(x, 1),
                    y=y,
                    width=round(w, 1),
                    height=16,
                    rx=3,
                    fill="#ddd" if used else "#fbeef0",
                    stroke="#8b1f2f",
                    stroke_width=0.8,
                ),
                text(round(x + 4, 1), y + 12, short, font_size=MIN, fill="#666" if used else "#6b1f2f"),
                _title(about),
                class_="kept-noble" + (" used" if used else ""),
            )
        )
        x += w + 4
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
    if extras or more:
        line = " · ".join(extras)
        if line and x + 30 < x0 + bw - 12:
            out.append(ftext(x + 2, y + 12, line, x0 + bw - 14 - x, MIN, fill="#444"))
        details = more + extras
        if be_cards:
            details += [f"{c}: {T(BE_CARDS[c][1])}" + (f" ({T('used this round')})" if u else "") for c, u in be_cards]
        out.append(_title("; ".join(details)))
    return el("g", *out, class_="seat-foot")


def _board_title(board: str) -> str:
    """An architect board's name: side B boards are named after an architect."""
    return B_SIDES[board]["title"] if board in B_SIDES else board


def _has_t10(s: dict[str, Any], p: int) -> bool:
    be = s["be"]
    return bool(be and "T10" in be["tiles"] and be["tile_arch"][be["tiles"].index("T10")] == p)


# ---------------------------------------------------------------- page
PORTRAIT_W = 600  # the portrait drawing's width: 1 unit is about 0.63 px on a 390 px phone
P_LEFT, P_WIDE = 8, PORTRAIT_W - 16  # the portrait's margin and the width its parts fill
P_BW = 296  # a seat's board in portrait, drawn this wide (as landscape draws it) and scaled up
P_BAR = 1.6  # the decision bar's scale in portrait: its buttons about 28 px tall on a phone
P_BE = 1.2  # the Belle Époque band's scale in portrait
P_BE_ROW = 2  # its halls and tiles to a row: each wider than landscape's


def render(
    state: dict[str, Any],
    viewer: int | None = None,
    *,
    choices: dict[str, str | None] | None = None,
    selected: tuple[str, ...] | list[str] = (),
    names: list[str] | None = None,
    lang: str = "en",
    portrait: bool = False,
    **_: Any,
) -> str:
    """SVG for a (viewed) state in `lang`. `choices` (core.game.choices for the player to
    move) is None when nobody may click. `portrait` stacks the parts for a tall, narrow
    screen (a phone held upright): see _portrait."""
    T = Translator(lang)
    names = [str(n) for n in names] if names else [T("Player {n}", n=i + 1) for i in range(state["players"])]
    ctx = Ctx(state, viewer, choices, names, T)
    # Both arrangements draw the parts in this order: the decision bar shows the choices
    # that no part drawn before it shows (ctx.drawn).
    brussels, by = _brussels(ctx)
    board = _art_nouveau(ctx)
    strip, sy = _strip(ctx)
    market, my = _market(ctx, RIGHT_X, 8)
    studio, ty = _studio(ctx, RIGHT_X, my + 4)
    compass, cy = _compass(ctx, RIGHT_X, ty + 4)
    supply, uy = _supply(ctx, RIGHT_X + 146, ty + 4, RIGHT_W - 146)
    status = _status(T, state)
    # In a group: the status changes at every step, the board's own markup must not.
    status_g = el("g", ftext(AX - 18, 18, status, 5 * CELL + 24, 13, font_weight="bold", fill="#222"), class_="status")
    if portrait:
        w, h, body = _portrait(
            ctx, status_g, board, strip, sy, brussels, by, [market, studio, compass, supply], max(cy, uy)
        )
    else:
        w, h, body = _landscape(
            ctx, status_g, board, strip, sy, brussels, by, [market, studio, compass, supply], max(cy, uy)
        )
    # A group, not an image: it holds buttons (an image's children are not reachable).
    return document(
        w,
        h,
        el("rect", x=0, y=0, width=w, height=h, fill="#fbfaf6", class_="bg"),
        *body,
        class_="brussels-board portrait" if portrait else "brussels-board",
        role="group",
        font_family="system-ui, sans-serif",
        aria_label=T("Brussels 1893 board, {status}", status=status),
    )


def _landscape(
    ctx: Ctx, status: str, board: str, strip: str, sy: float, brussels: str, by: float, right: list[str], ry: float
) -> tuple[float, float, list[str]]:
    """(width, height, parts) of the landscape drawing: the Brussels column, the Art Nouveau
    board and the market column side by side, the seats in a row under them."""
    state = ctx.s
    parts = [brussels, board, strip, *right, status]
    y = max(by, sy + 6, ry)
    if state["be"]:
        be, y = _belle_epoque(ctx, LEFT_X, y + 4, W - 2 * LEFT_X)
        parts.append(be)
    # The decision bar: under the prestige strip, across to the right edge; it holds
    # what no part of the boards shows.
    bar, bar_y = (
        _decision_bar(ctx, BAR_X, sy + 6, BAR_W)
        if not state["be"]
        else _decision_bar(ctx, LEFT_X, y + 4, W - 2 * LEFT_X)
    )
    parts.append(bar)
    y = max(y, bar_y) + 6
    n = state["players"]
    bw = min(240, (W - 2 * LEFT_X + 6) / n)
    parts += [_player_block(ctx, p, LEFT_X + p * bw, y, bw) for p in range(n)]
    return W, y + FOOT_H + 6, parts


def _placed(part: str, src_x: float, src_y: float, x: float, y: float, scale: float = 1) -> str:
    """`part`, drawn with (src_x, src_y) at its top left, moved to (x, y) and scaled; in a
    group of its own, so that a redraw that changes the part keeps the transform."""
    dx, dy = round(x - scale * src_x, 2), round(y - scale * src_y, 2)
    return el("g", part, transform=f"translate({dx:g},{dy:g}) scale({round(scale, 4):g})")


def _portrait(
    ctx: Ctx, status: str, board: str, strip: str, sy: float, brussels: str, by: float, right: list[str], ry: float
) -> tuple[float, float, list[str]]:
    """(width, height, parts) of the portrait drawing, one column PORTRAIT_W wide: the Art
    Nouveau board and prestige strip across the width, the decision bar, the viewer's own
    seat (a thumb reaches it without scrolling past the rest), the Brussels and market
    columns side by side, the Belle Époque band, the other seats. Each part is drawn as
    landscape draws it (or narrower), then moved and scaled by a transform."""
    state = ctx.s
    x0, x1, y0 = AX - 20, AX + 5 * CELL + 6, 4  # the board's frame, the status above it
    k = P_WIDE / (x1 - x0)
    # One transform for the three: the hover layer inside the board draws in their units.
    out = [_placed(g, x0, y0, P_LEFT, 4, k) for g in (status, board, strip)]
    y = 4 + k * (sy - y0) + 10
    # Drawn in landscape's order (see render), placed in the portrait's.
    be = _belle_epoque(ctx, 0, 0, P_WIDE / P_BE, P_BE_ROW) if state["be"] else None
    bar, bar_h = _decision_bar(ctx, 0, 0, P_WIDE / P_BAR)
    n = state["players"]
    seats = [_player_block(ctx, p, 0, 0, P_BW) for p in range(n)]
    seat_k = P_WIDE / (P_BW - 6)
    out.append(_placed(bar, 0, 0, P_LEFT, y, P_BAR))
    if bar_h:
        y += P_BAR * bar_h + 10
    mine = ctx.viewer if ctx.viewer is not None and 0 <= ctx.viewer < n else None
    if mine is not None:
        out.append(_placed(seats[mine], 0, 0, P_LEFT, y, seat_k))
        y += seat_k * FOOT_H + 10
    out.append(_placed(brussels, LEFT_X, 8, P_LEFT, y))
    out += [_placed(g, RIGHT_X, 8, P_LEFT + LEFT_W + 8, y) for g in right]
    y += max(by, ry) - 8 + 10
    if be is not None:
        out.append(_placed(be[0], 0, 0, P_LEFT, y, P_BE))
        y += P_BE * be[1] + 10
    for p in range(n):
        if p != mine:
            out.append(_placed(seats[p], 0, 0, P_LEFT, y, seat_k))
            y += seat_k * FOOT_H + 10
    return PORTRAIT_W, round(y), out


def _status(T: Translator, state: dict[str, Any]) -> str:
    phase = T(PHASE_TITLES[state["phase"]])
    if state["phase"] == "over":
        return phase
    return T("Round {n} of {total} · {phase}", n=state["round"], total=ROUNDS, phase=phase)


# ---------------------------------------------------------------- hover preview
def hover(
    game: Game,
    state: dict[str, Any],
    viewer: int | None,
    selected: Any,
    rotation: int,
    cell: Any,
    lang: str = "en",
    names: list[str] | None = None,
) -> tuple[str, str]:
    """(SVG fragment for #hover-layer, message in `lang`) for the pointer over a cell
    ("column row", as data-cell says): what placing an architect there would do, and the
    column whose prestige card its francs compete for; `names` are the seats' names the
    page shows, for the engine's "Player 2"; `game` answers what a move would do."""
    c, r = int(cell[0]), int(cell[1])
    if not (1 <= c <= 5 and 1 <= r <= 5):
        return "", ""
    idx = (r - 1) * 5 + (c - 1)
    ok, words = hover_words(game, state, viewer, idx)
    colour = "#2e9b46" if ok else "#8a8a8a"
    x, y = _cell_xy(idx)
    out = [
        el(
            "rect",
            x=x + 2,
            y=y + 2,
            width=CELL - 4,
            height=CELL - 4,
            rx=6,
            fill="none",
            stroke=colour,
            stroke_width=4,
            class_="ghost " + ("legal" if ok else "illegal"),
        ),
        el(
            "rect",
            x=AX + (c - 1) * CELL + 1,
            y=AY + 5 * CELL + 9,
            width=CELL - 2,
            height=64,
            rx=6,
            fill="none",
            stroke=colour,
            stroke_width=2.5,
            stroke_dasharray="5 3",
            class_="column",
        ),
    ]
    return "".join(out), translate(with_names(words, names), lang)
