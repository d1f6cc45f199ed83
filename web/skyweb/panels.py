"""HTML for everything around the board: lobby, prompt, scores, log, replay bar, pass
and end screens.

Pure string building (escaped with html.escape) so it runs and tests in CPython.
Nothing here carries data-move or data-step: only the board SVG makes moves. Every
text goes through the translator of the page's language.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from html import escape
from typing import Any

from pyengine import ABOUT, TITLES
from pyengine.core.i18n import LANGUAGES, Translator, msg, translate, with_names
from pyengine.core.pkgdata import package_of, read

from .chart import score_chart
from .params import HUMAN, MAX_NAME, REMOTE
from .session import Session

# Used when a game does not say its players' colours (Okabe-Ito: safe for colour blindness).
FALLBACK_COLOURS = ("#d55e00", "#0072b2", "#009e73", "#e69f00", "#cc79a7", "#3a3a3a")


def player_colours(session: Session) -> list[str]:
    colours = session.game.player_colours(session.state)
    return colours or [FALLBACK_COLOURS[p % len(FALLBACK_COLOURS)] for p in range(len(session.seats))]


def chip(colour: str, player: int | None = None) -> str:
    """A player's colour dot. Always beside the player's name, which is the cue that
    does not depend on seeing colour."""
    seat = f' data-player="{player}"' if player is not None else ""
    return f'<span class="chip"{seat} style="background:{escape(colour)}" aria-hidden="true"></span>'


def names(session: Session, lang: str) -> list[str]:
    return [translate(n, lang) for n in session.names]


# ---- lobby -------------------------------------------------------------------------
def ladder_places(game: Any) -> dict[str, tuple[int, int]]:
    """Each bot's place on the game's ladder and how many bots it has: read from the
    game's ladder.json, which `python -m pyengine ladder --docs` writes (docs/bots.md);
    empty if the game has none. Read once per game: the lobby asks at every redraw."""
    return dict(_ladder_places(package_of(game)))


@functools.cache
def _ladder_places(package: str) -> dict[str, tuple[int, int]]:
    raw = read(package, "ladder.json")
    if raw is None:
        return {}
    rows = json.loads(raw)["bots"]
    return {str(r["bot"]): (int(r["rank"]), len(rows)) for r in rows}


def bot_label(bot: str, place: tuple[int, int] | None, T: Translator) -> str:
    """A bot's name in the seat menu, with its place on the ladder in plain words."""
    if place is None:
        return T("Bot ({name})", name=T(bot))
    rank, total = place
    if rank == 1:
        where = T("strongest")
    elif rank == total:
        where = T("weakest")
    else:
        where = T("rank {n} of {total}", n=rank, total=total)
    return T("Bot ({name}): {place}", name=T(bot), place=where)


