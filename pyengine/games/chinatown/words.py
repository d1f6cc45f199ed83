"""Everything Chinatown says in words: prompts, log lines, bundles and money.

Kept in one module so that a translation (issue 6) replaces one file. Nothing here may
reveal what the reader may not see: log lines are public, so trade money is never named
in them (money is secret, SEED); prompts are shown only to the player to move.
"""
from __future__ import annotations

from typing import Any

from . import rules, scoring
from .data import OUTLOOK_CARDS

State = dict[str, Any]


def who(names: list[str] | None, p: int) -> str:
    return names[p] if names else f"Player {p + 1}"


def dollars(amount: int) -> str:
    return f"-${-amount:,}" if amount < 0 else f"${amount:,}"


def plural(k: int, word: str) -> str:
    return f"{k} {word}{'' if k == 1 else 's'}"


def join(parts: list[str]) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def tile_list(state: State, counts: list[int]) -> list[str]:
    out = []
    for t, k in enumerate(counts):
        if k:
            name = rules.types(state)[t].name
            out.append(f"{k} {name} tiles" if k > 1 else f"a {name} tile")
    return out


def bundle(state: State, side: dict[str, Any], show_money: bool) -> str:
    """A bundle in words: 'lots 12 and 13, a Seafood tile and $3,000'."""
    parts = []
    lots = side["lots"]
    if lots:
        parts.append(("lot " if len(lots) == 1 else "lots ") + join([str(n) for n in lots]))
    parts += tile_list(state, side["tiles"])
    if side["money"]:
        parts.append(dollars(side["money"]) if show_money and side["money"] > 0 else "some money")
    return join(parts) if parts else "nothing"


def outlook(card: int | None, scale: int) -> str:
    if card is None:
        return "no outlook card"
    sizes = OUTLOOK_CARDS[card]
    if not sizes:
        return "no bonus"
    kinds = " or ".join(str(s) for s in sizes)
    return f"+{dollars(1000 * scale)} per tile of every max-{kinds} shop"


def business(state: State, line: list[int]) -> str:
    """One income line: 'Seafood 3 complete $5,000' or 'Laundry 5 (1 complete) $9,000'."""
    _, t, money, _, complete, *lots = line
    shop = rules.types(state)[t]
    size = len(lots)
    if complete and size == shop.max:
        state_words = " complete"
    elif complete:
        state_words = f" ({complete} complete)"
    else:
        state_words = ""
    return f"{shop.name} {size}{state_words} {dollars(money)}"


def businesses(state: State, lines: list[list[int]]) -> list[str]:
    """Income lines in words, equal businesses counted once: 'Tailor 1 x3 $3,000'."""
    counts: dict[tuple[int, int, int, int], int] = {}
    for _, t, money, _, complete, *lots in lines:
        key = (t, len(lots), complete, money)
        counts[key] = counts.get(key, 0) + 1
    out = []
    for (t, size, complete, money), k in sorted(counts.items(), key=lambda kv: (-kv[0][3], kv[0][0])):
        text = business(state, [0, t, money, 0, complete] + [0] * size)
        if k > 1:
            name, _, amount = text.rpartition(" ")
            text = f"{name} x{k} {dollars(money * k)}"
        out.append(text)
    return out


def prompt(state: State, player: int | None = None) -> str:
    phase = state["phase"]
    if phase == "over":
        return "Game over."
    r = state["round"]
    if phase == "keep":
        dealt, keep, _ = rules.deal_row(state)
        return (f"Round {r}: keep {keep} of your {dealt} land cards (click them in your hand or on the board); "
                f"the other {dealt - keep} go back to the deck.")
    if phase == "place":
        return ("Place tiles from your hand on your empty lots (choose a tile, then a highlighted lot), "
                "then click Done placing.")
    offer = state["offer"]
    if offer:
        return (f"Player {offer['from'] + 1} offers you {bundle(state, offer['give'], True)} for "
                f"{bundle(state, offer['get'], True)}. Accept or decline.")
    left = state["offers_left"][state["turn"]]
    return (f"Trading, round {r}: in the trade panel choose a player, click lots on the board and add tiles "
            f"or money, then send the offer; or click Done trading. {plural(left, 'offer')} left this round.")


