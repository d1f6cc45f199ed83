"""Chinatown moves and their text forms.

    keep 3 17 42                 phase 1: the land cards you keep (ascending); the rest are discarded
    offer 2 give lot 34 seafood 1 money 3000 get lot 12
                                 phase 3: offer player 2 (seat number) a bundle for a bundle
    accept | decline             phase 3: answer the offer made to you
    done                         phase 3: done trading; phase 4: done placing
    place seafood 34             phase 4: put a Seafood tile from your hand on your empty lot 34

A bundle lists lots (``lot N``, ascending), shop tiles from the hand (``<shop id> <count>``,
ids in alphabetical order) and ``money N`` (dollars), or is ``nothing``. Every move has
exactly one text: parse refuses other orders and says the canonical one. Shop ids are those
of the edition in play (data.py); ``parse`` accepts the ids of both editions and ``check``
refuses an id of the other edition. Moves are plain values: ``check`` (rules.py) validates
them, so parsing stays cheap and bots may build moves directly.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.game import IllegalMove
from ...core.i18n import Msg, msg
from .data import ALL_TYPE_IDS, LOT_COUNT


@dataclass(frozen=True, slots=True)
class Bundle:
    lots: tuple[int, ...] = ()
    tiles: tuple[tuple[str, int], ...] = ()  # (shop id, count), ids in alphabetical order
    money: int = 0

    @staticmethod
    def make(lots=(), tiles: dict[str, int] | None = None, money: int = 0) -> Bundle:
        """A bundle in canonical order (what str() prints and parse() reads back)."""
        items = tuple(sorted((k, v) for k, v in (tiles or {}).items() if v))
        return Bundle(tuple(sorted(lots)), items, money)

    def empty(self) -> bool:
        return not self.lots and not self.tiles and not self.money

    def __str__(self) -> str:
        parts = [f"lot {n}" for n in self.lots]
        parts += [f"{t} {k}" for t, k in self.tiles]
        if self.money:
            parts.append(f"money {self.money}")
        return " ".join(parts) if parts else "nothing"


@dataclass(frozen=True, slots=True)
class Keep:
    lots: tuple[int, ...]

    def __str__(self) -> str:
        return "keep " + " ".join(map(str, self.lots))

    @property
    def tokens(self) -> tuple[str, ...]:
        return tuple(f"keep {n}" for n in self.lots)


@dataclass(frozen=True, slots=True)
class Offer:
    to: int  # 0-based player index (the text says the seat number, 1-based)
    give: Bundle
    get: Bundle

    def __str__(self) -> str:
        return f"offer {self.to + 1} give {self.give} get {self.get}"

    @property
    def tokens(self) -> tuple[str, ...]:
        return (str(self),)


@dataclass(frozen=True, slots=True)
class Accept:
    def __str__(self) -> str:
        return "accept"

    @property
    def tokens(self) -> tuple[str, ...]:
        return ("accept",)


@dataclass(frozen=True, slots=True)
class Decline:
    def __str__(self) -> str:
        return "decline"

    @property
    def tokens(self) -> tuple[str, ...]:
        return ("decline",)


@dataclass(frozen=True, slots=True)
class Done:
    def __str__(self) -> str:
        return "done"

    @property
    def tokens(self) -> tuple[str, ...]:
        return ("done",)


@dataclass(frozen=True, slots=True)
class Place:
    shop: str
    lot: int

    def __str__(self) -> str:
        return f"place {self.shop} {self.lot}"

    @property
    def tokens(self) -> tuple[str, ...]:
        # Not "lot 34": the log says that in words, and a token is the UI's id of a part.
        return (f"tile {self.shop}", f"on {self.lot}")


Move = Keep | Offer | Accept | Decline | Done | Place

_SIMPLE: dict[str, Move] = {"accept": Accept(), "decline": Decline(), "done": Done()}
EXAMPLES = (
    "'keep 3 17 42'",
    "'offer 2 give lot 34 get money 2000'",
    "'accept'",
    "'decline'",
    "'done'",
    "'place seafood 34'",
)


def _int(word: str, what: Msg, lo: int = 0, hi: int | None = None) -> int:
    # Only canonical ASCII numbers, so every move has exactly one text form.
    if not (word.isascii() and word.isdigit()) or word != str(int(word)):
        raise IllegalMove(
            msg("Move syntax"), msg("{what} must be a whole number, not {word}", what=what, word=repr(word))
        )
    value = int(word)
    if value < lo or (hi is not None and value > hi):
        raise IllegalMove(
            msg("Move syntax"),
            msg("{what} must be from {lo} to {hi}, not {value}", what=what, lo=lo, hi=hi, value=value)
            if hi is not None
            else msg("{what} must be at least {lo}, not {value}", what=what, lo=lo, value=value),
        )
    return value


def _lot(word: str) -> int:
    return _int(word, msg("a lot number"), 1, LOT_COUNT)


def _bundle(words: list[str]) -> Bundle:
    if words == ["nothing"]:
        return Bundle()
    if not words:
        raise IllegalMove(msg("Move syntax"), msg("each side of an offer lists something, or says 'nothing'"))
    lots: list[int] = []
    tiles: dict[str, int] = {}
    money = 0
    i = 0
    while i < len(words):
        word = words[i]
        if i + 1 >= len(words):
            raise IllegalMove(msg("Move syntax"), msg("{word} needs a number after it", word=repr(word)))
        value = words[i + 1]
        if word == "lot":
            lot = _lot(value)
            if lot in lots:
                raise IllegalMove(msg("Move syntax"), msg("lot {lot} is listed twice", lot=lot))
            lots.append(lot)
        elif word == "money":
            if money:
                raise IllegalMove(msg("Move syntax"), msg("money is listed twice"))
            money = _int(value, msg("chinatown|money"), 1)
        elif word in ALL_TYPE_IDS:
            if word in tiles:
                raise IllegalMove(msg("Move syntax"), msg("{kind} tiles are listed twice", kind=word))
            tiles[word] = _int(value, msg("the number of {kind} tiles", kind=word), 1)
        else:
            raise IllegalMove(msg("Move syntax"), msg("{word} is not 'lot', 'money' or a shop type", word=repr(word)))
        i += 2
    out = Bundle.make(lots, tiles, money)
    if str(out) != " ".join(words):
        # One text per move (as in every game here): say the canonical spelling.
        raise IllegalMove(
            msg("Move syntax"),
            msg(
                "write the bundle as {text} (lots ascending, then tiles in alphabetical order, then money)",
                text=repr(str(out)),
            ),
        )
    return out


def parse(text: str) -> Move:
    words = text.split()
    if len(words) == 1 and words[0] in _SIMPLE:
        return _SIMPLE[words[0]]
    if len(words) >= 2 and words[0] == "keep":
        lots = [_lot(w) for w in words[1:]]
        if len(set(lots)) != len(lots):
            raise IllegalMove(msg("Move syntax"), msg("a land card is listed twice"))
        if lots != sorted(lots):
            raise IllegalMove(
                msg("Move syntax"),
                msg(
                    "list the land cards in ascending order: {text}",
                    text=repr("keep " + " ".join(map(str, sorted(lots)))),
                ),
            )
        return Keep(tuple(lots))
    if len(words) == 3 and words[0] == "place":
        if words[1] not in ALL_TYPE_IDS:
            raise IllegalMove(msg("Move syntax"), msg("{word} is not a shop type", word=repr(words[1])))
        return Place(words[1], _lot(words[2]))
    if len(words) >= 6 and words[0] == "offer" and words[2] == "give" and "get" in words:
        to = _int(words[1], msg("the player's seat number"), 1) - 1
        split = words.index("get")
        return Offer(to, _bundle(words[3:split]), _bundle(words[split + 1 :]))
    raise IllegalMove(
        msg("Move syntax"),
        msg(
            "{text} is not a Chinatown move (try {examples} or {last})",
            text=repr(text),
            examples=", ".join(EXAMPLES[:-1]),
            last=EXAMPLES[-1],
        ),
    )
