"""What holds in every Manhattan position (the fuzz tests check it after every move,
through `Manhattan.invariants`; setup.py refuses an edited position that breaks it):
every storey of every colour accounted for, the 45 cards, the hand size, the scores
and the turn. Each problem is one line in words; an empty list means a sound position."""

from __future__ import annotations

from typing import Any

from .data import CARD_POSITIONS, CARDS_PER_POSITION, HAND_SIZE, PARTS_PER_COLOUR, PARTS_PER_ROUND, ROUNDS, SIZES

State = dict[str, Any]


def _storeys_of(stack: list[list[int]], colour: int) -> int:
    return sum(size for c, size in stack if c == colour)


def problems(state: State) -> list[str]:
    bad: list[str] = []
    total = sum(size * count for size, count in PARTS_PER_COLOUR.items())
    for colour in range(len(state["colours"])):
        storeys = (
            sum(size * n for size, n in zip(SIZES, state["supply"][colour]))
            + sum(size * n for size, n in zip(SIZES, state["selected"][colour]))
            + sum(_storeys_of(stack, colour) for stack in state["board"])
            + state["destroyed"][colour]
            + state["set_aside"][colour]
        )
        if storeys != total:
            bad.append(f"colour {colour}: {storeys} storeys accounted for, not {total}")
        if min(state["supply"][colour] + state["selected"][colour]) < 0:
            bad.append(f"colour {colour}: a negative part count")
    cards = sorted(state["deck"] + state["discard"] + [c for hand in state["hands"] for c in hand])
    if cards != sorted(pos for pos in CARD_POSITIONS for _ in range(CARDS_PER_POSITION)):
        bad.append("the 45 cards are not all in the deck, the discard pile or a hand")
    if any(len(hand) > HAND_SIZE for hand in state["hands"]):
        bad.append("a hand holds more than 4 cards")
    if [sum(row[p]["total"] for row in state["history"]) for p in range(state["players"])] != state["scores"]:
        bad.append("scores differ from the sum of the scored rounds")
    if state["phase"] not in ("pick", "build", "over") or not 0 <= state["turn"] < state["players"]:
        bad.append(f"phase {state['phase']!r} / turn {state['turn']} out of range")
    return bad


# ---- why every game ends (RULES.md, "Why every game ends") ----------------------------
def progress(state: State) -> tuple[int, ...]:
    """(rounds still to start, moves left in this round): every pick moves one part from
    the supply to the chosen parts, every build or discard (the stuck rule) takes one
    chosen part off, and a round ends when nobody holds a chosen part. The second number
    counts the picks still to make plus every part the round will build: it falls by one
    with each move, and the game over is (0, 0)."""
    if state["phase"] == "over":
        return (0, 0)
    colours = len(state["colours"])
    if state["phase"] == "pick":
        picks = sum(max(0, state["per_round"] - sum(state["selected"][c])) for c in range(colours))
        left = picks + state["per_round"] * colours
    else:
        left = sum(sum(sel) for sel in state["selected"])
    return (state["rounds"] - state["round"], left)


def move_budget(players: int, options: dict[str, Any]) -> int:
    """Rounds x colours x parts per round x 2: each part is picked once and then built or
    discarded once (data.py: ROUNDS 6/6/4 and PARTS_PER_ROUND 4/4/6 for 2/3/4 players;
    a colour per player, two each in the two-colour game). 96 to 192 moves."""
    colours = 4 if options.get("two_colour") and players == 2 else players
    return ROUNDS[players] * colours * PARTS_PER_ROUND[players] * 2
