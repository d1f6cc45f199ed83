#!/usr/bin/env python3
"""Bake the studies that docs/explainer.html (the sample explainer page) shows into
dist/studies/, in English, the sample's language:

    PYTHONPATH=<the checkout> python3 build_scripts/studies.py OUT_DIR docs/explainer.html

A frame `view.html?study=studies/GAME-NAME` is the shipped scenario
pyengine/games/GAME/scenarios/NAME.json, baked (`python3 -m pyengine scenario bake`).
Authors bake their own; these are here so the sample page and its tests work from a
plain build.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from pyengine import GAMES
from pyengine.core.bake import bake
from pyengine.core.scenario import check_scenario, load_scenario

ROOT = Path(__file__).resolve().parent.parent
FRAME = re.compile(r"view\.html\?study=studies/([a-z0-9]+)-([a-z0-9-]+)")


def main(out: Path, page: Path) -> None:
    names = sorted(set(FRAME.findall(page.read_text(encoding="utf-8"))))
    if not names:
        sys.exit(f"studies.py: {page} names no view.html?study=studies/GAME-NAME frame")
    out.mkdir(parents=True, exist_ok=True)
    for game, name in names:
        source = ROOT / "pyengine" / "games" / game / "scenarios" / f"{name}.json"
        if game not in GAMES or not source.is_file():
            sys.exit(f"studies.py: {page.name} shows studies/{game}-{name}, but {source} does not exist")
        text = source.read_text(encoding="utf-8")
        scenario = load_scenario(text)
        check_scenario(scenario)
        baked = bake(scenario, "en", text)
        (out / f"{game}-{name}.en.json").write_text(
            json.dumps(baked, separators=(",", ":"), ensure_ascii=False), encoding="utf-8"
        )


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]))
