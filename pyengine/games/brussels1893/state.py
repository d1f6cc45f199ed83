"""The game state (plain JSON data), setup, and the small helpers every module uses.

State:

    players, seed, options {belle_epoque, variant}, rng     generator state (SplitMix64)
    round 1..5, phase    setup | planning | actions | scoring | end | over
    start, turn          start player (first: drawn, or the first_player option); the player
                         whose turn it is (action phase)
    frames               pending decisions, the last one on top (see flow.py)
    step                 position in the scoring / game-end pipeline
    passed, first_pass   who passed this round; the first to pass (or None)
    grid                 25 action letters by cell id (data.py coordinates)
    square               the try square's fleur id (None before planning)
    arch, francs, house  per cell: architect (-1 none, -2 neutral, else player), francs
                         under it, house owner (-1 none)
    be_cross             face-down Belle Époque tile ids on the centre cross (hidden)
    visits               per Brussels action: [[player, architects, travellers], ...]
    noble_deck, display, noble_discard, noble_box
    prestige_deck, strip, prestige_discard
    stock_deck, stock, stock_discard
    studio               art tiles left per colour; market {pos, slots}
    supply               cubes and wildcards; pointers: the compass's two segments
    be                   None, or {cards, halls, tiles, tile_arch}; train; b22
    pl                   one dict per player (see new_player)
    tally, history       points per item this round; committed rows per round
    events               what the last move did, for the log (text.py words it)
"""
from __future__ import annotations

from typing import Any

from ...core import rng
from ...core.game import chosen_seat
from .data import (
    ARCHITECTS, ART_COLOURS, ART_PER_COLOUR, BE_CARDS, BE_CARDS_SHOWN, BE_CROSS_CELLS, BE_TILES,
    BE_TILES_ON_BOARD, B_SIDES, COMPASS_START, CUBE_SUPPLY, CUBES, MARKET_START, NOBLE_DISPLAY_COST,
    PRESTIGE, START_IN_COURT, START_MONEY, STOCK, STOCK_CARDS_USED, STRIP_SLOTS, STRIPS_COMPASS, STRIPS_OTHER,
    TRAVELLERS, VARIANT_COMPASS_ROWS, WILDCARDS, ZONES, board_values, noble_ids,
)

State = dict[str, Any]

ROUND_ITEMS = ("art", "building", "nobles", "majorities", "exhibitions", "cards")
FINAL_ITEMS = ("houses", "materials", "marker", "zones", "tiles", "upkeep")
ITEMS = ROUND_ITEMS + FINAL_ITEMS


def new_player(board: str, money: int) -> dict[str, Any]:
    return {
        "board": board, "money": money, "score": 0, "built": 0, "halls": [],
        "fleur": 1, "crown": 1, "level": 1,
        "reserve": ARCHITECTS - START_IN_COURT, "court": START_IN_COURT, "travellers": 0,
        "art": {c: 0 for c in ART_COLOURS}, "white": [],
        "cubes": {c: 0 for c in CUBES + ("wild",)},
        "nobles": {}, "tucked": {z: 0 for z in ZONES}, "tucked_cards": [], "tucked_now": [],
        "pass_cards": [], "won": [], "tied": [], "be_cards": {}, "tiles": [], "t02": None,
    }


