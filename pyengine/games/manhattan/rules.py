"""Manhattan rules as pure functions of a JSON-shaped state (see RULES.md)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from ...core import rng
from ...core.game import IllegalMove, first_seat, interned
from ...core.game import Move as GameMove
from ...core.i18n import Msg, msg
from . import scoring
from .data import (
    BOARD_H,
    BOARD_W,
    CARD_POSITIONS,
    CARDS_PER_POSITION,
    CITIES,
    COLOURS,
    GODZILLA_START_CITY,
    HAND_SIZE,
    PARTS_PER_COLOUR,
    PARTS_PER_ROUND,
    ROUNDS,
    SEATS,
    SIZES,
    SLOW_START_CITIES,
    card_square,
    lot_index,
)
from .moves import Build, Discard, Move, Pick

State = dict[str, Any]


def new_game(players: int, seed: int, options: dict[str, Any]) -> State:
    two_colour = options["two_colour"] and players == 2
    # Colour c belongs to player colours[c]; in the two-colour game player 0 has
    # red and green, player 1 blue and orange.
    colours = [0, 1, 0, 1] if two_colour else list(range(players))
    deck = [pos for pos in CARD_POSITIONS for _ in range(CARDS_PER_POSITION)]
    state_rng = rng.shuffle(rng.seed_state(seed), deck)
    # After the deal, so the same seed deals the same cards whoever starts.
    state_rng, first = first_seat(options, players, state_rng)
    hands = []
    for _ in range(players):
        hands.append(deck[:HAND_SIZE])
        del deck[:HAND_SIZE]
    return {
        "game": "manhattan",
        "players": players,
        "options": options,
        "seats": list(SEATS[players]),
        "colours": colours,
        "rng": state_rng,
        "deck": deck,
        "discard": [],
        "hands": hands,
        "supply": [[PARTS_PER_COLOUR[s] for s in SIZES] for _ in colours],
        "selected": [[0, 0, 0, 0] for _ in colours],
        "board": [[] for _ in range(BOARD_W * BOARD_H)],
        "round": 1,
        "rounds": ROUNDS[players],
        "per_round": PARTS_PER_ROUND[players],
        # The rulebook's youngest player: chosen in the lobby, or drawn (first_player).
        "start": first,
        "phase": "pick",
        "turn": first,
        "open_cities": SLOW_START_CITIES if options["slow_development"] else len(CITIES),
        "godzilla": lot_index(GODZILLA_START_CITY, 1, 1) if options["godzilla"] != "off" else -1,
        "scores": [0] * players,
        "history": [],  # one scoring breakdown (per player) per finished round
        "set_aside": [0] * len(colours),  # storeys per colour set aside by the stuck rule
        "destroyed": [0] * len(colours),  # storeys per colour Godzilla destroyed (out of the game)
        "last": None,
        # Every card played, in order, as every player saw it: [round, player, card, lot
        # (-1 for a discard), storeys, colour]. The hard bot reads from it how its rivals
        # play (rivals.py).
        "plays": [],
    }


def player_colours(state: State, player: int) -> list[int]:
    return [c for c, p in enumerate(state["colours"]) if p == player]


def picking_colour(state: State, player: int) -> int | None:
    """The player's colour still short of this round's parts (filled in colour order)."""
    for c in player_colours(state, player):
        if sum(state["selected"][c]) < state["per_round"]:
            return c
    return None


def target_lot(state: State, player: int, card: int, city: int) -> int:
    row, col = card_square(card, state["seats"][player])
    return lot_index(city, row, col)


def storeys_of_player(state: State, stack: list[list[int]], player: int) -> int:
    """A player's storeys in a building, in all their colours (two in the two-colour game)."""
    of = state["colours"]
    return sum(size for c, size in stack if of[c] == player)


