"""One search bot for every game: single-observer information-set MCTS (SO-ISMCTS).

The bot is given only its own view. Each iteration:

1. determinise: ``hooks.determinize(view, player, rng)`` samples one full state that
   agrees with the view (hidden hands, deck order, money filled in plausibly). The true
   state is never seen; the hidden parts differ from iteration to iteration, so the
   tree's statistics average over what the bot cannot know.
2. select: from the root, while every eligible move of the node has been tried, pick
   the child with the best UCB score among the moves *legal in this determinisation*
   (a move's exploration term counts the iterations in which it was available, not the
   parent's visits: Cowling, Powley & Whitehouse 2012). Each node belongs to the player
   who moved into it, so every player maximises their own value (max^n). Several
   moves in a row by one player, or a decision in several steps, are simply several
   tree levels.
3. expand: one untried eligible move, the one with the best prior first.
4. play out up to ``playout_moves`` moves with a cheap policy (uniformly random, or
   with probability ``playout_greedy`` the move with the best prior).
5. score: the real result if the game ended (the winners share 1), else
   ``hooks.evaluate(state)`` (one value in [0, 1] per player), and back it up.

Moves come from ``legal_moves`` of the state they are applied to, so they are applied
without being checked again (``game.apply_unchecked``). The determinisation is the iteration's
own private copy, so it is changed in place: no copy per move.

What the search knows of a game beyond its rules comes in one frozen `SearchHooks`
(as OpenSpiel hands an evaluator to its bots): a game's ``search.py`` builds it and
binds it to its levels; the rules know nothing of it.

Progressive widening: when the game gives move priors (``hooks.ordering``), a node
with n visits considers only its ``1 + widening * sqrt(n)`` best available moves.
Good moves get looked at more deeply and rivals mostly answer with sensible replies.

The budget is ``iterations`` (deterministic for a given seed: the same view and seed
always give the same move) with ``max_ms`` as a safety net on slow machines (once it
binds the result depends on the machine's speed). ``think`` runs the search in slices
of about ``slice_ms`` (one iteration at least) and yields its progress between them, so a page can keep
drawing and answering clicks while a bot thinks; ``choose`` runs it to the end.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any, TypeVar

from . import rng
from .bots import Bot
from .game import Game, Move, State, copy_state

Thinking = Generator[float, None, Move]  # yields progress in [0, 1], returns the move


def reseed(view: State, player: int, rng_state: int) -> tuple[State, int]:
    """The default determinisation: the view with a fresh generator (which every view
    hides, as it would reveal future draws). Valid only for a game whose view hides
    nothing else; a game with hands, a face-down deck or secret money has its own."""
    state = copy_state(view)
    state.pop("viewer", None)
    rng_state, seed = rng.next_u64(rng_state)
    state["rng"] = seed
    return state, rng_state


@dataclass(frozen=True)
class SearchHooks:
    """What the search needs from a game beyond its rules (docs/bots.md). Every field
    has a default, so any game can be searched (weakly) with ``SearchHooks()``.

    - ``determinize(view, player, rng_state) -> (state, rng_state)``: a full state
      consistent with `player`'s view, what it hides sampled with `rng_state` (returned
      advanced), so that ``game.view(state, player) == view``. Called once per iteration.
    - ``evaluate(state) -> values``: how good a running game is for each player, in
      [0, 1] like a finished game's result; cut-off playouts are scored with it. None:
      a softmax of the scores, where a lead of ``eval_scale`` points is worth e:1.
    - ``ordering(state, moves) -> priors``: one number per move, higher = more
      promising. With them the search tries good moves first and widens progressively,
      and playouts may follow them. None: no priors.
    - ``rival_randomness(view, player) -> shares or None``: per player, the share of
      their moves that look random from what `player`'s view shows (0 for one who plays
      well), for a level with ``rival_model``. None: every rival plays well.
    - ``rival_reply(state, mover) -> move or None``: the move a rival is modelled to
      make here, or None to search it as usual, for a level with ``rival_replies``
      (Chinatown: a rival answers an offer as the trader bot would).
    - ``root_moves(view, player, limit) -> moves``: up to `limit` legal moves the game's
      list leaves out, searched at the root beside it, for a level with ``root_moves``
      (Chinatown: offers priced to be accepted, where the list names fixed prices).
    """

    determinize: Callable[[State, int, int], tuple[State, int]] = reseed
    evaluate: Callable[[State], list[float]] | None = None
    ordering: Callable[[State, list[Move]], list[float]] | None = None
    rival_randomness: Callable[[State, int], list[float] | None] | None = None
    rival_reply: Callable[[State, int], Move | None] | None = None
    root_moves: Callable[[State, int, int], list[Move]] | None = None
    eval_scale: float = 10.0

    def values(self, game: Game, state: State) -> list[float]:
        """`evaluate`, or its default (softmax of the scores)."""
        if self.evaluate is not None:
            return self.evaluate(state)
        return softmax_values([float(s) for s in game.scores(state)], self.eval_scale)


def hooks_of(game: Game) -> SearchHooks:
    """The hooks a game's search levels are bound to (its "normal" level's), else the defaults."""
    level = game.bots().get("normal")
    return getattr(level, "hooks", None) or SearchHooks()


class _Node:
    __slots__ = ("children", "visits", "total", "avail", "prior")

    def __init__(self, prior: float = 0.0) -> None:
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.total = 0.0  # sum of the values, for the player who moved into this node
        self.avail = 0  # iterations in which this node's move was legal at its parent
        self.prior = prior


def result_values(game: Game, state: State) -> list[float]:
    """A finished game's value per player: the winners share 1."""
    n = len(game.scores(state))
    winners = game.winners(state)
    out = [0.0] * n
    for w in winners:
        out[w] = 1.0 / len(winners)
    return out


