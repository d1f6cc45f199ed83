"""Art Nouveau board actions: placing an architect with francs, the five actions
(studio, sell, noble, materials, build), the house owner's free action and the Belle
Époque tile an architect may go to. ``via`` is "board" when the player placed an
architect on the cell and "park" when the Park copies the action: Belle Époque cards
of the five actions trigger only on the board; B-side abilities trigger on both (SEED).
"""

from __future__ import annotations

from itertools import combinations_with_replacement

from .board import is_payment, judge, market_reach, market_value, payments, pointer_turns, requirements, step
from .changes import (
    draw,
    event,
    francs,
    give_cubes,
    points,
    pop,
    push,
    take_art,
    take_cubes,
    use_card,
)
from .data import (
    ACTION_NAMES,
    ART_COLOURS,
    B21_VP,
    BE_CROSS_CELLS,
    BE_TILES_ON_BOARD,
    CELL_BY_NAME,
    CELL_NAMES,
    COLOUR_CUBE,
    COMPASS,
    CUBES,
    EXHIBITION_GLASS,
    HORTA_FR,
    MARKET_CENTRE_RANGE,
    MARKET_SLOTS,
    NO_WILD_BONUS,
    NOBLE_DISPLAY_COST,
    STRAUVEN_SELL,
    STUDIO_COLOURS,
    noble_name,
)
from .moves import SLOTS, UNITS, M, Move
from .nobles import noble_effect, refill_display
from .state import (
    Frame,
    P,
    State,
    art_count,
    be_on,
    card_ready,
    cube_kinds,
    displayed,
    house_cost,
    sellable,
    studio_has,
)


def action_frames(state: State, p: int, letter: str, via: str) -> list[Frame]:
    """The frames of one Art Nouveau action, first decided first."""
    board = state["pl"][p]["board"]
    if letter == "S":
        return [{"k": "studio", "p": p, "via": via}]
    if letter == "V":
        first = "b04" if via == "board" and card_ready(state, p, "B04") and any(state["market"]["slots"]) else "tile"
        return [{"k": "sell", "p": p, "via": via, "stage": first}]
    if letter == "N":
        out = []
        if via == "board" and card_ready(state, p, "B06") and any(state["display"]):
            out.append({"k": "b06", "p": p})
        if board == "hankar":
            out.append({"k": "reveal", "p": p})
        return out + [{"k": "noble", "p": p, "via": via}]
    if letter == "M":
        return [{"k": "materials", "p": p, "via": via}]
    return [{"k": "build", "p": p, "via": via, "stage": "adjust" if board == "saintenoy" else "where"}]


# ---------------------------------------------------------------- placing an architect
def placed_on_board(state: State, p: int, cell: int) -> None:
    pl = P(state, p)
    pl["reserve"] -= 1
    state["arch"][cell] = p
    event(state, "place", p, cell=CELL_NAMES[cell], action=ACTION_NAMES[state["grid"][cell]])
    if state["house"][cell] != -1 and card_ready(state, p, "B21"):
        use_card(state, p, "B21")
        points(state, p, "cards", B21_VP, "B21")
    state["frames"].append({"k": "francs", "p": p, "cell": cell})


def francs_moves(state: State, f: Frame) -> list[Move]:
    return [M("francs", n) for n in range(1, P(state, f["p"])["money"] + 1)]


def francs_candidates(state: State, f: Frame) -> list[Move]:
    """Every amount up to one franc more than the player has."""
    return [M("francs", n) for n in range(1, P(state, f["p"])["money"] + 2)]


def francs_allows(state: State, f: Frame, move: Move) -> bool:
    """At least 1 franc, at most all the player has."""
    return move.verb == "francs" and int(move.args[0]) <= P(state, f["p"])["money"]


def francs_play(state: State, f: Frame, move: Move) -> None:
    pop(state)
    p, cell = f["p"], f["cell"]
    n = int(move.args[0])
    P(state, p)["money"] -= n
    state["francs"][cell] = n
    event(state, "francs_under", p, n=n, cell=CELL_NAMES[cell])
    letter = state["grid"][cell]
    follow = []
    owner = state["house"][cell]
    if owner >= 0 and owner != p:
        follow.append({"k": "free", "p": owner, "a": letter})
    if be_on(state) and cell in BE_CROSS_CELLS:
        follow.append({"k": "betile", "p": p})
    push(state, *action_frames(state, p, letter, "board"), *follow, {"k": "b22", "p": p}, {"k": "endturn", "p": p})


