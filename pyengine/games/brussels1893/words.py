"""Every sentence the game says: prompts per decision, log lines per event, a move in
words (the page's "Chosen:" line), and the names and one-line rules the board shows.

Events are data (``[key, player, args]``, written by the rules); this module words them
as translatable `Msg`s (pyengine/core/i18n.py): the English template is the key, and
names that travel as data (nobles, colours, areas...) are `Msg` parameters, so the page
can show a whole line in the reader's language. Counted words get one template for 1
and one for more, rather than English plural tricks.
"""

from __future__ import annotations

from typing import Any

from ...core.i18n import Msg, msg
from .data import (
    ACTION_BY_NAME,
    ACTION_NAMES,
    AREA_TITLES,
    B_SIDES,
    BE_TILES,
    CELL_BY_NAME,
    EXHIBITION_GLASS,
    MARKET_COL_VP,
    MARKET_ROW_FR,
    NOBLE_DISPLAY_COST,
    NOBLE_EFFECTS,
    NOBLES,
    PRESTIGE,
    REWARDS,
    STOCK,
    cell_cr,
    noble_name,
)
from .moves import Move
from .state import P, State, house_cost

TRACKS = {"fleur": "fleur-de-lis", "crown": "crown", "level": "architect"}
WHY = {
    "no_wild": "built without a wildcard",
    "top_tier": "top-tier house",
    "free_sell": "free sell action",
    "free_build": "free build action",
    "bourse": "stock exchange",
    "Horta": "Victor Horta",
    "Cauchie": "Paul Cauchie",
}
# Counted words: (one, several) templates.
COUNTS = {
    "franc": ("1 franc", "{n} francs"),
    "point": ("1 point", "{n} points"),
    "meeple": ("1 meeple", "{n} meeples"),
    "step": ("1 step", "{n} steps"),
    "architect": ("1 architect", "{n} architects"),
    "colour": ("1 colour", "{n} colours"),
    "traveller": ("1 traveller", "{n} travellers"),
    "wood": ("1 wood", "{n} wood"),
    "iron": ("1 iron", "{n} iron"),
    "stone": ("1 stone", "{n} stone"),
    "glass": ("1 glass", "{n} glass"),
    "wild": ("1 wildcard", "{n} wildcards"),
}
# What a compass segment asks for, in words.
SEGMENTS = {
    "iron": "iron",
    "wood": "wood",
    "any1": "any material",
    "stone": "stone",
    "fr3": "3 francs",
    "any2": "any material",
    "blank": "blank",
    "glass": "glass",
}
CUBE_NAMES = {"wood": "wood", "iron": "iron", "stone": "stone", "glass": "glass", "wild": "wildcard"}
DECKS = {
    "noble_deck": "The noble discards are shuffled into a new deck",
    "prestige_deck": "The prestige discards are shuffled into a new deck",
    "stock_deck": "The stock exchange discards are shuffled into a new deck",
}
ACTION_TITLES = {"S": "Studio", "V": "Sell", "N": "Noble", "M": "Materials", "B": "Build"}
# Each action's rule in one line (the board's cells and the hover preview).
ACTION_RULES = {
    "S": "take an art tile",
    "V": "sell an art tile (market)",
    "N": "buy a noble, use it, keep or discard",
    "M": "take 2 materials",
    "B": "build your next house (compass)",
}
PHASE_TITLES = {
    "setup": "Setup",
    "planning": "Planning",
    "actions": "Action phase",
    "scoring": "Scoring phase",
    "end": "Game end",
    "over": "Game over",
}


def translatable() -> list[str]:
    """The names and templates this module passes around as data."""
    out = [
        *TRACKS.values(),
        *WHY.values(),
        *SEGMENTS.values(),
        *CUBE_NAMES.values(),
        *DECKS.values(),
        *ACTION_TITLES.values(),
        *PHASE_TITLES.values(),
    ]
    for one, more in COUNTS.values():
        out += [one, more]
    return out


def count(n: int, word: str) -> Msg:
    one, more = COUNTS[word]
    return msg(one) if n == 1 else msg(more, n=n)


def why_text(why: str) -> Msg:
    if why in WHY:
        return Msg(WHY[why])
    return msg("tile {id}", id=why) if why.startswith("T") else msg("card {id}", id=why)


