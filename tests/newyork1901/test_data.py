"""Invariants of the New York 1901 data, each taken from a sentence of
/work/shared/rules/newyork1901.data.md (section cited in each docstring).

Expected values are literals copied from the spec; geometry checks use the test's own
adjacency code, not helpers from data.py.
"""

from __future__ import annotations

from collections import Counter

import pyengine.games.newyork1901.data as d

ALL_DISTRICTS = {"red", "blue", "yellow", "green", "pink"}


def _nbrs(x, y):
    return ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))


def _street_cells():
    return {tuple(c) for cells in d.STREETS.values() for c in cells}


def _park_cells():
    return {tuple(c) for cells in d.PARKS.values() for c in cells}


def _touched(cells):
    """Names of streets and parks orthogonally next to any of `cells` (§5.3)."""
    names = set()
    for x, y in cells:
        for n in _nbrs(x, y):
            for name, sc in list(d.STREETS.items()) + list(d.PARKS.items()):
                if n in set(map(tuple, sc)):
                    names.add(name)
    return names


SPEC_FRONTAGE = {  # §5.6 lot table, 'Frontage' column, copied verbatim
    "R01": ("Pine Street", "Wall Street"),
    "R02": ("Beaver Street", "Wall Street", "William Street"),
    "R03": ("Beaver Street", "Wall Street", "William Street"),
    "R04": ("Wall Street",),
    "R05": ("Wall Street",),
    "R06": ("Beaver Street",),
    "R07": ("Beaver Street", "Broad Street"),
    "R08": ("Beaver Street",),
    "R09": ("Beaver Street", "Broad Street"),
    "R10": ("Beaver Street", "William Street"),
    "R11": ("Beaver Street", "William Street"),
    "R12": ("William Street",),
    "R13": ("William Street",),
    "B01": ("Cedar Street", "William Street"),
    "B02": ("Nassau Street",),
    "B03": ("Pine Street", "William Street"),
    "B04": ("Nassau Street", "Pine Street"),
    "B05": ("Nassau Street", "Pine Street"),
    "B06": ("Broadway", "Pine Street"),
    "B07": ("Nassau Street", "Pine Street", "Wall Street"),
    "B08": ("Nassau Street", "Pine Street"),
    "B09": ("Pine Street", "Wall Street", "William Street"),
    "B10": ("Pine Street", "William Street"),
    "B11": ("Broadway", "Wall Street"),
    "B12": ("Nassau Street", "Wall Street"),
    "B13": ("Wall Street", "William Street"),
    "Y01": ("Cedar Street", "Nassau Street"),
    "Y02": ("Cedar Street",),
    "Y03": ("Cedar Street",),
    "Y04": ("Cedar Street", "William Street"),
    "Y05": ("William Street",),
    "Y06": ("Cedar Street", "William Street"),
    "Y07": ("Cedar Street",),
    "Y08": ("Cedar Street",),
    "Y09": ("Cedar Street", "Nassau Street"),
    "Y10": ("Cedar Street", "William Street"),
    "Y11": ("William Street",),
    "Y12": ("Pine Street",),
    "Y13": ("Pine Street", "William Street"),
    "G01": ("Rector Street",),
    "G02": ("Beaver Street", "Broadway", "Rector Street"),
    "G03": ("Beaver Street", "Broadway", "Wall Street"),
    "G04": ("Wall Street",),
    "G05": ("Broad Street", "Wall Street"),
    "G06": ("Beaver Street",),
    "G07": ("Beaver Street",),
    "G08": ("Broad Street",),
    "G09": ("Broad Street",),
    "G10": ("Beaver Street", "Broad Street"),
    "G11": ("Beaver Street", "Broadway"),
    "G12": ("Beaver Street", "Broad Street"),
    "G13": ("Broad Street",),
    "P01": ("Broadway",),
    "P02": ("Cedar Street",),
    "P03": ("Broadway",),
    "P04": ("Broadway", "Cedar Street"),
    "P05": ("Broadway", "Cedar Street", "City Hall Park"),
    "P06": ("Cedar Street", "City Hall Park", "Nassau Street"),
    "P07": ("Broadway", "Cedar Street"),
    "P08": ("Broadway", "Cedar Street"),
    "P09": ("Cedar Street", "Nassau Street"),
    "P10": ("Broadway",),
    "P11": ("Nassau Street",),
    "P12": ("Broadway", "Thames Street"),
    "P13": ("Broadway", "Pine Street"),
}


