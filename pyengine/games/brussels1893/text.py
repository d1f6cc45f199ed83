"""Every sentence the game says: prompts per decision and log lines per event.

Events are data (``[key, player, args]``, written by the rules); this module words them.
Keeping all English here, keyed, is what a translation will replace.
"""
from __future__ import annotations

from typing import Any

from .data import (
    ACTION_NAMES, AREA_TITLES, B_SIDES, CELL_NAMES, EXHIBITION_GLASS, NOBLE_DISPLAY_COST, NOBLES, PRESTIGE,
    REWARDS, STOCK, noble_name,
)
from .state import P, State

TRACKS = {"fleur": "fleur-de-lis", "crown": "crown", "level": "architect"}
WHY = {
    "no_wild": "built without a wildcard", "top_tier": "top-tier house", "free_sell": "free sell action",
    "free_build": "free build action", "bourse": "stock exchange", "Horta": "Victor Horta",
    "Cauchie": "Paul Cauchie",
}


def why_text(why: str) -> str:
    if why in WHY:
        return WHY[why]
    return ("tile " if why.startswith("T") else "card ") + why


def who(names: list[str] | None, p: int | None) -> str:
    if p is None:
        return "The game"
    if p == -2:
        return "Neutral"
    return names[p] if names and p < len(names) else f"Player {p + 1}"


def noble_title(card_or_name: str) -> str:
    name = noble_name(card_or_name)
    return NOBLES[name][0] if name in NOBLES else "a face-down noble"


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def cubes_text(cubes: list[str]) -> str:
    if not cubes:
        return "nothing"
    counts: dict[str, int] = {}
    for c in cubes:
        counts[c] = counts.get(c, 0) + 1
    words = {"wild": "wildcard", "fr3": "3 francs"}
    out = []
    for c, n in counts.items():
        if c == "fr3":
            out.append(f"{3 * n} francs")
        else:
            out.append(plural(n, words.get(c, c)))
    return " + ".join(out)


def tile_text(tile: str) -> str:
    return "a white tile" if tile.startswith("white") else f"a {tile} tile"


