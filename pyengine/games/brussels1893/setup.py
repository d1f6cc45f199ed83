"""Setup edits for scenarios (pyengine/core/scenario.py): build a position that no game
reaches easily, such as the rulebook's examples, from a new game. Each edit keeps the
position one the rules can reach: architects come from the seat's reserve, houses from
its architect board, cubes, art tiles and cards from their supplies and decks (what a
seat held before goes back first), and the invariants (invariants.py) hold at the end.

Seats are numbered from 1 (red, blue, green, yellow, purple); cells are named as the
Art Nouveau board's data-cell ids, "<column> <row>" from 1 at the bottom left; fleurs-de-
lis as printed, "x-y". Francs come from and go to the bank, which has no limit (data spec §1).

- {"edit": "phase", "phase": "planning" | "actions", "round": 1-5, "start": S,
  "square": "x-y", "turn": S}: skip the setup (the start art tiles are not chosen: give
  them with "art") to the planning phase of that round (the start player, "start", to put
  the try square; with "square", the stock card turned up is one that offers that fleur)
  or straight to its action phase with the try square on "square" (the stock card turned
  up is one that offers it) and "turn" to move. Comes
  first, once. The start money is dealt again from "start" (5 francs, then 6, 7...
  clockwise). Earlier rounds' stock cards are discarded and their score rows are empty.
  Two players: no neutral architect is placed (put them with "architect").
- {"edit": "turn", "seat": S, "passed": [S, ...]}: whose turn it is in the action phase
  and who has passed already, the first one listed having passed first.
- {"edit": "money", "seat": S, "francs": N}.
- {"edit": "score", "seat": S, "points": N, "item": "art" | "building" | ...}: points
  scored earlier (in round 1's row from round 2 on, else this round's), under a score
  item (ROUND_ITEMS; default "building").
- {"edit": "tracks", "seat": S, "fleur": 1-6, "crown": 1-6, "level": 1-6}: the three
  tracks of the architect board (each optional).
- {"edit": "art", "seat": S, "tiles": {"green": 1, "black": 2, ...}}: the seat's art tiles.
- {"edit": "cubes", "seat": S, "wood": N, "iron": N, "stone": N, "glass": N, "wild": N}:
  the seat's material cubes and wildcards (omitted kinds: none).
- {"edit": "architect", "seat": S | "neutral", "cell": "c r", "francs": N}: an architect
  on an empty cell of the active area with N francs under it (1 or more; a neutral one
  none). Needs the action phase.
- {"edit": "visit", "seat": S, "area": "bourse" | "grandplace" | "park" | "market",
  "architects": N}: N architects on a Brussels action, after those already there.
- {"edit": "court", "seat": S, "architects": N}: how many of the seat's architects are
  in the court (the others in its reserve).
- {"edit": "house", "seat": S, "cell": "c r"}: the seat's next house on an empty cell
  (no house, architect or Belle Époque tile), no points for it.
- {"edit": "noble", "seat": S, "noble": "buls", "used": false}: a noble card kept in the
  seat's area (from the deck; one of each name), turned sideways when "used".
- {"edit": "display", "nobles": ["buls", "albert", "solvay", "empain"]}: the noble
  display left to right (3, 2, 1, 0 francs), cards from the deck.
- {"edit": "prestige", "seat": S, "pass": [card, ...], "tucked": {"nobles": card, ...}}:
  the seat's first-pass prestige cards (face down) and cards tucked under its strategy
  zones, from the deck.
- {"edit": "strip", "column": 1-5, "card": "P13"}: the prestige card under a column.
- {"edit": "market", "pos": [column, row], "slots": ["brown", null]}: the art market's
  indicator (its centre, columns and rows 2-4) and the two tiles shown (from the studio).
- {"edit": "compass", "pointers": ["wood", "fr3"]}: the compass's two segments.
"""

from __future__ import annotations

import copy
from typing import Any

