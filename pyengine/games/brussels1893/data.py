"""Brussels 1893 game data. Source: ../shared/rules/brussels1893.data.md (tags kept here).

Tags: SEED = stated in the rulebook (brussels1893.rulebook.zh-Hant.txt); SOURCED = a
public page; INFERRED = deduced; DESIGNED = the project's own value where nothing public
exists (a player owning the game can correct it here, in one place). Section numbers (§)
refer to brussels1893.data.md.

Coordinates (§2a, DESIGNED convention fixed by the seed example): cells are (c, r) with
c = column 1..5 left->right and r = row 1..5 bottom->top; a cell's id is (r-1)*5 + (c-1)
and its name "c3r4". Fleurs-de-lis are (x, y) in 1..4, named "2-2"; fleur (x, y) touches
cells (x, y), (x+1, y), (x, y+1), (x+1, y+1).
"""

from __future__ import annotations

from typing import Any

PLAYER_COUNTS = (2, 3, 4, 5)  # SEED
ROUNDS = 5  # SEED
START_MONEY = (5, 6, 7, 8, 9)  # SEED: start player 5, then clockwise 6, 7, 8, 9
ARCHITECTS = 7  # SEED: 7 per colour
START_IN_COURT = 2  # SEED: 2 architects start in the court
HOUSES = 6  # SEED
COLOURS = ("red", "blue", "green", "yellow", "purple")  # DESIGNED (§1): the seed names red, blue, green
# Okabe-Ito hues (vermillion, blue, bluish green, yellow, reddish purple): told apart with
# colour blindness too; the renderer adds each seat's number as a second cue.
COLOUR_HEX = {"red": "#d55e00", "blue": "#0072b2", "green": "#009e73", "yellow": "#f0e442", "purple": "#cc79a7"}
NEUTRAL_HEX = "#8a8a8a"  # DESIGNED: the 2-player neutral architects

# ---------------------------------------------------------------- Art Nouveau board (§2)
SIZE = 5
ACTIONS = ("S", "V", "N", "M", "B")  # studio, sell, noble, materials, build (SEED)
ACTION_NAMES = {"S": "studio", "V": "sell", "N": "noble", "M": "materials", "B": "build"}
ACTION_BY_NAME = {v: k for k, v in ACTION_NAMES.items()}
# DESIGNED (§2c): both sides of every strip are cyclic shifts, so any order of
# compass-side strips puts each action once in every column.
STRIPS_COMPASS = ("SVNMB", "VNMBS", "NMBSV", "MBSVN", "BSVNM")
STRIPS_OTHER = ("SMVBN", "MVBNS", "VBNSM", "BNSMV", "NSMVB")
# DESIGNED (§2c): in the variant the top strip (row 5) shows the compass side, then alternate.
VARIANT_COMPASS_ROWS = (5, 3, 1)
BE_CROSS = ((3, 3), (2, 3), (4, 3), (3, 2), (3, 4))  # INFERRED (§2d): the centre cross


def cell_id(c: int, r: int) -> int:
    return (r - 1) * SIZE + (c - 1)


def cell_cr(cell: int) -> tuple[int, int]:
    return cell % SIZE + 1, cell // SIZE + 1


def cell_name(cell: int) -> str:
    c, r = cell_cr(cell)
    return f"c{c}r{r}"


CELL_NAMES = tuple(cell_name(i) for i in range(SIZE * SIZE))
CELL_BY_NAME = {n: i for i, n in enumerate(CELL_NAMES)}
BE_CROSS_CELLS = tuple(cell_id(c, r) for c, r in BE_CROSS)

FLEURS = tuple((x, y) for y in range(1, 5) for x in range(1, 5))  # SEED: 16 intersections
FLEUR_NAMES = tuple(f"{x}-{y}" for x, y in FLEURS)
FLEUR_BY_NAME = {n: i for i, n in enumerate(FLEUR_NAMES)}
FLEUR_CELLS = tuple(
    tuple(cell_id(c, r) for c, r in ((x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1))) for x, y in FLEURS
)


