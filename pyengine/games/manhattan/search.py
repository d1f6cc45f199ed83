"""Manhattan's hooks for the search bot (pyengine/core/search.py), its levels and the
whole table of its bots.

Hidden: the other hands and the deck. Every card not in your hand and not in the
open discard pile is in one of them, so a determinisation deals those cards at random
into the others' hands (of their known sizes) and the deck.

The evaluation projects each player's final score: points so far, plus the board as
it stands scored for this round and (discounted, since buildings change hands) for the
rounds still to come, plus a little for the parts chosen but not yet built. The
priors (`bots.priors`) score a build by how it changes this round's scoring (its own
points minus the best rival's, as the greedy bot does) computed directly from the
board, without copying the state, so the search can afford them at every node; they
live in bots.py beside the greedy bot's heuristics, since rivals.py reads its rivals'
play with them too. The hard level's model of its rivals is rivals.py's.

Wired in one place, here (docs/bots.md): ``HOOKS`` gathers the hooks, plain functions
(core/search.py's ``SearchHooks``); ``levels(..., hooks=HOOKS)`` binds them to the
normal and hard levels; ``BOTS`` is the whole table, bots.py's hand-written bots and
these levels, which ``Manhattan.bots()`` imports when first asked for. This module
imports bots.py and rivals.py, never the other way.
"""

from __future__ import annotations

from ...core import rng
from ...core.bots import Bot
from ...core.game import Game, State, copy_state
from ...core.search import SearchBot, SearchHooks, Thinking, levels, softmax_values
from . import bots, lookahead, rivals, scoring
from .data import CARD_POSITIONS, CARDS_PER_POSITION

FUTURE_ROUND = 0.5  # weight of the current board in each scoring still to come after this round's
PART_VALUE = (0.0, 0.5, 0.7, 0.9, 1.1)  # points a chosen, unbuilt part is worth, by storeys
EVAL_SCALE = 3.0  # a projected lead of 3 points makes a player e times likelier to win
WEIGHTS = lookahead.Weights(PART_VALUE, FUTURE_ROUND, EVAL_SCALE)  # hard's lookahead reads the board as evaluate() does


def determinize(view: State, player: int, rng_state: int) -> tuple[State, int]:
    """Deal every unseen card (the 45-card deck minus your hand and the discard pile)
    at random into the other hands and the deck."""
    state = copy_state(view)
    state.pop("viewer", None)
    unseen = [card for card in CARD_POSITIONS for _ in range(CARDS_PER_POSITION)]
    for card in view["hands"][player]:
        unseen.remove(card)
    for card in view["discard"]:
        unseen.remove(card)
    rng_state = rng.shuffle(rng_state, unseen)
    for p, hand in enumerate(state["hands"]):
        if p != player:
            state["hands"][p] = [unseen.pop() for _ in hand]
    state["deck"] = unseen
    rng_state, state["rng"] = rng.next_u64(rng_state)
    return state, rng_state


def evaluate(state: State) -> list[float]:
    n = state["players"]
    rows = scoring.score_round(state)
    still = 1 + FUTURE_ROUND * (state["rounds"] - state["round"])
    proj = [state["scores"][p] + still * rows[p]["total"] for p in range(n)]
    for colour, chosen in enumerate(state["selected"]):
        p = state["colours"][colour]
        proj[p] += sum(k * PART_VALUE[size] for size, k in enumerate(chosen, 1))
    return softmax_values(proj, EVAL_SCALE)


HOOKS = SearchHooks(
    determinize=determinize, evaluate=evaluate, ordering=bots.priors, rival_randomness=rivals.rival_randomness
)

# Levels. Budgets: normal about 0.3 s and hard about 1 s per decision in CPython on
# the reference machine (Pyodide is 2-2.5x slower: about 0.7 s and 2.5 s in the
# browser); max_ms caps a decision on a slow machine (docs/bots.md). Hard also reads
# from the plays how its rivals play (rivals.py): more iterations alone bought nothing.
# In the two-player game hard's builds before the last round come from lookahead.py
# (_hard_think below).
LEVELS = levels(
    normal={"iterations": 250, "max_ms": 1000, "playout_moves": 0},
    hard={"iterations": 800, "max_ms": 3000, "playout_moves": 0, "rival_model": True},
    prefix="Manhattan",
    hooks=HOOKS,
)


def _hard_think(self: SearchBot, game: Game, view: State, player: int) -> Thinking:
    """Hard's decision: in the two-player game its builds before the last round come from
    lookahead.py (three plies, the rival's hand averaged exactly, not sampled); every
    other decision is the search (issue 48; the measurements are in lookahead.py)."""
    if lookahead.applies(view):
        move = yield from lookahead.think(view, player, game.legal_moves(view), WEIGHTS)
        if move is not None:
            self.stats = {"iterations": 0, "lookahead": True}
            return move
    return (yield from SearchBot.think(self, game, view, player))


LEVELS["hard"] = type("ManhattanHardBot", (LEVELS["hard"],), {"think": _hard_think, "__doc__": _hard_think.__doc__})

# Every bot of the game, in the lobby's order: random, greedy, then easy, normal, hard.
BOTS: dict[str, type[Bot]] = {**bots.BOTS, **LEVELS}