def place_words(cell: int | str) -> Msg:
    """A cell as the rulebook finds it: by column (the majorities count columns, the
    prestige strip numbers them 1-5 under the board) and row, counted from the bottom
    like the fleurs-de-lis' coordinates printed on the board."""
    c, r = cell_cr(CELL_BY_NAME[cell] if isinstance(cell, str) else cell)
    return msg("column {c}, row {r}", c=c, r=r)


def cell_words(state: State, cell: int | str) -> Msg:
    """A cell by its action and place: 'the Build cell (column 2, row 4)'."""
    cell = CELL_BY_NAME[cell] if isinstance(cell, str) else cell
    return msg("the {action} cell ({where})", action=Msg(ACTION_TITLES[state["grid"][cell]]), where=place_words(cell))


def who(names: list[str] | None, p: int | None) -> str:
    if p is None:
        return msg("The game")
    if p == -2:
        return msg("Neutral")
    return names[p] if names and p < len(names) else msg("Player {n}", n=p + 1)


def noble_title(card_or_name: str | None) -> Msg:
    name = noble_name(card_or_name) if card_or_name else ""
    return Msg(NOBLES[name][0]) if name in NOBLES else msg("a face-down noble")


def and_list(items: list[Any]) -> Any:
    """'A and B and C', translatable."""
    out = items[0]
    for item in items[1:]:
        out = msg("{a} and {b}", a=out, b=item)
    return out


def or_list(items: list[Any]) -> Any:
    out = items[0]
    for item in items[1:]:
        out = msg("{a} or {b}", a=out, b=item)
    return out


def plus_list(items: list[Any]) -> Any:
    out = items[0]
    for item in items[1:]:
        out = msg("{a} + {b}", a=out, b=item)
    return out


def cubes_text(cubes: list[str]) -> Msg:
    """'2 wood + 1 wildcard + 3 francs' (fr3 is a payment of 3 francs)."""
    if not cubes:
        return msg("nothing")
    counts: dict[str, int] = {}
    for c in cubes:
        counts[c] = counts.get(c, 0) + 1
    return plus_list([count(3 * n, "franc") if c == "fr3" else count(n, c) for c, n in counts.items()])


def tile_text(tile: str) -> Msg:
    return msg("a white tile") if tile.startswith("white") else msg("a {colour} tile", colour=Msg(tile))


def reward_name(letter: str) -> Msg:
    return Msg(REWARDS[letter])


