"""A study being written: the model of study.html, the study editor (issue 49).

A draft is a scenario's JSON data (format 1, core/scenario.py), edited by the pure
functions here and checked by the scenario's own rules: what the editor exports is
`json.dumps(draft)`, and `scenario check` passes it because `export` refuses anything
else. Opening a scenario and exporting it again gives the same scenario (`to_data` is
`load_scenario`'s inverse, tested over every shipped scenario).

Each function returns a new draft (the old one is left as it was), so the page keeps
an undo history by keeping the drafts.
"""

from __future__ import annotations

import copy
import json
from typing import Any

from .game import IllegalMove
from .i18n import DEFAULT, LANGUAGES, Msg, msg
from .record import RecordError, check_record, replay
from .scenario import FORMAT, Scenario, ScenarioError, Step, Task, check_scenario, load_scenario

Draft = dict[str, Any]
CHECK_KINDS = ("move", "legal", "score", "majority")


def new_draft(game: str, players: int, seed: int, options: dict[str, Any] | None = None) -> Draft:
    """A new game's first position, one step showing it."""
    record = check_record({"game": game, "players": players, "options": options or {}, "seed": seed, "moves": []})
    draft = {"scenario": FORMAT, "title": {DEFAULT: ""}, **record, "steps": [{"at": 0}], "tasks": []}
    try:
        position(draft, 0)  # the game's own check of players and options, with the rule broken
    except RecordError as e:
        raise ScenarioError(*e.args) from None
    return draft


def from_record(record: dict[str, Any]) -> Draft:
    """A game record (a saved game, a share link's record): its last position, one step there."""
    checked = check_record(record)
    return {
        "scenario": FORMAT,
        "title": {DEFAULT: ""},
        **checked,
        "steps": [{"at": len(checked["moves"])}],
        "tasks": [],
    }


def from_scenario(source: str) -> Draft:
    """A scenario file's text, checked against the rules, as a draft."""
    scenario = load_scenario(source)
    check_scenario(scenario)
    return to_data(scenario)


def to_data(scenario: Scenario) -> Draft:
    """The scenario as JSON data: what load_scenario reads back to an equal Scenario."""
    data: Draft = {"scenario": FORMAT}
    if scenario.title is not None:
        data["title"] = copy.deepcopy(scenario.title)
    data.update({k: copy.deepcopy(v) for k, v in scenario.record.items()})
    if scenario.viewer is not None:
        data["viewer"] = scenario.viewer + 1
    if scenario.setup:
        data["setup"] = copy.deepcopy(list(scenario.setup))
    data["steps"] = [_step_data(s) for s in scenario.steps]
    data["tasks"] = [_task_data(t) for t in scenario.tasks]
    return data


def _step_data(step: Step) -> dict[str, Any]:
    out: dict[str, Any] = {"at": step.at}
    if step.caption is not None:
        out["caption"] = copy.deepcopy(step.caption)
    if step.highlight:
        out["highlight"] = list(step.highlight)
    if step.arrows:
        out["arrows"] = [list(a) for a in step.arrows]
    if step.scores:
        out["scores"] = True
    return out


def _task_data(task: Task) -> dict[str, Any]:
    out: dict[str, Any] = {"at": task.at, "ask": copy.deepcopy(task.ask), "check": copy.deepcopy(task.check)}
    if task.answer is not None:
        out["answer"] = task.answer
    for key in ("right", "wrong"):
        if getattr(task, key) is not None:
            out[key] = copy.deepcopy(getattr(task, key))
    return out


def scenario_of(draft: Draft) -> Scenario:
    """The draft as a Scenario (its shape checked, not yet its moves and ids)."""
    return load_scenario(json.dumps(draft, ensure_ascii=False))


def export(draft: Draft) -> str:
    """The scenario file's text; ScenarioError says what `scenario check` would refuse."""
    text = _text(draft)
    check_scenario(load_scenario(text))
    return text


def _text(draft: Draft) -> str:
    return json.dumps(draft, ensure_ascii=False, indent=1) + "\n"


TEXTS = ("title", "caption", "ask", "right", "wrong")


def without_texts(value: Any) -> Any:
    """The draft with its words taken out: what `check_scenario`'s verdict depends on
    (a text's words change no position, board id or answer; their shape, a string or
    an object of languages, is `load_scenario`'s to check)."""
    if isinstance(value, dict):
        return {k: without_texts(v) for k, v in value.items() if k not in TEXTS}
    if isinstance(value, list):
        return [without_texts(v) for v in value]
    return value


