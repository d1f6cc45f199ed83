"""New York 1901 board as SVG text: a pure function of (view, viewer, choices, rotation).

Like the Manhattan renderer: no DOM, testable in CPython. Clickable elements follow the
UI testing contract: `data-move` when the click completes a legal move, `data-step` when
it picks one part of a move, `data-unselect` for a part already picked. Builds take two
clicks: a tile (`build S3`, a step), then an anchor cell at the shown rotation (the move;
its `data-cells` lists the footprint so the page can preview it). Every board square has
`data-cell="x y"` (other parts have ids for scenarios too, drawn by ``id_box``; RULES.md, "Board ids", lists them), and
`<g id="hover-layer">` is left empty for ``hover`` to fill. As a
touch screen cannot hover, each anchor also shows what its build scores (`target-score`,
the figure ``hover`` gives), and every clickable element is 24 units or more each way.

Every visible text goes through ``T = Translator(lang)``; move texts and tokens stay in
the engine's syntax. Every clickable element is a keyboard button with a name, and each
player's number is written on their pieces, so colour is never the only cue.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from ...core.game import Game, IllegalMove
from ...core.game import choices as narrow
from ...core.i18n import Msg, Translator, msg, translate, with_names
from ...core.svg import clickable, document, el, esc, id_box, page_button, text
from . import naming, rules, words
from .data import (
    BONUS_STREET_CARDS,
    DISTRICT_LETTER,
    HEIGHT,
    LANDMARKS,
    LEGENDARY_IDS,
    LOT_AT,
    LOTS,
    LOTS_BY_ID,
    OFFSETS,
    PARKS,
    PLAYER_TILES,
    ROWS,
    START_LOTS,
    STREETS,
    TILE_BY_ID,
    WIDTH,
    WORKERS_PER_PLAYER,
    active_districts,
    anchored,
)
from .moves import ACTIONS, Build

# Player colours (not district colours: a character's colour only marks the start lot).
# Okabe-Ito, told apart with colour blindness too; the board also writes each player's
# number on their pieces, so colour is never the only cue.
PLAYER_HEX = ("#d55e00", "#009e73", "#e69f00", "#0072b2")
C = 36  # board square, px
BX, BY = 20, 20  # board origin
BOARD_W, BOARD_H = WIDTH * C, HEIGHT * C
TRACK_Y = BY + BOARD_H + 30  # score track
PX = BX + BOARD_W + 24  # right-hand panel
PW = 524  # a seat's full tray at the start (18 tiles) needs 518
W = PX + PW + 14
PLAYER_BLOCK = 118
# Portrait (a phone held upright): the map spans the whole width and the right-hand column
# is stacked under the score track, its panels scaled up to the map's width, so their text
# and buttons are as large as the width allows.
PORTRAIT_W = BX + BOARD_W + BX
PORTRAIT_PW = PW
PORTRAIT_SCALE = BOARD_W / PORTRAIT_PW
# A portrait seat writes its name, points and action cards at PORTRAIT_FONT and draws
# its tray in two rows of tiles TRAY_S a square and at least TRAY_MIN_W wide and tall:
# on a 390 px phone (0.67 px a unit here) that is 12 px text and 35 px tiles, which a finger
# taps with no zoom (web/board-zoom.mjs), so a build is a tap on the tile and one on
# its place (issue 51).
PORTRAIT_FONT = 19
TRAY_S, TRAY_MIN_W = 12, 52

DISTRICT_HEX = {"red": "#c8312a", "blue": "#2f62b3", "yellow": "#d9a400", "green": "#3c8c3a", "pink": "#d0519a"}
DISTRICT_INITIAL = {colour: letter for letter, colour in DISTRICT_LETTER.items()}
DISTRICT_TINT = {"red": "#f5d4d0", "blue": "#d4e1f5", "yellow": "#f7edc0", "green": "#d5ebcf", "pink": "#f6d6ea"}
GEN_FILL = {"start": "#a7a7a7", "bronze": "#c98a4b", "silver": "#c9ced6", "gold": "#e8c547"}
STREET_FILL, STREET_HOT = "#dedad2", "#f1d98a"
PARK_FILL, LANDMARK_FILL = "#9fcd8c", "#6b6259"
TARGET, CHOSEN = "#2f6fd1", "#e0a800"
# Targets on the map: dark and white together read on every district tint, street and tile.
INK, HALO = "#0b1f44", "#fff"
# The drawing is fitted to a 1366x768 desktop's board frame at about 0.79 px per unit: 14.5
# units is the least that reads at 11 px (issue 25). Every text of the drawing uses FONT or more.
FONT = 14.5
LINE = 18  # between lines of FONT text
# The action cards' short labels on their 40 px buttons (the title gives the full name).
ACTION_SHORT = {"shift": "shift", "grab": "grab", "boom": "boom"}
# Short names under the legendary tiles of the top panel.
LEGENDARY_SHORT = {"L1": "Park Row", "L2": "Singer", "L3": "Metropolitan", "L4": "Woolworth"}
CHALLENGE_TEXT = {
    "Bronze Baron": "Bronze on the board at the end: 4/5/6+ = 5/10/15",
    "Master Architect": "Irregular skyscrapers at the end: 3/4/5+ = 3/6/10",
    "Generation King": "Most skyscrapers of each generation: 5 each (ties 0)",
    "Gold Tycoon": "2+ gold/legendary in a district: 3 per district",
    "Gold Prestige": "New gold: 1 per touching older rival skyscraper",
}


def _player_hex(p: int) -> str:
    return PLAYER_HEX[p % len(PLAYER_HEX)]


def _badge(cx: float, cy: float, p: int, r: float = 10, fill: str = "#fff") -> str:
    """The player's number in a ring of their colour: the cue that does not rely on colour."""
    ring = "#fff" if fill != "#fff" else _player_hex(p)
    return el(
        "g",
        el("circle", cx=cx, cy=cy, r=r, fill=fill, stroke=ring, stroke_width=2.2),
        text(
            cx,
            cy + FONT * 0.36,
            p + 1,
            font_size=FONT,
            font_weight="bold",
            fill="#111" if fill == "#fff" else _ink_on(fill),
            text_anchor="middle",
        ),
        class_="player-badge",
        pointer_events="none",
    )


def _title(words_: str) -> str:
    """A tooltip: plain text (names may hold "&" or "<"), escaped."""
    return el("title", esc(words_))


def _focusable(attrs: dict[str, Any], label: str) -> dict[str, Any]:
    """Clickable elements are keyboard buttons too (the page gives them Enter), named
    for screen readers; a picked step says it is pressed."""
    if not attrs:
        return attrs
    extra: dict[str, Any] = {"role": "button", "tabindex": 0, "aria_label": label}
    if "data_unselect" in attrs:
        extra["aria_pressed"] = "true"
    return {**attrs, **extra}


def _cell_xy(x: int, y: int) -> tuple[int, int]:
    return BX + x * C, BY + y * C


def _outline(cells, size: float, ox: float, oy: float) -> str:
    """Path data of the outer edges of a set of (x, y) squares of `size` px."""
    cells = set(map(tuple, cells))
    d = []
    for x, y in cells:
        x0, y0 = ox + x * size, oy + y * size
        x1, y1 = x0 + size, y0 + size
        if (x, y - 1) not in cells:
            d.append(f"M{x0:g} {y0:g}H{x1:g}")
        if (x, y + 1) not in cells:
            d.append(f"M{x0:g} {y1:g}H{x1:g}")
        if (x - 1, y) not in cells:
            d.append(f"M{x0:g} {y0:g}V{y1:g}")
        if (x + 1, y) not in cells:
            d.append(f"M{x1:g} {y0:g}V{y1:g}")
    return "".join(sorted(d))


