"""Chinatown rules: setup, the round's state machine, legality, effects and what each player sees.

A round has five phases (SEED); phases 2 and 5 need no decision and run by themselves:

    keep   1. land cards: each player in turn order (from the start player) keeps some of
              the cards dealt; choices stay hidden until all have chosen, then every kept
              lot is claimed at once and the discards are shuffled back into the deck
           2. shop tiles are dealt (automatic)
    trade  3. trading: players take trade turns in order from the start player; on your
              turn you make one offer to anyone, or declare that you are done. The player
              offered to accepts or declines at once. Done players still answer offers.
              Each player may make a limited number of offers per round (option
              offer_limit), so the phase always ends: when every player is done.
    place  4. in turn order from the start player, each player places tiles from hand on
              their own empty lots, then says done (players with nothing to place are skipped)
           5. income: an outlook card is revealed (alea) and every business pays (automatic)

State (plain JSON data; lots are 1-85, index 0 of the per-lot lists is unused):

    players, options, rng, round (1-6), start (start player), phase, turn
              the start player of round 1 is option first_player (a seat, or drawn)
    deck          land cards face down            dealt / kept   per player, this round
    bag           shop tiles face down (type indexes)
    outlook       the face-down outlook cards still to come (alea), revealed: the shown ones
    owner, tile   per lot: the owning player / the shop type on it, -1 for none
    complete      the complete businesses, each its lots ascending, by lowest lot: a
                  complete business never grows (scoring.py, RULES.md reading 9)
    hands         per player, shop tiles in hand as 12 counts (public)
    money         per player (secret)             trade_net: money gained by trading (secret)
    offer         the offer awaiting an answer: {"from", "to", "give", "get"} or None;
                  a bundle is {"lots": [...], "tiles": [12 counts], "money": m}
    done, offers_left   per player, this trading phase
    trades        this round's answered offers: [from, to, accepted 0/1, offer text]
    income        per round [shops per player, outlook bonus per player]
    last_income   the latest income phase: {"round", "card", "total", "lines"}, a line per
                  business [player, type, income, outlook bonus, complete 0/1, lots...]

Offers are combinatorial: ``legal_moves`` lists every keep, place, accept, decline and done
move, but only a bounded, useful set of offers (``suggested_offers``), so bots and the
random player can trade. ``check`` is the authority and accepts any well-formed legal
offer (typed, built in the trade panel or by a bot). ``Game.enumerates`` says so.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from typing import Any

from ...core import rng
from ...core.game import IllegalMove, first_seat
from ...core.game import Move as GameMove
from ...core.i18n import Msg, msg
from . import scoring
from .data import (
    DEAL,
    EDITION_SCALE,
    FRONTAGE,
    LOT_COUNT,
    MONEY_UNIT,
    NEIGHBOURS,
    OUTLOOK_CARDS,
    OUTLOOK_REMOVED,
    ROUNDS,
    START_MONEY,
    TILE_COUNTS,
    TYPE_COUNT,
    TYPES,
)
from .fastcopy import fast_copy
from .money import dollars
from .moves import Accept, Bundle, Decline, Done, Keep, Offer, Place, parse

State = dict[str, Any]


# ------------------------------------------------------------------------------ setup
def new_game(players: int, seed: int, options: dict[str, Any]) -> State:
    r = rng.seed_state(seed)
    deck = list(range(1, LOT_COUNT + 1))
    r = rng.shuffle(r, deck)
    bag = [t for t, count in enumerate(TILE_COUNTS) for _ in range(count)]
    r = rng.shuffle(r, bag)
    outlook: list[int] = []
    if options["edition"] == "alea":
        cards = list(range(len(OUTLOOK_CARDS)))
        r = rng.shuffle(r, cards)
        outlook = cards[OUTLOOK_REMOVED:]  # SEED: 3 go back to the box unseen
    # Drawn last, so the deck, the bag and the outlook cards do not depend on it; a chosen
    # seat draws nothing (a game from before the option replays as it did, seat 1).
    r, first = first_seat(options, players, r)
    scale = EDITION_SCALE[options["edition"]]
    state: State = {
        "game": "chinatown",
        "players": players,
        "options": options,
        "rng": r,
        "round": 1,
        "start": first,
        "phase": "keep",
        "turn": first,
        "deck": deck,
        "dealt": [[] for _ in range(players)],
        "kept": [[] for _ in range(players)],
        "bag": bag,
        "outlook": outlook,
        "revealed": [],
        "owner": [-1] * (LOT_COUNT + 1),
        "tile": [-1] * (LOT_COUNT + 1),
        "complete": [],
        "hands": [[0] * TYPE_COUNT for _ in range(players)],
        "money": [START_MONEY * scale] * players,
        "trade_net": [0] * players,
        "offer": None,
        "done": [False] * players,
        "offers_left": [0] * players,
        "trades": [],
        "income": [],
        "last_income": None,
    }
    deal_land(state)
    return state


def scale(state: State) -> int:
    return EDITION_SCALE[state["options"]["edition"]]


def unit(state: State) -> int:
    """The smallest money card: trades are in whole units."""
    return MONEY_UNIT * scale(state)


def types(state: State):
    return TYPES[state["options"]["edition"]]


def type_index(state: State, shop: str) -> int:
    for i, t in enumerate(types(state)):
        if t.id == shop:
            return i
    edition = "Z-Man" if state["options"]["edition"] == "zman" else "alea"
    raise IllegalMove(
        msg("Shop type"),
        msg(
            "there is no {shop} shop in the {edition} edition ({ids})",
            shop=repr(shop),
            edition=edition,
            ids=", ".join(t.id for t in types(state)),
        ),
    )


def deal_row(state: State) -> tuple[int, int, int]:
    """(land cards dealt, kept, shop tiles dealt) per player this round."""
    return DEAL[state["players"]][state["round"] - 1]


def order(state: State) -> list[int]:
    """Turn order this round: the start player, then to the left."""
    n = state["players"]
    return [(state["start"] + i) % n for i in range(n)]


def offer_limit(state: State) -> int:
    return int(state["options"]["offer_limit"])


# ------------------------------------------------------------------- phase transitions
def deal_land(state: State) -> None:
    """Phase 1 begins: deal land cards face down, the start player chooses first."""
    dealt = deal_row(state)[0]
    for p in order(state):
        take = min(dealt, len(state["deck"]))  # never short (data.md §4a); defensive
        state["dealt"][p] = sorted(state["deck"][:take])
        del state["deck"][:take]
    state["kept"] = [[] for _ in range(state["players"])]
    state["phase"] = "keep"
    state["turn"] = state["start"]


def claim_kept(owner: list[int], kept: list[list[int]]) -> None:
    """Give each player the lots they kept (in `owner`, changed in place)."""
    for p, lots in enumerate(kept):
        for lot in lots:
            owner[lot] = p


def _reveal_kept(state: State) -> None:
    """All have chosen: claim the kept lots, shuffle the discards back, deal tiles."""
    claim_kept(state["owner"], state["kept"])
    for p in range(state["players"]):
        state["deck"].extend(lot for lot in state["dealt"][p] if lot not in state["kept"][p])
    state["rng"] = rng.shuffle(state["rng"], state["deck"])
    state["dealt"] = [[] for _ in range(state["players"])]
    state["kept"] = [[] for _ in range(state["players"])]
    tiles = deal_row(state)[2]
    for p in order(state):  # phase 2
        for _ in range(min(tiles, len(state["bag"]))):
            state["hands"][p][state["bag"].pop()] += 1
    n = state["players"]
    state["phase"] = "trade"
    state["turn"] = state["start"]
    state["offer"] = None
    state["done"] = [False] * n
    state["offers_left"] = [offer_limit(state)] * n
    state["trades"] = []


def _next_trader(state: State, after: int) -> None:
    """The trade turn passes left to the next player not yet done; when all are done,
    trading ends and placing begins."""
    n = state["players"]
    for step in range(1, n + 1):
        q = (after + step) % n
        if not state["done"][q]:
            state["turn"] = q
            return
    _start_placing(state)


def _start_placing(state: State) -> None:
    state["phase"] = "place"
    state["offer"] = None
    _next_placer(state, None)


def _next_placer(state: State, after: int | None) -> None:
    """The next player in turn order who can place a tile; income when nobody is left."""
    seq = order(state)
    rest = seq if after is None else seq[seq.index(after) + 1 :]
    for p in rest:
        if can_place(state, p):
            state["turn"] = p
            return
    _income(state)


def _income(state: State) -> None:
    """Phase 5: reveal an outlook card (alea), pay every business, then the next round."""
    card = state["outlook"].pop(0) if state["outlook"] else None
    state["revealed"].append(card)
    result = scoring.income(state, card, scale(state))
    for p in range(state["players"]):
        state["money"][p] += result["total"][p]
    state["income"].append([result["shops"], result["outlook"]])
    state["last_income"] = {
        "round": state["round"],
        "card": card,
        "total": result["total"],
        "lines": [
            [x["player"], x["type"], x["income"], x["bonus"], x["complete"], *x["lots"]] for x in result["lines"]
        ],
    }
    state["trades"] = []
    if state["round"] >= ROUNDS:
        state["phase"] = "over"
        state["turn"] = -1
        return
    state["round"] += 1
    state["start"] = (state["start"] + 1) % state["players"]  # SEED: passes to the left
    deal_land(state)


# ----------------------------------------------------------------------- placement
def street_ok(state: State, player: int, t: int, lot: int) -> bool:
    """Street variant: the business the tile joins touches a street, directly or through
    same-owner same-type tiles."""
    return FRONTAGE[lot] or any(FRONTAGE[x] for x in scoring.reach(state["owner"], state["tile"], player, t, lot))


def empty_lots(state: State, player: int) -> list[int]:
    owner, tile = state["owner"], state["tile"]
    return [lot for lot in range(1, LOT_COUNT + 1) if owner[lot] == player and tile[lot] < 0]


def placements(state: State, player: int) -> Iterator[tuple[int, int]]:
    """(type, lot) pairs the player may place now (ignoring whose turn it is)."""
    hand = state["hands"][player]
    held = [t for t in range(TYPE_COUNT) if hand[t] > 0]
    if not held:
        return
    street = state["options"]["street_variant"]
    for lot in empty_lots(state, player):
        for t in held:
            if not street or street_ok(state, player, t, lot):
                yield t, lot


def can_place(state: State, player: int) -> bool:
    return next(placements(state, player), None) is not None


# ------------------------------------------------------------------------ checking
def _int_ok(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def mover(state: State) -> int:
    return state["offer"]["to"] if state["offer"] else state["turn"]


def _check_keep(state: State, move: Keep) -> None:
    if state["phase"] != "keep":
        raise IllegalMove(msg("Phase"), msg("land cards are kept in phase 1, at the start of a round"))
    p = state["turn"]
    keep = deal_row(state)[1]
    hand = state["dealt"][p]
    if len(move.lots) != keep:
        raise IllegalMove(
            msg("Land cards"), msg("keep exactly {keep} of your {n} land cards this round", keep=keep, n=len(hand))
        )
    for lot in move.lots:
        if lot not in hand:
            raise IllegalMove(msg("Land cards"), msg("you were not dealt land card {number}", number=lot))
    if len(set(move.lots)) != len(move.lots):
        raise IllegalMove(msg("Land cards"), msg("a card is listed twice"))


def bundle_state(state: State, b: Bundle) -> dict[str, Any]:
    """A bundle as the state keeps it: {"lots": [...], "tiles": [12 counts], "money": m}."""
    tiles = [0] * TYPE_COUNT
    for shop, k in b.tiles:
        tiles[type_index(state, shop)] += k
    return {"lots": list(b.lots), "tiles": tiles, "money": b.money}


def _check_side(state: State, who: int, b: Bundle, own_side: bool) -> None:
    """What one side gives: lots they own, tiles in their hand, money in whole cards.
    Only the offerer's own money is checked here: the other player's money is secret
    (their answer is checked against it)."""
    other = msg("Player {n}", n=who + 1)
    for lot in b.lots:
        if not _int_ok(lot) or not 1 <= lot <= LOT_COUNT:
            raise IllegalMove(msg("Move syntax"), msg("there is no lot {lot}", lot=repr(lot)))
        if state["owner"][lot] != who:
            raise IllegalMove(
                msg("Trade"),
                msg("lot {lot} is not a lot you own", lot=lot)
                if own_side
                else msg("lot {lot} is not a lot {who} owns", lot=lot, who=other),
            )
    seen = set()
    for shop, k in b.tiles:
        t = type_index(state, shop)
        if t in seen:
            raise IllegalMove(msg("Move syntax"), msg("{kind} tiles are listed twice", kind=shop))
        seen.add(t)
        if not _int_ok(k) or k < 1:
            raise IllegalMove(msg("Move syntax"), msg("the number of {kind} tiles must be at least 1", kind=shop))
        have = state["hands"][who][t]
        if k > have:
            name = Msg(types(state)[t].name)
            raise IllegalMove(
                msg("Trade"),
                msg("{kind} tiles in your hand: {have}, not {k}", kind=name, have=have, k=k)
                if own_side
                else msg("{kind} tiles in {who}'s hand: {have}, not {k}", kind=name, who=other, have=have, k=k),
            )
    if not _int_ok(b.money) or b.money < 0:
        raise IllegalMove(msg("Move syntax"), msg("money must be a whole number of dollars"))
    step = unit(state)
    if b.money % step:
        raise IllegalMove(msg("Money"), msg("money changes hands in whole {amount} cards", amount=dollars(step)))
    if own_side and b.money > state["money"][who]:
        raise IllegalMove(msg("Money"), msg("you have only {amount}", amount=dollars(state["money"][who])))


def _check_offer(state: State, move: Offer) -> None:
    if state["phase"] != "trade":
        raise IllegalMove(msg("Phase"), msg("offers are made in phase 3, trading"))
    if state["offer"]:
        raise IllegalMove(msg("Trade"), msg("an offer is waiting for its answer"))
    p = state["turn"]
    if state["done"][p]:
        raise IllegalMove(msg("Trade"), msg("you have declared that you are done trading this round"))
    if state["offers_left"][p] <= 0:
        raise IllegalMove(msg("Offer limit"), msg("no more than {n} offers per player per round", n=offer_limit(state)))
    q = move.to
    if not _int_ok(q) or not 0 <= q < state["players"]:
        raise IllegalMove(msg("Trade"), msg("there is no player {n}", n=q + 1 if _int_ok(q) else repr(q)))
    if q == p:
        raise IllegalMove(msg("Trade"), msg("you cannot trade with yourself"))
    if move.give.empty() and move.get.empty():
        raise IllegalMove(msg("Trade"), msg("an offer needs something on at least one side"))
    _check_side(state, p, move.give, True)
    _check_side(state, q, move.get, False)


def _check_answer(state: State, accept: bool) -> None:
    offer = state["offer"]
    if state["phase"] != "trade" or not offer:
        raise IllegalMove(msg("Trade"), msg("there is no offer to answer"))
    if not accept:
        return
    q = offer["to"]
    get = offer["get"]
    if get["money"] > state["money"][q]:
        raise IllegalMove(
            msg("Money"),
            msg(
                "you cannot pay {amount}: you have {have}",
                amount=dollars(get["money"]),
                have=dollars(state["money"][q]),
            ),
        )
    # Nothing can happen between an offer and its answer, so the rest still holds; checked
    # anyway so that a hand-edited state cannot execute a broken trade.
    for who, side in ((offer["from"], offer["give"]), (q, get)):
        for lot in side["lots"]:
            if state["owner"][lot] != who:
                raise IllegalMove(
                    msg("Trade"), msg("lot {lot} is no longer {who}'s", lot=lot, who=msg("Player {n}", n=who + 1))
                )
        for t, k in enumerate(side["tiles"]):
            if k > state["hands"][who][t]:
                raise IllegalMove(
                    msg("Trade"), msg("{who} no longer has those tiles", who=msg("Player {n}", n=who + 1))
                )


def _check_done(state: State) -> None:
    if state["phase"] == "trade":
        if state["offer"]:
            raise IllegalMove(msg("Trade"), msg("answer the offer first: accept or decline"))
        return
    if state["phase"] != "place":
        raise IllegalMove(msg("Phase"), msg("'done' ends your trading (phase 3) or your placing (phase 4)"))


def _check_place(state: State, move: Place) -> int:
    if state["phase"] != "place":
        raise IllegalMove(msg("Phase"), msg("tiles are placed in phase 4, after trading"))
    p = state["turn"]
    t = type_index(state, move.shop)
    name = Msg(types(state)[t].name)
    if state["hands"][p][t] <= 0:
        raise IllegalMove(msg("Tiles in hand"), msg("you have no {kind} tile in hand", kind=name))
    lot = move.lot
    if not _int_ok(lot) or not 1 <= lot <= LOT_COUNT:
        raise IllegalMove(msg("Move syntax"), msg("there is no lot {lot}", lot=repr(lot)))
    if state["owner"][lot] != p:
        raise IllegalMove(msg("Placement"), msg("lot {lot} is not yours: tiles go on your own lots", lot=lot))
    if state["tile"][lot] >= 0:
        raise IllegalMove(msg("Placement"), msg("lot {lot} already has a shop: placed tiles never move", lot=lot))
    if state["options"]["street_variant"] and not street_ok(state, p, t, lot):
        raise IllegalMove(
            msg("Street frontage"),
            msg(
                "lot {lot} has no street frontage and no {kind} tile of yours connects it to a street",
                lot=lot,
                kind=name,
            ),
        )
    return t


def check(state: State, move: GameMove) -> None:
    if state["phase"] == "over":
        raise IllegalMove(msg("Game over"), msg("no more moves can be made"))
    if isinstance(move, Keep):
        _check_keep(state, move)
    elif isinstance(move, Place):
        _check_place(state, move)
    elif isinstance(move, Offer):
        _check_offer(state, move)
    elif isinstance(move, Accept):
        _check_answer(state, True)
    elif isinstance(move, Decline):
        _check_answer(state, False)
    elif isinstance(move, Done):
        _check_done(state)
    else:
        raise IllegalMove(msg("Move syntax"), msg("not a Chinatown move: {move}", move=repr(move)))
    if state["offer"] and not isinstance(move, (Accept, Decline)):
        raise IllegalMove(msg("Trade"), msg("an offer is waiting for its answer: accept or decline"))


# --------------------------------------------------------------------- legal moves
def legal_moves(state: State) -> list[GameMove]:
    """Every legal move, except that offers are a bounded suggestion list (see above)."""
    phase = state["phase"]
    if phase == "over":
        return []
    p = state["turn"]
    if phase == "keep":
        keep = deal_row(state)[1]
        return [Keep(c) for c in combinations(state["dealt"][p], keep)]
    if phase == "place":
        ids = types(state)
        places: list[GameMove] = [Place(ids[t].id, lot) for t, lot in placements(state, p)]
        places.append(Done())
        return places
    offer = state["offer"]
    if offer:
        out: list[GameMove] = []
        if offer["get"]["money"] <= state["money"][offer["to"]]:
            out.append(Accept())
        out.append(Decline())
        return out
    out = [Done()]
    if not state["done"][p] and state["offers_left"][p] > 0:
        for move in suggested_offers(state, p):
            try:
                _check_offer(state, move)
            except IllegalMove:
                continue
            out.append(move)
    return out


def candidate_moves(state: State) -> list[GameMove]:
    return legal_moves(state)


def _lot_score(state: State, player: int, lot: int) -> int:
    """How much `player` is tied to `lot`: its own neighbouring lots (tiles count double)."""
    owner, tile = state["owner"], state["tile"]
    return sum(2 if tile[y] >= 0 else 1 for y in NEIGHBOURS[lot] if owner[y] == player)


def suggested_offers(state: State, p: int) -> list[Offer]:
    """A small deterministic set of sensible offers from `p` to each other player, built
    only from what `p` may see (board, hands of tiles, its own money): buy a neighbouring
    lot, swap lots, sell a lot, swap or buy a tile."""
    n = state["players"]
    step = unit(state)
    money = state["money"][p]
    ids = types(state)
    owner, tile = state["owner"], state["tile"]
    mine_empty = [lot for lot in range(1, LOT_COUNT + 1) if owner[lot] == p and tile[lot] < 0]
    hand = state["hands"][p]
    out: list[Offer] = []
    for i in range(1, n):
        q = (p + i) % n
        theirs = [lot for lot in range(1, LOT_COUNT + 1) if owner[lot] == q]
        wanted = sorted(
            (lot for lot in theirs if tile[lot] < 0 and _lot_score(state, p, lot)),
            key=lambda lot: (-_lot_score(state, p, lot), lot),
        )
        if wanted:
            lot = wanted[0]
            if money >= step:
                out.append(Offer(q, Bundle(money=min(2 * step, money - money % step)), Bundle((lot,))))
            spare = sorted(mine_empty, key=lambda m: (_lot_score(state, p, m), m))
            if spare:
                out.append(Offer(q, Bundle((spare[0],)), Bundle((lot,))))
        sell = sorted(
            (m for m in mine_empty if _lot_score(state, q, m)),
            key=lambda m: (_lot_score(state, p, m), -_lot_score(state, q, m), m),
        )
        if sell:
            out.append(Offer(q, Bundle((sell[0],)), Bundle(money=step)))
        their_hand = state["hands"][q]
        want_t = max(range(TYPE_COUNT), key=lambda t: (their_hand[t], -t))
        if their_hand[want_t]:
            give_t = max(range(TYPE_COUNT), key=lambda t: (hand[t] if t != want_t else -1, -t))
            if hand[give_t] and give_t != want_t:
                out.append(Offer(q, Bundle(tiles=((ids[give_t].id, 1),)), Bundle(tiles=((ids[want_t].id, 1),))))
            if money >= step:
                out.append(Offer(q, Bundle(money=step), Bundle(tiles=((ids[want_t].id, 1),))))
    return out


# ------------------------------------------------------------------------- applying
def put_tile(state: State, lot: int, t: int) -> None:
    """A tile of type `t` on `lot`, and the business it completes, if any (a placed tile
    and a scenario's setup edit both come here)."""
    state["tile"][lot] = t
    closed = scoring.complete_lots(state["complete"])
    made = scoring.close_after_placing(state["owner"], state["tile"], closed, lot)
    if made:  # complete from now on: a tile placed next to it later starts a new business
        state["complete"] = sorted(state["complete"] + made)


def apply(state: State, move: GameMove) -> None:
    if isinstance(move, Keep):
        p = state["turn"]
        state["kept"][p] = list(move.lots)
        for q in order(state):
            if not state["kept"][q]:
                state["turn"] = q
                return
        _reveal_kept(state)
    elif isinstance(move, Place):
        p = state["turn"]
        t = type_index(state, move.shop)
        state["hands"][p][t] -= 1
        put_tile(state, move.lot, t)
        if not can_place(state, p):
            _next_placer(state, p)
    elif isinstance(move, Offer):
        p = state["turn"]
        state["offers_left"][p] -= 1
        state["offer"] = {
            "from": p,
            "to": move.to,
            "give": bundle_state(state, move.give),
            "get": bundle_state(state, move.get),
        }
    elif isinstance(move, (Accept, Decline)):
        offer = state["offer"]
        accepted = isinstance(move, Accept)
        if accepted:
            _execute(state, offer)
        state["trades"].append([offer["from"], offer["to"], int(accepted), offer_text(state, offer)])
        state["offer"] = None
        p = offer["from"]
        if state["offers_left"][p] <= 0:
            state["done"][p] = True  # out of offers: done trading
        _next_trader(state, p)
    elif isinstance(move, Done):
        p = state["turn"]
        if state["phase"] == "trade":
            state["done"][p] = True
            _next_trader(state, p)
        else:
            _next_placer(state, p)


def parse_offer(text: str) -> Offer:
    move = parse(text)
    if not isinstance(move, Offer):  # an explicit check: the shipped bundle drops asserts
        raise IllegalMove(msg("Move syntax"), msg("{text} is not an offer", text=repr(text)))
    return move


def offer_text(state: State, offer: dict[str, Any]) -> str:
    """The move text of an offer kept in the state."""
    ids = types(state)

    def side(b: dict[str, Any]) -> Bundle:
        return Bundle.make(b["lots"], {ids[t].id: k for t, k in enumerate(b["tiles"]) if k}, b["money"])

    return str(Offer(offer["to"], side(offer["give"]), side(offer["get"])))


def _execute(state: State, offer: dict[str, Any]) -> None:
    """Accepted: lots change owner (tiles on them stay put), tiles and money change hands."""
    for giver, taker, side in ((offer["from"], offer["to"], offer["give"]), (offer["to"], offer["from"], offer["get"])):
        for lot in side["lots"]:
            state["owner"][lot] = taker
        for t, k in enumerate(side["tiles"]):
            if k:
                state["hands"][giver][t] -= k
                state["hands"][taker][t] += k
        m = side["money"]
        state["money"][giver] -= m
        state["money"][taker] += m
        state["trade_net"][giver] -= m
        state["trade_net"][taker] += m
    # Lots that changed hands may end a complete business (its lots no longer one
    # player's) or join tiles into a new one.
    state["complete"] = scoring.settle(state["owner"], state["tile"], state["complete"])


# ------------------------------------------------------------------- what a player sees
def view(state: State, player: int | None) -> State:
    """Hide other players' money and land cards, the order of the deck, the tile bag
    and the outlook cards (and the generator that would reveal them). Money becomes
    -1, a hidden card 0, a hidden tile or outlook card -1."""
    v = fast_copy(state)
    v["rng"] = 0
    v["deck"] = [0] * len(state["deck"])
    v["bag"] = [-1] * len(state["bag"])
    v["outlook"] = [-1] * len(state["outlook"])
    v["viewer"] = player
    for q in range(state["players"]):
        if q != player:
            v["dealt"][q] = [0] * len(state["dealt"][q])
            v["kept"][q] = [0] * len(state["kept"][q])
    if state["phase"] != "over":
        for q in range(state["players"]):
            if q != player:
                v["money"][q] = -1
                v["trade_net"][q] = -1
        offer = v["offer"]
        if offer and player not in (offer["from"], offer["to"]):
            for side in (offer["give"], offer["get"]):
                if side["money"]:
                    side["money"] = -1
        for trade in v["trades"]:
            if player not in trade[:2]:
                trade[3] = ""  # the log says what changed hands, without the money
    return v
