"""What every part of the Chinatown drawing shares: the geometry, text sizes and widths,
and the small pieces (markers, buttons, shop tiles) that render.py and box.py place.

Sizes: at a 1366x768 desktop the page fits the W x H drawing into a frame of about
926x674 CSS px (scale ~0.89), so no text is smaller than SMALL units: 11 px or more on
screen (issue 25). Widths are estimated (CJK characters are twice as wide as Latin
ones) so that labels fit, long lines wrap and buttons grow to their label in every
language.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from typing import Any

from ...core.i18n import Translator
from ...core.svg import clickable, el, text
from .data import GRID_COLS, GRID_ROWS, PLAYER_HEX

SMALL = 12.5  # the smallest text on the board
BODY = 13.5
C = 46  # grid cell
BX, BY = 16, 46  # board origin (the header is above it)
BW, BH = GRID_COLS * C, GRID_ROWS * C
RX = BX + BW + 12  # the players' column, right of the board
RW = 210
W = RX + RW + 10
KY = BY + BH + 12  # the phase's box under the board: trade panel, offer, income
KX, KW = BX - 6, BW + 12
KH = 186
H = KY + KH + 8
# Portrait (a phone held upright): the map across the whole width, the seat whose hand
# this is right under it at that width (its tap targets in the first screenful), then
# the phase's box, then the other seats, one a row. Each seat is its panel drawn
# narrower and scaled up to the map's width: on a 390 px phone (0.44 px a unit) the own
# seat's land cards and tiles come out at 34 px or more, tapped with no zoom
# (web/board-zoom.mjs), so placing is the tile, then its lot (issue 51), and every
# seat's name and money reads at 12 px or more. Heights are fixed (the page then
# replaces only the groups that changed, web/skyweb/patch.py).
PW = BX + BW + BX
OWN_H = 138  # two rows of tiles under the land cards
OWN_SCALE = 3.0
OWN_TALL = OWN_H * OWN_SCALE
SEAT_H = 136
SEAT_SCALE = 2.2
BOX_SCALE = 2.7  # the phase's box (box.Frame): a 28-unit tile chip comes out at 33 px
GAP = 8
INK = "#23262d"
MUTED = "#5f636b"
GOLD = "#e0a800"
GIVE = "#a35200"
ASK = "#1f5f8b"


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


def clip(s: str, width: float, size: float, bold: bool = False) -> str:
    """`s`, cut with an ellipsis to fit `width` units."""
    if text_width(s, size, bold) <= width:
        return s
    while s and text_width(s + "…", size, bold) > width:
        s = s[:-1]
    return s.rstrip() + "…"


def fit(s: str, width: float, size: float, bold: bool = False, smallest: float = SMALL) -> float:
    """The font size (at most `size`, at least `smallest`) at which `s` fits `width`."""
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


def wrap(s: str, width: float, size: float, bold: bool = False) -> list[str]:
    lines: list[str] = []
    line = ""
    for token in _tokens(s):
        if line and text_width((line + token).rstrip(), size, bold) > width:
            lines.append(line.rstrip())
            line = token
        else:
            line += token
    if line.strip():
        lines.append(line.rstrip())
    return lines


def wrap_clipped(s: str, width: float, size: float, lines: int, bold: bool = False) -> list[str]:
    """`s` wrapped into at most `lines` lines, the last one clipped."""
    out = wrap(s, width, size, bold)
    if len(out) > lines:
        out = [*out[: lines - 1], clip(" ".join(out[lines - 1 :]), width, size, bold)]
    return out


# ------------------------------------------------------------------------------ pieces
def light(hex_colour: str, amount: float = 0.7) -> str:
    r, g, b = (int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    mix = lambda v: int(v + (255 - v) * amount)  # noqa: E731
    return f"#{mix(r):02x}{mix(g):02x}{mix(b):02x}"


def marker(cx: float, cy: float, r: float, p: int, size: float = SMALL, seat: bool = False) -> str:
    """A player's marker: their colour, a dark outline (the yellow and the white seats
    stay visible on light ground) and, as a second cue, their seat number. `seat`: the
    one on the player's own panel, which the page's tests read the seat's colour from."""
    return el(
        "circle",
        cx=cx,
        cy=cy,
        r=r,
        fill=PLAYER_HEX[p],
        stroke="#2b2b2b",
        stroke_width=1.2,
        data_score_marker=p if seat else None,
    ) + text(
        cx,
        cy + size * 0.36,
        p + 1,
        text_anchor="middle",
        font_size=size,
        font_weight="bold",
        fill="#111",
        class_="seat-number",
    )


