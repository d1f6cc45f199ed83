"""Everything Chinatown says in sentences: prompts, log lines, bundles and money, the
score breakdown's labels, the page's chosen-token labels and why a click does nothing.

Every text is a `msg(...)` (core/i18n.py): English here, translated by the page into
the reader's language, parameters and all. Lists are built from small templates
("{items} and {last}") rather than English punctuation, so each language joins them
its own way. Money is written by `dollars` (money.py), the one formatter: "$5,000" in
English, "5 000 $" in French.

Nothing here may reveal what the reader may not see: log lines are public, so trade
money is never named in them (money is secret, SEED); prompts are shown only to the
player to move.
"""

from __future__ import annotations

from functools import reduce
from typing import Any

from ...core.i18n import Msg, msg
from . import rules, scoring
from .data import OUTLOOK_CARDS, START_MONEY
from .money import dollars
from .moves import Accept, Decline, Done, Keep, Offer, Place, parse

State = dict[str, Any]


def who(names: list[str] | None, p: int) -> Any:
    return names[p] if names else msg("Player {n}", n=p + 1)


def shop_name(state: State, t: int) -> Msg:
    return Msg(rules.types(state)[t].name)


# ------------------------------------------------------------------------------ lists
# Each link is its own template, so a language picks its separators ('、', '；').
def commas(parts: list[Any]) -> Any:
    """'a, b, c' in the reader's language."""
    return reduce(lambda a, b: msg("{list}, {item}", list=a, item=b), parts[1:], parts[0]) if parts else ""


def semicolons(parts: list[Any]) -> Any:
    """'a; b; c' in the reader's language."""
    return reduce(lambda a, b: msg("{list}; {item}", list=a, item=b), parts[1:], parts[0]) if parts else ""


def join(parts: list[Any]) -> Any:
    """'a, b and c' in the reader's language."""
    if len(parts) <= 1:
        return parts[0] if parts else ""
    return msg("{items} and {last}", items=commas(parts[:-1]), last=parts[-1])


def lots(numbers: list[int]) -> Msg:
    if len(numbers) == 1:
        return msg("lot {n}", n=numbers[0])
    return msg("lots {numbers}", numbers=join(list(numbers)))


def tile_list(state: State, counts: list[int]) -> list[Msg]:
    out = []
    for t, k in enumerate(counts):
        if k == 1:
            out.append(msg("1 {kind} tile", kind=shop_name(state, t)))
        elif k:
            out.append(msg("{n} {kind} tiles", n=k, kind=shop_name(state, t)))
    return out


def bundle(state: State, side: dict[str, Any], show_money: bool) -> Any:
    """A bundle in words: 'lots 12 and 13, 1 Seafood tile and $3,000'."""
    parts: list[Any] = []
    if side["lots"]:
        parts.append(lots(side["lots"]))
    parts += tile_list(state, side["tiles"])
    if side["money"]:
        parts.append(dollars(side["money"]) if show_money and side["money"] > 0 else msg("some money"))
    return join(parts) if parts else msg("nothing")


def outlook(card: int | None, scale: int) -> Msg:
    if card is None:
        return msg("no outlook card")
    sizes = OUTLOOK_CARDS[card]
    if not sizes:
        return msg("no bonus")
    amount = dollars(1000 * scale)
    # "Size": the tiles that complete a shop, as the board's legend says.
    if len(sizes) == 1:
        return msg("+{amount} per tile of shops of size {size}", amount=amount, size=sizes[0])
    return msg("+{amount} per tile of shops of size {a} or {b}", amount=amount, a=sizes[0], b=sizes[1])


def offer_words(state: State, move: Any) -> Msg:
    """An offer being built, in words for the one who makes it: 'lot 34 and $2,000 for lot 12'."""
    give = bundle(state, rules.bundle_state(state, move.give), True)
    get = bundle(state, rules.bundle_state(state, move.get), True)
    return msg("{give} for {get}", give=give, get=get)


