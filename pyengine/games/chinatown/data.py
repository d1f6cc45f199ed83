"""Chinatown game data. Source: ../shared/rules/chinatown.data.md (its tags kept here).

Tags: SEED = the project's rulebook (chinatown.rulebook.zh-Hans.txt, alea 1999);
SOURCED = a public page or implementation named in the spec; INFERRED = deduced there;
DESIGNED = the project's own proposal where no source exists (a player who owns the
physical game can correct it here, in one place). Section numbers (§) refer to the spec.

Lots are numbered 1-85 as printed on the board. Shop types are indexed 0-11 in the
order of the tables below (three types each of max size 3, 4, 5, 6); moves name them by
the id of the edition in play.
"""

from __future__ import annotations

from dataclasses import dataclass

PLAYER_COUNTS = (3, 4, 5)  # SEED
ROUNDS = 6  # SEED
LOT_COUNT = 85  # SEED: 85 numbered lots in 6 blocks
TILES_PER_TYPE_OVER_MAX = 3  # SEED: tiles of a type = its max size + 3

# ------------------------------------------------------------------ board (§3a, SOURCED)
# The 11x17 grid of Pertempto/chinatown_banker board_view.dart, transcribed in §3a; three
# implementations give the same adjacency. Empty cells are streets. Row 5 is the main
# street. Caveat (spec): all sources are the Z-Man board; the alea numbering is assumed.
GRID_TEXT = """
.  1  2  .  . 16 17 18  . 28 29 30  . 43 44 45 46
.  3  4  5  . 19 20 21  . 31 32 33  . 47 48 49 50
6  7  8  9  . 22 23  .  . 34 35 36  . 51 52 53 54
10 11 12  .  . 24 25  .  .  . 37 38 39  .  . 55 56
13 14 15  .  . 26 27  .  .  . 40 41 42  .  . 57 58
.  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .  .
.  .  .  .  .  . 59 60  .  .  . 71 72 73 74  .  .
.  .  .  .  .  . 61 62  .  .  . 75 76 77 78  .  .
.  .  .  .  .  . 63 64 65  .  . 79 80 81 82  .  .
.  .  .  .  .  . 66 67 68  .  . 83 84 85  .  .  .
.  .  .  .  .  .  . 69 70  .  .  .  .  .  .  .  .
"""
GRID_ROWS = 11
GRID_COLS = 17
MAIN_STREET_ROW = 5
# SOURCED (§3a): lots are numbered block by block, so a block is a range of numbers.
BLOCK_RANGES = ((1, 15), (16, 27), (28, 42), (43, 58), (59, 70), (71, 85))


@dataclass(frozen=True)
class Lot:
    number: int
    block: int  # 1-6
    row: int  # grid row, 0 at the top
    col: int  # grid column, 0 at the left
    neighbours: tuple[int, ...]  # SEED: sharing an edge, same block (never across a street)
    frontage: bool  # DESIGNED (§3c): fewer than 4 in-block neighbours = touches a street


def _block_of(number: int) -> int:
    for b, (lo, hi) in enumerate(BLOCK_RANGES, 1):
        if lo <= number <= hi:
            return b
    raise ValueError(number)


def _build_lots() -> dict[int, Lot]:
    at: dict[tuple[int, int], int] = {}
    for r, line in enumerate(GRID_TEXT.strip("\n").splitlines()):
        for c, word in enumerate(line.split()):
            if word != ".":
                at[(r, c)] = int(word)
    lots = {}
    for (r, c), n in at.items():
        near = []
        for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
            m = at.get((r + dr, c + dc))
            if m is not None and _block_of(m) == _block_of(n):
                near.append(m)
        lots[n] = Lot(n, _block_of(n), r, c, tuple(sorted(near)), len(near) < 4)
    return dict(sorted(lots.items()))


LOTS = _build_lots()
# Index by lot number (0 unused) for the hot paths of the rules.
NEIGHBOURS: tuple[tuple[int, ...], ...] = ((),) + tuple(LOTS[n].neighbours for n in range(1, LOT_COUNT + 1))
FRONTAGE: tuple[bool, ...] = (False,) + tuple(LOTS[n].frontage for n in range(1, LOT_COUNT + 1))
BLOCK: tuple[int, ...] = (0,) + tuple(LOTS[n].block for n in range(1, LOT_COUNT + 1))

# ------------------------------------------------------------ shop types (§2, SEED/SOURCED)


@dataclass(frozen=True)
class ShopType:
    id: str  # the word used in move texts
    name: str
    max: int  # tiles needed for a complete business
    tiles: int  # tiles in the game: max + 3 (SEED)
    code: str  # two letters drawn on the tile (each language has its own: i18n catalogs)
    colour: str  # DESIGNED: tile colour on screen
    zh: str = ""  # the seed's Chinese name (alea only)


# DESIGNED: twelve tile colours, distinct and readable under white letters.
TYPE_COLOURS = (
    "#1f6fb4",
    "#2a9d3a",
    "#8c564b",
    "#e07b00",
    "#c62828",
    "#0e9fb0",
    "#8e5bbf",
    "#d6478f",
    "#6d6d6d",
    "#9a9a10",
    "#2d3480",
    "#4f6b22",
)


def _types(rows: list[tuple[str, str, str, str]]) -> tuple[ShopType, ...]:
    out = []
    for i, (ident, name, code, zh) in enumerate(rows):
        size = 3 + i // 3
        out.append(ShopType(ident, name, size, size + TILES_PER_TYPE_OVER_MAX, code, TYPE_COLOURS[i], zh))
    return tuple(out)