class Exporter:
    """`export` for an editor, which asks after every edit: `check_scenario` (it replays
    and draws every step and task, some 40 ms in CPython, more in the page) runs again
    only when the draft changed beyond its words, not at each keystroke of a caption."""

    def __init__(self) -> None:
        self.checked: str | None = None  # without_texts of the draft last checked
        self.refusal: ScenarioError | None = None  # what that check refused, if anything

    def export(self, draft: Draft) -> str:
        text = _text(draft)
        scenario = load_scenario(text)  # the words' shape and lengths, every time
        key = json.dumps(without_texts(draft), sort_keys=True)
        if key != self.checked:
            try:
                check_scenario(scenario)
                self.refusal = None
            except ScenarioError as e:
                self.refusal = e
            self.checked = key
        if self.refusal is not None:
            raise self.refusal
        return text


def _edit(draft: Draft) -> Draft:
    return copy.deepcopy(draft)


def play(draft: Draft, at: int, move_text: str) -> Draft:
    """The move played at position `at`: the moves after it are replaced by this one.
    Refused while a step or task shows a position that would be lost."""
    later = [s["at"] for s in [*draft["steps"], *draft["tasks"]] if s["at"] > at]
    if later:
        raise ScenarioError(
            msg("a step or task shows the position after {n} moves: delete it before playing here", n=max(later))
        )
    game, state = position(draft, at)
    try:
        move = game.parse_move(move_text)
        game.apply(state, move)  # raises IllegalMove, with the rule it breaks
    except IllegalMove as e:
        raise ScenarioError(e.message) from None
    out = _edit(draft)
    out["moves"] = [*draft["moves"][:at], str(move)]
    return out


def add_step(draft: Draft, index: int, at: int) -> Draft:
    """A new step showing position `at`, placed after step `index` (-1: first)."""
    out = _edit(draft)
    out["steps"].insert(index + 1, {"at": at})
    return out


def delete_step(draft: Draft, index: int) -> Draft:
    if len(draft["steps"]) <= 1:
        raise ScenarioError(msg("a scenario shows at least one step"))
    out = _edit(draft)
    del out["steps"][index]
    return out


def toggle_highlight(draft: Draft, index: int, part: str) -> Draft:
    out = _edit(draft)
    step = out["steps"][index]
    marks = step.get("highlight", [])
    step["highlight"] = [p for p in marks if p != part] if part in marks else [*marks, part]
    if not step["highlight"]:
        del step["highlight"]
    return out


def toggle_arrow(draft: Draft, index: int, start: str, end: str) -> Draft:
    """An arrow from one part to another on step `index`; the same arrow again takes it off."""
    if start == end:
        raise ScenarioError(msg("an arrow goes from one board id to another"))
    out = _edit(draft)
    step = out["steps"][index]
    arrows = step.get("arrows", [])
    step["arrows"] = [a for a in arrows if a != [start, end]] if [start, end] in arrows else [*arrows, [start, end]]
    if not step["arrows"]:
        del step["arrows"]
    return out


def set_scores(draft: Draft, index: int, on: bool) -> Draft:
    out = _edit(draft)
    if on:
        out["steps"][index]["scores"] = True
    else:
        out["steps"][index].pop("scores", None)
    return out


def set_setup(draft: Draft, edits: Any) -> Draft:
    """The setup edits made to the new game before the moves (the game's `setup_edits`,
    for a position no game reaches easily): the moves must still replay after them."""
    if not isinstance(edits, list) or not all(isinstance(e, dict) and isinstance(e.get("edit"), str) for e in edits):
        raise ScenarioError(msg('setup[{i}]: an edit is an object with its name in "edit"', i=0))
    out = _edit(draft)
    if edits:
        out["setup"] = copy.deepcopy(edits)
    else:
        out.pop("setup", None)
    try:
        position(out, len(out["moves"]))
    except RecordError as e:  # a move the new start makes illegal: the record's own words
        raise ScenarioError(*e.args) from None
    return out


def set_viewer(draft: Draft, seat: int | None) -> Draft:
    """Whose hidden cards the reader sees (a seat from 1), or nobody's (None)."""
    if seat is not None and not 1 <= seat <= draft["players"]:
        raise ScenarioError(msg("'viewer' must be a seat from 1 to {n}", n=draft["players"]))
    out = _edit(draft)
    if seat is None:
        out.pop("viewer", None)
    else:
        out["viewer"] = seat
    return out


def set_text(value: Any, lang: str, words: str) -> Any:
    """A TEXT with `lang`'s words set (an empty text in a language takes it out)."""
    texts = {DEFAULT: value} if isinstance(value, str) else dict(value or {})
    if words:
        texts[lang] = words
    else:
        texts.pop(lang, None)
    if DEFAULT not in texts and texts:
        texts = {DEFAULT: "", **texts}
    return texts or None


