"""Chinatown's hooks for the search bot (pyengine/core/search.py) and its levels.

Hidden from a player, and how a determinisation fills it in from the player's view:

- land cards: every lot nobody owns and the player was not dealt is in the deck or in
  another player's hand this round; they are dealt at random into the others' hands
  (of their known sizes) and the deck. A player who has already kept cards keeps a
  random subset of the right size of what they were dealt.
- the tile bag: the 90 tiles minus every tile in a hand (hands are public) or on the
  board, shuffled.
- the outlook cards still to come: a random draw from the cards not yet revealed (three
  went back to the box unseen, so which ones are left is itself unknown).
- other players' money, the estimate: what the bank paid them is public (start money
  and every income), and trades only move money between players, so the others' trade
  gains add up to minus the player's own; each is given an equal share of that,
  rounded down to whole money cards (never below zero). The money side of an offer the
  player cannot see (not being party to it) becomes one money card.

The evaluation projects each player's final money: money now plus the trader bot's
valuation of their lots and tiles (income still to come, tiles placed greedily) by the
search's own weights (``OWN``: a tile left over is worth nothing) and the outlook
bonuses still to come on the board as it stands, with
lots kept this round counted before they are revealed, and tiles held by a player who
has finished placing this round counted from next round. The priors are cheap: keep
the lots that join your own, place where income grows most, answer as the trader
would, and prefer being done to an unpriced offer.

Trading: in the tree a rival answers an offer as the trader bot does (``rival_reply``),
and the root adds offers priced at exactly what that answer accepts (``root_offers``):
the game's suggestion list names fixed prices, which a trader never took, and a rival
searched as max^n accepted whatever raised its own share, so the tree valued offers
that would be declined (docs/bots.md, "Chinatown's trading").

Wired in one place, here (see docs/bots.md): the hooks are plain functions of this
module gathered in ``HOOKS`` (core/search.py's ``SearchHooks``), bound to the normal and
hard levels by ``levels(..., hooks=HOOKS)``; ``BOTS`` is the whole table, bots.py's
hand-written bots and these levels, which ``Chinatown.bots()`` imports when asked for.
This module imports bots.py (the trader's valuation and answer), never the other way.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

from ...core import rng
from ...core.bots import Bot
from ...core.game import IllegalMove, Move, State
from ...core.search import SearchHooks, levels, softmax_values
from . import bots, rules, scoring
from .bots import answer, board_income, rounds_left, value
from .data import LOT_COUNT, NEIGHBOURS, OUTLOOK_BONUS, OUTLOOK_CARDS, START_MONEY, TILE_COUNTS, TYPE_COUNT
from .fastcopy import fast_copy
from .moves import Accept, Decline, Keep, Offer, Place

EVAL_SCALE = 5000  # alea dollars (x10 in the Z-Man edition): a lead of this is worth e:1
# Moves here differ by a few hundredths of a value (a trade worth a few thousand
# dollars): at the search's default exploration (0.5) the visits spread almost evenly.
EXPLORATION = 0.2


def bank_money(view: State) -> list[int]:
    """What the bank has paid each player so far (public): start money and incomes."""
    scale = rules.scale(view)
    out = [START_MONEY * scale] * view["players"]
    for shops, bonus in view["income"]:
        out = [m + a + b for m, a, b in zip(out, shops, bonus)]
    return out


def estimated_money(view: State, player: int) -> list[int]:
    """Money per player: exact for `player`, the documented estimate for the others."""
    n = view["players"]
    bank = bank_money(view)
    step = rules.unit(view)
    share = -view["trade_net"][player] / (n - 1)
    share = int(share // step) * step
    return [view["money"][p] if p == player or view["money"][p] >= 0 else max(0, bank[p] + share) for p in range(n)]


def determinize(view: State, player: int, rng_state: int) -> tuple[State, int]:
    state = fast_copy(view)
    state.pop("viewer", None)
    n = state["players"]
    # Land cards.
    mine = set(view["dealt"][player])
    unseen = [lot for lot in range(1, LOT_COUNT + 1) if view["owner"][lot] < 0 and lot not in mine]
    rng_state = rng.shuffle(rng_state, unseen)
    for q in range(n):
        if q == player:
            continue
        hand = sorted(unseen.pop() for _ in view["dealt"][q])
        state["dealt"][q] = hand
        if view["kept"][q]:
            pick = hand[:]
            rng_state = rng.shuffle(rng_state, pick)
            state["kept"][q] = sorted(pick[: len(view["kept"][q])])
    state["deck"] = unseen
    # Tiles.
    left = list(TILE_COUNTS)
    for hand in view["hands"]:
        for t in range(TYPE_COUNT):
            left[t] -= hand[t]
    for lot in range(1, LOT_COUNT + 1):
        if view["tile"][lot] >= 0:
            left[view["tile"][lot]] -= 1
    bag = [t for t in range(TYPE_COUNT) for _ in range(left[t])]
    rng_state = rng.shuffle(rng_state, bag)
    state["bag"] = bag
    # Outlook cards.
    if view["outlook"]:
        cards = list(range(len(OUTLOOK_CARDS)))
        for c in view["revealed"]:
            if c is not None:
                cards.remove(c)
        rng_state = rng.shuffle(rng_state, cards)
        state["outlook"] = cards[: len(view["outlook"])]
    # Money.
    if view["phase"] != "over":
        money = estimated_money(view, player)
        bank = bank_money(view)
        for q in range(n):
            if q != player:
                state["money"][q] = money[q]
                state["trade_net"][q] = money[q] - bank[q]
        offer = state["offer"]
        if offer:
            for side in (offer["give"], offer["get"]):
                if side["money"] < 0:
                    side["money"] = rules.unit(view)
    rng_state, state["rng"] = rng.next_u64(rng_state)
    return state, rng_state


def projected(state: State) -> list[float]:
    """Money now plus what each player's lots and tiles will still earn."""
    if state["phase"] == "over":
        return [float(m) for m in state["money"]]
    left = rounds_left(state)
    scale = rules.scale(state)
    owner, tile, hands, complete = state["owner"], state["tile"], state["hands"], state["complete"]
    if state["phase"] == "keep" and any(state["kept"]):
        # Kept lots are claimed only once everyone has chosen; value them as claimed,
        # or every choice of lots would look the same until the last player chose.
        owner = owner[:]
        rules.claim_kept(owner, state["kept"])
    placed = placing_over(state)
    due = outlook_due(state)
    out = []
    for p in range(state["players"]):
        if p in placed:
            # Tiles still in hand wait for next round: they miss this round's income.
            worth = board_income(owner, tile, complete, p) + value(owner, tile, complete, hands[p], p, left - 1, OWN)
        else:
            worth = value(owner, tile, complete, hands[p], p, left, OWN)
        out.append(state["money"][p] + scale * worth + due[p])
    return out


