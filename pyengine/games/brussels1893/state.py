"""The game state: its schema (plain JSON data, below) and pure queries on a state.

Nothing here changes a state: the changes every rule module makes (points, francs,
cubes, cards, the frame stack) are changes.py; a new game is dealt by rules.py.

State:

    players, seed, options {belle_epoque, variant}, rng     generator state (SplitMix64)
    round 1..5, phase    setup | planning | actions | scoring | end | over
    start, turn          start player (first: drawn, or the first_player option); the player
                         whose turn it is (action phase)
    frames               pending decisions, the last one on top (see flow.py); each is a
                         dict {"k": kind, "p": the player to decide, ...the kind's own keys}
    step                 position in the scoring / game-end pipeline
    passed, first_pass   who passed this round; the first to pass (or None)
    grid                 25 action letters by cell id (data.py coordinates)
    square               the try square's fleur id (None before planning)
    arch, francs, house  per cell: architect (-1 none, -2 neutral, else player), francs
                         under it, house owner (-1 none)
    be_cross             face-down Belle Époque tile ids on the centre cross (hidden)
    visits               per Brussels action: [[player, architects, travellers], ...]
    noble_deck, display, noble_discard, noble_box; reveal (Hankar's revealed noble, or None)
    prestige_deck, strip, prestige_discard
    stock_deck, stock, stock_discard, stock_box
    studio               art tiles left per colour; market {pos, slots}
    supply               cubes and wildcards; pointers: the compass's two segments
    be                   None, or {cards, halls, tiles, tile_arch, box}; train; b22
    pl                   one dict per player (see new_player)
    tally, history       points per item this round; committed rows per round
    events               what the last move did, for the log (words.py words it)
"""

from __future__ import annotations

from typing import Any

from .data import (
    ARCHITECTS,
    ART_COLOURS,
    CUBES,
    START_IN_COURT,
    T02_ZONE_BONUS,
    T04_ART,
    ZONE_ARCHITECTS_FROM,
    ZONE_MONEY_PER,
    ZONES,
    board_values,
)
from .moves import M, Move

State = dict[str, Any]
Frame = dict[str, Any]  # a pending decision (see frames above)

ROUND_ITEMS = ("art", "building", "nobles", "majorities", "exhibitions", "cards")
FINAL_ITEMS = ("houses", "materials", "marker", "zones", "tiles", "upkeep")
ITEMS = ROUND_ITEMS + FINAL_ITEMS


def new_player(board: str, money: int) -> dict[str, Any]:
    return {
        "board": board,
        "money": money,
        "score": 0,
        "built": 0,
        "halls": [],
        "fleur": 1,
        "crown": 1,
        "level": 1,
        "reserve": ARCHITECTS - START_IN_COURT,
        "court": START_IN_COURT,
        "travellers": 0,
        "art": {c: 0 for c in ART_COLOURS},
        "white": [],
        "cubes": {c: 0 for c in CUBES + ("wild",)},
        "nobles": {},
        "tucked": {z: 0 for z in ZONES},
        "tucked_cards": [],
        "tucked_now": [],
        "pass_cards": [],
        "won": [],
        "tied": [],
        "be_cards": {},
        "tiles": [],
        "t02": None,
    }


# ---------------------------------------------------------------- queries
def P(state: State, p: int) -> dict[str, Any]:
    return state["pl"][p]


def values(state: State, p: int) -> dict[str, Any]:
    return board_values(state["pl"][p]["board"])


def be_on(state: State) -> bool:
    return state["be"] is not None


def art_count(pl: dict[str, Any]) -> int:
    return sum(pl["art"].values()) + len(pl["white"])


def art_colours(pl: dict[str, Any]) -> int:
    """Distinct colours held (black and white count, SEED)."""
    return sum(1 for n in pl["art"].values() if n) + (1 if pl["white"] else 0)


def cube_count(pl: dict[str, Any], wild: bool = False) -> int:
    return sum(n for c, n in pl["cubes"].items() if wild or c != "wild")


def buildings(state: State, p: int) -> int:
    """Houses on the board plus exhibition halls (both count as buildings, SEED)."""
    return state["pl"][p]["built"]


def house_cells(state: State, p: int) -> list[int]:
    return [c for c, o in enumerate(state["house"]) if o == p]


def has_tile(state: State, p: int, tile: str) -> bool:
    be = state["be"]
    if not be or tile not in be["tiles"]:
        return False
    return be["tile_arch"][be["tiles"].index(tile)] == p


def max_level(state: State, p: int) -> int:
    """The architect track tops at 6, or at 7 (the portrait) with tile T10 (SEED)."""
    return 7 if has_tile(state, p, "T10") else 6


def card_ready(state: State, p: int, card: str) -> bool:
    """Whether the player holds Belle Époque card `card` unused this round."""
    return state["pl"][p]["be_cards"].get(card) is False


def holder(state: State, card: str) -> int | None:
    for p, pl in enumerate(state["pl"]):
        if card in pl["be_cards"]:
            return p
    return None


def meeples(state: State, p: int) -> int:
    pl = state["pl"][p]
    return pl["reserve"] + pl["travellers"]


def cube_kinds(state: State) -> tuple[str, ...]:
    """The materials in this game (glass only with Belle Époque)."""
    return CUBES if be_on(state) else CUBES[:3]


def house_cost(state: State, p: int) -> tuple[int, int]:
    """(cubes, top-tier bonus points) of the player's next house."""
    pl = P(state, p)
    v = values(state, p)
    return v["house_cost"][pl["built"]], v["house_bonus"][pl["built"]]


def displayed(state: State) -> set[str]:
    """The colours the art market shows (a white tile shows white)."""
    return {("white" if t.startswith("white") else t) for t in state["market"]["slots"] if t}


def sellable(state: State, p: int) -> list[Move]:
    """The sales open to the player: a colour held and not shown in the market, or a
    white tile as such a colour."""
    pl = P(state, p)
    shown = displayed(state)
    out = [M("sell", c) for c in ART_COLOURS if pl["art"][c] and c not in shown]
    if pl["white"] and "white" not in shown:
        out += [M("sell", "white", "as", c) for c in ART_COLOURS if c not in shown]
    return out


def zone_value(state: State, p: int, zone: str) -> int:
    """Points per unit of a strategy zone at the game end."""
    pl = P(state, p)
    bonus = T02_ZONE_BONUS if pl["t02"] == zone else 0
    return values(state, p)["zone_base"] + bonus + pl["tucked"][zone]


def zone_count(state: State, p: int, zone: str) -> int:
    """The units a strategy zone counts now."""
    pl = P(state, p)
    if zone == "architects":
        return max(0, ARCHITECTS - pl["court"] - (ZONE_ARCHITECTS_FROM - 1))
    if zone == "nobles":
        return len(pl["nobles"])
    if zone == "art":
        return art_count(pl) + (T04_ART if has_tile(state, p, "T04") else 0)
    return pl["money"] // ZONE_MONEY_PER


def studio_has(state: State, colour: str) -> bool:
    """Whether the studio has an art tile of this colour a player may choose (black
    comes only with the free studio action)."""
    return colour != "black" and bool(state["studio"].get(colour))