# ---------------------------------------------------------------- studio
def art_candidates(state: State, f: Frame) -> list[Move]:
    """Every colour of art tile one may choose from the studio (black never)."""
    return [M("art", c) for c in STUDIO_COLOURS]


def art_allows(state: State, f: Frame, move: Move) -> bool:
    """An art tile of a colour the studio still has (black never: the free action's)."""
    return move.verb == "art" and studio_has(state, move.args[0])


def studio_moves(state: State, f: Frame) -> list[Move]:
    return [M("art", c) for c in ART_COLOURS if c != "black" and state["studio"][c]]


def studio_play(state: State, f: Frame, move: Move) -> None:
    pop(state)
    p, colour = f["p"], move.args[0]
    take_art(state, p, colour)
    pl = P(state, p)
    if pl["board"] == "cauchie":  # B side: the cube of the tile's colour (green: glass, or a wildcard)
        cube = COLOUR_CUBE[colour] if colour != "green" or be_on(state) else "wild"
        if take_cubes(state, p, cube, 1):
            event(state, "cubes", p, cubes=[cube], why="Cauchie")
    if f["via"] == "board":
        if card_ready(state, p, "B01"):
            use_card(state, p, "B01")
            francs(state, p, art_count(pl), "B01")
        if card_ready(state, p, "B02") and pl["white"]:
            state["frames"].append({"k": "b02", "p": p})


def b02_moves(state: State, f: Frame) -> list[Move]:
    return [M("skip")] + [M("flip", c) for c in sorted(set(P(state, f["p"])["white"]))]


def b02_candidates(state: State, f: Frame) -> list[Move]:
    return [M("skip")] + [M("flip", c) for c in sorted(STUDIO_COLOURS)]


def b02_allows(state: State, f: Frame, move: Move) -> bool:
    """Card B02: turn a white tile the player holds to its colour, or skip."""
    if move.verb == "flip":
        return move.args[0] in P(state, f["p"])["white"]
    return move.verb == "skip"


def b02_play(state: State, f: Frame, move: Move) -> None:
    pop(state)
    if move.verb == "flip":
        p, c = f["p"], move.args[0]
        use_card(state, p, "B02")
        pl = P(state, p)
        pl["white"].remove(c)
        pl["art"][c] += 1
        event(state, "flip", p, colour=c)


# ---------------------------------------------------------------- sell
def sell_moves(state: State, f: Frame) -> list[Move]:
    stage = f["stage"]
    if stage == "b04":
        return [M("skip")] + [M("clear", i + 1) for i, t in enumerate(state["market"]["slots"]) if t]
    if stage == "tile":
        return sellable(state, f["p"])
    if stage == "pos":
        pos = tuple(state["market"]["pos"])
        reach = set(market_reach(pos, f["n"]))
        if f["via"] == "board" and card_ready(state, f["p"], "B03"):
            for extra in (1, 2):
                reach.update(market_reach(pos, f["n"] + extra))
        return [M("indicator", x, y) for x, y in sorted(reach, key=lambda c: (c[1], c[0]))]
    return [M("return", i + 1) for i in range(len(state["market"]["slots"]))]


def sell_candidates(state: State, f: Frame) -> list[Move]:
    """By stage: card B04's choice, every sale, every centre of the indicator, every
    market slot."""
    stage = f["stage"]
    if stage == "b04":
        return [M("skip")] + [M("clear", i) for i in range(1, MARKET_SLOTS + 1)]
    if stage == "tile":
        return [M("sell", c) for c in ART_COLOURS] + [M("sell", "white", "as", c) for c in ART_COLOURS]
    if stage == "pos":
        lo, hi = MARKET_CENTRE_RANGE
        return [M("indicator", x, y) for y in range(lo, hi + 1) for x in range(lo, hi + 1)]
    return [M("return", i) for i in range(1, MARKET_SLOTS + 1)]


