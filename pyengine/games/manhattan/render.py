"""Manhattan board as SVG text: a pure function of (view, viewer, choices).

Like chess.svg.board: no DOM, testable in CPython. Clickable elements follow the UI
testing contract: `data-move` when the click completes a legal move, `data-step` when
it picks one part of a move, `data-unselect` for a part already picked.
"""

from __future__ import annotations

from typing import Any

from ...core.i18n import Translator
from ...core.svg import document, el, text
from . import rules
from .data import BOARD_W, CITIES, COLOUR_HEX, COLOURS, card_square, cell_id, lot_index
from .draw import edge, interactive, lighten, pattern_defs, selected_token, texture
from .panels import narrow_height, panel, wide_height

L = 46  # lot size
GAP = 24  # gap between cities (room for the city names)
CITY = 3 * L
BOARD_PX_W = 3 * CITY + 2 * GAP
BOARD_PX_H = 2 * CITY + GAP
SIDE = 200  # width of the west/east panels
# Landscape: the board in the middle, each seat's panel on its side. The drawing is
# about as wide as the desktop's board frame and less tall than it, so its texts keep
# their size (11.5 px or more for the 12-unit ones at 1366x768, issue 25).
BX = SIDE + 20
BY = wide_height(1) + 34
W = SIDE * 2 + BOARD_PX_W + 40
# Portrait (a phone held upright): the board across the whole width, then the seat
# whose hand this is, then every other seat as a wide panel. The own seat is the narrow
# panel drawn OWN times larger, as wide as the board: on a 390 px phone its cards come
# out at 63 px and its parts at 34 px, tapped without a zoom (web/board-zoom.mjs), with
# the board's 34 px lots in the same first screenful (590 px); a move is then as many
# taps as it has steps (issue 51). The others' names and scores are drawn at 18 and 17 units,
# 12.7 px or more on that phone. The height depends on the number of players and colours only
# (fixed for a game), so a redraw still replaces only the groups that changed
# (web/skyweb/patch.py).
PW = BOARD_PX_W + 40
PBX, PBY = 20, 26  # the board's origin; room above it for the city names
PGAP = 10
OWN = 2.1
PORTRAIT_LABEL = 18


