"""A seat's panel: name and score, the hand, this round's parts and the box.

Two shapes: wide (north and south, and every seat in the portrait drawing: the hand
at the left, the parts at its right) and narrow (west and east: everything stacked).
The parts left in the box are drawn like this round's parts, with their count; while
a player chooses parts they are the buttons that take one.
"""

from __future__ import annotations

from typing import Any

from ...core.i18n import Translator
from ...core.svg import clickable, el, text
from . import rules
from .data import COLOUR_HEX, COLOURS, SEAT_NAMES, SIZES, card_square
from .draw import CHOICE, CHOSEN, edge, focusable, ink_on, interactive, selected_token, texture
from .words import KEYPAD_WORDS

CARD = 40
PART_W, PART_PITCH = 20, 24  # this round's parts; a row is 24 high (a 4-storey part)
ITEM_W, ITEM_PITCH, ITEM_H = 44, 46, 28  # the box: a part and its count
WIDE_COL = 210  # wide panels: where the parts column starts, right of four cards
TEXT = 12  # the smallest font: 11.5 px or more at the desktop's scale (issue 25)


def wide_height(colours: int) -> float:
    """A wide panel's height: per colour, one row of chosen parts and one of the box."""
    return 106 + 58 * (colours - 1)


def narrow_height(colours: int) -> float:
    """A narrow panel's height when it holds just what it needs (the portrait's own seat)."""
    return 138 + 58 * colours


def _part_h(size: int) -> int:
    return 12 + 3 * size


def panel(
    state: dict[str, Any],
    p: int,
    viewer: int | None,
    choices: dict[str, str | None],
    selected: tuple[str, ...],
    names: list[str],
    T: Translator,
    at: tuple[float, float, float, float],
    wide: bool,
    label: float = 13,
) -> str:
    """Player `p`'s panel in the box `at` (x, y, width, height), its cards drawn as that
    seat sees them wherever the panel is. `label`: the size of the seat's name (its
    score a unit smaller), larger where the drawing is shown small (a phone)."""
    x0, y0, width, height = at
    seat = state["seats"][p]
    mine_turn = state["turn"] == p and state["phase"] != "over"
    own = viewer == p
    active = own and mine_turn
    colours = rules.player_colours(state, p)
    out = [
        el(
            "rect",
            x=x0,
            y=y0,
            width=width,
            height=height,
            rx=8,
            class_="panel" + (" active" if mine_turn else ""),
            fill="#fff7d6" if mine_turn else "#f4f4f4",
            stroke=CHOSEN if mine_turn else "#ccc",
            stroke_width=3 if mine_turn else 1,
        )
    ]
    # The seat's colour swatch beside its name and score: Manhattan's score marker (the
    # page checks it has the colour of the seat's dot and chart line).
    for i, c in enumerate(colours):
        out.append(
            el(
                "rect",
                x=x0 + 10 + i * 16,
                y=y0 + 9,
                width=13,
                height=13,
                rx=2,
                fill=COLOUR_HEX[c],
                stroke=edge(COLOUR_HEX[c]),
                data_score_marker=None if i else p,
            )
        )
        out.append(texture(c, x=x0 + 10 + i * 16, y=y0 + 9, width=13, height=13, rx=2))
    # As many letters as fit before the parts' column at that size.
    most = int(22 * 13 / label)
    name = names[p] if len(names[p]) <= most else names[p][: most - 1] + "…"
    out.append(
        text(
            x0 + 14 + 16 * len(colours),
            y0 + 21,
            name,
            font_size=label,
            font_weight="bold",
            class_="seat-name",
            fill="#222",
        )
    )
    out.append(
        text(
            x0 + 10,
            y0 + 39,
            T("{seat} seat · {n} pts", seat=T(SEAT_NAMES[seat]), n=state["scores"][p]),
            font_size=max(TEXT, label - 1),
            class_="seat-score",
            fill="#444",
        )
    )
    if state["start"] == p and state["phase"] != "over":
        mx, my = x0 + width - 58, y0 + 26
        out.append(
            el(
                "g",
                el("rect", x=mx, y=my, width=48, height=18, rx=3, fill="#222"),
                text(mx + 24, my + 13, T("start"), text_anchor="middle", font_size=TEXT, fill="#fff"),
                el("title", T("manhattan|Start player this round")),
                class_="start-marker",
            )
        )
    hy = y0 + 48
    for i, card in enumerate(state["hands"][p]):
        attrs: dict[str, Any] = {}
        if active:
            for verb in ("card", "discard"):
                attrs = interactive(f"{verb} {card}", choices, selected)
                if attrs:
                    break
        if not attrs and own and card:
            attrs = {"data_why": f"card {card}"}
        attrs["data_cell"] = f"hand {p + 1} {i + 1}"
        out.append(_card(x0 + 10 + i * 46, hy, card, seat, attrs, T))
    if wide:
        cx, parts_y = x0 + WIDE_COL, y0 + 28
        caption_y = y0 + 22
    else:
        cx, parts_y = x0 + 10, y0 + 114
        caption_y = y0 + 108
    out.append(text(cx, caption_y, T("This round:"), font_size=TEXT, fill="#555", class_="caption"))
    build = active and state["phase"] == "build"
    for ci, colour in enumerate(colours):
        out.append(_parts_row(state, colour, cx, parts_y + ci * 28, build, own, len(colours) > 1, choices, selected, T))
    box_caption = parts_y + 28 * len(colours) + 12
    out.append(text(cx, box_caption, T("Left in the box:"), font_size=TEXT, fill="#555", class_="caption"))
    picking = rules.picking_colour(state, p) if active and state["phase"] == "pick" else None
    box = [
        _box_row(
            state,
            colour,
            cx,
            box_caption + 4 + ci * 30,
            colour == picking,
            own,
            choices,
            T,
            cells=f"box {p + 1}" if ci == 0 else None,
        )
        for ci, colour in enumerate(colours)
    ]
    out.append(el("g", *box, class_="box"))  # a group of its own: it changes at every pick
    return el("g", *out, class_=f"seat seat-{seat}", data_player=p, data_cell=f"player {p + 1}")


