"""New York 1901 game data. Source: ../shared/rules/newyork1901.data.md (tags kept here).

Tags: SOURCED = rulebook/public page; INFERRED = deduced; DESIGNED = the project's own
proposal where no source exists (check against a physical copy). The spec has no SEED
items. Section numbers (§) refer to newyork1901.data.md.

Coordinates: board cells are (x, y) exactly as the spec's machine-readable summary
(§5.7): x = column 0..16 west->east, y = row 0..16 north->south. Tile shapes are sets of
(row, col) offsets; use ``place(shape, x, y)`` to put one on the board.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TypedDict

# ---------------------------------------------------------------- components (§1, SOURCED)
PLAYER_COUNTS = (2, 3, 4)  # SOURCED (spec header): 2-4 players
COMPONENTS = {  # SOURCED (§1: ZH, FR, EN)
    "board": 1,
    "character_cards": 5,
    "street_bonus_cards": 5,
    "challenge_cards": 5,
    "lot_cards": 65,
    "score_markers": 4,
    "workers": 16,
    "king_tokens": 4,
    "action_cards": 12,
    "skyscraper_tiles": 76,  # 19 per player: 18 + 1 starting building
    "legendary_tiles": 4,
    "player_aids": 4,  # SOURCED (JEDI, VID)
}
WORKERS_PER_PLAYER = 4  # SOURCED (§1): 16 workers, 4 per player
SKYSCRAPERS_PER_PLAYER = 18  # SOURCED (§1, §6.1 BOOK)
TILES_PER_GENERATION = 6  # SOURCED (§6.1 BOOK): 6 each for the three generations

# ------------------------------------------------------- core parameters (§2, SOURCED)
# SOURCED (§2: ZH p.3, FR): points needed to unlock each generation.
TECH_THRESHOLDS = {"silver": 6, "gold": 18}
TECH_THRESHOLDS_EXPERT = {"silver": 10, "gold": 25}  # SOURCED (§2: ZH 進階規則, FR expert)
EXPERT_HAS_START_BUILDING = False  # SOURCED (§2): expert game has no starting building
SCORE_TRACK_MAX = 100  # SOURCED (§2 LUD)
SCORE_TRACK_MARKS = {6: "white", 18: "yellow", 25: "orange"}  # SOURCED (§2 LUD); 10: small icon
MARKET_SIZE = 4  # SOURCED (§2): 4 face-up lot cards
STREET_CARDS_PER_GAME = 3  # SOURCED (§2 ZH p.5, FR)
STREET_BONUS_POINTS = 5  # SOURCED (§2): most skyscrapers touching the street; ties score 0
CHALLENGE_CARDS_PER_GAME = 1  # SOURCED (§2)
UNUSED_ACTION_CARD_POINTS = 1  # SOURCED (§2)
END_TRIGGER_UNBUILT = 4  # SOURCED (§2): a player has only 4 unbuilt skyscrapers left
END_TRIGGER_MARKET_CARDS = 3  # SOURCED (§2): 3 face-up cards and an empty deck
# SOURCED (§2.1): generation order; bronze may replace only the starting building.
GENERATIONS = ("start", "bronze", "silver", "gold")
UNDEMOLISHABLE = ("gold", "legendary")  # SOURCED (§2.1 FR)

# SOURCED (§2.2, ZH/FR): one of each per player, each once per game.
ACTION_CARDS = ("Construction Boom", "Market Shift", "Land Grab")
LAND_GRAB_CARDS = 2  # SOURCED (§2.2): take 2 lot cards, both 2-square lots
LAND_GRAB_MIN_WORKERS = 2  # SOURCED ZH; FR says "au moins 1" (§2.2 recommends ZH)


# --------------------------------------------------------- challenge cards (§2.3, SOURCED)
# Tiered cards: ((count needed, points), ...); the last tier means "or more".
class ChallengeRule(TypedDict, total=False):
    tiers: tuple[tuple[int, int], ...]
    points_per_generation: int
    points_per_district: int
    min_gold: int
    points_per_adjacent_older: int


CHALLENGE_CARDS: dict[str, ChallengeRule] = {
    "Bronze Baron": {"tiers": ((4, 5), (5, 10), (6, 15))},  # bronze tiles on board at end
    "Master Architect": {"tiers": ((3, 3), (4, 6), (5, 10))},  # irregular tiles; 5+
    "Generation King": {"points_per_generation": 5},  # majority per generation, ties 0
    "Gold Tycoon": {"points_per_district": 3, "min_gold": 2},  # gold/legendary per district
    "Gold Prestige": {"points_per_adjacent_older": 1},  # during play, edge contact only
}
BEGINNER_CHALLENGE = "Gold Tycoon"  # SOURCED (ZH); FR: play without one

# --------------------------------------------------------------- characters (§4)
DISTRICTS = ("red", "blue", "yellow", "green", "pink")  # SOURCED (§5.1); order as §5.7 lots
CHARACTERS = {
    "pink": "David Schneider",  # SOURCED (ZH, FR, KING)
    "blue": "Robert Fletcher",  # SOURCED weakly (VID, TTF)
    "red": "Character (red)",  # DESIGNED placeholder: name not found
    "yellow": "Character (yellow)",  # DESIGNED placeholder: name not found
    "green": "Character (green)",  # DESIGNED placeholder: name not found
}
# SOURCED (§2, ZH/FR/KING/GOONS): 2 players drop the pink district, its 13 lot cards
# and David Schneider.
REMOVED_DISTRICTS = {2: ("pink",), 3: (), 4: ()}

# ------------------------------------------------------------------- board (§5, DESIGNED)
WIDTH, HEIGHT = 17, 17  # DESIGNED (§5.2/§5.7)
# DESIGNED (§5.7 "rows"): '.' street, '#' park, '@' landmark, letter = district square.
ROWS = (
    "PPP.####.YYYY.YYY",
    "PPP.####.YYYY.YYY",
    "PPP.PPPP.YYYY.YYY",
    ".................",
    "PPP.PPPP.YYBB.YYY",
    "PPP.PPPP.BBBB.YYY",
    "PPP.PPBB.BBBB.YYY",
    ".................",
    "###.BBBB.BBBB.BBR",
    "###.BBBB.BBBB.BBR",
    ".................",
    "GGG.GG@@.GGGR.RRR",
    "GGG.GGGG.GGRR.RRR",
    "GGG.GGGG.RRRR.RRR",
    ".................",
    "###.GGGG.RRRR.RRR",
    "###.GGGG.RRRR.RRR",
)
DISTRICT_LETTER = {"R": "red", "B": "blue", "Y": "yellow", "G": "green", "P": "pink"}

# DESIGNED geometry, names SOURCED/INFERRED (§5.5, §5.7). Intersections belong to both.
STREETS = {
    "Broadway": (
        (3, 0),
        (3, 1),
        (3, 2),
        (3, 3),
        (3, 4),
        (3, 5),
        (3, 6),
        (3, 7),
        (3, 8),
        (3, 9),
        (3, 10),
        (3, 11),
        (3, 12),
        (3, 13),
        (3, 14),
        (3, 15),
        (3, 16),
    ),
    "Nassau Street": ((8, 0), (8, 1), (8, 2), (8, 3), (8, 4), (8, 5), (8, 6), (8, 7), (8, 8), (8, 9)),
    "William Street": (
        (13, 0),
        (13, 1),
        (13, 2),
        (13, 3),
        (13, 4),
        (13, 5),
        (13, 6),
        (13, 7),
        (13, 8),
        (13, 9),
        (13, 10),
        (13, 11),
        (13, 12),
        (13, 13),
        (13, 14),
        (13, 15),
        (13, 16),
    ),
    "Cedar Street": (
        (0, 3),
        (1, 3),
        (2, 3),
        (3, 3),
        (4, 3),
        (5, 3),
        (6, 3),
        (7, 3),
        (8, 3),
        (9, 3),
        (10, 3),
        (11, 3),
        (12, 3),
        (13, 3),
        (14, 3),
        (15, 3),
        (16, 3),
    ),
    "Thames Street": ((0, 7), (1, 7), (2, 7)),
    "Pine Street": (
        (3, 7),
        (4, 7),
        (5, 7),
        (6, 7),
        (7, 7),
        (8, 7),
        (9, 7),
        (10, 7),
        (11, 7),
        (12, 7),
        (13, 7),
        (14, 7),
        (15, 7),
        (16, 7),
    ),
    "Rector Street": ((0, 10), (1, 10), (2, 10)),
    "Wall Street": (
        (3, 10),
        (4, 10),
        (5, 10),
        (6, 10),
        (7, 10),
        (8, 10),
        (9, 10),
        (10, 10),
        (11, 10),
        (12, 10),
        (13, 10),
        (14, 10),
        (15, 10),
        (16, 10),
    ),
    "Broad Street": ((8, 11), (8, 12), (8, 13), (8, 14), (8, 15), (8, 16)),
    "Beaver Street": (
        (0, 14),
        (1, 14),
        (2, 14),
        (3, 14),
        (4, 14),
        (5, 14),
        (6, 14),
        (7, 14),
        (8, 14),
        (9, 14),
        (10, 14),
        (11, 14),
        (12, 14),
        (13, 14),
        (14, 14),
        (15, 14),
        (16, 14),
    ),
}

# INFERRED (§3.1, medium confidence): the 5 bonus cards and the segments each covers.
# Alternative if a copy disagrees: Wall, Broadway, Nassau, Broad, Cedar (§3.1).
BONUS_STREET_CARDS = {
    "Broadway": ("Broadway",),
    "Wall Street": ("Wall Street",),
    "Nassau & Broad Street": ("Nassau Street", "Broad Street"),
    "Pine & Thames Street": ("Pine Street", "Thames Street"),
    "Cedar Street": ("Cedar Street",),
}
# SOURCED/INFERRED (§3.1: ZH beginner variant Wall, Broadway, Nassau, Broad = 3 cards).
BEGINNER_STREET_CARDS = ("Wall Street", "Broadway", "Nassau & Broad Street")

# DESIGNED positions (§5.5, §5.7).
PARKS = {
    "City Hall Park": ((4, 0), (4, 1), (5, 0), (5, 1), (6, 0), (6, 1), (7, 0), (7, 1)),
    "Trinity Churchyard": ((0, 8), (0, 9), (1, 8), (1, 9), (2, 8), (2, 9)),
    "Bowling Green": ((0, 15), (0, 16), (1, 15), (1, 16), (2, 15), (2, 16)),
}

# DESIGNED (§5.7): unbuildable and NOT a park for frontage (§8.6).
LANDMARKS = {
    "New York Stock Exchange": ((6, 11), (7, 11)),
}


@dataclass(frozen=True)
class Lot:
    id: str
    district: str
    size: int  # squares; 3-square lots carry a flower icon (SOURCED §5.1)
    cells: tuple[tuple[int, int], ...]  # (x, y)

    @property
    def flower(self) -> bool:
        return self.size == 3


# DESIGNED (§5.6/§5.7): 7 two-square + 6 three-square straight lots per district.
LOTS = (
    Lot("R01", "red", 2, ((16, 8), (16, 9))),
    Lot("R02", "red", 3, ((12, 11), (12, 12), (12, 13))),
    Lot("R03", "red", 3, ((14, 11), (14, 12), (14, 13))),
    Lot("R04", "red", 2, ((15, 11), (15, 12))),
    Lot("R05", "red", 2, ((16, 11), (16, 12))),
    Lot("R06", "red", 2, ((11, 12), (11, 13))),
    Lot("R07", "red", 2, ((9, 13), (10, 13))),
    Lot("R08", "red", 2, ((15, 13), (16, 13))),
    Lot("R09", "red", 2, ((9, 15), (9, 16))),
    Lot("R10", "red", 3, ((10, 15), (11, 15), (12, 15))),
    Lot("R11", "red", 3, ((14, 15), (15, 15), (16, 15))),
    Lot("R12", "red", 3, ((10, 16), (11, 16), (12, 16))),
    Lot("R13", "red", 3, ((14, 16), (15, 16), (16, 16))),
    Lot("B01", "blue", 2, ((11, 4), (12, 4))),
    Lot("B02", "blue", 3, ((9, 5), (10, 5), (11, 5))),
    Lot("B03", "blue", 2, ((12, 5), (12, 6))),
    Lot("B04", "blue", 2, ((6, 6), (7, 6))),
    Lot("B05", "blue", 3, ((9, 6), (10, 6), (11, 6))),
    Lot("B06", "blue", 3, ((4, 8), (5, 8), (6, 8))),
    Lot("B07", "blue", 2, ((7, 8), (7, 9))),
    Lot("B08", "blue", 3, ((9, 8), (10, 8), (11, 8))),
    Lot("B09", "blue", 2, ((12, 8), (12, 9))),
    Lot("B10", "blue", 2, ((14, 8), (15, 8))),
    Lot("B11", "blue", 3, ((4, 9), (5, 9), (6, 9))),
    Lot("B12", "blue", 3, ((9, 9), (10, 9), (11, 9))),
    Lot("B13", "blue", 2, ((14, 9), (15, 9))),
    Lot("Y01", "yellow", 3, ((9, 0), (9, 1), (9, 2))),
    Lot("Y02", "yellow", 3, ((10, 0), (10, 1), (10, 2))),
    Lot("Y03", "yellow", 3, ((11, 0), (11, 1), (11, 2))),
    Lot("Y04", "yellow", 3, ((12, 0), (12, 1), (12, 2))),
    Lot("Y05", "yellow", 3, ((14, 0), (15, 0), (16, 0))),
    Lot("Y06", "yellow", 2, ((14, 1), (14, 2))),
    Lot("Y07", "yellow", 2, ((15, 1), (15, 2))),
    Lot("Y08", "yellow", 2, ((16, 1), (16, 2))),
    Lot("Y09", "yellow", 2, ((9, 4), (10, 4))),
    Lot("Y10", "yellow", 3, ((14, 4), (15, 4), (16, 4))),
    Lot("Y11", "yellow", 2, ((14, 5), (15, 5))),
    Lot("Y12", "yellow", 2, ((16, 5), (16, 6))),
    Lot("Y13", "yellow", 2, ((14, 6), (15, 6))),
    Lot("G01", "green", 2, ((0, 11), (1, 11))),
    Lot("G02", "green", 3, ((2, 11), (2, 12), (2, 13))),
    Lot("G03", "green", 3, ((4, 11), (4, 12), (4, 13))),
    Lot("G04", "green", 2, ((5, 11), (5, 12))),
    Lot("G05", "green", 3, ((9, 11), (10, 11), (11, 11))),
    Lot("G06", "green", 2, ((0, 12), (0, 13))),
    Lot("G07", "green", 2, ((1, 12), (1, 13))),
    Lot("G08", "green", 2, ((6, 12), (7, 12))),
    Lot("G09", "green", 2, ((9, 12), (10, 12))),
    Lot("G10", "green", 3, ((5, 13), (6, 13), (7, 13))),
    Lot("G11", "green", 2, ((4, 15), (4, 16))),
    Lot("G12", "green", 3, ((5, 15), (6, 15), (7, 15))),
    Lot("G13", "green", 3, ((5, 16), (6, 16), (7, 16))),
    Lot("P01", "pink", 3, ((0, 0), (1, 0), (2, 0))),
    Lot("P02", "pink", 2, ((0, 1), (0, 2))),
    Lot("P03", "pink", 2, ((1, 1), (2, 1))),
    Lot("P04", "pink", 2, ((1, 2), (2, 2))),
    Lot("P05", "pink", 2, ((4, 2), (5, 2))),
    Lot("P06", "pink", 2, ((6, 2), (7, 2))),
    Lot("P07", "pink", 3, ((0, 4), (1, 4), (2, 4))),
    Lot("P08", "pink", 2, ((4, 4), (4, 5))),
    Lot("P09", "pink", 3, ((5, 4), (6, 4), (7, 4))),
    Lot("P10", "pink", 3, ((0, 5), (1, 5), (2, 5))),
    Lot("P11", "pink", 3, ((5, 5), (6, 5), (7, 5))),
    Lot("P12", "pink", 3, ((0, 6), (1, 6), (2, 6))),
    Lot("P13", "pink", 2, ((4, 6), (5, 6))),
)

# DESIGNED (§5.4/§5.7): 2-square start lot (coat of arms) per character colour.
START_LOTS = {"pink": "P05", "blue": "B04", "yellow": "Y06", "green": "G04", "red": "R07"}

LOTS_BY_ID = {lot.id: lot for lot in LOTS}
LOT_AT = {cell: lot.id for lot in LOTS for cell in lot.cells}  # (x, y) -> lot id

# SOURCED (§2.1 CGR, FR): one lot card per lot; the card shows only colour and size.
LOT_CARDS = tuple((lot.district, lot.size) for lot in LOTS)


def lot_cells(lot_id: str) -> tuple[tuple[int, int], ...]:
    return LOTS_BY_ID[lot_id].cells


def cell_kind(x: int, y: int) -> str:
    """'street', 'park', 'landmark' or 'lot' (§5.3); raises IndexError off the board."""
    if not (0 <= x < WIDTH and 0 <= y < HEIGHT):
        raise IndexError((x, y))
    return {".": "street", "#": "park", "@": "landmark"}.get(ROWS[y][x], "lot")


@cache  # asked for on every acquisition check
def active_districts(num_players: int) -> tuple[str, ...]:
    return tuple(d for d in DISTRICTS if d not in REMOVED_DISTRICTS[num_players])


def lot_deck(num_players: int, start_colours=()) -> tuple[tuple[str, str, int], ...]:
    """(lot id, colour, size) cards in play, minus the start-lot cards of the chosen
    characters' colours (§2.4: the start card is removed from the deck)."""
    used = {START_LOTS[c] for c in start_colours}
    live = active_districts(num_players)
    return tuple((l.id, l.district, l.size) for l in LOTS if l.district in live and l.id not in used)