def _centre_cell(cells) -> tuple[int, int]:
    """The square of the shape nearest its centroid (a label spot inside the shape)."""
    cells = [tuple(c) for c in cells]
    mx = sum(x for x, _ in cells) / len(cells)
    my = sum(y for _, y in cells) / len(cells)
    return min(cells, key=lambda c: ((c[0] - mx) ** 2 + (c[1] - my) ** 2, c[1], c[0]))


def _interactive(
    token: str, choices: dict[str, str | None], selected: tuple[str, ...], step_only: bool = False
) -> dict[str, Any]:
    if token in selected:
        return {"data_unselect": token, "class_": "chosen"}
    if step_only and token in choices:
        return {"data_step": token, "class_": "choice"}
    return clickable(choices, token)


def _selected_tile(selected: tuple[str, ...]) -> str | None:
    for t in selected:
        if t.startswith("build "):
            return t.split()[1]
    return None


def _positions(choices: dict[str, str | None] | None) -> dict[int, dict[tuple[int, int], str]]:
    """rotation -> anchor -> full move text, from the `rot k at x y` tokens."""
    out: dict[int, dict[tuple[int, int], str]] = {}
    for token, move in (choices or {}).items():
        words = token.split()
        if len(words) == 5 and words[0] == "rot" and words[2] == "at" and move:
            out.setdefault(int(words[1]), {})[(int(words[3]), int(words[4]))] = move
    return out


def effective_rotation(tile: str, rotation: int, positions: dict[int, Any]) -> int:
    """The requested rotation, or the next one (cyclically) that has a legal position."""
    n = len(OFFSETS[tile])
    for i in range(n):
        r = (rotation + i) % n
        if positions.get(r):
            return r
    return rotation % n


# ------------------------------------------------------------------------------ board
def _owner(p: int, viewer: int | None, names: list[str], T: Translator) -> str:
    return T("yours") if p == viewer else names[p]


@lru_cache(maxsize=64)
def _ground(live: tuple[str, ...], hot: tuple[str, ...], lang: str) -> str:
    """What never changes during a game: squares, lots, streets, parks and their names
    (for the districts in play and the bonus streets drawn). Drawn once per game and
    language, not at every redraw."""
    T = Translator(lang)
    hot_cells = {c for name in hot for c in STREETS[name]}
    out = [el("rect", x=BX - 4, y=BY - 4, width=BOARD_W + 8, height=BOARD_H + 8, rx=6, fill="#8c857a")]
    # Squares.
    for y in range(HEIGHT):
        for x in range(WIDTH):
            ch = ROWS[y][x]
            px, py = _cell_xy(x, y)
            if ch == ".":
                fill, cls = (STREET_HOT if (x, y) in hot_cells else STREET_FILL), "street"
            elif ch == "#":
                fill, cls = PARK_FILL, "park"
            elif ch == "@":
                fill, cls = LANDMARK_FILL, "landmark"
            else:
                lot = LOTS_BY_ID[LOT_AT[(x, y)]]
                fill = DISTRICT_TINT[lot.district] if lot.district in live else "#cfcfcf"
                cls = "lot"
            # A lot that is no target says why when clicked (Game.explain; the page asks
            # only on its player's turn): its token is the acquisition it would be.
            why = f"acquire {LOT_AT[(x, y)]}" if cls == "lot" else None
            out.append(
                el("rect", x=px, y=py, width=C, height=C, fill=fill, class_=cls, data_cell=f"{x} {y}", data_why=why)
            )
    # Unused district (2 players).
    for lot in LOTS:
        if lot.district not in live:
            x, y = _cell_xy(*lot.cells[0])
            out.append(
                el(
                    "path",
                    d=f"M{x + 4} {y + 4}L{x + C - 4} {y + C - 4}",
                    stroke="#999",
                    stroke_width=1.5,
                    pointer_events="none",
                )
            )
    # Lot borders, flowers and start-lot marks.
    edges = []
    for lot in LOTS:
        edges.append(_outline(lot.cells, C, BX, BY))
    out.append(
        el(
            "path",
            d="".join(edges),
            fill="none",
            stroke="#4b463f",
            stroke_width=2.2,
            stroke_linecap="square",
            class_="lot-borders",
            pointer_events="none",
        )
    )
    for lot in LOTS:
        xs, ys = [c[0] for c in lot.cells], [c[1] for c in lot.cells]
        x, y = _cell_xy(min(xs), min(ys))
        out.append(id_box(lot.id, x, y, (max(xs) - min(xs) + 1) * C, (max(ys) - min(ys) + 1) * C))
    for lot in LOTS:
        x, y = _cell_xy(*lot.cells[0])
        if lot.flower:
            out.append(
                el(
                    "g",
                    el("circle", cx=x + 7, cy=y + 7, r=3.2, fill="#fff", stroke="#b05a8a", stroke_width=1.6),
                    el("circle", cx=x + 7, cy=y + 7, r=1.2, fill="#e0a800"),
                    class_="flower",
                    pointer_events="none",
                )
            )
    for colour, lot_id in START_LOTS.items():
        if colour not in live:
            continue
        x, y = _cell_xy(*LOTS_BY_ID[lot_id].cells[-1])
        out.append(
            el(
                "path",
                d=f"M{x + C - 13} {y + 4}h10v6q0 6-5 8q-5-2-5-8z",
                fill=DISTRICT_HEX[colour],
                stroke="#222",
                stroke_width=0.8,
                class_="start-lot",
                pointer_events="none",
            )
        )
    # Street and park names.
    out.append(_names(set(hot), T))
    return el("g", *out, class_="ground")


def _board(
    state: dict[str, Any],
    viewer: int | None,
    choices: dict[str, str | None] | None,
    selected: tuple[str, ...],
    rotation: int,
    names: list[str],
    T: Translator,
) -> str:
    live = tuple(sorted(active_districts(state["players"])))
    hot = tuple(sorted({name for card in state["streets"] for name in BONUS_STREET_CARDS[card]}))
    # The same groups in the same order at every redraw, even empty: the page then
    # replaces only the groups whose text changed (web/skyweb/patch.py), and the
    # ground, most of the board's text, never.
    owned = []
    # Owned lots without a skyscraper: a player-coloured inner frame.
    covered = {tuple(c) for t in state["tiles"] for c in t["cells"]}
    for lot_id, p in sorted(state["owner"].items()):
        cells = LOTS_BY_ID[lot_id].cells
        if any(c in covered for c in cells):
            continue
        xs = [c[0] for c in cells]
        ys = [c[1] for c in cells]
        x0, y0 = _cell_xy(min(xs), min(ys))
        # (The worker standing on it carries the player's number.)
        owned.append(
            el(
                "rect",
                x=x0 + 3,
                y=y0 + 3,
                width=(max(xs) - min(xs) + 1) * C - 6,
                height=(max(ys) - min(ys) + 1) * C - 6,
                rx=3,
                fill="none",
                stroke=_player_hex(p),
                stroke_width=2.5,
                stroke_dasharray="5 3",
                class_="owned",
                pointer_events="none",
            )
        )
    towers = [_tile_on_board(t, viewer, names, T) for t in state["tiles"]]
    workers = []
    for lot_id, p in sorted(state["workers"].items()):
        cells = LOTS_BY_ID[lot_id].cells
        cx = BX + (sum(c[0] for c in cells) / len(cells) + 0.5) * C
        cy = BY + (sum(c[1] for c in cells) / len(cells) + 0.5) * C
        where = translate(naming.lot_title(lot_id), T.lang)
        title = (
            T("Your worker on the {lot_name}", lot_name=where)
            if p == viewer
            else T("Worker of {owner} on the {lot_name}", owner=names[p], lot_name=where)
        )
        workers.append(id_box(f"worker {lot_id}", cx - 11, cy - 17, 22, 32))
        workers.append(_pawn(cx, cy, _player_hex(p), title, mine=p == viewer, player=p))
    # Clickable targets last, then the hover layer (which never takes the pointer).
    return el(
        "g",
        _ground(live, hot, T.lang),
        el("g", *owned, class_="owned-lots"),
        el("g", *towers, class_="skyscrapers"),
        el("g", *workers, class_="workers"),
        _targets(state, choices, selected, rotation, T) if choices is not None else el("g", class_="targets"),
        el("g", id="hover-layer", pointer_events="none"),
        class_="board",
    )


