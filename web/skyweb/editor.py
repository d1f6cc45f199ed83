"""study.html: the study editor (issue 49). A study is written by clicking on the board,
as lichess studies are: play moves to reach a position, add a step there, tap parts to
highlight them, drag (or tap one, then another) for an arrow, write the caption in each
language, make a task by playing its reference move. The model is pyengine/core/draft.py
(pure, tested in CPython); this module only draws it and turns clicks into its edits.

Marks for tests (the UI testing contract, with the editor's own): the board's targets
carry `data-move` / `data-step` while a tool plays moves, and its parts `data-cell`;
the editor's controls carry `data-ed` (an action), `data-tool` (a tool) and
`data-ed-step` (a step to edit). Every edit is saved in localStorage at once.
"""

from __future__ import annotations

import asyncio
import io
import json
import zipfile
from html import escape
from typing import Any

from pyodide.ffi import create_proxy, to_js
from pyscript import document, window

from pyengine import GAMES, load_game
from pyengine.core import draft as d
from pyengine.core.annotate import annotate
from pyengine.core.bake import bake, link_word
from pyengine.core.game import IllegalMove, choices
from pyengine.core.i18n import LANGUAGES, Translator, translate
from pyengine.core.record import RecordError, load_record
from pyengine.core.scenario import ScenarioError, render_step, scores_line, text

from . import parts
from .dom import el, js_object, page_language
from .params import parse_query
from .study import CLICKABLE, StepControls, drawing_args

SAVE_KEY = "skyline.study"
UNDO_LIMIT = 200  # edits kept for Undo
LANGUAGE_NAMES = {"en": "English", "fr": "Français", "zh-Hant": "繁體中文", "zh-Hans": "简体中文"}
TOOLS = ("play", "highlight", "arrow")