ALEA_TYPES = _types(
    [  # §2b; ids as the spec suggests (DESIGNED ids)
        ("seafood", "Seafood", "SF", "海鲜"),  # SEED
        ("pharmacy", "Pharmacy", "PH", "药店"),  # SEED
        ("workwear", "Work clothes", "WW", "工装店"),  # SEED
        ("sporting_goods", "Sporting goods", "SG", "运动用品"),  # SEED
        ("restaurant", "Restaurant", "RE", "餐馆"),  # SEED
        ("laundry", "Laundry", "LA", "洗衣店"),  # SEED
        ("tailor", "Tailor", "TA", "裁缝店"),  # SEED
        ("fireworks", "Fireworks", "FW", "烟花店"),  # SEED
        ("antiques", "Antiques", "AN", "古玩店"),  # SEED
        ("watchmaker", "Watchmaker", "WA", "钟表店"),  # INFERRED (alea reviews name "Uhrmacher")
        ("detective", "Detective agency", "DE", "侦探社"),  # INFERRED (alea reviews name "Detektei")
        ("import_export", "Import/Export", "IE", "进出口商行"),  # DESIGNED: the third size-6 type was not found
    ]
)
ZMAN_TYPES = _types(
    [  # §2a, SOURCED (twooffthetop.com, chinatown_banker, zahediadib/chinatown)
        ("photo", "Photo", "PT", ""),  # not PH: codes are translation keys, PH is the alea Pharmacy
        ("seafood", "Seafood", "SF", ""),
        ("tea_house", "Tea House", "TH", ""),
        ("florist", "Florist", "FL", ""),
        ("jewelry", "Jewelry", "JE", ""),
        ("tropical_fish", "Tropical Fish", "TF", ""),
        ("dim_sum", "Dim Sum", "DS", ""),
        ("laundry", "Laundry", "LA", ""),
        ("take_out", "Take-Out", "TO", ""),
        ("antiques", "Antiques", "AN", ""),
        ("factory", "Factory", "FA", ""),
        ("restaurant", "Restaurant", "RE", ""),
    ]
)
TYPES = {"alea": ALEA_TYPES, "zman": ZMAN_TYPES}
TYPE_COUNT = 12
ALL_TYPE_IDS = frozenset(t.id for types in TYPES.values() for t in types)
MAX_SIZE: tuple[int, ...] = tuple(t.max for t in ALEA_TYPES)  # same structure in both editions
TILE_COUNTS: tuple[int, ...] = tuple(t.tiles for t in ALEA_TYPES)  # 6,6,6,7,7,7,8,8,8,9,9,9 = 90

# --------------------------------------------------- cards and tiles per round (§4a, SEED)
# (land cards dealt, land cards kept, shop tiles dealt) per player, rounds 1-6.
DEAL = {
    3: ((7, 5, 7), (6, 4, 4), (6, 4, 4), (6, 4, 4), (6, 4, 4), (6, 4, 4)),
    4: ((6, 4, 6), (5, 3, 3), (5, 3, 3), (5, 3, 3), (5, 3, 3), (5, 3, 3)),
    5: ((5, 3, 5), (5, 3, 3), (5, 3, 3), (4, 2, 2), (4, 2, 2), (4, 2, 2)),
}

# ---------------------------------------------------------------------- income (§5, SEED)
INCOME_INCOMPLETE = (0, 1000, 2000, 4000, 6000, 8000)  # by tiles in the business, 1-5
INCOME_COMPLETE = {3: 5000, 4: 8000, 5: 11000, 6: 14000}  # a business at its max size

# ------------------------------------------------------------- outlook cards (§6, SEED)
# Each card lists the max sizes whose tiles earn the bonus; () is "no bonus".
OUTLOOK_CARDS = ((3,), (4,), (5,), (6,), (5, 6), (3, 4), (), (), ())
OUTLOOK_REMOVED = 3  # SEED: 3 of the 9 go back to the box unseen; 6 remain, one per round
OUTLOOK_BONUS = 1000  # SEED: per matching tile, complete business or not

# --------------------------------------------------------------------- money (§1, §7)
START_MONEY = 5000  # SEED (alea)
MONEY_UNIT = 1000  # SEED: the smallest money card is $1,000 (alea)
EDITION_SCALE = {"alea": 1, "zman": 10}  # SOURCED (§ header): Z-Man money and income are x10
# DESIGNED (§1): the counts per denomination were not found, so the bank is unlimited and
# makes change; money is a number, traded in whole money-card units.

# ---------------------------------------------------------------- players (§1, DESIGNED)
# SOURCED for Z-Man (red, yellow, green, white, purple); DESIGNED for alea: the same five.
PLAYER_COLOUR_NAMES = ("red", "yellow", "green", "white", "purple")
# The Okabe-Ito shades of those colours (vermillion, yellow, bluish green, white, reddish
# purple) stay apart with colour blindness; the seat number on every marker is a second cue.
PLAYER_HEX = ("#d55e00", "#f0e442", "#009e73", "#f4f2ec", "#cc79a7")

# ------------------------------------------------------------------ trading (DESIGNED)
# The rulebook times trading by the clock (5-10 minutes). Here each player may make at
# most this many offers per trading phase, so the phase always ends (RULES.md).
OFFER_LIMITS = ("3", "5", "10")
DEFAULT_OFFER_LIMIT = "5"