def _names(hot: set[str], T: Translator) -> str:
    out = []
    for name, cells in STREETS.items():
        xs = [c[0] for c in cells]
        ys = [c[1] for c in cells]
        vertical = len(set(xs)) == 1
        short = T(name).replace(" Street", " St")
        attrs = dict(
            font_size=FONT + 0.5,
            fill="#5b3d00" if name in hot else "#4a463f",
            text_anchor="middle",
            font_weight="bold" if name in hot else None,
            class_="street-name" + (" in-play" if name in hot else ""),
            pointer_events="none",
        )
        if vertical:
            cx = BX + (xs[0] + 0.5) * C
            # Between rows 4 and 6 (or the segment's middle): away from the crossings.
            mid = (min(ys) + max(ys) + 1) / 2
            cy = BY + mid * C
            if len(cells) > 10:
                cy = BY + 12 * C if name == "Broadway" else BY + 5.5 * C
            if short.isascii():
                out.append(text(cx + 5.5, cy, short, transform=f"rotate(-90 {cx + 5.5:g} {cy:g})", **attrs))
            else:  # Chinese reads top to bottom with upright characters
                out.append(text(cx, cy, short, writing_mode="tb", letter_spacing=1, **attrs))
        else:
            cy = BY + (ys[0] + 0.5) * C + 5.5
            mid = (min(xs) + max(xs) + 1) / 2
            cx = BX + (5.5 if len(cells) > 10 else mid) * C + (C * 5 if name in ("Wall Street", "Pine Street") else 0)
            out.append(text(cx, cy, short, **attrs))
    for name, cells in PARKS.items():
        xs = [c[0] for c in cells]
        ys = [c[1] for c in cells]
        cx = BX + (min(xs) + max(xs) + 1) / 2 * C
        cy = BY + (min(ys) + max(ys) + 1) / 2 * C
        words = T(name).split()
        half = (len(words) + 1) // 2
        for i, line in enumerate((" ".join(words[:half]), " ".join(words[half:]))):
            if line:
                out.append(
                    text(
                        cx,
                        cy - 3 + i * LINE,
                        line,
                        font_size=FONT,
                        fill="#1f4d17",
                        text_anchor="middle",
                        class_="park-name",
                        pointer_events="none",
                    )
                )
    for name, cells in LANDMARKS.items():
        xs = [c[0] for c in cells]
        ys = [c[1] for c in cells]
        cx = BX + (min(xs) + max(xs) + 1) / 2 * C
        cy = BY + (min(ys) + max(ys) + 1) / 2 * C
        out.append(
            el(
                "g",
                text(cx, cy + 5, T("NYSE"), font_size=FONT + 1, font_weight="bold", fill="#fff", text_anchor="middle"),
                _title(T(name)),
                class_="landmark-name",
                pointer_events="none",
            )
        )
    return el("g", *out, class_="names")


def _crown(x: float, y: float, s: float = 1.0) -> str:
    return el(
        "path",
        d=(
            f"M{x:g} {y + 8 * s:g}l{2 * s:g} {-7 * s:g}l{3 * s:g} {4 * s:g}l{3 * s:g} {-5 * s:g}"
            f"l{3 * s:g} {5 * s:g}l{3 * s:g} {-4 * s:g}l{2 * s:g} {7 * s:g}z"
        ),
        fill="#ffd23f",
        stroke="#222",
        stroke_width=0.9,
        class_="crown",
    )


def _tile_on_board(t: dict[str, Any], viewer: int | None, names: list[str], T: Translator) -> str:
    tid, p = t["id"], t["player"]
    tile = TILE_BY_ID[tid]
    legendary = tid in LEGENDARY_IDS
    cells = [tuple(c) for c in t["cells"]]
    xs, ys = [c[0] for c in cells], [c[1] for c in cells]
    left, top = _cell_xy(min(xs), min(ys))
    parts = [
        id_box(
            f"building {p + 1} {'start' if tid == 'START' else tid}",
            left,
            top,
            (max(xs) - min(xs) + 1) * C,
            (max(ys) - min(ys) + 1) * C,
        )
    ]
    for x, y in cells:
        px, py = _cell_xy(x, y)
        parts.append(el("rect", x=px + 1, y=py + 1, width=C - 2, height=C - 2, fill=GEN_FILL[tile.generation]))
    # Join the squares of one tile (no inner seams), then outline it.
    path = _outline(cells, C, BX, BY)
    if legendary:
        parts.append(el("path", d=path, fill="none", stroke="#111", stroke_width=6))
    parts.append(el("path", d=path, fill="none", stroke=_player_hex(p), stroke_width=3.5 if not legendary else 2.5))
    cx, cy = _centre_cell(cells)
    px, py = _cell_xy(cx, cy)
    if legendary:
        parts.append(_crown(px + C / 2 - 9, py + 2, 1.0))
        parts.append(
            text(
                px + C / 2,
                py + C - 4,
                tile.points,
                font_size=FONT,
                font_weight="bold",
                fill="#111",
                text_anchor="middle",
            )
        )
    else:
        parts.append(
            text(
                px + C / 2,
                py + C / 2 + 5,
                tile.points,
                font_size=15,
                font_weight="bold",
                fill="#222",
                text_anchor="middle",
            )
        )
    # The owner's number on another square of the tile (every tile has two or more).
    bx, by = _cell_xy(*min((c for c in cells if c != (cx, cy)), key=lambda c: (c[1], c[0])))
    parts.append(_badge(bx + C / 2, by + C / 2, p))
    what = (
        T(LEGENDARY_IDS[tid].name)
        if legendary
        else T("starting building")
        if tid == "START"
        else T("{generation} skyscraper", generation=T(tile.generation))
    )
    parts.append(_title(T("{what}, {owner}, {n} points", what=what, owner=_owner(p, viewer, names, T), n=tile.points)))
    cls = "skyscraper" + (" legendary" if legendary else "") + (" mine" if p == viewer else "")
    return el("g", *parts, class_=cls, data_tile=tid, data_player=p, pointer_events="none")


def _pawn(
    cx: float, cy: float, colour: str, title: str, mine: bool = False, scale: float = 1.0, player: int | None = None
) -> str:
    """A worker; on the board (`player` given) it carries its player's number."""
    s = scale
    if player is not None:  # on the board: the head is a disc with the player's number, large enough to read
        return el(
            "g",
            el(
                "path",
                d=f"M{cx - 10:g} {cy + 14:g}q0 -14 10 -14q10 0 10 14z",
                fill=colour,
                stroke="#fff",
                stroke_width=1.5,
            ),
            _badge(cx, cy - 6, player, 9.5, fill=colour),
            _title(title),
            class_="worker" + (" mine" if mine else ""),
            pointer_events="none",
        )
    return el(
        "g",
        el("circle", cx=cx, cy=cy - 6 * s, r=4.5 * s, fill=colour, stroke="#fff", stroke_width=1.2),
        el(
            "path",
            d=f"M{cx - 7 * s:g} {cy + 8 * s:g}q0 -11 {7 * s:g} -11q{7 * s:g} 0 {7 * s:g} 11z",
            fill=colour,
            stroke="#fff",
            stroke_width=1.2,
        ),
        _title(title),
        class_="worker" + (" mine" if mine else ""),
        pointer_events="none",
    )


