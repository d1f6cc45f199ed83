"""Setup edits for scenarios (pyengine/core/scenario.py): build a position that no game
reaches easily, such as the rulebook's examples, from a new game. Each edit keeps the
position one the rules can reach: parts come from the colour's supply, a part on a
building obeys the placement rule, cards come from the deck, and the invariants hold (invariants.py).

- {"edit": "build", "lot": "<city> <lot>", "seat": S, "storeys": 1-4}: a part on a lot
  (lots named as the board's data-cell ids; "colour": 1 or 2 picks the seat's colour in
  the two-colour game);
- {"edit": "parts", "seat": S, "storeys": [...]}: the parts the seat chose for the round;
- {"edit": "hand", "seat": S, "cards": [...]}: the seat's building cards (1-9);
- {"edit": "turn", "seat": S, "phase": "pick" | "build"}: who is to move, in which phase;
- {"edit": "score", "seat": S, "points": N}.
"""

from __future__ import annotations

import copy
from typing import Any

from ...core.edits import edit_kind, refuse_broken, seat
from ...core.game import IllegalMove, State
from ...core.i18n import msg
from .data import CARD_POSITIONS, HAND_SIZE, SIZES, lot_of_cell
from .invariants import problems
from .rules import check_placement, player_colours

EDITS = ("build", "parts", "hand", "turn", "score")


def apply_setup(state: State, edit: dict[str, Any]) -> State:
    new = copy.deepcopy(state)
    kind = edit_kind("Manhattan", edit, EDITS)
    player = seat(new, edit.get("seat"))
    if kind == "build":
        _build(new, player, edit)
    elif kind == "parts":
        _parts(new, player, edit)
    elif kind == "hand":
        _hand(new, player, edit)
    elif kind == "turn":
        _turn(new, player, edit)
    else:
        points = edit.get("points")
        if not isinstance(points, int) or isinstance(points, bool) or points < 0:
            raise IllegalMove(msg("manhattan|Setup"), msg("a score is a whole number of points, 0 or more"))
        new["scores"][player] = points
    refuse_broken(problems(new))
    return new


def _colour(state: State, player: int, edit: dict[str, Any]) -> int:
    mine = player_colours(state, player)
    which = edit.get("colour", 1)
    if which not in range(1, len(mine) + 1):
        raise IllegalMove(msg("manhattan|Setup"), msg("'colour' must be from 1 to {n}", n=len(mine)))
    return mine[which - 1]


def _storeys(value: Any) -> int:
    if value not in SIZES:
        raise IllegalMove(msg("manhattan|Setup"), msg("a part has 1, 2, 3 or 4 storeys"))
    return value


def _build(state: State, player: int, edit: dict[str, Any]) -> None:
    lot = lot_of_cell(edit.get("lot"))
    if lot is None:
        raise IllegalMove(
            msg("manhattan|Setup"), msg('{lot} is not a lot ("<city 1-6> <lot 1-9>")', lot=repr(edit.get("lot")))
        )
    storeys = _storeys(edit.get("storeys"))
    colour = _colour(state, player, edit)
    if state["supply"][colour][storeys - 1] == 0:
        raise IllegalMove(msg("Parts"), msg("no {n}-storey part is left in that colour's supply", n=storeys))
    check_placement(state, player, lot, storeys)
    state["supply"][colour][storeys - 1] -= 1
    state["board"][lot].append([colour, storeys])


def _parts(state: State, player: int, edit: dict[str, Any]) -> None:
    parts = edit.get("storeys")
    if not isinstance(parts, list) or len(parts) > state["per_round"]:
        raise IllegalMove(msg("Parts chosen for the round"), msg("a list of at most {n} parts", n=state["per_round"]))
    colour = _colour(state, player, edit)
    for i, n in enumerate(state["selected"][colour]):  # what was chosen goes back first
        state["supply"][colour][i] += n
        state["selected"][colour][i] = 0
    for size in map(_storeys, parts):
        if state["supply"][colour][size - 1] == 0:
            raise IllegalMove(msg("Parts"), msg("no {n}-storey part is left in that colour's supply", n=size))
        state["supply"][colour][size - 1] -= 1
        state["selected"][colour][size - 1] += 1


def _hand(state: State, player: int, edit: dict[str, Any]) -> None:
    cards = edit.get("cards")
    if not isinstance(cards, list) or len(cards) > HAND_SIZE or any(c not in CARD_POSITIONS for c in cards):
        raise IllegalMove(
            msg("manhattan|Cards in hand"), msg("a hand is at most {n} cards, each from 1 to 9", n=HAND_SIZE)
        )
    state["deck"] += state["hands"][player]
    state["hands"][player] = []
    for card in cards:
        if card not in state["deck"]:
            raise IllegalMove(msg("manhattan|Cards in hand"), msg("no card {card} is left in the deck", card=card))
        state["deck"].remove(card)
        state["hands"][player].append(card)


def _turn(state: State, player: int, edit: dict[str, Any]) -> None:
    phase = edit.get("phase")
    if phase not in ("pick", "build"):
        raise IllegalMove(msg("manhattan|Setup"), msg("'phase' is pick or build"))
    if phase == "build" and not any(sum(state["selected"][c]) for c in player_colours(state, player)):
        raise IllegalMove(msg("Parts chosen for the round"), msg("that seat has no part chosen to build with"))
    state["phase"] = phase
    state["turn"] = player
