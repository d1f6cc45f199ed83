"""Setup edits for scenarios (pyengine/core/scenario.py): build a position that no game
reaches easily, such as the rulebook's examples, from a new game. Each edit keeps the
position one the rules can reach: a lot's land card comes from the deck, tiles come from
the face-down supply (what a hand held goes back first), a tile goes on its owner's
empty lot as in phase 4, money is start money plus income, and the invariants
(invariants.py) hold after every edit.

Seats are numbered from 1; lots by their number on the board (the board's data-cell
ids, 1-85); shop types by their ids in the edition played (`restaurant`, `pharmacy`...).

- {"edit": "lot", "lot": N, "seat": S}: the seat owns lot N. Its land card comes from
  the deck (a card dealt for phase 1 is replaced in that hand by the deck's next one);
  a lot another seat owns changes hands as in a trade, with the tile on it.
- {"edit": "tile", "lot": N, "shop": "restaurant"}: a tile from the supply on the owned
  empty lot N, placed as in phase 4: in the order of the edits, so a business is complete
  from the tile that gives it its max size, and a same-type tile placed next to it later
  starts a new business; with the street variant, only where a tile may be placed.
- {"edit": "hand", "seat": S, "tiles": {"restaurant": 2, ...}}: the seat's tiles in hand.
- {"edit": "round", "round": 1-6}: the rounds before it have been played (their outlook
  cards revealed, their income none until "money" sets it, the start player moved on
  to the left once a round); comes before "money" and "turn".
- {"edit": "money", "seat": S, "dollars": N}: the seat's money: start money plus income
  in the rounds played (spread evenly over them), so more than the start money needs a
  "round" edit first.
- {"edit": "outlook", "next": [[3, 4], [], ...]}: the next business-outlook cards to be
  revealed, each as the max sizes it pays for ([] for no bonus); alea edition only.
- {"edit": "turn", "seat": S, "phase": "trade" | "place", "start": T}: phase 3 (S to
  make an offer) or phase 4 (S to place: S must have a tile it can place); the land cards
  dealt for phase 1 go back into the deck. "start" (optional) is the round's start player,
  who begins each phase's turn order. Comes last: in phase 4 every edit checks that the
  seat to move can place a tile.
"""

from __future__ import annotations

from typing import Any, TypeGuard

from ...core import rng
from ...core.edits import edit_kind, refuse_broken, seat
from ...core.game import IllegalMove, State
from ...core.i18n import Msg, msg
from . import rules, scoring
from .data import LOT_COUNT, OUTLOOK_CARDS, ROUNDS, START_MONEY, TYPE_COUNT
from .fastcopy import fast_copy
from .invariants import problems
from .money import dollars

EDITS = ("lot", "tile", "hand", "round", "money", "outlook", "turn")


def apply_setup(state: State, edit: dict[str, Any]) -> State:
    new = fast_copy(state)
    kind = edit_kind("Chinatown", edit, EDITS)
    {
        "lot": _lot_edit,
        "tile": _tile,
        "hand": _hand,
        "round": _round,
        "money": _money,
        "outlook": _outlook,
        "turn": _turn,
    }[kind](new, edit)
    refuse_broken(problems(new))
    if new["phase"] == "place" and not rules.can_place(new, new["turn"]):
        raise IllegalMove(
            msg("Placement"),
            msg(
                "Player {n} is to place a tile but has none to place on an empty lot of theirs (give the turn last)",
                n=new["turn"] + 1,
            ),
        )
    return new