def lobby_html(
    games: dict[str, Any], game_name: str, saved: str | None, seed: int | str, lang: str = "en", more: bool = False
) -> str:
    """The setup form, generated from the chosen game's option schema. The build draws
    it too (build_scripts/prelobby.py, with seed "": the page fills it), so the lobby is
    on screen before Python."""
    T = Translator(lang)
    game = games[game_name]
    counts = list(game.player_counts)
    players = 4 if 4 in counts else max(counts)
    bots = list(game.bots())
    rows = []
    rows.append(_game_cards(games, game_name, lang))
    rows.append(_field(T("Players"), "players", _select("players", [(str(n), str(n)) for n in counts], str(players))))
    places = ladder_places(game)
    seat_choices = [(HUMAN, T("Human")), (REMOTE, T("On another device"))] + [
        (b, bot_label(b, places.get(b), T)) for b in bots
    ]
    seats = []
    for p in range(max(counts)):
        default = HUMAN if p == 0 else game.default_bot
        hidden = " hidden" if p >= players else ""
        name_label = escape(T("Name of seat {n}", n=p + 1))
        seats.append(
            f'<div class="seat" data-seat="{p}"{hidden}><label for="lobby-seat-{p}">'
            f"{escape(T('Seat {n}', n=p + 1))}</label>{_select(f'seat-{p}', seat_choices, default)}"
            f'<input name="name-{p}" id="lobby-name-{p}" maxlength="{MAX_NAME}" aria-label="{name_label}" '
            f'placeholder="{escape(T("Player {n}", n=p + 1))}"></div>'
        )
    rows.append(f'<fieldset class="seats"><legend>{escape(T("Seats"))}</legend>{"".join(seats)}</fieldset>')
    opts = []
    for opt in game.option_schema():
        only = ",".join(map(str, opt["players"]))
        hidden = " hidden" if opt["players"] and players not in opt["players"] else ""
        help_ = f"<small>{escape(T(opt['help']))}</small>" if opt["help"] else ""
        name = f"opt-{opt['name']}"
        ident = f"lobby-{name}"
        if opt["kind"] == "bool":
            checked = " checked" if opt["default"] else ""
            control = (
                f'<label class="check"><input type="checkbox" name="{name}" id="{ident}"{checked}>'
                f" {escape(T(opt['label']))}</label>"
            )
        elif opt["kind"] == "choice":
            control = f'<label for="{ident}">{escape(T(opt["label"]))}</label>' + _select(
                name, [(v, T(lbl)) for v, lbl in opt["choices"]], opt["default"]
            )
        elif opt["kind"] == "seat":
            # Seat numbers beyond the chosen player count are hidden (lobby.py keeps that in step).
            seats_ = [(v, T(lbl)) for v, lbl in opt["choices"]] + [
                (str(n), T("Player {n}", n=n)) for n in range(1, max(counts) + 1)
            ]
            control = f'<label for="{ident}">{escape(T(opt["label"]))}</label>' + _select(
                name, seats_, opt["default"], seat_limit=players
            )
        else:
            control = (
                f'<label for="{ident}">{escape(T(opt["label"]))}</label>'
                f'<input type="number" name="{name}" id="{ident}" value="{escape(str(opt["default"]))}">'
            )
        opts.append(f'<div class="option" data-players="{only}"{hidden}>{control}{help_}</div>')
    # Rulebook readings and the seed are for those who look for them: folded away.
    seed_row = _field(T("Seed"), "seed", f'<input type="number" name="seed" id="lobby-seed" value="{seed}" min="0">')
    rows.append(
        f'<details class="more"{" open" if more else ""}><summary>{escape(T("More options"))}</summary>'
        f'<div class="options">{"".join(opts)}</div>{seed_row}</details>'
    )
    resume = resume_html(saved, lang) if saved else ""
    load = (
        f'<div class="import"><label for="import-file">{escape(T("Open a saved game (.json)"))}</label>'
        f'<input type="file" id="import-file" accept=".json,application/json"></div>'
    )
    return (
        f'<form id="lobby-form" class="card lobby" autocomplete="off">'
        f'<h2>Skyline</h2><p class="tagline">{escape(T("City-building board games, in your browser."))}</p>'
        f"{resume}{''.join(rows)}{load}"
        f'<div class="actions"><button type="submit" class="primary" data-action="start">'
        f"{escape(T('Start'))}</button></div></form>"
    )


def resume_html(saved: str, lang: str = "en") -> str:
    """The saved game's row at the head of the lobby: Resume and what it was."""
    T = Translator(lang)
    return (
        f'<div class="resume"><button type="button" data-action="resume">{escape(T("Resume"))}</button>'
        f"<span>{escape(saved)}</span></div>"
    )


# What the page says while Python loads (index.html and app.py, in English there), for
# the lobby and the start-a-game screen drawn before Python (build_scripts/prelobby.py).
BOOT_TEXTS = (
    msg("Loading…"),
    msg("Starting Python…"),
    msg("Loading the Python runtime…"),
    msg("Python is up…"),
    msg("Loading the interface…"),
    msg("Starting the interface…"),
    msg("Loading the game engine…"),
    msg("Ready"),
    msg("Could not start: {why}. Try reloading the page."),
    msg("{loaded} / {total} MB"),
    msg("The game starts as soon as the game engine is loaded."),
)