def outlook_due(state: State) -> list[int]:
    """The outlook bonuses (alea) still to be paid, on the board as it stands: each card
    to come (the determinisation has drawn them) pays for its types' businesses with a
    round's income. Counting none made a move that ends the round (the last placer's
    done) look better than any placement by the bonus it realised; counting only this
    round's, by next round's."""
    lucky = [0] * TYPE_COUNT
    for card in state["outlook"]:
        if card is not None and card >= 0:
            for t in scoring.outlook_types(card):
                lucky[t] += 1
    out = [0] * state["players"]
    if any(lucky):
        bonus = OUTLOOK_BONUS * rules.scale(state)
        for p, t, lots, _ in scoring.businesses(state["owner"], state["tile"], state["complete"]):
            if p >= 0:
                out[p] += bonus * lucky[t] * len(lots)
    return out


def placing_over(state: State) -> set[int]:
    """Players whose placing this round is over: in phase 4, those before the player
    placing now (a player who says done, or cannot place, is passed for the round)."""
    if state["phase"] != "place":
        return set()
    seq = rules.order(state)
    return set(seq[: seq.index(state["turn"])])


def evaluate(state: State) -> list[float]:
    return softmax_values(projected(state), EVAL_SCALE * rules.scale(state))


def ordering(state: State, moves: list[Move]) -> list[float]:
    p = rules.mover(state)
    owner, tile = state["owner"], state["tile"]
    closed = scoring.complete_lots(state["complete"])
    out: list[float] = []
    answered: type | None = None  # the trader's answer (bots.py), asked once
    for m in moves:
        if isinstance(m, Keep):
            chosen = set(m.lots)
            out.append(sum(1 for lot in m.lots for y in NEIGHBOURS[lot] if owner[y] == p or y in chosen))
        elif isinstance(m, Place):
            out.append(scoring.place_gain(owner, tile, closed, p, rules.type_index(state, m.shop), m.lot) / 1000)
        elif isinstance(m, (Accept, Decline)):
            if answered is None:
                answered = type(answer(state, p))
            out.append(1.0 if isinstance(m, answered) else 0.0)
        elif isinstance(m, Offer):
            out.append(0.0)
        else:  # done
            out.append(0.5)
    return out


# Placing tiles, more search does harm: normal searching its placements at 150
# iterations lost to one searching them at 50, 26.7% to 73.3% over 60 games
# (docs/bots.md). The priors (income gained) already place well, so both levels
# search a placement briefly.
PLACE_ITERATIONS = {"place": 50}


def rival_reply(state: State, mover: int) -> Move | None:
    """A rival answers an offer as the trader bot does; other moves are searched."""
    offer = state["offer"]
    if state["phase"] == "trade" and offer and offer["to"] == mover:
        return answer(state, mover)
    return None


