"""Chinatown bots: random, and a trader that values lots and tiles by expected income.

Both see only ``view(state, player)``: other players' money and land cards are hidden
there, so the trader judges an offer by what it gains and by what the other side gains
in the open (lots, tiles and the board), never by the other side's money.

The trader's valuation of a player's position, in dollars, is the income still to come:
the rounds left (this one included) times the income of the player's businesses after
placing the tiles in hand greedily on the player's empty lots, plus a smaller value for
lots and tiles that stay unused (future rounds may use them). It keeps land cards that
grow its blocks (and deny rivals theirs), places each tile where it adds the most income,
accepts an offer only when it gains by this valuation (counting half of what the other
side gains against it, since the richest player wins), and offers to buy or swap for the
lots and tiles that would grow its own businesses.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import combinations
from typing import Any, NamedTuple

from ...core.bots import Bot, RandomBot, best_by
from ...core.game import Game, IllegalMove, Move, State
from . import rules
from .data import LOT_COUNT, MAX_SIZE, NEIGHBOURS, ROUNDS, TYPE_COUNT
from .moves import Accept, Bundle, Decline, Done, Keep, Offer, Place
from .scoring import Business, business_income, businesses, close_after_placing, complete_lots, place_gain


class Weights(NamedTuple):
    """What the valuation gives, per round still to come (alea dollars), for what the
    greedy placement leaves unused: an empty lot (plus `per_neighbour` for each lot of
    its owner beside it) and a tile left in hand."""

    spare_lot: float
    per_neighbour: float
    spare_tile: float


# DESIGNED weights of the trader's valuation.
SPARE_LOT = 450
LOT_PER_NEIGHBOUR = 200
SPARE_TILE = 400
TRADER = Weights(SPARE_LOT, LOT_PER_NEIGHBOUR, SPARE_TILE)
RIVAL_WEIGHT = 0.5  # what the other side of a trade gains counts this much against it
OFFERS_PER_ROUND = 3  # the trader makes at most this many offers in a trading phase


def rounds_left(view: State) -> int:
    return ROUNDS - view["round"] + 1


def board_income(owner: list[int], tile: list[int], complete: list[list[int]], p: int) -> int:
    """`p`'s income from shops (alea dollars, per round) on this board; `complete` as in
    the state, or as it was before lots changed hands (it is settled here)."""
    return _income(businesses(owner, tile, complete), p)


def _income(shops: list[Business], p: int) -> int:
    return sum(business_income(len(lots), MAX_SIZE[t]) for q, t, lots, _ in shops if q == p)


def value(
    owner: list[int],
    tile: list[int],
    complete: list[list[int]],
    hand: list[int],
    p: int,
    left: int,
    weights: Weights = TRADER,
) -> float:
    """What `p`'s lots and tiles are worth (alea dollars) with `left` incomes to come.
    `owner` may differ from the state's (a trade being weighed): `complete` is settled
    for it first, so a trade that ends a complete business is valued as the rules pay it."""
    tile = tile[:]
    hand = hand[:]
    empties = [lot for lot in range(1, LOT_COUNT + 1) if owner[lot] == p and tile[lot] < 0]
    shops = businesses(owner, tile, complete)
    closed = {lot for _, _, lots, done in shops if done for lot in lots}
    income = _income(shops, p)
    gains: dict[tuple[int, int], int] = {}
    while empties and any(hand):
        best: tuple[int, int, int] | None = None
        for t in range(TYPE_COUNT):
            if not hand[t]:
                continue
            for lot in empties:
                key = (t, lot)
                g = gains.get(key)
                if g is None:
                    g = gains[key] = place_gain(owner, tile, closed, p, t, lot)
                if best is None or g > best[0]:
                    best = (g, t, lot)
        assert best is not None  # a tile in hand and an empty lot: some pair was scored
        g, t, lot = best
        income += g
        tile[lot] = t
        for shop in close_after_placing(owner, tile, closed, lot):
            closed.update(shop)
        hand[t] -= 1
        empties.remove(lot)
        # Only this type's gains change (and the lot is gone for everyone).
        gains = {k: v for k, v in gains.items() if k[0] != t and k[1] != lot}
    future = max(left - 1, 0)
    spare_lot, per_neighbour, spare_tile = weights
    spare = sum(spare_lot + per_neighbour * sum(1 for y in NEIGHBOURS[lot] if owner[y] == p) for lot in empties)
    return left * income + future * (spare + spare_tile * sum(hand))


def worth(view: State, p: int, owner: list[int], hands: list[list[int]], weights: Weights = TRADER) -> float:
    """`p`'s lots and tiles in dollars of the edition played (`value`), with `owner` and
    `hands` in place of the view's (a trade being weighed)."""
    left = rounds_left(view)
    return value(owner, view["tile"], view["complete"], hands[p], p, left, weights) * rules.scale(view)


