"""The lobby screen: the new-game form, the saved game's summary, and the form's live
updates (game and player count).

Separate from ui.py because nothing here runs while a game is on: the game screen's
code reads without it. A mixin of ui.App: it uses App's session, games, generation,
replay state, T and begin.
"""

from __future__ import annotations

import asyncio
from typing import Any

from pyscript import document, window

from pyengine.core.record import RecordError, load_record

from . import panels
from .dom import el, error_text
from .params import Setup, clean_names, random_seed
from .session import AUTOSAVE_KEY, Session


class LobbyScreen:
    """The lobby's part of ui.App."""

    def show_lobby(self, message: str = "", game_name: str | None = None, more: bool = False) -> None:
        self.generation += 1
        self.session = None
        self.replay_at, self.replay_playing = None, False
        body = document.body
        for attr in ("data-turn", "data-awaiting", "data-game-over", "data-moves", "data-spectator"):
            body.removeAttribute(attr)
        el("game").hidden = True
        for tool in ("undo", "redo", "new-game", "share", "export"):
            el(tool).hidden = True
        el("title").textContent = ""
        el("move-count").textContent = ""  # the last game's "Move 35" is not the lobby's
        el("join").hidden = True
        el("join-box").hidden = False  # needs Python: shown from here, not by the page before it
        el("table-button").hidden = True
        self.leave_online()
        self.table = self.guest = None
        lobby = el("lobby")
        if lobby.hasAttribute("data-prelobby"):  # drawn before Python: the player may be using it
            lobby.removeAttribute("data-prelobby")
            if el("lobby-form"):
                self.adopt_lobby(message)
                return
        name = game_name if game_name in self.games else next(iter(self.games))
        lobby.innerHTML = panels.lobby_html(self.games, name, self.saved_summary(), random_seed(), self.lang, more)
        el("lobby-error").textContent = message
        lobby.hidden = False

    def adopt_lobby(self, message: str = "") -> None:
        """Take over the lobby web/prelobby.mjs drew before Python was up, as the player
        left it (game, players, seats, names, options, seed, More options, language:
        initial_language took that one). It is this module's own form (panels.lobby_html,
        run at build time), and the listeners are on #app, so it stays as it is; only
        the saved game's Resume row is added. Start pressed meanwhile starts the game
        now, and a file chosen to open is opened."""
        form = el("lobby-form")
        saved = self.saved_summary()
        if saved:
            form.querySelector(".tagline").insertAdjacentHTML("afterend", panels.resume_html(saved, self.lang))
        el("lobby-error").textContent = message
        note = form.querySelector("[data-pending-note]")
        if note:
            note.remove()
        files = el("import-file").files
        if form.hasAttribute("data-start-pending"):
            form.removeAttribute("data-start-pending")
            self.start_from_lobby(form)
        elif files and files.length:
            asyncio.ensure_future(self.import_file(files.item(0)))

    def saved_summary(self) -> str | None:
        text = window.localStorage.getItem(AUTOSAVE_KEY)
        if not text:
            return None
        try:
            record = load_record(str(text))
            game = self.games[record["game"]]
        except (RecordError, KeyError):
            return None
        status = self.T("finished") if record.get("finished") else self.T("{n} moves played", n=len(record["moves"]))
        return self.T(
            "{game}, {players} players, seed {seed}: {status}",
            game=self.T(game.title),
            players=record["players"],
            seed=record["seed"],
            status=status,
        )

    def start_from_lobby(self, form: Any) -> None:
        game = self.games[str(form.elements.namedItem("game").value)]
        players = int(form.elements.namedItem("players").value)
        seats = [str(form.elements.namedItem(f"seat-{p}").value) for p in range(players)]
        names = [str(form.elements.namedItem(f"name-{p}").value) for p in range(players)]
        options = {}
        for opt in game.option_schema():
            if opt["players"] and players not in opt["players"]:
                continue  # hidden: leave it at its default
            field = form.elements.namedItem(f"opt-{opt['name']}")
            options[opt["name"]] = bool(field.checked) if opt["kind"] == "bool" else str(field.value)
        seed_text = str(form.elements.namedItem("seed").value).strip()
        try:
            seed = int(seed_text) if seed_text else random_seed()
            window.history.replaceState(None, "", window.location.pathname)
            self.begin(Session.start(Setup(game.name, players, seats, seed, options, clean_names(names, players))))
        except ValueError as e:  # SetupError, or a seed that is not a number
            el("lobby-error").textContent = self.T("Cannot start: {why}", why=error_text(e, self.lang))

    def lobby_change(self, target: Any) -> None:
        """A changed field of the lobby form: another game redraws the form, another
        player count shows and hides the rows and seat choices that depend on it.
        web/prelobby.mjs does the same before Python is up (showForm, playersChanged):
        keep the two in step."""
        if target.name == "game":  # another game's options: More options stays as it was
            more = document.querySelector("#lobby-form details.more")
            self.show_lobby(game_name=str(target.value), more=bool(more and more.open))
        elif target.name == "players":
            players = int(target.value)
            for row in document.querySelectorAll("#lobby-form [data-seat]"):
                row.hidden = int(row.dataset.seat) >= players
            for row in document.querySelectorAll("#lobby-form [data-players]"):
                only = [int(n) for n in str(row.dataset.players).split(",") if n]
                row.hidden = bool(only) and players not in only
            for choice in document.querySelectorAll("#lobby-form [data-seat-choice]"):
                gone = int(choice.dataset.seatChoice) > players
                choice.hidden = choice.disabled = gone
                if gone and choice.selected:  # seat 4 of a 3-player game: back to the default
                    choice.parentElement.value = "random"
