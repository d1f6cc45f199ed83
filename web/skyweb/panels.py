"""HTML for everything around the board: lobby, prompt, scores, log, pass and end screens.

Pure string building (escaped with html.escape) so it runs and tests in CPython.
Nothing here carries data-move or data-step: only the board SVG makes moves.
"""
from __future__ import annotations

from html import escape
from typing import Any

from .params import HUMAN
from .session import Session

# Used when a game does not say its players' colours.
FALLBACK_COLOURS = ("#d1362f", "#2f6fd1", "#2e9b4f", "#e08a1e", "#7b4fb3", "#3a3a3a")


def player_colours(session: Session) -> list[str]:
    colours = session.game.player_colours(session.state)
    return colours or [FALLBACK_COLOURS[p % len(FALLBACK_COLOURS)] for p in range(len(session.seats))]


def chip(colour: str) -> str:
    return f'<span class="chip" style="background:{escape(colour)}"></span>'


# ---- lobby -------------------------------------------------------------------------
def lobby_html(games: dict[str, Any], game_name: str, saved: str | None, seed: int) -> str:
    """The setup form, generated from the chosen game's option schema."""
    game = games[game_name]
    counts = list(game.player_counts)
    players = 4 if 4 in counts else max(counts)
    bots = list(game.bots())
    rows = []
    rows.append(_field("Game", "game", _select("game", [(n, g.title) for n, g in games.items()], game_name)))
    rows.append(_field("Players", "players", _select("players", [(str(n), str(n)) for n in counts], str(players))))
    seat_choices = [(HUMAN, "Human")] + [(b, f"Bot ({b})") for b in bots]
    seats = []
    for p in range(max(counts)):
        default = HUMAN if p == 0 else game.default_bot
        hidden = " hidden" if p >= players else ""
        seats.append(f'<div class="seat" data-seat="{p}"{hidden}><label for="lobby-seat-{p}">Seat {p + 1}</label>'
                     f'{_select(f"seat-{p}", seat_choices, default)}</div>')
    rows.append(f'<fieldset class="seats"><legend>Seats</legend>{"".join(seats)}</fieldset>')
    opts = []
    for opt in game.option_schema():
        only = ",".join(map(str, opt["players"]))
        hidden = " hidden" if opt["players"] and players not in opt["players"] else ""
        help_ = f'<small>{escape(opt["help"])}</small>' if opt["help"] else ""
        name = f'opt-{opt["name"]}'
        ident = f"lobby-{name}"
        if opt["kind"] == "bool":
            checked = " checked" if opt["default"] else ""
            control = (f'<label class="check"><input type="checkbox" name="{name}" id="{ident}"{checked}>'
                       f' {escape(opt["label"])}</label>')
        elif opt["kind"] == "choice":
            control = (f'<label for="{ident}">{escape(opt["label"])}</label>'
                       + _select(name, [(v, lbl) for v, lbl in opt["choices"]], opt["default"]))
        else:
            control = (f'<label for="{ident}">{escape(opt["label"])}</label>'
                       f'<input type="number" name="{name}" id="{ident}" value="{escape(str(opt["default"]))}">')
        opts.append(f'<div class="option" data-players="{only}"{hidden}>{control}{help_}</div>')
    rows.append(f'<fieldset class="options"><legend>Options</legend>{"".join(opts)}</fieldset>')
    rows.append(_field("Seed", "seed", f'<input type="number" name="seed" id="lobby-seed" value="{seed}" min="0">'))
    resume = ""
    if saved:
        resume = (f'<div class="resume"><button type="button" data-action="resume">Resume</button>'
                  f'<span>{escape(saved)}</span></div>')
    return (f'<form id="lobby-form" class="card lobby" autocomplete="off">'
            f'<h1>Skyline</h1><p class="tagline">City-building board games, in your browser.</p>'
            f'{resume}{"".join(rows)}'
            f'<div class="actions"><button type="submit" class="primary" data-action="start">Start</button>'
            f'</div></form>')


def _field(label: str, name: str, control: str) -> str:
    return f'<div class="field"><label class="label" for="lobby-{name}">{escape(label)}</label>{control}</div>'


def _select(name: str, choices: list[tuple[str, str]], value: str) -> str:
    opts = "".join(
        f'<option value="{escape(v)}"{" selected" if v == value else ""}>{escape(lbl)}</option>'
        for v, lbl in choices
    )
    # Ids are prefixed: the lobby shares the document with #game, #board and friends.
    return f'<select name="{escape(name)}" id="lobby-{escape(name)}">{opts}</select>'


# ---- game screen -------------------------------------------------------------------
def prompt_html(session: Session) -> str:
    game, state = session.game, session.state
    colours = player_colours(session)
    p = session.current()
    if p is None:
        winners = game.winners(state)
        names = " and ".join(session.names[w] for w in winners)
        verb = "wins" if len(winners) == 1 else "share the win"
        return f'<span class="who">Game over</span>: <span class="what">{escape(names)} {verb}.</span>'
    who = session.names[p]
    seat = game.seat_name(state, p)
    where = f" <small>({escape(seat)})</small>" if seat else ""
    if not session.is_human(p):
        what = "is thinking…"
    elif session.needs_pass():
        what = "is next: pass the device."
    else:
        what = escape(game.prompt(state, p))
    return f'{chip(colours[p])}<span class="who">{escape(who)}</span>{where}: <span class="what">{what}</span>'


