"""Manhattan in words: prompts, the log's lines for moves (Godzilla's steps included),
the picked tokens and why a click does nothing. The Game object (``__init__.py``) only
delegates here.

A card is named by the lot it lets its holder build on (the north-east card), never
by its number in the engine's move texts ("card 3").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from ...core.game import IllegalMove, Move
from ...core.i18n import Msg, msg
from . import rules
from .data import BOARD_W, CITIES, COLOURS, SEAT_NAMES, card_square, lot_city
from .moves import Build, Discard, Pick

State = dict[str, Any]

KEYPAD_WORDS = {
    (0, 0): "north-west",
    (0, 1): "north",
    (0, 2): "north-east",
    (1, 0): "west",
    (1, 1): "centre",
    (1, 2): "east",
    (2, 0): "south-west",
    (2, 1): "south",
    (2, 2): "south-east",
}


# English texts the code passes around as data (Game.translatable): the cities, the
# colours, the seats, the keypad's directions and the score items of the breakdown.
TRANSLATABLE = (*CITIES, *COLOURS, *SEAT_NAMES.values(), *KEYPAD_WORDS.values(), "buildings", "majorities", "tallest")


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
    assert colour is not None  # the player to choose has a colour still short of parts
    mine = rules.player_colours(state, p)
    k, n = sum(state["selected"][colour]) + 1, state["per_round"]
    if len(mine) > 1:
        part = msg(
            "Choose part {k} of {n} in {colour} for round {round}.",
            k=k,
            n=n,
            colour=Msg(COLOURS[colour]),
            round=state["round"],
        )
    else:
        part = msg("Choose part {k} of {n} for round {round}.", k=k, n=n, round=state["round"])
    players = state["players"]
    after = next(
        (q for q in ((p + i) % players for i in range(1, players)) if rules.picking_colour(state, q) is not None), None
    )
    total = n * len(mine)
    if after is None:
        if state["start"] == p:
            order = msg("Take them from your own box, in the open. You choose last; then you build first.")
        else:
            order = msg(
                "Take them from your own box, in the open. You choose last; then building begins, {start} first.",
                start=_player(state["start"]),
            )
    elif state["options"]["pick_order"] == "one":
        order = msg(
            "Take them from your own box, in the open: players take one part at a time, in turn, "
            "until everyone has {n}; {next} chooses next.",
            n=total,
            next=_player(after),
        )
    else:
        order = msg(
            "Take them from your own box, in the open: each player in turn chooses all {n} parts, "
            "and {next} chooses after you.",
            n=total,
            next=_player(after),
        )
    return msg("{what} {order}", what=part, order=order)


def prompt(state: State) -> Msg:
    """What the player to move does now, by phase (rules.phase)."""
    phase = rules.phase(state)
    if phase == "over":
        return msg("Game over.")
    if phase == "pick":
        return pick_prompt(state)
    if phase == "stuck":
        return msg("No card allows a legal build: discard a card and set aside one chosen part.")
    return build_prompt()


def describe(
    state: State,
    move: Move,
    apply: Callable[[State, Move], State],
    names: list[str] | None = None,
    after: State | None = None,
) -> Msg:
    """The move in words for the log: who chose which part, or played which card to build
    where (taking the building from whom), or discarded; then Godzilla's step. `after`,
    the state the move led to, is worked out with `apply` (the game's) only when Godzilla
    is in play and the caller does not have it."""
    p = state["turn"]
    who = names[p] if names else msg("Player {n}", n=p + 1)
    if isinstance(move, Pick):
        return msg("{who} chooses a {n}-storey part.", who=who, n=move.storeys)
    played = cast("Build | Discard", move)  # the game's moves are picks, builds and discards
    colour = rules.colour_for(state, p, played.colour)
    two = len(rules.player_colours(state, p)) > 1
    part = (
        msg("{colour} {n}-storey part", colour=Msg(COLOURS[colour]), n=played.storeys)
        if two
        else msg("{n}-storey part", n=played.storeys)
    )
    direction = where(played.card, state["seats"][p])
    if isinstance(played, Discard):
        return msg(
            "{who} cannot build: discards a {where} card and sets aside a {piece}.",
            who=who,
            where=direction,
            piece=part,
        )
    lot = rules.target_lot(state, p, played.card, played.city)
    stack = state["board"][lot]
    city = Msg(CITIES[played.city])
    if stack and stack[-1][0] != colour:
        prev = state["colours"][stack[-1][0]]
        text = msg(
            "{who} plays a {where} card and builds a {piece} on the {where} lot of {area}, taking it from {previous}.",
            who=who,
            piece=part,
            where=direction,
            area=city,
            previous=names[prev] if names else msg("Player {n}", n=prev + 1),
        )
    else:
        text = msg(
            "{who} plays a {where} card and builds a {piece} on the {where} lot of {area}.",
            who=who,
            piece=part,
            where=direction,
            area=city,
        )
    godzilla = _godzilla_words(state, played, apply, after)
    return msg("{text} {then}", text=text, then=godzilla) if godzilla else text


def _godzilla_words(
    state: State, move: Build, apply: Callable[[State, Move], State], after: State | None
) -> Msg | None:
    if state["godzilla"] < 0:
        return None
    stomp = (after or apply(state, move))["last"]["godzilla"]
    if stomp is None:
        return msg("Godzilla stays put.")
    y, x = divmod(stomp["to"], BOARD_W)
    where, city = Msg(KEYPAD_WORDS[(y % 3, x % 3)]), Msg(CITIES[lot_city(stomp["to"])])
    if not stomp["destroyed"]:
        return msg("Godzilla moves to the {where} lot of {area}.", where=where, area=city)
    storeys = sum(size for _, size in stomp["destroyed"])
    if storeys == 1:
        return msg("Godzilla moves to the {where} lot of {area} and destroys 1 storey.", where=where, area=city)
    return msg(
        "Godzilla moves to the {where} lot of {area} and destroys {n} storeys.", where=where, area=city, n=storeys
    )


def build_prompt() -> Msg:
    return msg(
        "Play a card: its red square is the lot it lets you build on, in any city. "
        "Then choose one of this round's parts and a highlighted lot."
    )


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
        return msg("It is {who}'s turn: wait for your turn.", who=_player(p))
    word, _, arg = token.partition(" ")
    if not arg.isdigit():
        return None
    value = int(arg)
    if state["phase"] == "pick":
        if word == "pick":
            colour = rules.picking_colour(state, p)
            assert colour is not None  # the player to choose has a colour still short of parts
            if state["supply"][colour][value - 1] == 0:
                return msg("No {n}-storey parts are left in your box.", n=value)
            if len(rules.player_colours(state, p)) > 1:
                return msg("You are choosing your {colour} parts now.", colour=Msg(COLOURS[colour]))
            return None
        return msg(
            "First choose this round's parts from your box (in your panel): cards are played and "
            "parts built once every player has chosen."
        )
    if word == "pick":
        return msg("Parts are taken from the box at the start of each round, before anyone builds.")
    if word == "city" and state["open_cities"] < value <= len(CITIES):
        return msg(
            "{city} is not open yet ({n} cities are open this round)",
            city=Msg(CITIES[value - 1]),
            n=state["open_cities"],
        )
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
        return msg(
            "Your {where} card lets you build only on the {where} lot of a city (the highlighted lots).",
            where=where(card, seat),
        )
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
