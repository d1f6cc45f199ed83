"""The small changes every rule module makes to a state: points, francs, cubes, art
tiles, cards, tracks, decks and the stack of pending decisions. Each change that a
player would notice appends its event (``state["events"]``, worded by words.py)."""

from __future__ import annotations

from typing import Any

from ...core import rng
from .state import Frame, State, max_level


def event(state: State, key: str, p: int | None = None, **args: Any) -> None:
    state["events"].append([key, p, args])


def points(state: State, p: int, item: str, n: int, why: str = "") -> None:
    if not n:
        return
    state["pl"][p]["score"] += n
    row = state["tally"][p]
    row[item] = row.get(item, 0) + n
    if why:
        event(state, "points", p, n=n, why=why)


def francs(state: State, p: int, n: int, why: str = "") -> None:
    if not n:
        return
    state["pl"][p]["money"] += n
    if why:
        event(state, "francs", p, n=n, why=why)


def take_cubes(state: State, p: int, kind: str, n: int) -> int:
    """Move up to n cubes of a kind from the supply (limited, SEED); returns how many."""
    n = min(n, state["supply"][kind])
    state["supply"][kind] -= n
    state["pl"][p]["cubes"][kind] += n
    return n


def give_cubes(state: State, p: int, kind: str, n: int) -> None:
    state["pl"][p]["cubes"][kind] -= n
    state["supply"][kind] += n


def draw(state: State, deck: str, discard: str | None = None) -> str | None:
    """Top card of a deck; an empty deck is first refilled from its shuffled discards."""
    if not state[deck] and discard and state[discard]:
        state[deck] = state[discard]
        state[discard] = []
        state["rng"] = rng.shuffle(state["rng"], state[deck])
        event(state, "reshuffle", None, deck=deck)
    return state[deck].pop(0) if state[deck] else None


def push(state: State, *frames: Frame) -> None:
    """Push frames so that the first one given is decided first."""
    for f in reversed(frames):
        state["frames"].append(f)


def pop(state: State) -> Frame:
    """Take the decision on top off the stack (it is decided)."""
    return state["frames"].pop()


def use_card(state: State, p: int, card: str) -> None:
    """Turn Belle Époque card `card` over: used this round."""
    state["pl"][p]["be_cards"][card] = True
    event(state, "card", p, card=card)


def track_up(state: State, p: int, track: str, why: str = "") -> None:
    pl = state["pl"][p]
    top = max_level(state, p) if track == "level" else 6
    if pl[track] < top:
        pl[track] += 1
        event(state, "track", p, track=track, level=pl[track])


def free_from_court(state: State, p: int) -> None:
    pl = state["pl"][p]
    if pl["court"]:
        pl["court"] -= 1
        pl["reserve"] += 1
        event(state, "court_out", p)


def take_art(state: State, p: int, colour: str, white: bool = False) -> bool:
    if state["studio"][colour] <= 0:
        return False
    state["studio"][colour] -= 1
    if white:
        state["pl"][p]["white"].append(colour)
        state["pl"][p]["white"].sort()
    else:
        state["pl"][p]["art"][colour] += 1
    event(state, "art", p, colour=colour, white=white)
    return True
