"""Scenarios: a position, what to show on it, and what to ask (issue 27).

What a study is to chess players, a scenario is to these games, with one thing more:
the engine checks the reader's move. A scenario is JSON, format version 1:

    {"scenario": 1,
     "title": TEXT,
     "game": "newyork1901", "players": 2, "options": {}, "seed": 7,
     "moves": ["...", ...],
     "viewer": 1,
     "steps": [{"at": 3, "caption": TEXT, "highlight": ["4 5"], "arrows": [["4 5", "6 5"]], "scores": true}],
     "tasks": [{"at": 3, "ask": TEXT, "check": {"kind": "score", "at_least": 2},
                "answer": "...", "right": TEXT, "wrong": TEXT}]}

- The position is a record's beginning (game, players, options, seed, moves): step and
  task positions are "after the first `at` moves" of it, so they replay exactly as a
  record does. `viewer` (1-based, optional) is the seat whose hidden cards are shown.
- `setup` (optional) edits the new game before the moves, for positions no game
  reaches easily: a list of {"edit": name, ...} that the game checks one by one
  (`Game.setup_edits` names them; each game's setup module documents them). An edit
  the game does not take, or one that leaves a position its rules cannot reach, is
  refused with the rule it breaks.
- A TEXT is a string, shown as written in every language, or an object of texts by
  language ({"en": ..., "fr": ..., "zh-Hant": ..., "zh-Hans": ...}; "en" is required
  and stands in for a language it lacks).
- `highlight` and `arrows` name the board's parts by the ids the game's renderer puts
  on them (`data-cell`); an id the board does not show at that step is refused.
- A task's `check` is one of: {"kind": "move", "moves": [...]} (one of these moves),
  {"kind": "legal"} (any legal move), {"kind": "score", "at_least": N} (a move after
  which the player who made it has gained at least N points), {"kind": "majority",
  "region": R} (a move after which that player alone holds the majority of region R,
  one of `Game.regions`). `answer` is a move that passes, and `scenario check` proves it
  does.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import safejson
from .annotate import annotate, boxes, wrap
from .game import Game, IllegalMove, State
from .i18n import DEFAULT, LANGUAGES, Msg, Translator, msg, translate
from .record import RecordError, check_record, replay

FORMAT = 1
# The biggest scenario shipped (pyengine/games/*/scenarios, 2026-11) is 7.8 kB and nests 5
# levels: 1 MB is over a hundred times that, safejson's 64 levels ten times the deepest.
MAX_SCENARIO_BYTES = 1_000_000
MAX_STEPS = 200
MAX_SETUP = 500  # edits before the moves
MAX_TASKS = 50
MAX_IDS = 100  # highlighted parts or arrows on one step
MAX_TEXT = 2_000  # characters of one text in one language
CHECKS = ("move", "legal", "score", "majority")


class ScenarioError(RecordError):
    """A scenario that cannot be shown; the message is one line for a person."""


@dataclass(frozen=True)
class Step:
    at: int
    caption: Any = None  # a TEXT
    highlight: tuple[str, ...] = ()
    arrows: tuple[tuple[str, str], ...] = ()
    scores: bool = False


@dataclass(frozen=True)
class Task:
    at: int
    ask: Any
    check: dict[str, Any]
    answer: str | None = None
    right: Any = None
    wrong: Any = None


@dataclass(frozen=True)
class Scenario:
    record: dict[str, Any]
    title: Any
    viewer: int | None  # 0-based seat
    steps: tuple[Step, ...]
    tasks: tuple[Task, ...]
    setup: tuple[dict[str, Any], ...] = ()

    def position(self, at: int) -> tuple[Game, State]:
        try:
            return replay(self.record, at, self._prepare if self.setup else None)
        except ScenarioError:
            raise
        except RecordError as e:  # an illegal move, an unknown game: the record's words
            raise ScenarioError(*e.args) from None

    def _prepare(self, game: Game, state: State) -> State:
        for i, edit in enumerate(self.setup):
            try:
                state = game.apply_setup(state, edit)
            except IllegalMove as e:
                raise ScenarioError(msg("setup[{i}]: {why}", i=i, why=e.message)) from None
        return state


def steps_shown(scenario: Scenario) -> list[Step]:
    """The steps a reader pages through: the scenario's own, then one for each task at a
    position no step shows (a task is asked on a step at its position)."""
    steps = list(scenario.steps)
    for task in scenario.tasks:
        if not any(step.at == task.at for step in steps):
            steps.append(Step(task.at))
    return steps


def text(value: Any, lang: str) -> str:
    """A TEXT in `lang`: its own translation, else its English."""
    if isinstance(value, dict):
        return str(value.get(lang) or value.get(DEFAULT) or "")
    return "" if value is None else str(value)


def load_scenario(source: str) -> Scenario:
    """Parse and check a scenario's shape; ScenarioError says in one line what is wrong.
    The moves and the board ids are checked against the rules by `check_scenario`."""
    try:
        data = safejson.loads(source, MAX_SCENARIO_BYTES)
    except safejson.JsonRefused as e:  # too long, too deep, not text: refused before json.loads
        if e.kind == "size":
            raise ScenarioError(
                msg("the file is {mb} MB; a scenario is far smaller", mb=f"{len(source) / 1e6:.1f}")
            ) from None
        raise ScenarioError(msg("not a scenario: it holds huge numbers or deep nesting")) from None
    except ValueError as e:  # json.JSONDecodeError
        what, line = getattr(e, "msg", str(e)), getattr(e, "lineno", 1)
        raise ScenarioError(msg("not a JSON scenario ({what} at line {line})", what=what, line=line)) from None
    if not isinstance(data, dict) or data.get("scenario") != FORMAT:
        raise ScenarioError(msg('not a scenario: expected an object with "scenario": {n}', n=FORMAT))
    try:
        record = check_record({k: data[k] for k in ("game", "players", "options", "seed", "moves") if k in data})
    except RecordError as e:  # the same words, as the scenario's error
        raise ScenarioError(*e.args) from None
    moves = len(record["moves"])
    viewer = data.get("viewer")
    if viewer is not None and (not _whole(viewer) or not 1 <= viewer <= record["players"]):
        raise ScenarioError(msg("'viewer' must be a seat from 1 to {n}", n=record["players"]))
    steps = _list(data, "steps", MAX_STEPS)
    tasks = _list(data, "tasks", MAX_TASKS)
    setup = _list(data, "setup", MAX_SETUP)
    for i, edit in enumerate(setup):
        if not isinstance(edit, dict) or not isinstance(edit.get("edit"), str):
            raise ScenarioError(msg('setup[{i}]: an edit is an object with its name in "edit"', i=i))
    return Scenario(
        record=record,
        title=_text(data.get("title"), "title"),
        viewer=None if viewer is None else viewer - 1,
        steps=tuple(_step(s, f"steps[{i}]", moves) for i, s in enumerate(steps)) or (Step(moves),),
        tasks=tuple(_task(t, f"tasks[{i}]", moves) for i, t in enumerate(tasks)),
        setup=tuple(setup),
    )


def check_scenario(scenario: Scenario) -> dict[str, Any]:
    """Replay every step and task, refuse ids the board does not show and answers that
    do not pass their check; returns a report (what `scenario check` prints)."""
    report: dict[str, Any] = {
        "game": scenario.record["game"],
        "players": scenario.record["players"],
        "moves": len(scenario.record["moves"]),
        "steps": [],
        "tasks": [],
    }
    for i, step in enumerate(scenario.steps):
        game, state = scenario.position(step.at)
        shown = board_ids(game, state, scenario.viewer)
        named = [*step.highlight, *(end for arrow in step.arrows for end in arrow)]
        unknown = sorted({n for n in named if n not in shown})
        if unknown:
            raise ScenarioError(
                msg("steps[{i}]: the board has no part {id} after {at} moves", i=i, id=repr(unknown[0]), at=step.at)
            )
        report["steps"].append({"at": step.at, "highlight": len(step.highlight), "arrows": len(step.arrows)})
    for i, task in enumerate(scenario.tasks):
        game, state = scenario.position(task.at)
        if game.is_over(state):
            raise ScenarioError(msg("tasks[{i}]: the game is over after {at} moves", i=i, at=task.at))
        if task.check["kind"] == "majority" and task.check["region"] not in game.regions(state):
            raise ScenarioError(
                msg(
                    "tasks[{i}]: {game} has no region {region} to win the majority of",
                    i=i,
                    game=Msg(game.title),
                    region=repr(task.check["region"]),
                )
            )
        if task.answer is not None:
            ok, why = grade(scenario, i, task.answer)
            if not ok:
                raise ScenarioError(
                    msg(
                        "tasks[{i}]: its answer {move} fails its own check: {why}", i=i, move=repr(task.answer), why=why
                    )
                )
        report["tasks"].append({"at": task.at, "check": task.check["kind"], "answer": task.answer})
    return report


def grade(scenario: Scenario, index: int, move_text: str, lang: str = DEFAULT) -> tuple[bool, str]:
    """Whether `move_text` does what task `index` asks, and the words that say so (an
    illegal move gets the engine's own reason, in `lang`)."""
    task = scenario.tasks[index]
    game, state = scenario.position(task.at)
    try:
        move = game.parse_move(move_text)
        after = game.apply(state, move)
    except IllegalMove as e:
        return False, translate(e.message, lang)
    kind = task.check["kind"]
    if kind == "move":
        ok = any(_same_move(game, move, other) for other in task.check["moves"])
        why = None if ok else msg("a legal move, but not the one asked for")
    elif kind == "score":
        mover = game.to_move(state)[0]
        gained = game.scores(after)[mover] - game.scores(state)[mover]
        ok = gained >= task.check["at_least"]
        need = task.check["at_least"]
        if ok:
            why = None
        elif game.points_text(gained) != str(gained):  # Chinatown's dollars: "it earns $4,000"
            why = msg(
                "it earns {amount}, and at least {need} was asked for",
                amount=game.points_text(gained),
                need=game.points_text(need),
            )
        else:
            why = msg("it scores {n}, and at least {need} was asked for", n=gained, need=need)
    elif kind == "majority":
        region = task.check["region"]
        ok = game.majority(after, region) == game.to_move(state)[0]
        why = None if ok else msg("after it, you do not hold that majority alone")
    else:  # legal
        ok, why = True, None
    said = text(task.right if ok else task.wrong, lang)
    reason = _sentence(translate(why, lang), lang) if why else ""
    return ok, ("" if lang.startswith("zh") else " ").join(part for part in (said, reason) if part)


def _sentence(words: str, lang: str) -> str:
    """A reason (written to follow a rule's name) as a sentence after the task's words."""
    words = words[:1].upper() + words[1:]
    return words if words[-1:] in ".!?。！？" else words + ("。" if lang.startswith("zh") else ".")


def render_step(scenario: Scenario, index: int, lang: str = DEFAULT, portrait: bool = False) -> str:
    """Step `index`'s board as a standalone SVG, with its marks, its caption and, if it
    asks for them, the scores under it (`python -m pyengine render --scenario`)."""
    step = scenario.steps[index]
    game, state = scenario.position(step.at)
    T = Translator(lang)
    names = [T("Player {n}", n=p + 1) for p in range(scenario.record["players"])]
    svg = game.render(
        game.view(state, scenario.viewer),
        scenario.viewer,
        names=names,
        lang=lang,
        **({"portrait": True} if portrait else {}),
    )
    lines = wrap(text(step.caption, lang))
    if step.scores:
        lines.append(scores_line(game, state, names, lang))
    return annotate(svg, step.highlight, step.arrows, [line for line in lines if line])


def scores_line(game: Game, state: State, names: list[str], lang: str = DEFAULT) -> str:
    """Every seat's score in one line ("Player 1: 4 points · Player 2: 7 points")."""
    T = Translator(lang)

    def points(value: int) -> str:
        shown = game.points_text(value)  # Chinatown writes its dollars; the others a number
        return T("{n} points", n=value) if shown == str(value) else shown

    return " · ".join(
        T("{name}: {points}", name=name, points=points(value)) for name, value in zip(names, game.scores(state))
    )


def board_ids(game: Game, state: State, viewer: int | None) -> set[str]:
    """The ids of the parts the game's renderer draws for this position: those whose box
    annotate() finds, so that an id a scenario may name is one its marks can be drawn on."""
    return set(boxes(game.render(game.view(state, viewer), viewer)))


def _same_move(game: Game, move: Any, text_: str) -> bool:
    try:
        return game.parse_move(text_) == move
    except IllegalMove:
        return False


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _list(data: dict[str, Any], key: str, limit: int) -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise ScenarioError(msg("'{key}' must be a list", key=key))
    if len(value) > limit:
        raise ScenarioError(msg("'{key}' has {n} entries; at most {limit}", key=key, n=len(value), limit=limit))
    return value


def _at(item: dict[str, Any], where: str, moves: int) -> int:
    at = item.get("at", moves)
    if not _whole(at) or not 0 <= at <= moves:
        raise ScenarioError(msg("{where}: 'at' must be a number of moves from 0 to {n}", where=where, n=moves))
    return at


def _text(value: Any, where: str) -> Any:
    if value is None:
        return None
    if isinstance(value, str):
        texts = {DEFAULT: value}
    elif isinstance(value, dict) and DEFAULT in value:
        texts = value
    else:
        raise ScenarioError(
            msg('{where}: a text is a string or an object of texts by language, with "en"', where=where)
        )
    for lang, words in texts.items():
        if lang not in LANGUAGES or not isinstance(words, str):
            raise ScenarioError(
                msg(
                    "{where}: {lang} is not one of the languages ({known})",
                    where=where,
                    lang=repr(lang),
                    known=", ".join(LANGUAGES),
                )
            )
        if len(words) > MAX_TEXT:
            raise ScenarioError(
                msg("{where}: a text of {n} characters; at most {limit}", where=where, n=len(words), limit=MAX_TEXT)
            )
    return value


def _ids(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value) or len(value) > MAX_IDS:
        raise ScenarioError(msg("{where}: a list of at most {limit} board ids", where=where, limit=MAX_IDS))
    return tuple(value)


def _step(item: Any, where: str, moves: int) -> Step:
    if not isinstance(item, dict):
        raise ScenarioError(msg("{where}: expected an object", where=where))
    arrows = item.get("arrows", [])
    if not isinstance(arrows, list) or len(arrows) > MAX_IDS:
        raise ScenarioError(msg("{where}: a list of at most {limit} board ids", where=f"{where}.arrows", limit=MAX_IDS))
    pairs = tuple(_ids(a, f"{where}.arrows") for a in arrows)
    if any(len(p) != 2 for p in pairs):
        raise ScenarioError(msg("{where}: an arrow goes from one board id to another", where=f"{where}.arrows"))
    return Step(
        at=_at(item, where, moves),
        caption=_text(item.get("caption"), f"{where}.caption"),
        highlight=_ids(item.get("highlight", []), f"{where}.highlight"),
        arrows=tuple((a, b) for a, b in pairs),
        scores=item.get("scores") is True,
    )


def _task(item: Any, where: str, moves: int) -> Task:
    if not isinstance(item, dict):
        raise ScenarioError(msg("{where}: expected an object", where=where))
    check = item.get("check")
    if not isinstance(check, dict) or check.get("kind") not in CHECKS:
        raise ScenarioError(
            msg("{where}: 'check' must be an object whose kind is one of {kinds}", where=where, kinds=", ".join(CHECKS))
        )
    if check["kind"] == "move" and (
        not isinstance(check.get("moves"), list)
        or not check["moves"]
        or not all(isinstance(m, str) for m in check["moves"])
    ):
        raise ScenarioError(msg("{where}: a check of kind move lists the moves it accepts", where=where))
    if check["kind"] == "score" and not _whole(check.get("at_least")):
        raise ScenarioError(msg("{where}: a check of kind score gives the points as at_least", where=where))
    if check["kind"] == "majority" and not isinstance(check.get("region"), str):
        raise ScenarioError(msg("{where}: a check of kind majority names its region", where=where))
    answer = item.get("answer")
    if answer is not None and not isinstance(answer, str):
        raise ScenarioError(msg("{where}: 'answer' must be a move's text", where=where))
    if item.get("ask") is None:
        raise ScenarioError(msg("{where}: a task says what it asks ('ask')", where=where))
    return Task(
        at=_at(item, where, moves),
        ask=_text(item["ask"], f"{where}.ask"),
        check=check,
        answer=answer,
        right=_text(item.get("right"), f"{where}.right"),
        wrong=_text(item.get("wrong"), f"{where}.wrong"),
    )