# ------------------------------------------------------------------ §1 components
def test_component_counts():
    """§1: board 1, 5 characters, 5 street cards, 5 challenge cards, 65 lot cards,
    4 markers, 16 workers, 4 kings, 12 action cards, 76 tiles, 4 legendaries, 4 aids."""
    assert d.COMPONENTS == {
        "board": 1,
        "character_cards": 5,
        "street_bonus_cards": 5,
        "challenge_cards": 5,
        "lot_cards": 65,
        "score_markers": 4,
        "workers": 16,
        "king_tokens": 4,
        "action_cards": 12,
        "skyscraper_tiles": 76,
        "legendary_tiles": 4,
        "player_aids": 4,
    }


def test_components_agree_with_data_lists():
    """§1: counts of the component table match the lists that hold them."""
    assert len(d.CHARACTERS) == 5
    assert len(d.BONUS_STREET_CARDS) == 5
    assert len(d.CHALLENGE_CARDS) == 5
    assert len(d.LOT_CARDS) == 65
    assert len(d.LEGENDARY_TILES) == 4
    # "Workers 16 (4 per player)", "Action cards 12 (3 per player, one of each type)"
    assert d.WORKERS_PER_PLAYER * 4 == 16
    assert len(d.ACTION_CARDS) * 4 == 12
    # "76 (19 per player: 18 skyscrapers + 1 starting building)"
    assert (len(d.PLAYER_TILES) + 1) * 4 == 76


# ------------------------------------------------------------------ §2 parameters
def test_technology_thresholds():
    """§2: basic Silver 6, Gold 18; expert Silver 10, Gold 25, no starting building."""
    assert d.TECH_THRESHOLDS == {"silver": 6, "gold": 18}
    assert d.TECH_THRESHOLDS_EXPERT == {"silver": 10, "gold": 25}
    assert d.EXPERT_HAS_START_BUILDING is False


def test_core_parameters():
    """§2: market 4; 3 of 5 street cards, 5 points; 1 challenge; 1 point per unused
    action card; end at 4 unbuilt or 3 face-up cards; score track 0..100 marks 6/18/25."""
    assert d.MARKET_SIZE == 4
    assert d.STREET_CARDS_PER_GAME == 3
    assert d.STREET_BONUS_POINTS == 5
    assert d.CHALLENGE_CARDS_PER_GAME == 1
    assert d.UNUSED_ACTION_CARD_POINTS == 1
    assert d.END_TRIGGER_UNBUILT == 4
    assert d.END_TRIGGER_MARKET_CARDS == 3
    assert d.SCORE_TRACK_MAX == 100
    assert d.SCORE_TRACK_MARKS == {6: "white", 18: "yellow", 25: "orange"}


def test_generation_order():
    """§2.1: start building < bronze < silver < gold/legendary; gold and legendary
    can never be demolished."""
    assert d.GENERATIONS == ("start", "bronze", "silver", "gold")
    assert set(d.UNDEMOLISHABLE) == {"gold", "legendary"}


def test_action_cards():
    """§2.2: Construction Boom, Market Shift, Land Grab; Land Grab takes 2 cards and
    the spec recommends ZH's 2 free workers."""
    assert set(d.ACTION_CARDS) == {"Construction Boom", "Market Shift", "Land Grab"}
    assert d.LAND_GRAB_CARDS == 2
    assert d.LAND_GRAB_MIN_WORKERS == 2