def describe(state: State, move: Any, names: list[str] | None = None) -> str:
    from .moves import Accept, Decline, Done, Keep, Offer, Place

    p = rules.mover(state)
    me = who(names, p)
    if isinstance(move, Keep):
        return f"{me} keeps {plural(len(move.lots), 'land card')}."
    if isinstance(move, Place):
        name = rules.types(state)[rules.type_index(state, move.shop)].name
        return f"{me} places a {name} tile on lot {move.lot}."
    if isinstance(move, Offer):
        give = bundle(state, rules._bundle_state(state, move.give), False)
        get = bundle(state, rules._bundle_state(state, move.get), False)
        return f"{me} offers {who(names, move.to)} {give} for {get}."
    if isinstance(move, (Accept, Decline)):
        offer = state["offer"]
        if isinstance(move, Decline):
            return f"{me} declines {who(names, offer['from'])}'s offer."
        give = bundle(state, offer["give"], False)
        get = bundle(state, offer["get"], False)
        return f"{me} accepts: {who(names, offer['from'])} trades {give} for {get}."
    if isinstance(move, Done):
        return f"{me} is done {'trading' if state['phase'] == 'trade' else 'placing'}."
    return str(move)


def events(before: State, after: State, names: list[str] | None = None) -> list[str]:
    """What the game did by itself after a move: reveals, deals, income, a new round."""
    out = []
    n = after["players"]
    if before["phase"] == "keep" and after["phase"] != "keep":
        claims: list[list[int]] = [[] for _ in range(n)]
        for lot in range(1, len(after["owner"])):
            if before["owner"][lot] < 0 <= after["owner"][lot]:
                claims[after["owner"][lot]].append(lot)
        out.append("Land cards revealed: " + "; ".join(
            f"{who(names, p)} claims {('lot ' if len(c) == 1 else 'lots ') + join([str(x) for x in sorted(c)])}"
            for p, c in enumerate(claims)) + ".")
        dealt = []
        for p in range(n):
            new = [a - b for a, b in zip(after["hands"][p], before["hands"][p])]
            dealt.append(f"{who(names, p)} gets {join(tile_list(after, new)) or 'nothing'}")
        out.append("Shop tiles dealt: " + "; ".join(dealt) + ".")
    if before["phase"] == "trade" and after["phase"] != "trade":
        made = len(before["trades"]) + (1 if before["offer"] else 0)  # the last answer ends it
        out.append(f"Trading is over ({plural(made, 'offer')} this round). Placing tiles, in turn order.")
    if len(after["income"]) > len(before["income"]):
        info = after["last_income"]
        sc = rules.scale(after)
        if after["options"]["edition"] == "alea":
            out.append(f"Round {info['round']} outlook card: {outlook(info['card'], sc)}.")
        for p in range(n):
            lines = [x for x in info["lines"] if x[0] == p]
            parts = businesses(after, lines)
            bonus = sum(x[3] for x in lines)
            if bonus:
                parts.append(f"outlook +{dollars(bonus)}")
            detail = ": " + ", ".join(parts) if parts else ": no shops yet"
            out.append(f"{who(names, p)} earns {dollars(info['total'][p])}{detail}.")
    if after["round"] > before["round"]:
        out.append(f"Round {after['round']}: {who(names, after['start'])} is the start player; land cards are dealt.")
    if after["phase"] == "over" and before["phase"] != "over":
        money = ", ".join(f"{who(names, p)} {dollars(m)}" for p, m in enumerate(after["money"]))
        win = scoring.winners(after)
        out.append(f"Game over. Money revealed: {money}. "
                   f"{join([who(names, w) for w in win])} {'wins' if len(win) == 1 else 'share the win'}.")
    return out