def _lot_xy(lot: int) -> tuple[float, float]:
    y, x = divmod(lot, BOARD_W)
    return BX + x * L + (x // 3) * GAP, BY + y * L + (y // 3) * GAP


def _stack(state: dict[str, Any], lot: int, T: Translator) -> str:
    stack = state["board"][lot]
    x, y = _lot_xy(lot)
    if not stack:
        return ""
    owner = stack[-1][0]
    total = sum(s for _, s in stack)
    parts = [
        el(
            "rect",
            x=x + 2,
            y=y + 2,
            width=L - 4,
            height=L - 4,
            rx=4,
            fill=lighten(COLOUR_HEX[owner], 0.55),
            stroke=edge(COLOUR_HEX[owner]) or COLOUR_HEX[owner],
            stroke_width=2,
        ),
        texture(owner, x=x + 2, y=y + 2, width=L - 4, height=L - 4, rx=4),
    ]
    # A strip of the building's parts from the ground up, scaled to fit the lot.
    unit = min(4.0, (L - 10) / total)
    yy = y + L - 5
    for colour, size in stack:
        h = unit * size
        parts.append(
            el(
                "rect",
                x=x + 5,
                y=round(yy - h, 2),
                width=8,
                height=round(max(h - 0.6, 0.6), 2),
                fill=COLOUR_HEX[colour],
                stroke=edge(COLOUR_HEX[colour]),
                stroke_width=0.8,
            )
        )
        yy -= h
    parts.append(
        text(
            x + L / 2 + 5,
            y + L / 2 + 7,
            total,
            class_="height",
            text_anchor="middle",
            font_size=20,
            font_weight="bold",
            fill="#222",
        )
    )
    desc = ", ".join(f"{T(COLOURS[c])} {s}" for c, s in stack)
    parts.append(
        el(
            "title",
            T(
                "{n} storeys, owner {colour} (parts bottom to top: {parts})",
                n=total,
                colour=T(COLOURS[owner]),
                parts=desc,
            ),
        )
    )
    return el("g", *parts, class_="building", data_lot=lot, data_why=f"lot {lot}")


def _board(
    state: dict[str, Any], viewer: int | None, choices: dict[str, str | None], selected: tuple[str, ...], T: Translator
) -> str:
    out = []
    for city, name in enumerate(CITIES):
        cx, cy = _lot_xy(lot_index(city, 0, 0))
        closed = city >= state["open_cities"]
        out.append(
            el(
                "rect",
                x=cx - 3,
                y=cy - 3,
                width=CITY + 6,
                height=CITY + 6,
                rx=6,
                class_="city" + (" closed" if closed else ""),
                fill="#cfd8c8" if not closed else "#b8b8b8",
            )
        )
        out.append(
            text(
                cx + CITY / 2,
                cy - 6,
                f"{city + 1} {T(name)}",
                text_anchor="middle",
                font_size=13,
                class_="city-name",
                fill="#333",
            )
        )
    last = (state.get("last") or {}).get("lot")
    for lot in range(len(state["board"])):
        x, y = _lot_xy(lot)
        out.append(
            el(
                "rect",
                x=x + 1,
                y=y + 1,
                width=L - 2,
                height=L - 2,
                rx=3,
                fill="#eef2ea",
                stroke="#9aa592",
                class_="lot",
                data_why=f"lot {lot}",
                data_cell=cell_id(lot),
            )
        )
        out.append(_stack(state, lot, T))
    # In a group even when empty, so that the board's own markup stays the same from
    # one build to the next and a redraw replaces only what changed (web/skyweb/patch.py).
    mark = []
    if last is not None:
        x, y = _lot_xy(last)
        mark.append(
            el(
                "rect",
                x=x + 1,
                y=y + 1,
                width=L - 2,
                height=L - 2,
                rx=3,
                fill="none",
                stroke="#111",
                stroke_width=3,
                stroke_dasharray="5 3",
                class_="last",
            )
        )
    out.append(el("g", *mark, class_="last-build"))
    for city in range(len(CITIES)):
        if city >= state["open_cities"]:
            cx, cy = _lot_xy(lot_index(city, 0, 0))
            out.append(
                el(
                    "g",
                    el("rect", x=cx, y=cy, width=CITY, height=CITY, fill="#777", opacity=0.45),
                    text(
                        cx + CITY / 2,
                        cy + CITY / 2 + 5,
                        T("not open yet"),
                        text_anchor="middle",
                        font_size=13,
                        fill="#fff",
                    ),
                    class_="closed-city",
                    data_why=f"city {city + 1}",
                )
            )
    if state["godzilla"] >= 0:
        x, y = _lot_xy(state["godzilla"])
        out.append(
            el(
                "g",
                el("circle", cx=x + L / 2, cy=y + L / 2, r=L / 2 - 5, fill="#2d5a27", stroke="#d8f0a0", stroke_width=3),
                text(
                    x + L / 2,
                    y + L / 2 + 7,
                    "G",
                    text_anchor="middle",
                    font_size=20,
                    fill="#d8f0a0",
                    font_weight="bold",
                ),
                el("title", T("Godzilla: nobody may build here")),
                class_="godzilla",
                data_why=f"lot {state['godzilla']}",
            )
        )
    out.append(_targets(state, viewer, choices, selected, T))
    return el("g", *out, class_="board")


def _targets(
    state: dict[str, Any], viewer: int | None, choices: dict[str, str | None], selected: tuple[str, ...], T: Translator
) -> str:
    """Highlight the lot the chosen card names in each city, clickable per city."""
    if viewer is None or viewer != state["turn"]:
        return ""
    card = selected_token(selected, "card ")
    if card is None:
        return ""
    row, col = card_square(int(card.split()[1]), state["seats"][viewer])
    out = []
    for city in range(len(CITIES)):
        token = f"city {city + 1}"
        attrs = interactive(token, choices, selected)
        if not attrs:
            continue
        x, y = _lot_xy(lot_index(city, row, col))
        label = T("Build in {area}", area=T(CITIES[city]))
        out.append(
            el(
                "rect",
                x=x + 1,
                y=y + 1,
                width=L - 2,
                height=L - 2,
                rx=3,
                fill="#ffe066",
                fill_opacity=0.35,
                stroke="#e0a800",
                stroke_width=3,
                role="button",
                aria_label=label,
                tabindex=0,
                **attrs,
            )
        )
    return el("g", *out, class_="targets")


def _landscape(ph: float) -> tuple[float, float, float, dict[str, tuple]]:
    """Width, height, the board's shift down from BY and each side's panel box."""
    dy = ph - wide_height(1)  # two colours each: taller north and south panels
    by = BY + dy
    at = {
        "N": (BX, 8, BOARD_PX_W, ph),
        "S": (BX, by + BOARD_PX_H + 16, BOARD_PX_W, ph),
        "W": (8, by, SIDE, BOARD_PX_H),
        "E": (BX + BOARD_PX_W + 12, by, SIDE, BOARD_PX_H),
    }
    return W, by + BOARD_PX_H + 16 + ph + 18, dy, at


def render(
    state: dict[str, Any],
    viewer: int | None = None,
    *,
    choices: dict[str, str | None] | None = None,
    selected: tuple[str, ...] | list[str] = (),
    names: list[str] | None = None,
    lang: str = "en",
    portrait: bool = False,
) -> str:
    """SVG for a (viewed) state. `choices` come from core.game.choices for the viewer;
    `portrait` stacks the drawing for a tall, narrow screen (see PW)."""
    T = Translator(lang)
    choices = choices or {}
    selected = tuple(selected)
    names = [str(n) for n in names] if names else [T("Player {n}", n=i + 1) for i in range(state["players"])]
    board = _board(state, viewer, choices, selected, T)
    n = state["players"]
    ph = wide_height(len(rules.player_colours(state, 0)))
    width: float
    height: float
    if portrait:
        own = viewer if viewer is not None else state["turn"]
        top = PBY + BOARD_PX_H + 16
        oh = narrow_height(len(rules.player_colours(state, 0))) * OWN
        width, height = PW, top + oh + (n - 1) * (ph + PGAP) + 28
        own_box = (0.0, 0.0, BOARD_PX_W / OWN, oh / OWN)
        # Document order is reading and tab order: board, own seat, then around the table.
        seats = [
            el(
                "g",
                panel(state, own, viewer, choices, selected, names, T, own_box, False),
                transform=f"translate({PBX},{top}) scale({OWN:.6g})",
            ),
            *(
                panel(
                    state,
                    (own + k) % n,
                    viewer,
                    choices,
                    selected,
                    names,
                    T,
                    (PBX, top + oh + PGAP + (k - 1) * (ph + PGAP), BOARD_PX_W, ph),
                    True,
                    PORTRAIT_LABEL,
                )
                for k in range(1, n)
            ),
        ]
        board = el("g", board, transform=f"translate({PBX - BX},{PBY - BY})")
    else:
        width, height, dy, at = _landscape(ph)
        seats = [
            panel(state, p, viewer, choices, selected, names, T, at[seat], seat in "NS")
            for p, seat in enumerate(state["seats"])
        ]
        if dy:
            board = el("g", board, transform=f"translate(0,{dy})")
    info = T("manhattan|Round {n} of {total}", n=state["round"], total=state["rounds"])
    body = [
        pattern_defs(),
        el("rect", x=0, y=0, width=width, height=height, fill="#fbfaf6", class_="bg"),
        board,
        *seats,
        text(width - 12, height - 10, info, text_anchor="end", font_size=12, fill="#555", class_="round"),
    ]
    # A group, not an image: it holds buttons (an image's children are not reachable).
    return document(
        width,
        height,
        *body,
        class_="manhattan-board portrait" if portrait else "manhattan-board",
        role="group",
        aria_label=T("Manhattan board, {info}", info=info),
    )