class Editor(StepControls):
    """The editor: a draft, the position shown (`pos`), the step being edited (`step`),
    the tool in hand; `edit(new_draft)` is the one place an edit lands (saved, redrawn)."""

    def __init__(self, draft: d.Draft, lang: str, pos: int | None = None, step: int = 0) -> None:
        self.lang = lang
        self.T = Translator(lang)
        self.draft = draft
        self.step = min(step, len(draft["steps"]) - 1)
        self.pos = draft["steps"][self.step]["at"] if pos is None else pos
        self.tool = "play"
        # "answer": the next move played is the task's answer, not a move of the game;
        # "also": one more move its check accepts; "": moves are the game's.
        self.answering = ""
        self.selected: tuple[str, ...] = ()
        self.rotation = 0
        self.pending: str | None = None  # an arrow's first part, tapped
        self.pressed: str | None = None  # the part a pointer went down on (a drag for an arrow)
        self.dragged = False
        self.message = ""
        self.history: list[tuple[d.Draft, str]] = []  # the drafts before each edit, for Undo
        self.positions: dict[str, Any] = {}  # replayed positions (state())
        self.exporter = d.Exporter()  # checks the scenario again only when more than words changed
        T = self.T
        self.bind_controls(
            (T("First position"), T("One move back"), T("One move forward"), T("Last position")),
            T("Position in the game"),
        )
        self._proxies = [
            create_proxy(self.on_board_click),
            create_proxy(self.on_panel_click),
            create_proxy(self.on_panel_input),
            create_proxy(self.on_pointer_down),
            create_proxy(self.on_pointer_up),
            create_proxy(self.on_file),
        ]
        board_click, panel_click, panel_input, down, up, file_ = self._proxies
        el("embed-board").addEventListener("click", board_click)
        el("embed-board").addEventListener("pointerdown", down)
        el("embed-board").addEventListener("pointerup", up)
        el("ed-panel").addEventListener("click", panel_click)
        el("ed-panel").addEventListener("change", panel_input)
        el("ed-panel").addEventListener("input", panel_input)
        el("ed-file").addEventListener("change", file_)
        self.render_panel()
        self.draw()

    # ---- the model --------------------------------------------------------------------

    @property
    def index(self) -> int:
        return self.pos

    @property
    def game(self) -> Any:
        return load_game(self.draft["game"])

    def state(self, at: int) -> Any:
        """The position after `at` moves, replayed once per position (a redraw comes with
        every click; a whole game's record is a few hundred moves to replay)."""
        draft = self.draft
        key = json.dumps(
            [
                at,
                draft["moves"][:at],
                draft.get("setup"),
                draft["game"],
                draft["players"],
                draft.get("seed"),
                draft.get("options"),
            ]
        )
        if key not in self.positions:
            if len(self.positions) > 64:
                self.positions.clear()
            self.positions[key] = d.position(draft, at)[1]
        return self.positions[key]

    def viewer(self) -> int | None:
        return self.draft["viewer"] - 1 if self.draft.get("viewer") else None

    def current_step(self) -> dict[str, Any] | None:
        """The step being edited, if it shows the position on the board."""
        step = self.draft["steps"][self.step]
        return step if step["at"] == self.pos else None

    def task(self) -> int | None:
        return next((i for i, t in enumerate(self.draft["tasks"]) if t["at"] == self.pos), None)

    def edit(self, new: d.Draft, panel: bool = True, kind: str = "") -> None:
        """The one place an edit lands: kept, saved, the panel and board redrawn. The
        draft it replaces goes on the undo list; the keystrokes of a text make one edit."""
        if not (kind == "text" and self.history and self.history[-1][1] == "text"):
            self.history.append((self.draft, kind))
            del self.history[:-UNDO_LIMIT]
        self.draft = new
        self.step = min(self.step, len(new["steps"]) - 1)
        self.message = ""
        self.save()
        if panel:
            self.render_panel()
        else:  # the panel stays (a mark made, a text typed): Undo comes alive, the export follows
            document.querySelector("[data-ed=undo]").disabled = False
            self.render_export()
        if kind == "text":  # words change no position or mark: the board stays as drawn
            self.draw_words()
        else:
            self.draw()

    def attempt(self, change: Any, panel: bool = True, kind: str = "") -> None:
        """Run an edit; a refused one leaves the draft as it was and says why."""
        try:
            self.edit(change(), panel, kind)
        except (ScenarioError, IllegalMove, RecordError, ValueError) as e:
            if panel:  # a menu or box the author just changed goes back to what the draft holds
                self.render_panel()
            self.message = translate(e.args[0], self.lang) if e.args else str(e)
            self.render_status()

    def save(self) -> None:
        try:
            window.localStorage.setItem(SAVE_KEY, json.dumps({"draft": self.draft, "pos": self.pos, "step": self.step}))
        except Exception:  # storage off (a private window, a frame of another site): the page still works
            pass

    # ---- drawing -----------------------------------------------------------------------

    def draw(self) -> None:
        T, game = self.T, self.game
        state = self.state(self.pos)
        playing = self.tool == "play" and not game.is_over(state)
        # Playing, the author plays every seat and sees the hand of the one to move; the
        # marks are drawn on what the reader will see (the scenario's viewer).
        viewer = game.to_move(state)[0] if playing else self.viewer()
        ch = choices(game, state, self.selected) if playing else None
        turn = {"rotation": self.rotation} if game.rotatable else {}
        names = [T("Player {n}", n=p + 1) for p in range(self.draft["players"])]
        svg = game.render(
            game.view(state, viewer),
            viewer,
            choices=ch.tokens if ch else None,
            selected=ch.selected if ch else (),
            names=names,
            lang=self.lang,
            **turn,
            **drawing_args(game),
        )
        step = self.current_step()
        if step is not None:
            marks = list(step.get("highlight", []))
            if self.pending:
                marks.append(self.pending)
            svg = annotate(svg, marks, [tuple(a) for a in step.get("arrows", [])])
        el("embed-board").innerHTML = svg
        self.draw_words()
        n = len(self.draft["moves"])
        self.show_controls(self.pos, n, T("{k} / {n}", k=self.pos, n=n))
        body = document.body
        body.setAttribute("data-position", str(self.pos))
        body.setAttribute("data-tool", self.tool)
        body.setAttribute("data-ed-editing", str(self.step + 1) if step is not None else "")
        if self.answering:
            body.setAttribute("data-answering", self.answering)
        else:
            body.removeAttribute("data-answering")

    def draw_words(self) -> None:
        """The caption (and scores) and the question under the board."""
        step = self.current_step()
        caption = text(step.get("caption"), self.lang) if step else ""
        if step and step.get("scores"):
            names = [self.T("Player {n}", n=p + 1) for p in range(self.draft["players"])]
            caption = f"{caption} {scores_line(self.game, self.state(self.pos), names, self.lang)}".strip()
        el("embed-caption").textContent = caption
        el("embed-caption").hidden = not caption
        t = self.task()
        el("embed-ask").textContent = text(self.draft["tasks"][t].get("ask"), self.lang) if t is not None else ""
        el("embed-ask").hidden = t is None
        el("embed-note").hidden = not caption and t is None

    def render_status(self) -> None:
        el("ed-message").textContent = self.message
        el("ed-message").hidden = not self.message

    def render_panel(self) -> None:
        """The panel from the draft (every control's state written here, nowhere else)."""
        T, draft = self.T, self.draft
        html: list[str] = []
        # Where a study starts.
        options = "".join(
            f'<option value="{g}"{" selected" if g == draft["game"] else ""}>{escape(T(load_game(g).title))}</option>'
            for g in GAMES
        )
        html.append(
            f'<details class="ed-box" id="ed-start"><summary>{escape(T("Start again from…"))}</summary>'
            f'<label>{escape(T("Game"))} <select id="ed-game">{options}</select></label>'
            f'<label>{escape(T("Players"))} <input id="ed-players" type="number" min="1" max="6" value="{draft["players"]}"></label>'
            f'<label>{escape(T("Seed"))} <input id="ed-seed" type="number" value="{draft.get("seed", 1)}"></label>'
            f"<label>{escape(T('Options (JSON; the game names its options: {names})', names=', '.join(o['name'] for o in self.game.option_schema())))} "
            f'<input id="ed-options" value="{escape(json.dumps(draft.get("options", {})), quote=True)}"></label>'
            f'<button type="button" data-ed="new">{escape(T("A new game"))}</button>'
            f"<label>{escape(T('A scenario file or a saved game (.json)'))} </label>"
            f'<button type="button" data-ed="open">{escape(T("Open a file…"))}</button>'
            f'<label for="ed-paste">{escape(T("Or paste a scenario, a scenario link or a share link"))}</label>'
            f'<textarea id="ed-paste" rows="2"></textarea>'
            f'<button type="button" data-ed="paste">{escape(T("Open what is pasted"))}</button>'
            f'<label for="ed-setup">{escape(T("Setup edits before the moves (JSON; the game names its edits: {edits})", edits=", ".join(self.game.setup_edits)))}</label>'
            f'<textarea id="ed-setup" rows="3">{escape(json.dumps(draft.get("setup", [])))}</textarea>'
            f'<button type="button" data-ed="setup">{escape(T("Apply the setup edits"))}</button></details>'
        )
        html.append(
            f'<p class="ed-undo"><button type="button" data-ed="undo"{"" if self.history else " disabled"}>'
            f"{escape(T('Undo'))}</button></p>"
        )
        html.append('<p id="ed-message" role="alert" hidden></p>')
        html.append(self._texts_html(T("Title"), None, "title", draft.get("title")))
        seats = [("", T("Nobody's (as a spectator sees the game)"))] + [
            (str(p + 1), T("Player {n}", n=p + 1)) for p in range(draft["players"])
        ]
        seat_options = "".join(
            f'<option value="{v}"{" selected" if str(draft.get("viewer") or "") == v else ""}>{escape(label)}</option>'
            for v, label in seats
        )
        html.append(
            f'<section class="ed-box"><label>{escape(T("Hidden cards shown to the reader"))} '
            f'<select id="ed-viewer">{seat_options}</select></label></section>'
        )
        # The steps.
        steps = "".join(
            f'<button type="button" data-ed-step="{i}" aria-pressed="{"true" if i == self.step else "false"}">'
            f"{escape(T('Step {k}: after {n} moves', k=i + 1, n=s['at']))}</button>"
            for i, s in enumerate(draft["steps"])
        )
        html.append(
            f'<section class="ed-box"><h2>{escape(T("Steps"))}</h2><div id="ed-steps">{steps}</div>'
            f'<button type="button" data-ed="add-step">{escape(T("Add a step at this position"))}</button>'
            f'<button type="button" data-ed="delete-step">{escape(T("Delete this step"))}</button></section>'
        )
        # The tools and the step's words.
        tools = "".join(
            f'<button type="button" data-tool="{tool}" aria-pressed="{"true" if tool == self.tool else "false"}">'
            f"{escape(label)}</button>"
            for tool, label in zip(TOOLS, (T("Play moves"), T("Highlight"), T("Arrow")))
        )
        step = draft["steps"][self.step]
        html.append(
            f'<section class="ed-box"><h2>{escape(T("Step {k}", k=self.step + 1))}</h2>'
            f'<div class="ed-tools" role="group" aria-label="{escape(T("Tools"))}">{tools}</div>'
            f'<p class="ed-hint">{escape(self._hint())}</p>'
            f'<label><input type="checkbox" id="ed-scores"{" checked" if step.get("scores") else ""}> '
            f"{escape(T('Show the scores under the caption'))}</label>"
            + self._texts_html(T("Caption"), ("steps", self.step), "caption", step.get("caption"), bare=True)
            + "</section>"
        )
        # The task at this position.
        t = self.task()
        if t is None:
            html.append(
                f'<section class="ed-box"><h2>{escape(T("Task"))}</h2>'
                f'<button type="button" data-ed="task">{escape(T("Make a task here: play its answer on the board"))}</button>'
                "</section>"
            )
        else:
            task = draft["tasks"][t]
            kinds = (
                ("move", T("This move (or another listed)")),
                ("legal", T("Any legal move")),
                ("score", T("At least the points it scores")),
                ("majority", T("The majority it wins")),
            )
            kind_options = "".join(
                f'<option value="{k}"{" selected" if task["check"]["kind"] == k else ""}>{escape(label)}</option>'
                for k, label in kinds
            )
            # The region asked about, for a majority check only (the other checks have none).
            regions = self.game.regions(self.state(self.pos)) if task["check"]["kind"] == "majority" else ()
            region_options = "".join(
                f'<option value="{escape(r)}"{" selected" if task["check"].get("region") == r else ""}>{escape(r)}</option>'
                for r in regions
            )
            html.append(
                f'<section class="ed-box"><h2>{escape(T("Task"))}</h2>'
                f"<p>{escape(T('Answer: {move}', move=task.get('answer', '')))}</p>"
                f'<label>{escape(T("Check"))} <select id="ed-check">{kind_options}</select></label>'
                + (
                    f'<label>{escape(T("Region"))} <select id="ed-region">{region_options}</select></label>'
                    if regions
                    else ""
                )
                + f'<button type="button" data-ed="task">{escape(T("Play another answer"))}</button>'
                + (
                    f'<button type="button" data-ed="task-also">{escape(T("Accept another move too"))}</button>'
                    + f"<p>{escape(T('Accepted: {moves}', moves=', '.join(task['check']['moves'])))}</p>"
                    if task["check"]["kind"] == "move"
                    else ""
                )
                + f'<button type="button" data-ed="delete-task">{escape(T("Delete the task"))}</button>'
                f'<button type="button" data-ed="try">{escape(T("Try it as a reader"))}</button>'
                + self._texts_html(T("Question"), ("tasks", t), "ask", task.get("ask"), bare=True)
                + self._texts_html(T("Said to a right answer"), ("tasks", t), "right", task.get("right"), bare=True)
                + self._texts_html(T("Said to a wrong answer"), ("tasks", t), "wrong", task.get("wrong"), bare=True)
                + "</section>"
            )
        # Export.
        html.append(
            f'<section class="ed-box" id="ed-export"><h2>{escape(T("Export"))}</h2>'
            f'<p id="ed-check-result" role="status"></p>'
            f'<button type="button" data-ed="download">{escape(T("Download the scenario file"))}</button>'
            f'<button type="button" data-ed="svg">{escape(T("Download this step as SVG"))}</button>'
            f'<button type="button" data-ed="svgs">{escape(T("Download every step as SVG (.zip)"))}</button>'
            f'<button type="button" data-ed="bake">{escape(T("Download the baked study for view.html"))}</button>'
            f'<label for="ed-link">{escape(T("Link for embed.html"))}</label><textarea id="ed-link" rows="2" readonly></textarea>'
            f'<label for="ed-snippet">{escape(T("For your page"))}</label><textarea id="ed-snippet" rows="4" readonly></textarea>'
            "</section>"
        )
        el("ed-panel").innerHTML = "".join(html)
        self.render_status()
        self.render_export()

    def _texts_html(self, title: str, where: tuple[str, int] | None, key: str, value: Any, bare: bool = False) -> str:
        """One field per language; a language left empty is flagged (the reader would see English)."""
        T = self.T
        missing = d.missing_languages(value)
        where_attr = "" if where is None else f' data-where="{where[0]}:{where[1]}"'
        rows = []
        for lang in LANGUAGES:
            words = "" if value is None else (value if isinstance(value, str) and lang == "en" else "")
            if isinstance(value, dict):
                words = value.get(lang, "")
            flag = f' <span class="ed-missing">{escape(T("missing"))}</span>' if lang in missing else ""
            rows.append(
                f'<label class="ed-lang">{escape(LANGUAGE_NAMES[lang])}{flag}'
                f'<textarea rows="2" data-text="{key}" data-lang="{lang}"{where_attr} lang="{lang}">{escape(words)}</textarea></label>'
            )
        body = "".join(rows)
        if bare:
            return f'<fieldset class="ed-texts"><legend>{escape(title)}</legend>{body}</fieldset>'
        return f'<section class="ed-box"><h2>{escape(title)}</h2>{body}</section>'

    def _hint(self) -> str:
        T = self.T
        if self.answering == "also":
            return T("Play another move the task accepts.")
        if self.answering:
            return T("Play the task's answer on the board.")
        if self.current_step() is None and self.tool != "play":
            return T(
                "This step shows the position after {n} moves: go there, or add a step here.",
                n=self.draft["steps"][self.step]["at"],
            )
        return {
            "play": T(
                "Play moves on the board to reach a position; a move played before the end replaces the moves after it."
            ),
            "highlight": T("Tap a part of the board to highlight it; tap it again to take it off."),
            "arrow": T("Drag from one part to another, or tap one and then the other, for an arrow."),
        }[self.tool]

    def render_export(self) -> None:
        T = self.T
        try:
            exported = self.exporter.export(self.draft)
        except (ScenarioError, RecordError, IllegalMove) as e:
            el("ed-check-result").textContent = T("Not ready: {why}", why=translate(e.args[0], self.lang))
            document.body.setAttribute("data-ed-check", "refused")
            el("ed-link").value = ""
            el("ed-snippet").value = ""
            return
        self.exported = exported
        el("ed-check-result").textContent = T("The scenario passes its check.")
        document.body.setAttribute("data-ed-check", "passed")
        link = str(window.URL.new("embed.html", window.location.href).href) + f"?scenario={link_word(exported)}"
        if self.lang != "en":
            link += f"&lang={self.lang}"
        el("ed-link").value = link
        title = escape(text(self.draft.get("title"), self.lang) or T("A study"), quote=True)
        el("ed-snippet").value = (
            f'<iframe src="{escape(link, quote=True)}" width="800" height="620" style="border:0" '
            f'loading="lazy" title="{title}"></iframe>'
        )

    # ---- events --------------------------------------------------------------------------

    def go(self, k: int) -> None:
        self.pos = max(0, min(len(self.draft["moves"]), k))
        self.selected, self.rotation, self.pending, self.answering = (), 0, None, ""
        # The step being edited follows the position when one shows it.
        here = [i for i, s in enumerate(self.draft["steps"]) if s["at"] == self.pos]
        if here and self.step not in here:
            self.step = here[0]
        self.save()
        self.render_panel()
        self.draw()

    def on_panel_click(self, event: Any) -> None:
        target = event.target
        button = target.closest("[data-ed],[data-tool],[data-ed-step]")
        if not button:
            return
        if button.hasAttribute("data-tool"):
            self.tool, self.pending, self.answering = str(button.dataset.tool), None, ""
            self.render_panel()
            self.draw()
            return
        if button.hasAttribute("data-ed-step"):
            self.step = int(button.dataset.edStep)
            self.go(self.draft["steps"][self.step]["at"])
            return
        action = str(button.dataset.ed)
        if action == "undo":
            if self.history:
                self.draft, _ = self.history.pop()
                self.step = min(self.step, len(self.draft["steps"]) - 1)
                self.pos = min(self.pos, len(self.draft["moves"]))
                self.save()
                self.render_panel()
                self.draw()
        elif action == "add-step":
            self.step += 1
            self.attempt(lambda: d.add_step(self.draft, self.step - 1, self.pos))
        elif action == "delete-step":
            self.attempt(lambda: d.delete_step(self.draft, self.step))
        elif action == "task":
            self.answering, self.tool = "answer", "play"
            self.render_panel()
            self.draw()
        elif action == "task-also":
            self.answering, self.tool = "also", "play"
            self.render_panel()
            self.draw()
        elif action == "delete-task":
            self.attempt(lambda: d.delete_task(self.draft, self.pos))
        elif action == "new":
            game = str(el("ed-game").value)
            self.attempt(
                lambda: self._fresh(
                    d.new_draft(
                        game,
                        int(el("ed-players").value or 2),
                        int(el("ed-seed").value or 1),
                        json.loads(str(el("ed-options").value).strip() or "{}"),
                    )
                )
            )
        elif action == "setup":
            source = str(el("ed-setup").value).strip() or "[]"
            self.attempt(lambda: d.set_setup(self.draft, json.loads(source)))
        elif action == "open":
            el("ed-file").click()
        elif action == "paste":
            source = str(el("ed-paste").value)
            self.attempt(lambda: self._fresh(opened(source)))
        elif action == "download":
            if self.download_ready():
                download(self.exported, f"{self._file_name()}.json", "application/json")
        elif action == "svg":
            if self.download_ready() and self.current_step() is not None:
                scenario = d.scenario_of(self.draft)
                svg = render_step(scenario, self.step, self.lang)
                download(svg, f"step-{self.step + 1}.svg", "image/svg+xml")
        elif action == "svgs":  # for print, and for pages that cannot run the embed
            if self.download_ready():
                scenario = d.scenario_of(self.draft)
                packed = io.BytesIO()
                with zipfile.ZipFile(packed, "w", zipfile.ZIP_DEFLATED) as z:
                    for i in range(len(scenario.steps)):
                        z.writestr(f"step-{i + 1}.svg", render_step(scenario, i, self.lang))
                download(packed.getvalue(), f"{self._file_name()}-{self.lang}.zip", "application/zip")
        elif action == "bake":  # the study drawn in advance, in this page's language (README, "For authors")
            if self.download_ready():
                baked = bake(d.scenario_of(self.draft), self.lang, self.exported)
                name = self._file_name()
                download(
                    json.dumps(baked, separators=(",", ":"), ensure_ascii=False),
                    f"{name}.{self.lang}.json",
                    "application/json",
                )
        elif action == "try":
            if self.download_ready():
                window.open(f"{el('ed-link').value}&step={self._shown_index() + 1}", "_blank")

    def _file_name(self) -> str:
        """The title's English words as a file name ("Taking over a building" -> taking-over-a-building)."""
        words = "".join(c if c.isalnum() else " " for c in text(self.draft.get("title"), "en").lower()).split()
        return "-".join(words)[:40].strip("-") or "study"

    def _shown_index(self) -> int:
        from pyengine.core.scenario import steps_shown

        shown = steps_shown(d.scenario_of(self.draft))
        return next((i for i, s in enumerate(shown) if s.at == self.pos), 0)

    def download_ready(self) -> bool:
        self.render_export()
        return document.body.getAttribute("data-ed-check") == "passed"

    def _fresh(self, new: d.Draft) -> d.Draft:
        self.step, self.pos, self.selected, self.answering = 0, new["steps"][0]["at"], (), ""
        return new

    def on_panel_input(self, event: Any) -> None:
        target = event.target
        if target.id == "ed-viewer" and event.type == "change":
            self.attempt(lambda: d.set_viewer(self.draft, int(target.value) if target.value else None))
        elif target.id == "ed-scores":
            self.attempt(lambda: d.set_scores(self.draft, self.step, bool(target.checked)))
        elif target.id == "ed-check" or target.id == "ed-region":
            t = self.task()
            if t is not None:
                task = self.draft["tasks"][t]
                kind = str(el("ed-check").value)
                region_el = el("ed-region")
                region = str(region_el.value) if region_el else None
                self.attempt(lambda: d.set_task(self.draft, self.pos, task["answer"], kind, region))
        elif target.hasAttribute("data-text") and event.type == "input":
            where_text = str(target.getAttribute("data-where") or "")
            where = (where_text.split(":")[0], int(where_text.split(":")[1])) if where_text else None
            key, lang, words = str(target.dataset.text), str(target.dataset.lang), str(target.value)
            # Typing must not rebuild the panel under the cursor: the flags are updated in place.
            self.attempt(lambda: d.with_text(self.draft, where, key, lang, words), panel=False, kind="text")
            label = target.closest("label")
            flag = label.querySelector(".ed-missing") if label else None
            if flag is not None and words:
                flag.remove()

    async def on_file(self, event: Any) -> None:
        files = event.target.files
        if not files or not files.length:
            return
        source = str(await files.item(0).text())
        event.target.value = ""
        self.attempt(lambda: self._fresh(opened(source)))

    def on_pointer_down(self, event: Any) -> None:
        part = event.target.closest("[data-cell]") if self.tool == "arrow" else None
        self.pressed = str(part.dataset.cell) if part else None
        self.dragged = False

    def on_pointer_up(self, event: Any) -> None:
        if self.tool != "arrow" or not self.pressed:
            return
        under = document.elementFromPoint(event.clientX, event.clientY)
        part = under.closest("[data-cell]") if under else None
        end = str(part.dataset.cell) if part else None
        start, self.pressed = self.pressed, None
        if end and end != start and self.current_step() is not None:
            self.dragged = True  # the click that follows is this drag's, not a tap
            self.pending = None
            self.attempt(lambda: d.toggle_arrow(self.draft, self.step, start, end), panel=False)

    def on_key(self, event: Any) -> None:
        if not event.target.closest("input,textarea,select"):  # typing a caption is not stepping
            super().on_key(event)

    def on_board_click(self, event: Any) -> None:
        if self.tool == "play":
            self.on_play_click(event)
            return
        if self.dragged:
            self.dragged = False
            return
        part = event.target.closest("[data-cell]")
        if not part:
            return
        if self.current_step() is None:
            self.message = self.T("Add a step at this position to mark it.")
            self.render_status()
            return
        cell = str(part.dataset.cell)
        if self.tool == "highlight":
            self.attempt(lambda: d.toggle_highlight(self.draft, self.step, cell), panel=False)
        elif self.pending is None:
            self.pending = cell
            self.draw()
        elif self.pending == cell:
            self.pending = None
            self.draw()
        else:
            start, self.pending = self.pending, None
            self.attempt(lambda: d.toggle_arrow(self.draft, self.step, start, cell), panel=False)

    def on_play_click(self, event: Any) -> None:
        target = event.target.closest(CLICKABLE)
        if not target:
            return
        data = target.dataset
        if target.hasAttribute("data-move"):
            move = str(data.move)
            self.selected, self.rotation = (), 0
            if self.answering:
                mode, self.answering = self.answering, ""
                t = self.task()
                check = self.draft["tasks"][t]["check"] if t is not None else {"kind": "move"}
                if mode == "also":
                    self.attempt(lambda: d.accept_also(self.draft, self.pos, move))
                else:
                    self.attempt(lambda: d.set_task(self.draft, self.pos, move, check["kind"], check.get("region")))
            else:
                at = self.pos
                self.pos += 1
                try:
                    self.edit(d.play(self.draft, at, move))
                except (ScenarioError, IllegalMove) as e:
                    self.pos = at
                    self.message = translate(e.args[0], self.lang)
                    self.render_status()
                    self.draw()
            return
        if target.hasAttribute("data-action"):
            if self.selected:
                self.rotation = int(target.dataset.rotation or 0) + 1
                self.draw()
            return
        if target.hasAttribute("data-step"):
            self.selected, self.rotation = (*self.selected, str(data.step)), 0
        else:
            self.selected, self.rotation = tuple(t for t in self.selected if t != str(data.unselect)), 0
        self.draw()


