"""The scoring phase (SEED order): column majorities and their prestige cards, the next
start player, each card's reward or strategy zone, fleur-de-lis majorities, the Brussels
majority, the exhibition visit (Belle Époque), then the round-end clean-up."""

from __future__ import annotations

from .changes import draw, event, francs, free_from_court, points, pop, push, track_up, use_card
from .data import (
    B28_FR,
    B31_VP,
    B32_FR,
    BE_CROSS_CELLS,
    EXHIBITION_ROW,
    FIRST_PASS_MANNEKEN,
    FLEUR_BY_NAME,
    FLEUR_CELLS,
    FLEUR_NAMES,
    FLEURS,
    PRESTIGE,
    REWARD_LETTER,
    REWARDS,
    ROUNDS,
    STRIP_SLOTS,
    ZONES,
    active_area,
    cell_id,
)
from .moves import M, Move
from .nobles import ready_nobles
from .planning import finish_round
from .state import ITEMS, ROUND_ITEMS, Frame, P, State, be_on, card_ready, values


# ---------------------------------------------------------------- majorities, by region (Game.regions)
def regions(state: State) -> tuple[str, ...]:
    """The majorities a round scores, by board id: each column of the active area
    ("column 3": most francs under architects, the prestige card under it) and each
    fleur-de-lis ("fleur 2-2": most architects around it, once all four cells hold one)."""
    if state["square"] is None:
        return ()
    return tuple(f"column {c}" for c in active_area(state["square"])[0]) + tuple(
        f"fleur {name}" for name in FLEUR_NAMES
    )


def majority(state: State, region: str) -> int | None:
    """The seat that alone holds the majority of a region (as `regions` names it), else None."""
    kind, _, which = region.partition(" ")
    if region not in regions(state):
        return None
    if kind == "column":
        counts = column_francs(state, int(which))
    else:
        cells = FLEUR_CELLS[FLEUR_BY_NAME[which]]
        if any(state["arch"][c] == -1 for c in cells):
            return None  # not surrounded: not scored
        counts = [sum(1 for c in cells if state["arch"][c] == p) for p in range(state["players"])]
    best = max(counts)
    return counts.index(best) if best > 0 and counts.count(best) == 1 else None


# ---------------------------------------------------------------- 1. column majorities
def column_francs(state: State, col: int) -> list[int]:
    cols, rows = active_area(state["square"])
    out = [0] * state["players"]
    for r in rows:
        c = cell_id(col, r)
        if state["arch"][c] >= 0:
            out[state["arch"][c]] += state["francs"][c]
    return out


def _columns(state: State) -> None:
    cols, _ = active_area(state["square"])
    claims = []
    for col in cols:
        money = column_francs(state, col)
        best = max(money)
        card = state["strip"][col - 1]
        if best <= 0 or card is None:
            continue
        top = [p for p, m in enumerate(money) if m == best]
        if len(top) == 1:
            claims.append({"k": "claim", "p": top[0], "col": col})
        else:
            # Ties: nobody takes the card, every tied player gets its reward (SEED).
            state["strip"][col - 1] = None
            state["prestige_discard"].append(card)
            for p in top:
                P(state, p)["tied"].append(card)
            event(state, "column_tie", None, col=col, card=card, players=top, fr=best)
    push(state, *claims)


def claim_moves(state: State, f: Frame) -> list[Move]:
    out = [M("skip")]
    if card_ready(state, f["p"], "B25"):
        cols, _ = active_area(state["square"])
        out += [M("prestige", c) for c in range(1, STRIP_SLOTS + 1) if c not in cols and state["strip"][c - 1]]
    return out


def claim_candidates(state: State, f: Frame) -> list[Move]:
    return [M("skip")] + [M("prestige", c) for c in range(1, STRIP_SLOTS + 1)]


