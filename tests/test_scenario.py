"""Scenarios (pyengine/core/scenario.py, issue 27): a position, what to show on it and
what to ask; the engine checks the answers."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import pyengine
from pyengine import load_game
from pyengine.__main__ import play_game
from pyengine.core.game import IllegalMove
from pyengine.core.i18n import LANGUAGES, translate
from pyengine.core.scenario import (
    MAX_SCENARIO_BYTES,
    MAX_STEPS,
    ScenarioError,
    board_ids,
    check_scenario,
    grade,
    load_scenario,
)

ROOT = Path(__file__).resolve().parents[1]


def game_record(name: str, players: int | None = None, seed: int = 3) -> dict[str, Any]:
    game = load_game(name)
    bots = ["random"] if name != "brussels1893" else ["greedy"]
    record, _ = play_game(game, players or min(game.player_counts), seed, {}, bots)
    return record


def scenario_of(record: dict[str, Any], upto: int, **extra: Any) -> dict[str, Any]:
    return {
        "scenario": 1,
        "game": record["game"],
        "players": record["players"],
        "options": record["options"],
        "seed": record["seed"],
        "moves": record["moves"][:upto],
        **extra,
    }


def load(data: dict[str, Any]) -> Any:
    return load_scenario(json.dumps(data))


@pytest.mark.parametrize("name", pyengine.GAMES)
def test_a_task_checks_moves_with_the_engine(name: str) -> None:
    """Kind move accepts its move and refuses another legal one; kind legal accepts any
    legal move and refuses an illegal one with the engine's reason, in each language."""
    record = game_record(name)
    at = 6
    right = record["moves"][at]
    game = load_game(name)
    from pyengine.core.record import replay

    _, state = replay(record, at)
    other = next(str(m) for m in game.legal_moves(state) if m != game.parse_move(right))
    scenario = load(
        scenario_of(
            record,
            at + 1,
            tasks=[
                {
                    "at": at,
                    "ask": "Play the bot's move",
                    "check": {"kind": "move", "moves": [right]},
                    "answer": right,
                    "right": {"en": "Yes.", "fr": "Oui."},
                    "wrong": "No.",
                },
                {"at": at, "ask": "Any move", "check": {"kind": "legal"}, "answer": other},
            ],
        )
    )
    assert check_scenario(scenario)["tasks"][0]["answer"] == right
    assert grade(scenario, 0, right, "fr") == (True, "Oui.")
    ok, why = grade(scenario, 0, other)
    assert not ok and why.startswith("No.") and "not the one asked for" in why
    assert grade(scenario, 1, other)[0]
    try:
        game.parse_move("not a move at all")
        raise AssertionError("'not a move at all' parsed as a move")
    except IllegalMove as e:
        reason = e.message
    for lang in LANGUAGES:
        assert grade(scenario, 1, "not a move at all", lang) == (False, translate(reason, lang))


def scoring_position(name: str) -> tuple[dict[str, Any], int, str, str, int]:
    """A position of a bot game where some legal move gains the mover more points than
    another: (record, at, best move, a worse move, the best gain)."""
    from pyengine.core.record import replay

    game = load_game(name)
    for seed in range(1, 6):
        record = game_record(name, seed=seed)
        _, state = replay(record, 0)
        for at, text in enumerate(record["moves"]):
            if not game.is_over(state):
                mover = game.to_move(state)[0]
                before = game.scores(state)[mover]
                gains = {}
                for move in game.legal_moves(state)[:60]:
                    gains[str(move)] = game.scores(game.apply(state, move))[mover] - before
                best = max(gains, key=gains.get)
                worse = min(gains, key=gains.get)
                if gains[best] > gains[worse] and gains[best] > 0:
                    return record, at, best, worse, gains[best]
            state = game.apply(state, game.parse_move(text))
    pytest.skip(f"no bot game of {name} gave a move that scores at once")


