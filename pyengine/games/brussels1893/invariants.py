"""What holds in every Brussels 1893 position (the fuzz tests check it after every
move): architects, travellers, cubes, wildcards, art tiles, prestige, noble and
stock-exchange cards and Belle Époque components are all accounted for, counters stay
in range, and the scores equal their breakdown. Each problem is one line in words;
an empty list means a sound position."""

from __future__ import annotations

from typing import Any

from .data import ARCHITECTS, ART_COLOURS, ART_PER_COLOUR, CUBE_SUPPLY, PRESTIGE, ROUNDS, STOCK, TRAVELLERS, WILDCARDS
from .decisions import PIPELINES


def problems(s: dict[str, Any]) -> list[str]:
    out: list[str] = []
    n = s["players"]
    be = s["be"] is not None
    visits = [v for area in s["visits"].values() for v in area]
    for p in range(n):
        pl = s["pl"][p]
        on_board = sum(1 for a in s["arch"] if a == p)
        on_brussels = sum(a for q, a, _ in visits if q == p)
        parked = 1 if s["b22"] and s["b22"][0] == p and s["b22"][1] == "architect" else 0
        total = pl["reserve"] + pl["court"] + len(pl["tiles"]) + on_board + on_brussels + parked
        if total != ARCHITECTS:
            out.append(f"player {p + 1} has {total} architects, not {ARCHITECTS}")
        if min(pl["reserve"], pl["court"], pl["travellers"], pl["money"]) < 0:
            out.append(f"player {p + 1} has a negative count")
        if not (1 <= pl["fleur"] <= 6 and 1 <= pl["crown"] <= 6 and 1 <= pl["level"] <= 7):
            out.append(f"player {p + 1}'s tracks are out of range")
        if not pl["built"] == sum(1 for h in s["house"] if h == p) + len(pl["halls"]) <= 6:
            out.append(f"player {p + 1}'s built count differs from their houses and halls")
        if any(v < 0 for v in pl["cubes"].values()):
            out.append(f"player {p + 1} has a negative number of cubes")
    travellers = (
        s["train"]
        + sum(pl["travellers"] for pl in s["pl"])
        + sum(t for _, _, t in visits)
        + (1 if s["b22"] and s["b22"][1] == "traveller" else 0)
    )
    if travellers != (4 if be else 0):
        out.append(f"{travellers} travellers accounted for")
    for c in ("wood", "iron", "stone", "glass"):
        want = CUBE_SUPPLY if be or c != "glass" else 0
        if s["supply"][c] + sum(pl["cubes"][c] for pl in s["pl"]) != want:
            out.append(f"{c} cubes are lost or duplicated")
    if s["supply"]["wild"] + sum(pl["cubes"]["wild"] for pl in s["pl"]) != WILDCARDS:
        out.append("wildcards are lost or duplicated")
    for colour in ART_COLOURS:
        held = sum(pl["art"][colour] + pl["white"].count(colour) for pl in s["pl"])
        shown = sum(1 for t in s["market"]["slots"] if t and t.split(":")[-1] == colour)
        shown += sum(
            1
            for f in s["frames"]
            if f["k"] == "sell" and f["stage"] in ("pos", "slot") and f["tile"].split(":")[-1] == colour
        )  # a tile being sold
        if s["studio"][colour] + held + shown != ART_PER_COLOUR:
            out.append(f"{colour} art tiles are lost or duplicated")
    prestige = (
        s["prestige_deck"]
        + [c for c in s["strip"] if c]
        + s["prestige_discard"]
        + [c for pl in s["pl"] for c in pl["pass_cards"] + pl["tucked_cards"] + pl["won"]]
    )
    if len(prestige) != len(PRESTIGE) or ("?" not in prestige and sorted(prestige) != sorted(PRESTIGE)):
        out.append("prestige cards are lost or duplicated")
    nobles = (
        s["noble_deck"]
        + [c for c in s["display"] if c]
        + s["noble_discard"]
        + s["noble_box"]
        + [v["id"] for pl in s["pl"] for v in pl["nobles"].values()]
        + ([s["reveal"]] if s["reveal"] else [])
        + [f["card"] for f in s["frames"] if f["k"] == "keep"]
    )  # bought, not yet kept or discarded
    if len(nobles) != (32 if be else 26) or (len(set(nobles)) != len(nobles) and "?" not in nobles):
        out.append("noble cards are lost or duplicated")
    stock = s["stock_deck"] + s["stock_discard"] + s["stock_box"] + ([s["stock"]] if s["stock"] else [])
    if len(stock) != len(STOCK):
        out.append("stock-exchange cards are lost or duplicated")
    if be:
        b = s["be"]
        if len(b["tiles"]) + len(s["be_cross"]) + len(b["box"]) != 12:
            out.append("Belle Époque tiles are lost or duplicated")
        if sum(1 for c in b["cards"] if c) + sum(len(pl["be_cards"]) for pl in s["pl"]) != 5:
            out.append("Belle Époque cards are lost or duplicated")
        if sorted(t for pl in s["pl"] for t in pl["tiles"]) != sorted(
            t for t, o in zip(b["tiles"], b["tile_arch"]) if o >= 0
        ):
            out.append("Belle Époque tiles held differ from the tiles with an architect")
    if sum(pl["score"] for pl in s["pl"]) != sum(sum(row["total"] for row in rows) for rows in s["history"]) + sum(
        sum(t.values()) for t in s["tally"]
    ):
        out.append("scores differ from their breakdown")
    return out


