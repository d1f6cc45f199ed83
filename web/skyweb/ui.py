"""The game screen and the page's event dispatch (browser only).

The DOM glue of the main page: App holds the game screen (redraws, moves, the bot
loop, undo and redo) and one dispatcher per event type; the lobby, the replay
controls and the dialogs are mixins of it in lobby.py, replay.py and dialogs.py, so
each screen's code is found in its own module. With embed.py, these are the only
modules of the page that touch the DOM. One delegated listener per event type on
#app (created once with create_proxy) serves every screen: PyScript's @when would
bind only to elements existing at decoration time and leak a proxy per element,
while a redraw replaces the board's changed parts (dom.Drawn). A click on the board
draws what the player looks at first in its own task and the side of the screen (scores,
replay bar, log) in a task after the next paint (draw_side); every other redraw draws
all of it at once.

Games whose renderer takes a tile rotation (``game.rotatable``) get ``rotation=``; the
rotate button (``data-action="rotate"``) and the R key turn it. Games with a portrait
arrangement (``game.portrait``) get ``portrait=True`` while style.css says the board
frame is portrait (``--board-layout``); turning the phone redraws. Games that declare
``hovers`` get a preview: a delegated ``mouseover`` fills the board's ``#hover-layer`` with
the fragment for the square under the pointer and shows its message in ``#hint``.

Games that build a move in a draft (``game.drafts``: a move too free-form to list, like a
trade offer) get ``draft=``: clicks on ``data-draft`` elements edit it, and the renderer puts the
finished move on a ``data-move`` element.

Everything shown goes through the translator of the chosen language (``self.lang``):
static page text carries ``data-i18n`` attributes, the rest is built per redraw.
"""

from __future__ import annotations

import asyncio
import gc
from html import escape
from typing import Any

from pyodide.ffi import create_proxy, to_js
from pyscript import document, window

import pyengine
from pyengine.core import share
from pyengine.core.game import Game, IllegalMove, state_hash, why_not
from pyengine.core.i18n import LANGUAGES, MISSING, Translator, msg, pick_language, translate, with_names
from pyengine.core.record import RecordError

from . import panels
from .dialogs import Dialogs
from .dom import Drawn, el, error_text, js_object
from .lobby import LobbyScreen
from .params import HUMAN, Setup, SetupError, is_fast, parse_query, random_seed, setup_from_query
from .replay import ReplayControls
from .session import AUTOSAVE_KEY, Session
from .table.codes import CodeScreen
from .table.online_page import OnlineScreen
from .table.screen import TableScreen

BOT_DELAY = 0.3  # seconds between bot moves, so a person can follow them
LANG_KEY = "skyline.lang"