def _lot_rect(lot_id: str, inset: float = 2, **attrs: Any) -> str:
    cells = LOTS_BY_ID[lot_id].cells
    xs = [c[0] for c in cells]
    ys = [c[1] for c in cells]
    x0, y0 = _cell_xy(min(xs), min(ys))
    return el(
        "rect",
        x=x0 + inset,
        y=y0 + inset,
        width=(max(xs) - min(xs) + 1) * C - 2 * inset,
        height=(max(ys) - min(ys) + 1) * C - 2 * inset,
        rx=4,
        **attrs,
    )


def _targets(
    state: dict[str, Any], choices: dict[str, str | None], selected: tuple[str, ...], rotation: int, T: Translator
) -> str:
    out = []
    for token, move in sorted(choices.items()):
        words_ = token.split()
        if len(words_) == 2 and words_[0] in ("acquire", "return") and move:
            lot = naming.lot_title(words_[1])
            label = (
                T("Acquire the {lot_name}", lot_name=translate(lot, T.lang))
                if words_[0] == "acquire"
                else T("Give back the {lot_name}", lot_name=translate(lot, T.lang))
            )
            ring = INK if words_[0] == "acquire" else "#b3261e"
            # A dark ring with a white one inside: visible on every district's colour.
            out.append(
                _lot_rect(
                    words_[1],
                    fill=ring,
                    fill_opacity=0.18,
                    stroke=ring,
                    stroke_width=4,
                    role="button",
                    tabindex=0,
                    aria_label=label,
                    class_=f"choice lot-target {words_[0]}",
                    data_move=move,
                    data_lot=words_[1],
                )
            )
            out.append(
                _lot_rect(
                    words_[1],
                    inset=5,
                    fill="none",
                    stroke=HALO,
                    stroke_width=2,
                    pointer_events="none",
                    class_="target-ring",
                )
            )
    tile = _selected_tile(selected)
    if tile:
        positions = _positions(choices)
        rot = effective_rotation(tile, rotation, positions)
        # One Context for all the spots: the same facts the hover preview computes per square.
        ctx = rules.Context(state)
        covered = set()
        for (x, y), move in sorted(positions.get(rot, {}).items(), key=lambda kv: (kv[0][1], kv[0][0])):
            px, py = _cell_xy(x, y)
            cells = sorted(anchored(tile, rot, x, y), key=lambda c: (c[1], c[0]))
            covered.update(cells)
            gain = _gain(rules.build_effects(state, Build(tile, rot, x, y), ctx))
            label = T("Build here, {where}: +{n} points", where=translate(naming.where(cells), T.lang), n=gain)
            out.append(
                el(
                    "rect",
                    x=px + 2,
                    y=py + 2,
                    width=C - 4,
                    height=C - 4,
                    rx=5,
                    fill=INK,
                    fill_opacity=0.62,
                    stroke=INK,
                    stroke_width=2,
                    role="button",
                    tabindex=0,
                    aria_label=label,
                    class_="choice anchor",
                    data_move=move,
                    data_cell=f"{x} {y}",
                    data_cells=" ".join(f"{a},{b}" for a, b in cells),
                )
            )
            out.append(
                el(
                    "rect",
                    x=px + 5,
                    y=py + 5,
                    width=C - 10,
                    height=C - 10,
                    rx=3,
                    fill="none",
                    stroke=HALO,
                    stroke_width=1.5,
                    pointer_events="none",
                    class_="target-ring",
                )
            )
            # Touch screens have no hover: each spot shows what it scores. Outlined white
            # digits read on every square colour; a number needs no translation.
            out.append(
                text(
                    px + C / 2,
                    py + C / 2 + 5.5,
                    f"+{gain}",
                    font_size=FONT + 1,
                    font_weight="bold",
                    fill="#fff",
                    stroke=INK,
                    stroke_width=3,
                    paint_order="stroke",
                    stroke_linejoin="round",
                    text_anchor="middle",
                    class_="target-score",
                    data_anchor=f"{x} {y}",
                    pointer_events="none",
                )
            )
        out += _rotate_hints(tile, rot, positions, covered, T)
    return el("g", *out, class_="targets")


def _rotate_hints(
    tile: str, rot: int, positions: dict[int, dict[tuple[int, int], str]], covered: set[tuple[int, int]], T: Translator
) -> list[str]:
    """The lots the chosen tile fits only in another rotation: a dashed ring and a ⟳ on
    each, so a newcomer learns to turn it (R, the Turn button). Not targets (the move's
    rotation is not the one shown): ``data-why`` names the spot, and Game.explain says
    to turn the tile; ``data-rotate-hint`` gives the rotation that fits."""
    n = len(OFFSETS[tile])
    hints: dict[str, tuple[int, int, int]] = {}
    for k in range(1, n):
        r = (rot + k) % n
        for x, y in sorted(positions.get(r, {}), key=lambda c: (c[1], c[0])):
            for c in anchored(tile, r, x, y):
                lot = LOT_AT.get(c)
                if lot and lot not in hints and not any(cc in covered for cc in LOTS_BY_ID[lot].cells):
                    hints[lot] = (r, x, y)
    out = []
    for lot_id, (r, x, y) in sorted(hints.items()):
        cells = LOTS_BY_ID[lot_id].cells
        cx = BX + (sum(c[0] for c in cells) / len(cells) + 0.5) * C
        cy = BY + (sum(c[1] for c in cells) / len(cells) + 0.5) * C
        label = T("Turn the tile to build here (R or ⟳ Turn)")
        out.append(
            el(
                "g",
                _lot_rect(lot_id, fill="#fff", fill_opacity=0.3, stroke=INK, stroke_width=2.5, stroke_dasharray="6 4"),
                el("circle", cx=cx, cy=cy, r=12, fill="#fff", stroke=INK, stroke_width=2),
                text(cx, cy + 6, "⟳", font_size=FONT + 3.5, font_weight="bold", fill=INK, text_anchor="middle"),
                _title(label),
                class_="rotate-hint",
                data_why=f"rot {r} at {x} {y}",
                data_rotate_hint=r,
                data_lot=lot_id,
                aria_label=label,
            )
        )
    return out


def _gain(effects: dict[str, Any]) -> int:
    """Points a build scores at once, as rules.apply adds them: the tile's, plus Gold Prestige."""
    return effects["points"] + effects["prestige"]


# ------------------------------------------------------------------------------ panel
def _tall(tile_id: str) -> int:
    """The rotation drawn in trays: the narrowest (then the first)."""
    rots = OFFSETS[tile_id]
    return min(range(len(rots)), key=lambda r: (max(dx for dx, _ in rots[r]) - min(dx for dx, _ in rots[r]), r))


@lru_cache(maxsize=2048)  # trays redraw the same tiles at the same places on every move
def _shape(
    tile_id: str, x: float, y: float, s: float, fill: str, stroke: str, rot: int | None = None
) -> tuple[str, float, float]:
    offs = OFFSETS[tile_id][_tall(tile_id) if rot is None else rot]
    mx = min(dx for dx, _ in offs)
    cells = [(dx - mx, dy) for dx, dy in offs]
    w = (max(c[0] for c in cells) + 1) * s
    h = (max(c[1] for c in cells) + 1) * s
    parts = [
        el("rect", x=round(x + cx * s, 2), y=round(y + cy * s, 2), width=s, height=s, fill=fill) for cx, cy in cells
    ]
    parts.append(el("path", d=_outline(cells, s, x, y), fill="none", stroke=stroke, stroke_width=1.6))
    return "".join(parts), w, h


