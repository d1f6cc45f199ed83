"""The Brussels scenarios name the rulebook's characters, and each keeps one seat and
one colour everywhere (issue 50: "Gabriel (Player 1, red)" and "Elisabeth (Player 1,
red)" once stood where the rulebook and the other scenarios have Louise): Louise is
player 1, red; Elisabeth player 2, blue; Gabriel player 3, green."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

SCENARIOS = sorted(
    (Path(__file__).resolve().parents[2] / "pyengine" / "games" / "brussels1893" / "scenarios").glob("*.json")
)
SEATS = {"1": "red", "2": "blue", "3": "green"}
NAMES = {
    "en": {"1": "Louise", "2": "Elisabeth", "3": "Gabriel"},
    "fr": {"1": "Louise", "2": "Élisabeth", "3": "Gabriel"},
    "zh-Hant": {"1": "露易絲", "2": "伊麗莎白", "3": "蓋布爾"},
    "zh-Hans": {"1": "露易丝", "2": "伊丽莎白", "3": "盖布尔"},
}
COLOURS = {
    "en": {"red": "red", "blue": "blue", "green": "green"},
    "fr": {"red": "rouge", "blue": "bleu", "green": "vert"},
    "zh-Hant": {"red": "紅色", "blue": "藍色", "green": "綠色"},
    "zh-Hans": {"red": "红色", "blue": "蓝色", "green": "绿色"},
}
# "Louise (red, player 1)", "Louise (Player 1, red)", "露易絲（紅色，玩家1）", "（玩家 1，紅色）"
SEAT_WORD = {"en": r"[Pp]layer ", "fr": r"joueu?r?s?e? ", "zh-Hant": "玩家 ?", "zh-Hans": "玩家 ?"}


def texts(value, out):
    if isinstance(value, dict):
        if value and set(value) <= set(NAMES) and all(isinstance(v, str) for v in value.values()):
            out.append(value)
        else:
            for v in value.values():
                texts(v, out)
    elif isinstance(value, list):
        for v in value:
            texts(v, out)
    return out


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_each_character_keeps_the_rulebooks_seat_and_colour(path: Path) -> None:
    for text in texts(json.loads(path.read_text(encoding="utf-8")), []):
        for lang, words in text.items():
            names, colours = NAMES[lang], COLOURS[lang]
            close = "）" if lang.startswith("zh") else ")"
            for m in re.finditer(rf"(\S*)\s?[（(]([^）)]*{SEAT_WORD[lang]}(\d)[^）)]*)[{close})]", words):
                before, inside, seat = m.group(1), m.group(2), m.group(3)
                if seat not in SEATS:
                    continue
                wrong_colours = [c for key, c in colours.items() if key != SEATS[seat] and c in inside]
                assert not wrong_colours, f"{path.stem} {lang}: seat {seat} called {wrong_colours} in {m.group(0)!r}"
                others = [n for s, n in names.items() if s != seat and before.endswith(n)]
                assert not others, f"{path.stem} {lang}: seat {seat} named {others} in {m.group(0)!r}"