def sell_allows(state: State, f: Frame, move: Move) -> bool:
    """Card B04: clear a market tile first, or skip; a tile whose colour the market does
    not show; the indicator moved exactly its steps (card B03: up to 2 more); a market
    tile back to the studio."""
    stage, v, a = f["stage"], move.verb, move.args
    slots = state["market"]["slots"]
    if stage == "b04":
        return v == "skip" or (v == "clear" and int(a[0]) <= len(slots) and bool(slots[int(a[0]) - 1]))
    if stage == "tile":
        if v != "sell":
            return False
        pl = P(state, f["p"])
        shown = displayed(state)
        if len(a) == 1:
            return bool(pl["art"][a[0]]) and a[0] not in shown
        return bool(pl["white"]) and "white" not in shown and a[2] not in shown
    if stage == "pos":
        if v != "indicator":
            return False
        pos, centre = tuple(state["market"]["pos"]), (int(a[0]), int(a[1]))
        more = (1, 2) if f["via"] == "board" and card_ready(state, f["p"], "B03") else ()
        return any(centre in market_reach(pos, f["n"] + extra) for extra in (0, *more))
    return v == "return" and int(a[0]) <= len(slots)


def _to_studio(state: State, tile: str) -> None:
    colour = tile.split(":")[-1]
    state["studio"][colour] += 1


def sell_play(state: State, f: Frame, move: Move) -> None:
    p = f["p"]
    pl = P(state, p)
    market = state["market"]
    if move.verb == "skip":
        f["stage"] = "tile"
    elif move.verb == "clear":
        use_card(state, p, "B04")
        i = int(move.args[0]) - 1
        _to_studio(state, market["slots"][i])
        event(state, "clear", p, tile=market["slots"][i])
        market["slots"][i] = None
        f["stage"] = "tile"
    elif move.verb == "sell":
        white = move.args[0] == "white"
        f["as"] = move.args[-1]
        f["n"] = art_count(pl)  # tiles held, the sold one included (SEED)
        if white:
            under = pl["white"].pop(0)
            f["tile"] = f"white:{under}"
        else:
            pl["art"][f["as"]] -= 1
            f["tile"] = f["as"]
        f["stage"] = "pos"
    elif move.verb == "indicator":
        pos = (int(move.args[0]), int(move.args[1]))
        if pos not in market_reach(tuple(market["pos"]), f["n"]):
            use_card(state, p, "B03")
        market["pos"] = list(pos)
        vp, fr = market_value(pos, f["as"])
        if f["tile"].startswith("white"):
            vp, fr = vp // 2, fr // 2  # half value, rounded down (DESIGNED, §6b)
        if pl["board"] == "strauven":
            fr, vp = fr + STRAUVEN_SELL[0], vp + STRAUVEN_SELL[1]
        event(state, "sold", p, tile=f["tile"], colour=f["as"], vp=vp, fr=fr, x=pos[0], y=pos[1])
        points(state, p, "art", vp)
        francs(state, p, fr)
        if None in market["slots"]:
            market["slots"][market["slots"].index(None)] = f["tile"]
            pop(state)
        else:
            f["stage"] = "slot"
    else:  # return
        i = int(move.args[0]) - 1
        _to_studio(state, market["slots"][i])
        event(state, "returned", p, tile=market["slots"][i])
        market["slots"][i] = f["tile"]
        pop(state)


# ---------------------------------------------------------------- noble
def reveal(state: State, f: Frame) -> None:
    """Automatic, Hankar (B side): reveal the deck's top noble before choosing (SEED)."""
    pop(state)
    state["reveal"] = draw(state, "noble_deck", "noble_discard")
    if state["reveal"]:
        event(state, "reveal", f["p"], card=state["reveal"])


def noble_moves(state: State, f: Frame) -> list[Move]:
    money = P(state, f["p"])["money"]
    out = [M("noble", i + 1) for i, card in enumerate(state["display"]) if card and NOBLE_DISPLAY_COST[i] <= money]
    if state.get("reveal"):
        out.append(M("noble", "top"))
    return out


def noble_candidates(state: State, f: Frame) -> list[Move]:
    return [M("noble", slot) for slot in SLOTS] + [M("noble", "top")]


def noble_allows(state: State, f: Frame, move: Move) -> bool:
    """A noble of the display the player can pay for, or Hankar's revealed one."""
    if move.verb != "noble":
        return False
    if move.args[0] == "top":
        return bool(state.get("reveal"))
    i = int(move.args[0]) - 1
    return bool(state["display"][i]) and NOBLE_DISPLAY_COST[i] <= P(state, f["p"])["money"]