# --------------------------------------------------------------------------- income
def business(state: State, t: int, size: int, complete: int) -> Msg:
    """One business: 'Seafood 3 complete' or 'Tailor 2'."""
    shop = shop_name(state, t)
    if complete:
        return msg("{kind} {count} complete", kind=shop, count=size)
    return msg("{kind} {count}", kind=shop, count=size)


def businesses(state: State, lines: list[list[int]]) -> list[Msg]:
    """Income lines, equal businesses counted once: 'Tailor 1 x3 $3,000'."""
    counts: dict[tuple[int, int, int, int], int] = {}
    for _, t, money, _, complete, *lots_ in lines:
        key = (t, len(lots_), complete, money)
        counts[key] = counts.get(key, 0) + 1
    out = []
    for (t, size, complete, money), k in sorted(counts.items(), key=lambda kv: (-kv[0][3], kv[0][0])):
        what = business(state, t, size, complete)
        if k > 1:
            out.append(msg("{group} x{k} {amount}", group=what, k=k, amount=dollars(money * k)))
        else:
            out.append(msg("{group} {amount}", group=what, amount=dollars(money)))
    return out


def earnings(state: State, lines: list[list[int]]) -> list[Msg]:
    """A player's income in parts: each business, then the outlook bonus."""
    parts = businesses(state, lines)
    bonus = sum(x[3] for x in lines)
    if bonus:
        parts.append(msg("outlook +{amount}", amount=dollars(bonus)))
    return parts


# ----------------------------------------------------------------------------- prompts
def prompt(state: State, player: int | None = None) -> Msg:
    phase = state["phase"]
    if phase == "over":
        return msg("Game over.")
    r = state["round"]
    if phase == "keep":
        dealt, keep, _ = rules.deal_row(state)
        return msg(
            "Round {round}: choose the {keep} land cards you keep out of your {total} (click them in your "
            "panel or on the board); the other {rest} go back to the deck.",
            round=r,
            keep=keep,
            total=dealt,
            rest=dealt - keep,
        )
    if phase == "place":
        return msg(
            "Place tiles from your hand on your empty lots (choose a tile, then a highlighted lot), "
            "then click Done placing."
        )
    offer = state["offer"]
    if offer:
        return msg(
            "{who} offers you {give} for {get}. Accept or decline.",
            who=who(None, offer["from"]),
            give=bundle(state, offer["give"], True),
            get=bundle(state, offer["get"], True),
        )
    n = state["offers_left"][state["turn"]]
    left = msg("1 offer left this round.") if n == 1 else msg("{n} offers left this round.", n=n)
    return msg(
        "Trading, round {round}: in the trade panel choose a player, click lots on the board and add tiles "
        "or money, then send the offer; or click Done trading. {left}",
        round=r,
        left=left,
    )


# --------------------------------------------------------------------------- the score
# Score items of the breakdown: start money, each round's income, the net of trades
# (shown through the translator: Game.translatable lists them).
ITEMS = ("start money", "income", "trades")


def breakdown(state: State) -> dict[str, Any]:
    """Start money and each round's income (shops + outlook bonus) are public; money
    from trades is secret, so its row appears only at the end."""
    n = state["players"]
    start_item, income_item, trades_item = ITEMS
    start = START_MONEY * rules.scale(state)
    zero = dict.fromkeys(ITEMS, 0)
    rows = [[{**zero, start_item: start, "total": start} for _ in range(n)]]
    labels = [msg("Start money")]
    row_items = [[start_item]]
    for r, (shops, bonus) in enumerate(state["income"], 1):
        rows.append([{**zero, income_item: a + b, "total": a + b} for a, b in zip(shops, bonus)])
        labels.append(msg("chinatown|Round {n}", n=r))
        row_items.append([income_item])
    over = state["phase"] == "over"
    if over:
        rows.append([{**zero, trades_item: t, "total": t} for t in state["trade_net"]])
        labels.append(msg("Trades"))
        row_items.append([trades_item])
    totals = [sum(row[p]["total"] for row in rows) for p in range(n)]
    if state["options"]["edition"] == "alea":
        caption = msg(
            "Dollars: start money, then each round's income (shops + outlook bonus). Money is "
            "secret, so what trades moved is added at the end."
        )
    else:
        caption = msg(
            "Dollars: start money, then each round's income. Money is secret, so what trades moved is added at the end."
        )
    return {
        "items": list(ITEMS),
        "rounds": rows,
        "labels": labels,
        "row_items": row_items,
        "totals": totals,
        "total_label": msg("Money") if over else msg("From bank"),
        # The one way this game writes an amount (money.py: "$5,000", "5 000 $").
        "formatted_totals": [dollars(t) for t in totals],
        "caption": caption,
    }