from ...core.edits import SETUP, edit_kind, refuse_broken, seat
from ...core.game import IllegalMove, State
from ...core.i18n import msg
from .data import (
    ACTIVE_CELLS,
    ARCHITECTS,
    AREAS,
    ART_COLOURS,
    ART_PER_COLOUR,
    BE_CROSS_CELLS,
    COMPASS,
    CUBES,
    FLEUR_BY_NAME,
    HOUSES,
    MARKET_CENTRE_RANGE,
    NOBLE_DISPLAY_COST,
    NOBLES,
    PRESTIGE,
    START_MONEY,
    STOCK,
    ZONES,
    cell_id,
    noble_name,
)
from .invariants import problems
from .moves import M
from .planning import begin_round, square_play
from .scoring import commit_row
from .state import ROUND_ITEMS
from .words import CUBE_NAMES

EDITS = (
    "phase",
    "turn",
    "money",
    "score",
    "tracks",
    "art",
    "cubes",
    "architect",
    "visit",
    "court",
    "house",
    "noble",
    "display",
    "prestige",
    "strip",
    "market",
    "compass",
)


def apply_setup(state: State, edit: dict[str, Any]) -> State:
    new = copy.deepcopy(state)
    _EDIT[edit_kind("Brussels 1893", edit, EDITS)](new, edit)
    new["events"] = []
    refuse_broken(problems(new))
    return new


# ---------------------------------------------------------------- fields
def _count(edit: dict[str, Any], key: str, lo: int, hi: int, default: int | None = None) -> int:
    value = edit.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise IllegalMove(SETUP, msg("{key} must be a whole number from {lo} to {hi}", key=repr(key), lo=lo, hi=hi))
    return value


def _seat(state: State, edit: dict[str, Any], key: str = "seat") -> int:
    return seat(state, edit.get(key))


def _cell(edit: dict[str, Any]) -> int:
    words = str(edit.get("cell", "")).split()
    if len(words) != 2 or not all(w in "12345" and len(w) == 1 for w in words):
        raise IllegalMove(SETUP, msg('{cell} is not a cell ("<column 1-5> <row 1-5>")', cell=repr(edit.get("cell"))))
    return cell_id(int(words[0]), int(words[1]))


def _take(state: State, decks: tuple[str, ...], card: str, what: Any) -> None:
    for deck in decks:
        if card in state[deck]:
            state[deck].remove(card)
            return
    if "prestige_deck" in decks and card in state["strip"] and state["prestige_deck"]:
        state["strip"][state["strip"].index(card)] = state["prestige_deck"].pop(0)  # its column gets the next card
        return
    raise IllegalMove(SETUP, msg("no {what} {card} is left in the deck", what=what, card=card))


def _acting(state: State) -> None:
    if state["phase"] != "actions":
        raise IllegalMove(SETUP, msg("this edit needs the action phase: put the phase edit first"))


# ---------------------------------------------------------------- the edits
def _phase(state: State, edit: dict[str, Any]) -> None:
    if state["phase"] != "setup" or any(f["k"] != "startart" for f in state["frames"]):
        raise IllegalMove(SETUP, msg("the phase edit comes first, and once"))
    phase = edit.get("phase")
    if phase not in ("planning", "actions"):
        raise IllegalMove(SETUP, msg("'phase' is planning or actions"))
    rnd = _count(edit, "round", 1, 5, 1)
    start = seat(state, edit.get("start", state["start"] + 1))
    state["frames"] = []
    state["start"] = state["turn"] = start
    for p in range(state["players"]):  # the start money follows the start player (5, then 6, 7... clockwise)
        state["pl"][p]["money"] = START_MONEY[(p - start) % state["players"]]
    for _ in range(rnd - 1):
        state["stock_discard"].append(state["stock_deck"].pop(0))
        state["history"].append(commit_row(state, ROUND_ITEMS))
    state["round"] = rnd
    begin_round(state)
    fleur = edit.get("square")
    if phase == "planning" and fleur is None:
        return
    if fleur not in FLEUR_BY_NAME:
        raise IllegalMove(msg("Planning"), msg('{fleur} is not a fleur-de-lis ("x-y", 1-4)', fleur=repr(fleur)))
    n = state["players"]
    if fleur not in STOCK[state["stock"]][1][n]:  # turn up a stock card that offers it
        other = next(
            (
                c
                for c, (_, offers) in sorted(STOCK.items())
                if fleur in offers[n] and c in state["stock_deck"] + state["stock_box"]
            ),
            None,
        )
        if other is None:
            raise IllegalMove(msg("Planning"), msg("no stock card left offers the try square on {fleur}", fleur=fleur))
        where = "stock_deck" if other in state["stock_deck"] else "stock_box"
        state[where][state[where].index(other)] = state["stock"]
        state["stock"] = other
    if phase == "planning":
        return
    square_play(state, state["frames"][-1], M("square", fleur))
    state["frames"] = []  # two players: no neutral architects unless placed by an edit
    state["turn"] = seat(state, edit.get("turn", start + 1))