def test_challenge_cards():
    """§2.3: the five cards and their printed values."""
    c = d.CHALLENGE_CARDS
    assert set(c) == {"Bronze Baron", "Master Architect", "Generation King", "Gold Tycoon", "Gold Prestige"}
    assert c["Bronze Baron"]["tiers"] == ((4, 5), (5, 10), (6, 15))
    assert c["Master Architect"]["tiers"] == ((3, 3), (4, 6), (5, 10))
    assert c["Generation King"]["points_per_generation"] == 5
    assert c["Gold Tycoon"] == {"points_per_district": 3, "min_gold": 2}
    assert c["Gold Prestige"]["points_per_adjacent_older"] == 1
    assert d.BEGINNER_CHALLENGE == "Gold Tycoon"


# ------------------------------------------------------------------ §3 streets
def test_bonus_street_cards():
    """§3.1: Broadway; Wall Street; Nassau & Broad Street (one card); Pine & Thames
    Street (one card); Cedar Street. Each names segments present on the board (§5.5)."""
    assert d.BONUS_STREET_CARDS == {
        "Broadway": ("Broadway",),
        "Wall Street": ("Wall Street",),
        "Nassau & Broad Street": ("Nassau Street", "Broad Street"),
        "Pine & Thames Street": ("Pine Street", "Thames Street"),
        "Cedar Street": ("Cedar Street",),
    }
    for segs in d.BONUS_STREET_CARDS.values():
        for s in segs:
            assert s in d.STREETS


def test_beginner_street_cards():
    """§3.1: "Wall, Broadway and Nassau/Broad make exactly 3 cards"."""
    assert set(d.BEGINNER_STREET_CARDS) == {"Wall Street", "Broadway", "Nassau & Broad Street"}
    assert len(d.BEGINNER_STREET_CARDS) == d.STREET_CARDS_PER_GAME


def test_street_segment_geometry():
    """§5.5 table: each segment's row/column range."""

    def col(x, y0, y1):
        return {(x, y) for y in range(y0, y1 + 1)}

    def row(y, x0, x1):
        return {(x, y) for x in range(x0, x1 + 1)}

    expect = {
        "Broadway": col(3, 0, 16),
        "Nassau Street": col(8, 0, 9),
        "Broad Street": col(8, 11, 16),
        "Wall Street": row(10, 3, 16),
        "Pine Street": row(7, 3, 16),
        "Thames Street": row(7, 0, 2),
        "Cedar Street": row(3, 0, 16),
        "William Street": col(13, 0, 16),
        "Rector Street": row(10, 0, 2),
        "Beaver Street": row(14, 0, 16),
    }
    assert {k: set(map(tuple, v)) for k, v in d.STREETS.items()} == expect


def test_parks_and_landmark_geometry():
    """§5.5: City Hall Park x=4..7,y=0..1; Trinity Churchyard x=0..2,y=8..9; Bowling
    Green x=0..2,y=15..16; NYSE (6,11)-(7,11)."""

    def rect(x0, x1, y0, y1):
        return {(x, y) for x in range(x0, x1 + 1) for y in range(y0, y1 + 1)}

    assert {k: set(map(tuple, v)) for k, v in d.PARKS.items()} == {
        "City Hall Park": rect(4, 7, 0, 1),
        "Trinity Churchyard": rect(0, 2, 8, 9),
        "Bowling Green": rect(0, 2, 15, 16),
    }
    assert {k: set(map(tuple, v)) for k, v in d.LANDMARKS.items()} == {"New York Stock Exchange": {(6, 11), (7, 11)}}


# ------------------------------------------------------------------ §4 characters
def test_characters():
    """§4: pink = David Schneider, blue = Robert Fletcher; red/yellow/green placeholders."""
    assert set(d.CHARACTERS) == ALL_DISTRICTS
    assert d.CHARACTERS["pink"] == "David Schneider"
    assert d.CHARACTERS["blue"] == "Robert Fletcher"
    for colour in ("red", "yellow", "green"):
        assert d.CHARACTERS[colour] == f"Character ({colour})"