# ------------------------------------------------------------------ tiles (§6, §7)
def _shape(*rows: str) -> frozenset:
    """'#' squares of the picture as (row, col), top row first."""
    return frozenset((r, c) for r, line in enumerate(rows) for c, ch in enumerate(line) if ch == "#")


def normalise(cells) -> frozenset:
    cells = tuple(cells)
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return frozenset((r - r0, c - c0) for r, c in cells)


def rotations(shape) -> tuple[frozenset, ...]:
    """Distinct quarter-turn rotations, normalised; no mirroring (DESIGNED §6.2)."""
    out: list[frozenset] = []
    cur = normalise(shape)
    for _ in range(4):
        if cur not in out:
            out.append(cur)
        cur = normalise((c, -r) for r, c in cur)
    return tuple(out)


def place(shape, x: int, y: int) -> frozenset:
    """Board (x, y) cells of a (row, col) shape whose origin sits at (x, y)."""
    return frozenset((x + c, y + r) for r, c in shape)


@dataclass(frozen=True)
class Tile:
    id: str
    generation: str  # start / bronze / silver / gold
    points: int
    shape: frozenset  # of (row, col)
    regular: bool  # square/rectangle -> circle; else hexagon (SOURCED §6.1)

    @property
    def squares(self) -> int:
        return len(self.shape)