def _tray_tile(
    tile_id: str,
    x: float,
    y: float,
    s: float,
    colour: str,
    attrs: dict[str, Any],
    usable: bool,
    title: str,
    legendary: bool = False,
    why: str | None = None,
    part: str = "",
    min_w: float = 24,
) -> tuple[str, float]:
    tile = TILE_BY_ID[tile_id]
    shape, w, h = _shape(tile_id, x + 4, y + 4, s, GEN_FILL[tile.generation], "#111" if legendary else colour)
    box_w, box_h = _tray_box(w, h, min_w)
    cls = attrs.pop("class_", "")
    ring = {"chosen": (CHOSEN, 3), "choice": (TARGET, 2)}.get(cls, ("#bbb", 0.8))
    parts = [
        id_box(part, x, y, box_w, box_h) if part else "",
        el(
            "rect",
            x=x,
            y=y,
            width=box_w,
            height=box_h,
            rx=3,
            fill="#fff",
            fill_opacity=0.9 if usable else 0.35,
            stroke=ring[0],
            stroke_width=ring[1],
        ),
        shape,
        text(x + box_w / 2, y + box_h - 3, tile.points, font_size=FONT, fill="#333", text_anchor="middle"),
    ]
    parts.append(_title(title))
    return el(
        "g",
        *parts,
        class_=("tray-tile " + cls).strip() + ("" if usable else " locked"),
        opacity=None if usable or attrs else 0.5,
        data_tile=tile_id,
        data_why=why if not attrs else None,
        **_focusable(attrs, title),
    ), box_w


def _button(
    x: float, y: float, w: float, label: str, attrs: dict[str, Any], fill: str = TARGET, big: bool = False
) -> str:
    """A drawn button, 26 high; `big` (the portrait's): 36 high, its label PORTRAIT_FONT."""
    attrs = dict(attrs)
    cls = attrs.pop("class_", "")
    h, font = (36, PORTRAIT_FONT + 0.5) if big else (26, FONT + 0.5)
    return el(
        "g",
        el("rect", x=x, y=y, width=w, height=h, rx=5, fill=fill, stroke="#1b3f7a"),
        text(
            x + w / 2,
            y + h / 2 + font * 0.35,
            label,
            font_size=font,
            font_weight="bold",
            fill="#fff",
            text_anchor="middle",
        ),
        class_=("button " + cls).strip(),
        role="button",
        tabindex=0,
        aria_label=label,
        **attrs,
    )


def _lot_card(x: float, y: float, colour: str, size: int, T: Translator) -> str:
    ink = DISTRICT_HEX.get(colour, "#888")
    parts = [el("rect", x=x, y=y, width=44, height=58, rx=4, fill="#fffdf5", stroke=ink, stroke_width=3)]
    for i in range(size):
        parts.append(el("rect", x=x + 8 + i * 10, y=y + 8, width=9, height=9, fill=ink))
    parts.append(
        text(x + 22, y + 36, size, font_size=FONT + 3.5, font_weight="bold", fill="#333", text_anchor="middle")
    )
    if size == 3:
        parts.append(el("circle", cx=x + 35, cy=y + 48, r=3.5, fill="#fff", stroke="#b05a8a", stroke_width=1.5))
    # The district's initial: the card is not told by colour alone.
    parts.append(
        text(
            x + 7,
            y + 53,
            DISTRICT_INITIAL.get(colour, ""),
            font_size=FONT,
            font_weight="bold",
            fill=ink,
            class_="district-letter",
        )
    )
    parts.append(_title(T("Lot card: {size}-square {district_colour} lot", size=size, district_colour=T(colour))))
    return el("g", *parts, class_="lot-card", data_card=f"{colour} {size}")


def _text_width(words_: str, size: float) -> float:
    """About how wide a line is drawn (the page's sans-serif; Chinese a full em a character)."""
    return sum(size if ord(ch) >= 0x2E80 else size * (0.68 if ch.isupper() else 0.6) for ch in words_)


def _wrap(line: str, width: float, size: float, first: float = 0) -> list[str]:
    """`line` cut into lines no wider than `width` (the first `first` narrower): at spaces,
    or between any two Chinese characters."""
    pieces = re.findall(r"[\u2e80-\uffff][，。：；、）]?|[^\s\u2e80-\uffff]+|\s+", line)
    out, cur, room = [], "", width - first
    for piece in pieces:
        if cur and not piece.isspace() and _text_width(cur + piece, size) > room:
            out.append(cur.rstrip())
            cur, room = "", width
        if cur or not piece.isspace():
            cur += piece
    out.append(cur.rstrip())
    return out


def _paragraph(x: float, y: float, label: str, value: str, width: float, **attrs: Any) -> tuple[str, float]:
    """A bold label and its value, wrapped to `width`: (the <text>, its height)."""
    lead = _text_width(label + " ", FONT)
    lines = _wrap(value, width, FONT, first=lead)
    spans = [el("tspan", esc(label), font_weight="bold"), el("tspan", esc(" " + lines[0]))]
    spans += [el("tspan", esc(line), x=x, dy=LINE) for line in lines[1:]]
    return el("text", *spans, x=x, y=y, font_size=FONT, **attrs), len(lines) * LINE


