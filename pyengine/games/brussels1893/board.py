"""Pure geometry and arithmetic of the boards: active area, compass, build payments,
the art market's indicator. No state mutation here."""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations_with_replacement

from .data import (
    ARROW,
    CELL_NAMES,
    COMPASS,
    CUBES,
    FLEUR_CELLS,
    INDICATOR,
    MARKET_CENTRE_RANGE,
    MARKET_COL_VP,
    MARKET_ROW_FR,
    SIZE,
)

# ---------------------------------------------------------------- compass
CONCRETE = ("wood", "iron", "stone", "glass", "fr3")


def symbol(segment: int) -> str:
    """'any', 'blank' or a concrete unit (a material or 'fr3')."""
    s = COMPASS[segment]
    return "any" if s.startswith("any") else s


def step(segment: int, direction: int, arrow: bool) -> int | None:
    """The segment a pointer reaches turning one step (+1 clockwise, -1 anticlockwise).
    With the arrow tile (base game) a pointer reaching glass spins on to iron (SEED);
    turning back onto the arrow would spin it straight back, so that is no move (None)."""
    nxt = (segment + direction) % len(COMPASS)
    if arrow and nxt == ARROW:
        return 0 if direction > 0 else None
    return nxt


def pointer_turns(pointers: list[int], arrow: bool, directions: tuple[int, ...] = (1,)) -> list[tuple[int, int, int]]:
    """(pointer index, direction, new segment) for each legal turn: pointers never overlap."""
    out = []
    for i, seg in enumerate(pointers):
        other = pointers[1 - i]
        for d in directions:
            nxt = step(seg, d, arrow)
            if nxt is not None and nxt != other:
                out.append((i, d, nxt))
    return out


# ---------------------------------------------------------------- payments
def requirements(pointers: tuple[int, int], glass: bool) -> tuple[frozenset, frozenset]:
    """(required, allowed) units for a build under the compass (SEED §5b):
    each pointed concrete symbol must be used at least once; only pointed symbols may
    be used, unless a pointer shows "any" (any material or 3 francs). A blank pointer
    leaves the whole cost to the other one."""
    syms = [symbol(s) for s in pointers]
    required = frozenset(s for s in syms if s in CONCRETE)
    if "any" in syms:
        allowed = frozenset(c for c in CONCRETE if glass or c != "glass")
    else:
        allowed = required
    return required, allowed


def _valid(units: dict[str, int], wild: int, required: frozenset, allowed: frozenset, joker: bool) -> bool:
    """Whether real units plus `wild` wildcards (plus one B09 joker standing for any
    material) pay the cost: every real unit allowed, every required symbol covered."""
    if any(n and u not in allowed for u, n in units.items()):
        return False
    missing = [r for r in required if not units.get(r)]
    spare = wild
    if joker:
        cube_missing = [r for r in missing if r != "fr3"]
        if cube_missing:
            missing.remove(cube_missing[0])
        elif not any(u != "fr3" for u in allowed):
            return False  # the joker is a cube standing for a cube: nothing to stand for
    return len(missing) <= spare


def judge(payment: tuple[str, ...], required: frozenset, allowed: frozenset, b09: bool) -> tuple[bool, bool, bool]:
    """(valid, earns the no-wildcard bonus, needs card B09) for a payment (a tuple of
    units: materials, 'fr3', 'wild'). B09 lets one cube (a wildcard too) be paid in
    place of another material; a wildcard swapped so still earns the bonus (SEED)."""
    units: dict[str, int] = {}
    for u in payment:
        units[u] = units.get(u, 0) + 1
    wild = units.pop("wild", 0)
    plain = _valid(units, wild, required, allowed, False)
    if plain and wild == 0:
        return True, True, False
    if b09:
        # Try the joker as each cube in the payment: a wildcard (keeps the bonus) first.
        if wild and _valid(units, wild - 1, required, allowed, True):
            return True, wild == 1, wild == 1 or not plain
        if not plain:
            for u in sorted(units):
                if u == "fr3" or not units[u]:
                    continue
                units[u] -= 1
                ok = _valid(units, wild, required, allowed, True)
                units[u] += 1
                if ok:
                    return True, wild == 0, True
    return plain, plain and wild == 0, False