def _turn(state: State, edit: dict[str, Any]) -> None:
    _acting(state)
    p = _seat(state, edit)
    passed = edit.get("passed", [])
    if not isinstance(passed, list):
        raise IllegalMove(SETUP, msg("'passed' is a list of seats"))
    who = [seat(state, q) for q in passed]
    if p in who or len(set(who)) != len(who):
        raise IllegalMove(msg("Action phase"), msg("the seat to move has not passed, and each seat passes once"))
    state["turn"] = p
    state["passed"] = [q in who for q in range(state["players"])]
    state["first_pass"] = who[0] if who else None


def _money(state: State, edit: dict[str, Any]) -> None:
    state["pl"][_seat(state, edit)]["money"] = _count(edit, "francs", 0, 999)


def _score(state: State, edit: dict[str, Any]) -> None:
    p = _seat(state, edit)
    points = _count(edit, "points", 0, 999)
    item = edit.get("item", "building")
    if item not in ROUND_ITEMS:
        raise IllegalMove(SETUP, msg("'item' is one of {items}", items=", ".join(ROUND_ITEMS)))
    pl = state["pl"][p]
    if state["history"]:
        row = state["history"][0][p]
        row[item] += points
        row["total"] += points
    else:
        state["tally"][p][item] += points
    pl["score"] += points


def _tracks(state: State, edit: dict[str, Any]) -> None:
    pl = state["pl"][_seat(state, edit)]
    for track in ("fleur", "crown", "level"):
        if track in edit:
            pl[track] = _count(edit, track, 1, 6)


def _art(state: State, edit: dict[str, Any]) -> None:
    pl = state["pl"][_seat(state, edit)]
    tiles = edit.get("tiles")
    if not isinstance(tiles, dict) or any(c not in ART_COLOURS for c in tiles):
        raise IllegalMove(SETUP, msg("'tiles' maps art colours ({colours}) to counts", colours=", ".join(ART_COLOURS)))
    for c in ART_COLOURS:
        state["studio"][c] += pl["art"][c]
        pl["art"][c] = 0
    for c, n in tiles.items():
        n = _count(tiles, c, 0, ART_PER_COLOUR)
        if state["studio"][c] < n:
            raise IllegalMove(
                msg("Studio"),
                msg("only {n} {colour} art tiles are left in the studio", n=state["studio"][c], colour=msg(c)),
            )
        state["studio"][c] -= n
        pl["art"][c] = n


def _cubes(state: State, edit: dict[str, Any]) -> None:
    pl = state["pl"][_seat(state, edit)]
    kinds = CUBES + ("wild",)
    for k in kinds:
        state["supply"][k] += pl["cubes"][k]
        pl["cubes"][k] = 0
    for k in kinds:
        n = _count(edit, k, 0, 15, 0)
        if state["supply"][k] < n:
            raise IllegalMove(
                msg("Materials"),
                msg("only {n} cubes of {kind} are left in the supply", n=state["supply"][k], kind=msg(CUBE_NAMES[k])),
            )
        state["supply"][k] -= n
        pl["cubes"][k] = n