def _top(
    state: dict[str, Any],
    choices: dict[str, str | None] | None,
    selected: tuple[str, ...],
    rotation: int,
    names: list[str],
    T: Translator,
    width: int = PW,
    big: bool = False,
) -> tuple[str, float]:
    """The market, the buttons of the turn, the streets, the challenge and the
    legendaries; `big`: the portrait's, its buttons readable on a phone."""
    out = []
    y: float = BY
    out.append(text(PX, y + 10, T("Market"), font_size=FONT + 0.5, font_weight="bold", fill="#222"))
    for i, (colour, size) in enumerate(state["market"]):
        out.append(id_box(f"market {i + 1}", PX + i * 50, y + 16, 44, 58))
        out.append(_lot_card(PX + i * 50, y + 16, colour, size, T))
    dx = PX + 4 * 50 + 6
    out.append(id_box("deck", dx, y + 16, 64, 62))
    out.append(
        el(
            "g",
            el("rect", x=dx + 4, y=y + 20, width=60, height=58, rx=4, fill="#6b5b95"),
            el("rect", x=dx, y=y + 16, width=60, height=58, rx=4, fill="#7d6cab", stroke="#3d315e"),
            text(
                dx + 30,
                y + 44,
                len(state["deck"]),
                font_size=FONT + 3.5,
                font_weight="bold",
                fill="#fff",
                text_anchor="middle",
            ),
            text(dx + 30, y + 64, T("deck"), font_size=FONT, fill="#fff", text_anchor="middle"),
            _title(T("{n} cards in the deck", n=len(state["deck"]))),
            class_="deck",
        )
    )
    # Buttons: end turn, rotate.
    bw, pitch = (172, 40) if big else (120, 32)
    bx = PX + width - bw - 8
    if choices is not None and "end" in choices:
        out.append(_button(bx, y + 16, bw, T("End turn"), page_button(clickable(choices, "end")), big=big))
    tile = _selected_tile(selected)
    if choices is not None and tile:
        positions = _positions(choices)
        if sum(1 for r in positions if positions[r]) > 1:
            rot = effective_rotation(tile, rotation, positions)
            out.append(
                _button(
                    bx,
                    y + 16 + pitch,
                    bw,
                    T("Rotate (R)"),
                    {"data_action": "rotate", "data_rotation": rot},
                    fill="#5b6b82",
                    big=big,
                )
            )
    # Streets and challenge, wrapped to the panel.
    y += 84 + (pitch - 32)
    hot = ""
    for card in state["streets"]:
        hot = T("{items}, {item}", items=hot, item=T(card)) if hot else T(card)
    para, h = _paragraph(
        PX, y + 12, T("Street bonus (5 each):"), hot, width - 12, fill="#5b3d00", class_="street-cards"
    )
    out += [id_box("streets", PX - 3, y + 1, width - 6, h - 4), para]
    y += h
    ch = state["challenge"]
    about = T("{card}: {text}", card=T(ch), text=T(CHALLENGE_TEXT[ch])) if ch else T("none")
    para, h = _paragraph(PX, y + 12, T("Challenge:"), about, width - 12, fill="#333", class_="challenge")
    out += [id_box("challenge", PX - 3, y + 1, width - 6, h - 4), para]
    y += h
    if state.get("end_by") is not None and state["phase"] != "over":
        who, left = names[state["end_by"]], state["final_left"]
        line = (
            T("{who} triggered the end; 1 turn left", who=who)
            if left == 1
            else T("{who} triggered the end; {n} turns left", who=who, n=left)
        )
        if state["stalled"]:
            line = T("{line} (a whole round without a build or a new lot card)", line=line)
        para, h = _paragraph(PX, y + 12, T("Final round:"), line, width - 12, fill="#b3261e", class_="final-round")
        out.append(para)
        y += h
    # Legendaries: each in a column, its name under it.
    y += 4
    out.append(text(PX, y + 12, T("Legendary skyscrapers"), font_size=FONT + 0.5, font_weight="bold", fill="#222"))
    col = (width - 12) / len(LEGENDARY_IDS)
    for k, (lid, leg) in enumerate(LEGENDARY_IDS.items()):
        xx = PX + k * col
        built = lid not in state["legends"]
        token = f"build {lid}"
        attrs = _interactive(token, choices, selected, step_only=True) if choices is not None else {}
        title = T("{name} ({ft} ft, {points} points)", name=T(leg.name), ft=leg.height_ft, points=leg.points)
        short = T(LEGENDARY_SHORT[lid])
        if built:
            holder = next((p for p, k_ in enumerate(state["king"]) if k_ == lid), None)
            who = names[holder] if holder is not None else "?"
            by = T("by {who}", who=who)
            while _text_width(by, FONT) > col - 8 and len(who) > 2:  # the title says it in full
                who = who[:-2] + "…" if not who.endswith("…") else who[:-2] + "…"
                by = T("by {who}", who=who)
            out.append(
                el(
                    "g",
                    id_box(f"legendary {lid}", xx, y + 20, col - 6, 54),
                    el("rect", x=xx, y=y + 20, width=col - 6, height=54, rx=4, fill="#eee", stroke="#bbb"),
                    text(xx + (col - 6) / 2, y + 42, short, font_size=FONT, fill="#666", text_anchor="middle"),
                    text(xx + (col - 6) / 2, y + 62, by, font_size=FONT, fill="#666", text_anchor="middle"),
                    _title(
                        T(
                            "{legendary_name}, built by {who}",
                            legendary_name=title,
                            who=names[holder] if holder is not None else "?",
                        )
                    ),
                    class_="legendary built",
                )
            )
            continue
        why = token if choices is not None and not attrs else None
        g, w = _tray_tile(
            lid, xx, y + 20, 7, "#111", attrs, True, title, legendary=True, why=why, part=f"legendary {lid}"
        )
        out.append(g)
        out.append(_crown(xx + w + 6, y + 22, 0.8))
        out.append(
            text(xx, y + 20 + _shape(lid, 0, 0, 7, "#000", "#000")[2] + 22 + LINE, short, font_size=FONT, fill="#444")
        )
    tallest = max(_shape(lid, 0, 0, 7, "#000", "#000")[2] for lid in LEGENDARY_IDS) + 22
    return el("g", *out, class_="top-panel"), y + 20 + tallest + LINE + 8