def claim_allows(state: State, f: Frame, move: Move) -> bool:
    """The column's card (skip: take it), or, with card B25, one under an inactive column."""
    if move.verb == "prestige":
        c = int(move.args[0])
        return (
            card_ready(state, f["p"], "B25")
            and c not in active_area(state["square"])[0]
            and bool(state["strip"][c - 1])
        )
    return move.verb == "skip"


def claim_play(state: State, f: Frame, move: Move) -> None:
    pop(state)
    p = f["p"]
    col = f["col"]
    if move.verb == "prestige":
        use_card(state, p, "B25")
        col = int(move.args[0])
    card = state["strip"][col - 1]
    state["strip"][col - 1] = None
    P(state, p)["won"].append(card)
    event(state, "column", p, col=f["col"], card=card)


# ---------------------------------------------------------------- 2. next start player
def manneken(state: State, p: int) -> int:
    icons = sum(PRESTIGE[c][2] for c in P(state, p)["won"])
    if state["first_pass"] == p:
        icons += FIRST_PASS_MANNEKEN
    return icons


def _start_player(state: State) -> None:
    n = state["players"]
    icons = [manneken(state, p) for p in range(n)]
    for p in range(n):
        if card_ready(state, p, "B26"):
            use_card(state, p, "B26")
            icons[p] += 2
    best = max(icons)
    # Ties: the first tied player clockwise from the start player's left (SEED); with no
    # icons at all everyone ties (DESIGNED), which cannot happen once someone passed first.
    for i in range(1, n + 1):
        q = (state["start"] + i) % n
        if icons[q] == best:
            state["start"] = q
            break
    event(state, "start_player", state["start"], icons=icons)


# ---------------------------------------------------------------- 3. reward or zone
def _rewards(state: State) -> None:
    n = state["players"]
    frames = []
    for i in range(n):
        p = (state["start"] + i) % n
        pl = P(state, p)
        frames += [{"k": "prize", "p": p, "card": c, "tie": False} for c in pl["won"]]
        frames += [{"k": "prize", "p": p, "card": c, "tie": True} for c in pl["tied"]]
    push(state, *frames)


def prize_moves(state: State, f: Frame) -> list[Move]:
    letters, kind, _, icon = PRESTIGE[f["card"]]
    if kind == "multi":
        return [M("reward", f["card"], REWARDS[letters[0]])]  # takes every reward
    out = [M("reward", f["card"], REWARDS[x]) for x in letters]
    if icon and not f["tie"]:
        done = P(state, f["p"])["tucked_now"]
        out += [M("tuck", f["card"], z) for z in ZONES if z not in done]
    return out


def give_reward(state: State, p: int, letter: str) -> None:
    if letter == "F":
        track_up(state, p, "fleur")
    elif letter == "C":
        track_up(state, p, "crown")
    elif letter == "A":
        track_up(state, p, "level")
    else:
        free_from_court(state, p)


def prize_candidates(state: State, f: Frame) -> list[Move]:
    """Every reward and every zone, for the card in question."""
    card = f["card"]
    return [M("reward", card, r) for r in REWARDS.values()] + [M("tuck", card, z) for z in ZONES]


def prize_allows(state: State, f: Frame, move: Move) -> bool:
    """The card's reward (one of a choice, the first of those it gives all of), or, for a
    card won with a point icon, a strategy zone not yet tucked under this round."""
    letters, kind, _, icon = PRESTIGE[f["card"]]
    if move.verb not in ("reward", "tuck") or move.args[0] != f["card"]:
        return False
    if move.verb == "reward":
        return move.args[1] == REWARDS[letters[0]] if kind == "multi" else REWARD_LETTER[move.args[1]] in letters
    return bool(icon) and not f["tie"] and move.args[1] not in P(state, f["p"])["tucked_now"]