def test_start_lots():
    """§5.4: P05, B04, Y06, G04, R07; "One 2-square start lot per district" (§5.1)."""
    assert d.START_LOTS == {"pink": "P05", "blue": "B04", "yellow": "Y06", "green": "G04", "red": "R07"}
    cells = {
        "P05": {(4, 2), (5, 2)},
        "B04": {(6, 6), (7, 6)},
        "Y06": {(14, 1), (14, 2)},
        "G04": {(5, 11), (5, 12)},
        "R07": {(9, 13), (10, 13)},
    }
    for colour, lot_id in d.START_LOTS.items():
        lot = d.LOTS_BY_ID[lot_id]
        assert lot.district == colour
        assert lot.size == 2
        assert set(lot.cells) == cells[lot_id]


# ------------------------------------------------------------------ §5 board
def test_grid_shape():
    """§5.3: grid 17 x 17."""
    assert (d.WIDTH, d.HEIGHT) == (17, 17)
    assert len(d.ROWS) == 17 and all(len(r) == 17 for r in d.ROWS)
    assert set("".join(d.ROWS)) <= set(".#@RBYGP")


def test_five_districts_of_thirteen_lots():
    """§5.1: 5 districts red, blue, yellow, green, pink; 13 lots each, 65 in total."""
    assert set(d.DISTRICTS) == ALL_DISTRICTS
    assert len(d.LOTS) == 65
    assert Counter(l.district for l in d.LOTS) == {c: 13 for c in ALL_DISTRICTS}
    assert len({l.id for l in d.LOTS}) == 65


def test_lot_split_per_district():
    """§5.2: 7 two-square + 6 three-square lots per district (32 squares per district,
    160 in all; 35 two-square and 30 three-square cards)."""
    for colour in ALL_DISTRICTS:
        sizes = Counter(l.size for l in d.LOTS if l.district == colour)
        assert sizes == {2: 7, 3: 6}, colour
        assert sum(l.size for l in d.LOTS if l.district == colour) == 32
    assert sum(l.size for l in d.LOTS) == 160
    assert Counter(size for _, size in d.LOT_CARDS) == {2: 35, 3: 30}


def test_lot_sizes_match_cells_and_flower():
    """§5.1: every lot is 2 or 3 squares; 3-square lots carry a flower icon."""
    for lot in d.LOTS:
        assert lot.size in (2, 3)
        assert len(lot.cells) == lot.size == len(set(lot.cells))
        assert lot.flower == (lot.size == 3)


def test_lots_are_straight():
    """§5.2: "All lots are straight (1x2 or 1x3)"."""
    for lot in d.LOTS:
        xs = sorted(x for x, _ in lot.cells)
        ys = sorted(y for _, y in lot.cells)
        if len(set(xs)) == 1:
            assert ys == list(range(ys[0], ys[0] + lot.size)), lot.id
        else:
            assert len(set(ys)) == 1, lot.id
            assert xs == list(range(xs[0], xs[0] + lot.size)), lot.id


def test_lots_inside_grid_and_disjoint():
    """§5.3: lots lie on the 17 x 17 grid and (being bounded by solid lines, §5.1)
    never share a square."""
    seen = set()
    for lot in d.LOTS:
        for x, y in lot.cells:
            assert 0 <= x < 17 and 0 <= y < 17
            assert (x, y) not in seen
            seen.add((x, y))
    assert len(seen) == 160


def test_rows_match_lots():
    """§5.7: "rows" letters are exactly the lot squares, with the lot's district."""
    letters = {"R": "red", "B": "blue", "Y": "yellow", "G": "green", "P": "pink"}
    from_rows = {(x, y): letters[ch] for y, r in enumerate(d.ROWS) for x, ch in enumerate(r) if ch in letters}
    from_lots = {c: l.district for l in d.LOTS for c in l.cells}
    assert from_rows == from_lots


def test_rows_match_streets_parks_landmarks():
    """§5.7 legend: '.' street, '#' park, '@' landmark."""

    def glyph(ch):
        return {(x, y) for y, r in enumerate(d.ROWS) for x, c in enumerate(r) if c == ch}

    assert glyph(".") == _street_cells()
    assert glyph("#") == _park_cells()
    assert glyph("@") == {tuple(c) for v in d.LANDMARKS.values() for c in v}


def test_every_lot_touches_street_or_park():
    """§5.2: "Every lot touches a street or park"."""
    for lot in d.LOTS:
        assert _touched(lot.cells), lot.id