def _architect(state: State, edit: dict[str, Any]) -> None:
    _acting(state)
    cell = _cell(edit)
    if cell not in ACTIVE_CELLS[state["square"]]:
        raise IllegalMove(msg("Active area"), msg("{cell} is outside the area the try square opens", cell=edit["cell"]))
    if state["arch"][cell] != -1:
        raise IllegalMove(msg("One architect per cell"), msg("{cell} already has an architect", cell=edit["cell"]))
    if edit.get("seat") == "neutral":
        if state["players"] != 2:
            raise IllegalMove(msg("Neutral architects"), msg("only a two-player game has neutral architects"))
        if state["house"][cell] != -1 or (state["be"] and cell in BE_CROSS_CELLS):
            raise IllegalMove(msg("Neutral architects"), msg("a neutral architect goes on a cell without a tile"))
        state["arch"][cell] = -2
        return
    p = _seat(state, edit)
    pl = state["pl"][p]
    if pl["reserve"] == 0:
        raise IllegalMove(
            msg("Architects"), msg("you have no architect left to place (the court holds {n})", n=pl["court"])
        )
    pl["reserve"] -= 1
    state["arch"][cell] = p
    state["francs"][cell] = _count(edit, "francs", 1, 99, 1)


def _visit(state: State, edit: dict[str, Any]) -> None:
    _acting(state)
    p = _seat(state, edit)
    area = edit.get("area")
    if area not in AREAS:
        raise IllegalMove(SETUP, msg("'area' is one of {areas}", areas=", ".join(AREAS)))
    n = _count(edit, "architects", 1, ARCHITECTS)
    pl = state["pl"][p]
    if pl["reserve"] < n:
        raise IllegalMove(
            msg("Architects"), msg("you have no architect left to place (the court holds {n})", n=pl["court"])
        )
    pl["reserve"] -= n
    state["visits"][area].append([p, n, 0])


def _court(state: State, edit: dict[str, Any]) -> None:
    pl = state["pl"][_seat(state, edit)]
    n = _count(edit, "architects", 0, ARCHITECTS)
    free = pl["reserve"] + pl["court"]
    if n > free:
        raise IllegalMove(msg("Architects"), msg("only {n} of the seat's architects are off the boards", n=free))
    pl["reserve"], pl["court"] = free - n, n


def _house(state: State, edit: dict[str, Any]) -> None:
    p = _seat(state, edit)
    cell = _cell(edit)
    pl = state["pl"][p]
    if pl["built"] >= HOUSES:
        raise IllegalMove(msg("Build"), msg("all 6 houses are built"))
    if state["house"][cell] != -1 or state["arch"][cell] != -1 or (state["be"] and cell in BE_CROSS_CELLS):
        raise IllegalMove(msg("Build"), msg("a house goes on a cell with no tile and no architect"))
    state["house"][cell] = p
    pl["built"] += 1


def _noble(state: State, edit: dict[str, Any]) -> None:
    pl = state["pl"][_seat(state, edit)]
    name = edit.get("noble")
    if name not in NOBLES or name == "brugmann":
        raise IllegalMove(
            SETUP, msg("'noble' is one of {names}", names=", ".join(n for n in NOBLES if n != "brugmann"))
        )
    if name in pl["nobles"]:
        raise IllegalMove(msg("Noble action"), msg("you cannot keep two nobles of the same name"))
    card = next((c for c in state["noble_deck"] if noble_name(c) == name), None)
    if card is None:
        raise IllegalMove(SETUP, msg("no {what} {card} is left in the deck", what=msg("noble"), card=name))
    state["noble_deck"].remove(card)
    pl["nobles"][name] = {"id": card, "used": bool(edit.get("used", False))}


def _display(state: State, edit: dict[str, Any]) -> None:
    names = edit.get("nobles")
    if not isinstance(names, list) or len(names) != len(NOBLE_DISPLAY_COST):
        raise IllegalMove(SETUP, msg("'nobles' lists the {n} cards of the display", n=len(NOBLE_DISPLAY_COST)))
    state["noble_deck"] += [c for c in state["display"] if c]
    state["display"] = []
    for name in names:
        card = next((c for c in state["noble_deck"] if noble_name(c) == name), None)
        if card is None:
            raise IllegalMove(SETUP, msg("no {what} {card} is left in the deck", what=msg("noble"), card=repr(name)))
        state["noble_deck"].remove(card)
        state["display"].append(card)