def colour_for(state: State, player: int, colour: int | None) -> int:
    """The colour a build or discard by `player` is in: their one colour, or in the
    two-colour game the one the move names (IllegalMove if the naming is wrong)."""
    mine = player_colours(state, player)
    if len(mine) == 1:
        # One spelling per move: naming the colour is only for the two-colour game.
        if colour is not None:
            raise IllegalMove(msg("Your colour"), msg("'as <colour>' is only used in the two-colour game"))
        return mine[0]
    if colour is None:
        raise IllegalMove(msg("Two-colour game"), msg("say which of your colours builds ('... as green')"))
    if colour not in mine:
        raise IllegalMove(msg("Your colour"), msg("{colour} is not one of your colours", colour=Msg(COLOURS[colour])))
    return colour


def _check_card_and_part(state: State, player: int, move: Build | Discard) -> int:
    """What builds and discards share: the card is in hand and the part was chosen.
    Returns the colour the part is in."""
    if move.card not in state["hands"][player]:
        raise IllegalMove(msg("manhattan|Cards in hand"), msg("you have no card {card} in your hand", card=move.card))
    colour = colour_for(state, player, move.colour)
    if state["selected"][colour][move.storeys - 1] == 0:
        raise IllegalMove(
            msg("Parts chosen for the round"),
            msg("you have no {n}-storey part among this round's chosen parts", n=move.storeys),
        )
    return colour


def check_build(state: State, player: int, move: Build) -> None:
    _check_card_and_part(state, player, move)
    if move.city >= state["open_cities"]:
        raise IllegalMove(
            msg("Slow development"),
            msg(
                "{city} is not open yet ({n} cities are open this round)",
                city=Msg(CITIES[move.city]),
                n=state["open_cities"],
            ),
        )
    check_placement(state, player, target_lot(state, player, move.card, move.city), move.storeys)


def check_placement(state: State, player: int, lot: int, storeys: int) -> None:
    """Whether `player` may put a part of `storeys` on `lot`, whatever card names it: the
    rules of the building there (also a scenario's setup, pyengine/games/manhattan/setup.py)."""
    if lot == state["godzilla"]:
        raise IllegalMove(msg("Godzilla"), msg("nobody may build on the square Godzilla stands on"))
    stack = state["board"][lot]
    if not stack:
        return
    # A building belongs to a player, the one whose colour is on top; in the two-colour
    # game either of a player's colours makes it theirs (RULES.md, "Two colours each").
    top = stack[-1][0]
    owner = state["colours"][top]
    if owner == player:
        if state["options"]["anti_trust"]:
            raise IllegalMove(msg("Anti-trust"), msg("you may not build on a building you already own"))
        return
    mine = storeys_of_player(state, stack, player) + storeys
    theirs = storeys_of_player(state, stack, owner)
    if mine < theirs:
        raise IllegalMove(
            msg("Placement rule"),
            msg(
                "after placing you must have at least as many storeys in this building as its "
                "owner ({owner} has {theirs}, you would have {mine})",
                owner=Msg(COLOURS[top]),
                theirs=theirs,
                mine=mine,
            ),
        )


def _hand_options(state: State, player: int) -> Iterator[tuple[int, int | None, int]]:
    """(card, colour or None in a one-colour game, storeys) for each distinct choice."""
    colours = player_colours(state, player)
    two = len(colours) > 1
    for card in sorted(set(state["hands"][player])):
        for colour in colours:
            for size in SIZES:
                if state["selected"][colour][size - 1]:
                    yield card, colour if two else None, size


def build_moves(state: State, player: int) -> Iterator[Build]:
    for card, colour, size in _hand_options(state, player):
        for city in range(len(CITIES)):
            yield Build(card, city, size, colour)


def has_legal_build(state: State, player: int) -> bool:
    for move in build_moves(state, player):
        try:
            check_build(state, player, move)
        except IllegalMove:
            continue
        return True
    return False


def phase(state: State) -> str:
    """The phase, "pick", "build" or "over", or "stuck" for a build turn in which no
    card allows a legal build (the stuck rule: discard instead)."""
    if state["phase"] == "build" and not has_legal_build(state, state["turn"]):
        return "stuck"
    return state["phase"]


