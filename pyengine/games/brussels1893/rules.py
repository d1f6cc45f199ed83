"""The rules in one place for the Game object: setup, legal moves, check, apply, views.

Importing the action modules registers their decision frames with flow.py.
"""
from __future__ import annotations

from typing import Any

from ...core import rng
from ...core.game import copy_state
from . import actions, brussels, final, nobles, scoring  # noqa: F401 (register frames)
from .data import BE_TILES, NOBLES, PRESTIGE, STOCK, noble_ids
from .flow import apply, check, legal_moves, to_move  # noqa: F401 (the rules' entry points)
from .state import State, new_game  # noqa: F401

HIDDEN = "?"


def view(state: State, player: int | None) -> State:
    """Face-down cards become placeholders: the noble, prestige and stock-exchange decks,
    everyone's first-pass prestige cards (nobody looks at them, SEED), the face-down Belle
    Époque tiles of the cross and the unused ones, and the generator."""
    v = copy_state(state)
    v["rng"] = 0
    v["seed"] = 0  # with the seed and the public moves, anyone could replay the hidden cards
    for deck in ("noble_deck", "prestige_deck", "stock_deck", "be_cross", "stock_box"):
        v[deck] = [HIDDEN] * len(state[deck])
    for pl in v["pl"]:
        pl["pass_cards"] = [HIDDEN] * len(pl["pass_cards"])
    if v["be"]:
        v["be"]["box"] = [HIDDEN] * len(v["be"]["box"])
    v["viewer"] = player
    return v


def determinize(view_state: State, seed: int) -> State:
    """A full state consistent with a view: the unseen cards dealt at random (for bots
    that look ahead; they never see the true hidden state)."""
    s = copy_state(view_state)
    r = rng.seed_state(seed)
    # Nobles: every card not visible somewhere is in the deck.
    deck_all, brugmanns = noble_ids(s["be"] is not None, s["players"])
    seen = set(c for c in s["display"] if c) | set(s["noble_discard"]) | set(s["noble_box"])
    seen |= {v["id"] for pl in s["pl"] for v in pl["nobles"].values()}
    if s.get("reveal"):
        seen.add(s["reveal"])
    seen |= {f["card"] for f in s["frames"] if f["k"] == "keep"}
    unseen = [c for c in deck_all + brugmanns if c not in seen]
    r = rng.shuffle(r, unseen)
    s["noble_deck"] = unseen[:len(s["noble_deck"])]
    # Prestige: deck and the face-down first-pass cards share the unseen cards.
    seen_p = set(c for c in s["strip"] if c) | set(s["prestige_discard"])
    seen_p |= {c for pl in s["pl"] for c in pl["tucked_cards"] + pl["won"]}
    unseen_p = [c for c in sorted(PRESTIGE) if c not in seen_p]
    r = rng.shuffle(r, unseen_p)
    for pl in s["pl"]:
        k = len(pl["pass_cards"])
        pl["pass_cards"], unseen_p = unseen_p[:k], unseen_p[k:]
    s["prestige_deck"] = unseen_p[:len(s["prestige_deck"])]
    seen_s = set(s["stock_discard"]) | ({s["stock"]} if s["stock"] else set())
    unseen_s = [c for c in sorted(STOCK) if c not in seen_s]
    r = rng.shuffle(r, unseen_s)
    s["stock_deck"] = unseen_s[:len(s["stock_deck"])]
    s["stock_box"] = unseen_s[len(s["stock_deck"]):][:len(s["stock_box"])]
    if s["be"]:
        seen_t = set(s["be"]["tiles"])
        unseen_t = [t for t in sorted(BE_TILES) if t not in seen_t]
        r = rng.shuffle(r, unseen_t)
        s["be_cross"] = unseen_t[:len(s["be_cross"])]
        s["be"]["box"] = unseen_t[len(s["be_cross"]):]
    s["rng"] = r
    s.pop("viewer", None)
    return s


def public_counts(state: State) -> tuple[Any, ...]:
    """What a move may reveal: deck sizes and the generator (for the undo policy)."""
    return (len(state["noble_deck"]), len(state["prestige_deck"]), len(state["stock_deck"]), state["rng"],
            state.get("reveal"))


__all__ = ["view", "determinize", "NOBLES"]