def test_lot_frontage_matches_spec_table():
    """§5.6: the 'Frontage (streets/parks touched)' column for every lot."""
    assert set(SPEC_FRONTAGE) == {l.id for l in d.LOTS}
    for lot in d.LOTS:
        assert _touched(lot.cells) == set(SPEC_FRONTAGE[lot.id]), lot.id


def test_bonus_street_frontage_counts():
    """§5.5 "Lots touching each bonus street": the listed lots and counts."""
    spec = {
        "Broadway": "B06 B11 G02 G03 G11 P01 P03 P04 P05 P07 P08 P10 P12 P13",
        "Wall Street": "R01 R02 R03 R04 R05 B07 B09 B11 B12 B13 G03 G04 G05",
        "Nassau & Broad Street": "R07 R09 B02 B04 B05 B07 B08 B12 Y01 Y09 G05 G08 G09 G10 G12 G13 P06 P09 P11",
        "Pine & Thames Street": "R01 B03 B04 B05 B06 B07 B08 B09 B10 Y12 Y13 P12 P13",
        "Cedar Street": "B01 Y01 Y02 Y03 Y04 Y06 Y07 Y08 Y09 Y10 P02 P04 P05 P06 P07 P08 P09",
    }
    counts = {
        "Broadway": 14,
        "Wall Street": 13,
        "Nassau & Broad Street": 19,
        "Pine & Thames Street": 13,
        "Cedar Street": 17,
    }
    for card, segs in d.BONUS_STREET_CARDS.items():
        got = {l.id for l in d.LOTS if _touched(l.cells) & set(segs)}
        assert got == set(spec[card].split()), card
        assert len(got) == counts[card]


def test_only_city_hall_park_borders_lots():
    """§5.5 note: "only City Hall Park borders lots (P05, P06)"."""
    parks = _park_cells()
    bordering = {l.id for l in d.LOTS if any(n in parks for c in l.cells for n in _nbrs(*c))}
    assert bordering == {"P05", "P06"}


def test_no_lot_square_next_to_intersection():
    """§5.3: "No lot square can be next to an intersection"."""
    counts = Counter(tuple(c) for v in d.STREETS.values() for c in v)
    crossings = {c for c, n in counts.items() if n >= 2}
    assert crossings  # Broadway/Cedar etc. exist
    for lot in d.LOTS:
        for c in lot.cells:
            assert not any(n in crossings for n in _nbrs(*c)), lot.id


def test_cell_kind_and_lot_lookup():
    """§5.3 cell kinds; §5.6 cells of a lot."""
    assert d.cell_kind(3, 0) == "street"
    assert d.cell_kind(4, 0) == "park"
    assert d.cell_kind(6, 11) == "landmark"
    assert d.cell_kind(0, 0) == "lot"
    assert set(d.lot_cells("B07")) == {(7, 8), (7, 9)}
    assert d.LOT_AT[(16, 9)] == "R01"
    try:
        d.cell_kind(17, 0)
    except IndexError:
        pass
    else:
        raise AssertionError("off-board cell accepted")


# ------------------------------------------------------------------ setup by player count
def test_lot_cards_one_per_lot():
    """§2.1: the card names only a colour and a size; §5.6: per colour 7 cards
    "2 squares" + 6 cards "3 squares"."""
    assert Counter(d.LOT_CARDS) == {(c, s): n for c in ALL_DISTRICTS for s, n in ((2, 7), (3, 6))}


def test_two_player_setup_removes_pink():
    """§2: 2 players remove David Schneider and all 13 pink lot cards; the pink
    district is not used. Leaves 4 districts / 52 lots."""
    assert set(d.active_districts(2)) == ALL_DISTRICTS - {"pink"}
    deck = d.lot_deck(2)
    assert len(deck) == 52
    assert not [c for c in deck if c[1] == "pink"]
    assert "pink" not in {colour for colour in d.active_districts(2)}
    for n in (3, 4):
        assert len(d.active_districts(n)) == 5
        assert len(d.lot_deck(n)) == 65