def event_text(ev: list[Any], names: list[str] | None) -> Msg:
    key, p, a = ev
    w = who(names, p)
    t = {
        "card": lambda: msg("{who} uses card {card}", who=w, card=a["card"]),
        "points": lambda: msg("{who} scores {n} ({why})", who=w, n=a["n"], why=why_text(a["why"])),
        "francs": lambda: msg(
            "{who} gains {francs} ({why})", who=w, francs=count(a["n"], "franc"), why=why_text(a["why"])
        ),
        "reshuffle": lambda: Msg(DECKS[a["deck"]]),
        "track": lambda: msg(
            "{who}'s {track} track goes up to {level}", who=w, track=Msg(TRACKS[a["track"]]), level=a["level"]
        ),
        "court_out": lambda: msg("{who} takes an architect out of the court", who=w),
        "art": lambda: (
            msg("{who} takes a white art tile (from the {colour} stack)", who=w, colour=Msg(a["colour"]))
            if a["white"]
            else msg("{who} takes a {colour} art tile", who=w, colour=Msg(a["colour"]))
        ),
        "pass": lambda: msg(
            "{who} passes and gains {francs} (one per art colour)", who=w, francs=count(a["fr"], "franc")
        ),
        "first_pass": lambda: msg(
            "{who} passed first: draws a prestige card face down and gains {francs}",
            who=w,
            francs=count(a["fr"], "franc"),
        ),
        "extra_turn": lambda: msg("{who} puts a meeple on card B22 and plays again", who=w),
        "round": lambda: msg(
            "Round {round}: the stock exchange pays {francs}", round=a["round"], francs=count(a["fr"], "franc")
        ),
        "square": lambda: msg("{who} puts the try square on fleur-de-lis {fleur}", who=w, fleur=a["fleur"]),
        "neutral": lambda: msg("{who} puts a neutral architect on {cell}", who=w, cell=place_words(a["cell"])),
        "nothing": lambda: (
            msg("{who} has nothing the park could copy", who=w)
            if a["kind"] == "copy"
            else msg("{who} cannot perform the {action} action", who=w, action=Msg(a["kind"]))
        ),
        "place": lambda: msg(
            "{who} places an architect on the {action} cell ({where})",
            who=w,
            where=place_words(a["cell"]),
            action=Msg(a["action"]),
        ),
        "francs_under": lambda: msg("{who} puts {francs} under that architect", who=w, francs=count(a["n"], "franc")),
        "cubes": lambda: _cubes_event(w, a),
        "flip": lambda: msg("{who} turns a white tile to its {colour} side", who=w, colour=Msg(a["colour"])),
        "clear": lambda: msg("{who} sends {tile} from the market back to the studio", who=w, tile=tile_text(a["tile"])),
        "sold": lambda: _sold_event(w, a),
        "returned": lambda: (
            msg("A white tile goes back from the market to the studio")
            if a["tile"].startswith("white")
            else msg("A {colour} tile goes back from the market to the studio", colour=Msg(a["tile"]))
        ),
        "reveal": lambda: msg("{who} reveals {noble} from the noble deck", who=w, noble=noble_title(a["card"])),
        "noble": lambda: msg(
            "{who} takes {noble} for {francs}", who=w, noble=noble_title(a["card"]), francs=count(a["cost"], "franc")
        ),
        "keep": lambda: msg("{who} keeps {noble}", who=w, noble=noble_title(a["card"])),
        "discard": lambda: msg("{who} discards {noble}", who=w, noble=noble_title(a["card"])),
        "swap": lambda: msg("{who} swaps a wildcard for {cube}", who=w, cube=Msg(CUBE_NAMES[a["cube"]])),
        "adjust": lambda: msg(
            "{who} turns the {from_} pointer to {to}", who=w, from_=Msg(SEGMENTS[a["frm"]]), to=Msg(SEGMENTS[a["to"]])
        ),
        "build": lambda: msg(
            "{who} builds house {n} on {cell} with {units}; the {from_} pointer turns to {to}",
            who=w,
            n=a["n"],
            cell=place_words(a["cell"]),
            units=cubes_text(a["units"]),
            from_=Msg(SEGMENTS[a["frm"]]),
            to=Msg(SEGMENTS[a["to"]]),
        ),
        "hall": lambda: _hall_event(w, a),
        "free": lambda: msg("{who} gets a free {action} action", who=w, action=Msg(a["action"])),
        "tile": lambda: msg(
            "{who} puts an architect on Belle Époque tile {tile} for the rest of the game", who=w, tile=a["tile"]
        ),
        "effect": lambda: msg(
            "{noble}: {who} gets {effect}", noble=noble_title(a["noble"]), who=w, effect=effect_words(a["noble"])
        ),
        "traveller": lambda: msg("{who} takes a traveller", who=w),
        "cashin": lambda: msg(
            "{who} discards {noble} for {francs}", who=w, noble=noble_title(a["noble"]), francs=count(a["fr"], "franc")
        ),
        "refresh": lambda: msg(
            "{who} discards {nobles} from the display", who=w, nobles=[noble_title(c) for c in a["cards"]]
        ),
        "borrow": lambda: msg(
            "{who} pays 2 francs to use {noble} as it leaves the display", who=w, noble=noble_title(a["noble"])
        ),
        "visit": lambda: _visit_event(w, a),
        "reclaim": lambda: msg(
            "{who} takes back {francs} from {cell}", who=w, francs=count(a["n"], "franc"), cell=place_words(a["cell"])
        ),
        "copy": lambda: msg("{who} copies the {action} action", who=w, action=Msg(a["action"])),
        "give": lambda: (
            msg("{who} gives a {colour} art tile", who=w, colour=Msg(a["what"][1]))
            if a["what"][0] == "art"
            else msg("{who} gives {cubes}", who=w, cubes=cubes_text(list(a["what"])))
        ),
        "column_tie": lambda: msg(
            "Column {col}: {players} tie with {francs}; each takes the reward of {card}, nobody the card",
            col=a["col"],
            players=and_list([who(names, q) for q in a["players"]]),
            francs=count(a["fr"], "franc"),
            card=a["card"],
        ),
        "column": lambda: msg("Column {col}: {who} wins prestige card {card}", col=a["col"], who=w, card=a["card"]),
        "start_player": lambda: msg("{who} will start the next round ({n} Manneken-Pis)", who=w, n=a["icons"][p]),
        "tuck": lambda: msg(
            "{who} tucks {card} under the {zone} zone (+{icon})",
            who=w,
            card=a["card"],
            zone=Msg(a["zone"]),
            icon=a["icon"],
        ),
        "reward": lambda: msg(
            "{who} takes the reward of {card}: {rewards}",
            who=w,
            card=a["card"],
            rewards=and_list([Msg(r) for r in a["rewards"]]),
        ),
        "fleur": lambda: msg(
            "Fleur-de-lis {fleur}: {scores}",
            fleur=a["fleur"],
            scores=[msg("{who} +{n}", who=who(names, q), n=vp) for q, vp in zip(a["players"], a["vp"])],
        ),
        "b29": lambda: msg("{who} takes an architect back from the Brussels board", who=w),
        "court": lambda: (
            msg(
                "Brussels majority: {players} ({architects}) sends one to the court",
                players=who(names, a["players"][0]),
                architects=count(a["count"], "architect"),
            )
            if len(a["players"]) == 1
            else msg(
                "Brussels majority: {players} ({architects} each) send one each to the court",
                players=and_list([who(names, q) for q in a["players"]]),
                architects=count(a["count"], "architect"),
            )
        ),
        "visit_hall": lambda: msg(
            "{who}'s exhibition hall {pos} draws {colours}: +{n}",
            who=w,
            pos=a["pos"],
            colours=count(a["colours"], "colour"),
            n=a["colours"],
        ),
        "round_end": lambda: msg("Round {round} ends", round=a["round"]),
        "t02": lambda: msg("{who} makes the {zone} zone worth 2 more (tile T02)", who=w, zone=Msg(a["zone"])),
        "upkeep_free": lambda: msg("{who}'s nobles cost nothing (tile T12)", who=w),
        "upkeep": lambda: (
            msg(
                "{who} pays {francs} to the nobles and loses {n} points for {nobles}",
                who=w,
                francs=count(a["fr"], "franc"),
                n=5 * len(a["gone"]),
                nobles=[noble_title(n) for n in a["gone"]],
            )
            if a["gone"]
            else msg("{who} pays {francs} to the nobles", who=w, francs=count(a["fr"], "franc"))
        ),
        "game_over": lambda: msg("Final scoring"),
    }.get(key)
    return t() if t else Msg(key)