# SOURCED (§6.1 ZH p.3): 2-square starting building, 0 points, no generation.
START_TILE = Tile("START", "start", 0, _shape("##"), True)

# DESIGNED (§6.2): identical set for every player; points = squares + 0/1/2 by generation.
PLAYER_TILES = (
    Tile("B1", "bronze", 2, _shape("##"), True),
    Tile("B2", "bronze", 2, _shape("##"), True),
    Tile("B3", "bronze", 3, _shape("###"), True),
    Tile("B4", "bronze", 3, _shape("#.", "##"), False),
    Tile("B5", "bronze", 4, _shape("##", "##"), True),
    Tile("B6", "bronze", 4, _shape("#..", "###"), False),
    Tile("S1", "silver", 4, _shape("###"), True),
    Tile("S2", "silver", 4, _shape("#.", "##"), False),
    Tile("S3", "silver", 5, _shape("####"), True),
    Tile("S4", "silver", 5, _shape("###", ".#."), False),
    Tile("S5", "silver", 6, _shape("##", "##", "#."), False),
    Tile("S6", "silver", 7, _shape("###", "###"), True),
    Tile("G1", "gold", 6, _shape("##", "##"), True),
    Tile("G2", "gold", 6, _shape(".##", "##."), False),
    Tile("G3", "gold", 7, _shape("###", "##."), False),
    Tile("G4", "gold", 7, _shape("#...", "####"), False),
    Tile("G5", "gold", 8, _shape("###", "###"), True),
    Tile("G6", "gold", 8, _shape("##..", "####"), False),
)