def test_start_lot_cards_leave_the_deck():
    """§2.4: take the lot card matching your character's colour at size 2 and remove
    it from the deck."""
    deck = d.lot_deck(4, ("blue", "red", "green", "yellow"))
    assert len(deck) == 61
    ids = {c[0] for c in deck}
    assert not ids & {"B04", "R07", "G04", "Y06"}
    assert len(d.lot_deck(2, ("blue", "red"))) == 50


# ------------------------------------------------------------------ §6 tiles
def _is_rectangle(shape):
    rs = {r for r, _ in shape}
    cs = {c for _, c in shape}
    return len(shape) == (max(rs) - min(rs) + 1) * (max(cs) - min(cs) + 1)


def test_eighteen_tiles_six_per_generation():
    """§6.1: "18 skyscrapers per player, 6 per generation"."""
    assert len(d.PLAYER_TILES) == 18
    assert Counter(t.generation for t in d.PLAYER_TILES) == {"bronze": 6, "silver": 6, "gold": 6}
    assert len({t.id for t in d.PLAYER_TILES}) == 18


def test_tile_sizes_and_points_ranges():
    """§6.1: "Footprints are 2 to 6 squares; printed points are 2 to 8"."""
    assert {t.squares for t in d.PLAYER_TILES} <= set(range(2, 7))
    assert {t.points for t in d.PLAYER_TILES} <= set(range(2, 9))
    assert min(t.squares for t in d.PLAYER_TILES) == 2
    assert max(t.squares for t in d.PLAYER_TILES) == 6
    assert min(t.points for t in d.PLAYER_TILES) == 2
    assert max(t.points for t in d.PLAYER_TILES) == 8


def test_point_rule():
    """§6.2: bronze points = squares, silver = squares + 1, gold = squares + 2."""
    bonus = {"bronze": 0, "silver": 1, "gold": 2}
    for t in d.PLAYER_TILES:
        assert t.points == t.squares + bonus[t.generation], t.id


def test_point_totals():
    """§6.2: "Totals per player: bronze 18, silver 31, gold 42, all 18 tiles 91"."""
    tot = Counter()
    for t in d.PLAYER_TILES:
        tot[t.generation] += t.points
    assert tot == {"bronze": 18, "silver": 31, "gold": 42}
    assert sum(tot.values()) == 91


def test_rulebook_point_examples():
    """§6.1: a 2-square bronze scores 2; a 3-square building scores 3; a silver over
    3 lots with 1 square unused scores 6 (§6.2: "a 5-square silver is 6 points")."""
    assert any(t.generation == "bronze" and t.squares == 2 and t.points == 2 for t in d.PLAYER_TILES)
    assert any(t.squares == 3 and t.points == 3 for t in d.PLAYER_TILES)
    assert any(t.generation == "silver" and t.squares == 5 and t.points == 6 for t in d.PLAYER_TILES)


def test_regular_irregular_split():
    """§6.2: "9 regular and 9 irregular tiles"; §6.1: regular = square or rectangle."""
    assert Counter(t.regular for t in d.PLAYER_TILES) == {True: 9, False: 9}
    for t in d.PLAYER_TILES + (d.START_TILE,):
        assert t.regular == _is_rectangle(t.shape), t.id


def test_tile_table_squares():
    """§6.2 table 'Squares' column, in table order."""
    assert [(t.id, t.squares) for t in d.PLAYER_TILES] == [
        ("B1", 2),
        ("B2", 2),
        ("B3", 3),
        ("B4", 3),
        ("B5", 4),
        ("B6", 4),
        ("S1", 3),
        ("S2", 3),
        ("S3", 4),
        ("S4", 4),
        ("S5", 5),
        ("S6", 6),
        ("G1", 4),
        ("G2", 4),
        ("G3", 5),
        ("G4", 5),
        ("G5", 6),
        ("G6", 6),
    ]


def test_tiles_are_connected_polyominoes():
    """§6.1: polyomino ("Tetris-shaped") footprints."""
    shapes = [t.shape for t in d.PLAYER_TILES] + [l.shape for l in d.LEGENDARY_TILES]
    for shape in shapes:
        start = next(iter(shape))
        seen, todo = {start}, [start]
        while todo:
            r, c = todo.pop()
            for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if n in shape and n not in seen:
                    seen.add(n)
                    todo.append(n)
        assert seen == set(shape)