def win_chance(lead: float, scale: float) -> float:
    """A two-player lead read as the leader's chance to win: the logistic curve that
    ``softmax_values`` gives two players (the lookaheads' reading of a projection)."""
    x = lead / scale
    return 1 / (1 + math.exp(-x)) if x > -700 else 0.0


def softmax_values(totals: list[float], scale: float) -> list[float]:
    """Projected totals to values in [0, 1] summing to 1: a soft 'who would win'.
    `scale` is the lead (in the same units) that makes one player e times likelier."""
    top = max(totals)
    weights = [math.exp((t - top) / scale) for t in totals]
    s = sum(weights)
    return [w / s for w in weights]


class SearchBot(Bot):
    """ISMCTS over the shared interface. Subclasses (the levels) set the budget."""

    name = "search"
    iterations: int = 200
    max_ms: float | None = None  # wall-clock safety cap for one decision
    playout_moves: int = 4
    playout_greedy: float = 0.0  # chance a playout move is the best-prior move
    exploration: float = 0.5  # UCB constant; values are in [0, 1]
    widening: float = 1.5  # progressive widening factor (used when the game gives priors)
    slice_ms: float = 15.0  # a page's task stays well under 100 ms even when the machine is busy
    # Iterations for a decision in a named phase (game.phase), in place of `iterations`:
    # where the priors already play a phase well, a longer search can only drift from them.
    phase_iterations: dict[str, int] = {}
    # The game's hooks, bound by its search.py (`levels(..., hooks=...)`); a level may
    # carry its own, e.g. another evaluation: Brussels 1893's hard level scores leaves
    # with fitted weights (docs/bots.md).
    hooks: SearchHooks = SearchHooks()
    # Model each rival's play by the hooks' `rival_randomness`: a rival who reads as
    # playing at random a share eps of the time makes a uniformly random move that
    # often in the tree (a chance node), instead of always the best reply for them.
    rival_model: bool = False
    # Follow the hooks' `rival_reply` where it names a rival's move (bool, as 0 or 1 so
    # that a tournament variant can set it).
    rival_replies: int = 0
    # Search this many of the hooks' `root_moves` beside the game's own list.
    root_moves: int = 0
    _random_share: list[float] | None = None
    _root_extra: list[Move] = []

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.stats: dict[str, Any] = {}

    def choose(self, game: Game, view: State, player: int) -> Move:
        return finish(self.think(game, view, player))

    # ---- the search -----------------------------------------------------------------
    def think(self, game: Game, view: State, player: int) -> Thinking:
        """The search as a generator: yields its progress every ``slice_ms`` of work and
        returns the chosen move (``move = yield from bot.think(...)``)."""
        hooks = self.hooks
        moves = game.legal_moves(view)
        extra: list[Move] = []
        if self.root_moves and hooks.root_moves is not None and len(moves) > 1:
            known = set(moves)
            extra = [m for m in hooks.root_moves(view, player, self.root_moves) if m not in known]
            moves = extra + moves  # ahead of the list: among equal priors, widening takes them first
        self._root_extra = extra
        if len(moves) == 1:
            self.stats = {"iterations": 0, "forced": True}
            return moves[0]
        if extra:
            yield 0.0  # finding them is a slice of work of its own (Chinatown: about 16 ms)
        root = _Node()
        has_priors = hooks.ordering is not None
        rival_randomness = hooks.rival_randomness
        self._random_share = rival_randomness(view, player) if self.rival_model and rival_randomness else None
        budget = self.iterations
        if self.phase_iterations:  # only then ask the game for its phase
            budget = self.phase_iterations.get(game.phase(view), budget)
        started = slice_start = time.perf_counter()
        limit = None if self.max_ms is None else started + self.max_ms / 1000
        done = 0
        while done < budget:
            self._iterate(game, view, player, root, has_priors)
            done += 1
            now = time.perf_counter()
            if limit is not None and now >= limit:
                break
            if (now - slice_start) * 1000 >= self.slice_ms:
                progress = done / budget
                if limit is not None:
                    progress = max(progress, (now - started) / (limit - started))
                yield min(progress, 1.0)
                slice_start = time.perf_counter()
        legal = {m: i for i, m in enumerate(moves)}
        best = max(
            (m for m in root.children if m in legal),
            key=lambda m: (root.children[m].visits, root.children[m].total, -legal[m]),
            default=moves[0],
        )
        self.stats = {
            "iterations": done,
            "capped": done < budget,
            "ms": (time.perf_counter() - started) * 1000,
            "visits": {
                str(m): (c.visits, round(c.total / max(c.visits, 1), 3))
                for m, c in sorted(root.children.items(), key=lambda kv: -kv[1].visits)[:5]
            },
        }
        return best

    def _iterate(self, game: Game, view: State, player: int, root: _Node, has_priors: bool) -> None:
        hooks = self.hooks
        state, self.rng = hooks.determinize(view, player, self.rng)
        ordering = hooks.ordering if has_priors else None
        apply = game.apply_unchecked
        node = root
        path: list[tuple[_Node, int]] = []  # (node, the player who moved into it)
        expanded = False
        random_share = self._random_share
        reply = hooks.rival_reply if self.rival_replies else None
        while not game.is_over(state):
            mover = game.to_move(state)[0]
            moves = game.legal_moves(state)
            if node is root and self._root_extra:
                moves = self._root_extra + moves
            children = node.children
            # A rival's modelled move (`rival_reply`), else a random one for a rival read
            # as playing at random: followed into the tree without counting as the
            # expansion, so the leaf is still one of our choices.
            followed = reply(state, mover) if reply is not None and mover != player else None
            if followed is None and random_share and random_share[mover]:
                if self.below(1000) < random_share[mover] * 1000:
                    followed = moves[self.below(len(moves))]
                    if followed not in children:
                        children[followed] = _Node(ordering(state, [followed])[0] if ordering else 0.0)
            if followed is not None:
                if followed not in children:
                    children[followed] = _Node()
                node = children[followed]
                apply(state, followed)
                path.append((node, mover))
                continue
            if ordering is not None:
                new = [m for m in moves if m not in children]
                if new:
                    for m, p in zip(new, ordering(state, new)):
                        children[m] = _Node(p)
                ranked = sorted(moves, key=lambda m: -children[m].prior)
                eligible = ranked[: 1 + int(self.widening * math.sqrt(node.visits))]
            else:
                for m in moves:
                    if m not in children:
                        children[m] = _Node()
                eligible = moves
            untried = [m for m in eligible if children[m].visits == 0]
            for m in eligible:
                children[m].avail += 1
            if untried:
                # Priors put the best first; without them every untried move is as good.
                move = untried[0] if has_priors else untried[self.below(len(untried))]
                child = children[move]
                apply(state, move)
                path.append((child, mover))
                expanded = True
                break
            explore = self.exploration
            best_move, best_score = None, -1.0
            for m in eligible:
                c = children[m]
                score = c.total / c.visits + explore * math.sqrt(math.log(c.avail) / c.visits)
                if score > best_score:
                    best_move, best_score = m, score
            assert best_move is not None  # eligible is never empty: the game is not over
            node = children[best_move]
            apply(state, best_move)
            path.append((node, mover))
        if expanded:
            self._playout(game, state, has_priors)
        if game.is_over(state):
            values = result_values(game, state)
        else:
            values = hooks.values(game, state)
        root.visits += 1
        for node, mover in path:
            node.visits += 1
            node.total += values[mover]

    def _playout(self, game: Game, state: State, has_priors: bool) -> None:
        ordering = self.hooks.ordering if has_priors else None
        threshold = int(self.playout_greedy * 1_000_000) if ordering else 0
        for _ in range(self.playout_moves):
            if game.is_over(state):
                return
            moves = game.legal_moves(state)
            if ordering and threshold and self.below(1_000_000) < threshold:
                priors = ordering(state, moves)
                move = moves[max(range(len(moves)), key=priors.__getitem__)]
            else:
                move = moves[self.below(len(moves))]
            game.apply_unchecked(state, move)