def event_text(ev: list[Any], names: list[str] | None) -> str:
    key, p, a = ev
    w = who(names, p)
    t = {
        "card": lambda: f"{w} uses card {a['card']}",
        "points": lambda: f"{w} scores {a['n']} ({why_text(a['why'])})",
        "francs": lambda: f"{w} gains {plural(a['n'], 'franc')} ({why_text(a['why'])})",
        "reshuffle": lambda: f"The {a['deck'].split('_')[0]} discards are shuffled into a new deck",
        "track": lambda: f"{w}'s {TRACKS[a['track']]} track goes up to {a['level']}",
        "court_out": lambda: f"{w} takes an architect out of the court",
        "art": lambda: (f"{w} takes a white art tile (from the {a['colour']} stack)" if a["white"]
                        else f"{w} takes a {a['colour']} art tile"),
        "pass": lambda: f"{w} passes and gains {plural(a['fr'], 'franc')} (one per art colour)",
        "first_pass": lambda: f"{w} passed first: draws a prestige card face down and gains "
                              f"{plural(a['fr'], 'franc')}",
        "extra_turn": lambda: f"{w} parks a meeple on card B22 and plays again",
        "round": lambda: f"Round {a['round']}: the stock exchange pays {a['fr']} francs",
        "square": lambda: f"{w} puts the try square on fleur-de-lis {a['fleur']}",
        "neutral": lambda: f"{w} puts a neutral architect on {a['cell']}",
        "nothing": lambda: (f"{w} has nothing the park could copy" if a["kind"] == "copy"
                            else f"{w} cannot perform the {a['kind']} action"),
        "place": lambda: f"{w} places an architect on {a['cell']} ({a['action']})",
        "francs_under": lambda: f"{w} puts {plural(a['n'], 'franc')} under the architect on {a['cell']}",
        "cubes": lambda: f"{w} takes {cubes_text(a['cubes'])}" + (" for a wildcard" if a.get("paid_wild") else "")
                         + (f" ({why_text(a['why'])})" if a.get("why") else ""),
        "flip": lambda: f"{w} turns a white tile to its {a['colour']} side",
        "clear": lambda: f"{w} sends {tile_text(a['tile'])} from the market back to the studio",
        "sold": lambda: (f"{w} sells {tile_text(a['tile'])}"
                         + (f" as {a['colour']}" if a["tile"].startswith("white") else "")
                         + f": indicator to {a['x']},{a['y']}, {plural(a['vp'], 'point')} and "
                           f"{plural(a['fr'], 'franc')}"),
        "returned": lambda: f"{tile_text(a['tile']).capitalize()} goes back from the market to the studio",
        "reveal": lambda: f"{w} reveals {noble_title(a['card'])} from the noble deck",
        "noble": lambda: f"{w} takes {noble_title(a['card'])} for {plural(a['cost'], 'franc')}",
        "keep": lambda: f"{w} keeps {noble_title(a['card'])}",
        "discard": lambda: f"{w} discards {noble_title(a['card'])}",
        "swap": lambda: f"{w} swaps a wildcard for {a['cube']}",
        "adjust": lambda: f"{w} turns the {a['frm']} pointer to {a['to']}",
        "build": lambda: f"{w} builds house {a['n']} on {a['cell']} with {cubes_text(a['units'])}; "
                         f"the {a['frm']} pointer turns to {a['to']}",
        "hall": lambda: f"{w} builds an exhibition hall at position {a['pos']} with {cubes_text(a['units'])}"
                        + (f" + {plural(a['glass'], 'glass')}" if a["glass"] else "")
                        + f" and takes card {a['card']}; the {a['frm']} pointer turns to {a['to']}",
        "free": lambda: f"{w} gets a free {a['action']} action",
        "tile": lambda: f"{w} puts an architect on Belle Époque tile {a['tile']} for the rest of the game",
        "effect": lambda: f"{NOBLES[a['noble']][0]}: {w} gets {effect_words(a['noble'])}",
        "traveller": lambda: f"{w} takes a traveller",
        "cashin": lambda: f"{w} discards {NOBLES[a['noble']][0]} for {plural(a['fr'], 'franc')}",
        "refresh": lambda: f"{w} discards {', '.join(noble_title(c) for c in a['cards'])} from the display",
        "borrow": lambda: f"{w} pays 2 francs to use {NOBLES[a['noble']][0]} as it leaves the display",
        "visit": lambda: f"{w} visits the {AREA_TITLES[a['area']]} with {plural(a['meeples'], 'meeple')}"
                         + (f" ({a['travellers']} traveller{'s' if a['travellers'] > 1 else ''})"
                            if a["travellers"] else ""),
        "reclaim": lambda: f"{w} takes back {plural(a['n'], 'franc')} from {a['cell']}",
        "copy": lambda: f"{w} copies the {a['action']} action",
        "give": lambda: f"{w} gives {cubes_text(list(a['what'])) if a['what'][0] != 'art' else 'a ' + a['what'][1] + ' art tile'}",
        "column_tie": lambda: f"Column {a['col']}: {' and '.join(who(names, q) for q in a['players'])} tie with "
                              f"{plural(a['fr'], 'franc')}; each takes the reward of {a['card']}, nobody the card",
        "column": lambda: f"Column {a['col']}: {w} wins prestige card {a['card']}",
        "start_player": lambda: f"{w} will start the next round ({plural(a['icons'][p], 'Manneken-Pis')})",
        "tuck": lambda: f"{w} tucks {a['card']} under the {a['zone']} zone (+{a['icon']})",
        "reward": lambda: f"{w} takes the reward of {a['card']}: {' and '.join(a['rewards'])}",
        "fleur": lambda: f"Fleur-de-lis {a['fleur']}: " + ", ".join(
            f"{who(names, q)} +{vp}" for q, vp in zip(a["players"], a["vp"])),
        "b29": lambda: f"{w} takes an architect back from the Brussels board",
        "court": lambda: f"Brussels majority: {' and '.join(who(names, q) for q in a['players'])} "
                         f"({plural(a['count'], 'architect')}) send{'s' if len(a['players']) == 1 else ''} "
                         "one to the court",
        "visit_hall": lambda: f"{w}'s exhibition hall {a['pos']} draws {plural(a['colours'], 'colour')}: "
                              f"+{a['colours']}",
        "round_end": lambda: f"Round {a['round']} ends",
        "t02": lambda: f"{w} makes the {a['zone']} zone worth 2 more (tile T02)",
        "upkeep_free": lambda: f"{w}'s nobles cost nothing (tile T12)",
        "upkeep": lambda: f"{w} pays {plural(a['fr'], 'franc')} to the nobles"
                          + (f" and loses {5 * len(a['gone'])} points for "
                             f"{', '.join(NOBLES[n][0] for n in a['gone'])}" if a["gone"] else ""),
        "game_over": lambda: "Final scoring",
    }.get(key)
    return t() if t else key


def effect_words(name: str) -> str:
    from .data import NOBLE_EFFECTS

    return NOBLE_EFFECTS[name]


def describe(events: list[list[Any]], names: list[str] | None) -> str:
    """One sentence per event (a move may set off a whole scoring phase)."""
    lines = [event_text(ev, names) for ev in events if ev[0] not in ("card",)]
    return " ".join(line[0].upper() + line[1:] + "." for line in lines)


