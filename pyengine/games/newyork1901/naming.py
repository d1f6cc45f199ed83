"""What a player calls New York 1901's things: lots by district, size and the streets
they face, tiles by generation and size, squares by their street, park or landmark,
never the data files' ids (B07, S3). The nouns only, below the rules (whose messages
name lots this way); the sentences made of them (prompts, the log, labels, explanations)
are in words.py, the board's in render.py.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from ...core.i18n import Msg, msg
from .data import LANDMARKS, LEGENDARY_IDS, LOTS_BY_ID, PARKS, STREETS, TILE_BY_ID

_FRONTAGE = {**STREETS, **PARKS}


def _neighbours(x: int, y: int) -> tuple[tuple[int, int], ...]:
    return ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))


@cache
def frontage(cells: frozenset) -> tuple[str, ...]:
    """Streets (then parks) that the squares touch, the most touched first."""
    sides: dict[str, int] = {}
    for x, y in cells:
        for n in _neighbours(x, y):
            if n in cells:
                continue
            for name, squares in _FRONTAGE.items():
                if n in squares:
                    sides[name] = sides.get(name, 0) + 1
    return tuple(sorted(sides, key=lambda name: (name in PARKS, -sides[name], name)))


def where(cells: Iterable[tuple[int, int]]) -> Msg:
    """Where squares lie, as a player points at them: "on Wall Street", "at the corner of
    Nassau Street and Wall Street", "by City Hall Park"."""
    names = frontage(frozenset(map(tuple, cells)))
    streets = [n for n in names if n in STREETS]
    if len(streets) >= 2:
        corner = sorted(streets[:2], key=list(STREETS).index)  # one corner, one order of its names
        return msg("at the corner of {street} and {other}", street=Msg(corner[0]), other=Msg(corner[1]))
    if streets:
        return msg("on {street}", street=Msg(streets[0]))
    if names:
        return msg("by {park}", park=Msg(names[0]))
    return msg("inside a block")


@cache  # the rules name lots in the messages of rejected candidate builds
def lot(lot_id: str) -> Msg:
    """ "a 2-square blue lot on Wall Street"."""
    it = LOTS_BY_ID[lot_id]
    return msg(
        "a {size}-square {district_colour} lot {where}",
        size=it.size,
        district_colour=Msg(it.district),
        where=where(it.cells),
    )


def lot_title(lot_id: str) -> Msg:
    """The same, as a label: "2-square blue lot on Wall Street"."""
    it = LOTS_BY_ID[lot_id]
    return msg(
        "{size}-square {district_colour} lot {where}",
        size=it.size,
        district_colour=Msg(it.district),
        where=where(it.cells),
    )


def lots(lot_ids: Iterable[str]) -> Msg:
    """Several lots, each in words, joined."""
    out: Msg | None = None
    for lot_id in lot_ids:
        out = lot(lot_id) if out is None else msg("{items}, {item}", items=out, item=lot(lot_id))
    return out if out is not None else msg("no lot")


def tile(tile_id: str) -> Msg:
    """ "the Singer Building", "a silver skyscraper of 4 squares"."""
    if tile_id in LEGENDARY_IDS:
        return msg("the {name}", name=Msg(LEGENDARY_IDS[tile_id].name))
    t = TILE_BY_ID[tile_id]
    if tile_id == "START":
        return msg("the starting building")
    return msg("a {generation} skyscraper of {n} squares", generation=Msg(t.generation), n=t.squares)


def tile_label(tile_id: str) -> Msg:
    """A tray tile, for a label: "silver skyscraper, 4 squares, 5 points"."""
    t = TILE_BY_ID[tile_id]
    if tile_id in LEGENDARY_IDS:
        leg = LEGENDARY_IDS[tile_id]
        return msg("{name} ({ft} ft, {points} points)", name=Msg(leg.name), ft=leg.height_ft, points=leg.points)
    return msg(
        "{generation} skyscraper, {n} squares, {points} points",
        generation=Msg(t.generation),
        n=t.squares,
        points=t.points,
    )


def square_name(cell: tuple[int, int]) -> Msg:
    """The street, park or landmark a square that is no lot belongs to (a crossing: both streets)."""
    names = [name for name, squares in {**STREETS, **PARKS, **LANDMARKS}.items() if tuple(cell) in squares]
    if len(names) >= 2:
        return msg("{street} and {other}", street=Msg(names[0]), other=Msg(names[1]))
    return Msg(names[0]) if names else msg("a street")