def _card(x: float, y: float, card: int, seat: str, attrs: dict[str, Any], T: Translator) -> str:
    """A card as its seat sees it: the red square drawn where it lands on the board."""
    state_cls = attrs.pop("class_", "")
    ring = {"chosen": (CHOSEN, 4), "choice": (CHOICE, 2.5)}.get(state_cls, ("#555", 1.5))
    parts = [
        el(
            "rect",
            x=x,
            y=y,
            width=CARD,
            height=CARD,
            rx=4,
            fill="#fffdf5" if card else "#6b5b95",
            stroke=ring[0],
            stroke_width=ring[1],
        )
    ]
    if card:
        row, col = card_square(card, seat)
        cell = (CARD - 8) / 3
        for r in range(3):
            for c in range(3):
                parts.append(
                    el(
                        "rect",
                        x=round(x + 4 + c * cell, 2),
                        y=round(y + 4 + r * cell, 2),
                        width=round(cell - 1, 2),
                        height=round(cell - 1, 2),
                        fill="#d1362f" if (r, c) == (row, col) else "#e6e1d3",
                    )
                )
        label = T("Card for the {where} lot of any city", where=T(KEYPAD_WORDS[(row, col)]))
    else:
        label = T("Hidden card")
    parts.append(el("title", label))
    extra = {"role": "button", "tabindex": 0, "aria_label": label} if attrs and "data_why" not in attrs else {}
    cls = "card" + (" " + state_cls if state_cls else "")
    return el("g", *parts, class_=cls, **attrs, **extra)