def _prestige(state: State, edit: dict[str, Any]) -> None:
    pl = state["pl"][_seat(state, edit)]
    passes, tucked = edit.get("pass", []), edit.get("tucked", {})
    if not isinstance(passes, list) or not isinstance(tucked, dict) or any(z not in ZONES for z in tucked):
        raise IllegalMove(
            SETUP, msg("'pass' lists prestige cards; 'tucked' maps zones ({zones}) to one", zones=", ".join(ZONES))
        )
    for card in passes + list(tucked.values()):
        if card not in PRESTIGE:
            raise IllegalMove(SETUP, msg("{card} is not a prestige card (P01-P30)", card=repr(card)))
        _take(state, ("prestige_deck", "prestige_discard"), card, msg("prestige card"))
    pl["pass_cards"] += passes
    for zone, card in tucked.items():
        if not PRESTIGE[card][3]:
            raise IllegalMove(SETUP, msg("{card} has no points to tuck", card=card))
        pl["tucked"][zone] += PRESTIGE[card][3]
        pl["tucked_cards"].append(card)


def _strip(state: State, edit: dict[str, Any]) -> None:
    col = _count(edit, "column", 1, 5)
    card = edit.get("card")
    if card not in PRESTIGE:
        raise IllegalMove(SETUP, msg("{card} is not a prestige card (P01-P30)", card=repr(card)))
    old = state["strip"][col - 1]
    _take(state, ("prestige_deck", "prestige_discard"), card, msg("prestige card"))
    if old:
        state["prestige_deck"].insert(0, old)
    state["strip"][col - 1] = card


def _market(state: State, edit: dict[str, Any]) -> None:
    market = state["market"]
    if "pos" in edit:
        pos = edit["pos"]
        lo, hi = MARKET_CENTRE_RANGE
        if not isinstance(pos, list) or len(pos) != 2 or any(not isinstance(v, int) or not lo <= v <= hi for v in pos):
            raise IllegalMove(
                msg("Sell action"), msg("the indicator's centre is [column, row], each {lo} to {hi}", lo=lo, hi=hi)
            )
        market["pos"] = list(pos)
    if "slots" in edit:
        slots = edit["slots"]
        if not isinstance(slots, list) or len(slots) != 2 or any(t is not None and t not in ART_COLOURS for t in slots):
            raise IllegalMove(msg("Sell action"), msg("'slots' holds two art colours or null"))
        for t in market["slots"]:
            if t and t in ART_COLOURS:
                state["studio"][t] += 1
        for t in slots:
            if t and state["studio"][t] == 0:
                raise IllegalMove(
                    msg("Studio"), msg("only {n} {colour} art tiles are left in the studio", n=0, colour=msg(t))
                )
            if t:
                state["studio"][t] -= 1
        market["slots"] = list(slots)


def _compass(state: State, edit: dict[str, Any]) -> None:
    pointers = edit.get("pointers")
    shown = [c for c in COMPASS if c != "glass" or state["be"]]
    if not isinstance(pointers, list) or len(pointers) != 2 or any(p not in shown for p in pointers):
        raise IllegalMove(msg("Compass"), msg("'pointers' names two segments of {segments}", segments=", ".join(shown)))
    if pointers[0] == pointers[1]:
        raise IllegalMove(msg("Compass"), msg("the two pointers never point at the same segment"))
    state["pointers"] = [COMPASS.index(p) for p in pointers]


_EDIT = {
    "phase": _phase,
    "turn": _turn,
    "money": _money,
    "score": _score,
    "tracks": _tracks,
    "art": _art,
    "cubes": _cubes,
    "architect": _architect,
    "visit": _visit,
    "court": _court,
    "house": _house,
    "noble": _noble,
    "display": _display,
    "prestige": _prestige,
    "strip": _strip,
    "market": _market,
    "compass": _compass,
}