# ------------------------------------------------------------------------------- the log
def describe(state: State, move: Any, names: list[str] | None = None) -> Any:
    me = who(names, rules.mover(state))
    if isinstance(move, Keep):
        return msg("{who} keeps {n} land cards.", who=me, n=len(move.lots))
    if isinstance(move, Place):
        shop = shop_name(state, rules.type_index(state, move.shop))
        return msg("{who} places {kind} on lot {lot}.", who=me, kind=shop, lot=move.lot)
    if isinstance(move, Offer):
        give = bundle(state, rules.bundle_state(state, move.give), False)
        get = bundle(state, rules.bundle_state(state, move.get), False)
        return msg("{who} offers {other} {give} for {get}.", who=me, other=who(names, move.to), give=give, get=get)
    if isinstance(move, (Accept, Decline)):
        offer = state["offer"]
        other = who(names, offer["from"])
        if isinstance(move, Decline):
            return msg("{who} declines {other}'s offer.", who=me, other=other)
        give = bundle(state, offer["give"], False)
        get = bundle(state, offer["get"], False)
        return msg("{who} accepts: {other} trades {give} for {get}.", who=me, other=other, give=give, get=get)
    if isinstance(move, Done):
        if state["phase"] == "trade":
            return msg("{who} is done trading.", who=me)
        return msg("{who} is done placing.", who=me)
    return str(move)


def events(before: State, after: State, names: list[str] | None = None) -> list[str]:
    """What the game did by itself after a move: reveals, deals, income, a new round
    (each line a Msg)."""
    out: list[str] = []
    n = after["players"]
    if before["phase"] == "keep" and after["phase"] != "keep":
        claims: list[list[int]] = [[] for _ in range(n)]
        for lot in range(1, len(after["owner"])):
            if before["owner"][lot] < 0 <= after["owner"][lot]:
                claims[after["owner"][lot]].append(lot)
        out.append(
            msg(
                "Land cards revealed: {list}.",
                list=semicolons(
                    [
                        msg("{who} claims {numbers}", who=who(names, p), numbers=lots(sorted(c)))
                        for p, c in enumerate(claims)
                        if c
                    ]
                ),
            )
        )
        dealt = []
        for p in range(n):
            new = [a - b for a, b in zip(after["hands"][p], before["hands"][p])]
            got = tile_list(after, new)
            dealt.append(msg("{who} gets {items}", who=who(names, p), items=join(got) if got else msg("nothing")))
        out.append(msg("Shop tiles dealt: {dealt}.", dealt=semicolons(dealt)))
    if before["phase"] == "trade" and after["phase"] != "trade":
        made = len(before["trades"]) + (1 if before["offer"] else 0)  # the last answer ends it
        if made == 1:
            out.append(msg("Trading is over (1 offer this round). Placing tiles, in turn order."))
        else:
            out.append(msg("Trading is over ({n} offers this round). Placing tiles, in turn order.", n=made))
    if len(after["income"]) > len(before["income"]):
        info = after["last_income"]
        if after["options"]["edition"] == "alea":
            out.append(
                msg(
                    "Round {round} outlook card: {card}.",
                    round=info["round"],
                    card=outlook(info["card"], rules.scale(after)),
                )
            )
        for p in range(n):
            parts = earnings(after, [x for x in info["lines"] if x[0] == p])
            amount = dollars(info["total"][p])
            if parts:
                out.append(msg("{who} earns {amount}: {items}.", who=who(names, p), amount=amount, items=commas(parts)))
            else:
                out.append(msg("{who} earns {amount}: no shops yet.", who=who(names, p), amount=amount))
    if after["round"] > before["round"]:
        out.append(
            msg(
                "Round {round}: {who} is the start player; land cards are dealt.",
                round=after["round"],
                who=who(names, after["start"]),
            )
        )
    if after["phase"] == "over" and before["phase"] != "over":
        money = commas(
            [msg("{who} {amount}", who=who(names, p), amount=dollars(m)) for p, m in enumerate(after["money"])]
        )
        win = scoring.winners(after)
        if len(win) == 1:
            out.append(msg("Game over. Money revealed: {money}. {who} wins.", money=money, who=who(names, win[0])))
        else:
            out.append(
                msg(
                    "Game over. Money revealed: {money}. {who} share the win.",
                    money=money,
                    who=join([who(names, w) for w in win]),
                )
            )
    return out