def noble_play(state: State, f: Frame, move: Move) -> None:
    pop(state)
    p = f["p"]
    revealed = state.get("reveal")
    state["reveal"] = None
    if move.args[0] == "top":
        assert revealed is not None  # "noble top" is legal only with a revealed card
        card, cost = revealed, 0
    else:
        i = int(move.args[0]) - 1
        card, cost = state["display"][i], NOBLE_DISPLAY_COST[i]
        P(state, p)["money"] -= cost
        state["display"][i] = None
        refill_display(state, revealed)  # Hankar's declined card fills the leftmost gap (SEED)
    event(state, "noble", p, card=card, cost=cost)
    push(state, *noble_effect(state, p, noble_name(card)), {"k": "keep", "p": p, "card": card, "via": f["via"]})


def keep_moves(state: State, f: Frame) -> list[Move]:
    same = noble_name(f["card"]) in P(state, f["p"])["nobles"]
    return ([] if same else [M("keep")]) + [M("discard")]


def keep_candidates(state: State, f: Frame) -> list[Move]:
    return [M("keep"), M("discard")]


def keep_allows(state: State, f: Frame, move: Move) -> bool:
    """Keep the noble unless one of its name is already kept; or discard it."""
    if move.verb == "keep":
        return noble_name(f["card"]) not in P(state, f["p"])["nobles"]
    return move.verb == "discard"


def keep_play(state: State, f: Frame, move: Move) -> None:
    pop(state)
    p, card = f["p"], f["card"]
    if move.verb == "keep":
        # Turned sideways: its effect was used this round (SEED).
        P(state, p)["nobles"][noble_name(card)] = {"id": card, "used": True}
        event(state, "keep", p, card=card)
    else:
        state["noble_discard"].append(card)
        event(state, "discard", p, card=card)
        if f["via"] == "board" and card_ready(state, p, "B05"):
            use_card(state, p, "B05")
            points(state, p, "nobles", 3, "B05")


# ---------------------------------------------------------------- materials
def material_choices(state: State, n: int) -> list[Move]:
    """Take n non-wild cubes (duplicates allowed, limited supply; fewer if the supply is short)."""
    supply = state["supply"]
    kinds = [c for c in cube_kinds(state) if supply[c]]
    total = sum(supply[c] for c in kinds)
    n = min(n, total)
    if n == 0:
        return []
    out = []
    for combo in combinations_with_replacement(kinds, n):
        if all(combo.count(c) <= supply[c] for c in set(combo)):
            out.append(M("cubes", *combo))
    return out


def material_candidates(state: State, f: Frame) -> list[Move]:
    """Every pair of materials, then every single one."""
    return [M("cubes", *combo) for n in (2, 1) for combo in combinations_with_replacement(CUBES, n)]


def material_allows(state: State, f: Frame, move: Move) -> bool:
    """2 materials of this game from the supply (fewer only when it holds fewer)."""
    if move.verb != "cubes":
        return False
    supply, kinds = state["supply"], cube_kinds(state)
    return len(move.args) == min(2, sum(supply[c] for c in kinds)) and all(
        c in kinds and move.args.count(c) <= supply[c] for c in move.args
    )


def materials_moves(state: State, f: Frame) -> list[Move]:
    return material_choices(state, 2)


def materials_play(state: State, f: Frame, move: Move) -> None:
    pop(state)
    p = f["p"]
    for c in move.args:
        take_cubes(state, p, c, 1)
    event(state, "cubes", p, cubes=list(move.args))
    pl = P(state, p)
    if pl["board"] == "horta":
        francs(state, p, HORTA_FR, "Horta")
    if f["via"] == "board":
        if card_ready(state, p, "B07"):
            use_card(state, p, "B07")
            event(state, "cubes", p, cubes=["wild"] * take_cubes(state, p, "wild", 2), why="B07")
        if card_ready(state, p, "B08") and pl["cubes"]["wild"] and any(state["supply"][c] for c in cube_kinds(state)):
            state["frames"].append({"k": "b08", "p": p})


def b08_moves(state: State, f: Frame) -> list[Move]:
    return [M("skip")] + [M("swap", c) for c in cube_kinds(state) if state["supply"][c]]


def b08_candidates(state: State, f: Frame) -> list[Move]:
    return [M("skip")] + [M("swap", c) for c in CUBES]


