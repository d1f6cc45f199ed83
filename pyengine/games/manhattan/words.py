"""Manhattan in words: prompts, the picked tokens and why a click does nothing.

A card is named by the lot it lets its holder build on (the north-east card), never
by its number in the engine's move texts ("card 3").
"""
from __future__ import annotations

from typing import Any

from ...core.game import IllegalMove
from ...core.i18n import Msg, msg
from . import rules
from .data import BOARD_W, CITIES, COLOURS, card_square, lot_city
from .moves import Build

State = dict[str, Any]

KEYPAD_WORDS = {
    (0, 0): "north-west", (0, 1): "north", (0, 2): "north-east",
    (1, 0): "west", (1, 1): "centre", (1, 2): "east",
    (2, 0): "south-west", (2, 1): "south", (2, 2): "south-east",
}


def where(card: int, seat: str) -> Msg:
    """The lot a card names for a seat, as a direction: "north-east"."""
    return Msg(KEYPAD_WORDS[card_square(card, seat)])


def _player(p: int) -> Msg:
    return msg("Player {n}", n=p + 1)  # the page puts the session's names in


def pick_prompt(state: State) -> Msg:
    """Which part to choose, and who chooses after: parts come from the player's own
    box, in the open, in the order of the option "Choosing parts" (RULES.md)."""
    p = state["turn"]
    colour = rules.picking_colour(state, p)
    mine = rules.player_colours(state, p)
    k, n = sum(state["selected"][colour]) + 1, state["per_round"]
    if len(mine) > 1:
        part = msg("Choose part {k} of {n} in {colour} for round {round}.", k=k, n=n, colour=Msg(COLOURS[colour]),
                   round=state["round"])
    else:
        part = msg("Choose part {k} of {n} for round {round}.", k=k, n=n, round=state["round"])
    players = state["players"]
    after = next((q for q in ((p + i) % players for i in range(1, players))
                  if rules.picking_colour(state, q) is not None), None)
    total = n * len(mine)
    if after is None:
        if state["start"] == p:
            order = msg("Take them from your own box, in the open. You choose last; then you build first.")
        else:
            order = msg("Take them from your own box, in the open. You choose last; then building begins, "
                        "{start} first.", start=_player(state["start"]))
    elif state["options"]["pick_order"] == "one":
        order = msg("Take them from your own box, in the open: players take one part at a time, in turn, "
                    "until everyone has {n}; {next} chooses next.", n=total, next=_player(after))
    else:
        order = msg("Take them from your own box, in the open: each player in turn chooses all {n} parts, "
                    "and {next} chooses after you.", n=total, next=_player(after))
    return msg("{part} {order}", part=part, order=order)


def build_prompt() -> Msg:
    return msg("Play a card: its red square is the lot it lets you build on, in any city. "
               "Then choose one of this round's parts and a highlighted lot.")


def token_label(state: State, token: str) -> str | Msg:
    """A picked token for the page's "Chosen: ..." line: the card by its lot, the city
    by its name, a part by its storeys."""
    word, _, arg = token.partition(" ")
    seat = state["seats"][state["turn"]]
    if word == "card" and arg.isdigit():
        return msg("card: {where} lot", where=where(int(arg), seat))
    if word == "discard" and arg.isdigit():
        return msg("discard the {where} card", where=where(int(arg), seat))
    if word == "city" and arg.isdigit() and 1 <= int(arg) <= len(CITIES):
        return Msg(CITIES[int(arg) - 1])
    if word in ("storeys", "pick") and arg.isdigit():
        return msg("{n}-storey part", n=int(arg))
    if word == "as" and arg in COLOURS:
        return Msg(arg)
    return token


def explain(state: State, selected: tuple[str, ...], token: str) -> Msg | None:
    """Why a click on the player's own card, part, box or on a lot does nothing now
    (renderers mark them ``data-why``); None leaves it to core.game.why_not."""
    if state["phase"] == "over":
        return None
    p = state["turn"]
    viewer = state.get("viewer")
    if viewer is not None and viewer != p:
        return msg("It is {player}'s turn: wait for your turn.", player=_player(p))
    word, _, arg = token.partition(" ")
    if not arg.isdigit():
        return None
    value = int(arg)
    if state["phase"] == "pick":
        if word == "pick":
            colour = rules.picking_colour(state, p)
            if state["supply"][colour][value - 1] == 0:
                return msg("No {n}-storey parts are left in your box.", n=value)
            if len(rules.player_colours(state, p)) > 1:
                return msg("You are choosing your {colour} parts now.", colour=Msg(COLOURS[colour]))
            return None
        return msg("First choose this round's parts from your box (in your panel): cards are played and "
                   "parts built once every player has chosen.")
    if word == "pick":
        return msg("Parts are taken from the box at the start of each round, before anyone builds.")
    if word == "city" and state["open_cities"] < value <= len(CITIES):
        return msg("{city} is not open yet ({n} cities are open this round)", city=Msg(CITIES[value - 1]),
                   n=state["open_cities"])
    if word != "lot" or not 0 <= value < len(state["board"]):
        return None
    if not rules.has_legal_build(state, p):
        return msg("No card allows a legal build: discard a card and set aside one chosen part.")
    return _why_lot(state, selected, p, value)


def _why_lot(state: State, selected: tuple[str, ...], p: int, lot: int) -> Msg:
    card = next((int(t.split()[1]) for t in selected if t.startswith("card ")), None)
    if card is None:
        return msg("Choose one of your cards first: its red square shows which lot of each city you may build on.")
    seat = state["seats"][p]
    y, x = divmod(lot, BOARD_W)
    if (y % 3, x % 3) != card_square(card, seat):
        return msg("Your {where} card lets you build only on the {where} lot of a city (the highlighted lots).",
                   where=where(card, seat))
    city = lot_city(lot)
    sizes = [int(t.split()[1]) for t in selected if t.startswith("storeys ")]
    named = [COLOURS.index(t.split()[1]) for t in selected if t.startswith("as ")]
    mine = rules.player_colours(state, p)
    colours = named or mine
    first: IllegalMove | None = None
    for colour in colours:
        for size in sizes or [s for s in range(4, 0, -1) if state["selected"][colour][s - 1]]:
            try:
                rules.check_build(state, p, Build(card, city, size, colour if len(mine) > 1 else None))
            except IllegalMove as e:
                first = first or e
            else:
                return msg("Choose one of this round's parts to build there.")
    return first.message if first else msg("Choose one of this round's parts to build there.")