def _game_cards(games: dict[str, Any], chosen: str, lang: str) -> str:
    """The games to choose from, each with a picture of its board (dist/boards/, drawn at
    build time), one line on what it is, its player count and its length. Needs no game
    imported: the data is pyengine.TITLES and pyengine.ABOUT."""
    T = Translator(lang)
    cards = []
    for name in games:
        blurb, (low, high), (short, long_) = ABOUT[name]
        minutes = T("{n} min", n=short) if short == long_ else T("{a}–{b} min", a=short, b=long_)
        checked = " checked" if name == chosen else ""
        cards.append(
            f'<label class="game-card"><input type="radio" name="game" value="{escape(name)}"{checked}>'
            f'<img src="boards/{escape(name)}.svg" alt="" width="168" height="112">'
            f'<span class="game-name">{escape(T(TITLES[name]))}</span>'
            f'<span class="game-about">{escape(translate(blurb, lang))}</span>'
            f'<span class="game-facts">{escape(T("{a}–{b} players", a=low, b=high))} · {escape(minutes)}</span>'
            f"</label>"
        )
    # The chosen game's guide (learn.html), a page of its own: a newcomer reads it first.
    learn = (
        f'<p class="learn-link"><a href="./learn.html?game={escape(chosen)}&amp;lang={escape(lang)}" '
        f'data-learn="{escape(chosen)}">{escape(T("How to play {game}", game=T(TITLES[chosen])))}</a></p>'
    )
    return f'<fieldset class="games"><legend>{escape(T("Game"))}</legend>{"".join(cards)}{learn}</fieldset>'


def _field(label: str, name: str, control: str) -> str:
    return f'<div class="field"><label class="label" for="lobby-{name}">{escape(label)}</label>{control}</div>'


def _select(name: str, choices: list[tuple[str, str]], value: str, seat_limit: int | None = None) -> str:
    """A <select>; with `seat_limit`, numeric values are seats, and those past it are hidden."""

    def extra(v: str) -> str:
        if seat_limit is None or not v.isdigit():
            return ""
        return f' data-seat-choice="{v}"' + (" hidden disabled" if int(v) > seat_limit else "")

    opts = "".join(
        f'<option value="{escape(v)}"{extra(v)}{" selected" if v == value else ""}>{escape(lbl)}</option>'
        for v, lbl in choices
    )
    # Ids are prefixed: the lobby shares the document with #game, #board and friends.
    return f'<select name="{escape(name)}" id="lobby-{escape(name)}">{opts}</select>'


def language_options(lang: str) -> str:
    return "".join(
        f'<option value="{code}"{" selected" if code == lang else ""}>{escape(name)}</option>'
        for code, name in LANGUAGES.items()
    )


# ---- game screen -------------------------------------------------------------------
def prompt_html(session: Session, lang: str = "en") -> str:
    T = Translator(lang)
    game, state = session.game, session.state
    colours = player_colours(session)
    who_all = names(session, lang)
    p = session.current()
    if p is None:
        winners = game.winners(state)
        text = (
            T("{names} wins.", names=who_all[winners[0]])
            if len(winners) == 1
            else T("{names} share the win.", names=T(" and ").join(who_all[w] for w in winners))
        )
        return f'<span class="who">{escape(T("Game over"))}</span>: <span class="what">{escape(text)}</span>'
    seat = game.seat_name(state, p)
    where = f" <small>({escape(translate(seat, lang))})</small>" if seat else ""
    if session.spectator:
        what = T("is to move. You are watching a replay.")
    elif session.awaiting() == "remote":
        what = T("is choosing a move on another device…")
    elif not session.is_human(p):
        # The bar is indeterminate (animated by the browser) until a search bot reports
        # its progress (ui.run_bots sets its value).
        return (
            f'{chip(colours[p], p)}<span class="who">{escape(who_all[p])}</span>{where}: '
            f'<span class="what thinking">{escape(T("is thinking…"))}</span> '
            f'<progress id="thinking" max="100" aria-label="{escape(T("is thinking…"))}"></progress>'
        )
    elif session.needs_pass():
        # No "Ann: is next: pass the device": the sentence names the player itself.
        return (
            f'{chip(colours[p], p)}<span class="what">'
            f"{escape(T('Pass the device to {name}.', name=who_all[p]))}{where}</span>"
        )
    else:
        what = translate(with_names(game.prompt(state, p), who_all), lang)
    return (
        f'{chip(colours[p], p)}<span class="who">{escape(who_all[p])}</span>{where}: '
        f'<span class="what">{escape(what)}</span>'
    )


