"""Art Nouveau board actions: placing an architect with francs, the five actions
(studio, sell, noble, materials, build), the house owner's free action and the Belle
Époque tile an architect may go to. ``via`` is "board" when the player placed an
architect on the cell and "park" when the Park copies the action: Belle Époque cards
of the five actions trigger only on the board; B-side abilities trigger on both (SEED).
"""
from __future__ import annotations

from itertools import combinations_with_replacement

from ...core.i18n import msg
from .board import judge, market_reach, market_value, payments, pointer_turns, requirements
from .data import (
    ACTION_NAMES, B21_VP, BE_CROSS_CELLS, CELL_BY_NAME, CELL_NAMES, COLOUR_CUBE, COMPASS, CUBES,
    EXHIBITION_GLASS, HORTA_FR, NOBLE_DISPLAY_COST, NO_WILD_BONUS, STRAUVEN_SELL, ART_COLOURS,
    noble_name,
)
from .flow import automatic, decision, plays, pop
from .moves import M, Move
from .nobles import noble_effect, refill_display
from .state import (
    P, State, art_count, be_on, card_ready, event, francs, give_cubes, points, push, take_art, take_cubes,
    use_card, values,
)


def action_frames(state: State, p: int, letter: str, via: str) -> list[dict]:
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


@decision("francs", msg("Art Nouveau action"))
def _francs_moves(state: State, f: dict) -> list[Move]:
    return [M("francs", n) for n in range(1, P(state, f["p"])["money"] + 1)]


@plays("francs")
def _francs_play(state: State, f: dict, move: Move) -> None:
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
    push(state, *action_frames(state, p, letter, "board"), *follow,
         {"k": "b22", "p": p}, {"k": "endturn", "p": p})


# ---------------------------------------------------------------- studio
@decision("studio", msg("Studio action"))
def _studio_moves(state: State, f: dict) -> list[Move]:
    return [M("art", c) for c in ART_COLOURS if c != "black" and state["studio"][c]]


@plays("studio")
def _studio_play(state: State, f: dict, move: Move) -> None:
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


@decision("b02", msg("Card {card}", card="B02"))
def _b02_moves(state: State, f: dict) -> list[Move]:
    return [M("skip")] + [M("flip", c) for c in sorted(set(P(state, f["p"])["white"]))]


@plays("b02")
def _b02_play(state: State, f: dict, move: Move) -> None:
    pop(state)
    if move.verb == "flip":
        p, c = f["p"], move.args[0]
        use_card(state, p, "B02")
        pl = P(state, p)
        pl["white"].remove(c)
        pl["art"][c] += 1
        event(state, "flip", p, colour=c)


# ---------------------------------------------------------------- sell
def displayed(state: State) -> set[str]:
    return {("white" if t.startswith("white") else t) for t in state["market"]["slots"] if t}


def sellable(state: State, p: int) -> list[Move]:
    pl = P(state, p)
    shown = displayed(state)
    out = [M("sell", c) for c in ART_COLOURS if pl["art"][c] and c not in shown]
    if pl["white"] and "white" not in shown:
        out += [M("sell", "white", "as", c) for c in ART_COLOURS if c not in shown]
    return out


@decision("sell", msg("Sell action"))
def _sell_moves(state: State, f: dict) -> list[Move]:
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


def _to_studio(state: State, tile: str) -> None:
    colour = tile.split(":")[-1]
    state["studio"][colour] += 1


@plays("sell")
def _sell_play(state: State, f: dict, move: Move) -> None:
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
@automatic("reveal")
def _reveal(state: State, f: dict) -> None:
    """Hankar (B side): reveal the deck's top noble before choosing (SEED)."""
    from .state import draw

    pop(state)
    state["reveal"] = draw(state, "noble_deck", "noble_discard")
    if state["reveal"]:
        event(state, "reveal", f["p"], card=state["reveal"])


@decision("noble", msg("Noble action"))
def _noble_moves(state: State, f: dict) -> list[Move]:
    money = P(state, f["p"])["money"]
    out = [M("noble", i + 1) for i, card in enumerate(state["display"])
           if card and NOBLE_DISPLAY_COST[i] <= money]
    if state.get("reveal"):
        out.append(M("noble", "top"))
    return out


@plays("noble")
def _noble_play(state: State, f: dict, move: Move) -> None:
    pop(state)
    p = f["p"]
    revealed = state.get("reveal")
    state["reveal"] = None
    if move.args[0] == "top":
        card, cost = revealed, 0
    else:
        i = int(move.args[0]) - 1
        card, cost = state["display"][i], NOBLE_DISPLAY_COST[i]
        P(state, p)["money"] -= cost
        state["display"][i] = None
        refill_display(state, revealed)  # Hankar's declined card fills the leftmost gap (SEED)
    event(state, "noble", p, card=card, cost=cost)
    push(state, *noble_effect(state, p, noble_name(card)), {"k": "keep", "p": p, "card": card, "via": f["via"]})