# ------------------------------------------------------------------- clicks in words
def token_label(state: State, token: str) -> Any:
    """A picked token for the page's "Chosen:" line: 'Land card 34', 'Seafood tile', 'lot 34'."""
    kind, _, rest = token.partition(" ")
    try:
        if kind == "keep" and rest.isdigit():
            return msg("Land card {number}", number=int(rest))
        if kind == "on" and rest.isdigit():
            return msg("lot {n}", n=int(rest))
        if kind == "tile":
            return msg("{kind} tile", kind=shop_name(state, rules.type_index(state, rest)))
        if kind == "offer":
            move = parse(token)
            if isinstance(move, Offer):
                return msg("offer to {who}: {offer}", who=who(None, move.to), offer=offer_words(state, move))
    except (ValueError, IndexError):  # IllegalMove is a ValueError: a token of another edition
        pass
    return {"done": msg("Done"), "accept": msg("Accept"), "decline": msg("Decline")}.get(token, token)


def explain(state: State, selected: tuple[str, ...], token: str) -> Msg | None:
    """Why a click on a lot (its ``data-why`` token) does nothing now, in the rules' words."""
    kind, _, rest = token.partition(" ")
    if not rest.isdigit() or state["phase"] == "over":
        return None
    lot = int(rest)
    if not 1 <= lot < len(state["owner"]):
        return None
    me = rules.mover(state)
    owner = state["owner"][lot]
    if kind == "keep" and state["phase"] == "keep":
        if lot not in state["dealt"][me]:
            dealt, keep, _ = rules.deal_row(state)
            return msg(
                "Lot {lot} is not among your land cards: keep {keep} of the {dealt} cards dealt to you "
                "(ringed on the board, listed in your panel).",
                lot=lot,
                keep=keep,
                dealt=dealt,
            )
        return None
    if kind == "on" and state["phase"] == "place":
        if owner < 0:
            return msg("Nobody owns lot {lot} yet: tiles go on your own empty lots.", lot=lot)
        if owner != me:
            return msg("Lot {lot} is {who}'s: tiles go on your own empty lots.", lot=lot, who=who(None, owner))
        if state["tile"][lot] >= 0:
            return msg("Lot {lot} already has a shop: placed tiles never move.", lot=lot)
        if state["options"]["street_variant"]:
            return msg(
                "No tile in your hand may go on lot {lot}: with the street variant a new shop must touch a "
                "street, or reach one through your tiles of its type.",
                lot=lot,
            )
        return None
    if kind == "lot" and state["phase"] == "trade":
        if owner < 0:
            return msg("Nobody owns lot {lot}: only lots that players own change hands.", lot=lot)
        if owner != me:
            return msg(
                "Lot {lot} is {who}'s: an offer goes to one player. Choose {who} above to trade with them.",
                lot=lot,
                who=who(None, owner),
            )
    return None