def scores_html(session: Session) -> str:
    """Table: one column per player, one row per scored round (itemised), totals last."""
    b = session.game.breakdown(session.state)
    items = list(b.get("items", []))
    rounds = b.get("rounds", [])
    labels = b.get("labels") or [f"Round {r}" for r in range(1, len(rounds) + 1)]
    # A game whose rows add up different things names each row's items (row_items).
    row_items = b.get("row_items") or [items] * len(rounds)
    totals = b.get("totals", [])
    colours = player_colours(session)
    current = session.current()
    winners = set(session.game.winners(session.state)) if session.over else set()
    head = "".join(
        f'<th class="{"turn" if p == current else ""}" title="{escape(name)}" '
        f'style="border-top-color:{escape(colours[p])}">{escape(name)}</th>'
        for p, name in enumerate(session.names)
    )
    body = []
    for r, rows in enumerate(rounds, 1):
        cells = []
        for row in rows:
            parts = " + ".join(f"{row.get(i, 0)}" for i in row_items[r - 1])
            title = ", ".join(f"{i} {row.get(i, 0)}" for i in row_items[r - 1])
            small = f'<small>{escape(parts)}</small>' if len(row_items[r - 1]) > 1 else ""
            cells.append(f'<td title="{escape(title)}"><b>{row.get("total", 0)}</b>{small}</td>')
        body.append(f'<tr><th scope="row">{escape(labels[r - 1])}</th>{"".join(cells)}</tr>')
    if not rounds:
        body.append(f'<tr class="empty"><td colspan="{len(session.names) + 1}">No round scored yet.</td></tr>')
    shown = b.get("formatted_totals") or totals
    total_cells = "".join(f'<td class="{"winner" if p in winners else ""}">{escape(str(t))}</td>'
                          for p, t in enumerate(shown))
    if b.get("caption"):
        legend = f'<caption>{escape(b["caption"])}</caption>'
    elif b.get("row_items"):
        legend = "<caption>" + "; ".join(
            f'{escape(label)}: {escape(" + ".join(its))}' for label, its in zip(labels, b["row_items"])) + "</caption>"
    elif items:
        legend = f'<caption>Points per round ({escape(" + ".join(items))})</caption>'
    else:
        legend = ""
    cols = '<colgroup><col class="label">' + "<col>" * len(session.names) + "</colgroup>"
    return (f'<table class="scores">{legend}{cols}<thead><tr><th></th>{head}</tr></thead>'
            f'<tbody>{"".join(body)}</tbody><tfoot><tr><th scope="row">{escape(b.get("total_label", "Total"))}</th>'
            f'{total_cells}</tr></tfoot>'
            f'</table>')


def log_html(session: Session) -> str:
    colours = player_colours(session)
    out = []
    for n, entry in enumerate(session.log):
        if entry.player is None or entry.player < 0:
            out.append(f'<li class="event">{escape(entry.text)}</li>')
        else:
            out.append(f'<li>{chip(colours[entry.player])}{escape(entry.text)}</li>')
    if not out:
        out.append('<li class="event">No moves yet.</li>')
    return "".join(out)


def end_html(session: Session) -> str:
    winners = session.game.winners(session.state)
    b = session.game.breakdown(session.state)
    totals = b.get("totals", [])
    colours = player_colours(session)
    names = [session.names[w] for w in winners]
    verb = "wins" if len(names) == 1 else "share the win"
    shown = b.get("formatted_totals")
    best = (f" with {shown[winners[0]] if shown else totals[winners[0]]}{'' if shown else ' points'}"
            if winners and totals else "")
    chips = "".join(chip(colours[w]) for w in winners)
    return (f'<div class="end card" role="status">{TROPHY}'
            f'<div><div class="title">{chips}<span id="winners">{escape(" and ".join(names))}</span> '
            f'{verb}{best}!</div><div class="sub">Game over after {session.move_count()} moves.</div></div></div>')


# Drawn, not an emoji: headless and minimal systems often have no emoji font.
TROPHY = ('<svg class="trophy" viewBox="0 0 64 64" aria-hidden="true">'
          '<path d="M18 8h28v14c0 9-6 16-14 16s-14-7-14-16z" fill="#e0a800" stroke="#9a7400" stroke-width="2"/>'
          '<path d="M18 12H9c0 9 4 14 10 15M46 12h9c0 9-4 14-10 15" fill="none" stroke="#9a7400" stroke-width="3"/>'
          '<rect x="28" y="37" width="8" height="10" fill="#c99700"/>'
          '<rect x="19" y="47" width="26" height="8" rx="2" fill="#6b5200"/></svg>')


def pass_html(session: Session) -> str:
    p = session.current()
    name = session.names[p] if p is not None else ""
    colours = player_colours(session)
    return (f'<div class="pass card"><p>Pass the device to</p><h2>{chip(colours[p])}{escape(name)}</h2>'
            f'<p class="sub">The board stays hidden until {escape(name)} is ready.</p>'
            f'<button type="button" class="primary" data-continue>I am {escape(name)}: show my view</button>'
            f'</div>')
