"""The lobby's pictures (dist/boards/, build_scripts/pictures.py): merged into few
elements by build_scripts/flatsvg.py, they draw what the games' renderers draw, pixel
for pixel but for anti-aliased seams, at a lobby card's size on a phone and larger."""

from __future__ import annotations

import base64

import pytest
from conftest import DIST
from playwright.sync_api import Page

import pyengine
from build_scripts import pictures

# Both drawn into canvases of the same size; per pixel, the largest difference of a
# channel. Returns [pixels differing by more than 32 of 255, pixels].
COMPARE_JS = """async ([a, b, width, height]) => {
  const load = (text) => new Promise((ok, fail) => {
    const img = new Image();
    img.onload = () => ok(img);
    img.onerror = () => fail(new Error("not an image"));
    img.src = "data:image/svg+xml;base64," + text;
  });
  const pixels = (img) => {
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    const g = canvas.getContext("2d");
    g.drawImage(img, 0, 0, width, height);
    return g.getImageData(0, 0, width, height).data;
  };
  const [pa, pb] = [pixels(await load(a)), pixels(await load(b))];
  let differ = 0;
  for (let i = 0; i < pa.length; i += 4) {
    let d = 0;
    for (let c = 0; c < 4; c++) d = Math.max(d, Math.abs(pa[i + c] - pb[i + c]));
    if (d > 32) differ++;
  }
  return [differ, width * height];
}"""


def encoded(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


@pytest.mark.parametrize("name", pyengine.GAMES)
def test_a_lobby_picture_draws_what_the_renderer_draws(page: Page, name: str) -> None:
    built = (DIST / "boards" / f"{name}.svg").read_text(encoding="utf-8")
    assert built == pictures.picture(name)  # the build's picture is the one compared here
    drawn = pictures.drawing(name)
    # The lobby card is 168 x 112 CSS px: x2 for a phone's screen, and x6 to see details.
    for width in (336, 1008):
        differ, total = page.evaluate(COMPARE_JS, [encoded(drawn), encoded(built), width, width * 2 // 3])
        assert differ <= total * 0.001, f"{name} at {width} px: {differ} of {total} pixels differ"