def candidate_moves(state: State) -> Iterator[Move]:
    player = state["turn"]
    if state["phase"] == "pick":
        for size in SIZES:
            yield Pick(size)
        return
    yield from build_moves(state, player)
    if not has_legal_build(state, player):
        for card, colour, size in _hand_options(state, player):
            yield Discard(card, size, colour)


def _build_ok(state: State, player: int, lot: int, storeys: int) -> bool:
    """check_build's board rules as a yes/no, without building an error (hot path)."""
    if lot == state["godzilla"]:
        return False
    stack = state["board"][lot]
    if not stack:
        return True
    of = state["colours"]
    owner = of[stack[-1][0]]
    if owner == player:
        return not state["options"]["anti_trust"]
    mine = theirs = 0
    for c, size in stack:
        if of[c] == player:
            mine += size
        elif of[c] == owner:
            theirs += size
    return mine + storeys >= theirs


def legal_moves(state: State) -> list[GameMove]:
    """Every legal move, computed directly: the same set as filtering candidate_moves
    through check (tests/test_conformance.py, test_random_game_obeys_the_interface,
    compares the two along random games of every configuration), without raising and
    catching an error per illegal candidate."""
    if state["phase"] == "over":
        return []
    player = state["turn"]
    if state["phase"] == "pick":
        colour = picking_colour(state, player)
        return [Pick.make(size) for size in SIZES if state["supply"][colour][size - 1]]
    colours = player_colours(state, player)
    two = len(colours) > 1
    seat = state["seats"][player]
    cities = range(state["open_cities"])
    selected = state["selected"]
    builds: list[GameMove] = []
    options = []
    for card in sorted(set(state["hands"][player])):
        row, col = card_square(card, seat)
        lots = [(city, lot_index(city, row, col)) for city in cities]
        for colour in colours:
            named = colour if two else None
            for size in SIZES:
                if selected[colour][size - 1]:
                    options.append((card, named, size))
                    for city, lot in lots:
                        if _build_ok(state, player, lot, size):
                            builds.append(interned(Build, card, city, size, named))
    if builds:
        return builds
    return [Discard.make(card, size, colour) for card, colour, size in options]


def check(state: State, move: GameMove) -> None:
    player = state["turn"]
    phase = state["phase"]
    if phase == "over":
        raise IllegalMove(msg("Game over"), msg("no more moves can be made"))
    if isinstance(move, Pick):
        if phase != "pick":
            raise IllegalMove(msg("Round order"), msg("parts are chosen at the start of a round, not now"))
        colour = picking_colour(state, player)
        if state["supply"][colour][move.storeys - 1] == 0:
            raise IllegalMove(msg("Parts supply"), msg("you have no {n}-storey parts left", n=move.storeys))
        return
    if phase != "build":
        raise IllegalMove(msg("Round order"), msg("first choose this round's parts"))
    if isinstance(move, Build):
        check_build(state, player, move)
        return
    if isinstance(move, Discard):
        if has_legal_build(state, player):
            raise IllegalMove(msg("Stuck rule"), msg("you may only discard when no card allows any legal build"))
        _check_card_and_part(state, player, move)
        return
    raise IllegalMove(msg("Move syntax"), msg("not a Manhattan move: {move}", move=repr(move)))


def _next_player(state: State, after: int, wanted: Callable[[int], bool]) -> int | None:
    n = state["players"]
    for step in range(1, n + 1):
        p = (after + step) % n
        if wanted(p):
            return p
    return None


def _draw(state: State, player: int) -> None:
    if not state["deck"]:
        # SOURCED (ZH): when the draw pile runs out, shuffle the discards.
        state["deck"] = state["discard"]
        state["discard"] = []
        state["rng"] = rng.shuffle(state["rng"], state["deck"])
    if state["deck"]:
        state["hands"][player].append(state["deck"].pop())