def b08_allows(state: State, f: Frame, move: Move) -> bool:
    """Card B08: a wildcard for a material the supply has, or skip."""
    if move.verb == "swap":
        return move.args[0] in cube_kinds(state) and bool(state["supply"][move.args[0]])
    return move.verb == "skip"


def b08_play(state: State, f: Frame, move: Move) -> None:
    pop(state)
    if move.verb == "swap":
        p = f["p"]
        use_card(state, p, "B08")
        give_cubes(state, p, "wild", 1)
        take_cubes(state, p, move.args[0], 1)
        event(state, "swap", p, cube=move.args[0])


# ---------------------------------------------------------------- build
def empty_cells(state: State) -> list[int]:
    cross = BE_CROSS_CELLS if be_on(state) else ()
    return [c for c in range(25) if state["arch"][c] == -1 and state["house"][c] == -1 and c not in cross]


def free_halls(state: State) -> list[int]:
    be = state["be"]
    return [i for i, o in enumerate(be["halls"]) if o == -1] if be else []


def _pay_args(
    state: State, p: int, via: str, pointers: list[int] | None = None
) -> tuple[tuple[int, int], int, bool, bool, tuple[int, ...], int]:
    """What the payments depend on, but the hall's glass: (pointers, cost, glass, B09,
    cubes held, money)."""
    pl = P(state, p)
    cost, _ = house_cost(state, p)
    c = pl["cubes"]
    have = (c["wood"], c["iron"], c["stone"], c["glass"], c["wild"])
    b09 = via == "board" and card_ready(state, p, "B09")
    ptrs = tuple(pointers or state["pointers"])
    return ptrs, cost, be_on(state), b09, have, pl["money"]


def pay_options(
    state: State, p: int, via: str, glass_extra: int, pointers: list[int] | None = None
) -> tuple[tuple[tuple[str, ...], bool, bool], ...]:
    return payments(*_pay_args(state, p, via, pointers), glass_extra)


def destinations(state: State, p: int, via: str, pointers: list[int] | None = None) -> list[Move]:
    """Where the next house can go, given what the player can pay."""
    if P(state, p)["built"] >= 6:
        return []
    out = []
    cells = empty_cells(state)
    if cells and pay_options(state, p, via, 0, pointers):
        out += [M("house", CELL_NAMES[c]) for c in cells]
    for i in free_halls(state):
        if pay_options(state, p, via, EXHIBITION_GLASS[i], pointers):
            out.append(M("hall", i + 1))
    return out


def can_build(state: State, p: int, via: str) -> bool:
    if destinations(state, p, via):
        return True
    if P(state, p)["board"] == "saintenoy":
        for i, _, seg in pointer_turns(state["pointers"], not be_on(state), (1, -1)):
            ptrs = list(state["pointers"])
            ptrs[i] = seg
            if destinations(state, p, via, ptrs):
                return True
    return False


def _unit_text(units: tuple[str, ...]) -> Move:
    return M("pay", *units)


def build_moves(state: State, f: Frame) -> list[Move]:
    p, via, stage = f["p"], f["via"], f["stage"]
    if stage == "adjust":
        out = [M("skip")] if destinations(state, p, via) else []
        for i, d, seg in pointer_turns(state["pointers"], not be_on(state), (1, -1)):
            ptrs = list(state["pointers"])
            ptrs[i] = seg
            if destinations(state, p, via, ptrs):
                out.append(M("adjust", COMPASS[state["pointers"][i]], "cw" if d > 0 else "ccw"))
        return out
    if stage == "where":
        return destinations(state, p, via)
    if stage == "pay":
        extra = EXHIBITION_GLASS[f["hall"]] if f.get("hall") is not None else 0
        return [_unit_text(units) for units, _, _ in pay_options(state, p, via, extra)]
    return [M("turn", COMPASS[state["pointers"][i]]) for i, _, _ in pointer_turns(state["pointers"], not be_on(state))]


def _segments(state: State) -> list[str]:
    """The compass's segments, those the pointers point at first (in pointer order)."""
    pointed = [COMPASS[s] for s in state["pointers"]]
    return pointed + [s for s in COMPASS if s not in pointed]