class App(LobbyScreen, ReplayControls, Dialogs, TableScreen, CodeScreen, OnlineScreen):
    """The page: lobby or game screen, and the game's Session while one runs."""

    def __init__(self) -> None:
        self.games = pyengine.Games()  # imported on first use: start-up needs only one
        self.session: Session | None = None
        self.board_buttons: list[tuple[str, str, str, str]] = []  # what draw_board_buttons last drew
        self.generation = 0  # bumped by anything that invalidates a running bot loop
        self.bots_running = False
        self.fast = is_fast(parse_query(str(window.location.search)))
        self.log_key: tuple | None = None  # what the log shows, to skip needless rebuilds
        self.rotation = 0  # asked rotation of the selected tile (rotatable games)
        # What each redraw writes, kept so that it writes only what changed: at a
        # phone's speed, parsing an unchanged board or table again was most of a tap.
        self.board = Drawn("board", groups=True)
        self.panels = {name: Drawn(name) for name in ("prompt", "banner", "scores", "replay", "end", "log")}
        # A tap on the board draws the board first and the side of the screen (scores,
        # replay bar, log, typed-move box) in a task after the next paint: at a phone's
        # speed that shows the new board ~8 ms sooner.
        self.tapping = False  # set while a click on the board is handled
        self.side_pending = False
        self.move_example: str | None = None  # for the typed-move box: a move the board offers
        self._side_proxy = create_proxy(lambda *_: self.draw_side())
        self._after_paint_proxy = create_proxy(lambda _t: window.setTimeout(self._side_proxy, 0))
        self._selection: tuple[str, ...] = ()  # the selection the rotation belongs to
        self.hover_cell: str | None = None  # data-cell under the pointer, "x y"
        self.replay_at: int | None = None  # a past position on show (None: the live game)
        self.replay_playing = False
        self.end_open = True
        # Legal moves that will do nothing (Game.warning): token -> (move, reason). Their
        # board targets only ask; the question's button carries the move.
        self.warned: dict[str, tuple[str, Any]] = {}
        self.asking: str | None = None  # the token whose question is on show
        self.scored_from = 0  # round summaries of moves after this one show in a banner
        self._click: tuple[str, float] | None = None  # a click on the board not yet drawn
        self._scroll_at: int | None = None  # the replay position whose log line to show
        self._scroll_proxy = create_proxy(self.scroll_log)
        self.lang = self.initial_language()
        root = el("app")
        # Kept on self: the proxies must outlive this call and are never recreated.
        self._proxies = [
            create_proxy(self.on_click),
            create_proxy(self.on_submit),
            create_proxy(self.on_change),
            create_proxy(self.on_mouseover),
            create_proxy(self.on_input),
        ]
        root.addEventListener("click", self._proxies[0])
        root.addEventListener("submit", self._proxies[1])
        root.addEventListener("change", self._proxies[2])
        root.addEventListener("mouseover", self._proxies[3])
        root.addEventListener("input", self._proxies[4])
        self._keys = create_proxy(self.on_key)
        document.addEventListener("keydown", self._keys)
        self._hash = create_proxy(lambda _e: self.start_from_url())
        window.addEventListener("hashchange", self._hash)
        self.portrait = self.frame_is_portrait()
        self._resize = create_proxy(self.on_resize)
        window.addEventListener("resize", self._resize)
        # Test hooks (e2e): the shown game's state hash, texts asked for in a language
        # that has no translation of them, and the board's text as last drawn (its DOM,
        # patched group by group, must be what that text parses to).
        self._hooks = [
            create_proxy(lambda: state_hash(self.session.state) if self.session else ""),
            create_proxy(lambda: to_js(sorted(f"{lang}: {t}" for lang, t in MISSING))),
            create_proxy(lambda: self.board.text or ""),
        ]
        window.skylineHash, window.skylineMissing, window.skylineBoardText = self._hooks
        el("lang").innerHTML = panels.language_options(self.lang)
        self.translate_page()

    # ---- language --------------------------------------------------------------------
    def initial_language(self) -> str:
        shown = el("lobby").getAttribute("data-prelobby")  # the lobby drawn before Python, in its language
        if shown and str(shown) in LANGUAGES:
            return str(shown)
        query = parse_query(str(window.location.search))
        asked = query.get("lang") or window.localStorage.getItem(LANG_KEY)
        if asked and str(asked) in LANGUAGES:
            return str(asked)
        return pick_language([str(x) for x in (window.navigator.languages or [window.navigator.language])])

    def set_language(self, lang: str) -> None:
        if lang not in LANGUAGES:
            return
        self.lang = lang
        window.localStorage.setItem(LANG_KEY, lang)
        self.translate_page()
        if self.session is None:
            form = el("lobby-form")
            game = str(form.elements.namedItem("game").value) if form else None
            self.show_lobby(game_name=game)
        else:
            self.log_key = None
            el("title").textContent = self.T(self.session.game.title)
            self.redraw()

    def translate_page(self) -> None:
        """Static text of index.html: data-i18n (text) and data-i18n-<attr> (attributes)."""
        T = Translator(self.lang)
        document.documentElement.lang = self.lang
        for node in document.querySelectorAll("[data-i18n]"):
            node.textContent = T(str(node.dataset.i18n))
        for attr in ("title", "aria-label", "placeholder"):
            for node in document.querySelectorAll(f"[data-i18n-{attr}]"):
                node.setAttribute(attr, T(str(node.getAttribute(f"data-i18n-{attr}"))))

    def T(self, template: str, **params: Any) -> str:
        return Translator(self.lang)(template, **params)

    # ---- screens ---------------------------------------------------------------------
    def start_from_url(self) -> None:
        fragment = str(window.location.hash).lstrip("#")
        if fragment.startswith("record="):
            self.open_shared(fragment[len("record=") :])
            return
        if fragment.startswith("online="):  # a seat at a table online (skyweb.online)
            self.join_online(fragment)
            return
        query = parse_query(str(window.location.search))
        if "table" in query:  # an invitation to another device's table (with what it says of it)
            self.join_table(str(window.location.search))
            return
        if "answer" in query:  # a guest's answer, opened on the host's device
            self.send_answer_to_host_tab(query["answer"], query.get("seat", ""))
            return
        if "game" not in query:
            self.show_lobby()
            return
        game = self.games.get(query["game"])
        try:
            if game is None:
                raise SetupError(msg("unknown game {game}", game=repr(query["game"])))
            self.begin(Session.start(setup_from_query(query, game)))
        except SetupError as e:
            self.show_lobby(self.T("Cannot start that game: {why}", why=error_text(e, self.lang)))

    def open_shared(self, word: str) -> None:
        try:
            session = Session.shared(share.decode(word))
        except (RecordError, ValueError) as e:
            self.show_lobby(self.T("Cannot open the shared game: {why}", why=error_text(e, self.lang)))
            return
        # Opening a link saves nothing: the autosave is only replaced once a move is made.
        self.begin(session, save=False)

    def begin(self, session: Session, save: bool = True) -> None:
        self.generation += 1
        self.session = session
        self.log_key = None
        self.replay_at = None
        self.replay_playing = False
        self.end_open = True
        self.scored_from = session.move_count()  # a resumed game's old rounds are in the log
        el("lobby").hidden = True
        el("lobby").innerHTML = ""
        el("join-box").hidden = True
        el("game").hidden = False
        guest = session.guest is not None  # a seat of another device's table
        for tool in ("undo", "redo", "new-game", "share", "export"):
            el(tool).hidden = False
        el("undo").hidden = session.spectator
        el("redo").hidden = session.spectator or guest
        el("share").hidden = el("export").hidden = guest
        self.stop_station()
        self.table = None
        el("table-button").hidden = True
        if session.remote and not guest:
            self.host_table()
        el("title").textContent = self.T(session.game.title)
        el("error").textContent = ""
        if session.spectator:
            document.body.setAttribute("data-spectator", "")
        else:
            document.body.removeAttribute("data-spectator")
        if save and not session.spectator:
            self.autosave()
        zoom = getattr(window, "skylineZoom", None)  # web/chrome.mjs; absent in old cached pages
        if zoom:
            zoom.reset()  # a new game starts from the whole board, not the last game's zoom
        self.redraw()
        self.kick_bots()

    # ---- drawing -----------------------------------------------------------------------
    def redraw(self) -> None:
        """The game screen: the board, the prompt, the selection line, undo and redo,
        the end screen; then the side (draw_side), at once or, after a tap on the
        board, in a task after the next paint."""
        s = self.session
        if s is None:
            return
        lang = self.lang
        body = document.body
        body.setAttribute("data-moves", str(s.move_count()))
        current = s.current()
        if current is None or s.spectator:
            body.removeAttribute("data-turn")
            body.removeAttribute("data-awaiting")
        else:
            body.setAttribute("data-turn", str(current))
            body.setAttribute("data-awaiting", s.awaiting())
        if s.over:
            body.setAttribute("data-game-over", "")
        else:
            body.removeAttribute("data-game-over")
        at = self.shown_position()
        names = panels.names(s, lang)
        self.move_example = None
        self.warned = {}  # found again by ask_first for the live position
        if at is not None:
            # A past position: drawn as it was, with nothing to click.
            viewer = s.viewer()
            state = s.state_at(at)
            self.board.show(
                s.game.render(
                    s.game.view(state, viewer),
                    viewer,
                    choices=None,
                    selected=(),
                    names=names,
                    lang=lang,
                    **self.render_args(s),
                )
            )
        elif s.needs_pass():
            self.board.show(panels.pass_html(s, lang))
        else:
            viewer = s.viewer()
            ch = s.choices()
            if s.selected != self._selection:  # a new tile (or none): start unrotated
                self._selection = s.selected
                self.rotation = 0
            extra = self.render_args(s)
            if s.game.drafts:
                extra["draft"] = s.draft
            tokens = self.ask_first(s, ch.tokens) if ch else None
            self.board.show(
                s.game.render(
                    s.game.view(s.state, viewer),
                    viewer,
                    choices=tokens,
                    selected=ch.selected if ch else (),
                    names=names,
                    lang=lang,
                    **extra,
                )
            )
            # The typed-move box shows a real move of this game; the wordiest teaches the most.
            self.move_example = max((m for m in ch.tokens.values() if m), key=len, default=None) if ch else None
        self.show_hover()
        self.draw_board_buttons()
        self.show_question()
        self.show_scored(at)
        self.panels["prompt"].show(panels.prompt_html(s, lang))
        self.draw_table_bar()  # table.screen: emotes at a table of devices (hidden elsewhere)
        self.panels["banner"].show(panels.replay_banner_html(s, at, lang))
        el("selection").hidden = not s.selected or at is not None
        # A finger cannot press R: the selection line carries a large Turn button.
        el("rotate").hidden = not (s.selected and s.game.rotatable)
        el("selected-tokens").textContent = ", ".join(
            translate(s.game.token_label(s.state, t), lang) for t in s.selected
        )
        end = el("end")
        self.panels["end"].show(panels.end_html(s, lang, self.end_open) if s.over else "")
        end.hidden = not s.over
        end.classList.toggle("collapsed", not self.end_open)
        # A greyed Undo says why; the lit one what it does (no reason: it may undo). At a
        # table the host's rule decides (a player who must agree may be away), as for guests.
        holder = s.holder()
        if at is not None:
            blocker = self.T("Undo is off while you look back at an earlier move.")
        elif self.table is not None and holder is not None:
            blocker = self.table.undo_refusal(holder)
        else:
            blocker = s.undo_blocker()
        undo = el("undo")
        undo.disabled = blocker is not None
        undo.title = translate(blocker, lang) if blocker else self.T("Take back your last move (Ctrl+Z)")
        # ...and in words on the screen, on this device's player's turn: a phone shows no
        # tooltip, and against bots Undo is off at the start of most turns (a bot's draw).
        # A guest has its own line, under the table's bar.
        why = el("undo-why")
        said = blocker is not None and s.guest is None and not s.over and s.awaiting() == HUMAN
        why.textContent = self.T("Undo is off: {why}", why=translate(blocker, lang)) if said else ""
        why.hidden = not said
        el("redo").disabled = not s.can_redo() or at is not None
        el("move-count").textContent = (
            self.T("Move {n} of {total}", n=at, total=s.move_count())
            if at is not None
            else self.T("Move {n}", n=s.move_count())
        )
        window.performance.mark("skyline:redraw")
        if self._click is not None:
            kind, start = self._click
            self._click = None
            window.performance.measure(f"skyline:{kind}-redraw", js_object(start=start))
        if not self.tapping:
            self.draw_side()
        elif not self.side_pending:
            self.side_pending = True
            if document.hidden:  # no frames are drawn for a hidden page
                window.setTimeout(self._side_proxy, 0)
            else:
                window.requestAnimationFrame(self._after_paint_proxy)

    def draw_side(self) -> None:
        """The scores, the replay bar, the log and the typed-move box."""
        self.side_pending = False
        s = self.session
        if s is None:
            return
        lang, at = self.lang, self.shown_position()
        # Read the log's scroll position first, while the layout is still clean: read
        # after the panels are in, it would force the browser to lay out the page in
        # the middle of this task.
        log = el("log")
        near_end = log.scrollHeight - log.scrollTop - log.clientHeight < 40
        self.panels["scores"].show(panels.scores_html(s, lang, s.state_at(at) if at is not None else None))
        self.panels["replay"].show(panels.replay_bar_html(s, at, self.replay_playing, lang))
        key = (len(s.log), s.move_count(), at, lang)
        # Follow the newest move unless the reader has scrolled up to look back.
        follow = key != self.log_key or near_end
        if key != self.log_key:
            self.panels["log"].show(panels.log_html(s, lang, at))  # a move's new lines are appended
            self.log_key = key
        if follow:  # in the next frame: scrolling needs the new layout, which comes then anyway
            self._scroll_at = at
            window.requestAnimationFrame(self._scroll_proxy)
        example = self.move_example  # found by the redraw, from the choices it drew
        el("move-input").placeholder = (
            self.T("type a move, e.g. {example}", example=example) if example else self.T("type a move")
        )
        el("move-form").hidden = s.spectator or s.over

    def scroll_log(self, _time: Any = None) -> None:
        """Show the newest log line, or the line of the replay position on show."""
        log = el("log")
        if self._scroll_at is None:
            log.scrollTop = log.scrollHeight
        else:
            mark = log.querySelector("li.current")
            if mark:
                mark.scrollIntoView(js_object(block="nearest"))

    def ask_first(self, s: Session, tokens: dict[str, str | None]) -> dict[str, str | None]:
        """The board's targets, with those whose move would do nothing turned into steps
        that ask first (self.warned)."""
        self.warned = {}
        if type(s.game).warning is Game.warning:  # most games warn of nothing: no parsing
            return tokens
        out = dict(tokens)
        for token, text in tokens.items():
            if text:
                reason = s.game.warning(s.state, s.game.parse_move(text))
                if reason:
                    self.warned[token] = (text, reason)
                    out[token] = None
        return out

    def draw_board_buttons(self) -> None:
        """The board's buttons marked svg.page_button, again as page buttons with the same
        data-move/-step/-draft (one click handler serves both): a phone's overview draws
        the board's own too small to read. Rewritten only when they change."""
        found = document.querySelectorAll("#board .page-button")
        items = []
        for i in range(found.length):
            node = found.item(i)
            kind = next((k for k in ("move", "step", "draft") if node.hasAttribute(f"data-{k}")), None)
            if kind is None:
                continue
            named = str(node.getAttribute("aria-label") or "")
            texts = node.querySelectorAll("text")  # what is drawn on it, not its <title>
            label = " ".join(" ".join(str(texts.item(j).textContent) for j in range(texts.length)).split()) or named
            items.append((kind, str(node.getAttribute(f"data-{kind}")), label, named or label))
        if items == self.board_buttons:
            return
        self.board_buttons = items
        el("board-buttons").innerHTML = "".join(
            f'<button type="button" class="primary" data-{kind}="{escape(value)}" title="{escape(named)}">'
            f"{escape(label)}</button>"
            for kind, value, label, named in items
        )

    def show_question(self) -> None:
        """The confirmation of a move that will do nothing, under the prompt."""
        box = el("confirm")
        asked = self.warned.get(self.asking) if self.asking else None
        button = el("confirm-move")
        if asked is None:
            self.asking = None
            box.hidden = True
            button.removeAttribute("data-move")  # a hidden button is no move to find
            return
        text, reason = asked
        el("confirm-text").textContent = translate(reason, self.lang)
        button.setAttribute("data-move", text)
        box.hidden = False

    def show_scored(self, at: int | None) -> None:
        """A round scored since the player's last move: who scored what, and why, in a
        banner they close (it also goes with their next move). The log keeps it too."""
        s = self.session
        live = at is None and s is not None and not s.over  # at the end, the end card tells it all
        lines = []
        # From the newest line back to the player's last move: not the whole log at every redraw.
        for entry in reversed(s.log) if live else ():
            if entry.move <= self.scored_from:
                break
            if entry.scored:
                lines.insert(0, entry.text)
        box = el("scored")
        box.hidden = not lines
        if lines:
            el("scored-text").innerHTML = "".join(f"<p>{escape(translate(x, self.lang))}</p>" for x in lines[-2:])

    def explain_click(self, target: Any) -> None:
        """A click on a part of the board that is no target: say why (data-why)."""
        s = self.session
        if s is None or s.over or self.shown_position() is not None or s.awaiting() != HUMAN:
            return
        reason = why_not(s.game, s.state, s.selected, str(target.dataset.why))
        self.show_error(translate(with_names(reason, panels.names(s, self.lang)), self.lang))

    def render_args(self, s: Session) -> dict[str, Any]:
        """What this page adds to a game's render(): the tile's rotation, the arrangement."""
        extra: dict[str, Any] = {"rotation": self.rotation} if s.game.rotatable else {}
        if self.portrait and s.game.portrait:
            extra["portrait"] = True
        return extra

    # ---- the board's arrangement: CSS decides, the renderer draws -------------------
    def frame_is_portrait(self) -> bool:
        """Whether style.css asks for a portrait drawing (--board-layout on #board-frame)."""
        frame = el("board-frame")
        return (
            bool(frame) and str(window.getComputedStyle(frame).getPropertyValue("--board-layout")).strip() == "portrait"
        )

    def on_resize(self, _event: Any = None) -> None:
        portrait = self.frame_is_portrait()
        if portrait != self.portrait:  # a phone turned: draw the other arrangement
            self.portrait = portrait
            if self.session is not None:
                self.redraw()

    def show_error(self, message: str) -> None:
        el("error").textContent = message

    def show_hover(self) -> None:
        """Fill #hover-layer and #hint for the square under the pointer (or clear them)."""
        s = self.session
        layer = document.querySelector("#board #hover-layer")
        hint = el("hint")
        if (
            s is None
            or not s.game.hovers
            or self.hover_cell is None
            or not layer
            or s.needs_pass()
            or self.shown_position() is not None
        ):
            if hint:
                hint.textContent = ""
            if layer and layer.firstChild:  # a redraw that kept the layer's group keeps its old preview
                layer.innerHTML = ""
            return
        x, y = (int(v) for v in self.hover_cell.split())
        viewer = s.viewer()
        fragment, message = s.game.hover(
            s.game.view(s.state, viewer),
            viewer,
            s.selected,
            self.rotation,
            (x, y),
            self.lang,
            panels.names(s, self.lang),
        )
        layer.innerHTML = fragment
        if hint:
            hint.textContent = translate(message, self.lang)

    def rotate(self) -> None:
        """Next rotation after the one shown (the renderer skips rotations with no spot)."""
        s = self.session
        if s is None or not s.selected or not s.game.rotatable:
            return
        shown = document.querySelector("#board [data-rotation]")
        self.rotation = (int(shown.dataset.rotation) if shown else self.rotation) + 1
        self.redraw()

    def autosave(self) -> None:
        """Save, and send every device at this page's table its new view."""
        self.save_locally()
        if self.table is not None:
            self.table.changed()

    def save_locally(self) -> None:
        s = self.session
        if s is not None and not s.spectator and s.guest is None:
            s.record["finished"] = s.over
            window.localStorage.setItem(AUTOSAVE_KEY, s.save_json())

    # ---- moves -------------------------------------------------------------------------
    def play(self, text: str) -> None:
        s = self.session
        if s is None:
            return
        if s.spectator:
            self.show_error(self.T("This is a replay of a shared game: nobody can move in it."))
            return
        if s.awaiting() != HUMAN:
            self.show_error(
                self.T("Not your turn: the game is over.") if s.over else self.T("Not your turn: a bot is moving.")
            )
            return
        if s.needs_pass():
            self.show_error(self.T("Pass the device first: press the button on the board."))
            return
        try:
            before = s.move_count()
            s.play(text)
            self.scored_from = before  # the summaries this move and the replies bring
        except ValueError as e:  # IllegalMove; also any other refusal of odd typed text
            self.show_error(self.T("Illegal move. {why}", why=error_text(e, self.lang)))
            return
        self.replay_at = None
        self.show_error("")
        self.redraw()
        self.autosave()  # after the new board: the player sees it one save sooner
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
                # A search bot thinks in slices of ~15 ms: between them the browser draws,
                # animates the thinking bar and answers clicks (menus, log, rules).
                thinking = s.bot_thinking()
                while True:
                    try:
                        progress = next(thinking)
                    except StopIteration:
                        break
                    bar = el("thinking")
                    if bar:
                        bar.value = round(progress * 100)
                    await asyncio.sleep(0)
                    if generation != self.generation or self.session is not s:
                        thinking.close()  # undo, a new game...: this search is moot
                        return
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

    # ---- undo, redo ----------------------------------------------------------------------
    def undo(self) -> None:
        s = self.session
        if s is None or self.shown_position() is not None:
            return
        holder = s.holder()
        if self.table is not None and holder is not None:
            self.table.ask_undo(holder)  # at a table, the other devices' players agree first
            return
        try:
            s.undo()
        except IllegalMove as e:
            self.show_error(error_text(e, self.lang))
            return
        self.after_history_change()

    def redo(self) -> None:
        s = self.session
        if s is None or self.shown_position() is not None:
            return
        try:
            s.redo()
        except IllegalMove as e:
            self.show_error(error_text(e, self.lang))
            return
        self.after_history_change()
        self.kick_bots()

    def after_history_change(self) -> None:
        self.show_error("")
        self.generation += 1
        self.log_key = None
        self.autosave()
        self.redraw()

    # ---- events ------------------------------------------------------------------------
    CLICKABLE = "[data-move],[data-step],[data-unselect],[data-continue],[data-action],[data-draft]"

    def on_click(self, event: Any) -> None:
        target = event.target.closest(self.CLICKABLE)
        if not target:
            why = event.target.closest("#board [data-why]")
            if why:
                self.explain_click(why)
            return
        if target:  # JS null arrives as pyodide.ffi.jsnull, which is falsy but not None
            # build_scripts/bench.py times click -> new board from the event's own time.
            for kind in ("move", "step"):
                if target.hasAttribute(f"data-{kind}"):
                    self._click = (kind, float(event.timeStamp))
            self.tapping = bool(target.closest("#board"))
            try:
                self.activate(target)
            finally:
                self.tapping = False
            # Enter on the pass screen's button (a click with no pointer, detail 0) drew
            # the board over the focused button: a keyboard player goes on from the board.
            if target.hasAttribute("data-continue") and not event.detail:
                self.refocus(None)

    def activate(self, target: Any) -> None:
        s = self.session
        data = target.dataset
        if target.hasAttribute("data-action"):
            self.action(str(data.action), target)
            return
        if s is None:
            return
        if target.hasAttribute("data-continue"):
            s.reveal()
            self.redraw()
        elif target.hasAttribute("data-move"):
            self.asking = None
            self.play(str(data.move))
        elif target.hasAttribute("data-step") and str(data.step) in self.warned:
            self.asking = str(data.step)  # a move that will do nothing: ask first
            self.show_error("")
            self.show_question()
        elif target.hasAttribute("data-step"):
            s.select(str(data.step))
            self.asking = None
            self.show_error("")
            self.redraw()
        elif target.hasAttribute("data-unselect"):
            s.unselect(str(data.unselect))
            self.redraw()
        elif target.hasAttribute("data-draft"):  # a step of a free-form move (trade panel)
            s.edit_draft(str(data.draft))
            self.show_error("")
            self.redraw()

    def action(self, name: str, target: Any = None) -> None:
        s = self.session
        if name == "undo":
            self.undo()
        elif name == "redo":
            self.redo()
        elif name == "new":
            window.history.replaceState(None, "", window.location.pathname)
            self.show_lobby(game_name=s.game.name if s else None)
        elif name == "rules":
            self.open_rules()
        elif name == "study":  # the study editor, in a new tab, from this game's position
            from pyengine.core import share

            where = f"record={share.encode(s.record)}" if s else "new=1"
            window.open(f"./study.html?{where}&lang={self.lang}", "_blank")
        elif name == "rotate":
            self.rotate()
        elif name == "close-rules":
            el("rules-dialog").close()
        elif name == "cancel" and s is not None:
            s.selected = ()
            self.redraw()
        elif name == "close-scored" and s is not None:
            self.scored_from = s.move_count()
            self.show_scored(None)
        elif name == "cancel-confirm":
            self.asking = None
            self.show_question()
        elif name == "resume":
            try:
                self.begin(Session.resume(str(window.localStorage.getItem(AUTOSAVE_KEY))))
            except (RecordError, KeyError, ValueError) as e:
                el("lobby-error").textContent = self.T(
                    "Cannot resume the saved game: {why}", why=error_text(e, self.lang)
                )
        elif name == "share":
            self.open_share_dialog()
        elif name == "copy-share":
            self.copy_share_link()
        elif name == "close-share":
            el("share-dialog").close()
        elif name == "export":
            self.export()
        elif s is not None and name.startswith("replay-"):
            self.replay_action(name, target)
        elif name.startswith("table-"):
            self.table_action(name, target)
        elif name == "play-again" and s is not None:
            self.play_again(s)
        elif name == "toggle-end":
            self.end_open = not self.end_open
            self.redraw()

    def play_again(self, s: Session) -> None:
        """A new game like the one that ended: its game, seats, names and options, a new seed."""
        record = s.record
        seed = random_seed()
        while seed == record.get("seed"):
            seed = random_seed()
        seats = [str(k) for k in (record.get("seats") or [HUMAN] * record["players"])]
        names = [str(n) for n in (record.get("names") or [])]
        setup = Setup(s.game.name, record["players"], seats, seed, dict(record.get("options") or {}), names)
        window.history.replaceState(None, "", window.location.pathname)  # not the old start link's seed
        try:
            self.begin(Session.start(setup))
        except SetupError as e:
            self.show_lobby(self.T("Cannot start that game: {why}", why=error_text(e, self.lang)))

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

    def on_change(self, event: Any) -> None:
        target = event.target
        if target.id == "lang":
            self.set_language(str(target.value))
            return
        if target.id == "import-file":
            files = target.files
            if files and files.length:
                asyncio.ensure_future(self.import_file(files.item(0)))
            return
        if self.session is None and target.closest("#lobby-form"):
            self.lobby_change(target)

    def on_input(self, event: Any) -> None:
        target = event.target
        if target.id == "replay-slider" and self.session is not None:
            self.replay_playing = False
            self.replay_to(int(target.value))
            slider = el("replay-slider")
            if slider:
                slider.focus()

    def on_mouseover(self, event: Any) -> None:
        s = self.session
        if s is None or not s.game.hovers:
            return
        target = event.target
        # A finger's tap fires mouseover before its click: on what the tap plays, the
        # preview would be drawn only to be replaced by the new board at once.
        source = getattr(event, "sourceCapabilities", None)
        if source and source.firesTouchEvents and target.closest(self.CLICKABLE):
            return
        square = target.closest("#board [data-cell]")
        cell = str(square.dataset.cell) if square else ""
        # Squares are "x y"; the other parts' ids (a market, a seat: scenarios name them) are not hovered.
        if len(cell.split()) == 2 and all(v.isdigit() for v in cell.split()):
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
        ctrl = event.ctrlKey or event.metaKey
        if ctrl and not typing and key.lower() in ("z", "y"):
            event.preventDefault()
            if key.lower() == "y" or event.shiftKey:
                self.redo()
            else:
                self.undo()
        elif key == "Escape" and self.asking:
            self.asking = None
            self.show_question()
        elif key == "Escape" and self.session is not None and self.session.selected:
            self.session.selected = ()
            self.redraw()
        elif key in ("r", "R") and not typing and not ctrl and not event.altKey:
            self.rotate()
        elif key in ("Enter", " "):
            # The renderer makes its clickable SVG elements focusable (tabindex), but
            # SVG elements have no built-in keyboard activation: provide it.
            target = event.target.closest(
                "#board [data-move],#board [data-step],#board [data-unselect],#board [data-action],#board [data-draft]"
            )
            if target:
                event.preventDefault()
                focus_id = self.focus_key(target)
                self.activate(target)
                self.refocus(focus_id)

    @staticmethod
    def focus_key(target: Any) -> str | None:
        for attr in ("data-step", "data-unselect", "data-move"):
            if target.hasAttribute(attr):
                return f"[{attr}='{target.getAttribute(attr)}']"
        return None

    def refocus(self, selector: str | None) -> None:
        """After a keyboard choice redraws the board, keep the focus on the board, so
        a keyboard player can go on with Tab instead of starting from the top."""
        board = el("board")
        node = None
        if selector:
            node = board.querySelector(selector.replace("data-step", "data-unselect")) or board.querySelector(selector)
        node = node or board.querySelector("[data-move],[data-step],[data-continue],[data-unselect]")
        if node:
            node.focus()


def start() -> App:
    """Build the page's first screen (the lobby, or the game the URL asks for)."""
    app = App()
    app.start_from_url()
    # What is built by now (modules, the engine's tables, the first screen) lives as
    # long as the page: frozen out of the collector's sight, a collection walks only
    # what play makes since. Measured on a phone profile at 4x CPU slowdown, one
    # collection during a tap went from 25 ms to 1-3 ms.
    gc.freeze()
    document.body.setAttribute("data-ready", "")
    window.performance.mark("skyline:ready")
    window.skylineReady()
    return app
