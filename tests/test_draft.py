"""The study editor's model (pyengine/core/draft.py): every shipped scenario opens and
exports again as the same scenario, and a study built by its edits passes
`scenario check` (issue 49)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pyengine import load_game
from pyengine.core import draft as d
from pyengine.core.record import replay
from pyengine.core.scenario import ScenarioError, check_scenario, load_scenario

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = [*sorted((ROOT / "pyengine" / "games").glob("*/scenarios/*.json")), ROOT / "docs" / "scenario-example.json"]


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: f"{p.parent.parent.name}-{p.stem}")
def test_every_shipped_scenario_opens_and_exports_as_the_same_scenario(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    opened = d.from_scenario(source)
    exported = d.export(opened)
    assert load_scenario(exported) == load_scenario(source)
    # and again: an export opened and exported is the same text
    assert d.export(d.from_scenario(exported)) == exported


def first_move(draft: d.Draft, at: int) -> str:
    game, state = replay({k: draft[k] for k in ("game", "players", "options", "seed", "moves")}, at)
    return str(game.legal_moves(state)[0])


def test_a_study_built_by_edits_passes_scenario_check() -> None:
    draft = d.new_draft("manhattan", 2, 3)
    for _ in range(3):
        draft = d.play(draft, len(draft["moves"]), first_move(draft, len(draft["moves"])))
    assert len(draft["moves"]) == 3
    draft = d.add_step(draft, 0, 2)
    game, state = replay({k: draft[k] for k in ("game", "players", "options", "seed", "moves") if k in draft}, 2)
    cells = sorted(_ids(game, state))
    draft = d.toggle_highlight(draft, 1, cells[0])
    draft = d.toggle_arrow(draft, 1, cells[0], cells[1])
    draft = d.with_text(draft, ("steps", 1), "caption", "en", "Two moves in.")
    draft = d.with_text(draft, ("steps", 1), "caption", "fr", "Deux coups joués.")
    draft = d.with_text(draft, None, "title", "en", "A test study")
    draft = d.set_scores(draft, 1, True)
    answer = first_move(draft, 3)
    draft = d.set_task(draft, 3, answer, "move")
    draft = d.with_text(draft, ("tasks", 0), "ask", "en", "Play the first legal move.")
    text = d.export(draft)
    scenario = load_scenario(text)
    report = check_scenario(scenario)
    assert report["tasks"] == [{"at": 3, "check": "move", "answer": answer}]
    step = scenario.steps[1]
    assert (step.at, step.highlight, step.arrows, step.scores) == (2, (cells[0],), ((cells[0], cells[1]),), True)
    assert step.caption == {"en": "Two moves in.", "fr": "Deux coups joués."}
    assert set(d.missing_languages(step.caption)) == {"zh-Hant", "zh-Hans"}
    # the task's position got a step of its own, so the reader is asked there
    assert [s.at for s in scenario.steps] == [0, 2, 3]


def _ids(game, state) -> set[str]:
    from pyengine.core.scenario import board_ids

    return board_ids(game, state, None)


def test_toggles_take_marks_off_again() -> None:
    draft = d.new_draft("newyork1901", 2, 1)
    once = d.toggle_highlight(draft, 0, "4 5")
    assert once["steps"][0]["highlight"] == ["4 5"]
    assert "highlight" not in d.toggle_highlight(once, 0, "4 5")["steps"][0]
    arrow = d.toggle_arrow(draft, 0, "4 5", "6 5")
    assert arrow["steps"][0]["arrows"] == [["4 5", "6 5"]]
    assert "arrows" not in d.toggle_arrow(arrow, 0, "4 5", "6 5")["steps"][0]
    assert draft["steps"][0] == {"at": 0}  # every edit makes a new draft
    with pytest.raises(ScenarioError):
        d.toggle_arrow(draft, 0, "4 5", "4 5")


def test_a_score_check_asks_for_what_the_reference_move_scores() -> None:
    source = (ROOT / "docs" / "scenario-example.json").read_text(encoding="utf-8")
    draft = d.from_scenario(source)
    task = draft["tasks"][0]
    changed = d.set_task(draft, task["at"], task["answer"], "score")
    assert changed["tasks"][0]["check"] == {"kind": "score", "at_least": 3}
    assert d.set_task(draft, task["at"], task["answer"], "legal")["tasks"][0]["check"] == {"kind": "legal"}


def test_illegal_edits_are_refused_with_the_rule() -> None:
    draft = d.new_draft("manhattan", 2, 3)
    with pytest.raises(ScenarioError) as e:
        d.play(draft, 0, "card 9 city 9 storeys 9")
    assert str(e.value)
    draft = d.play(draft, 0, first_move(draft, 0))
    draft = d.add_step(draft, 0, 1)
    with pytest.raises(ScenarioError, match="delete it before playing here"):
        d.play(draft, 0, first_move(draft, 0))
    with pytest.raises(ScenarioError):
        d.set_task(draft, 1, "card 9 city 9 storeys 9", "move")
    one = d.new_draft("manhattan", 2, 3)
    with pytest.raises(ScenarioError, match="at least one step"):
        d.delete_step(one, 0)


def test_a_record_opens_at_its_last_position() -> None:
    game = load_game("chinatown")
    state = game.new_game(3, 5)
    moves = []
    for _ in range(4):
        move = game.legal_moves(state)[0]
        moves.append(str(move))
        state = game.apply(state, move)
    draft = d.from_record({"game": "chinatown", "players": 3, "options": {}, "seed": 5, "moves": moves})
    assert draft["steps"] == [{"at": 4}]
    assert json.loads(d.export(draft))["moves"] == moves


def test_missing_languages_are_named() -> None:
    assert set(d.missing_languages(None)) == {"en", "fr", "zh-Hant", "zh-Hans"}
    assert set(d.missing_languages("Plain")) == {"fr", "zh-Hant", "zh-Hans"}
    assert d.missing_languages({"en": "a", "fr": "b", "zh-Hant": "c", "zh-Hans": "d"}) == []
    assert d.set_text(None, "fr", "Bonjour") == {"en": "", "fr": "Bonjour"}
    assert d.set_text({"en": "Hi", "fr": "Salut"}, "fr", "") == {"en": "Hi"}


def test_setup_edits_make_the_start_and_the_moves_must_still_replay() -> None:
    source = (ROOT / "pyengine" / "games" / "manhattan" / "scenarios" / "placement-rule.json").read_text(
        encoding="utf-8"
    )
    edits = json.loads(source)["setup"]
    draft = d.set_setup(d.new_draft("manhattan", 4, 1), edits)
    game, state = d.position(draft, 0)
    assert state != d.position(d.new_draft("manhattan", 4, 1), 0)[1]
    assert load_scenario(d.export(draft)).setup == tuple(edits)
    with pytest.raises(ScenarioError):
        d.set_setup(draft, [{"edit": "no such edit"}])
    assert "setup" not in d.set_setup(draft, [])


def test_a_task_shows_the_reader_the_movers_hand() -> None:
    draft = d.new_draft("manhattan", 2, 3)
    answer = first_move(draft, 0)
    assert d.set_task(draft, 0, answer, "legal")["viewer"] == 1
    shown = d.set_viewer(draft, 2)
    assert d.set_task(shown, 0, answer, "legal")["viewer"] == 2  # an author's choice is kept


def test_a_majority_check_names_a_region_the_answer_wins() -> None:
    source = (ROOT / "pyengine" / "games" / "brussels1893" / "scenarios" / "column-majority.json").read_text(
        encoding="utf-8"
    )
    draft = d.from_scenario(source)
    task = draft["tasks"][0]
    moved = d.set_task(draft, task["at"], task["answer"], "move")
    again = d.set_task(moved, task["at"], task["answer"], "majority")  # no region given: one the answer wins
    region = again["tasks"][0]["check"]["region"]
    game, state = d.position(again, task["at"])
    after = game.apply(state, game.parse_move(task["answer"]))
    assert game.majority(after, region) == game.to_move(state)[0]
    check_scenario(load_scenario(d.export(again)))


def test_a_move_check_accepts_the_moves_the_author_adds() -> None:
    draft = d.new_draft("manhattan", 2, 3)
    game, state = d.position(draft, 0)
    first, second = (str(m) for m in game.legal_moves(state)[:2])
    draft = d.set_task(draft, 0, first, "move")
    draft = d.accept_also(draft, 0, second)
    draft = d.accept_also(draft, 0, second)  # once is enough
    assert draft["tasks"][0]["check"] == {"kind": "move", "moves": [first, second]}
    scenario = load_scenario(d.export(draft))
    from pyengine.core.scenario import grade

    assert grade(scenario, 0, second)[0] and grade(scenario, 0, first)[0]
    with pytest.raises(ScenarioError):
        d.accept_also(d.set_task(draft, 0, first, "legal"), 0, second)


def test_a_new_game_takes_the_games_options_and_refuses_others() -> None:
    draft = d.new_draft("brussels1893", 3, 1, {"belle_epoque": True})
    assert d.position(draft, 0)[1]["options"]["belle_epoque"] is True
    with pytest.raises(ScenarioError, match="no option 'nope'"):
        d.new_draft("brussels1893", 3, 1, {"nope": 1})
    with pytest.raises(ScenarioError):
        d.new_draft("chinatown", 1, 1)


def test_the_editors_export_checks_again_only_when_more_than_words_changed(monkeypatch) -> None:
    source = (ROOT / "docs" / "scenario-example.json").read_text(encoding="utf-8")
    draft = d.from_scenario(source)
    calls = []
    real = d.check_scenario
    monkeypatch.setattr(d, "check_scenario", lambda scenario: calls.append(1) or real(scenario))
    exporter = d.Exporter()
    assert exporter.export(draft) == d.export(draft)
    worded = d.with_text(draft, ("steps", 0), "caption", "fr", "Autre légende.")
    assert exporter.export(worded) == d.export(worded)
    assert len(calls) == 3  # the first export and d.export's two; not the worded one
    broken = d.toggle_highlight(worded, 0, "99 99")
    with pytest.raises(ScenarioError, match="99 99"):
        exporter.export(broken)
    with pytest.raises(ScenarioError, match="99 99"):  # still refused while only words change
        exporter.export(d.with_text(broken, None, "title", "en", "New title"))
    assert len(calls) == 4
    with pytest.raises(ScenarioError):  # a text's shape is checked every time
        exporter.export(d.with_text(draft, None, "title", "en", "x" * 3000))