def _cubes_event(w: str, a: dict[str, Any]) -> Msg:
    cubes = cubes_text(a["cubes"])
    if a.get("paid_wild"):
        return msg("{who} takes {cubes} for a wildcard", who=w, cubes=cubes)
    if a.get("why"):
        return msg("{who} takes {cubes} ({why})", who=w, cubes=cubes, why=why_text(a["why"]))
    return msg("{who} takes {cubes}", who=w, cubes=cubes)


def _sold_event(w: str, a: dict[str, Any]) -> Msg:
    params = dict(who=w, points=count(a["vp"], "point"), francs=count(a["fr"], "franc"))
    if a["tile"].startswith("white"):
        return msg("{who} sells a white tile as {colour} for {points} and {francs}", colour=Msg(a["colour"]), **params)
    return msg("{who} sells a {colour} tile for {points} and {francs}", colour=Msg(a["tile"]), **params)


def _hall_event(w: str, a: dict[str, Any]) -> Msg:
    params = dict(
        who=w,
        pos=a["pos"],
        units=cubes_text(a["units"]),
        card=a["card"],
        from_=Msg(SEGMENTS[a["frm"]]),
        to=Msg(SEGMENTS[a["to"]]),
    )
    if a["glass"]:
        return msg(
            "{who} builds an exhibition hall at position {pos} with {units} + {glass} and takes card {card}; "
            "the {from_} pointer turns to {to}",
            glass=count(a["glass"], "glass"),
            **params,
        )
    return msg(
        "{who} builds an exhibition hall at position {pos} with {units} and takes card {card}; "
        "the {from_} pointer turns to {to}",
        **params,
    )


