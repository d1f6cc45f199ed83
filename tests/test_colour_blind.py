"""Every game's seat colours stay apart for the common forms of colour blindness (issue 25).

Each colour is passed through the simulation of Machado, Oliveira and Fernandes (2009) at
full severity, the model behind Chromium's vision-deficiency emulation, and every two
seats of the largest table must stay a CIE76 distance of MIN_DELTA_E or more apart in
CIELAB: about three times the difference a person notices side by side, so a chart line
or a marker is told from the next one without its label. (The seats also carry their
number or name beside the colour; this is the check of the colour alone.)
"""

from __future__ import annotations

import itertools
import math

import pytest

import pyengine

MIN_DELTA_E = 15.0
# Linear-RGB matrices, severity 1.0 (Machado et al. 2009, table of the paper's supplement).
SIMULATIONS = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}


def _linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    r, g, b = rgb
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
    f = lambda t: t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116  # noqa: E731
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def seen(hex_colour: str, deficiency: str | None) -> tuple[float, float, float]:
    """The colour in CIELAB as a person with `deficiency` (None: typical vision) sees it."""
    h = hex_colour.lstrip("#")
    rgb = tuple(_linear(int(h[i : i + 2], 16)) for i in (0, 2, 4))
    if deficiency:
        m = SIMULATIONS[deficiency]
        rgb = tuple(min(1.0, max(0.0, sum(m[i][j] * rgb[j] for j in range(3)))) for i in range(3))
    return _lab(rgb)


def test_the_simulation_merges_what_it_should():
    """The model is the right way round, and the bound catches a naive palette: the
    classic chart red, green and orange, far apart for typical vision, come together
    (red and green for deuteranopia, orange and green for protanopia)."""
    red, green, orange = "#d62728", "#2ca02c", "#ff7f0e"
    dist = lambda a, b, d: math.dist(seen(a, d), seen(b, d))  # noqa: E731
    assert dist(red, green, None) > 60 and dist(orange, green, None) > 60
    assert dist(red, green, "deuteranopia") < MIN_DELTA_E
    assert dist(orange, green, "protanopia") < MIN_DELTA_E
    assert dist(red, green, "tritanopia") > 60  # blue-yellow blindness keeps red and green


@pytest.mark.parametrize("deficiency", [None, *SIMULATIONS])
@pytest.mark.parametrize("name", list(pyengine.GAMES))
def test_every_two_seats_stay_apart(name: str, deficiency: str | None) -> None:
    game = pyengine.load_game(name)
    players = max(game.player_counts)
    colours = game.player_colours(game.new_game(players, 1, {}))
    assert len(set(colours)) == players
    close = [
        (a, b, round(math.dist(seen(a, deficiency), seen(b, deficiency)), 1))
        for a, b in itertools.combinations(colours, 2)
        if math.dist(seen(a, deficiency), seen(b, deficiency)) < MIN_DELTA_E
    ]
    assert not close, f"{name}, {deficiency or 'typical vision'}: seats too alike {close}"