def _parts_row(
    state: dict[str, Any],
    colour: int,
    x: float,
    y: float,
    active: bool,
    own: bool,
    two: bool,
    choices: dict[str, str | None],
    selected: tuple[str, ...],
    T: Translator,
) -> str:
    """This round's chosen parts of one colour (in the two-colour game, after a chip
    that chooses the colour), each a bar as tall as its storeys with the number on it."""
    out = []
    xx = x
    hexc = COLOUR_HEX[colour]
    if two:
        token = f"as {COLOURS[colour]}"
        attrs = interactive(token, choices, selected) if active else {}
        if not attrs and own:
            attrs = {"data_why": token}
        cls = attrs.pop("class_", "")
        ring = {"chosen": CHOSEN, "choice": "#222"}.get(cls, "none")
        out.append(
            el(
                "g",
                el("rect", x=xx, y=y, width=48, height=24, rx=4, fill=hexc, stroke=ring, stroke_width=3),
                text(xx + 24, y + 17, T(COLOURS[colour]), text_anchor="middle", font_size=TEXT, fill=ink_on(hexc)),
                el("title", T("Build in {colour}", colour=T(COLOURS[colour]))),
                class_=("colour-chip " + cls).strip(),
                **(attrs if "data_why" in attrs else focusable(attrs)),
            )
        )
        xx += 54
    for size in SIZES:
        for _ in range(state["selected"][colour][size - 1]):
            token = f"storeys {size}"
            attrs = interactive(token, choices, selected) if active else {}
            if two and attrs and selected_token(selected, "as ") not in (None, f"as {COLOURS[colour]}"):
                attrs = {}
            if not attrs and own:
                attrs = {"data_why": token}
            cls = attrs.pop("class_", "")
            ring = {"chosen": CHOSEN, "choice": CHOICE}.get(cls) or edge(hexc) or "none"
            h = _part_h(size)
            out.append(
                el(
                    "g",
                    # The finger's target is the row's height, whatever the part's.
                    el("rect", x=xx - 1, y=y, width=PART_W + 2, height=24, fill="#fff", fill_opacity=0),
                    el(
                        "rect",
                        x=xx,
                        y=y + 24 - h,
                        width=PART_W,
                        height=h,
                        rx=2,
                        fill=hexc,
                        stroke=ring,
                        stroke_width=3 if cls else 1,
                    ),
                    text(
                        xx + PART_W / 2,
                        y + 21,
                        size,
                        text_anchor="middle",
                        font_size=TEXT,
                        font_weight="bold",
                        fill=ink_on(hexc),
                    ),
                    el("title", T("{n}-storey part", n=size)),
                    class_=("part " + cls).strip(),
                    **(attrs if "data_why" in attrs else focusable(attrs)),
                )
            )
            xx += PART_PITCH
    return el("g", *out, class_="chosen-parts")


def _box_row(
    state: dict[str, Any],
    colour: int,
    x: float,
    y: float,
    picking: bool,
    own: bool,
    choices: dict[str, str | None],
    T: Translator,
    cells: str | None = None,
) -> str:
    """The parts of one colour still in the box: per size a part and "×count"; the
    buttons that take one while this colour is being chosen."""
    out = []
    hexc = COLOUR_HEX[colour]
    for i, size in enumerate(SIZES):
        left = state["supply"][colour][size - 1]
        token = f"pick {size}"
        attrs: dict[str, Any] = clickable(choices, token) if picking else {}
        if attrs:
            title = T("Take a {n}-storey part ({left} left in the box)", n=size, left=left)
        else:
            title = T("{n}-storey parts left in the box: {left}", n=size, left=left)
            if own:
                attrs = {"data_why": token}
        cls = attrs.pop("class_", "")
        xx = x + i * ITEM_PITCH
        h = _part_h(size)
        fill = hexc if left else "#cccccc"
        out.append(
            el(
                "g",
                el(
                    "rect",
                    x=xx,
                    y=y,
                    width=ITEM_W,
                    height=ITEM_H,
                    rx=4,
                    fill="#fff",
                    stroke=CHOICE if cls else "#bbb",
                    stroke_width=2.5 if cls else 1,
                ),
                el(
                    "rect",
                    x=xx + 2,
                    y=y + ITEM_H - 2 - h,
                    width=14,
                    height=h,
                    rx=2,
                    fill=fill,
                    stroke=edge(fill) if left else None,
                ),
                text(
                    xx + 9,
                    y + ITEM_H - 5,
                    size,
                    text_anchor="middle",
                    font_size=TEXT,
                    font_weight="bold",
                    fill=ink_on(fill),
                ),
                text(xx + 18, y + 19, f"×{left}", font_size=TEXT, fill="#333"),
                el("title", title),
                class_=("box-part " + cls).strip(),
                data_cell=f"{cells} {size}" if cells else None,
                **(attrs if "data_why" in attrs else focusable(attrs)),
            )
        )
    return el("g", *out, class_="box-row")
