"""The DOM glue: screens, redraws, events and the bot loop (browser only).

The only module of the page that touches the DOM. One delegated listener per event
type on #app (created once with create_proxy) serves every screen: PyScript's @when
would bind only to elements existing at decoration time and leak a proxy per
element, while the board is replaced by one innerHTML assignment on every redraw.

Games whose renderer takes a tile rotation (``game.rotatable``) get ``rotation=``; the
rotate button (``data-action="rotate"``) and the R key turn it. Games with a ``hover``
method get a preview: a delegated ``mouseover`` fills the board's ``#hover-layer`` with
the fragment for the square under the pointer and shows its message in ``#hint``.
Games with an ``edit_draft`` method (a move too free-form to list, like a trade offer)
get ``draft=``: clicks on ``data-draft`` elements edit it, and the renderer puts the
finished move on a ``data-move`` element.
"""
from __future__ import annotations

import asyncio
from typing import Any

from pyodide.ffi import create_proxy
from pyscript import document, window

import pyengine
from pyengine.core.game import IllegalMove
from pyengine.core.record import RecordError, load_record

from . import panels
from .markdown import markdown_html
from .params import HUMAN, Setup, SetupError, is_fast, parse_query, random_seed, setup_from_query
from .session import AUTOSAVE_KEY, Session

BOT_DELAY = 0.3  # seconds between bot moves, so a person can follow them


def el(element_id: str) -> Any:
    return document.getElementById(element_id)