def _visit_event(w: str, a: dict[str, Any]) -> Msg:
    params = dict(who=w, area=Msg(AREA_TITLES[a["area"]]), meeples=count(a["meeples"], "meeple"))
    if a["travellers"]:
        return msg(
            "{who} visits the {area} with {meeples} ({travellers})",
            travellers=count(a["travellers"], "traveller"),
            **params,
        )
    return msg("{who} visits the {area} with {meeples}", **params)


def effect_words(name: str) -> Msg:
    return Msg(NOBLE_EFFECTS[name])


def describe(events: list[list[Any]], names: list[str] | None) -> Msg | None:
    """One sentence per event (a move may set off a whole scoring phase)."""
    out = None
    for ev in events:
        if ev[0] == "card":
            continue
        line = msg("{line}.", line=event_text(ev, names))
        out = line if out is None else msg("{text} {more}", text=out, more=line)
    return out


# ---------------------------------------------------------------- prompts
def prompt(state: State) -> Msg:
    if state["phase"] == "over":
        return msg("Game over.")
    frames = state["frames"]
    if not frames:
        return msg(
            "Your turn: place an architect on a free cell of the active area (then francs under it), "
            "visit a Brussels action, or pass."
        )
    f = frames[-1]
    k, p = f["k"], f["p"]
    pl = P(state, p)
    if k == "startart":
        return msg("Setup: choose your starting art tile (any colour but black).")
    if k == "square":
        if f["free"]:
            return msg("Card B20: put the try square on any fleur-de-lis; it opens the largest area.")
        a, b = STOCK[state["stock"]][1][state["players"]]
        return msg("Planning: put the try square on {a} or {b} (it opens the largest area).", a=a, b=b)
    if k == "neutral":
        return msg("Two players: put your neutral architect on an empty cell of the active area.")
    if k == "francs":
        return msg(
            "Put francs under your architect on {cell} (1 to {n}).", cell=cell_words(state, f["cell"]), n=pl["money"]
        )
    if k == "studio":
        return msg("Studio: take an art tile.")
    if k == "sell":
        return _sell_prompt(f, pl)
    if k == "noble":
        costs = "/".join(map(str, NOBLE_DISPLAY_COST))
        if state.get("reveal"):
            return msg(
                "Noble: buy a noble from the display ({costs} francs) or the revealed one for free.", costs=costs
            )
        return msg("Noble: buy a noble from the display ({costs} francs).", costs=costs)
    if k == "keep":
        return msg(
            "{noble}: keep it to the end of the game (upkeep {n} francs), or discard it?",
            noble=noble_title(f["card"]),
            n=NOBLES[noble_name(f["card"])][2],
        )
    if k == "materials":
        return msg("Materials: take 2 materials.")
    if k == "build":
        return _build_prompt(state, f, pl)
    if k == "prize":
        return prize_prompt(f)
    if k == "grand":
        left = f.get("left", 0)
        return (
            msg("Grand-Place: use up to 1 more noble, or stop.")
            if left == 1
            else msg("Grand-Place: use up to {n} more nobles, or stop.", n=left)
        )
    if k == "b17":
        return (
            msg("Card B17: trade 2 cubes for an art tile or an art tile for 2 materials, or skip.")
            if f.get("stage") == "give"
            else msg("Card B17: choose what you get.")
        )
    if k == "claim":
        return msg(
            "Column {col}: take its prestige card, or (card B25) one under an inactive column.", col=f.get("col")
        )
    return {
        "b02": msg("Card B02: turn a white tile to its coloured side, or skip."),
        "b06": msg("Card B06: you may first discard nobles from the display (they are replaced), or skip."),
        "b08": msg("Card B08: swap a wildcard for a material, or skip."),
        "freecube": msg("Free action (an opponent used your house): take 1 material."),
        "freenoble": msg("Free action (an opponent used your house): use one of your nobles, or decline."),
        "betile": msg("Belle Époque: you may put an architect on a Belle Époque tile for the rest of the game."),
        "b22": msg("Card B22: put a meeple on the card to play again at once, or skip."),
        "solvay": msg("Ernest Solvay: take 1 material, or give a wildcard for 2."),
        "privat": msg("Henri Privat-Livemont: choose the stack of your white art tile."),
        "b13": msg("Card B13: use one more noble, or skip."),
        "b14": msg("Card B14: discard a used noble for its francs, or skip."),
        "b15": msg("Card B15: take back francs from one of your cells, or skip."),
        "copy": msg("Park: choose the Art Nouveau action to copy."),
        "market": msg("Market: take up to 3 wildcards."),
        "b18": msg("Card B18: make a white art tile, or skip."),
        "b23": msg("Card B23: pay 2 francs to use the noble leaving the display, or skip."),
        "t02": msg("Tile T02: choose the strategy zone worth 2 more."),
        "upkeep": msg("Noble upkeep: you cannot pay them all; choose the nobles you give up (5 points each)."),
    }.get(k, Msg(k))