# ---- why every game ends (RULES.md, "Why every game ends") ----------------------------
_PHASE_RANK = {"setup": 5, "planning": 4, "actions": 3, "scoring": 2, "end": 1, "over": 0}
# The longest run of moves that leave `progress` unchanged: the decisions that follow a
# turn's first one (francs under the architect, the action and its stages, the house
# owner's free action, nobles, cards B02-B23, each usable once), a round's planning, a
# scoring or end step's claims, prizes and upkeep. The fuzz saw at most 6 (issue 46, in
# 1,350 games under three policies); every fuzz and bot-pair game checks this bound.
PLATEAU = 8


def _meeples_left(s: dict[str, Any]) -> int:
    """Actions phase: for each player who has not passed, their pass plus every architect
    and traveller they could still spend (an architect in their court counts twice: a
    noble may free it to the reserve), plus twice the travellers still on the train (a
    noble may hand one out)."""
    left = 2 * s["train"]
    for p, pl in enumerate(s["pl"]):
        if not s["passed"][p]:
            left += 1 + pl["reserve"] + 2 * pl["court"] + pl["travellers"]
    return left


def progress(s: dict[str, Any]) -> tuple[int, ...]:
    """(rounds still to start, phases left in the round, what is left of the phase).
    Setup: the starting art tiles still to take. Actions: _meeples_left, which each turn
    lowers (placing an architect or the extra architect of card B22 spends one from the
    reserve, a Brussels visit one or more meeples, passing ends the player's term) and no
    decision raises (architects come back to the reserve and travellers to the train
    only in the scoring phase). Scoring and end: the pipeline's steps still to run. The
    decisions inside a turn or a step leave it as it is: at most PLATEAU in a row."""
    phase = s["phase"]
    if phase == "over":
        return (0, 0, 0)
    if phase == "setup":
        left = len(s["frames"])
    elif phase == "actions":
        left = _meeples_left(s)
    elif phase in ("scoring", "end"):
        left = len(PIPELINES[phase]) - s["step"]
    else:
        left = 0
    return (ROUNDS - s["round"], _PHASE_RANK[phase], left)


def move_budget(players: int, options: dict[str, Any]) -> int:
    """Setup: one starting art tile each. Each round (ROUNDS = 5): at most
    players x 8 + 4 turns (each turn but a pass spends an architect or a traveller, and
    an architect spent stays on the board until the scoring: 7 architects (ARCHITECTS)
    and a pass per player, 4 travellers (TRAVELLERS) in all), the planning (the try
    square) and the scoring's 8 steps, each followed by at most PLATEAU decisions; then
    the end's 4 steps, likewise. 1,343 moves for 2 players to 2,426 for 5; games run
    100-400."""
    turns = players * (ARCHITECTS + 1) + TRAVELLERS
    per_round = (turns + 1 + len(PIPELINES["scoring"])) * (1 + PLATEAU)
    return players + ROUNDS * per_round + len(PIPELINES["end"]) * (1 + PLATEAU)