class App:
    """The page: lobby or game screen, and the game's Session while one runs."""

    def __init__(self) -> None:
        self.games = {name: pyengine.load_game(name) for name in pyengine.GAMES}
        self.session: Session | None = None
        self.generation = 0  # bumped by anything that invalidates a running bot loop
        self.bots_running = False
        self.fast = is_fast(parse_query(str(window.location.search)))
        self.log_length = -1
        self.rotation = 0  # asked rotation of the selected tile (rotatable games)
        self._selection: tuple[str, ...] = ()  # the selection the rotation belongs to
        self.hover_cell: str | None = None  # data-cell under the pointer, "x y"
        root = el("app")
        # Kept on self: the proxies must outlive this call and are never recreated.
        self._proxies = [create_proxy(self.on_click), create_proxy(self.on_submit), create_proxy(self.on_change),
                         create_proxy(self.on_mouseover)]
        root.addEventListener("click", self._proxies[0])
        root.addEventListener("submit", self._proxies[1])
        root.addEventListener("change", self._proxies[2])
        root.addEventListener("mouseover", self._proxies[3])
        self._keys = create_proxy(self.on_key)
        document.addEventListener("keydown", self._keys)

    # ---- screens ---------------------------------------------------------------------
    def start_from_url(self) -> None:
        query = parse_query(str(window.location.search))
        if "game" not in query:
            self.show_lobby()
            return
        game = self.games.get(query["game"])
        try:
            if game is None:
                raise SetupError(f"unknown game {query['game']!r}")
            self.begin(Session.start(setup_from_query(query, game)))
        except SetupError as e:
            self.show_lobby(f"Cannot start that game: {e}")

    def show_lobby(self, message: str = "", game_name: str | None = None) -> None:
        self.generation += 1
        self.session = None
        body = document.body
        for attr in ("data-turn", "data-awaiting", "data-game-over", "data-moves"):
            body.removeAttribute(attr)
        el("game").hidden = True
        el("undo").hidden = True
        el("new-game").hidden = True
        el("title").textContent = ""
        lobby = el("lobby")
        name = game_name or next(iter(self.games))
        lobby.innerHTML = panels.lobby_html(self.games, name, self.saved_summary(), random_seed())
        el("lobby-error").textContent = message
        lobby.hidden = False

    def saved_summary(self) -> str | None:
        text = window.localStorage.getItem(AUTOSAVE_KEY)
        if not text:
            return None
        try:
            record = load_record(str(text))
            game = self.games[record["game"]]
        except (RecordError, KeyError):
            return None
        status = "finished" if record.get("finished") else f"{len(record['moves'])} moves played"
        return f"{game.title}, {record['players']} players, seed {record['seed']}: {status}"

    def begin(self, session: Session) -> None:
        self.generation += 1
        self.session = session
        self.log_length = -1
        el("lobby").hidden = True
        el("lobby").innerHTML = ""
        el("game").hidden = False
        el("undo").hidden = False
        el("new-game").hidden = False
        el("title").textContent = session.game.title
        el("error").textContent = ""
        self.autosave()
        self.redraw()
        self.kick_bots()

    # ---- drawing -----------------------------------------------------------------------
    def redraw(self) -> None:
        s = self.session
        if s is None:
            return
        body = document.body
        body.setAttribute("data-moves", str(s.move_count()))
        current = s.current()
        if current is None:
            body.removeAttribute("data-turn")
            body.removeAttribute("data-awaiting")
            body.setAttribute("data-game-over", "")
        else:
            body.removeAttribute("data-game-over")
            body.setAttribute("data-turn", str(current))
            body.setAttribute("data-awaiting", s.awaiting())
        board = el("board")
        example = None
        if s.needs_pass():
            board.innerHTML = panels.pass_html(s)
        else:
            viewer = s.viewer()
            ch = s.choices()
            if s.selected != self._selection:  # a new tile (or none): start unrotated
                self._selection = s.selected
                self.rotation = 0
            extra = {"rotation": self.rotation} if getattr(s.game, "rotatable", False) else {}
            if hasattr(s.game, "edit_draft"):
                extra["draft"] = s.draft
            board.innerHTML = s.game.render(
                s.game.view(s.state, viewer), viewer,
                choices=ch.tokens if ch else None, selected=ch.selected if ch else (), names=s.names, **extra,
            )
            # The typed-move box shows a real move of this game; the wordiest teaches the most.
            example = max((m for m in ch.tokens.values() if m), key=len, default=None) if ch else None
        el("move-input").placeholder = f"type a move, e.g. {example}" if example else "type a move"
        self.show_hover()
        el("prompt").innerHTML = panels.prompt_html(s)
        el("selection").hidden = not s.selected
        el("selected-tokens").textContent = ", ".join(s.selected)
        el("scores").innerHTML = panels.scores_html(s)
        log = el("log")
        # Follow the newest move unless the reader has scrolled up to look back.
        follow = len(s.log) != self.log_length or log.scrollHeight - log.scrollTop - log.clientHeight < 40
        if len(s.log) != self.log_length:
            log.innerHTML = panels.log_html(s)
            self.log_length = len(s.log)
        end = el("end")
        end.innerHTML = panels.end_html(s) if s.over else ""
        end.hidden = not s.over
        el("undo").disabled = not s.can_undo()
        el("move-count").textContent = f"Move {s.move_count()}"
        if follow:  # last: the panels above the log may have changed its height
            log.scrollTop = log.scrollHeight
        window.performance.mark("skyline:redraw")

    def show_error(self, message: str) -> None:
        el("error").textContent = message

    def show_hover(self) -> None:
        """Fill #hover-layer and #hint for the square under the pointer (or clear them)."""
        s = self.session
        layer = document.querySelector("#board #hover-layer")
        hint = el("hint")
        if s is None or not hasattr(s.game, "hover") or self.hover_cell is None or not layer or s.needs_pass():
            if hint:
                hint.textContent = ""
            return
        x, y = (int(v) for v in self.hover_cell.split())
        viewer = s.viewer()
        fragment, message = s.game.hover(s.game.view(s.state, viewer), viewer, s.selected, self.rotation, (x, y))
        layer.innerHTML = fragment
        if hint:
            hint.textContent = message

    def rotate(self) -> None:
        """Next rotation after the one shown (the renderer skips rotations with no spot)."""
        s = self.session
        if s is None or not s.selected or not getattr(s.game, "rotatable", False):
            return
        shown = document.querySelector("#board [data-rotation]")
        self.rotation = (int(shown.dataset.rotation) if shown else self.rotation) + 1
        self.redraw()

    def autosave(self) -> None:
        s = self.session
        if s is not None:
            s.record["finished"] = s.over
            window.localStorage.setItem(AUTOSAVE_KEY, s.save_json())

    # ---- moves -------------------------------------------------------------------------
    def play(self, text: str) -> None:
        s = self.session
        if s is None:
            return
        if s.awaiting() != HUMAN:
            self.show_error("Not your turn: " + ("the game is over." if s.over else "a bot is moving."))
            return
        if s.needs_pass():
            self.show_error("Pass the device first: press the button on the board.")
            return
        try:
            s.play(text)
        except ValueError as e:  # IllegalMove; also any other refusal of odd typed text
            self.show_error(f"Illegal move. {e}")
            return
        self.show_error("")
        self.autosave()
        self.redraw()
        self.kick_bots()

    def kick_bots(self) -> None:
        s = self.session
        if s is not None and s.awaiting() == "bot" and not self.bots_running:
            self.bots_running = True
            asyncio.ensure_future(self.run_bots(self.generation))

    async def run_bots(self, generation: int) -> None:
        """Bot moves one at a time, yielding to the browser between them."""
        try:
            while True:
                await asyncio.sleep(0 if self.fast else BOT_DELAY)
                s = self.session
                if generation != self.generation or s is None or s.awaiting() != "bot":
                    return
                window.performance.mark("skyline:bot")  # e2e/measure.py times bot moves from here
                s.bot_move()
                self.autosave()
                self.redraw()
        except Exception as e:  # a bug: make it visible instead of a silently dead game
            self.show_error(f"Bot error: {e}")
            window.console.error(f"Bot error: {e!r}")
        finally:
            self.bots_running = False
            # A new game may have started while this loop slept on an old one.
            if generation != self.generation:
                self.kick_bots()

    # ---- events ------------------------------------------------------------------------
    CLICKABLE = "[data-move],[data-step],[data-unselect],[data-continue],[data-action],[data-draft]"

    def on_click(self, event: Any) -> None:
        target = event.target.closest(self.CLICKABLE)
        if target:  # JS null arrives as pyodide.ffi.jsnull, which is falsy but not None
            self.activate(target)

    def activate(self, target: Any) -> None:
        s = self.session
        data = target.dataset
        if target.hasAttribute("data-action"):
            self.action(str(data.action))
            return
        if s is None:
            return
        if target.hasAttribute("data-continue"):
            s.reveal()
            self.redraw()
        elif target.hasAttribute("data-move"):
            self.play(str(data.move))
        elif target.hasAttribute("data-step"):
            s.select(str(data.step))
            self.show_error("")
            self.redraw()
        elif target.hasAttribute("data-unselect"):
            s.unselect(str(data.unselect))
            self.redraw()
        elif target.hasAttribute("data-draft"):  # a step of a free-form move (trade panel)
            s.edit_draft(str(data.draft))
            self.show_error("")
            self.redraw()

    def action(self, name: str) -> None:
        s = self.session
        if name == "undo" and s is not None:
            try:
                s.undo()
            except IllegalMove as e:
                self.show_error(str(e))
                return
            self.show_error("")
            self.generation += 1
            self.log_length = -1
            self.autosave()
            self.redraw()
        elif name == "new":
            window.history.replaceState(None, "", window.location.pathname)
            self.show_lobby(game_name=s.game.name if s else None)
        elif name == "rules":
            game = s.game if s else self.games[next(iter(self.games))]
            el("rules-title").textContent = f"{game.title}: rules"
            el("rules-text").innerHTML = markdown_html(game.rules_reference())
            el("rules-dialog").showModal()
        elif name == "rotate":
            self.rotate()
        elif name == "close-rules":
            el("rules-dialog").close()
        elif name == "cancel" and s is not None:
            s.selected = ()
            self.redraw()
        elif name == "resume":
            try:
                self.begin(Session.resume(str(window.localStorage.getItem(AUTOSAVE_KEY))))
            except (RecordError, KeyError, ValueError) as e:
                el("lobby-error").textContent = f"Cannot resume the saved game: {e}"

    def on_submit(self, event: Any) -> None:
        event.preventDefault()
        form = event.target
        if form.id == "move-form":
            box = el("move-input")
            text = str(box.value).strip()
            if text:
                self.play(text)
                if not str(el("error").textContent):
                    box.value = ""
        elif form.id == "lobby-form":
            self.start_from_lobby(form)

    def start_from_lobby(self, form: Any) -> None:
        game = self.games[str(form.elements.namedItem("game").value)]
        players = int(form.elements.namedItem("players").value)
        seats = [str(form.elements.namedItem(f"seat-{p}").value) for p in range(players)]
        options = {}
        for opt in game.option_schema():
            if opt["players"] and players not in opt["players"]:
                continue  # hidden: leave it at its default
            field = form.elements.namedItem(f"opt-{opt['name']}")
            options[opt["name"]] = bool(field.checked) if opt["kind"] == "bool" else str(field.value)
        seed_text = str(form.elements.namedItem("seed").value).strip()
        try:
            seed = int(seed_text) if seed_text else random_seed()
            self.begin(Session.start(Setup(game.name, players, seats, seed, options)))
        except ValueError as e:  # SetupError, or a seed that is not a number
            el("lobby-error").textContent = f"Cannot start: {e}"

    def on_change(self, event: Any) -> None:
        target = event.target
        if self.session is not None or not target.closest("#lobby-form"):
            return
        if target.name == "game":
            self.show_lobby(game_name=str(target.value))
        elif target.name == "players":
            players = int(target.value)
            for row in document.querySelectorAll("#lobby-form [data-seat]"):
                row.hidden = int(row.dataset.seat) >= players
            for row in document.querySelectorAll("#lobby-form [data-players]"):
                only = [int(n) for n in str(row.dataset.players).split(",") if n]
                row.hidden = bool(only) and players not in only

    def on_mouseover(self, event: Any) -> None:
        s = self.session
        if s is None or not hasattr(s.game, "hover"):
            return
        target = event.target
        square = target.closest("#board [data-cell]")
        if square:
            cell = str(square.dataset.cell)
            if cell != self.hover_cell:  # act only when the square changes
                self.hover_cell = cell
                self.show_hover()
        elif self.hover_cell is not None and not target.closest("#board svg"):
            self.hover_cell = None
            layer = document.querySelector("#board #hover-layer")
            if layer:
                layer.innerHTML = ""
            self.show_hover()

    def on_key(self, event: Any) -> None:
        key = str(event.key)
        typing = event.target.closest("input, textarea, select")
        if key == "Escape" and self.session is not None and self.session.selected:
            self.session.selected = ()
            self.redraw()
        elif key in ("r", "R") and not typing and not event.ctrlKey and not event.metaKey and not event.altKey:
            self.rotate()
        elif key in ("Enter", " "):
            # The renderer makes its clickable SVG elements focusable (tabindex), but
            # SVG elements have no built-in keyboard activation: provide it.
            target = event.target.closest("#board [data-move],#board [data-step],#board [data-unselect],"
                                          "#board [data-draft]")
            if target:
                event.preventDefault()
                self.activate(target)


def start() -> App:
    """Build the page's first screen (the lobby, or the game the URL asks for)."""
    app = App()
    app.start_from_url()
    document.body.setAttribute("data-ready", "")
    window.performance.mark("skyline:ready")
    window.skylineReady()
    return app