def new_game(players: int, seed: int, options: dict[str, Any]) -> State:
    r = rng.seed_state(seed)
    be, variant = options["belle_epoque"], options["variant"]
    # Strips: shuffled into rows (2013 edition), compass side up; the variant alternates.
    order = list(range(5))
    r = rng.shuffle(r, order)
    grid = []
    for row in range(1, 6):
        strip = order[row - 1]
        side = STRIPS_COMPASS if not variant or row in VARIANT_COMPASS_ROWS else STRIPS_OTHER
        grid.append(side[strip])
    grid_text = "".join(grid)
    # The start player is drawn here even when the options name one, so a seed deals the
    # same game whoever starts (and records made before the option replay unchanged).
    r, start = rng.below(r, players)
    chosen = chosen_seat(options)
    if chosen is not None:
        start = chosen
    boards = ["A"] * players
    if variant:
        names = list(B_SIDES)
        r = rng.shuffle(r, names)
        boards = names[:players]
    deck, brugmanns = noble_ids(be, players)
    r = rng.shuffle(r, deck)
    stock = sorted(STOCK)
    r = rng.shuffle(r, stock)
    prestige = sorted(PRESTIGE)
    r = rng.shuffle(r, prestige)
    pl = []
    for p in range(players):
        seat = (p - start) % players
        pl.append(new_player(boards[p], START_MONEY[seat]))
        pl[p]["nobles"]["brugmann"] = {"id": brugmanns[p], "used": False}
    state: State = {
        "game": "brussels1893", "players": players, "seed": seed, "options": dict(options), "rng": r,
        "round": 1, "phase": "setup", "start": start, "turn": start, "frames": [], "step": 0,
        "passed": [False] * players, "first_pass": None,
        "grid": grid_text, "square": None,
        "arch": [-1] * 25, "francs": [0] * 25, "house": [-1] * 25, "be_cross": [],
        "visits": {"bourse": [], "grandplace": [], "park": [], "market": []},
        "noble_deck": deck[len(NOBLE_DISPLAY_COST):], "display": deck[:len(NOBLE_DISPLAY_COST)], "reveal": None,
        "noble_discard": [], "noble_box": [f"brugmann:{k}" for k in range(players + 1, 6)],
        "prestige_deck": prestige[STRIP_SLOTS:], "strip": prestige[:STRIP_SLOTS], "prestige_discard": [],
        "stock_deck": stock[:STOCK_CARDS_USED], "stock": None, "stock_discard": [],
        "stock_box": stock[STOCK_CARDS_USED:],
        "studio": {c: ART_PER_COLOUR for c in ART_COLOURS},
        "market": {"pos": list(MARKET_START), "slots": [None, None]},
        "supply": {"wood": CUBE_SUPPLY, "iron": CUBE_SUPPLY, "stone": CUBE_SUPPLY,
                   "glass": CUBE_SUPPLY if be else 0, "wild": WILDCARDS},
        "pointers": list(COMPASS_START),
        "be": None, "train": 0, "b22": None,
        "pl": pl,
        "tally": [{i: 0 for i in ROUND_ITEMS} for _ in range(players)],
        "history": [], "events": [],
    }
    if be:
        cards = sorted(BE_CARDS)
        r = rng.shuffle(r, cards)
        tiles = sorted(BE_TILES)
        r = rng.shuffle(r, tiles)
        k = BE_TILES_ON_BOARD[players]
        state["be"] = {"cards": cards[:BE_CARDS_SHOWN], "halls": [-1] * BE_CARDS_SHOWN,
                       "tiles": tiles[:k], "tile_arch": [-1] * k, "box": tiles[k + len(BE_CROSS_CELLS):]}
        state["be_cross"] = tiles[k:k + len(BE_CROSS_CELLS)]
        state["train"] = TRAVELLERS
    state["rng"] = r
    # Setup step 15 (SEED): from the start player clockwise, each chooses a non-black art tile.
    for i in reversed(range(players)):
        state["frames"].append({"k": "startart", "p": (start + i) % players})
    return state


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


def use_card(state: State, p: int, card: str) -> None:
    state["pl"][p]["be_cards"][card] = True
    event(state, "card", p, card=card)


def holder(state: State, card: str) -> int | None:
    for p, pl in enumerate(state["pl"]):
        if card in pl["be_cards"]:
            return p
    return None


def meeples(state: State, p: int) -> int:
    pl = state["pl"][p]
    return pl["reserve"] + pl["travellers"]


# ---------------------------------------------------------------- changes
def event(state: State, key: str, p: int | None = None, **args: Any) -> None:
    state["events"].append([key, p, args])


def points(state: State, p: int, item: str, n: int, why: str = "") -> None:
    if not n:
        return
    state["pl"][p]["score"] += n
    row = state["tally"][p]
    row[item] = row.get(item, 0) + n
    if why:
        event(state, "points", p, n=n, why=why)


def francs(state: State, p: int, n: int, why: str = "") -> None:
    if not n:
        return
    state["pl"][p]["money"] += n
    if why:
        event(state, "francs", p, n=n, why=why)


def take_cubes(state: State, p: int, kind: str, n: int) -> int:
    """Move up to n cubes of a kind from the supply (limited, SEED); returns how many."""
    n = min(n, state["supply"][kind])
    state["supply"][kind] -= n
    state["pl"][p]["cubes"][kind] += n
    return n


def give_cubes(state: State, p: int, kind: str, n: int) -> None:
    state["pl"][p]["cubes"][kind] -= n
    state["supply"][kind] += n


def draw(state: State, deck: str, discard: str | None = None) -> str | None:
    """Top card of a deck; an empty deck is first refilled from its shuffled discards."""
    if not state[deck] and discard and state[discard]:
        state[deck] = state[discard]
        state[discard] = []
        state["rng"] = rng.shuffle(state["rng"], state[deck])
        event(state, "reshuffle", None, deck=deck)
    return state[deck].pop(0) if state[deck] else None


def push(state: State, *frames: dict[str, Any]) -> None:
    """Push frames so that the first one given is decided first."""
    for f in reversed(frames):
        state["frames"].append(f)


def track_up(state: State, p: int, track: str, why: str = "") -> None:
    pl = state["pl"][p]
    top = max_level(state, p) if track == "level" else 6
    if pl[track] < top:
        pl[track] += 1
        event(state, "track", p, track=track, level=pl[track])


def free_from_court(state: State, p: int) -> None:
    pl = state["pl"][p]
    if pl["court"]:
        pl["court"] -= 1
        pl["reserve"] += 1
        event(state, "court_out", p)


def take_art(state: State, p: int, colour: str, white: bool = False) -> bool:
    if state["studio"][colour] <= 0:
        return False
    state["studio"][colour] -= 1
    if white:
        state["pl"][p]["white"].append(colour)
        state["pl"][p]["white"].sort()
    else:
        state["pl"][p]["art"][colour] += 1
    event(state, "art", p, colour=colour, white=white)
    return True