def build_candidates(state: State, f: Frame) -> list[Move]:
    """By stage: Saintenoy's turn of any segment either way (or skip), every cell and
    exhibition position, every payment of the house's cost, a turn of any segment."""
    stage = f["stage"]
    if stage == "adjust":
        return [M("skip")] + [M("adjust", s, d) for s in _segments(state) for d in ("cw", "ccw")]
    if stage == "where":
        return [M("house", name) for name in CELL_NAMES] + [M("hall", i + 1) for i in range(len(EXHIBITION_GLASS))]
    if stage == "pay":
        cost, _ = house_cost(state, f["p"])
        return [_unit_text(units) for units in combinations_with_replacement(UNITS, cost)]
    return [M("turn", s) for s in _segments(state)]


def _turned(state: State, segment: str, d: int) -> list[int] | None:
    """The pointers after turning the one on `segment` a step (d = 1 clockwise, -1
    anticlockwise), or None if no pointer is there or the turn is not allowed."""
    ptrs = list(state["pointers"])
    s = COMPASS.index(segment)
    if s not in ptrs:
        return None
    i = ptrs.index(s)
    nxt = step(s, d, not be_on(state))
    if nxt is None or nxt == ptrs[1 - i]:
        return None
    ptrs[i] = nxt
    return ptrs


def build_allows(state: State, f: Frame, move: Move) -> bool:
    """Saintenoy: turn a pointer a step if a house can then be paid (or skip if one can
    now); an empty cell (no tile, no architect) or a free exhibition position, if the
    house can be paid there; a payment the compass accepts that the player has; a
    pointer turned a step clockwise, never onto the other."""
    p, via, stage, v, a = f["p"], f["via"], f["stage"], move.verb, move.args
    if stage == "adjust":
        if v == "skip":
            return bool(destinations(state, p, via))
        ptrs = _turned(state, a[0], 1 if a[1] == "cw" else -1) if v == "adjust" else None
        return ptrs is not None and bool(destinations(state, p, via, ptrs))
    if stage == "where":
        if P(state, p)["built"] >= 6:
            return False
        if v == "house":
            return CELL_BY_NAME[a[0]] in empty_cells(state) and bool(pay_options(state, p, via, 0))
        if v != "hall":
            return False
        i = int(a[0]) - 1
        return i in free_halls(state) and bool(pay_options(state, p, via, EXHIBITION_GLASS[i]))
    if stage == "pay":
        extra = EXHIBITION_GLASS[f["hall"]] if f.get("hall") is not None else 0
        return v == "pay" and is_payment(a, *_pay_args(state, p, via), extra)
    return v == "turn" and _turned(state, a[0], 1) is not None


def build_play(state: State, f: Frame, move: Move) -> None:
    p = f["p"]
    v = move.verb
    if v in ("skip", "adjust"):
        if v == "adjust":
            i = state["pointers"].index(COMPASS.index(move.args[0]))
            d = 1 if move.args[1] == "cw" else -1
            seg = next(s for j, dd, s in pointer_turns(state["pointers"], not be_on(state), (d,)) if j == i)
            state["pointers"][i] = seg
            event(state, "adjust", p, frm=move.args[0], to=COMPASS[seg])
        f["stage"] = "where"
    elif v in ("house", "hall"):
        if v == "house":
            f["cell"] = CELL_BY_NAME[move.args[0]]
            f["hall"] = None
        else:
            f["hall"] = int(move.args[0]) - 1
        f["stage"] = "pay"
    elif v == "pay":
        f["units"] = list(move.args)
        f["stage"] = "turn"
    else:  # turn: now everything happens, in the rulebook's order
        pop(state)
        _build(state, f, COMPASS.index(move.args[0]))