def _sell_prompt(f: dict, pl: dict) -> Msg:
    stage = f["stage"]
    if stage == "b04":
        return msg("Card B04: you may first send a market tile back to the studio.")
    if stage == "tile":
        return msg("Sell: choose the art tile to sell (not a colour shown in the market).")
    if stage == "slot":
        return msg("Sell: choose the market tile that goes back to the studio.")
    steps = count(f.get("n", 0), "step")
    if f["via"] == "board" and "B03" in pl["be_cards"]:
        return msg(
            "Sell: move the market indicator {steps} (card B03: up to 2 more); the highlighted squares "
            "are where it can end.",
            steps=steps,
        )
    return msg("Sell: move the market indicator {steps}; the highlighted squares are where it can end.", steps=steps)


def _build_prompt(state: State, f: dict, pl: dict) -> Msg:
    cost, _ = house_cost(state, f["p"])
    stage = f["stage"]
    if stage == "adjust":
        return msg("Saintenoy: you may first turn a compass pointer one step either way.")
    if stage == "where":
        if state["be"]:
            return msg(
                "Build house {n} (cost {cost}): choose an empty cell or an exhibition hall position.",
                n=pl["built"] + 1,
                cost=cost,
            )
        return msg("Build house {n} (cost {cost}): choose an empty cell.", n=pl["built"] + 1, cost=cost)
    if stage == "pay":
        glass = EXHIBITION_GLASS[f["hall"]] if f.get("hall") is not None else 0
        if glass:
            return msg(
                "Pay {cost} as the compass asks (+{glass} for the hall).", cost=cost, glass=count(glass, "glass")
            )
        return msg("Pay {cost} as the compass asks.", cost=cost)
    return msg("Turn one compass pointer one step clockwise (pointers never share a symbol).")


def prize_prompt(f: dict) -> Msg:
    letters, kind, _, icon = PRESTIGE[f["card"]]
    names = [reward_name(x) for x in letters]
    rewards = and_list(names) if kind == "multi" else or_list(names)
    if f["tie"]:
        return msg("Tied column: take the reward of {card} ({rewards}).", card=f["card"], rewards=rewards)
    if icon:
        return msg(
            "Prestige card {card}: take its reward ({rewards}), or tuck it under a strategy zone (+{icon}).",
            card=f["card"],
            rewards=rewards,
            icon=icon,
        )
    return msg("Prestige card {card}: take its reward ({rewards}).", card=f["card"], rewards=rewards)


def seat_title(board: str) -> Msg | None:
    return Msg(B_SIDES[board]["title"]) if board in B_SIDES else None


def trigger_name(trigger: str) -> Msg:
    """When a Belle Époque card acts: an action, a Brussels area or a moment of the round."""
    return Msg(AREA_TITLES.get(trigger, trigger))


def action_title(letter: str) -> Msg:
    return Msg(ACTION_TITLES[letter])


def action_name(letter: str) -> Msg:
    return Msg(ACTION_NAMES[letter])