@pytest.mark.parametrize("name", pyengine.GAMES)
def test_a_score_task_takes_a_move_that_gains_enough(name: str) -> None:
    record, at, best, worse, gain = scoring_position(name)
    scenario = load(
        scenario_of(
            record, at, tasks=[{"at": at, "ask": "Score", "check": {"kind": "score", "at_least": gain}, "answer": best}]
        )
    )
    check_scenario(scenario)
    assert grade(scenario, 0, best)[0]
    ok, why = grade(scenario, 0, worse)
    assert not ok and f"at least {load_game(name).points_text(gain)} was asked for" in why


def test_steps_name_the_parts_the_board_shows() -> None:
    record = game_record("newyork1901")
    game = load_game("newyork1901")
    from pyengine.core.record import replay

    _, state = replay(record, 2)
    ids = sorted(board_ids(game, state, None))
    assert "0 0" in ids and len(ids) > 100
    scenario = load(
        scenario_of(
            record,
            4,
            steps=[
                {
                    "at": 2,
                    "caption": {"en": "Here", "zh-Hans": "这里"},
                    "highlight": ["0 0", "1 0"],
                    "arrows": [["0 0", "1 1"]],
                    "scores": True,
                }
            ],
        )
    )
    report = check_scenario(scenario)
    assert report["steps"] == [{"at": 2, "highlight": 2, "arrows": 1}]
    assert scenario.steps[0].scores and scenario.steps[0].arrows == (("0 0", "1 1"),)
    with pytest.raises(ScenarioError, match=r"steps\[0\]: the board has no part '99 99' after 2 moves"):
        check_scenario(load(scenario_of(record, 4, steps=[{"at": 2, "arrows": [["0 0", "99 99"]]}])))


def test_without_steps_a_scenario_shows_its_last_position() -> None:
    record = game_record("manhattan")
    scenario = load(scenario_of(record, 5))
    assert [s.at for s in scenario.steps] == [5]


HOSTILE = [
    ("{", r"not a JSON scenario"),
    ("[]", r"expected an object with \"scenario\": 1"),
    ('{"scenario": 2}', r"expected an object with \"scenario\": 1"),
    ('{"scenario": 1, "game": "chinatown", "players": 3, "seed": 1}', r"missing 'moves'"),
    ('{"scenario": 1, "game": "chinatown", "players": 3, "seed": 1, "moves": [], "viewer": 4}', r"'viewer' must be"),
    (
        '{"scenario": 1, "game": "chinatown", "players": 3, "seed": 1, "moves": [], "steps": {}}',
        r"'steps' must be a list",
    ),
    (
        '{"scenario": 1, "game": "chinatown", "players": 3, "seed": 1, "moves": [], "steps": [{"at": 1}]}',
        r"steps\[0\]: 'at' must be a number of moves from 0 to 0",
    ),
    (
        '{"scenario": 1, "game": "chinatown", "players": 3, "seed": 1, "moves": [], "steps": [{"caption": {"de": "x"}}]}',
        r"steps\[0\].caption: a text is a string or an object",
    ),
    (
        '{"scenario": 1, "game": "chinatown", "players": 3, "seed": 1, "moves": [], '
        '"steps": [{"caption": {"en": "x", "de": "y"}}]}',
        r"steps\[0\].caption: 'de' is not one of the languages",
    ),
    (
        '{"scenario": 1, "game": "chinatown", "players": 3, "seed": 1, "moves": [], "steps": [{"arrows": [["a"]]}]}',
        r"an arrow goes from one board id to another",
    ),
    (
        '{"scenario": 1, "game": "chinatown", "players": 3, "seed": 1, "moves": [], "tasks": [{"ask": "x"}]}',
        r"'check' must be an object whose kind is one of move, legal, score",
    ),
    (
        '{"scenario": 1, "game": "chinatown", "players": 3, "seed": 1, "moves": [], '
        '"tasks": [{"ask": "x", "check": {"kind": "score"}}]}',
        r"gives the points as at_least",
    ),
    (
        '{"scenario": 1, "game": "chinatown", "players": 3, "seed": 1, "moves": [], '
        '"tasks": [{"check": {"kind": "legal"}}]}',
        r"a task says what it asks",
    ),
    (
        '{"scenario": 1, "game": "chinatown", "players": 3, "seed": 1, "moves": [], '
        '"tasks": [{"ask": "x", "check": {"kind": "majority"}}]}',
        r"a check of kind majority names its region",
    ),
    (
        '{"scenario": 1, "game": "chinatown", "players": 3, "seed": 1, "moves": [], "x": '
        + "[" * 100_000
        + "]" * 100_000
        + "}",
        r"huge numbers or deep nesting",
    ),
    (
        '{"scenario": 1, "game": "chinatown", "players": 3, "seed": 1, "moves": [], "steps": '
        + json.dumps([{}] * (MAX_STEPS + 1))
        + "}",
        rf"'steps' has {MAX_STEPS + 1} entries; at most {MAX_STEPS}",
    ),
    (" " * (MAX_SCENARIO_BYTES + 1), r"a scenario is far smaller"),
]