def _ink_on(hex_colour: str) -> str:
    """Black or white, whichever reads better on `hex_colour`."""
    r, g, b = (int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    lum = sum(
        w * (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4)
        for w, c in ((0.2126, r), (0.7152, g), (0.0722, b))
    )
    return "#111" if lum > 0.18 else "#fff"


def _tray_box(w: float, h: float, min_w: float) -> tuple[float, float]:
    """A tray tile's box around its shape (w x h) and the points under it: a
    fingertip's width even for the one-square-wide tiles."""
    return max(w + 8, min_w), max(h + 22, min_w)


def _big_tray_box(tile_id: str) -> tuple[float, float]:
    """A portrait tray tile's box (see _tray_tile)."""
    _, w, h = _shape(tile_id, 0, 0, TRAY_S, "", "")
    return _tray_box(w, h, TRAY_MIN_W)


TRAY_ROW = max(_big_tray_box(t.id)[1] for t in PLAYER_TILES) + 6  # a portrait tray's row: its tallest tile


def block_height(big: bool) -> float:
    """A seat block's height: the portrait's holds two rows of big tiles."""
    return 54 + 2 * TRAY_ROW + 6 if big else PLAYER_BLOCK


def _player_block(
    state: dict[str, Any],
    p: int,
    y: float,
    viewer: int | None,
    choices: dict[str, str | None] | None,
    selected: tuple[str, ...],
    names: list[str],
    T: Translator,
    width: int = PW,
    big: bool = False,
) -> str:
    """A seat's block: name, points, workers, action cards and tray. `big`: the
    portrait's, with PORTRAIT_FONT text and the tray in two rows of big tiles."""
    colour = _player_hex(p)
    font = PORTRAIT_FONT if big else FONT
    active = state["turn"] == p and state["phase"] != "over"
    interactive = choices is not None and active
    out = [
        el(
            "rect",
            x=PX - 6,
            y=y,
            width=width,
            height=block_height(big) - 6,
            rx=7,
            fill="#fff7d6" if active else "#f4f2ee",
            stroke=CHOSEN if active else "#ccc",
            stroke_width=3 if active else 1,
            class_="player-panel" + (" active" if active else ""),
        ),
        id_box(f"seat {p + 1}", PX - 6, y, width, block_height(big) - 6),
    ]
    out.append(
        el(
            "g",
            el("rect", x=PX, y=y + 6, width=20, height=20, rx=3, fill=colour),
            text(
                PX + 10, y + 21, p + 1, font_size=FONT, font_weight="bold", fill=_ink_on(colour), text_anchor="middle"
            ),
            class_="player-swatch",
        )
    )
    # The action cards; the name and the points end before them.
    ax, aw = (PX + 200, 64) if big else (PX + 236, 54)
    name = names[p]
    shown = T("{name} (you)", name=name) if p == viewer else name
    while _text_width(shown, font + 0.5) > ax - PX - 30 and len(name) > 2:  # the aria label says it in full
        name = name[:-2] + "…" if not name.endswith("…") else name[:-2] + "…"
        shown = T("{name} (you)", name=name) if p == viewer else name
    out.append(text(PX + 26, y + 21, shown, font_size=font + 0.5, font_weight="bold", fill="#222", class_="seat-name"))
    tech = rules.tech(state, p)
    char = state["characters"][p]
    score = state["scores"][p]
    sub = T("{n} pts · {tech} tech", n=score, tech=T(tech))
    full = T("{n} points; builds up to {tech}", n=score, tech=T(tech))
    if char:  # the character card only places the starting building: in the title, not beside the name
        full = T("{text}; {character_name}", text=full, character_name=translate(words.seat_name(state, p), T.lang))
    # Before the action cards; a big block has a line of its own for it, under them.
    room, sub_y = (width - 40, y + 45) if big else (ax - PX - 30, y + 40)
    sub_font = min(font, FONT * room / max(1.0, _text_width(sub, FONT)))
    out.append(el("g", text(PX + 26, sub_y, sub, font_size=sub_font, fill="#444", class_="seat-score"), _title(full)))
    if state["king"][p]:
        out.append(
            el(
                "g",
                _crown(ax - 26, y + 30, 0.9),
                _title(T("King: built the {name}", name=T(LEGENDARY_IDS[state["king"][p]].name))),
                class_="king",
            )
        )
    # Free workers.
    free = rules.free_workers(state, p)
    wx = PX + width - 20 - WORKERS_PER_PLAYER * 14
    out.append(id_box(f"workers {p + 1}", wx - 7, y + 10, WORKERS_PER_PLAYER * 14, 18))
    for i in range(WORKERS_PER_PLAYER):
        out.append(
            el(
                "g",
                _pawn(
                    wx + i * 14,
                    y + 20,
                    colour if i < free else "#ccc",
                    T("{free} of {total} workers free", free=free, total=WORKERS_PER_PLAYER),
                    scale=0.75,
                ),
            )
        )
    # Action cards.
    for card in ACTIONS:
        has = card in state["cards"][p]
        attrs: dict[str, Any] = clickable(choices, card) if interactive and has else {}
        cls = attrs.pop("class_", "")
        fill = "#fffdf5" if has else "#e4e1dc"
        ring = (TARGET, 2.5) if attrs else ("#999", 1)
        full_name = T(ACTIONS[card])
        # 26 tall, like every button of the games, for a fingertip (the tray makes room below).
        out.append(
            el(
                "g",
                id_box(f"action {p + 1} {card}", ax, y + 6, aw, 26),
                el("rect", x=ax, y=y + 6, width=aw, height=26, rx=3, fill=fill, stroke=ring[0], stroke_width=ring[1]),
                text(
                    ax + aw / 2,
                    y + 24,
                    T(ACTION_SHORT[card]),
                    font_size=min(font, FONT * (aw - 4) / max(1.0, _text_width(T(ACTION_SHORT[card]), FONT))),
                    fill="#333" if has else "#999",
                    text_anchor="middle",
                    text_decoration=None if has else "line-through",
                ),
                _title(full_name if has else T("{card} (used)", card=full_name)),
                class_=("action-card " + cls).strip() + ("" if has else " used"),
                data_why=card if interactive and not attrs else None,
                **_focusable(attrs, T("Play {card}", card=full_name)),
            )
        )
        ax += aw + 4
    # Tray by generation.
    supply = set(state["supply"][p])
    have = rules.GEN_RANK[tech]
    ty = y + (54 if big else 48)  # below the name, the points and the action cards
    xx: float = PX
    square, min_w = (TRAY_S, TRAY_MIN_W) if big else (7, 24)
    right = PX + width - 16
    for gen in ("bronze", "silver", "gold"):
        ids = [t.id for t in PLAYER_TILES if t.generation == gen and t.id in supply]
        if not ids:
            continue
        usable = rules.GEN_RANK[gen] <= have
        out.append(el("rect", x=xx, y=ty, width=4, height=TRAY_ROW - 4 if big else 50, fill=GEN_FILL[gen]))
        xx += 6
        for tid in ids:
            if big and xx + _big_tray_box(tid)[0] > right:  # the second row
                xx, ty = PX + 6, ty + TRAY_ROW
            token = f"build {tid}"
            attrs = (
                _interactive(token, choices, selected, step_only=True) if interactive and choices is not None else {}
            )
            label = translate(naming.tile_label(tid), T.lang)
            title = label if usable else T("{tile_name} (locked)", tile_name=label)
            g, w = _tray_tile(
                tid,
                xx,
                ty,
                square,
                colour,
                attrs,
                usable,
                title,
                why=token if interactive else None,
                part=f"tray {p + 1} {tid}",
                min_w=min_w,
            )
            out.append(g)
            xx += w + 3
        xx += 4
    if not supply:
        out.append(text(PX, ty + 16, T("all skyscrapers built"), font_size=FONT, fill="#777"))
    return el("g", *out, class_="seat" + (" mine" if p == viewer else ""), data_player=p)


def _track(state: dict[str, Any], viewer: int | None, names: list[str], T: Translator) -> str:
    x0, w = BX, BOARD_W
    y = TRACK_Y
    unit = w / 100
    # The title at the right end: the thresholds' labels take the left one.
    out = [text(x0 + w, y - 8, T("Score"), font_size=FONT, font_weight="bold", fill="#333", text_anchor="end")]
    t = rules.thresholds(state)
    out.append(el("rect", x=x0, y=y, width=w, height=10, rx=3, fill="#e7e2d8", stroke="#aaa"))
    out.append(
        el(
            "rect",
            x=x0 + t["silver"] * unit,
            y=y,
            width=(t["gold"] - t["silver"]) * unit,
            height=10,
            fill=GEN_FILL["silver"],
        )
    )
    out.append(el("rect", x=x0 + t["gold"] * unit, y=y, width=w - t["gold"] * unit, height=10, fill="#f3e3a1"))
    for v in range(0, 101, 10):
        out.append(el("path", d=f"M{x0 + v * unit:g} {y + 10}v4", stroke="#888"))
        out.append(text(x0 + v * unit, y + 30, v, font_size=FONT, fill="#555", text_anchor="middle"))
    for gen in ("silver", "gold"):
        v = t[gen]
        label = f"{T(gen)} {v}"
        out.append(
            el(
                "g",
                id_box(f"threshold {gen}", x0 + v * unit - 3, y - 22, _text_width(label, FONT) + 8, 38),
                el("path", d=f"M{x0 + v * unit:g} {y - 18}v32", stroke="#222", stroke_width=2),
                text(x0 + v * unit + 3, y - 8, label, font_size=FONT, fill="#222"),
                _title(T("{generation} skyscrapers from {n} points", generation=T(gen), n=v)),
                class_="threshold",
                data_threshold=v,
            )
        )
    # Numbered markers; players on the same score stand side by side around it.
    at: dict[int, list[int]] = {}
    for p, score in enumerate(state["scores"]):
        at.setdefault(min(score, 100), []).append(p)
    for v, players in sorted(at.items()):
        half = (len(players) - 1) / 2 * 21  # the group stays on the track at 0 and 100
        centre = min(max(x0 + v * unit, x0 + half), x0 + w - half)
        for k, p in enumerate(players):
            cx = centre + (k - (len(players) - 1) / 2) * 21
            colour = _player_hex(p)
            out.append(
                el(
                    "g",
                    id_box(f"score {p + 1}", cx - 10, y - 5, 20, 20),
                    el(
                        "circle",
                        cx=cx,
                        cy=y + 5,
                        r=10,
                        fill=colour,
                        data_score_marker=p,
                        stroke="#111" if p == viewer else "#fff",
                        stroke_width=2 if p == viewer else 1.2,
                    ),
                    text(
                        cx,
                        y + 10.2,
                        p + 1,
                        font_size=FONT,
                        font_weight="bold",
                        fill=_ink_on(colour),
                        text_anchor="middle",
                    ),
                    _title(T("{who}: {n} points", who=names[p], n=state["scores"][p])),
                    class_="score-marker",
                    data_player=p,
                )
            )
    return el("g", *out, class_="score-track")


def _portrait(
    state: dict[str, Any],
    viewer: int | None,
    choices: dict[str, str | None] | None,
    selected: tuple[str, ...],
    rotation: int,
    names: list[str],
    T: Translator,
) -> tuple[list[str], int]:
    """The right-hand column stacked under the score track, and the drawing's height. The
    hand's own seat comes first, where a thumb reaches it without scrolling past the
    market; each panel is drawn as in landscape (from x = PX) and moved and scaled by a transform."""
    first = state["turn"] if viewer is None else viewer
    s = PORTRAIT_SCALE
    dx = round(BX - s * (PX - 6), 2)
    y: float = TRACK_Y + 40  # under the track's figures
    out = []

    def place(group: str, top_y: float, height: float) -> None:
        nonlocal y
        out.append(el("g", group, transform=f"translate({dx:g},{round(y - s * top_y, 2):g}) scale({s:g})"))
        y += s * height

    big = block_height(True)
    place(_player_block(state, first, 0, viewer, choices, selected, names, T, PORTRAIT_PW, True), 0, big)
    top, top_end = _top(state, choices, selected, rotation, names, T, PORTRAIT_PW, big=True)
    place(top, BY - 6, top_end - BY + 12)  # the legendaries' figures end just above top_end
    for p in range(state["players"]):
        if p != first:
            place(_player_block(state, p, 0, viewer, choices, selected, names, T, PORTRAIT_PW, True), 0, big)
    return out, round(y + 4)


def render(
    state: dict[str, Any],
    viewer: int | None = None,
    *,
    choices: dict[str, str | None] | None = None,
    selected: tuple[str, ...] | list[str] = (),
    names: list[str] | None = None,
    rotation: int = 0,
    lang: str = "en",
    portrait: bool = False,
) -> str:
    """SVG for a (viewed) state. `choices` (core.game.choices for the player to move) is
    None when nobody may click; `rotation` is the rotation asked for the selected tile.
    `portrait` stacks the right-hand column under the map, for a tall, narrow screen."""
    T = Translator(lang)
    selected = tuple(selected)
    names = (
        [translate(n, lang) for n in names] if names else [T("Player {n}", n=i + 1) for i in range(state["players"])]
    )
    if portrait:
        w = PORTRAIT_W
        panels, h = _portrait(state, viewer, choices, selected, rotation, names, T)
    else:
        top, y = _top(state, choices, selected, rotation, names, T)
        w = W
        panels = [top] + [
            _player_block(state, p, y + p * PLAYER_BLOCK, viewer, choices, selected, names, T)
            for p in range(state["players"])
        ]
        h = max(TRACK_Y + 40, y + state["players"] * PLAYER_BLOCK + 10)
    body = [
        el("rect", x=0, y=0, width=w, height=h, fill="#fbfaf6", class_="bg"),
        _board(state, viewer, choices, selected, rotation, names, T),
        _track(state, viewer, names, T),
        *panels,
    ]
    label = (
        T("New York 1901 board, game over")
        if state["phase"] == "over"
        else T("New York 1901 board, {who} to move", who=names[state["turn"]])
    )
    # A group, not an image: it holds buttons (an image's children are not reachable).
    return document(
        w, h, *body, class_="newyork-board portrait" if portrait else "newyork-board", role="group", aria_label=label
    )


# ------------------------------------------------------------------------------ hover
def hover(
    game: Game,
    state: dict[str, Any],
    viewer: int | None,
    selected,
    rotation: int,
    cell: tuple[int, int],
    lang: str = "en",
    names: list[str] | None = None,
) -> tuple[str, str]:
    """(SVG fragment for #hover-layer, message in `lang`) for the pointer over board square
    `cell`; `names` are the seats' names the page shows, for the engine's "Player 2";
    `game` is New York 1901's (its legal moves narrowed by the selection)."""

    def say(words: Any) -> str:
        return translate(with_names(words, names), lang)

    x, y = int(cell[0]), int(cell[1])
    if not (0 <= x < WIDTH and 0 <= y < HEIGHT):
        return "", ""
    tile = _selected_tile(tuple(selected))
    if tile is None or viewer is None or viewer != state["turn"] or state["phase"] == "over":
        return "", say(_square_info(state, x, y))
    positions = _positions(narrow(game, state, tuple(selected)).tokens)
    rot = effective_rotation(tile, rotation, positions)
    cells = anchored(tile, rot, x, y)
    move = Build(tile, rot, x, y)
    ok, message, effects = True, "", None
    try:
        game.check(state, move)
        effects = rules.build_effects(state, move)
    except IllegalMove as e:
        ok, message = False, say(e.message)
    colour = "#2e9b46" if ok else "#c62828"
    out = []
    for cx, cy in sorted(cells):
        if 0 <= cx < WIDTH and 0 <= cy < HEIGHT:
            px, py = _cell_xy(cx, cy)
            out.append(el("rect", x=px + 2, y=py + 2, width=C - 4, height=C - 4, fill=colour, fill_opacity=0.4))
    out.append(
        el(
            "path",
            d=_outline(cells, C, BX, BY),
            fill="none",
            stroke=colour,
            stroke_width=3,
            class_="ghost " + ("legal" if ok else "illegal"),
        )
    )
    if ok and effects is not None:
        for i in effects["falls"]:
            t = state["tiles"][i]
            out.append(
                el(
                    "path",
                    d=_outline(t["cells"], C, BX, BY),
                    fill="none",
                    stroke="#b3261e",
                    stroke_width=4,
                    stroke_dasharray="6 3",
                    class_="falls",
                )
            )
        for lot in effects["needs"]:
            out.append(
                _lot_rect(
                    lot, fill="none", stroke="#7a4a00", stroke_width=3, stroke_dasharray="3 3", class_="needs-worker"
                )
            )
            cells_l = LOTS_BY_ID[lot].cells
            cx = BX + (sum(c[0] for c in cells_l) / len(cells_l) + 0.5) * C
            cy = BY + (sum(c[1] for c in cells_l) / len(cells_l) + 0.5) * C
            out.append(
                el(
                    "g",
                    _pawn(
                        cx,
                        cy,
                        _player_hex(state["turn"]),
                        translate(msg("a worker goes here"), lang),
                        player=state["turn"],
                    ),
                    opacity=0.6,
                )
            )
        message = say(_effects_text(tile, effects))
    return el("g", *out, class_="ghost-tile", data_legal="1" if ok else "0"), message


def _effects_text(tile: str, fx: dict[str, Any]) -> Msg:
    parts = []
    n = len(fx["falls"])
    if n:
        parts.append(msg("Demolishes 1 skyscraper") if n == 1 else msg("Demolishes {n} skyscrapers", n=n))
    if fx["needs"]:
        parts.append(
            msg("a worker goes to {lot_name}", lot_name=naming.lot(fx["needs"][0]))
            if len(fx["needs"]) == 1
            else msg("{n} workers go to the emptied lots", n=len(fx["needs"]))
        )
    if fx["returned"]:
        back = len(fx["returned"])
        parts.append(msg("your worker comes back") if back == 1 else msg("your {n} workers come back", n=back))
    parts.append(
        msg("+{n} points +{extra} Gold Prestige", n=fx["points"], extra=fx["prestige"])
        if fx["prestige"]
        else msg("+{n} points", n=fx["points"])
    )
    text_ = parts[0]
    for part in parts[1:]:
        text_ = msg("{first}; {then}", first=text_, then=part)
    # A demolition leads with what falls; otherwise say what is built.
    return text_ if n else msg("Build {tile_name} here: {effects}", tile_name=naming.tile(tile), effects=text_)


def _square_info(state: dict[str, Any], x: int, y: int) -> Msg:
    lot_id = LOT_AT.get((x, y))
    if lot_id is None:
        kind = {".": "street", "#": "park", "@": "landmark"}[ROWS[y][x]]
        names = [Msg(n) for n, cells in {**STREETS, **PARKS, **LANDMARKS}.items() if (x, y) in cells]
        if len(names) == 2:  # a crossing
            return msg("{name} / {other} ({kind})", name=names[0], other=names[1], kind=Msg(kind))
        return msg("{name} ({kind})", name=names[0] if names else Msg(kind), kind=Msg(kind))
    lot = naming.lot_title(lot_id)
    owner = state["owner"].get(lot_id)
    if owner is None:
        return msg("{lot_name}, nobody's yet", lot_name=lot)
    who = msg("Player {n}", n=owner + 1)
    if lot_id in state["workers"]:
        return msg("{lot_name}, {who}'s (a worker on it)", lot_name=lot, who=who)
    return msg("{lot_name}, {who}'s", lot_name=lot, who=who)