# ---------------------------------------------------------------- prompts
def prompt(state: State) -> str:
    if state["phase"] == "over":
        return "Game over."
    frames = state["frames"]
    if not frames:
        return ("Your turn: place an architect on a free cell of the active area (then francs under it), "
                "visit a Brussels action, or pass.")
    f = frames[-1]
    k, p = f["k"], f["p"]
    pl = P(state, p)
    if k == "startart":
        return "Setup: choose your starting art tile (any colour but black)."
    if k == "square":
        if f["free"]:
            return "Card B20: put the try square on any fleur-de-lis; it opens the largest area."
        a, b = STOCK[state["stock"]][1][state["players"]]
        return f"Planning: put the try square on {a} or {b} (it opens the largest area)."
    if k == "neutral":
        return "Two players: put your neutral architect on an empty cell of the active area."
    if k == "francs":
        return f"Put francs under your architect on {CELL_NAMES[f['cell']]} (1 to {pl['money']})."
    if k == "studio":
        return "Studio: take an art tile."
    if k == "sell":
        return {
            "b04": "Card B04: you may first send a market tile back to the studio.",
            "tile": "Sell: choose the art tile to sell (not a colour shown in the market).",
            "pos": f"Sell: move the market indicator {plural(f.get('n', 0), 'step')}"
                   + (" (card B03: up to 2 more)" if f["via"] == "board" and "B03" in pl["be_cards"] else "")
                   + "; the highlighted squares are where it can end.",
            "slot": "Sell: choose the market tile that goes back to the studio.",
        }[f["stage"]]
    if k == "noble":
        costs = "/".join(map(str, NOBLE_DISPLAY_COST))
        extra = " or the revealed one for free" if state.get("reveal") else ""
        return f"Noble: buy a noble from the display ({costs} francs){extra}."
    if k == "keep":
        return f"{noble_title(f['card'])}: keep it to the end of the game (upkeep {NOBLES[noble_name(f['card'])][2]} " \
               "francs), or discard it?"
    if k == "materials":
        return "Materials: take 2 materials."
    if k == "build":
        from .actions import house_cost

        cost, _ = house_cost(state, p)
        return {
            "adjust": "Saintenoy: you may first turn a compass pointer one step either way.",
            "where": f"Build house {pl['built'] + 1} (cost {cost}): choose an empty cell"
                     + (" or an exhibition hall position" if state["be"] else "") + ".",
            "pay": f"Pay {cost} as the compass asks" + (
                f" (+{EXHIBITION_GLASS[f['hall']]} glass for the hall)" if f.get("hall") is not None
                and EXHIBITION_GLASS[f["hall"]] else "") + ".",
            "turn": "Turn one compass pointer one step clockwise (pointers never share a symbol).",
        }[f["stage"]]
    if k == "prize":
        return prize_prompt(f)
    return {
        "b02": "Card B02: turn a white tile to its coloured side, or skip.",
        "b08": "Card B08: swap a wildcard for a material, or skip.",
        "freecube": "Free action (an opponent used your house): take 1 material.",
        "freenoble": "Free action (an opponent used your house): use one of your nobles, or decline.",
        "betile": "Belle Époque: you may put an architect on a Belle Époque tile for the rest of the game.",
        "b22": "Card B22: park a meeple on the card to play again at once, or skip.",
        "solvay": "Ernest Solvay: take 1 material, or give a wildcard for 2.",
        "privat": "Henri Privat-Livemont: choose the stack of your white art tile.",
        "grand": f"Grand-Place: use up to {plural(f.get('left', 0), 'more noble')}, or stop.",
        "b13": "Card B13: use one more noble, or skip.",
        "b14": "Card B14: discard a used noble for its francs, or skip.",
        "b15": "Card B15: take back francs from one of your cells, or skip.",
        "copy": "Park: choose the Art Nouveau action to copy.",
        "market": "Market: take up to 3 wildcards.",
        "b17": "Card B17: trade 2 cubes for an art tile or an art tile for 2 materials, or skip."
               if f.get("stage") == "give" else "Card B17: choose what you get.",
        "b18": "Card B18: make a white art tile, or skip.",
        "claim": f"Column {f.get('col')}: take its prestige card, or (card B25) one under an inactive column.",
        "b23": "Card B23: pay 2 francs to use the noble leaving the display, or skip.",
        "t02": "Tile T02: choose the strategy zone worth 2 more.",
        "upkeep": "Noble upkeep: you cannot pay them all; choose the nobles you give up (5 points each).",
    }.get(k, k)


def prize_prompt(f: dict) -> str:
    letters, kind, _, icon = PRESTIGE[f["card"]]
    rewards = " or ".join(REWARDS[x] for x in letters) if kind != "multi" else " and ".join(
        REWARDS[x] for x in letters)
    if f["tie"]:
        return f"Tied column: take the reward of {f['card']} ({rewards})."
    tuck = f", or tuck it under a strategy zone (+{icon})" if icon else ""
    return f"Prestige card {f['card']}: take its reward ({rewards}){tuck}."


def seat_title(board: str) -> str:
    return B_SIDES[board]["title"] if board in B_SIDES else ""


def action_title(letter: str) -> str:
    return ACTION_NAMES[letter]