def interactive(token: str, choices: dict[str, str | None], selected: tuple[str, ...]) -> dict[str, Any]:
    if token in selected:
        return {"data_unselect": token, "class_": "chosen"}
    return clickable(choices, token)


def button_width(label: str, w: float, size: float = BODY) -> float:
    return max(w, text_width(label, size, True) + 16)


def button(
    x: float,
    y: float,
    w: float,
    h: float,
    label: str,
    attrs: dict[str, Any],
    *,
    fill: str = "#1f5f8b",
    ink: str = "#fff",
    title: str = "",
    size: float = BODY,
) -> str:
    """A clickable rounded button, as wide as its label needs (at least `w`); `attrs`
    carries data-move / data-draft (or nothing: disabled)."""
    live = bool(attrs)
    w = button_width(label, w, size)
    cls = "button" + (" " + attrs.pop("class_") if "class_" in attrs else "") + ("" if live else " disabled")
    extra = {"role": "button", "tabindex": 0, "aria_label": title or label} if live else {}
    return el(
        "g",
        el("rect", x=x, y=y, width=w, height=h, rx=5, fill=fill if live else "#d5d2cb", stroke="#00000033"),
        text(
            x + w / 2,
            y + h / 2 + size * 0.36,
            label,
            text_anchor="middle",
            font_size=size,
            fill=ink if live else "#6f6b63",
            font_weight="bold",
        ),
        el("title", title or label),
        class_=cls,
        **attrs,
        **extra,
    )


def draft_attrs(token: str) -> dict[str, Any]:
    return {"data_draft": token, "class_": "draft"}


def size_badge(x: float, y: float, size: int, complete: bool = False, cls: str = "size-badge") -> list[str]:
    """The number of tiles that completes a shop, in a small square (gold once complete);
    the legend says what it means."""
    return [
        el(
            "rect",
            x=x,
            y=y,
            width=12,
            height=14,
            rx=2.5,
            fill=GOLD if complete else "#fff",
            stroke="#00000055",
            stroke_width=0.8,
            class_=cls,
        ),
        text(
            x + 6,
            y + 11.5,
            size,
            text_anchor="middle",
            font_size=SMALL,
            font_weight="bold",
            fill="#1d1d1d",
            class_="shop-size",
        ),
    ]


def tile_chip(
    x: float,
    y: float,
    w: float,
    shop: Any,
    caption: str,
    attrs: dict[str, Any],
    title: str,
    T: Translator,
    cell: str | None = None,
) -> str:
    """A tile in a hand: its colour, its code and a caption (the count); `cell` its
    data-cell id, for a scenario's marks."""
    code = T(shop.code)
    cls = attrs.pop("class_", "")
    ring = {"chosen": (GOLD, 3), "choice": ("#111", 2)}.get(cls, ("#00000033", 1))
    extra = {"role": "button", "tabindex": 0, "aria_label": title} if attrs else {}
    return el(
        "g",
        el("rect", x=x, y=y, width=w, height=28, rx=4, fill=shop.colour, stroke=ring[0], stroke_width=ring[1]),
        text(x + w / 2, y + 12.5, code, text_anchor="middle", font_size=SMALL, font_weight="bold", fill="#fff"),
        text(x + w / 2, y + 25, caption, text_anchor="middle", font_size=SMALL, fill="#fff"),
        el("title", title),
        class_=f"hand-tile {cls}".strip(),
        data_shop=shop.id,
        data_cell=cell,
        **attrs,
        **extra,
    )