def trade_gain(
    view: State,
    me: int,
    them: int,
    give: dict[str, Any],
    get: dict[str, Any],
    before: dict[int, float],
    weights: Weights = TRADER,
) -> tuple[float, float]:
    """(my gain, their gain) if I give `give` and get `get` (bundle dicts); `before` is
    each side's `worth` (by the same `weights`) as things stand."""
    owner = view["owner"][:]
    hands = [h[:] for h in view["hands"]]
    for giver, taker, side in ((me, them, give), (them, me, get)):
        for lot in side["lots"]:
            owner[lot] = taker
        for t, k in enumerate(side["tiles"]):
            hands[giver][t] -= k
            hands[taker][t] += k
    mine = worth(view, me, owner, hands, weights) - before[me] + get["money"] - give["money"]
    theirs = worth(view, them, owner, hands, weights) - before[them] + give["money"] - get["money"]
    return mine, theirs


def answer(view: State, player: int) -> Accept | Decline:
    """The trader's answer to the offer made to `player`: accept only what it gains by
    (counting RIVAL_WEIGHT of the offerer's gain against it) and can pay. The search's
    priors, and its model of a rival's answer, answer the same way (search.py)."""
    offer = view["offer"]
    them = offer["from"]
    if offer["get"]["money"] > view["money"][player]:
        return Decline()
    before = {p: worth(view, p, view["owner"], view["hands"]) for p in (player, them)}
    mine, theirs = trade_gain(view, player, them, offer["get"], offer["give"], before)
    return Accept() if mine - RIVAL_WEIGHT * max(theirs, 0) > 0 and mine > 0 else Decline()