def root_offers(view: State, player: int, limit: int) -> list[Move]:
    """The `limit` offers worth most to `player`, each priced at what the trader bot's
    answer accepts (the game's suggestion list names fixed prices, which a trader seldom
    takes): buy a lot beside your own, or swap a spare lot or give a tile for it; sell a
    spare lot beside theirs; buy or sell a tile, swap one tile for another, sell a tile
    with a spare lot. Money goes whichever way the price says."""
    if view["phase"] != "trade" or view["offer"] or view["done"][player] or view["offers_left"][player] <= 0:
        return []
    scored: dict[Move, float] = {}
    for move, score in priced_offers(view, player):
        if score > scored.get(move, 0.0):
            try:
                rules.check(view, move)
            except IllegalMove:
                continue
            scored[move] = score
    return sorted(scored, key=lambda m: -scored[m])[:limit]


def priced_offers(view: State, me: int) -> Iterator[tuple[Offer, float]]:
    """Candidate offers (bots.exchanges, sales too) at the price the trader's answer
    (bots.answer, by the trader's weights) just accepts, and what each is worth to `me`
    by the search's own weights (OWN): my gain, less what the other side gains on me."""
    owner, tile = view["owner"], view["tile"]
    step = rules.unit(view)
    money = estimated_money(view, me)
    players = range(view["players"])
    before = {p: bots.worth(view, p, owner, view["hands"]) for p in players}
    own = {p: bots.worth(view, p, owner, view["hands"], OWN) for p in players}
    spare = sorted(
        (lot for lot in range(1, LOT_COUNT + 1) if owner[lot] == me and tile[lot] < 0),
        key=lambda lot: sum(1 for y in NEIGHBOURS[lot] if owner[y] == me),
    )
    for them, give, get in bots.exchanges(view, me, spare, sells=True, giving=spare_tiles(view, me, own[me])):
        gain, theirs = bots.trade_gain(view, me, them, give, get, before)
        if gain <= 0 and theirs <= 0:
            continue
        # I pay x (they pay -x). The trader accepts when its gain, theirs + x, is positive
        # and above RIVAL_WEIGHT of mine, gain - x: x > (RIVAL_WEIGHT * gain - theirs) / (1 + RIVAL_WEIGHT).
        low = max((bots.RIVAL_WEIGHT * gain - theirs) / (1 + bots.RIVAL_WEIGHT), -theirs)
        x = (math.floor(low / step) + 1) * step
        if x > money[me] or -x > money[them]:
            continue
        gain, theirs = bots.trade_gain(view, me, them, give, get, own, OWN)
        if gain - x <= 0:
            continue
        score = gain - x - bots.RIVAL_WEIGHT * (theirs + x)
        yield Offer(them, bots.to_bundle(view, give, max(x, 0)), bots.to_bundle(view, get, max(-x, 0))), score


def spare_tiles(view: State, me: int, mine: float) -> list[int]:
    """The GIVE_TYPES types of tile in `me`'s hand that `me` loses least by giving one
    of (by the search's own weights; `mine` is `me`'s worth by them as things stand):
    offering each type in hand cost the root's offers twice the time, in a page slice
    over 100 ms, and an offer rarely gives a tile its giver can use."""
    hand = view["hands"][me]
    cost = {}
    for t in range(TYPE_COUNT):
        if hand[t]:
            less = [h[:] for h in view["hands"]]
            less[me][t] -= 1
            cost[t] = mine - bots.worth(view, me, view["owner"], less, OWN)
    return sorted(cost, key=lambda t: (cost[t], t))[:GIVE_TYPES]


GIVE_TYPES = 2

# The search's own valuation (bots.value) values a tile the greedy placement leaves in
# hand at nothing, where the trader's (bots.TRADER) gives it $400 a round to come.
# Measured by playing on with and without one more, under trader play
# (build_scripts/chinatown_worth.py), a tile earned about nothing and a lot about 1.8
# times the trader's value: tiles outnumber lots. So the search sells the tiles it
# cannot use and pays for lots with them. (Valuing an empty lot at $1,000 a round too
# made it buy lots it had no tiles for: docs/bots.md, "What a lot and a tile are worth".)
OWN = bots.Weights(spare_lot=450, per_neighbour=200, spare_tile=0)

# Offers searched at the root beside the suggestion list (see root_offers).
ROOT_OFFERS = 8

HOOKS = SearchHooks(
    determinize=determinize, evaluate=evaluate, ordering=ordering, rival_reply=rival_reply, root_moves=root_offers
)

# Budgets: about 0.2 s and 0.7 s of CPython per decision.
LEVELS = levels(
    normal={
        "iterations": 150,
        "max_ms": 1000,
        "playout_moves": 0,
        "exploration": EXPLORATION,
        "phase_iterations": PLACE_ITERATIONS,
        "rival_replies": 1,
        "root_moves": ROOT_OFFERS,
    },
    hard={
        "iterations": 500,
        "max_ms": 3000,
        "playout_moves": 0,
        "exploration": EXPLORATION,
        "phase_iterations": PLACE_ITERATIONS,
        "rival_replies": 1,
        "root_moves": ROOT_OFFERS,
    },
    easy={"base": "trader"},
    prefix="Chinatown",
    hooks=HOOKS,
)

# Every bot of the game, in the lobby's order: random, trader, then easy, normal, hard.
BOTS: dict[str, type[Bot]] = {**bots.BOTS, **LEVELS}