@pytest.mark.parametrize("text,why", HOSTILE, ids=[f"hostile-{i}" for i in range(len(HOSTILE))])
def test_a_hostile_scenario_is_refused_in_one_line(text: str, why: str) -> None:
    with pytest.raises(ScenarioError, match=why) as caught:
        load_scenario(text)
    assert "\n" not in str(caught.value)


def test_a_scenario_is_checked_against_the_rules() -> None:
    """Shape is not enough: an illegal move, an unknown game, an answer that fails its
    own check, a task at the end of the game are refused by check_scenario."""
    record = game_record("chinatown", 3)
    bad = scenario_of(record, 5)
    bad["moves"] = bad["moves"][:4] + ["not a move"]
    with pytest.raises(ScenarioError, match=r"move 5 'not a move' is illegal"):
        check_scenario(load(bad))
    with pytest.raises(ScenarioError, match=r"unknown game 'go'"):
        check_scenario(load({**scenario_of(record, 0), "game": "go"}))
    with pytest.raises(ScenarioError, match=r"tasks\[0\]: its answer 'nonsense' fails its own check"):
        check_scenario(
            load(scenario_of(record, 3, tasks=[{"ask": "x", "check": {"kind": "legal"}, "answer": "nonsense"}]))
        )
    with pytest.raises(ScenarioError, match=r"tasks\[0\]: the game is over after"):
        check_scenario(
            load(scenario_of(record, len(record["moves"]), tasks=[{"ask": "x", "check": {"kind": "legal"}}]))
        )


