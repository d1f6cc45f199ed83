"""Baked studies (pyengine/core/bake.py, `scenario bake`): every step of a scenario drawn
in advance for view.html, which shows them without Python (issue 49)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pyengine import load_game
from pyengine.core import share
from pyengine.core.annotate import annotate
from pyengine.core.bake import bake, link_word
from pyengine.core.i18n import LANGUAGES
from pyengine.core.scenario import load_scenario, steps_shown, text

ROOT = Path(__file__).resolve().parents[1]
SCENARIO_FILES = sorted((ROOT / "pyengine" / "games").glob("*/scenarios/*.json"))
EXAMPLE = ROOT / "docs" / "scenario-example.json"


def baked(path: Path, lang: str = "en") -> tuple[dict, object]:
    source = path.read_text(encoding="utf-8")
    scenario = load_scenario(source)
    return bake(scenario, lang, source), scenario


@pytest.mark.parametrize("path", SCENARIO_FILES, ids=lambda p: f"{p.parent.parent.name}-{p.stem}")
def test_every_shipped_scenario_bakes_each_step_as_the_live_embed_draws_it(path: Path) -> None:
    study, scenario = baked(path)
    game = load_game(scenario.record["game"])
    shown = steps_shown(scenario)
    assert [s["at"] for s in study["steps"]] == [s.at for s in shown]
    for step, out in zip(shown, study["steps"]):
        _, state = scenario.position(step.at)
        view = game.view(state, scenario.viewer)
        names = [f"Player {p + 1}" for p in range(scenario.record["players"])]
        # embed.html's drawing (study.py) of a step that asks nothing: the same render, the same marks
        assert out["svg"] == annotate(
            game.render(view, scenario.viewer, names=names, lang="en"), step.highlight, step.arrows
        )
        assert out["svg"].count('class="scenario-highlight') == len(step.highlight)
        assert ("portrait" in out) == game.portrait
        assert out["caption"].startswith(text(step.caption, "en"))
        asks = [t for t in scenario.tasks if t.at == step.at]
        assert out.get("ask") == (text(asks[0].ask, "en") if asks else None)
    # The link a reader follows to answer is the scenario itself.
    assert json.loads(share.unpack(study["scenario"])) == json.loads(path.read_text(encoding="utf-8"))


def test_a_study_is_baked_in_the_language_asked_for_with_its_words() -> None:
    path = ROOT / "pyengine" / "games" / "manhattan" / "scenarios" / "overbuild.json"
    english, _ = baked(path, "en")
    french, scenario = baked(path, "fr")
    assert french["lang"] == "fr" and french["game"] == "manhattan"
    assert french["title"] == scenario.title["fr"]
    assert french["steps"][0]["caption"] == text(scenario.steps[0].caption, "fr")
    assert french["words"]["first"] == "Première étape"
    assert french["words"]["try"] != english["words"]["try"]
    assert "Joueur 1" in french["steps"][0]["svg"] and "Joueur 1" not in english["steps"][0]["svg"]


def test_scores_asked_for_are_written_under_the_caption() -> None:
    study, scenario = baked(EXAMPLE, "fr")
    scored = [i for i, s in enumerate(steps_shown(scenario)) if s.scores]
    assert scored
    assert "Joueur 2 : 4 points" in study["steps"][scored[0]]["caption"]


def test_link_word_is_what_scenario_link_prints() -> None:
    source = EXAMPLE.read_text(encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "pyengine", "scenario", "link", str(EXAMPLE)], cwd=ROOT, capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == link_word(source)


def test_scenario_bake_writes_one_file_per_language(tmp_path: Path) -> None:
    out = tmp_path / "example"
    run = subprocess.run(
        [sys.executable, "-m", "pyengine", "scenario", "bake", str(EXAMPLE), "--out", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(f"example.{lang}.json" for lang in LANGUAGES)
    assert json.loads((tmp_path / "example.zh-Hant.json").read_text(encoding="utf-8"))["lang"] == "zh-Hant"
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pyengine",
            "scenario",
            "bake",
            str(EXAMPLE),
            "--out",
            str(tmp_path / "fr"),
            "--lang",
            "fr",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stderr
    assert (tmp_path / "fr.fr.json").exists() and not (tmp_path / "fr.en.json").exists()


def test_a_broken_scenario_is_refused_and_nothing_is_written(tmp_path: Path) -> None:
    broken = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    broken["steps"][1]["highlight"] = ["99 99"]
    source = tmp_path / "broken.json"
    source.write_text(json.dumps(broken), encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "pyengine", "scenario", "bake", str(source), "--out", str(tmp_path / "out")],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert run.returncode != 0
    assert "the board has no part '99 99'" in run.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["broken.json"]