@dataclass(frozen=True)
class Legendary:
    name: str
    height_ft: int  # real roof height; decides the tie-break (§7; printed unit unknown)
    completed: int
    points: int
    shape: frozenset  # of (row, col)
    regular: bool


# §7: names SOURCED (BLURB), heights SOURCED (spec links), MetLife 12 pts SOURCED (ZH ex.5);
# every other points value and every footprint DESIGNED. Count as gold (SOURCED §7).
LEGENDARY_TILES = (
    Legendary("Park Row Building", 391, 1899, 10, _shape("###", ".##"), False),
    Legendary("Singer Building", 612, 1908, 11, _shape("###", "###"), True),
    Legendary("Metropolitan Life Tower", 700, 1909, 12, _shape("####", "###."), False),
    Legendary("Woolworth Building", 792, 1913, 13, _shape("####", "####"), True),
)
LEGENDARY_GENERATION = "gold"  # SOURCED (§7): special gold, needs the gold threshold

# Short ids for moves: L1..L4 in height order (DESIGNED naming, not printed on tiles).
LEGENDARY_IDS = {f"L{i}": leg for i, leg in enumerate(LEGENDARY_TILES, 1)}
TILE_BY_ID = {
    **{t.id: t for t in (START_TILE, *PLAYER_TILES)},
    **{lid: Tile(lid, LEGENDARY_GENERATION, leg.points, leg.shape, leg.regular) for lid, leg in LEGENDARY_IDS.items()},
}
GEN_RANK = {"start": 0, "bronze": 1, "silver": 2, "gold": 3}  # SOURCED (§2.1) order


def _offsets(shape) -> tuple[tuple[tuple[int, int], ...], ...]:
    out = []
    for rotated in rotations(shape):
        r0, c0 = min(rotated)
        out.append(tuple(sorted((c - c0, r - r0) for r, c in rotated)))
    return tuple(out)


# Per tile id and rotation: (dx, dy) of each square from the anchor square.
OFFSETS = {tid: _offsets(t.shape) for tid, t in TILE_BY_ID.items()}


def anchored(tile_id: str, rot: int, x: int, y: int) -> frozenset:
    """Board cells of the tile in ``rotations(shape)[rot]`` with its first square (top
    row, then leftmost) on (x, y): the anchor is always a square of the tile, so the
    square under the pointer is the one that moves with it."""
    return frozenset((x + dx, y + dy) for dx, dy in OFFSETS[tile_id][rot])