def _play_card(state: State, player: int, card: int) -> None:
    state["hands"][player].remove(card)
    state["discard"].append(card)
    _draw(state, player)


def _move_godzilla(state: State, card_row: int, card_col: int) -> dict[str, Any] | None:
    """Godzilla steps toward the square just built on (board frame); the six cities
    form a 2x3 rectangle that wraps at both edges (GODZ; data.md §8.1)."""
    dr, dc = card_row - 1, card_col - 1
    if state["godzilla"] < 0 or (dr == 0 and dc == 0):
        return None
    y, x = divmod(state["godzilla"], BOARD_W)
    lot = ((y + dr) % BOARD_H) * BOARD_W + (x + dc) % BOARD_W
    state["godzilla"] = lot
    stack = state["board"][lot]
    if not stack:
        return {"to": lot, "destroyed": []}
    if state["options"]["godzilla"] == "little":
        destroyed = [stack.pop()]
    else:
        destroyed = stack[:]
        stack.clear()
    for colour, size in destroyed:
        state["destroyed"][colour] += size
    return {"to": lot, "destroyed": destroyed}


def apply(state: State, move: Move) -> None:
    """Apply a checked move in place."""
    player = state["turn"]
    if isinstance(move, Pick):
        colour = picking_colour(state, player)
        state["supply"][colour][move.storeys - 1] -= 1
        state["selected"][colour][move.storeys - 1] += 1
        state["last"] = {"player": player, "pick": move.storeys}
        _after_pick(state, player)
        return
    colour = colour_for(state, player, move.colour)
    state["selected"][colour][move.storeys - 1] -= 1
    _play_card(state, player, move.card)
    if isinstance(move, Discard):
        state["set_aside"][colour] += move.storeys
        state["last"] = {"player": player, "discard": move.card}
        state["plays"].append([state["round"], player, move.card, -1, move.storeys, colour])
    else:
        lot = target_lot(state, player, move.card, move.city)
        stack = state["board"][lot]
        before = stack[-1][0] if stack else None
        stack.append([colour, move.storeys])
        state["plays"].append([state["round"], player, move.card, lot, move.storeys, colour])
        row, col = card_square(move.card, state["seats"][player])
        state["last"] = {"player": player, "lot": lot, "took_from": before, "godzilla": _move_godzilla(state, row, col)}
    _after_build(state, player)


def _after_pick(state: State, player: int) -> None:
    still = lambda p: picking_colour(state, p) is not None  # noqa: E731
    if state["options"]["pick_order"] == "set" and still(player):
        return
    nxt = _next_player(state, player, still)
    if nxt is None:
        state["phase"] = "build"
        state["turn"] = state["start"]
        _skip_empty(state)
    else:
        state["turn"] = nxt


def _has_parts(state: State, player: int) -> bool:
    return any(sum(state["selected"][c]) for c in player_colours(state, player))


def _skip_empty(state: State) -> None:
    if not _has_parts(state, state["turn"]):
        nxt = _next_player(state, state["turn"], lambda p: _has_parts(state, p))
        if nxt is None:
            _end_round(state)
        else:
            state["turn"] = nxt


def _after_build(state: State, player: int) -> None:
    nxt = _next_player(state, player, lambda p: _has_parts(state, p))
    if nxt is None:
        _end_round(state)
    else:
        state["turn"] = nxt


def _end_round(state: State) -> None:
    rows = scoring.score_round(state)
    state["history"].append(rows)
    for p, row in enumerate(rows):
        state["scores"][p] += row["total"]
    if state["round"] >= state["rounds"]:
        state["phase"] = "over"
        return
    state["round"] += 1
    # SOURCED (SUMO, ZH): the start player marker passes to the left (clockwise).
    state["start"] = (state["start"] + 1) % state["players"]
    state["turn"] = state["start"]
    state["phase"] = "pick"
    state["open_cities"] = min(len(CITIES), state["open_cities"] + 1)