def active_area(fleur: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(columns, rows) of the largest rectangle the try square opens at a fleur (SEED rule;
    unique on a 5x5 board: take the larger side each way, §2b)."""
    x, y = FLEURS[fleur]
    cols = tuple(range(x + 1, 6)) if 5 - x > x else tuple(range(1, x + 1))
    rows = tuple(range(y + 1, 6)) if 5 - y > y else tuple(range(1, y + 1))
    return cols, rows


ACTIVE_CELLS = tuple(
    frozenset(cell_id(c, r) for c in active_area(f)[0] for r in active_area(f)[1]) for f in range(len(FLEURS))
)

# ---------------------------------------------------------------- Brussels board (§4)
AREAS = ("bourse", "grandplace", "park", "market")  # SEED (names partly SOURCED/INFERRED)
AREA_TITLES = {"bourse": "Stock Exchange", "grandplace": "Grand-Place", "park": "Park", "market": "brussels1893|Market"}


def brussels_cost(players: int, visit: int) -> int:
    """Meeples the visit-th (1-based) visit of an area needs this round (SEED)."""
    return visit if players <= 3 else (visit + 1) // 2


NOBLE_DISPLAY_COST = (3, 2, 1, 0)  # SEED: left->right, the rightmost is free
MARKET_WILDCARDS = 3  # SEED: up to 3 wildcards

# ---------------------------------------------------------------- materials, compass (§5)
CUBES = ("wood", "iron", "stone", "glass")  # SEED; glass only with Belle Époque
CUBE_SUPPLY = 10  # SEED: 10 of each refined material
WILDCARDS = 15  # SEED
# DESIGNED (§5c): 8 segments clockwise; symbols SEED. The arrow tile covers "glass" in the base game.
COMPASS = ("iron", "wood", "any1", "stone", "fr3", "any2", "blank", "glass")
COMPASS_START = (1, 3)  # SEED: wood and stone
ARROW = 7  # SEED: the arrow tile sits on glass; a pointer reaching it jumps on to iron
FRANCS_PER_UNIT = 3  # SEED: the "3 francs" symbol
NO_WILD_BONUS = 5  # SEED: build without a wildcard
TOP_TIER_BONUS = 5  # SEED

# House costs by build order and the top-tier bonus (SEED costs 2/3/4 and +5 on top;
# the 2-2-2 split is DESIGNED, §5d).
HOUSE_COST_A = (2, 2, 3, 3, 4, 4)
HOUSE_BONUS_A = (0, 0, 0, 0, 5, 5)

# ---------------------------------------------------------------- architect board A (§5d)
TRACK_LEVELS = 6  # SEED
FLEUR_VP_A = (2, 3, 4, 5, 6, 7)  # DESIGNED: agrees with the seed fleur example
CROWN_NOBLES_A = (1, 2, 2, 3, 3, 4)  # DESIGNED: seed example level 2 -> 2 nobles
ARCHITECT_VP_A = (3, 4, 5, 6, 8, 10)  # L6 = 10 INFERRED; 8 per house (seed example) at L5 DESIGNED
PORTRAIT_VP = 15  # SEED (Belle Époque tile T10): level 7
ZONES = ("architects", "nobles", "art", "money")  # SEED: the 4 strategy zones
ZONE_BASE = 1  # SEED
ZONE_ARCHITECTS_FROM = 3  # SEED: counted from the 3rd unlocked architect
ZONE_MONEY_PER = 4  # SEED: per 4 francs left
START_MARKER_VP = 5  # SEED
UNPAID_NOBLE_VP = 5  # SEED

# ---------------------------------------------------------------- art (§6)
ART_COLOURS = ("yellow", "blue", "brown", "green", "black")  # SEED
STUDIO_COLOURS = ART_COLOURS[:4]  # SEED: black only from the supply (studio free action)
ART_PER_COLOUR = 6  # SEED
COLOUR_CUBE = {"yellow": "iron", "brown": "wood", "blue": "stone", "green": "glass"}  # SEED (Cauchie)
MARKET_COL_VP = (1, 2, 3, 4, 6)  # DESIGNED (§6c): column VP, left->right
MARKET_ROW_FR = (1, 2, 3, 4, 5)  # DESIGNED (§6c): row francs, bottom->top
MARKET_START = (3, 3)  # SEED: the indicator starts at the exact centre
MARKET_CENTRE_RANGE = (2, 4)  # DESIGNED: the 3x3 indicator's centre stays on columns/rows 2..4
# DESIGNED (§6c): offset of each colour's square from the indicator's centre.
INDICATOR = {"yellow": (-1, 1), "blue": (1, 1), "brown": (-1, -1), "green": (1, -1), "black": (0, 0)}
MARKET_SLOTS = 2  # SEED

# ---------------------------------------------------------------- nobles (§7)
# name -> (title, copies, upkeep francs). Copies INFERRED, upkeep DESIGNED (§7).
NOBLES = {
    "brugmann": ("Georges Brugmann", 5, 2),
    "empain": ("Édouard Empain", 3, 3),
    "solvay": ("Ernest Solvay", 3, 2),
    "buls": ("Charles Buls", 3, 4),
    "albert": ("Prince Albert", 3, 4),
    "velde": ("Henry van de Velde", 3, 5),
    "vandervelde": ("Émile Vandervelde", 3, 3),
    "maeterlinck": ("Maurice Maeterlinck", 3, 4),
    "nagelmackers": ("Georges Nagelmackers", 3, 2),  # Belle Époque
    "privat": ("Henri Privat-Livemont", 3, 3),  # Belle Époque
}
BE_NOBLES = ("nagelmackers", "privat")  # SEED: out of the deck unless Belle Époque
NOBLE_EFFECTS = {  # SEED
    "brugmann": "+5 francs",
    "empain": "+2 wildcards",
    "solvay": "1 material, or a wildcard for 2 materials",
    "buls": "fleur-de-lis track +1",
    "albert": "crown track +1",
    "velde": "architect track +1",
    "vandervelde": "1 architect out of the court",
    "maeterlinck": "+5 points",
    "nagelmackers": "1 traveller",
    "privat": "1 art tile, white side up",
}
BRUGMANN_VP = 5  # SEED: +5 francs
MAETERLINCK_VP = 5  # SEED


def noble_ids(belle_epoque: bool, players: int) -> tuple[list[str], list[str]]:
    """(deck, one Brugmann per player). Ids are "name:k"."""
    deck = [
        f"{name}:{k}"
        for name, (_, copies, _) in NOBLES.items()
        if name != "brugmann" and (belle_epoque or name not in BE_NOBLES)
        for k in range(1, copies + 1)
    ]
    return deck, [f"brugmann:{p + 1}" for p in range(players)]


def noble_name(card: str) -> str:
    return card.split(":")[0]


# ---------------------------------------------------------------- prestige cards (§8)
# id -> (rewards, kind, manneken icons, point icon). DESIGNED (§8); F fleur, C crown,
# A architect, M an architect out of the court. "choice": pick one; "multi": all.
PRESTIGE = {
    "P01": ("F", "single", 1, 1),
    "P02": ("F", "single", 0, 1),
    "P03": ("F", "single", 0, 2),
    "P04": ("C", "single", 1, 1),
    "P05": ("C", "single", 0, 1),
    "P06": ("C", "single", 0, 2),
    "P07": ("A", "single", 1, 1),
    "P08": ("A", "single", 0, 1),
    "P09": ("A", "single", 0, 2),
    "P10": ("M", "single", 1, 1),
    "P11": ("M", "single", 0, 1),
    "P12": ("M", "single", 0, 2),
    "P13": ("FC", "choice", 1, 1),
    "P14": ("FC", "choice", 0, 2),
    "P15": ("FA", "choice", 1, 1),
    "P16": ("FA", "choice", 0, 2),
    "P17": ("FM", "choice", 1, 1),
    "P18": ("FM", "choice", 0, 2),
    "P19": ("CA", "choice", 1, 1),
    "P20": ("CA", "choice", 0, 2),
    "P21": ("CM", "choice", 1, 1),
    "P22": ("CM", "choice", 0, 2),
    "P23": ("AM", "choice", 1, 1),
    "P24": ("AM", "choice", 0, 2),
    "P25": ("FC", "multi", 0, 0),
    "P26": ("FA", "multi", 0, 0),
    "P27": ("FM", "multi", 0, 0),
    "P28": ("CA", "multi", 0, 0),
    "P29": ("CM", "multi", 0, 0),
    "P30": ("AM", "multi", 0, 0),
}
REWARDS = {"F": "fleur", "C": "crown", "A": "architect", "M": "court"}
REWARD_LETTER = {v: k for k, v in REWARDS.items()}
STRIP_SLOTS = 5  # SEED: one card under each column
FIRST_PASS_MANNEKEN = 2  # SEED: the back of a first-pass card
FIRST_PASS_FRANCS = 1  # SEED: per visible "1 fr" back

# ---------------------------------------------------------------- stock exchange (§9)
# id -> (francs, {players: (coordinate, coordinate)}). DESIGNED (§9); seed example: 4p 2-2 / 3-3.
STOCK = {
    "X01": (5, {2: ("2-2", "3-3"), 3: ("2-3", "1-2"), 4: ("2-2", "3-3"), 5: ("1-2", "4-3")}),
    "X02": (6, {2: ("2-3", "3-2"), 3: ("3-1", "2-4"), 4: ("2-3", "4-2"), 5: ("1-1", "4-4")}),
    "X03": (4, {2: ("3-3", "2-2"), 3: ("1-3", "4-2"), 4: ("3-2", "2-4"), 5: ("2-1", "3-4")}),
    "X04": (7, {2: ("3-2", "2-3"), 3: ("2-2", "4-3"), 4: ("1-3", "4-2"), 5: ("1-4", "4-1")}),
    "X05": (5, {2: ("2-2", "3-2"), 3: ("3-3", "2-1"), 4: ("3-3", "1-2"), 5: ("4-2", "2-4")}),
    "X06": (6, {2: ("2-3", "3-3"), 3: ("1-2", "3-4"), 4: ("2-1", "3-4"), 5: ("1-1", "3-4")}),
    "X07": (3, {2: ("2-2", "2-3"), 3: ("4-3", "2-2"), 4: ("2-2", "3-1"), 5: ("4-4", "1-3")}),
    "X08": (8, {2: ("3-2", "3-3"), 3: ("2-4", "3-2"), 4: ("3-2", "2-3"), 5: ("2-1", "4-4")}),
    "X09": (4, {2: ("2-3", "3-2"), 3: ("1-3", "3-1"), 4: ("1-2", "4-3"), 5: ("1-4", "4-2")}),
    "X10": (5, {2: ("3-3", "2-2"), 3: ("4-2", "2-3"), 4: ("2-4", "3-1"), 5: ("1-3", "4-2")}),
    "X11": (6, {2: ("2-2", "3-3"), 3: ("3-4", "2-1"), 4: ("3-3", "2-2"), 5: ("4-1", "1-4")}),
    "X12": (7, {2: ("3-2", "2-3"), 3: ("3-2", "1-3"), 4: ("4-3", "2-2"), 5: ("3-1", "2-4")}),
}
STOCK_CARDS_USED = 5  # SEED

# ---------------------------------------------------------------- Belle Époque (§11)
BE_CARDS_SHOWN = 5  # SEED
BE_TILES_ON_BOARD = {2: 3, 3: 4, 4: 5, 5: 6}  # SEED
EXHIBITION_GLASS = (0, 1, 2, 1, 0)  # E3 = 2 SEED; the others DESIGNED (§11b)
EXHIBITION_ROW = (5, 4, 3, 2, 1)  # INFERRED (§11b): E1 lines up with row 5 ... E5 with row 1
TRAVELLERS = 4  # SEED
T09_VP = {2: 4, 3: 5, 4: 6, 5: 7}  # SEED: per orthogonal adjacency of your houses
T07_VP = {2: 3, 3: 3, 4: 5, 5: 5}  # SEED: per first-pass prestige card
T04_ART = 4  # SEED; the pictured colours matter for nothing (DESIGNED: 4 generic tiles)
T02_ZONE_BONUS = 2  # SEED
BE_TILES = {  # SEED (effects at game end, for the player whose architect stands on it)
    "T01": "+1 point per 7 points you have (resolved first)",
    "T02": "one strategy zone of your choice is worth 2 more",
    "T03": "3 francs per fleur-de-lis level",
    "T04": "counts as 4 art tiles",
    "T05": "2 points per crown level",
    "T06": "counts as 1 more built house",
    "T07": "3/5 points per first-pass prestige card (2-3/4-5 players)",
    "T08": "2 points per building",
    "T09": "4/5/6/7 points per orthogonal adjacency of your houses (2/3/4/5 players)",
    "T10": "the portrait becomes architect level 7 (15 points per building)",
    "T11": "3 points per white art tile",
    "T12": "your nobles cost nothing at the end",
}
BE_CARDS = {  # SEED: trigger, effect (each usable once per round)
    "B01": ("studio", "after the studio action: +1 franc per art tile you hold"),
    "B02": ("studio", "after the studio action: turn one white tile to its coloured side"),
    "B03": ("sell", "move the art-market indicator up to 2 more steps"),
    "B04": ("sell", "before choosing: return 1 market tile to the studio"),
    "B05": ("noble", "+3 points when you discard the noble you bought"),
    "B06": ("noble", "before choosing: discard 1-4 displayed nobles and refill"),
    "B07": ("materials", "after the materials action: +2 wildcards"),
    "B08": ("materials", "after the materials action: swap 1 wildcard for 1 material"),
    "B09": ("build", "pay 1 unit with any cube; a wildcard used so still earns the +5"),
    "B10": ("build", "after building: +1 point per cube type used"),
    "B11": ("bourse", "after the stock exchange: +1 franc per meeple there"),
    "B12": ("bourse", "after the stock exchange: +1 point per 5 francs you hold"),
    "B13": ("grandplace", "after the Grand-Place: activate 1 more noble"),
    "B14": ("grandplace", "after the Grand-Place: discard 1 used noble for its francs"),
    "B15": ("park", "take back francs from 1 of your Art Nouveau cells"),
    "B16": ("park", "after the park: +1 point per art tile"),
    "B17": ("market", "after the market: 2 cubes for 1 art tile, or 1 art tile for 2 cubes"),
    "B18": ("market", "after the market: make 1 white art tile"),
    "B19": ("round start", "take 1 traveller"),
    "B20": ("round start", "you place the try square, anywhere"),
    "B21": ("round", "+3 points when your architect goes onto a house"),
    "B22": ("round", "after an action: put a meeple here to take another turn"),
    "B23": ("round end", "pay 2 francs to use the noble leaving the display"),
    "B24": ("round end", "+1 point per noble of yours not used this round"),
    "B25": ("column majority", "take the card under a non-active column instead"),
    "B26": ("column majority", "+2 Manneken-Pis for the start player"),
    "B27": ("fleur majority", "1 of your architects on a Belle Époque cell counts double"),
    "B28": ("fleur majority", "+2 francs per fleur-de-lis majority"),
    "B29": ("brussels majority", "take back 1 of your architects from the Brussels board first"),
    "B30": ("brussels majority", "+1 point per traveller of yours on the Brussels board"),
    "B31": ("exhibition", "+2 points per Belle Époque card you hold"),
    "B32": ("exhibition", "+3 francs per Belle Époque card you hold"),
}
B05_VP, B21_VP, B23_COST = 3, 3, 2  # SEED
B31_VP, B32_FR, B28_FR = 2, 3, 2  # SEED

# ---------------------------------------------------------------- B side (§12)
# SEED abilities; DESIGNED numbers. Unlisted values equal side A.
B_SIDES: dict[str, dict[str, Any]] = {
    "hankar": {
        "title": "Paul Hankar",
        "fleur_vp": (1, 3, 4, 5, 7, 9),
        "ability": "noble action: reveal the deck's top noble; you may take it free",
    },
    "cauchie": {
        "title": "Paul Cauchie",
        "crown_nobles": (2, 2, 3, 3, 4, 5),
        "ability": "studio action: also the cube of the tile's colour",
    },
    "horta": {
        "title": "Victor Horta",
        "architect_vp": (2, 3, 5, 6, 9, 12),
        "ability": "materials action: also +2 francs",
    },
    "saintenoy": {
        "title": "Paul Saintenoy",
        "zone_base": 2,
        "ability": "build action: first turn one pointer 1 step either way",
    },
    "strauven": {
        "title": "Gustave Strauven",
        "house_cost": (2, 2, 2, 4, 4, 5),
        "house_bonus": (0, 0, 0, 0, 5, 5),
        "ability": "sell action: +1 franc and +1 point",
    },
}
HORTA_FR = 2  # SEED
STRAUVEN_SELL = (1, 1)  # SEED: +1 franc, +1 point


def board_values(board: str) -> dict[str, Any]:
    """The numbers of an architect board: "A" or a B-side name."""
    b = B_SIDES.get(board, {})
    return {
        "fleur_vp": b.get("fleur_vp", FLEUR_VP_A),
        "crown_nobles": b.get("crown_nobles", CROWN_NOBLES_A),
        "architect_vp": b.get("architect_vp", ARCHITECT_VP_A),
        "zone_base": b.get("zone_base", ZONE_BASE),
        "house_cost": b.get("house_cost", HOUSE_COST_A),
        "house_bonus": b.get("house_bonus", HOUSE_BONUS_A),
    }