def _build(state: State, f: Frame, pointer_seg: int) -> None:
    p, via = f["p"], f["via"]
    pl = P(state, p)
    units = tuple(f["units"])
    cost, tier_bonus = house_cost(state, p)
    hall = f.get("hall")
    required, allowed = requirements(tuple(state["pointers"]), be_on(state))
    b09 = via == "board" and card_ready(state, p, "B09")
    _, bonus, needs_b09 = judge(units, required, allowed, b09)
    # a. pay
    for u in units:
        if u == "fr3":
            pl["money"] -= 3
        else:
            give_cubes(state, p, u, 1)
    if hall is not None and EXHIBITION_GLASS[hall]:
        give_cubes(state, p, "glass", EXHIBITION_GLASS[hall])
    if needs_b09:
        use_card(state, p, "B09")
    # b. no wildcard: +5
    if bonus:
        points(state, p, "building", NO_WILD_BONUS, "no_wild")
    if tier_bonus:
        points(state, p, "building", tier_bonus, "top_tier")
    # c. turn a pointer
    i = state["pointers"].index(pointer_seg)
    seg = next(s for j, _, s in pointer_turns(state["pointers"], not be_on(state)) if j == i)
    state["pointers"][i] = seg
    # d. place the house
    number = pl["built"] + 1
    pl["built"] += 1
    if hall is None:
        state["house"][f["cell"]] = p
        event(
            state,
            "build",
            p,
            n=number,
            cell=CELL_NAMES[f["cell"]],
            units=list(units),
            frm=COMPASS[pointer_seg],
            to=COMPASS[seg],
        )
    else:
        be = state["be"]
        be["halls"][hall] = p
        pl["halls"].append(hall)
        card = be["cards"][hall]
        be["cards"][hall] = None
        pl["be_cards"][card] = False  # usable at once (SEED)
        event(
            state,
            "hall",
            p,
            n=number,
            pos=hall + 1,
            card=card,
            units=list(units),
            glass=EXHIBITION_GLASS[hall],
            frm=COMPASS[pointer_seg],
            to=COMPASS[seg],
        )
    if via == "board" and card_ready(state, p, "B10"):
        use_card(state, p, "B10")
        points(state, p, "cards", len({u for u in units if u != "fr3"}), "B10")


# ---------------------------------------------------------------- free actions, Belle Époque tiles
def free_action(state: State, f: Frame) -> None:
    """Automatic: the house owner's free action when an opponent's architect lands on
    the house (SEED)."""
    pop(state)
    p, letter = f["p"], f["a"]
    pl = P(state, p)
    event(state, "free", p, action=ACTION_NAMES[letter])
    if letter == "S":
        if state["studio"]["black"]:
            take_art(state, p, "black")
    elif letter == "V":
        points(state, p, "art", art_count(pl), "free_sell")
    elif letter == "B":
        points(state, p, "building", pl["built"], "free_build")
    elif letter == "N":
        state["frames"].append({"k": "freenoble", "p": p})
    else:
        state["frames"].append({"k": "freecube", "p": p})


def freecube_moves(state: State, f: Frame) -> list[Move]:
    return [M("cube", c) for c in cube_kinds(state) if state["supply"][c]]


def freecube_candidates(state: State, f: Frame) -> list[Move]:
    return [M("cube", c) for c in CUBES]


def freecube_allows(state: State, f: Frame, move: Move) -> bool:
    """A material of this game the supply has."""
    return move.verb == "cube" and move.args[0] in cube_kinds(state) and bool(state["supply"][move.args[0]])


def freecube_play(state: State, f: Frame, move: Move) -> None:
    pop(state)
    take_cubes(state, f["p"], move.args[0], 1)
    event(state, "cubes", f["p"], cubes=[move.args[0]])


def betile_moves(state: State, f: Frame) -> list[Move]:
    if not P(state, f["p"])["reserve"]:
        return []
    free = [i for i, o in enumerate(state["be"]["tile_arch"]) if o == -1]
    return ([M("skip")] + [M("tile", i + 1) for i in free]) if free else []


def betile_candidates(state: State, f: Frame) -> list[Move]:
    return [M("skip")] + [M("tile", i) for i in range(1, max(BE_TILES_ON_BOARD.values()) + 1)]


def betile_allows(state: State, f: Frame, move: Move) -> bool:
    """An architect from the reserve on a Belle Époque tile without one, or skip."""
    arch = state["be"]["tile_arch"]
    if not P(state, f["p"])["reserve"] or -1 not in arch:
        return False
    if move.verb == "tile":
        i = int(move.args[0]) - 1
        return i < len(arch) and arch[i] == -1
    return move.verb == "skip"


def betile_play(state: State, f: Frame, move: Move) -> None:
    pop(state)
    if move.verb == "tile":
        p, i = f["p"], int(move.args[0]) - 1
        P(state, p)["reserve"] -= 1
        be = state["be"]
        be["tile_arch"][i] = p
        P(state, p)["tiles"].append(be["tiles"][i])
        event(state, "tile", p, tile=be["tiles"][i])