def test_start_tile():
    """§6.1: "The starting building is a 2-square tile worth 0 points"."""
    assert d.START_TILE.squares == 2
    assert d.START_TILE.points == 0
    assert d.START_TILE.generation == "start"


def test_rotations_preserve_cell_count_and_are_normalised():
    """§6.2: rotation is allowed; a rotation keeps the tile's squares."""
    for t in d.PLAYER_TILES + (d.START_TILE,):
        rots = d.rotations(t.shape)
        assert 1 <= len(rots) <= 4
        for rot in rots:
            assert len(rot) == t.squares
            assert min(r for r, _ in rot) == 0 and min(c for _, c in rot) == 0


def test_rotation_counts():
    """Distinct quarter turns: domino and 2x3 have 2, 2x2 has 1, L/T/P have 4."""
    by_id = {t.id: t for t in d.PLAYER_TILES}
    expect = {"B1": 2, "B5": 1, "B4": 4, "S4": 4, "S5": 4, "S6": 2, "G2": 2, "S3": 2}
    for tid, n in expect.items():
        assert len(d.rotations(by_id[tid].shape)) == n, tid
    assert frozenset({(0, 0), (1, 0)}) in d.rotations(by_id["B1"].shape)


def test_no_mirroring():
    """§6.2: "Mirroring is not (single-sided tiles)": the S tile G2 never becomes Z."""
    g2 = next(t for t in d.PLAYER_TILES if t.id == "G2")
    z = frozenset({(0, 0), (0, 1), (1, 1), (1, 2)})
    assert g2.shape == frozenset({(0, 1), (0, 2), (1, 0), (1, 1)})
    assert z not in d.rotations(g2.shape)


def test_every_tile_has_thirteen_placements():
    """§6.2: "Every shape was checked by script to fit at least 13 placements on the
    designed board" (read here as: all squares on lot squares, one edge on a street or
    park, any rotation)."""
    lot_sq = {c for l in d.LOTS for c in l.cells}
    front = _street_cells() | _park_cells()
    for t in d.PLAYER_TILES:
        n = 0
        for rot in d.rotations(t.shape):
            for y in range(17):
                for x in range(17):
                    cells = {(x + c, y + r) for r, c in rot}
                    if cells <= lot_sq and any(nb in front for cc in cells for nb in _nbrs(*cc)):
                        n += 1
        assert n >= 13, (t.id, n)


# ------------------------------------------------------------------ §7 legendaries
def test_legendaries():
    """§7 table: names, heights, points (MetLife 12 SOURCED), footprint squares."""
    got = [(l.name, l.height_ft, l.points, len(l.shape), l.regular) for l in d.LEGENDARY_TILES]
    assert got == [
        ("Park Row Building", 391, 10, 5, False),
        ("Singer Building", 612, 11, 6, True),
        ("Metropolitan Life Tower", 700, 12, 7, False),
        ("Woolworth Building", 792, 13, 8, True),
    ]
    for l in d.LEGENDARY_TILES:
        assert l.regular == _is_rectangle(l.shape)
        for rot in d.rotations(l.shape):
            assert len(rot) == len(l.shape)


def test_legendary_height_order():
    """§7: "Park Row < Singer < MetLife < Woolworth" (tie-break by height)."""
    order = [l.name for l in sorted(d.LEGENDARY_TILES, key=lambda l: l.height_ft)]
    assert order == ["Park Row Building", "Singer Building", "Metropolitan Life Tower", "Woolworth Building"]
    assert d.LEGENDARY_GENERATION == "gold"


def test_place_uses_xy_for_row_col_shapes():
    """Module docstring: shapes are (row, col), board cells are (x, y)."""
    assert d.place(frozenset({(0, 0), (1, 0)}), 5, 11) == {(5, 11), (5, 12)}
    assert d.place(frozenset({(0, 0), (0, 1)}), 9, 13) == {(9, 13), (10, 13)}