def _item_label(session: Session, item: str, lang: str) -> str:
    return translate(session.game.item_label(item), lang)


def scores_html(session: Session, lang: str = "en", state: dict[str, Any] | None = None) -> str:
    """Table: one column per player, one row per scored round (itemised), totals last."""
    T = Translator(lang)
    state = session.state if state is None else state
    b = session.game.breakdown(state)
    items = list(b.get("items", []))
    rounds = b.get("rounds", [])
    labels = [translate(x, lang) for x in b.get("labels") or []] or [
        T("Round {n}", n=r) for r in range(1, len(rounds) + 1)
    ]
    # A game whose rows add up different things names each row's items (row_items).
    row_items = b.get("row_items") or [items] * len(rounds)
    colours = player_colours(session)
    current = session.game.to_move(state)
    current = current[0] if current else None
    over = session.game.is_over(state)
    winners = set(session.game.winners(state)) if over else set()
    who = names(session, lang)
    head = "".join(
        f'<th class="{"turn" if p == current else ""}" title="{escape(name)}" scope="col" '
        f'style="border-top-color:{escape(colours[p])}">{chip(colours[p], p)}{escape(name)}</th>'
        for p, name in enumerate(who)
    )
    body = []
    fmt = points_in(session, lang)
    for r, rows in enumerate(rounds, 1):
        cells = []
        for row in rows:
            # Each scored item named, zeros left out: twelve "0 + 0 + ..." ran off the panel.
            parts = [f"{_item_label(session, i, lang)} {fmt(row.get(i, 0))}" for i in row_items[r - 1] if row.get(i, 0)]
            small = "".join(f"<small>{escape(x)}</small>" for x in parts) if len(row_items[r - 1]) > 1 else ""
            cells.append(f"<td><b>{escape(fmt(row.get('total', 0)))}</b>{small}</td>")
        body.append(f'<tr><th scope="row">{escape(labels[r - 1])}</th>{"".join(cells)}</tr>')
    if not rounds:
        body.append(f'<tr class="empty"><td colspan="{len(who) + 1}">{escape(T("No round scored yet."))}</td></tr>')
    shown = totals_in(session, b, lang)
    total_cells = "".join(
        f'<td class="{"winner" if p in winners else ""}">{escape(str(t))}</td>' for p, t in enumerate(shown)
    )
    legend = f"<caption>{escape(translate(b['caption'], lang))}</caption>" if b.get("caption") else ""
    cols = '<colgroup><col class="label">' + "<col>" * len(who) + "</colgroup>"
    total_label = translate(b["total_label"], lang) if b.get("total_label") else T("Total")
    return (
        f'<table class="scores">{legend}{cols}<thead><tr><td></td>{head}</tr></thead>'
        f'<tbody>{"".join(body)}</tbody><tfoot><tr><th scope="row">{escape(total_label)}</th>'
        f"{total_cells}</tr></tfoot></table>"
    )


def log_html(session: Session, lang: str = "en", at: int | None = None) -> str:
    """The log in words; each line jumps the replay to its position when clicked.
    `at`: the replay position being shown (its lines are marked, later ones dimmed)."""
    T = Translator(lang)
    colours = player_colours(session)
    out = []
    for entry in session.log:
        state = ""
        if at is not None:
            state = " current" if entry.move == at else (" later" if entry.move > at else "")
        text = escape(translate(entry.text, lang))
        jump = (
            f'<button type="button" class="jump" data-action="replay-to" data-at="{entry.move}" '
            f'title="{escape(T("Show the board after this move"))}">{entry.move}</button>'
        )
        if entry.player is None or entry.player < 0:
            out.append(f'<li class="event{state}">{jump}{text}</li>')
        else:
            out.append(f'<li class="{state.strip()}">{jump}{chip(colours[entry.player], entry.player)}{text}</li>')
    if not out:
        out.append(f'<li class="event">{escape(T("No moves yet."))}</li>')
    return "".join(out)


