"""The offer a player is building in the trade panel: plain UI state, not a move.

The page keeps a draft per session and sends each click on a ``data-draft`` element here
as a token; the renderer draws the draft and, when it is a legal offer, a send button
carrying ``data-move`` with the full offer text (the UI testing contract). Tokens:

    to 2                 trade with player 2 (seat number); a new partner clears the get side
    lot 34               add lot 34 to the side of its owner, or take it off again
    give +seafood        one more / one fewer Seafood tile from your hand ("give -seafood")
    get +seafood         the same from the partner's hand
    give money +5        five more money units ($1,000 alea, $10,000 Z-Man); -1, +1, -5 too
    get money +1         the same for the money you ask
    clear                empty both sides (the partner stays)

A draft is {"to": seat index or None, "give": side, "get": side}, a side being
{"lots": [...], "tiles": {shop id: count}, "money": dollars}. Unknown or impossible
tokens leave the draft as it was, so a stale click never breaks the page.
"""

from __future__ import annotations

from typing import Any

from ...core.game import IllegalMove
from ...core.i18n import Msg, msg
from . import rules
from .moves import Bundle, Offer

State = dict[str, Any]
Draft = dict[str, Any]


def empty(to: int | None = None) -> Draft:
    return {"to": to, "give": {"lots": [], "tiles": {}, "money": 0}, "get": {"lots": [], "tiles": {}, "money": 0}}


def normal(draft: Any) -> Draft:
    """A well-formed copy of `draft` (the page may hand back None at first)."""
    if not isinstance(draft, dict):
        return empty()
    out = empty(draft.get("to"))
    for side in ("give", "get"):
        src = draft.get(side) or {}
        out[side] = {
            "lots": list(src.get("lots", [])),
            "tiles": dict(src.get("tiles", {})),
            "money": int(src.get("money", 0)),
        }
    return out


def edit(state: State, player: int | None, draft: Any, token: str) -> Draft:
    """The draft after one click. `state` may be the player's view."""
    d = normal(draft)
    if player is None or state["phase"] != "trade" or state["offer"]:
        return d
    n = state["players"]
    words = token.split()
    try:
        if words[:1] == ["to"] and len(words) == 2:
            q = int(words[1]) - 1
            if 0 <= q < n and q != player and q != d["to"]:
                d = {**empty(q), "give": d["give"]}
        elif words[:1] == ["lot"] and len(words) == 2:
            _toggle_lot(state, player, d, int(words[1]))
        elif words[:1] == ["clear"]:
            d = empty(d["to"])
        elif len(words) == 3 and words[0] in ("give", "get") and words[1] == "money":
            _money(state, player, d, words[0], int(words[2]))
        elif len(words) == 2 and words[0] in ("give", "get") and words[1][:1] in "+-":
            _tile(state, player, d, words[0], words[1][0], words[1][1:])
    except (ValueError, IndexError, IllegalMove):
        pass
    return d


def _toggle_lot(state: State, player: int, d: Draft, lot: int) -> None:
    if not 1 <= lot <= len(state["owner"]) - 1:
        return
    owner = state["owner"][lot]
    if owner < 0:
        return
    if owner != player and d["to"] != owner:
        # A lot of someone else: trade with them (the lots you offered stay).
        d.update({**empty(owner), "give": d["give"]})
    side = d["give"] if owner == player else d["get"]
    if lot in side["lots"]:
        side["lots"].remove(lot)
    else:
        side["lots"].append(lot)
        side["lots"].sort()


def _tile(state: State, player: int, d: Draft, side_name: str, sign: str, shop: str) -> None:
    who = player if side_name == "give" else d["to"]
    if who is None:
        return
    t = rules.type_index(state, shop)
    tiles = d[side_name]["tiles"]
    have = state["hands"][who][t]
    k = tiles.get(shop, 0) + (1 if sign == "+" else -1)
    k = max(0, min(k, have))
    if k:
        tiles[shop] = k
    else:
        tiles.pop(shop, None)


def _money(state: State, player: int, d: Draft, side_name: str, units: int) -> None:
    if side_name == "get" and d["to"] is None:
        return
    step = rules.unit(state)
    value = max(0, d[side_name]["money"] + units * step)
    if side_name == "give":
        mine = state["money"][player]
        value = min(value, mine - mine % step)
    d[side_name]["money"] = value


def offer(draft: Any) -> Offer | None:
    """The offer the draft stands for (None without a partner)."""
    d = normal(draft)
    if d["to"] is None:
        return None

    def bundle(side: dict[str, Any]) -> Bundle:
        return Bundle.make(side["lots"], side["tiles"], side["money"])

    return Offer(d["to"], bundle(d["give"]), bundle(d["get"]))


def status(state: State, draft: Any) -> tuple[str | None, Msg | str]:
    """(move text, '') when the draft is a legal offer, else (None, why not: a Msg)."""
    move = offer(draft)
    if move is None:
        return None, msg("Choose a player to trade with.")
    if move.give.empty() and move.get.empty():
        return None, msg("Add lots, tiles or money to either side.")
    try:
        rules.check(state, move)
    except IllegalMove as e:
        return None, e.message
    return str(move), ""