def prize_play(state: State, f: Frame, move: Move) -> None:
    pop(state)
    p, card = f["p"], f["card"]
    pl = P(state, p)
    letters, kind, _, icon = PRESTIGE[card]
    if move.verb == "tuck":
        zone = move.args[1]
        pl["tucked"][zone] += icon
        pl["tucked_cards"].append(card)
        pl["tucked_now"].append(zone)
        pl["won"].remove(card)
        event(state, "tuck", p, card=card, zone=zone, icon=icon)
        return
    chosen = letters if kind == "multi" else REWARD_LETTER[move.args[1]]
    event(state, "reward", p, card=card, rewards=[REWARDS[x] for x in chosen])
    for x in chosen:
        give_reward(state, p, x)
    if f["tie"]:
        pl["tied"].remove(card)
    else:
        pl["won"].remove(card)
        state["prestige_discard"].append(card)


# ---------------------------------------------------------------- 4. fleur-de-lis majorities
def fleur_results(state: State, double: dict[int, int] | None = None) -> list[tuple[int, list[int]]]:
    """(fleur, winners) for each fleur whose 4 cells all hold an architect (neutral ones
    too); the most architects wins, francs ignored, all tied players score (SEED)."""
    arch = state["arch"]
    out = []
    for i, cells in enumerate(FLEUR_CELLS):
        if any(arch[c] == -1 for c in cells):
            continue
        count = [0] * state["players"]
        for c in cells:
            if arch[c] >= 0:
                count[arch[c]] += 2 if double and double.get(arch[c]) == c else 1
        best = max(count)
        if best:
            out.append((i, [p for p in range(state["players"]) if count[p] == best]))
    return out


def _fleur_vp(state: State, p: int) -> int:
    return values(state, p)["fleur_vp"][P(state, p)["fleur"] - 1]


def _fleurs(state: State) -> None:
    double: dict[int, int] = {}
    if be_on(state):
        for p in range(state["players"]):
            mine = [c for c in BE_CROSS_CELLS if state["arch"][c] == p]
            if mine and card_ready(state, p, "B27"):
                # DESIGNED: the engine picks the cell that wins the player most fleurs.
                best = max(mine, key=lambda c: sum(p in w for _, w in fleur_results(state, {p: c})))
                use_card(state, p, "B27")
                double[p] = best
    wins = [0] * state["players"]
    for fleur, winners in fleur_results(state, double):
        x, y = FLEURS[fleur]
        for p in winners:
            wins[p] += 1
            points(state, p, "majorities", _fleur_vp(state, p))
        event(state, "fleur", None, fleur=f"{x}-{y}", players=winners, vp=[_fleur_vp(state, p) for p in winners])
    for p in range(state["players"]):
        if wins[p] and card_ready(state, p, "B28"):
            use_card(state, p, "B28")
            francs(state, p, B28_FR * wins[p], "B28")


# ---------------------------------------------------------------- 5. Brussels majority
def _brussels(state: State) -> None:
    visits = state["visits"]
    for p in range(state["players"]):
        if card_ready(state, p, "B30"):
            n = sum(t for area in visits.values() for q, _, t in area if q == p)
            if n:
                use_card(state, p, "B30")
                points(state, p, "cards", n, "B30")
        if card_ready(state, p, "B29"):
            for v in (v for area in visits.values() for v in area):
                if v[0] == p and v[1]:
                    use_card(state, p, "B29")
                    v[1] -= 1
                    P(state, p)["reserve"] += 1
                    event(state, "b29", p)
                    break
    # Belle Époque: travellers leave before the count (SEED).
    for area in visits.values():
        for v in area:
            state["train"] += v[2]
            v[2] = 0
    count = [0] * state["players"]
    for area in visits.values():
        for q, a, _ in area:
            count[q] += a
    best = max(count)
    if best <= 0:
        return
    losers = [p for p in range(state["players"]) if count[p] == best]
    for p in losers:
        for v in (v for area in visits.values() for v in area):
            if v[0] == p and v[1]:
                v[1] -= 1
                break
        P(state, p)["court"] += 1
    event(state, "court", None, players=losers, count=best)


# ---------------------------------------------------------------- 6. exhibition visit
def hall_colours(state: State, pos: int) -> int:
    r = EXHIBITION_ROW[pos]
    return len({state["arch"][cell_id(c, r)] for c in range(1, 6)} - {-1})