# ---------------------------------------------------------------- a move in words
def move_text(state: State, move: Move) -> Msg:
    """What a move chooses, in the rulebook's words (never the move syntax): the page's
    "Chosen:" line and the log line of a move that sets off no event of its own."""
    v, a = move.verb, move.args
    if v in ("place", "neutral", "house"):
        where = cell_words(state, a[0])
        return {
            "place": msg("an architect on {cell}", cell=where),
            "neutral": msg("a neutral architect on {cell}", cell=where),
            "house": msg("house on {cell}", cell=where),
        }[v]
    if v == "square":
        return msg("the try square on fleur-de-lis {fleur}", fleur=a[0])
    if v == "francs":
        return count(int(a[0]), "franc")
    if v == "visit":
        return msg("the {area}", area=Msg(AREA_TITLES[a[0]]))
    if v in ("art", "flip"):
        return (
            msg("a {colour} art tile", colour=Msg(a[0]))
            if v == "art"
            else msg("turn a white tile to {colour}", colour=Msg(a[0]))
        )
    if v == "sell":
        return (
            msg("sell a {colour} tile", colour=Msg(a[0]))
            if len(a) == 1
            else msg("sell a white tile as {colour}", colour=Msg(a[2]))
        )
    if v == "indicator":
        return msg(
            "the indicator's centre on {vp} points, {fr} francs",
            vp=MARKET_COL_VP[int(a[0]) - 1],
            fr=MARKET_ROW_FR[int(a[1]) - 1],
        )
    if v in ("return", "clear"):
        return msg("market tile {n} back to the studio", n=a[0])
    if v == "noble":
        if a[0] == "top":
            return msg("the revealed {noble}", noble=noble_title(state.get("reveal")))
        i = int(a[0]) - 1
        return msg(
            "{noble} for {francs}", noble=noble_title(state["display"][i]), francs=count(NOBLE_DISPLAY_COST[i], "franc")
        )
    if v in ("cubes", "give") and a[0] != "art":
        return cubes_text(list(a))
    if v == "give":
        return msg("a {colour} art tile", colour=Msg(a[1]))
    if v in ("cube", "swap"):
        return Msg(CUBE_NAMES[a[0]])
    if v == "solvay":
        return msg("{cubes} for a wildcard", cubes=cubes_text(list(a[1:]))) if a[0] == "wild" else Msg(CUBE_NAMES[a[0]])
    if v == "hall":
        return msg("exhibition hall at position {n}", n=a[0])
    if v == "pay":
        return cubes_text(list(a))
    if v == "turn":
        return msg("the {segment} pointer", segment=Msg(SEGMENTS[a[0]]))
    if v == "adjust":
        turn = msg("clockwise") if a[1] == "cw" else msg("anticlockwise")
        return msg("the {segment} pointer, {direction}", segment=Msg(SEGMENTS[a[0]]), direction=turn)
    if v in ("activate", "cashin"):
        return noble_title(a[0])
    if v == "forfeit":
        return and_list([noble_title(n) for n in a])
    if v == "refresh":
        return msg("nobles in display slots {slots}", slots=", ".join(a))
    if v == "reclaim":
        return msg("{francs} from {cell}", francs=count(int(a[1]), "franc"), cell=cell_words(state, a[0]))
    if v == "copy":
        return Msg(ACTION_TITLES[ACTION_BY_NAME[a[0]]])
    if v == "wild":
        return count(int(a[0]), "wild")
    if v == "tile":
        be = state.get("be") or {}
        tiles = be.get("tiles") or ()
        i = int(a[0]) - 1
        return (
            msg("Belle Époque tile {n}", n=a[0])
            if i >= len(tiles)
            else msg("the Belle Époque tile: {effect}", effect=Msg(BE_TILES[tiles[i]]))
        )
    if v == "extra":
        return msg("an extra turn (architect)") if a[0] == "architect" else msg("an extra turn (traveller)")
    if v == "prestige":
        return msg("the prestige card under column {n}", n=a[0])
    if v == "reward":
        return msg("the reward: {reward}", reward=Msg(a[1]))
    if v == "tuck":
        return msg("tuck it under the {zone} zone", zone=Msg(a[1]))
    if v == "zone":
        return msg("the {zone} zone", zone=Msg(a[0]))
    return Msg(v)