class TraderBot(Bot):
    name = "trader"

    def choose(self, game: Game, view: State, player: int) -> Move:
        phase = view["phase"]
        if phase == "keep":
            return self._keep(view, player)
        if phase == "place":
            return self._place(game, view, player)
        if view["offer"]:
            return answer(view, player)
        return self._trade(game, view, player)

    # ---- phase 1 ---------------------------------------------------------------------
    def _keep(self, view: State, player: int) -> Move:
        """Keep the cards that join its own lots and each other, and that deny rivals."""
        owner = view["owner"]
        hand = view["dealt"][player]
        k = rules.deal_row(view)[1]

        def lot_score(lot: int) -> float:
            mine = sum(1 for y in NEIGHBOURS[lot] if owner[y] == player)
            tiles = sum(1 for y in NEIGHBOURS[lot] if owner[y] == player and view["tile"][y] >= 0)
            rival = sum(1 for y in NEIGHBOURS[lot] if 0 <= owner[y] != player)
            return 1 + mine + 0.5 * tiles + 0.3 * rival + 0.1 * len(NEIGHBOURS[lot])

        base = {lot: lot_score(lot) for lot in hand}

        def set_score(lots: tuple[int, ...]) -> float:
            chosen = set(lots)
            pairs = sum(1 for a in lots for b in NEIGHBOURS[a] if b in chosen) / 2
            return sum(base[lot] for lot in lots) + 0.8 * pairs

        options: list[Move] = [Keep(c) for c in combinations(hand, k)]
        return best_by(self, options, lambda m: set_score(m.lots))

    # ---- phase 4 ---------------------------------------------------------------------
    def _place(self, game: Game, view: State, player: int) -> Move:
        moves = game.legal_moves(view)
        places: list[Move] = [m for m in moves if isinstance(m, Place)]
        if not places:
            return Done()
        owner, tile = view["owner"], view["tile"]
        closed = complete_lots(view["complete"])

        def gain(m: Place) -> float:
            t = rules.type_index(view, m.shop)
            spare = sum(1 for y in NEIGHBOURS[m.lot] if owner[y] == player and tile[y] < 0)
            # Among equal gains, start a business where it can grow.
            return place_gain(owner, tile, closed, player, t, m.lot) + 10 * spare

        return best_by(self, places, gain)

    # ---- phase 3 ---------------------------------------------------------------------
    def _trade(self, game: Game, view: State, player: int) -> Move:
        made = sum(1 for t in view["trades"] if t[0] == player)
        if made >= OFFERS_PER_ROUND or view["offers_left"][player] <= 0:
            return Done()
        tried = {t[3] for t in view["trades"] if t[0] == player}
        best: tuple[Offer, float] | None = None
        for move, score in self._candidates(view, player):
            text = str(move)
            if text in tried:
                continue
            try:
                game.check(view, move)
            except IllegalMove:
                continue
            if best is None or score > best[1]:
                best = (move, score)
        if best is None or best[1] <= 0:
            return Done()
        return best[0]

    def _candidates(self, view: State, me: int) -> Iterator[tuple[Offer, float]]:
        """Offers that would grow my businesses, priced so the other side gains too."""
        owner, tile = view["owner"], view["tile"]
        step = rules.unit(view)
        money = view["money"][me]
        before = {p: worth(view, p, owner, view["hands"]) for p in range(view["players"])}
        mine = {lot for lot in range(1, LOT_COUNT + 1) if owner[lot] == me}
        spare = sorted(
            (lot for lot in mine if tile[lot] < 0), key=lambda lot: sum(1 for y in NEIGHBOURS[lot] if owner[y] == me)
        )[:3]

        def priced(them: int, give: dict[str, Any], get: dict[str, Any]) -> tuple[Offer, float] | None:
            """Add money to make the offer fair to them by the bot's estimate, if it pays."""
            gain, theirs = trade_gain(view, me, them, give, get, before)
            if gain <= 0:
                return None
            need = 0
            if theirs < step:  # they would lose: pay them, splitting what the bot gains
                fair = -theirs + (gain + theirs) / 3
                need = int(fair // step + 1) * step
            cash = give["money"] + need
            if cash > money:
                return None
            score = gain - need - RIVAL_WEIGHT * max(theirs + need, 0)
            return Offer(them, to_bundle(view, give, cash), to_bundle(view, get, get["money"])), score

        for them, give, get in exchanges(view, me, spare):
            found = priced(them, give, get)
            if found:
                yield found


def side(lots: Iterable[int] = (), tile: int = -1) -> dict[str, Any]:
    """One side of an exchange as the state holds it: lots, and one tile of type `tile`
    (none if negative), no money (the pricing adds it)."""
    tiles = [0] * TYPE_COUNT
    if tile >= 0:
        tiles[tile] = 1
    return {"lots": list(lots), "tiles": tiles, "money": 0}


def to_bundle(view: State, s: dict[str, Any], money: int) -> Bundle:
    """A side (as `side` gives it) with `money` added, as an offer's bundle."""
    ids = rules.types(view)
    return Bundle.make(s["lots"], {ids[t].id: k for t, k in enumerate(s["tiles"]) if k}, money)


def exchanges(
    view: State, me: int, spare: list[int], sells: bool = False, giving: Iterable[int] | None = None
) -> Iterator[tuple[int, dict, dict]]:
    """What `me` might trade with whom, before money: (them, what I give, what I get).

    Buy a lot of theirs beside mine, or swap one of my first three `spare` lots (my
    empty lots, in the order to give them up) for it; buy a tile from their hand. With
    `sells` (the search's offers) also: give a tile for that lot, sell a spare lot
    beside theirs, sell a tile, swap one tile for another, sell a tile with one of my
    first two spare lots; the tiles given are of the types in `giving` (by default
    every type in my hand)."""
    owner, hands = view["owner"], view["hands"]
    given = [t for t in range(TYPE_COUNT) if hands[me][t]] if giving is None else list(giving)
    for lot in range(1, LOT_COUNT + 1):
        them = owner[lot]
        if them < 0 or them == me or not any(owner[y] == me for y in NEIGHBOURS[lot]):
            continue
        yield them, side(), side((lot,))
        for m in spare[:3]:
            yield them, side((m,)), side((lot,))
        if sells:
            for t in given:
                yield them, side(tile=t), side((lot,))
    if sells:
        for lot in spare:
            for them in {owner[y] for y in NEIGHBOURS[lot]} - {-1, me}:
                yield them, side((lot,)), side()
    for them in range(view["players"]):
        if them == me:
            continue
        for t in range(TYPE_COUNT):
            if hands[them][t]:
                yield them, side(), side(tile=t)
        if not sells:
            continue
        for t in given:
            yield them, side(tile=t), side()
            # Swaps of one tile for another, and a tile with a spare lot: a screen against
            # two traders won 49.0% of 240 games with them, 44.8% without (docs/bots.md).
            for u in range(TYPE_COUNT):
                if u != t and hands[them][u]:
                    yield them, side(tile=t), side(tile=u)
            for lot in spare[:2]:
                yield them, side((lot,), t), side()


# The hand-written bots; search.py adds the search levels (its BOTS is the whole table,
# the one ``Chinatown.bots()`` returns).
BOTS = {"random": RandomBot, "trader": TraderBot}