def _whole(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _seat(state: State, edit: dict[str, Any], key: str = "seat") -> int:
    if key == "seat":
        return seat(state, edit.get(key))
    value = edit.get(key)
    if not _whole(value) or not 1 <= value <= state["players"]:
        raise IllegalMove(msg("chinatown|Setup"), msg("'start' must be a seat from 1 to {n}", n=state["players"]))
    return value - 1


def _lot(edit: dict[str, Any]) -> int:
    """A lot as a number or as the board's id for it ("34")."""
    value = edit.get("lot")
    if isinstance(value, str) and value.isascii() and value.isdigit():
        value = int(value)
    if not _whole(value) or not 1 <= value <= LOT_COUNT:
        raise IllegalMove(
            msg("chinatown|Setup"), msg("{lot} is not a lot (1 to {n})", lot=repr(edit.get("lot")), n=LOT_COUNT)
        )
    return value


def _lot_edit(state: State, edit: dict[str, Any]) -> None:
    lot, p = _lot(edit), _seat(state, edit)
    owner = state["owner"]
    if owner[lot] < 0:
        if lot in state["deck"]:
            state["deck"].remove(lot)
        else:  # dealt for phase 1 (the invariants hold: it is in a hand): that hand gets the deck's next card
            q = next(q for q, cards in enumerate(state["dealt"]) if lot in cards)
            state["dealt"][q] = sorted([c for c in state["dealt"][q] if c != lot] + [state["deck"].pop(0)])
    owner[lot] = p  # a lot another seat owned changes hands as in a trade
    state["complete"] = scoring.settle(owner, state["tile"], state["complete"])


def _tile(state: State, edit: dict[str, Any]) -> None:
    lot = _lot(edit)
    shop = edit.get("shop")
    if not isinstance(shop, str):
        raise IllegalMove(
            msg("chinatown|Setup"),
            msg("'shop' is a shop type's id, such as {example}", example=repr(rules.types(state)[4].id)),
        )
    t = rules.type_index(state, shop)
    p = state["owner"][lot]
    if p < 0:
        raise IllegalMove(
            msg("Placement"),
            msg("lot {lot} has no owner: tiles go on their owners' lots (give it to a seat first)", lot=lot),
        )
    if state["tile"][lot] >= 0:
        raise IllegalMove(msg("Placement"), msg("lot {lot} already has a shop: placed tiles never move", lot=lot))
    if t not in state["bag"]:
        raise IllegalMove(
            msg("Shop tiles"), msg("no {kind} tile is left in the supply", kind=Msg(rules.types(state)[t].name))
        )
    if state["options"]["street_variant"] and not rules.street_ok(state, p, t, lot):
        raise IllegalMove(
            msg("Street frontage"),
            msg(
                "lot {lot} has no street frontage and no {kind} tile of yours connects it to a street",
                lot=lot,
                kind=Msg(rules.types(state)[t].name),
            ),
        )
    state["bag"].remove(t)
    rules.put_tile(state, lot, t)


def _hand(state: State, edit: dict[str, Any]) -> None:
    p = _seat(state, edit)
    tiles = edit.get("tiles")
    if not isinstance(tiles, dict):
        raise IllegalMove(msg("Tiles in hand"), msg("'tiles' gives each shop type's id its number of tiles"))
    hand = state["hands"][p]
    for t in range(TYPE_COUNT):  # what the hand held goes back to the supply first
        state["bag"][:0] = [t] * hand[t]
        hand[t] = 0
    for shop, k in tiles.items():
        t = rules.type_index(state, shop)
        if not _whole(k) or k < 0:
            raise IllegalMove(
                msg("Tiles in hand"), msg("the number of {kind} tiles must be a whole number, 0 or more", kind=shop)
            )
        if state["bag"].count(t) < k:
            raise IllegalMove(
                msg("Shop tiles"), msg("no {kind} tile is left in the supply", kind=Msg(rules.types(state)[t].name))
            )
        for _ in range(k):
            state["bag"].remove(t)
        hand[t] += k


def _round(state: State, edit: dict[str, Any]) -> None:
    r = edit.get("round")
    if not _whole(r) or not 1 <= r <= ROUNDS:
        raise IllegalMove(msg("chinatown|Setup"), msg("'round' must be from 1 to {n}", n=ROUNDS))
    n = state["players"]
    # Back to round 1 (the revealed cards face down again, no income), then on to round r.
    state["outlook"][:0] = [c for c in state["revealed"] if c is not None]
    state["revealed"] = []
    first = (state["start"] - (state["round"] - 1)) % n
    for p in range(n):
        state["money"][p] -= sum(shops[p] + bonus[p] for shops, bonus in state["income"])
    state["income"] = []
    for _ in range(r - 1):
        state["revealed"].append(state["outlook"].pop(0) if state["outlook"] else None)
        state["income"].append([[0] * n, [0] * n])
    state["round"] = r
    state["start"] = (first + r - 1) % n
    if state["phase"] == "keep":  # the deal of round r instead of round 1's
        _return_dealt(state)
        rules.deal_land(state)
    else:
        state["turn"] = state["start"]


def _money(state: State, edit: dict[str, Any]) -> None:
    p = _seat(state, edit)
    wanted = edit.get("dollars")
    step = rules.unit(state)
    base = START_MONEY * rules.scale(state) + state["trade_net"][p]
    if not _whole(wanted) or wanted < 0 or wanted % step:
        raise IllegalMove(msg("Money"), msg("money changes hands in whole {amount} cards", amount=dollars(step)))
    rows = state["income"]
    earned = wanted - base
    if earned < 0 or (earned and not rows):
        raise IllegalMove(
            msg("Money"),
            msg(
                "money is the start money plus the income of the rounds so far: at "
                "least {amount}, and more only after a round edit",
                amount=dollars(base),
            ),
        )
    units, left = divmod(earned // step, len(rows)) if rows else (0, 0)
    for i, (shops, bonus) in enumerate(rows):  # spread evenly, the later rounds a card more
        shops[p] = (units + (i >= len(rows) - left)) * step
        bonus[p] = 0
    state["money"][p] = wanted


def _outlook(state: State, edit: dict[str, Any]) -> None:
    if state["options"]["edition"] != "alea":
        raise IllegalMove(msg("chinatown|Setup"), msg("the Z-Man edition has no outlook cards"))
    wanted = edit.get("next")
    if not isinstance(wanted, list) or not all(isinstance(c, list) and all(_whole(s) for s in c) for c in wanted):
        raise IllegalMove(
            msg("chinatown|Setup"), msg("'next' lists outlook cards, each as the max sizes it pays for ([] for none)")
        )
    face_down = len(state["outlook"])
    box = [c for c in range(len(OUTLOOK_CARDS)) if c not in state["outlook"] and c not in state["revealed"]]
    pool = state["outlook"] + box  # the cards in the box were never seen: either may come up
    chosen = []
    for sizes in wanted:
        card = next((c for c in pool if OUTLOOK_CARDS[c] == tuple(sorted(sizes)) and c not in chosen), None)
        if card is None:
            raise IllegalMove(
                msg("chinatown|Setup"), msg("no outlook card for sizes {sizes} is left", sizes=repr(sorted(sizes)))
            )
        chosen.append(card)
    if len(chosen) > face_down:
        raise IllegalMove(msg("chinatown|Setup"), msg("only {n} outlook cards are left to reveal", n=face_down))
    state["outlook"] = (chosen + [c for c in pool if c not in chosen])[:face_down]


def _return_dealt(state: State) -> None:
    """The land cards dealt for phase 1 go back into the deck, shuffled."""
    for cards in state["dealt"]:
        state["deck"].extend(cards)
    state["dealt"] = [[] for _ in range(state["players"])]
    state["kept"] = [[] for _ in range(state["players"])]
    state["rng"] = rng.shuffle(state["rng"], state["deck"])


def _turn(state: State, edit: dict[str, Any]) -> None:
    p = _seat(state, edit)
    phase = edit.get("phase")
    if phase not in ("trade", "place"):
        raise IllegalMove(msg("chinatown|Setup"), msg("'phase' is trade or place"))
    if "start" in edit:
        state["start"] = _seat(state, edit, "start")
    n = state["players"]
    if state["phase"] == "keep":
        _return_dealt(state)
    if phase == "trade" and state["phase"] != "trade":
        state["done"] = [False] * n
        state["offers_left"] = [rules.offer_limit(state)] * n
        state["trades"] = []
    state["offer"] = None
    state["phase"] = phase
    state["turn"] = p
