"""The rules in one place for the Game object: setup, legal moves, check, apply, views.

The decisions and how each is checked are registered in decisions.py; flow.py runs them.
"""

from __future__ import annotations

from typing import Any

from ...core import rng
from ...core.game import chosen_seat, copy_state
from .data import (
    ART_COLOURS,
    ART_PER_COLOUR,
    B_SIDES,
    BE_CARDS,
    BE_CARDS_SHOWN,
    BE_CROSS_CELLS,
    BE_TILES,
    BE_TILES_ON_BOARD,
    COMPASS_START,
    CUBE_SUPPLY,
    MARKET_START,
    NOBLE_DISPLAY_COST,
    PRESTIGE,
    START_MONEY,
    STOCK,
    STOCK_CARDS_USED,
    STRIP_SLOTS,
    STRIPS_COMPASS,
    STRIPS_OTHER,
    TRAVELLERS,
    VARIANT_COMPASS_ROWS,
    WILDCARDS,
    noble_ids,
)
from .flow import apply, candidate_moves, check, legal_moves, to_move
from .state import ROUND_ITEMS, State, new_player

__all__ = [
    "new_game",
    "view",
    "determinize",
    "public_counts",
    "apply",
    "candidate_moves",
    "check",
    "legal_moves",
    "to_move",
]

HIDDEN = "?"


def new_game(players: int, seed: int, options: dict[str, Any]) -> State:
    """A new game as the rulebook sets it up (state.py's schema), the start player drawn
    from the seed unless the options name one; the starting art tiles are the first
    decisions."""
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
        "game": "brussels1893",
        "players": players,
        "seed": seed,
        "options": dict(options),
        "rng": r,
        "round": 1,
        "phase": "setup",
        "start": start,
        "turn": start,
        "frames": [],
        "step": 0,
        "passed": [False] * players,
        "first_pass": None,
        "grid": grid_text,
        "square": None,
        "arch": [-1] * 25,
        "francs": [0] * 25,
        "house": [-1] * 25,
        "be_cross": [],
        "visits": {"bourse": [], "grandplace": [], "park": [], "market": []},
        "noble_deck": deck[len(NOBLE_DISPLAY_COST) :],
        "display": deck[: len(NOBLE_DISPLAY_COST)],
        "reveal": None,
        "noble_discard": [],
        "noble_box": [f"brugmann:{k}" for k in range(players + 1, 6)],
        "prestige_deck": prestige[STRIP_SLOTS:],
        "strip": prestige[:STRIP_SLOTS],
        "prestige_discard": [],
        "stock_deck": stock[:STOCK_CARDS_USED],
        "stock": None,
        "stock_discard": [],
        "stock_box": stock[STOCK_CARDS_USED:],
        "studio": {c: ART_PER_COLOUR for c in ART_COLOURS},
        "market": {"pos": list(MARKET_START), "slots": [None, None]},
        "supply": {
            "wood": CUBE_SUPPLY,
            "iron": CUBE_SUPPLY,
            "stone": CUBE_SUPPLY,
            "glass": CUBE_SUPPLY if be else 0,
            "wild": WILDCARDS,
        },
        "pointers": list(COMPASS_START),
        "be": None,
        "train": 0,
        "b22": None,
        "pl": pl,
        "tally": [{i: 0 for i in ROUND_ITEMS} for _ in range(players)],
        "history": [],
        "events": [],
    }
    if be:
        cards = sorted(BE_CARDS)
        r = rng.shuffle(r, cards)
        tiles = sorted(BE_TILES)
        r = rng.shuffle(r, tiles)
        k = BE_TILES_ON_BOARD[players]
        state["be"] = {
            "cards": cards[:BE_CARDS_SHOWN],
            "halls": [-1] * BE_CARDS_SHOWN,
            "tiles": tiles[:k],
            "tile_arch": [-1] * k,
            "box": tiles[k + len(BE_CROSS_CELLS) :],
        }
        state["be_cross"] = tiles[k : k + len(BE_CROSS_CELLS)]
        state["train"] = TRAVELLERS
    state["rng"] = r
    # Setup step 15 (SEED): from the start player clockwise, each chooses a non-black art tile.
    for i in reversed(range(players)):
        state["frames"].append({"k": "startart", "p": (start + i) % players})
    return state


