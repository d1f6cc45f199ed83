"""The score-over-time chart: an SVG line chart, one line per player (pure text).

x is the move number, y the score. Each player's line also carries a marker shape
(circle, square, triangle, diamond, ...) at its end and in the legend, so the lines
can be told apart without colour.

The page shows the chart at its own size (style.css), never scaled down: narrow enough
for a phone, its legend under the plot, and its text 12 px or more on every screen.

The chart has its own near-black background: every game's player colours (yellow and
white pieces included) stand out 3:1 or more against it, which no light background
allows for all of them (e2e/test_readable.py checks the ratio).
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

from pyengine.core.i18n import Translator

W, PLOT_H = 340, 170  # the plot's height; the legend's rows come under it
BACKGROUND, GRID, AXIS, LABEL = "#15171c", "#3a3f4a", "#c9c5bc", "#f2efe8"
LEFT, RIGHT, TOP, BOTTOM = 40, 14, 12, 30
ROW = 20  # a legend row
MARKERS = ("circle", "square", "triangle", "diamond", "cross", "star")


def _marker(kind: str, x: float, y: float, colour: str) -> str:
    s = 4.5
    if kind == "circle":
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{s}" fill="{colour}"/>'
    if kind == "square":
        return f'<rect x="{x - s:.1f}" y="{y - s:.1f}" width="{2 * s}" height="{2 * s}" fill="{colour}"/>'
    if kind == "triangle":
        return f'<path d="M{x:.1f} {y - s - 1:.1f}L{x + s + 1:.1f} {y + s:.1f}H{x - s - 1:.1f}Z" fill="{colour}"/>'
    if kind == "diamond":
        return f'<path d="M{x:.1f} {y - s - 1:.1f}L{x + s + 1:.1f} {y:.1f}L{x:.1f} {y + s + 1:.1f}L{x - s - 1:.1f} {y:.1f}Z" fill="{colour}"/>'
    if kind == "cross":
        return (
            f'<path d="M{x - s:.1f} {y - s:.1f}L{x + s:.1f} {y + s:.1f}M{x + s:.1f} {y - s:.1f}L{x - s:.1f} {y + s:.1f}"'
            f' stroke="{colour}" stroke-width="2.5"/>'
        )
    return f'<path d="M{x:.1f} {y - s - 1:.1f}L{x + 2:.1f} {y - 2:.1f}H{x + s + 1:.1f}L{x + 2:.1f} {y + 2:.1f}L{x + s:.1f} {y + s + 1:.1f}L{x:.1f} {y + 3:.1f}L{x - s:.1f} {y + s + 1:.1f}L{x - 2:.1f} {y + 2:.1f}H{x - s - 1:.1f}L{x - 2:.1f} {y - 2:.1f}Z" fill="{colour}"/>'


def score_chart(
    history: list[list[int]], names: list[str], colours: list[str], lang: str = "en", fmt: Callable[[int], str] = str
) -> str:
    """history[k][p]: player p's score after k moves; `fmt` writes a score as the game does."""
    T = Translator(lang)
    if not history:
        return ""
    players = len(history[0])
    n = len(history) - 1
    top = max(1, max(max(row) for row in history))
    low = min(0, min(min(row) for row in history))
    left = max(LEFT, 14 + 8 * max(len(fmt(top)), len(fmt(low))))  # room for the widest score label
    pw, ph = W - left - RIGHT, PLOT_H - TOP - BOTTOM
    height = PLOT_H + ROW * players + 4

    def px(k: int) -> float:
        return left + (pw * k / n if n else 0)

    def py(v: float) -> float:
        return TOP + ph * (top - v) / (top - low)

    out = [f'<rect width="{W}" height="{height}" rx="8" fill="{BACKGROUND}"/>']
    step = _nice_step(top - low)
    v = (low // step) * step
    while v <= top:
        y = py(v)
        out.append(
            f'<line x1="{left}" x2="{left + pw}" y1="{y:.1f}" y2="{y:.1f}" stroke="{GRID}"/>'
            f'<text x="{left - 6}" y="{y + 4:.1f}" text-anchor="end" font-size="12" fill="{AXIS}">'
            f"{escape(fmt(v))}</text>"
        )
        v += step
    out.append(
        f'<text x="{left + pw / 2:.1f}" y="{PLOT_H - 8}" text-anchor="middle" font-size="12" fill="{AXIS}">'
        f"{escape(T('Move'))} (0–{n})</text>"
    )
    # Only moves where someone's score changed (and both ends) become points: a
    # 1,000-move game stays a few hundred bytes per line.
    keep = [k for k in range(len(history)) if k in (0, n) or history[k] != history[k - 1]]
    for p in range(players):
        colour = escape(colours[p % len(colours)])
        pts = []
        last = None
        for k in keep:
            value = history[k][p]
            if last is not None:  # a step: the score jumps when it is scored
                pts.append(f"{px(k):.1f},{py(last):.1f}")
            pts.append(f"{px(k):.1f},{py(value):.1f}")
            last = value
        dash = ' stroke-dasharray="6 3"' if p % 2 else ""
        out.append(
            f'<polyline data-player="{p}" points="{" ".join(pts)}" fill="none" stroke="{colour}" '
            f'stroke-width="2.5"{dash}/>'
        )
        final = history[-1][p]
        out.append(_marker(MARKERS[p % len(MARKERS)], px(n), py(final), colour))
        ly = PLOT_H + ROW * p + 14
        out.append(_marker(MARKERS[p % len(MARKERS)], left + 6, ly - 5, colour))
        name = names[p] if len(names[p]) <= 30 else names[p][:29] + "…"
        out.append(
            f'<text x="{left + 18}" y="{ly}" font-size="13" fill="{LABEL}">{escape(name)}: {escape(fmt(final))}</text>'
        )
    label = T("Score over time") + ": " + ", ".join(f"{names[p]} {fmt(history[-1][p])}" for p in range(players))
    return (
        f'<svg class="score-chart" viewBox="0 0 {W} {height}" width="{W}" height="{height}" role="img" '
        f'aria-label="{escape(label)}" xmlns="http://www.w3.org/2000/svg"><title>{escape(label)}</title>'
        f"{''.join(out)}</svg>"
    )


def _nice_step(span: int) -> int:
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10000, 20000, 50000):
        if span / step <= 6:
            return step
    return max(1, span // 5)