def replay_bar_html(session: Session, at: int | None, playing: bool, lang: str = "en") -> str:
    """First / back / play / forward / last and a slider over every position."""
    T = Translator(lang)
    n = session.move_count()
    k = n if at is None else at

    def btn(action: str, label: str, icon: str, disabled: bool) -> str:
        return (
            f'<button type="button" class="small icon" data-action="{action}" aria-label="{escape(label)}" '
            f'title="{escape(label)}"{" disabled" if disabled else ""}>{ICONS[icon]}</button>'
        )

    play_label = T("Pause") if playing else T("Play the game back")
    return (
        f'<div class="replay-controls" role="group" aria-label="{escape(T("Replay"))}">'
        f"{btn('replay-first', T('First position'), 'first', k == 0)}"
        f"{btn('replay-back', T('One move back'), 'back', k == 0)}"
        f"{btn('replay-play', play_label, 'pause' if playing else 'play', n == 0)}"
        f"{btn('replay-forward', T('One move forward'), 'forward', k >= n)}"
        f"{btn('replay-last', T('Last position'), 'last', k >= n)}"
        f'<input type="range" id="replay-slider" min="0" max="{n}" value="{k}" '
        f'aria-label="{escape(T("Position in the game"))}">'
        f'<span class="replay-pos">{escape(T("{k} / {n}", k=k, n=n))}</span></div>'
    )


def _icon(path: str) -> str:
    return f'<svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true"><path d="{path}" fill="currentColor"/></svg>'


# Drawn, not font glyphs: media-control characters are missing from many fonts.
ICONS = {
    "first": _icon("M2 2h2v12H2zM14 2v12L5 8z"),
    "back": _icon("M8 2v12L1 8zM15 2v12L8 8z"),
    "play": _icon("M4 2v12l9-6z"),
    "pause": _icon("M3 2h4v12H3zM9 2h4v12H9z"),
    "forward": _icon("M1 2v12l7-6zM8 2v12l7-6z"),
    "last": _icon("M12 2h2v12h-2zM2 2v12l9-6z"),
}


def replay_banner_html(session: Session, at: int | None, lang: str = "en") -> str:
    T = Translator(lang)
    if session.spectator:
        n = session.move_count()
        k = n if at is None else at
        text = T(
            "Watching a shared game at move {k} of {n}. Its players hold hidden information, "
            "so it opens as a replay until it is over.",
            k=k,
            n=n,
        )
        return f'<div class="banner" role="status">{escape(text)}</div>'
    if at is None:
        return ""
    text = T("Showing the board after move {k} of {n}.", k=at, n=session.move_count())
    return (
        f'<div class="banner" role="status">{escape(text)} '
        f'<button type="button" class="small primary" data-action="replay-exit">'
        f"{escape(T('Back to the game'))}</button></div>"
    )


def end_html(session: Session, lang: str = "en", open_: bool = True) -> str:
    """Winner, the score breakdown per player and item, and the score-over-time chart."""
    T = Translator(lang)
    winners = session.game.winners(session.state)
    b = session.game.breakdown(session.state)
    totals = b.get("totals", [])
    colours = player_colours(session)
    who = names(session, lang)
    won = [who[w] for w in winners]
    if len(won) == 1:
        shown = b.get("formatted_totals")  # e.g. money: "$12,000" rather than "12 points"
        if shown:
            title = T("{name} wins with {amount}!", name=won[0], amount=shown[winners[0]])
        elif totals:
            title = T("{name} wins with {points} points!", name=won[0], points=totals[winners[0]])
        else:
            title = T("{names} wins.", names=won[0])
    else:
        title = T("{names} share the win!", names=T(" and ").join(won))
    chips = "".join(chip(colours[w], w) for w in winners)
    table = breakdown_table(session, lang)
    chart = score_chart(session.score_history(), who, colours, lang, fmt=points_in(session, lang))
    # The same game, seats and options with a new deal: not at a table of devices, whose
    # players would all have to come again (the host starts a new table from the lobby).
    again = (
        f'<button type="button" class="primary small" data-action="play-again">{escape(T("Play again"))}</button>'
        if session.guest is None and not session.remote
        else ""
    )
    return (
        f'<div class="end card" role="status">'
        f'<div class="end-head">{TROPHY}<div><div class="title">{chips}<span id="winners">{escape(title)}</span>'
        f'</div><div class="sub">{escape(T("Game over after {n} moves.", n=session.move_count()))}</div></div>'
        f"{again}"
        f'<button type="button" class="small" data-action="toggle-end" aria-controls="end-body" '
        f'aria-expanded="{"true" if open_ else "false"}">{escape(T("Hide") if open_ else T("Show"))}</button></div>'
        f'<div class="end-body" id="end-body">{table}<figure>{chart}'
        f"<figcaption>{escape(T('Score over time'))}</figcaption></figure></div></div>"
    )