def view(state: State, player: int | None) -> State:
    """Face-down cards become placeholders: the noble, prestige and stock-exchange decks,
    everyone's first-pass prestige cards (nobody looks at them, SEED), the face-down Belle
    Époque tiles of the cross and the unused ones, and the generator."""
    v = copy_state(state)
    v["rng"] = 0
    v["seed"] = 0  # with the seed and the public moves, anyone could replay the hidden cards
    for deck in ("noble_deck", "prestige_deck", "stock_deck", "be_cross", "stock_box"):
        v[deck] = [HIDDEN] * len(state[deck])
    for pl in v["pl"]:
        pl["pass_cards"] = [HIDDEN] * len(pl["pass_cards"])
    if v["be"]:
        v["be"]["box"] = [HIDDEN] * len(v["be"]["box"])
    v["viewer"] = player
    return v


def determinize(view_state: State, seed: int) -> State:
    """A full state consistent with a view: the unseen cards dealt at random (for bots
    that look ahead; they never see the true hidden state)."""
    s = copy_state(view_state)
    r = rng.seed_state(seed)
    # Nobles: every card not visible somewhere is in the deck.
    deck_all, brugmanns = noble_ids(s["be"] is not None, s["players"])
    seen = set(c for c in s["display"] if c) | set(s["noble_discard"]) | set(s["noble_box"])
    seen |= {v["id"] for pl in s["pl"] for v in pl["nobles"].values()}
    if s.get("reveal"):
        seen.add(s["reveal"])
    seen |= {f["card"] for f in s["frames"] if f["k"] == "keep"}
    unseen = [c for c in deck_all + brugmanns if c not in seen]
    r = rng.shuffle(r, unseen)
    s["noble_deck"] = unseen[: len(s["noble_deck"])]
    # Prestige: deck and the face-down first-pass cards share the unseen cards.
    seen_p = set(c for c in s["strip"] if c) | set(s["prestige_discard"])
    seen_p |= {c for pl in s["pl"] for c in pl["tucked_cards"] + pl["won"]}
    unseen_p = [c for c in sorted(PRESTIGE) if c not in seen_p]
    r = rng.shuffle(r, unseen_p)
    for pl in s["pl"]:
        k = len(pl["pass_cards"])
        pl["pass_cards"], unseen_p = unseen_p[:k], unseen_p[k:]
    s["prestige_deck"] = unseen_p[: len(s["prestige_deck"])]
    seen_s = set(s["stock_discard"]) | ({s["stock"]} if s["stock"] else set())
    unseen_s = [c for c in sorted(STOCK) if c not in seen_s]
    r = rng.shuffle(r, unseen_s)
    s["stock_deck"] = unseen_s[: len(s["stock_deck"])]
    s["stock_box"] = unseen_s[len(s["stock_deck"]) :][: len(s["stock_box"])]
    if s["be"]:
        seen_t = set(s["be"]["tiles"])
        unseen_t = [t for t in sorted(BE_TILES) if t not in seen_t]
        r = rng.shuffle(r, unseen_t)
        s["be_cross"] = unseen_t[: len(s["be_cross"])]
        s["be"]["box"] = unseen_t[len(s["be_cross"]) :]
    s["rng"] = r
    s.pop("viewer", None)
    return s


def public_counts(state: State) -> tuple[Any, ...]:
    """What a move may reveal: deck sizes and the generator (for the undo policy)."""
    return (
        len(state["noble_deck"]),
        len(state["prestige_deck"]),
        len(state["stock_deck"]),
        state["rng"],
        state.get("reveal"),
    )
