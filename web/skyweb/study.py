"""embed.html?scenario=...: a scenario's steps with their marks and captions, and its
tasks, answered on the board and checked by the engine (pyengine/core/scenario.py).

The step controls are embed.html's own (first, back, slider, forward, last). A step
whose position a task asks about makes the board playable: its targets carry
`data-step` / `data-move` as on the game page, a finished move is graded, and the
verdict says why (the engine's own words for an illegal move). A game whose tiles turn
(``game.rotatable``) shows the chosen tile's places at one rotation; the board's rotate
button (``data-action="rotate"``) turns it, as on the game page.
"""

from __future__ import annotations

from typing import Any

from pyodide.ffi import create_proxy
from pyscript import document, window

from pyengine.core.annotate import annotate
from pyengine.core.game import State, choices
from pyengine.core.i18n import Translator
from pyengine.core.scenario import Scenario, grade, scores_line, steps_shown, text

CLICKABLE = "[data-move],[data-step],[data-unselect],[data-action=rotate]"


def drawing_args(game: Any, win: Any = None) -> dict[str, Any]:
    """What render() is asked for in embed.html's frame (or `win`): a page taller than
    wide (a phone held upright, a tall iframe) gets the game's portrait drawing, where
    it has one. The page's shape, not the frame's: the words under the board change its
    frame from step to step, and the drawing should not turn with them."""
    win = win or window
    upright = win.innerHeight > win.innerWidth * 1.1
    return {"portrait": True} if upright and game.portrait else {}


class StepControls:
    """embed.html's step controls (first, back, slider, forward, last; the arrow keys,
    Home and End) driving `go(k)` from the step shown now (`index`). They live in `doc`:
    this page's document, or a sibling view.html frame's that borrows this page's
    engine to answer a task (embed.py's `lend`)."""

    index = 0
    doc: Any = document

    def el(self, element_id: str) -> Any:
        return self.doc.getElementById(element_id)

    def go(self, k: int) -> None:
        raise NotImplementedError

    def bind_controls(self, labels: tuple[str, str, str, str], slider: str) -> None:
        self._click = create_proxy(self.on_click)
        self._input = create_proxy(self.on_input)
        self._key = create_proxy(self.on_key)
        self.el("embed-controls").addEventListener("click", self._click)
        self.el("embed-controls").addEventListener("input", self._input)
        self.doc.addEventListener("keydown", self._key)
        for action, label in zip(("first", "back", "forward", "last"), labels):
            button = self.doc.querySelector(f"[data-embed={action}]")
            button.setAttribute("aria-label", label)
            button.setAttribute("title", label)
        self.el("embed-slider").setAttribute("aria-label", slider)

    def show_controls(self, k: int, last: int, shown: str) -> None:
        """The controls at `k` of 0..`last`, the position written as `shown` ("3 / 12")."""
        self.el("embed-pos").textContent = shown
        self.el("embed-slider").max = str(last)
        self.el("embed-slider").value = str(k)
        for action, disabled in (("first", k == 0), ("back", k == 0), ("forward", k == last), ("last", k == last)):
            self.doc.querySelector(f"[data-embed={action}]").disabled = disabled

    def on_click(self, event: Any) -> None:
        button = event.target.closest("[data-embed]")
        if button:  # go() keeps k within the steps: "last" may overshoot
            k = self.index
            self.go({"first": 0, "back": k - 1, "forward": k + 1, "last": 1 << 30}[str(button.dataset.embed)])

    def on_input(self, event: Any) -> None:
        if event.target.id == "embed-slider":
            self.go(int(event.target.value))

    def on_key(self, event: Any) -> None:
        key = str(event.key)
        if key in ("ArrowLeft", "ArrowRight", "Home", "End") and not event.target.closest("input"):
            k = self.index
            self.go({"ArrowLeft": k - 1, "ArrowRight": k + 1, "Home": 0, "End": 1 << 30}[key])