@lru_cache(maxsize=4096)
def payments(
    pointers: tuple[int, int], cost: int, glass: bool, b09: bool, have: tuple[int, ...], money: int, extra_glass: int
) -> tuple[tuple[tuple[str, ...], bool, bool], ...]:
    """Every affordable valid payment: (units, bonus, needs B09). `have` counts wood,
    iron, stone, glass, wild; `extra_glass` is glass that must stay for an exhibition
    hall's surcharge (wildcards never pay it)."""
    required, allowed = requirements(pointers, glass)
    kinds = [c for c in CUBES if glass or c != "glass"] + ["fr3", "wild"]
    limit = _limits(have, money, extra_glass)
    if limit["glass"] < 0:
        return ()
    out = []
    for combo in combinations_with_replacement(kinds, cost):
        paid = _payment(combo, required, allowed, b09, limit)
        if paid is not None:
            out.append(paid)
    return tuple(out)


def is_payment(
    units: tuple[str, ...],
    pointers: tuple[int, int],
    cost: int,
    glass: bool,
    b09: bool,
    have: tuple[int, ...],
    money: int,
    extra_glass: int,
) -> bool:
    """Whether `units` (in the canonical order of the move's words) is one of
    ``payments(...)``, judged alone."""
    if len(units) != cost or (not glass and "glass" in units):
        return False
    limit = _limits(have, money, extra_glass)
    if limit["glass"] < 0:
        return False
    required, allowed = requirements(pointers, glass)
    return _payment(units, required, allowed, b09, limit) is not None


def _limits(have: tuple[int, ...], money: int, extra_glass: int) -> dict[str, int]:
    """How many of each unit the player can pay."""
    limit = dict(zip(("wood", "iron", "stone", "glass", "wild"), have))
    limit["glass"] = limit["glass"] - extra_glass
    limit["fr3"] = money // 3
    return limit


def _payment(
    combo: tuple[str, ...], required: frozenset, allowed: frozenset, b09: bool, limit: dict[str, int]
) -> tuple[tuple[str, ...], bool, bool] | None:
    """(units, bonus, needs B09) if the player has the units and they pay, else None."""
    if any(combo.count(k) > limit[k] for k in set(combo)):
        return None
    if not b09 and any(u not in allowed and u != "wild" for u in combo):
        return None
    ok, bonus, needs = judge(combo, required, allowed, b09)
    return (combo, bonus, needs) if ok else None


# ---------------------------------------------------------------- art market
def market_reach(pos: tuple[int, int], steps: int) -> list[tuple[int, int]]:
    """Centres reachable in exactly `steps` orthogonal steps inside the grid (the path may
    turn and come back; every centre has a neighbour, so parity and distance decide)."""
    lo, hi = MARKET_CENTRE_RANGE
    out = []
    for y in range(lo, hi + 1):
        for x in range(lo, hi + 1):
            d = abs(x - pos[0]) + abs(y - pos[1])
            if d <= steps and (steps - d) % 2 == 0:
                out.append((x, y))
    return out


def market_value(pos: tuple[int, int], colour: str) -> tuple[int, int]:
    """(points, francs) of a colour with the indicator's centre at pos: its square's
    column gives the points, its row the francs (SEED)."""
    dx, dy = INDICATOR[colour]
    return MARKET_COL_VP[pos[0] + dx - 1], MARKET_ROW_FR[pos[1] + dy - 1]


# ---------------------------------------------------------------- grid
def neighbours(cell: int) -> list[int]:
    c, r = cell % SIZE, cell // SIZE
    out = []
    if c > 0:
        out.append(cell - 1)
    if c < SIZE - 1:
        out.append(cell + 1)
    if r > 0:
        out.append(cell - SIZE)
    if r < SIZE - 1:
        out.append(cell + SIZE)
    return out


def adjacencies(cells: list[int]) -> int:
    """Orthogonal adjacencies between the given cells (each pair once)."""
    s = set(cells)
    return sum(1 for a in s for b in neighbours(a) if b in s and a < b)


def surrounded(arch: list[int], fleur: int) -> bool:
    return all(arch[c] != -1 for c in FLEUR_CELLS[fleur])


def cell_label(cell: int) -> str:
    return CELL_NAMES[cell]