class NoisyBot(Bot):
    """'easy': the game's greedy bot, except that a share of its moves are random."""

    name = "easy"
    base = "greedy"
    noise = 0.3

    def choose(self, game: Game, view: State, player: int) -> Move:
        if self.below(1000) < self.noise * 1000:
            moves = game.legal_moves(view)
            return moves[self.below(len(moves))]
        self.rng, seed = rng.next_u64(self.rng)
        return game.bots()[self.base](seed).choose(game, view, player)


def levels(
    normal: dict[str, Any],
    hard: dict[str, Any],
    easy: dict[str, Any] | None = None,
    prefix: str = "",
    hooks: SearchHooks | None = None,
) -> dict[str, type[Bot]]:
    """The three lobby levels as bot classes: easy (noisy greedy), normal and hard
    (search with the given settings, e.g. ``iterations``, ``max_ms``, ``playout_moves``,
    bound to the game's `hooks` unless a level's settings name its own)."""
    if hooks is not None:
        normal = {"hooks": hooks, **normal}
        hard = {"hooks": hooks, **hard}

    def make(base: type, name: str, settings: dict[str, Any]) -> type:
        return type(f"{prefix}{name.capitalize()}Bot", (base,), {"name": name, **settings})

    return {
        "easy": make(NoisyBot, "easy", easy or {}),
        "normal": make(SearchBot, "normal", normal),
        "hard": make(SearchBot, "hard", hard),
    }


_T = TypeVar("_T")


def slices(thinking: Generator[float, None, _T]) -> tuple[list[float], _T]:
    """A thinking generator run at once: the progress of every slice, and what it returns."""
    progress = []
    while True:
        try:
            progress.append(next(thinking))
        except StopIteration as done:
            return progress, done.value


def finish(thinking: Generator[float, None, _T]) -> _T:
    """What a thinking generator returns, its slices run at once (CPython, no page)."""
    return slices(thinking)[1]


def think(bot: Bot, game: Game, view: State, player: int) -> Thinking:
    """Any bot as a generator: search bots think in slices, the others at once."""
    if hasattr(bot, "think"):
        return (yield from bot.think(game, view, player))
    return bot.choose(game, view, player)