class Study(StepControls):
    """The board and step controls of embed.html (and learn.html), showing one scenario
    at a time (`show`)."""

    def __init__(self, lang: str, doc: Any = None) -> None:
        self.lang = lang
        if doc is not None:
            self.doc = doc
        T = Translator(lang)
        self.bind_controls(
            (T("First step"), T("One step back"), T("One step forward"), T("Last step")), T("Step of the scenario")
        )
        self._board_click = create_proxy(self.on_board_click)
        self.el("embed-board").addEventListener("click", self._board_click)

    @property
    def index(self) -> int:
        return self.k

    def show(self, scenario: Scenario) -> None:
        self.scenario = scenario
        self.steps = steps_shown(scenario)
        self.k = 0
        self.selected: tuple[str, ...] = ()
        self.rotation = 0  # the chosen tile's rotation asked for (rotatable games)
        self.verdicts: dict[int, tuple[bool, str]] = {}  # task index -> the last answer's verdict
        self.positions: dict[int, State] = {}
        self.game = scenario.position(0)[0]
        T = Translator(self.lang)
        self.names = [T("Player {n}", n=p + 1) for p in range(scenario.record["players"])]
        self.draw()

    def position(self, at: int) -> State:
        if at not in self.positions:
            self.positions[at] = self.scenario.position(at)[1]
        return self.positions[at]

    def task(self) -> int | None:
        """The task asked at this step, if any (the first one at its position)."""
        at = self.steps[self.k].at
        return next((i for i, t in enumerate(self.scenario.tasks) if t.at == at), None)

    def draw(self) -> None:
        T = Translator(self.lang)
        step, game, viewer = self.steps[self.k], self.game, self.scenario.viewer
        state = self.position(step.at)
        task = self.task()
        solved = task is not None and self.verdicts.get(task, (False, ""))[0]
        ch = choices(game, state, self.selected) if task is not None and not solved else None
        turn = {"rotation": self.rotation} if game.rotatable else {}
        svg = game.render(
            game.view(state, viewer),
            viewer,
            choices=ch.tokens if ch else None,
            selected=ch.selected if ch else (),
            names=self.names,
            lang=self.lang,
            **turn,
            **drawing_args(game, self.doc.defaultView),
        )
        self.el("embed-board").innerHTML = annotate(svg, step.highlight, step.arrows)
        caption = text(step.caption, self.lang)
        if step.scores:
            caption = f"{caption} {scores_line(game, state, self.names, self.lang)}".strip()
        self.el("embed-caption").textContent = caption
        self.el("embed-caption").hidden = not caption
        ask = self.el("embed-ask")
        ask.hidden = task is None
        ask.textContent = text(self.scenario.tasks[task].ask, self.lang) if task is not None else ""
        verdict = self.el("embed-verdict")
        ok, words = self.verdicts.get(task, (None, "")) if task is not None else (None, "")
        verdict.textContent = words
        verdict.hidden = not words
        body = self.doc.body
        if ok is None:
            body.removeAttribute("data-verdict")
        else:
            body.setAttribute("data-verdict", "right" if ok else "wrong")
        self.el("embed-note").hidden = not caption and task is None
        self.show_controls(self.k, len(self.steps) - 1, T("{k} / {n}", k=self.k + 1, n=len(self.steps)))
        body.setAttribute("data-position", str(step.at))
        body.setAttribute("data-scenario-step", str(self.k + 1))

    def go(self, k: int) -> None:
        self.k = max(0, min(len(self.steps) - 1, k))
        self.selected, self.rotation = (), 0
        self.draw()

    def answer(self, move: str) -> None:
        task = self.task()
        if task is None:
            return
        self.verdicts[task] = grade(self.scenario, task, move, self.lang)
        self.selected, self.rotation = (), 0
        self.draw()

    def on_board_click(self, event: Any) -> None:
        target = event.target.closest(CLICKABLE)
        if not target:
            return
        data = target.dataset
        if target.hasAttribute("data-move"):
            self.answer(str(data.move))
            return
        if target.hasAttribute("data-action"):
            self.turn_tile(target)
            return
        if target.hasAttribute("data-step"):
            self.selected, self.rotation = (*self.selected, str(data.step)), 0
        else:
            self.selected, self.rotation = tuple(t for t in self.selected if t != str(data.unselect)), 0
        self.draw()

    def turn_tile(self, button: Any = None) -> None:
        """The chosen tile's next rotation after the one shown (the renderer skips the
        rotations without a place), from the rotate button or the R key."""
        if button is None:
            button = self.doc.querySelector("#embed-board [data-action=rotate]")
        if button is not None and self.selected:
            self.rotation = int(button.dataset.rotation or 0) + 1
            self.draw()

    def on_key(self, event: Any) -> None:
        if str(event.key) in ("r", "R") and not event.target.closest("input"):
            self.turn_tile()
        else:
            super().on_key(event)
