"""New York 1901's text, in a player's words: the prompt, the log, the labels of the
move tokens, why a click does nothing, a seat's character. Lots, tiles and squares are
named by naming.py (never the data files' ids, B07, S3, nor the move syntax "rot 1 at
4 9"); the board's own labels and hints are in render.py.
"""

from __future__ import annotations

from ...core.game import IllegalMove, Move, State
from ...core.i18n import Msg, msg
from . import rules
from .data import CHARACTERS, HEIGHT, LOTS_BY_ID, OFFSETS, TILE_BY_ID, WIDTH
from .moves import ACTIONS, Acquire, Action, Build, Return
from .naming import lot, lots, tile, tile_label, where

# Lot ids, tile ids and the build syntax: what a player never reads (tests/test_plain_words.py).
# Lookarounds rather than \b: Chinese characters are word characters, so "在B09上" has no \b.
INTERNAL_IDS = (
    r"(?<![A-Za-z0-9])[RBYGP]\d\d(?![0-9])",  # lot ids: B09, Y07
    r"(?<![A-Za-z0-9])(?:[BSG][1-6]|L[1-4])(?![0-9])",  # tile ids: B1, S3, L2
    r"\brot \d+ at \d+ \d+",  # a build's rotation and anchor square
)


def prompt(state: State) -> str:
    """What the player to move is asked to do now, and when ending the turn idle would
    end the game by the stalemate rule, that too."""
    ask = _ask(state)
    if rules.stalemate_next(state) and rules.phase(state) != "over":
        return msg(
            "{prompt} A whole round has passed without a build or a new lot card: "
            "ending your turn without either triggers the end of the game.",
            prompt=ask,
        )
    return ask


def _ask(state: State) -> str:
    phase = rules.phase(state)
    if phase == "over":
        return msg("Game over.")
    p, did = state["turn"], state["did"]
    cards = state["cards"][p]
    if phase == "second build":
        return msg("Construction Boom: build a second skyscraper on land you hold.")
    if phase == "built":
        grab, boom = bool(rules.acquisitions(state)), "boom" in cards
        if grab and boom:
            return msg("You may acquire your second Land Grab lot or play Construction Boom, or end your turn.")
        if grab:
            return msg("You may acquire your second Land Grab lot, or end your turn.")
        if boom:
            return msg("You may play Construction Boom, or end your turn.")
        return msg("End your turn.")
    if phase == "acquired":
        if did["grab"] and did["takes"] < 2 and rules.acquisitions(state):
            return msg("Land Grab: acquire a second 2-square lot, or build, or end your turn.")
        return msg("Build a skyscraper on your land (choose a tile, then a highlighted spot), or end your turn.")
    if phase == "stuck":
        return msg("No worker free and nothing to build: give back one lot held by a worker.")
    if did["grab"]:
        return msg("Land Grab: acquire a 2-square lot matching a market card.")
    if rules.must_acquire(state):
        if cards:
            return msg(
                "Acquire a lot matching a market card (click a highlighted lot), or demolish and rebuild. "
                "Action cards may be played first."
            )
        return msg("Acquire a lot matching a market card (click a highlighted lot), or demolish and rebuild.")
    if not rules.has_build(state):
        return msg("Nothing to acquire or build: end your turn.")
    if rules.free_workers(state, p) == 0:
        return msg(
            "No free worker: you may build a skyscraper (choose a tile, then a highlighted spot) or "
            "demolish and rebuild, or end your turn."
        )
    return msg(
        "No lot to acquire: you may build a skyscraper (choose a tile, then a highlighted spot) or "
        "demolish and rebuild, or end your turn."
    )


def describe(state: State, move: Move, names: list[str] | None = None) -> str:
    """The log line of `move`, made in `state` by the player to move."""
    p = state["turn"]
    name = names[p] if names else msg("Player {n}", n=p + 1)
    if isinstance(move, Acquire):
        return msg("{who} acquires {lot_name}.", who=name, lot_name=lot(move.lot))
    if isinstance(move, Action):
        return msg("{who} plays {card}.", who=name, card=Msg(ACTIONS[move.card]))
    if isinstance(move, Return):
        return msg(
            "{who} cannot build and gives back {lot_name}; its card goes to the deck.", who=name, lot_name=lot(move.lot)
        )
    if not isinstance(move, Build):  # End
        if rules.stalemate_next(state):
            return msg(
                "{who} ends the turn: a whole round without a build or a new lot card triggers the end of the game.",
                who=name,
            )
        return msg("{who} ends the turn.", who=name)
    fx = rules.build_effects(state, move)
    text = msg(
        "{who} builds {what} {where} for {points} points",
        who=name,
        what=tile(move.tile),
        where=where(fx["cells"]),
        points=fx["points"],
    )
    if fx["prestige"]:
        text = msg("{text} + {n} Gold Prestige", text=text, n=fx["prestige"])
    falls = len(fx["falls"])
    if falls == 1:
        text = msg("{text}, demolishing 1 skyscraper", text=text)
    elif falls:
        text = msg("{text}, demolishing {n} skyscrapers", text=text, n=falls)
    if len(fx["needs"]) == 1:
        text = msg("{text}; a worker goes to {lot_name}", text=text, lot_name=lot(fx["needs"][0]))
    elif fx["needs"]:
        text = msg("{text}; workers go to {lot_list}", text=text, lot_list=lots(fx["needs"]))
    return msg("{text}.", text=text)