def test_the_command_line_checks_a_scenario(tmp_path: Path) -> None:
    record = game_record("manhattan")
    good = tmp_path / "good.json"
    good.write_text(
        json.dumps(
            scenario_of(
                record, 3, tasks=[{"at": 3, "ask": "x", "check": {"kind": "legal"}, "answer": record["moves"][3]}]
            )
        )
    )
    run = subprocess.run(
        [sys.executable, "-m", "pyengine", "scenario", "check", str(good)], cwd=ROOT, capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["tasks"] == [{"at": 3, "check": "legal", "answer": record["moves"][3]}]
    bad = tmp_path / "bad.json"
    bad.write_text('{"scenario": 1}')
    run = subprocess.run(
        [sys.executable, "-m", "pyengine", "scenario", "check", str(bad)], cwd=ROOT, capture_output=True, text=True
    )
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.strip() == "error: not a record: missing 'game'"


def test_a_step_is_drawn_with_its_marks_caption_and_scores(tmp_path: Path) -> None:
    """render --scenario: the highlight rings the named lot, the arrow runs from centre
    to centre, the caption (wrapped, Chinese counted double) and the scores sit under
    the board, inside a viewBox grown to hold them."""
    import re

    from pyengine.core.annotate import boxes, wrap

    record = game_record("chinatown")
    caption = {"en": "Lots 1 and 2 are side by side.", "zh-Hant": "一號地和二號地相鄰。" * 10}
    path = tmp_path / "s.json"
    path.write_text(
        json.dumps(
            scenario_of(
                record,
                4,
                steps=[{"at": 4, "caption": caption, "highlight": ["1"], "arrows": [["1", "2"]], "scores": True}],
            )
        )
    )
    for lang in ("en", "zh-Hant"):
        out = tmp_path / f"{lang}.svg"
        run = subprocess.run(
            [
                sys.executable,
                "-m",
                "pyengine",
                "render",
                "--scenario",
                str(path),
                "--step",
                "1",
                "--lang",
                lang,
                "-o",
                str(out),
            ],
            cwd=ROOT,
            capture_output=True,
            text=True,
        )
        assert run.returncode == 0, run.stderr
        svg = out.read_text()
        where = boxes(svg)
        x, y, w, h = where["1"]
        ring = re.search(
            r'<rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)"[^>]*'
            r'class="scenario-highlight" data-marks="1"',
            svg,
        )
        assert ring and [float(v) for v in ring.groups()] == [x - 2, y - 2, w + 4, h + 4]
        (x2, y2, w2, h2) = where["2"]
        arrow = re.search(r'<line x1="([\d.]+)" y1="([\d.]+)" x2="([\d.]+)" y2="([\d.]+)"[^>]*scenario-arrow', svg)
        assert arrow and [float(v) for v in arrow.groups()] == [x + w / 2, y + h / 2, x2 + w2 / 2, y2 + h2 / 2]
        lines = re.findall(r'class="scenario-caption">([^<]*)<', svg)
        assert lines[:-1] == wrap(caption[lang]) and lines[-1].startswith("Player 1: $" if lang == "en" else "玩家")
        assert len(lines) == (2 if lang == "en" else 4)
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pyengine",
            "render",
            "--scenario",
            str(path),
            "--step",
            "2",
            "-o",
            str(tmp_path / "x.svg"),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 2 and "--step must be between 1 and 1" in run.stderr


def test_the_readme_example_is_the_example_file_and_it_checks() -> None:
    import re

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = re.search(r"^## Scenarios\n(.*?)(?=^## )", readme, re.M | re.S)
    assert section
    block = re.search(r"^```json\n(.*?)^```", section.group(1), re.M | re.S)
    example = (ROOT / "docs" / "scenario-example.json").read_text(encoding="utf-8")
    assert block and block.group(1) == example
    scenario = load_scenario(example)
    report = check_scenario(scenario)
    assert [t["answer"] for t in report["tasks"]] == ["build B3 rot 0 at 4 9"]
    for lang in LANGUAGES:  # every text of the example in every language, none falling back to English
        for value in (
            scenario.title,
            *(s.caption for s in scenario.steps),
            *(x for t in scenario.tasks for x in (t.ask, t.right, t.wrong)),
        ):
            assert set(value) == set(LANGUAGES)
        assert grade(scenario, 0, "build B3 rot 0 at 4 9", lang)[0]


def test_a_parts_box_follows_the_groups_around_it() -> None:
    from pyengine.core.annotate import boxes

    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><g transform="translate(10, 20)">'
        '<g transform="scale(2)"><rect x="1" y="2" width="3" height="4" data-cell="a"/>'
        '<g data-cell="b"><title>x &gt; y</title><rect x="5" y="5" width="1" height="1"/></g></g>'
        '<rect x="0" y="0" width="7" height="8" data-cell="c"/></g>'
        '<g data-cell="d"><circle r="2"/></g></svg>'
    )
    assert boxes(svg) == {"a": (12.0, 24.0, 6.0, 8.0), "b": (20.0, 30.0, 2.0, 2.0), "c": (10.0, 20.0, 7.0, 8.0)}