def points_in(session: Session, lang: str) -> Callable[[int], str]:
    """The game's way of writing a score, in `lang`: Chinatown's dollars are "$14,000" in
    English and "14 000 $" in French."""
    return lambda value: translate(session.game.points_text(value), lang)


def totals_in(session: Session, b: dict[str, Any], lang: str) -> list[str]:
    """Each player's total as the game writes it (Chinatown's money), in `lang`."""
    written = b.get("formatted_totals")
    return (
        [translate(t, lang) for t in written] if written else list(map(points_in(session, lang), b.get("totals", [])))
    )


def breakdown_table(session: Session, lang: str = "en") -> str:
    """Every player's points by item (summed over the rounds) and the total."""
    T = Translator(lang)
    b = session.game.breakdown(session.state)
    rounds = b.get("rounds", [])
    items: list[str] = []
    for its in b.get("row_items") or [b.get("items", [])]:
        items += [i for i in its if i not in items]
    who = names(session, lang)
    colours = player_colours(session)
    fmt = points_in(session, lang)
    rows = []
    for item in items:
        values = [sum(rnd[p].get(item, 0) for rnd in rounds) for p in range(len(who))]
        rows.append(
            f'<tr><th scope="row">{escape(_item_label(session, item, lang))}</th>'
            + "".join(f"<td>{escape(fmt(v))}</td>" for v in values)
            + "</tr>"
        )
    head = "".join(f'<th scope="col">{chip(colours[p], p)}{escape(n)}</th>' for p, n in enumerate(who))
    shown = totals_in(session, b, lang)
    totals = "".join(f"<td>{escape(t)}</td>" for t in shown)
    total_label = translate(b["total_label"], lang) if b.get("total_label") else T("Total")
    return (
        f'<table class="breakdown"><caption>{escape(T("Score by item"))}</caption>'
        f"<thead><tr><td></td>{head}</tr></thead><tbody>{''.join(rows)}</tbody>"
        f'<tfoot><tr><th scope="row">{escape(total_label)}</th>{totals}</tr></tfoot></table>'
    )


# Drawn, not an emoji: headless and minimal systems often have no emoji font.
TROPHY = (
    '<svg class="trophy" viewBox="0 0 64 64" aria-hidden="true">'
    '<path d="M18 8h28v14c0 9-6 16-14 16s-14-7-14-16z" fill="#e0a800" stroke="#9a7400" stroke-width="2"/>'
    '<path d="M18 12H9c0 9 4 14 10 15M46 12h9c0 9-4 14-10 15" fill="none" stroke="#9a7400" stroke-width="3"/>'
    '<rect x="28" y="37" width="8" height="10" fill="#c99700"/>'
    '<rect x="19" y="47" width="26" height="8" rx="2" fill="#6b5200"/></svg>'
)


def pass_html(session: Session, lang: str = "en") -> str:
    T = Translator(lang)
    p = session.current()
    name = names(session, lang)[p] if p is not None else ""
    colours = player_colours(session)
    return (
        f'<div class="pass card"><p>{escape(T("Pass the device to"))}</p>'
        f"<h2>{chip(colours[p], p)}{escape(name)}</h2>"
        f'<p class="sub">{escape(T("The board stays hidden until {name} is ready.", name=name))}</p>'
        f'<button type="button" class="primary" data-continue>'
        f"{escape(T('I am {name}: show my view', name=name))}</button></div>"
    )