def token_label(token: str) -> str:
    """A move token as a button or the screen reader says it."""
    verb, _, rest = token.partition(" ")
    if verb == "acquire" and rest in LOTS_BY_ID:
        return msg("acquire {lot_name}", lot_name=lot(rest))
    if verb == "return" and rest in LOTS_BY_ID:
        return msg("give back {lot_name}", lot_name=lot(rest))
    if verb == "build" and rest in TILE_BY_ID:
        return tile_label(rest)
    if verb == "rot":  # "rot 1 at 4 9": a spot for the chosen tile
        x, y = map(int, token.split()[-2:])
        return msg("the spot {where}", where=where([(x, y)]))
    if token in ACTIONS:
        return Msg(ACTIONS[token])
    if token == "end":
        return msg("End turn")
    return token


def explain(state: State, selected: tuple[str, ...], token: str) -> Msg | None:
    """Why clicking `token` (with `selected` picked) does nothing, where the generic
    answer would not know: the rule a used card, a tile or a lot breaks."""
    if state["phase"] == "over":
        return None
    chosen = next((t.split()[1] for t in selected if t.startswith("build ")), None)
    if token.startswith("rot ") and chosen:  # a lot the chosen tile fits only when turned (render's rotate hint)
        return msg("Press R or tap ⟳ Turn to fit the tile here.")
    verb, _, lot_id = token.partition(" ")
    if token in ACTIONS:  # a used card: candidate_moves leaves it out, so say it here
        return _broken_rule(state, Action(token))
    if verb == "build" and lot_id in TILE_BY_ID and not chosen:
        return _why_no_build(state, lot_id)
    if verb != "acquire" or lot_id not in LOTS_BY_ID:
        return None
    if chosen:
        return _why_not_there(state, chosen, lot_id)
    # The lot as an acquisition: the rule it breaks (candidate_moves lists only lots
    # that match the market, so the generic answer would know nothing of the others).
    try:
        rules.check(state, Acquire(lot_id))
    except IllegalMove as e:
        return e.message
    return None


def _broken_rule(state: State, move: Move) -> Msg | None:
    try:
        rules.check(state, move)
    except IllegalMove as e:
        return e.message
    return None


def _why_no_build(state: State, tile_id: str) -> Msg | None:
    """Why a tile of the tray (or a legendary) cannot be chosen: the turn, the
    technology or the supply, else that it fits nowhere on the player's land."""
    mine = sorted(rules.estate(state, state["turn"]))
    x, y = mine[0] if mine else (0, 0)
    try:
        rules.check(state, Build(tile_id, 0, x, y))
    except IllegalMove as e:
        if e.rule in ("Estate", "Frontage", "Overlap", "Demolition"):  # this spot's, not the tile's
            return msg("This skyscraper fits nowhere on your land now.")
        return e.message
    return None


def _why_not_there(state: State, tile_id: str, lot_id: str) -> Msg:
    """Why the chosen tile cannot go on a lot: the lot is not the player's, or the rule
    its placements there break (the board rules before the estate ones)."""
    owner = state["owner"].get(lot_id)
    if owner is None:
        return msg("You can build only on your own lots: this one is nobody's yet.")
    if owner != state["turn"]:
        return msg("You can build only on your own lots: this one is {who}'s.", who=msg("Player {n}", n=owner + 1))
    reasons = []
    for rot, offsets in enumerate(OFFSETS[tile_id]):
        for x, y in LOTS_BY_ID[lot_id].cells:
            for dx, dy in offsets:  # every placement with some square on the lot
                if not (0 <= x - dx < WIDTH and 0 <= y - dy < HEIGHT):
                    continue
                try:
                    rules.check(state, Build(tile_id, rot, x - dx, y - dy))
                except IllegalMove as e:
                    reasons.append(e)
                    continue
                return msg("Click a marked square to build here; press R or tap ⟳ Turn for the other ways.")
    best = next((e for e in reasons if e.rule != "Estate"), reasons[0] if reasons else None)
    return best.message if best else msg("The chosen skyscraper cannot go on this lot.")


def seat_name(state: State, player: int) -> str:
    """The seat's character card, never its colour alone: the player's colour is the
    seat's (player_colours); the card's colour only marks the start lot on the board."""
    colour = state["characters"][player]
    if not colour:
        return ""
    name = CHARACTERS[colour]
    # Three names were never found (data.py keeps placeholders): the card by its colour.
    if name == f"Character ({colour})":
        return msg("character card: {colour}", colour=Msg(colour))
    return msg("character: {name}", name=Msg(name))