def test_a_scenario_link_unpacks_to_the_scenario() -> None:
    from pyengine.core import share

    run = subprocess.run(
        [sys.executable, "-m", "pyengine", "scenario", "link", "docs/scenario-example.json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert run.returncode == 0, run.stderr
    example = json.loads((ROOT / "docs" / "scenario-example.json").read_text(encoding="utf-8"))
    assert json.loads(share.unpack(run.stdout.strip())) == example


SCENARIO_FILES = sorted((ROOT / "pyengine" / "games").glob("*/scenarios/*.json"))


@pytest.mark.parametrize("path", SCENARIO_FILES, ids=[f"{p.parent.parent.name}/{p.name}" for p in SCENARIO_FILES])
def test_every_shipped_scenario_checks_in_every_language(path: Path) -> None:
    """A scenario the project ships: it replays, its texts are in all four languages
    (none falls back to English), each task's answer passes, and a legal move the task
    does not ask for, and an illegal one, do not."""
    scenario = load_scenario(path.read_text(encoding="utf-8"))
    check_scenario(scenario)
    texts = [
        scenario.title,
        *(s.caption for s in scenario.steps),
        *(x for t in scenario.tasks for x in (t.ask, t.right, t.wrong)),
    ]
    for value in texts:
        assert isinstance(value, dict) and set(value) == set(LANGUAGES), value
    for i, task in enumerate(scenario.tasks):
        game, state = scenario.position(task.at)
        assert task.answer and grade(scenario, i, task.answer)[0]
        if task.check["kind"] != "legal":  # the task is a real question: some legal move fails it
            assert any(not grade(scenario, i, str(m))[0] for m in game.legal_moves(state)), i
        assert not grade(scenario, i, "no such move")[0]


def test_manhattans_setup_refuses_what_the_rules_cannot_reach() -> None:
    base = {"scenario": 1, "game": "manhattan", "players": 2, "seed": 1, "moves": []}
    cases = [
        ({"edit": "demolish"}, r"setup\[0\]: Setup: Manhattan's setup edits are build, parts, hand, turn, score"),
        ({"edit": "build", "lot": "7 1", "seat": 1, "storeys": 1}, r"'7 1' is not a lot"),
        ({"edit": "build", "lot": "1 1", "seat": 3, "storeys": 1}, r"'seat' must be a seat from 1 to 2"),
        ({"edit": "build", "lot": "1 1", "seat": 1, "storeys": 5}, r"a part has 1, 2, 3 or 4 storeys"),
        ({"edit": "hand", "seat": 1, "cards": [1, 2, 3, 4, 5]}, r"a hand is at most 4 cards"),
        ({"edit": "turn", "seat": 1, "phase": "build"}, r"that seat has no part chosen to build with"),
        ({"edit": "score", "seat": 1, "points": -1}, r"a score is a whole number of points"),
    ]
    for edit, why in cases:
        with pytest.raises(ScenarioError, match=why):
            check_scenario(load({**base, "setup": [edit]}))
    four = [{"edit": "build", "lot": "1 1", "seat": 1, "storeys": 4}] * 4
    with pytest.raises(ScenarioError, match=r"setup\[3\]: Parts: no 4-storey part is left"):
        check_scenario(load({**base, "players": 4, "setup": four}))
    taken = [
        {"edit": "build", "lot": "1 1", "seat": 1, "storeys": 3},
        {"edit": "build", "lot": "1 1", "seat": 2, "storeys": 2},
    ]
    with pytest.raises(ScenarioError, match=r"setup\[1\]: Placement rule: after placing you must have at least"):
        check_scenario(load({**base, "setup": taken}))
    with pytest.raises(
        ScenarioError,
        match=r"setup\[0\]: Setup: Chinatown's setup edits are lot, tile, hand, "
        r"round, money, outlook, turn, not 'build'",
    ):
        check_scenario(load({**base, "game": "chinatown", "players": 3, "setup": [{"edit": "build"}]}))


def test_a_guide_puts_a_board_beside_its_overview_sections() -> None:
    from pyengine.core.guide import load_guide

    guided = [name for name in pyengine.GAMES if load_game(name).has_guide()]
    assert guided == list(pyengine.GAMES)
    for name in guided:
        folder = ROOT / "pyengine" / "games" / name
        used = json.loads((folder / "guide.json").read_text(encoding="utf-8"))
        shipped = {p.name for p in (folder / "scenarios").glob("*.json")}
        assert set(used["examples"]) | set(used["sections"].values()) == shipped  # none left out
        game = load_game(name)
        guide = load_guide(game)
        assert [s.title for s in guide.sections] == [title for title, _ in game.overview()]
        boards = [s.scenario for s in guide.sections if s.scenario is not None]
        assert boards and guide.examples
        for scenario in [*boards, *guide.examples]:
            check_scenario(scenario)


def test_a_majority_task_asks_the_mover_to_hold_a_region_alone() -> None:
    """Manhattan's rulebook scoring example: Player 1 takes a building in Sydney (city 4)
    and so holds its majority; a new building there only ties; a city a game does not
    have, or a game without majorities, is refused when the scenario is checked."""
    path = ROOT / "pyengine" / "games" / "manhattan" / "scenarios" / "scoring-example.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    scenario = load(data)
    assert grade(scenario, 0, "card 1 city 4 storeys 2")[0]
    ok, why = grade(scenario, 0, "card 2 city 4 storeys 2", "en")  # lot 4 2: a third building, 2 against 2
    assert not ok and "you do not hold that majority alone" in why
    game, after = scenario.position(1)
    assert game.majority(after, "4") == 0 and game.majority(after, "1") == 1
    assert game.scores(after) == [10, 5]  # the round scored: 3 + 2 × 2 + 3 against 3 + 2
    bad = {**data, "tasks": [{**data["tasks"][0], "check": {"kind": "majority", "region": "7"}}]}
    with pytest.raises(ScenarioError, match=r"tasks\[0\]: Manhattan has no region '7'"):
        check_scenario(load(bad))
    record = game_record("newyork1901")
    with pytest.raises(ScenarioError, match=r"New York 1901 has no region 'x'"):
        check_scenario(load(scenario_of(record, 3, tasks=[{"ask": "x", "check": {"kind": "majority", "region": "x"}}])))


def test_the_rulebooks_overbuilding_example_takes_a_building_with_two_storeys() -> None:
    path = ROOT / "pyengine" / "games" / "manhattan" / "scenarios" / "overbuild.json"
    scenario = load_scenario(path.read_text(encoding="utf-8"))
    from pyengine.games.manhattan import scoring
    from pyengine.games.manhattan.data import lot_of_cell

    game, before = scenario.position(0)
    owners = scoring.owners(before)
    assert [owners[lot_of_cell(c)] for c in ("5 4", "5 5", "5 6")] == [1, 1, 1]
    for move in ("card 5 city 5 storeys 2", "card 6 city 5 storeys 2"):
        after = game.apply(before, game.parse_move(move))
        assert sum(o == 0 for o in scoring.owners(after)) == 1  # Player 1 owns the one taken
    with pytest.raises(IllegalMove, match="Placement rule"):
        game.apply(before, game.parse_move("card 4 city 5 storeys 2"))  # 2 against Player 2's 4


@pytest.mark.parametrize("path", SCENARIO_FILES, ids=lambda p: f"{p.parent.parent.name}-{p.stem}")
def test_every_task_is_asked_on_a_step_of_its_own_in_reading_order(path: Path) -> None:
    """A task at a position no step shows gets a bare step added after the last one: the
    reader saw the answer first, then jumped back to be asked (issue 50: column-majority)."""
    from pyengine.core.scenario import steps_shown

    scenario = load_scenario(path.read_text(encoding="utf-8"))
    assert list(steps_shown(scenario)) == list(scenario.steps)
    at = [step.at for step in scenario.steps]
    assert at == sorted(at), f"steps go back in the game: {at}"


NUMBER_ASKED = re.compile(r"how many|how much|combien|多少|幾|几", re.I)


@pytest.mark.parametrize("path", SCENARIO_FILES, ids=lambda p: f"{p.parent.parent.name}-{p.stem}")
def test_no_task_asks_for_a_number_it_does_not_check(path: Path) -> None:
    """A task's check decides a move: a question asking for a number that only a move is
    checked against leaves the number unasked (issue 50: pass-first). A number may be
    asked for where the check is on points scored."""
    from pyengine.core.scenario import text

    scenario = load_scenario(path.read_text(encoding="utf-8"))
    for task in scenario.tasks:
        if task.check["kind"] == "score":
            continue
        for lang in ("en", "fr", "zh-Hant", "zh-Hans"):
            ask = text(task.ask, lang)
            found = NUMBER_ASKED.search(ask)
            assert not found, f"{lang}: {ask!r} asks for a number; its check is {task.check['kind']}"