def _exhibition(state: State) -> None:
    be = state["be"]
    if not be or all(o == -1 for o in be["halls"]):
        return  # from the first hall on (SEED); the round it is built counts (DESIGNED reading)
    for i, owner in enumerate(be["halls"]):
        if owner >= 0:
            n = hall_colours(state, i)
            points(state, owner, "exhibitions", n)
            event(state, "visit_hall", owner, pos=i + 1, colours=n)
    for p in range(state["players"]):
        cards = len(P(state, p)["be_cards"])
        if card_ready(state, p, "B31"):
            use_card(state, p, "B31")
            points(state, p, "exhibitions", B31_VP * cards, "B31")
        if card_ready(state, p, "B32"):
            use_card(state, p, "B32")
            francs(state, p, B32_FR * cards, "B32")


# ---------------------------------------------------------------- 7. round end
def _round_end_cards(state: State) -> None:
    frames = [{"k": "b23", "p": p} for p in range(state["players"]) if "B23" in P(state, p)["be_cards"]]
    push(state, *frames)


def _cleanup(state: State) -> None:
    n = state["players"]
    last = state["round"] >= ROUNDS
    for p in range(n):
        pl = P(state, p)
        if card_ready(state, p, "B24"):  # before the nobles are readied (SEED)
            use_card(state, p, "B24")
            points(state, p, "nobles", len(ready_nobles(state, p)), "B24")
    # Meeples come home (not from the court or the Belle Époque tiles).
    for c in range(25):
        if state["arch"][c] >= 0:
            P(state, state["arch"][c])["reserve"] += 1
        state["arch"][c] = -1
        state["francs"][c] = 0
    for area in state["visits"].values():
        for q, a, t in area:
            P(state, q)["reserve"] += a
            state["train"] += t
        area.clear()
    if state["b22"]:
        q, kind = state["b22"]
        if kind == "architect":
            P(state, q)["reserve"] += 1
        else:
            state["train"] += 1
        state["b22"] = None
    for p in range(n):
        pl = P(state, p)
        state["train"] += pl["travellers"]  # unused travellers go back (SEED)
        pl["travellers"] = 0
        for noble in pl["nobles"].values():
            noble["used"] = False
        for card in pl["be_cards"]:
            pl["be_cards"][card] = False
        pl["won"], pl["tied"], pl["tucked_now"] = [], [], []
    # Display: the rightmost (free) noble leaves, the rest shift, one new on the left (SEED).
    gone = state["display"][-1]
    if gone:
        state["noble_discard"].append(gone)
    state["display"] = [None] + state["display"][:-1]
    if not last:
        state["display"][0] = draw(state, "noble_deck", "noble_discard")
    state["prestige_discard"] += [c for c in state["strip"] if c]
    state["strip"] = [None] * STRIP_SLOTS
    if not last:
        state["strip"] = [draw(state, "prestige_deck", "prestige_discard") for _ in range(STRIP_SLOTS)]
    if state["stock"]:
        state["stock_discard"].append(state["stock"])
    state["stock"] = None
    state["square"] = None
    state["passed"] = [False] * n
    state["first_pass"] = None
    state["history"].append(commit_row(state, ROUND_ITEMS))
    event(state, "round_end", None, round=state["round"])
    finish_round(state)


def commit_row(state: State, items: tuple[str, ...]) -> list[dict[str, int]]:
    rows = []
    for p in range(state["players"]):
        row = {i: state["tally"][p].get(i, 0) for i in ITEMS}
        row["total"] = sum(row[i] for i in ITEMS)
        rows.append(row)
    state["tally"] = [{i: 0 for i in items} for _ in range(state["players"])]
    return rows


STEPS = (_columns, _start_player, _rewards, _fleurs, _brussels, _exhibition, _round_end_cards, _cleanup)
"""The scoring phase, in order (flow.py runs one step at a time, in decisions.py's pipeline)."""