def opened(source: str) -> d.Draft:
    """A draft from what an author opens or pastes: a scenario file or its link word, a
    saved game or its share link."""
    from pyengine.core import share

    source = source.strip()
    word = source.split("scenario=", 1)[1].split("&", 1)[0] if "scenario=" in source else None
    if word is None and "#record=" in source:
        return d.from_record(share.decode(source.split("#record=", 1)[1]))
    if word is not None or (source[:2].rstrip(".").isdigit() and "." in source[:4] and not source.startswith("{")):
        return d.from_scenario(share.unpack(word or source))
    data = json.loads(source)
    if isinstance(data, dict) and "scenario" in data:
        return d.from_scenario(source)
    return d.from_record(load_record(source))


def download(content: str | bytes, name: str, kind: str) -> None:
    blob = window.Blob.new(to_js([content]), js_object(type=kind))
    url = window.URL.createObjectURL(blob)
    a = document.createElement("a")
    a.href, a.download = url, name
    document.body.appendChild(a)
    a.click()
    a.remove()
    window.setTimeout(create_proxy(lambda: window.URL.revokeObjectURL(url)), 1000)


def restored() -> tuple[d.Draft, int | None, int] | None:
    """The draft the author left (a reload loses nothing), if it still opens."""
    try:
        saved = window.localStorage.getItem(SAVE_KEY)
    except Exception:
        return None
    if not saved:
        return None
    try:
        kept = json.loads(str(saved))
        draft = d.from_scenario(json.dumps(kept["draft"]))
        return draft, int(kept.get("pos", 0)), int(kept.get("step", 0))
    except (ValueError, KeyError, TypeError, ScenarioError, RecordError):
        return None