def with_text(draft: Draft, where: tuple[str, int] | None, key: str, lang: str, words: str) -> Draft:
    """Set a text: the title (`where` None), a step's caption (("steps", i)) or a
    task's ask, right or wrong (("tasks", i))."""
    out = _edit(draft)
    owner = out if where is None else out[where[0]][where[1]]
    value = set_text(owner.get(key), lang, words)
    if value is None:
        owner.pop(key, None)
    else:
        owner[key] = value
    return out


def missing_languages(value: Any) -> list[str]:
    """The languages a TEXT has no words in (the reader would see English there)."""
    if value is None:
        return list(LANGUAGES)
    if isinstance(value, str):
        return [lang for lang in LANGUAGES if lang != DEFAULT] if value else list(LANGUAGES)
    return [lang for lang in LANGUAGES if not value.get(lang)]


def set_task(draft: Draft, at: int, answer: str, kind: str, region: str | None = None) -> Draft:
    """The task asked at position `at` (made, or changed), its reference move `answer`
    and a check of `kind` built from it: the move itself, any legal move, at least the
    points it scores, or the majority of `region` it wins. A draft that shows nobody's
    hidden cards comes to show the mover's: the reader cannot play from a hand unseen."""
    if kind not in CHECK_KINDS:
        raise ScenarioError(msg("'check' must be an object whose kind is one of {kinds}", kinds=", ".join(CHECK_KINDS)))
    game, state = position(draft, at)
    try:
        move = game.parse_move(answer)
        after = game.apply(state, move)
    except IllegalMove as e:
        raise ScenarioError(e.message) from None
    mover = game.to_move(state)[0]
    if kind == "move":
        check: dict[str, Any] = {"kind": "move", "moves": [answer]}
    elif kind == "legal":
        check = {"kind": "legal"}
    elif kind == "score":
        check = {"kind": "score", "at_least": game.scores(after)[mover] - game.scores(state)[mover]}
    else:
        if region is None:  # the first region the answer wins alone, for the author to change
            region = next((r for r in game.regions(state) if game.majority(after, r) == mover), None)
            if region is None:
                raise ScenarioError(msg("after it, you do not hold that majority alone"))
        if region not in game.regions(state):
            raise ScenarioError(
                msg("{game} has no region {region} to win the majority of", game=Msg(game.title), region=repr(region))
            )
        if game.majority(after, region) != mover:
            raise ScenarioError(msg("after it, you do not hold that majority alone"))
        check = {"kind": "majority", "region": region}
    out = _edit(draft)
    task = next((t for t in out["tasks"] if t["at"] == at), None)
    if task is None:
        task = {"at": at, "ask": {DEFAULT: ""}}
        out["tasks"].append(task)
    task["check"], task["answer"] = check, answer
    if "viewer" not in out:  # the reader plays the mover's move: they must see the mover's hand
        out["viewer"] = mover + 1
    if not any(s["at"] == at for s in out["steps"]):
        out["steps"].append({"at": at})
    return out


def accept_also(draft: Draft, at: int, move_text: str) -> Draft:
    """Another move the task at `at` accepts (a check of kind move lists them all)."""
    task = next((t for t in draft["tasks"] if t["at"] == at), None)
    if task is None or task["check"]["kind"] != "move":
        raise ScenarioError(msg("a check of kind move lists the moves it accepts"))
    game, state = position(draft, at)
    try:
        move = game.parse_move(move_text)
        game.apply(state, move)
    except IllegalMove as e:
        raise ScenarioError(e.message) from None
    out = _edit(draft)
    accepted = next(t for t in out["tasks"] if t["at"] == at)["check"]["moves"]
    if str(move) not in accepted:
        accepted.append(str(move))
    return out


def delete_task(draft: Draft, at: int) -> Draft:
    out = _edit(draft)
    out["tasks"] = [t for t in out["tasks"] if t["at"] != at]
    return out


def position(draft: Draft, at: int) -> tuple[Any, Any]:
    """The game and the state after the first `at` moves (the setup edits made first)."""
    return replay(_record(draft), at, _prepare(draft))


def _record(draft: Draft) -> dict[str, Any]:
    return {k: draft[k] for k in ("game", "players", "options", "seed", "moves") if k in draft}


def _prepare(draft: Draft) -> Any:
    if not draft.get("setup"):
        return None
    scenario = Scenario(record=_record(draft), title=None, viewer=None, steps=(), tasks=(), setup=tuple(draft["setup"]))
    return scenario._prepare