@decision("keep", msg("Noble action"))
def _keep_moves(state: State, f: dict) -> list[Move]:
    same = noble_name(f["card"]) in P(state, f["p"])["nobles"]
    return ([] if same else [M("keep")]) + [M("discard")]


@plays("keep")
def _keep_play(state: State, f: dict, move: Move) -> None:
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
def cube_kinds(state: State) -> tuple[str, ...]:
    return CUBES if be_on(state) else CUBES[:3]


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


@decision("materials", msg("Materials action"))
def _materials_moves(state: State, f: dict) -> list[Move]:
    return material_choices(state, 2)


@plays("materials")
def _materials_play(state: State, f: dict, move: Move) -> None:
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


@decision("b08", msg("Card {card}", card="B08"))
def _b08_moves(state: State, f: dict) -> list[Move]:
    return [M("skip")] + [M("swap", c) for c in cube_kinds(state) if state["supply"][c]]


@plays("b08")
def _b08_play(state: State, f: dict, move: Move) -> None:
    pop(state)
    if move.verb == "swap":
        p = f["p"]
        use_card(state, p, "B08")
        give_cubes(state, p, "wild", 1)
        take_cubes(state, p, move.args[0], 1)
        event(state, "swap", p, cube=move.args[0])


# ---------------------------------------------------------------- build
def house_cost(state: State, p: int) -> tuple[int, int]:
    pl = P(state, p)
    v = values(state, p)
    return v["house_cost"][pl["built"]], v["house_bonus"][pl["built"]]


def empty_cells(state: State) -> list[int]:
    cross = BE_CROSS_CELLS if be_on(state) else ()
    return [c for c in range(25) if state["arch"][c] == -1 and state["house"][c] == -1 and c not in cross]


def free_halls(state: State) -> list[int]:
    be = state["be"]
    return [i for i, o in enumerate(be["halls"]) if o == -1] if be else []


def pay_options(state: State, p: int, via: str, glass_extra: int, pointers: list[int] | None = None):
    pl = P(state, p)
    cost, _ = house_cost(state, p)
    c = pl["cubes"]
    have = (c["wood"], c["iron"], c["stone"], c["glass"], c["wild"])
    b09 = via == "board" and card_ready(state, p, "B09")
    ptrs = tuple(pointers or state["pointers"])
    return payments(ptrs, cost, be_on(state), b09, have, pl["money"], glass_extra)


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


@decision("build", msg("Build action"))
def _build_moves(state: State, f: dict) -> list[Move]:
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


@plays("build")
def _build_play(state: State, f: dict, move: Move) -> None:
    p = f["p"]
    pl = P(state, p)
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


def _build(state: State, f: dict, pointer_seg: int) -> None:
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
        event(state, "build", p, n=number, cell=CELL_NAMES[f["cell"]], units=list(units), frm=COMPASS[pointer_seg],
              to=COMPASS[seg])
    else:
        be = state["be"]
        be["halls"][hall] = p
        pl["halls"].append(hall)
        card = be["cards"][hall]
        be["cards"][hall] = None
        pl["be_cards"][card] = False  # usable at once (SEED)
        event(state, "hall", p, n=number, pos=hall + 1, card=card, units=list(units), glass=EXHIBITION_GLASS[hall],
              frm=COMPASS[pointer_seg], to=COMPASS[seg])
    if via == "board" and card_ready(state, p, "B10"):
        use_card(state, p, "B10")
        points(state, p, "cards", len({u for u in units if u != "fr3"}), "B10")


# ---------------------------------------------------------------- free actions, Belle Époque tiles
@automatic("free")
def _free(state: State, f: dict) -> None:
    """The house owner's free action when an opponent's architect lands on the house (SEED)."""
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


@decision("freecube", msg("Free action"))
def _freecube_moves(state: State, f: dict) -> list[Move]:
    return [M("cube", c) for c in cube_kinds(state) if state["supply"][c]]


@plays("freecube")
def _freecube_play(state: State, f: dict, move: Move) -> None:
    pop(state)
    take_cubes(state, f["p"], move.args[0], 1)
    event(state, "cubes", f["p"], cubes=[move.args[0]])


@decision("betile", msg("Belle Époque tile"))
def _betile_moves(state: State, f: dict) -> list[Move]:
    if not P(state, f["p"])["reserve"]:
        return []
    free = [i for i, o in enumerate(state["be"]["tile_arch"]) if o == -1]
    return ([M("skip")] + [M("tile", i + 1) for i in free]) if free else []


@plays("betile")
def _betile_play(state: State, f: dict, move: Move) -> None:
    pop(state)
    if move.verb == "tile":
        p, i = f["p"], int(move.args[0]) - 1
        P(state, p)["reserve"] -= 1
        be = state["be"]
        be["tile_arch"][i] = p
        P(state, p)["tiles"].append(be["tiles"][i])
        event(state, "tile", p, tile=be["tiles"][i])
