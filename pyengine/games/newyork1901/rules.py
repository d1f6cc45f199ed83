"""New York 1901 rules: setup, the turn's state machine, legality and effects.

State (plain JSON data; lot ids and tile ids as in data.py):

    players, seed, options, rng            the generator's state (SplitMix64)
    phase        "play" | "over"
    turn         the player whose turn it is (at the start: the first player, options)
    did          this turn so far: {"takes", "builds", "grab", "boom", "demolished"}
    characters   character colour per player (None in the expert game)
    deck         face-down lot cards [colour, size], top first
    market       face-up lot cards (up to 4)
    streets      the 3 street bonus cards in play; challenge: a card name or None
    owner        {lot id: player} for every acquired lot
    workers      {lot id: player} for lots held by a worker
    tiles        built skyscrapers in build order: {"id", "player", "cells": [[x, y], ...]}
    supply       per player, the ids of their unbuilt skyscrapers
    legends      legendary ids still unbuilt; king: per player, the legendary they built
    cards        per player, the action cards not yet used ("shift", "grab", "boom")
    scores       per player; built and prestige split them for the score table
    end_by       the player who triggered the end (None before); final_left: turns left
    idle         turns ended since the last build or new lot card (the stalemate rule, RULES.md)
    fresh        how many cards on top of the deck were never drawn (given back and shifted
                 cards go under them); deck_low: the fewest cards the deck has held
    stalled      whether the end was triggered by the stalemate rule
    final        None until the end, then the final scoring rows (see scoring.py)

A turn is several moves: an optional Market Shift, the acquisition (Land Grab makes it
two), then a build, then maybe Construction Boom and a second build; or a demolish-and-
rebuild instead of the acquisition. The turn ends by itself once nothing optional is
left, else with ``end``. Every rule reading that the rulebooks leave open is in RULES.md.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import cache, lru_cache
from typing import Any

from ...core import rng
from ...core.game import IllegalMove, State, first_seat, interned
from ...core.game import Move as AnyMove  # whatever a caller passes; Move is New York's own
from ...core.i18n import Msg, msg
from . import naming
from .data import (
    ACTION_CARDS,
    BEGINNER_STREET_CARDS,
    BONUS_STREET_CARDS,
    CHALLENGE_CARDS,
    END_TRIGGER_UNBUILT,
    GEN_RANK,
    HEIGHT,
    LAND_GRAB_CARDS,
    LEGENDARY_IDS,
    LOT_AT,
    LOTS_BY_ID,
    MARKET_SIZE,
    OFFSETS,
    PARKS,
    PLAYER_TILES,
    START_LOTS,
    START_TILE,
    STREETS,
    TECH_THRESHOLDS,
    TECH_THRESHOLDS_EXPERT,
    TILE_BY_ID,
    WIDTH,
    WORKERS_PER_PLAYER,
    active_districts,
    anchored,
    lot_deck,
)
from .moves import ACTIONS, Acquire, Action, Build, End, Move, Return
from .scoring import final_scoring

LOTS_BY_KIND: dict[tuple[str, int], tuple[str, ...]] = {}
for _lot in LOTS_BY_ID.values():
    LOTS_BY_KIND[(_lot.district, _lot.size)] = LOTS_BY_KIND.get((_lot.district, _lot.size), ()) + (_lot.id,)

CARD_KEYS = {"Market Shift": "shift", "Land Grab": "grab", "Construction Boom": "boom"}
CHALLENGE_KEYS = {name.lower().replace(" ", "_"): name for name in CHALLENGE_CARDS}

# Cells a tile square may touch to have frontage: any street or park (not a landmark).
FRONTAGE = frozenset(c for cells in STREETS.values() for c in cells) | frozenset(
    c for cells in PARKS.values() for c in cells
)


def _neighbours(x: int, y: int) -> Iterator[tuple[int, int]]:
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        nx, ny = x + dx, y + dy
        if 0 <= nx < WIDTH and 0 <= ny < HEIGHT:
            yield nx, ny


# ------------------------------------------------------------------------------ setup
def new_game(players: int, seed: int, options: dict[str, Any]) -> State:
    r = rng.seed_state(seed)
    expert = options["expert"]
    colours = list(active_districts(players))
    r = rng.shuffle(r, colours)
    characters = [None] * players if expert else colours[:players]
    deck = [[colour, size] for _, colour, size in lot_deck(players, () if expert else characters)]
    r = rng.shuffle(r, deck)
    if options["streets"] == "beginner":
        streets = list(BEGINNER_STREET_CARDS)
    else:
        streets = list(BONUS_STREET_CARDS)
        r = rng.shuffle(r, streets)
        streets = streets[:3]
    if options["challenge"] == "random":
        names = list(CHALLENGE_CARDS)
        r = rng.shuffle(r, names)
        challenge: str | None = names[0]
    else:
        challenge = CHALLENGE_KEYS.get(options["challenge"])  # None: played without one
    # Drawn last, so a seed deals the same board, deck and cards whoever starts.
    r, first = first_seat(options, players, r)
    state: State = {
        "game": "newyork1901",
        "players": players,
        "seed": seed,
        "options": dict(options),
        "rng": r,
        "phase": "play",
        "turn": first,
        "did": fresh_turn(),
        "characters": characters,
        "deck": deck[MARKET_SIZE:],
        "market": deck[:MARKET_SIZE],
        "streets": streets,
        "challenge": challenge,
        "owner": {},
        "workers": {},
        "tiles": [],
        "supply": [[t.id for t in PLAYER_TILES] for _ in range(players)],
        "legends": list(LEGENDARY_IDS),
        "king": [None] * players,
        "cards": [[CARD_KEYS[c] for c in ACTION_CARDS] if options["action_cards"] else [] for _ in range(players)],
        "scores": [0] * players,
        "built": [0] * players,
        "prestige": [0] * players,
        "end_by": None,
        "final_left": 0,
        "final": None,
        "idle": 1,  # the start counts as progress: a whole round of nothing follows it
        "fresh": len(deck) - MARKET_SIZE,
        "deck_low": len(deck) - MARKET_SIZE,
        "stalled": False,
    }
    if not expert:
        for p, colour in enumerate(colours[:players]):  # the characters
            lot = START_LOTS[colour]
            state["owner"][lot] = p
            state["tiles"].append({"id": START_TILE.id, "player": p, "cells": [list(c) for c in LOTS_BY_ID[lot].cells]})
    return state


def fresh_turn() -> dict[str, Any]:
    """What a turn has done so far, at its start (``state["did"]``)."""
    return {"takes": 0, "builds": 0, "grab": False, "boom": False, "demolished": False}


# --------------------------------------------------------------------------- queries
def thresholds(state: State) -> dict[str, int]:
    return TECH_THRESHOLDS_EXPERT if state["options"]["expert"] else TECH_THRESHOLDS


def tech(state: State, player: int) -> str:
    """The newest generation the player may build (SOURCED: silver at 6, gold at 18)."""
    score, t = state["scores"][player], thresholds(state)
    return "gold" if score >= t["gold"] else "silver" if score >= t["silver"] else "bronze"


def free_workers(state: State, player: int) -> int:
    return WORKERS_PER_PLAYER - sum(1 for p in state["workers"].values() if p == player)


def cell_map(state: State) -> dict[tuple[int, int], int]:
    """Covered cell -> index into state["tiles"]."""
    return {(x, y): i for i, t in enumerate(state["tiles"]) for x, y in t["cells"]}


def estate(state: State, player: int) -> set[tuple[int, int]]:
    return {c for lot, p in state["owner"].items() if p == player for c in LOTS_BY_ID[lot].cells}


def tile_generation(tile_id: str) -> str:
    return TILE_BY_ID[tile_id].generation


def footprint(move: Build) -> frozenset:
    return anchored(move.tile, move.rot, move.x, move.y)


def lot_kind(lot: str) -> list:
    info = LOTS_BY_ID[lot]
    return [info.district, info.size]


def unbuilt(state: State, player: int) -> int:
    return len(state["supply"][player])


def grab_workers(state: State) -> int:
    return int(state["options"]["land_grab_workers"])


def takes_allowed(state: State) -> int:
    return LAND_GRAB_CARDS if state["did"]["grab"] else 1


def touches_frontage(cells: Iterable[tuple[int, int]]) -> bool:
    return any(n in FRONTAGE for x, y in cells for n in _neighbours(x, y))


# ------------------------------------------------------------------------ acquisition
def _check_acquire(state: State, move: Acquire) -> None:
    p, did = state["turn"], state["did"]
    lot = LOTS_BY_ID[move.lot]
    if did["demolished"]:
        raise IllegalMove(msg("Turn order"), msg("you demolished and rebuilt this turn, so there is no acquisition"))
    if did["boom"]:
        raise IllegalMove(msg("Construction Boom"), msg("it gives a second build, not a second acquisition"))
    if did["takes"] >= takes_allowed(state):
        raise IllegalMove(
            msg("Acquisition"),
            msg("you already acquired a lot this turn")
            if did["grab"]
            else msg("you already acquired a lot this turn (Land Grab allows a second)"),
        )
    if did["builds"] and not (did["grab"] and grab_workers(state) == 1 and did["takes"] == 1):
        raise IllegalMove(msg("Turn order"), msg("acquire before you build"))
    if free_workers(state, p) == 0:
        raise IllegalMove(msg("Acquisition"), msg("you have no free worker to put on a new lot"))
    if lot.district not in active_districts(state["players"]):
        raise IllegalMove(msg("Two-player game"), msg("the pink district is not used with 2 players"))
    if move.lot in state["owner"]:
        who = state["owner"][move.lot]
        if who == p:
            raise IllegalMove(
                msg("Acquisition"), msg("this lot is yours already: only a lot nobody owns can be acquired")
            )
        raise IllegalMove(
            msg("Acquisition"),
            msg("this lot is {who}'s: only a lot nobody owns can be acquired", who=msg("Player {n}", n=who + 1)),
        )
    if lot_kind(move.lot) not in state["market"]:
        raise IllegalMove(
            msg("Acquisition"),
            msg(
                "no market card shows a {size}-square {district_colour} lot",
                size=lot.size,
                district_colour=Msg(lot.district),
            ),
        )
    if did["grab"] and lot.size != 2:
        raise IllegalMove(msg("Land Grab"), msg("with Land Grab both lots must be 2-square lots"))


def acquisitions(state: State) -> list[Acquire]:
    """Every legal acquisition now (few: the lots matching the market's kinds).

    The same rules as _check_acquire, split: the turn's conditions are checked once
    (on the first candidate), the lot's own (owner, district, Land Grab size) inline."""
    owner, did = state["owner"], state["did"]
    districts = active_districts(state["players"])
    lots = [
        lot_id
        for kind in sorted({tuple(k) for k in state["market"] if tuple(k) in LOTS_BY_KIND})
        for lot_id in LOTS_BY_KIND[kind]
        if lot_id not in owner
        and LOTS_BY_ID[lot_id].district in districts
        and not (did["grab"] and LOTS_BY_ID[lot_id].size != 2)
    ]
    if not lots:
        return []
    try:
        _check_acquire(state, Acquire.make(lots[0]))
    except IllegalMove:
        return []
    return [Acquire.make(lot_id) for lot_id in lots]


def must_acquire(state: State, ctx: Context | None = None) -> bool:
    """A free worker at the start of the turn obliges an acquisition (unless demolishing)."""
    did = state["did"]
    return did["takes"] == 0 and did["builds"] == 0 and bool(ctx.acquisitions if ctx else acquisitions(state))


# ------------------------------------------------------------------------------ build
def build_owner_checks(state: State, move: Build) -> None:
    """The checks of a build that depend on who builds (the legendary tiles, the tile's
    generation, the supply), not on where: setup.py runs them on a setup build too."""
    p = state["turn"]
    tile = TILE_BY_ID[move.tile]
    if move.tile.startswith("L"):
        if move.tile not in state["legends"]:
            raise IllegalMove(
                msg("Legendary"), msg("the {name} is already built", name=Msg(LEGENDARY_IDS[move.tile].name))
            )
        if state["king"][p] is not None:
            raise IllegalMove(msg("Legendary"), msg("each player may build only one legendary skyscraper"))
    elif move.tile not in state["supply"][p]:
        raise IllegalMove(msg("Skyscraper supply"), msg("you have already built that skyscraper"))
    have = tech(state, p)
    if GEN_RANK[tile.generation] > GEN_RANK[have]:
        need = thresholds(state)[tile.generation]
        raise IllegalMove(
            msg("Technology"),
            msg(
                "{generation} needs {need} points; you have {have}",
                generation=Msg(tile.generation),
                need=need,
                have=state["scores"][p],
            ),
        )


class Context:
    """Facts about a state that every build check needs; computed once per state when
    all candidates are checked together (``legal_moves``), else once per check."""

    def __init__(self, state: State) -> None:
        p = state["turn"]
        self.covered = cell_map(state)
        self.mine = estate(state, p)
        self._must: bool | None = None
        self._acquisitions: list[Acquire] | None = None
        self._stuck: bool | None = None
        self.state = state
        # The player's lots with neither a skyscraper nor a worker on them (normally
        # none): a build that demolishes nothing can only leave these needing a worker.
        self.bare = [
            lot
            for lot, owner in state["owner"].items()
            if owner == p and lot not in state["workers"] and not any(c in self.covered for c in LOTS_BY_ID[lot].cells)
        ]

    @property
    def acquisitions(self) -> list[Acquire]:
        if self._acquisitions is None:
            self._acquisitions = acquisitions(self.state)
        return self._acquisitions

    @property
    def must_acquire(self) -> bool:
        if self._must is None:
            self._must = must_acquire(self.state, self)
        return self._must

    @property
    def stuck(self) -> bool:
        if self._stuck is None:
            self._stuck = stuck(self.state, self)
        return self._stuck


def build_effects(state: State, move: Build, ctx: Context | None = None) -> dict[str, Any]:
    """What the build would do; raises IllegalMove for the board rules (not turn order)."""
    ctx = ctx or Context(state)
    p = state["turn"]
    cells = footprint(move)
    mine = ctx.mine
    for c in sorted(cells):
        if not (0 <= c[0] < WIDTH and 0 <= c[1] < HEIGHT):
            raise IllegalMove(msg("Estate"), msg("the skyscraper would hang off the board"))
        if c not in mine:
            lot = LOT_AT.get(c)
            if lot is None:
                raise IllegalMove(
                    msg("Estate"), msg("it would cover a square of {name}, not a lot", name=naming.square_name(c))
                )
            who = state["owner"].get(lot)
            if who is None:
                raise IllegalMove(
                    msg("Estate"),
                    msg(
                        "it would cover {lot_name}, which is nobody's yet, not in your estate", lot_name=naming.lot(lot)
                    ),
                )
            raise IllegalMove(
                msg("Estate"),
                msg(
                    "it would cover {lot_name}, which is {who}'s, not in your estate",
                    lot_name=naming.lot(lot),
                    who=msg("Player {n}", n=who + 1),
                ),
            )
    if not touches_frontage(cells):
        raise IllegalMove(msg("Frontage"), msg("at least one side of the skyscraper must touch a street or park"))
    covered = ctx.covered
    falls = sorted({covered[c] for c in cells if c in covered})
    new_rank = GEN_RANK[TILE_BY_ID[move.tile].generation]
    for i in falls:
        t = state["tiles"][i]
        gen = tile_generation(t["id"])
        if t["player"] != p:
            raise IllegalMove(msg("Overlap"), msg("skyscrapers may not overlap another player's"))
        if gen == "gold":
            raise IllegalMove(
                msg("Demolition"),
                msg("legendary skyscrapers can never be demolished")
                if t["id"].startswith("L")
                else msg("gold skyscrapers can never be demolished"),
            )
        if GEN_RANK[gen] >= new_rank:
            new_gen = Msg(TILE_BY_ID[move.tile].generation)
            if gen == "start":
                raise IllegalMove(
                    msg("Demolition"),
                    msg(
                        "a {generation} skyscraper can only replace older generations, not your starting building",
                        generation=new_gen,
                    ),
                )
            raise IllegalMove(
                msg("Demolition"),
                msg(
                    "a {generation} skyscraper can only replace older generations, not {old}",
                    generation=new_gen,
                    old=Msg(gen),
                ),
            )
    returned = sorted({LOT_AT[c] for c in cells if state["workers"].get(LOT_AT[c]) == p})
    # After the build, every lot of yours must be covered (in part) or hold a worker.
    if falls:
        gone = {tuple(c) for i in falls for c in state["tiles"][i]["cells"]}
        still = {c for c in covered if c not in gone} | set(cells)
        needs = sorted(
            lot
            for lot, owner in state["owner"].items()
            if owner == p
            and lot not in returned
            and lot not in state["workers"]
            and not any(c in still for c in LOTS_BY_ID[lot].cells)
        )
    else:  # nothing falls: only lots already bare can stay bare (the same rule, cheaper)
        needs = sorted(lot for lot in ctx.bare if not any(c in cells for c in LOTS_BY_ID[lot].cells))
    free_after = free_workers(state, p) + len(returned)
    if len(needs) > free_after:
        raise IllegalMove(
            msg("Demolition"),
            msg(
                "the emptied lots ({lot_list}) would each need a worker and you would have only {n} free",
                lot_list=naming.lots(needs),
                n=free_after,
            ),
        )
    prestige = 0
    if state["challenge"] == "Gold Prestige" and new_rank == GEN_RANK["gold"]:
        near = {n for x, y in cells for n in _neighbours(x, y)} - cells
        prestige = len(
            {
                covered[c]
                for c in near
                if c in covered
                and state["tiles"][covered[c]]["player"] != p
                and GEN_RANK[tile_generation(state["tiles"][covered[c]]["id"])] < new_rank
            }
        )
    return {
        "cells": sorted(cells),
        "falls": falls,
        "returned": returned,
        "needs": needs,
        "points": TILE_BY_ID[move.tile].points,
        "prestige": prestige,
    }


def _check_build(state: State, move: Build, ctx: Context | None = None) -> dict[str, Any]:
    ctx = ctx or Context(state)
    did = state["did"]
    if did["builds"] >= 2:
        raise IllegalMove(msg("Construction Boom"), msg("no more than two skyscrapers in one turn"))
    if did["builds"] == 1 and not did["boom"]:
        raise IllegalMove(msg("Turn order"), msg("one skyscraper per turn (Construction Boom allows a second)"))
    build_owner_checks(state, move)
    tiles, p = state["tiles"], state["turn"]
    demolishes = any(c in ctx.covered and tiles[ctx.covered[c]]["player"] == p for c in footprint(move))
    if did["grab"] and (demolishes or not did["takes"]):
        # ZH: Land Grab gives an extra lot "if you choose to expand"; FR: it repeats
        # action 1a. Playing it commits the turn to option 1, acquire then build.
        if demolishes:
            raise IllegalMove(
                msg("Land Grab"), msg("you played it, so this turn acquires then builds: no demolish and rebuild")
            )
        raise IllegalMove(msg("Land Grab"), msg("you played it: acquire a 2-square lot before you build"))
    if demolishes:
        if did["takes"] or did["builds"]:
            raise IllegalMove(
                msg("Demolition"), msg("demolish and rebuild is a whole turn: not after acquiring or building")
            )
    elif did["takes"] == 0 and did["builds"] == 0 and ctx.must_acquire:
        raise IllegalMove(
            msg("Acquisition"), msg("you have a free worker, so acquire a lot first (or demolish and rebuild)")
        )
    return build_effects(state, move, ctx)


def builds(state: State, demolish: bool | None = None, ctx: Context | None = None) -> Iterator[Build]:
    """Candidate builds (cheap filters: inside the estate, touching a street or park);
    ``check`` decides the rest."""
    p, did = state["turn"], state["did"]
    if did["builds"] >= 2 or (did["builds"] == 1 and not did["boom"]):
        return  # the turn's builds are done (_check_build's first rules)
    if did["grab"] and did["takes"] == 0:
        return  # Land Grab played: acquire first, and no demolition this turn
    mine = ctx.mine if ctx else estate(state, p)
    if not mine:
        return
    ids: list[str] = []
    seen = set()
    have = GEN_RANK[tech(state, p)]
    for tid in state["supply"][p] + (state["legends"] if state["king"][p] is None else []):
        if GEN_RANK[tile_generation(tid)] <= have and tid not in seen:
            seen.add(tid)
            ids.append(tid)
    if (
        demolish is None
        and did["takes"] == 0
        and did["builds"] == 0
        and (ctx.must_acquire if ctx else must_acquire(state))
    ):
        demolish = True  # the only build allowed before the obliged acquisition
    # Squares as bits (see _fits): under[rank] = squares of your tiles that a tile of
    # that generation could not demolish (the same or a newer generation); built = all
    # your built squares. Demolish-and-rebuild is a whole turn, so after an acquisition
    # or a build (or when asked for plain builds) every built square is out of bounds.
    under = {rank: 0 for rank in GEN_RANK.values()}
    built = 0
    for tile in state["tiles"]:
        if tile["player"] != p:
            continue  # not in your estate: no shape of yours reaches it anyway
        bits = 0
        for x, y in tile["cells"]:
            bits |= square_bit(x, y)
        built |= bits
        old = GEN_RANK[tile_generation(tile["id"])]
        for rank in under:
            if old >= rank:
                under[rank] |= bits
    no_demolition = demolish is False or did["takes"] or did["builds"]
    fits = fits_in(frozenset(mine))
    for tid in ids:
        blocked = built if no_demolition else under[GEN_RANK[tile_generation(tid)]]
        for rot, offsets in enumerate(OFFSETS[tid]):
            for (ax, ay), mask in fits[offsets]:
                if mask & blocked:
                    continue
                if demolish is not None and bool(mask & built) != demolish:
                    continue
                yield interned(Build, tid, rot, ax, ay)


# Board squares as bits of one int: square (x, y) is bit y * STRIDE + x. Rows are
# padded past the board's width, so shifting a row's bits by a tile's sideways offset
# never lands on a square of the next row.
STRIDE = WIDTH + 8


def square_bit(x: int, y: int) -> int:
    return 1 << (y * STRIDE + x)


class Fits(dict):
    """orientation -> [(anchor, mask of its squares)] for one estate. Each orientation
    is worked out when first asked for: a player holds a few tiles, not all of them."""

    def __init__(self, bits: int) -> None:
        super().__init__()
        self.bits = bits

    def __missing__(self, offsets: tuple) -> list[tuple[tuple[int, int], int]]:
        shifts, shape, fronting = _shapes()[offsets]
        bits = self.bits
        ok = bits & fronting
        for d in shifts:
            ok &= bits >> d
        found = []
        while ok:
            low = ok & -ok
            i = low.bit_length() - 1
            found.append(((i % STRIDE, i // STRIDE), shape << i))
            ok ^= low
        found.sort()
        self[offsets] = found
        return found


@lru_cache(maxsize=1024)
def fits_in(mine: frozenset) -> Fits:
    """For each tile orientation, (anchor, mask of its squares) at every anchor where
    every square lies in ``mine`` and one side touches a street or park. With squares
    as bits, the anchors where a shape fits are the AND of the estate shifted by each
    of the shape's offsets: a handful of integer operations per orientation."""
    bits = 0
    for x, y in mine:
        bits |= square_bit(x, y)
    return Fits(bits)


@cache
def _shapes() -> dict[tuple, tuple[tuple[int, ...], int, int]]:
    """Per orientation: the bit shifts of its squares from the anchor (all >= 0: the
    anchor is the top row's leftmost square), its mask at the origin, and the anchors at
    which it lies on the board and touches a street or park (the board never changes)."""
    table = {}
    for orientations in OFFSETS.values():
        for offsets in orientations:
            if offsets in table:
                continue
            shifts = tuple(dy * STRIDE + dx for dx, dy in offsets)
            fronting = 0
            for x in range(WIDTH):
                for y in range(HEIGHT):
                    cells = [(x + dx, y + dy) for dx, dy in offsets]
                    if all(0 <= cx < WIDTH and 0 <= cy < HEIGHT for cx, cy in cells) and touches_frontage(cells):
                        fronting |= square_bit(x, y)
            table[offsets] = (shifts, sum(1 << d for d in shifts), fronting)
    return table


def legal_builds(state: State, demolish: bool | None = None, ctx: Context | None = None) -> Iterator[Build]:
    ctx = ctx or Context(state)
    for move in builds(state, demolish, ctx):
        try:
            _check_build(state, move, ctx)
        except IllegalMove:
            continue
        yield move


def has_build(state: State, demolish: bool | None = None, ctx: Context | None = None) -> bool:
    return next(legal_builds(state, demolish, ctx), None) is not None


# ------------------------------------------------------------------------ action cards
def _check_action(state: State, move: Action, ctx: Context | None = None) -> None:
    p, did = state["turn"], state["did"]
    name = Msg(ACTIONS[move.card])
    if move.card not in state["cards"][p]:
        raise IllegalMove(
            name,
            msg("you have already used it")
            if state["options"]["action_cards"]
            else msg("this game is played without action cards"),
        )
    if move.card == "shift":
        if did["takes"] or did["builds"] or did["grab"]:
            raise IllegalMove(name, msg("only at the start of your turn"))
        if ctx.stuck if ctx else stuck(state):
            raise IllegalMove(
                msg("No build possible"), msg("giving back a lot is the only move you may make this turn")
            )
        if len(state["deck"]) < MARKET_SIZE:
            raise IllegalMove(name, msg("the deck needs at least {n} cards to replace the market", n=MARKET_SIZE))
    elif move.card == "grab":
        if did["demolished"]:
            raise IllegalMove(name, msg("it adds an acquisition, and a demolish-and-rebuild turn has none"))
        if did["takes"] or did["builds"]:
            raise IllegalMove(name, msg("play it before you acquire"))
        if not state["deck"]:
            raise IllegalMove(name, msg("not once the deck is empty"))
        need = grab_workers(state)
        if free_workers(state, p) < need:
            raise IllegalMove(
                name,
                msg("you need at least 1 free worker")
                if need == 1
                else msg("you need at least {n} free workers", n=need),
            )
        if not any(LOTS_BY_ID[a.lot].size == 2 for a in acquisitions(state)):
            raise IllegalMove(name, msg("no 2-square lot can be acquired from the market"))
    else:  # boom
        if did["builds"] != 1 or did["boom"]:
            raise IllegalMove(name, msg("play it after your first skyscraper this turn"))
        # FR: not when the first build "a déclenché la fin de la partie" (ZH: left you with
        # only 4). In the final round nothing is triggered any more, so Boom is allowed.
        if state["end_by"] is None and unbuilt(state, p) <= END_TRIGGER_UNBUILT:
            raise IllegalMove(
                name,
                msg(
                    "your first build left you with only {n} skyscrapers, which triggers the end of the game",
                    n=unbuilt(state, p),
                ),
            )
        trial = dict(state, did=dict(did, boom=True))
        if not has_build(trial, demolish=False):
            raise IllegalMove(name, msg("there is nowhere to build a second skyscraper"))


# ------------------------------------------------------------------------------ check
def phase(state: State) -> str:
    """Where the turn stands: over, start, stuck, acquired, built or second build."""
    if state["phase"] == "over":
        return "over"
    did = state["did"]
    if did["boom"] and did["builds"] == 1:
        return "second build"
    if did["builds"]:
        return "built"
    if did["takes"]:
        return "acquired"
    if stuck(state):
        return "stuck"
    return "start"


def stuck(state: State, ctx: Context | None = None) -> bool:
    """No free worker at the start of the turn and no build at all: return a lot."""
    p, did = state["turn"], state["did"]
    return (
        did["takes"] == 0
        and did["builds"] == 0
        and not did["grab"]
        and free_workers(state, p) == 0
        and not has_build(state, ctx=ctx)
    )


def _check_end(state: State, ctx: Context | None = None) -> None:
    did = state["did"]
    if did["boom"] and did["builds"] == 1:
        raise IllegalMove(msg("Construction Boom"), msg("you played it: build your second skyscraper"))
    if did["takes"] or did["builds"]:
        return
    if did["grab"]:
        raise IllegalMove(msg("Land Grab"), msg("you played it: acquire at least one 2-square lot"))
    if ctx.must_acquire if ctx else must_acquire(state):
        raise IllegalMove(msg("Acquisition"), msg("you have a free worker, so you must acquire a lot"))
    if ctx.stuck if ctx else stuck(state):
        raise IllegalMove(msg("No build possible"), msg("give back one lot held by a worker"))
    # Otherwise the build is optional (FR "b (Facultatif)"; ZH "您在當回合可以選擇不要建造"),
    # also for a player with no free worker or no lot to acquire.


def _check_return(state: State, move: Return, ctx: Context | None = None) -> None:
    p = state["turn"]
    if not (ctx.stuck if ctx else stuck(state)):
        raise IllegalMove(
            msg("No build possible"),
            msg("a lot is given back only by a player with no free worker who cannot build or demolish"),
        )
    if state["workers"].get(move.lot) != p:
        raise IllegalMove(msg("No build possible"), msg("this lot is not held by one of your workers"))


def check(state: State, move: AnyMove, ctx: Context | None = None) -> None:
    """Raise IllegalMove naming the rule; ``ctx`` shares per-state facts between the
    checks of one position (legal_moves)."""
    if state["phase"] == "over":
        raise IllegalMove(msg("Game over"), msg("no more moves can be made"))
    if isinstance(move, Acquire):
        _check_acquire(state, move)
    elif isinstance(move, Build):
        _check_build(state, move, ctx)
    elif isinstance(move, Action):
        _check_action(state, move, ctx)
    elif isinstance(move, End):
        _check_end(state, ctx)
    elif isinstance(move, Return):
        _check_return(state, move, ctx)
    else:
        raise IllegalMove(msg("Move syntax"), msg("not a New York 1901 move: {move}", move=repr(move)))


def legal_moves(state: State) -> list[AnyMove]:
    """``check`` applied to every candidate, sharing the per-state context."""
    if state["phase"] == "over":
        return []
    ctx = Context(state)
    out: list[AnyMove] = []
    for move in candidate_moves(state, ctx):
        if isinstance(move, Acquire):
            out.append(move)  # acquisitions() yields only legal ones (the same rules as _check_acquire)
            continue
        try:
            check(state, move, ctx)
        except IllegalMove:
            continue
        out.append(move)
    return out


def candidate_moves(state: State, ctx: Context | None = None) -> Iterator[Move]:
    p = state["turn"]
    for card in state["cards"][p]:
        yield Action(card)
    yield from ctx.acquisitions if ctx else acquisitions(state)
    yield from builds(state, ctx=ctx)
    did = state["did"]
    if did["takes"] == 0 and did["builds"] == 0 and free_workers(state, p) == 0:
        for lot, owner in sorted(state["workers"].items()):
            if owner == p:
                yield Return(lot)
    yield End()


# ------------------------------------------------------------------------------ apply
def apply(state: State, move: AnyMove) -> None:
    p, did = state["turn"], state["did"]
    if isinstance(move, Acquire):
        state["market"].remove(lot_kind(move.lot))
        state["owner"][move.lot] = p
        state["workers"][move.lot] = p
        did["takes"] += 1
        if state["options"]["market_refill"] == "acquire" and did["takes"] >= takes_allowed(state):
            _refill(state)
    elif isinstance(move, Build):
        effects = build_effects(state, move)
        for i in reversed(effects["falls"]):
            del state["tiles"][i]
        for lot in effects["returned"]:
            del state["workers"][lot]
        for lot in effects["needs"]:
            state["workers"][lot] = p
        state["tiles"].append({"id": move.tile, "player": p, "cells": [list(c) for c in effects["cells"]]})
        if move.tile.startswith("L"):
            state["legends"].remove(move.tile)
            state["king"][p] = move.tile
        else:
            state["supply"][p].remove(move.tile)
        state["built"][p] += effects["points"]
        state["prestige"][p] += effects["prestige"]
        state["scores"][p] += effects["points"] + effects["prestige"]
        did["demolished"] = did["demolished"] or bool(effects["falls"])
        did["builds"] += 1
        state["idle"] = 0  # progress (the stalemate rule): this turn's end counts from here
        _maybe_end_turn(state)
    elif isinstance(move, Action):
        state["cards"][p].remove(move.card)
        if move.card == "shift":
            old = state["market"]
            state["market"] = state["deck"][:MARKET_SIZE]
            state["deck"] = state["deck"][MARKET_SIZE:]
            _drew(state, MARKET_SIZE)
            state["rng"] = rng.shuffle(state["rng"], old)
            state["deck"].extend(old)
        elif move.card == "grab":
            did["grab"] = True
        else:
            did["boom"] = True
    elif isinstance(move, Return):
        del state["workers"][move.lot]
        del state["owner"][move.lot]
        state["deck"].append(lot_kind(move.lot))
        _end_turn(state)
    else:
        _end_turn(state)


def _maybe_end_turn(state: State) -> None:
    """After a build the turn ends by itself unless Construction Boom or a Land Grab
    acquisition is still open to the player."""
    p = state["turn"]
    if "boom" in state["cards"][p]:
        try:
            _check_action(state, Action("boom"))
            return
        except IllegalMove:
            pass
    if acquisitions(state):
        return
    _end_turn(state)


def _refill(state: State) -> None:
    drawn = 0
    while len(state["market"]) < MARKET_SIZE and state["deck"]:
        state["market"].append(state["deck"].pop(0))
        drawn += 1
    _drew(state, drawn)


def _drew(state: State, cards: int) -> None:
    """`cards` came off the top of the deck: a card never drawn before is progress (the
    stalemate rule), as a build is; and once every card has been drawn, so is a deck
    thinner than it has ever been (near the end, the deck holds only cards given back)."""
    if not cards:
        return
    if _new_draw(state, len(state["deck"])):
        state["idle"] = 0
    state["fresh"] = max(0, state["fresh"] - cards)
    state["deck_low"] = min(state["deck_low"], len(state["deck"]))


def _new_draw(state: State, deck_after: int) -> bool:
    """Whether a draw that leaves `deck_after` cards is progress: a card never drawn, or
    (every card drawn once) a deck thinner than it has ever been."""
    return bool(state["fresh"]) or deck_after < state["deck_low"]


def stalemate_next(state: State) -> bool:
    """Whether ending this turn without building, and without drawing a new card,
    triggers the end by the stalemate rule (RULES.md, "Stalemate"): every other player
    has already ended a turn so since the last progress."""
    if state["end_by"] is not None or not state["options"]["stalemate"]:
        return False
    deck, refill = len(state["deck"]), MARKET_SIZE - len(state["market"])  # what the end-of-turn refill draws
    progress = refill and deck and _new_draw(state, deck - refill)
    return state["idle"] >= state["players"] and not progress


def _stalled(state: State) -> bool:
    return state["options"]["stalemate"] and state["idle"] > state["players"]


def _end_turn(state: State) -> None:
    p, n = state["turn"], state["players"]
    _refill(state)
    # Progress is a skyscraper built or a new lot card drawn (_drew; a card given back
    # goes under the deck, and drawing it again is no progress until the deck is thinner
    # than it has ever been): either sets `idle` to 0, which counts the turns ended since,
    # the turn that made it included: n + 1 means a whole round without any.
    state["idle"] += 1
    already = state["end_by"] is not None
    stalled = _stalled(state)
    if already:
        state["final_left"] -= 1
    elif len(state["market"]) < MARKET_SIZE or unbuilt(state, p) <= END_TRIGGER_UNBUILT or stalled:
        state["stalled"] = stalled and len(state["market"]) == MARKET_SIZE
        state["end_by"] = p
        state["final_left"] = n - 1
    if state["end_by"] is not None and state["final_left"] <= 0:
        final_scoring(state)
        state["phase"] = "over"
        return
    state["turn"] = (p + 1) % n
    state["did"] = fresh_turn()