async def main() -> None:
    query = parse_query(str(window.location.search))
    lang = page_language(query)
    await parts.fetch([], [lang])
    try:
        window.skylineEditor = await start(query, lang)
    except (ScenarioError, RecordError, ValueError) as e:
        el("embed-board").textContent = Translator(lang)(
            "Cannot show the game: {why}", why=translate(e.args[0], lang) if e.args else str(e)
        )
        document.body.setAttribute("data-failed", "")
    document.body.setAttribute("data-ready", "")


def run() -> Any:
    return asyncio.ensure_future(main())


async def start(query: dict[str, str], lang: str) -> Editor:
    T = Translator(lang)
    document.title = T("Study editor")
    el("ed-heading").textContent = T("Study editor")
    el("ed-back").textContent = T("Games")
    el("ed-back").href = f"./index.html?lang={lang}"
    kept = None if query.get("new") else restored()
    if "scenario" in query:
        kept = (opened(f"scenario={query['scenario']}"), None, 0)
    elif "record" in query:  # the game page's "Write a study": that game, at its position
        kept = (opened(f"#record={query['record']}"), None, 0)
    elif kept is None:
        game = query.get("game") if query.get("game") in GAMES else "manhattan"
        # The fewest players the game takes (Chinatown's is 3: 2 refused the guide's link)
        kept = (d.new_draft(game, min(load_game(game).player_counts), 1), None, 0)
    draft, pos, step = kept
    await parts.fetch(list(GAMES), [])  # an author may switch games; each is fetched once
    editor = Editor(draft, lang, pos, step)
    editor.save()
    # From now on the draft is in localStorage: a reload must restore it, not start again.
    if "new" in query or "scenario" in query or "record" in query:
        window.history.replaceState(None, "", f"./study.html?lang={lang}")
    return editor
