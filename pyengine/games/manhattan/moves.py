"""Manhattan moves and their text forms.

    pick 3                           choose a 3-storey part for this round
    card 7 city 2 storeys 3          play card 7, build a 3-storey part in city 2
    card 7 city 2 storeys 3 as green (two-colour game: which of your colours)
    discard 7 storeys 1              no legal build at all: discard card 7 and set
                                     aside one chosen 1-storey part (DESIGNED rule)

Cards are keypad positions 1..9 as printed on the card; cities are 1..6.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.game import IllegalMove, trusted
from ...core.i18n import msg
from .data import CITIES, COLOURS, SIZES


def _in_range(value: int | None, lo: int, hi: int, what: str, optional: bool = False) -> None:
    """Move objects are also built directly (bots, tests), not only parsed."""
    if value is None and optional:
        return
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise IllegalMove(
            msg("Move syntax"),
            msg("{what} must be from {lo} to {hi}, not {value}", what=what, lo=lo, hi=hi, value=repr(value)),
        )


@dataclass(frozen=True)
class Pick:
    storeys: int
    make = classmethod(trusted)

    def __post_init__(self) -> None:
        _in_range(self.storeys, SIZES[0], SIZES[-1], "storeys")

    def __str__(self) -> str:
        return f"pick {self.storeys}"

    @property
    def tokens(self) -> tuple[str, ...]:
        return (str(self),)


@dataclass(frozen=True)
class Build:
    card: int
    city: int  # 0-based
    storeys: int
    colour: int | None = None  # only in the two-colour game
    make = classmethod(trusted)

    def __post_init__(self) -> None:
        _in_range(self.card, 1, 9, "card")
        _in_range(self.city, 0, len(CITIES) - 1, "city index")
        _in_range(self.storeys, SIZES[0], SIZES[-1], "storeys")
        _in_range(self.colour, 0, len(COLOURS) - 1, "colour", optional=True)

    def __str__(self) -> str:
        text = f"card {self.card} city {self.city + 1} storeys {self.storeys}"
        return text if self.colour is None else f"{text} as {COLOURS[self.colour]}"

    @property
    def tokens(self) -> tuple[str, ...]:
        base = (f"card {self.card}", f"city {self.city + 1}", f"storeys {self.storeys}")
        return base if self.colour is None else base + (f"as {COLOURS[self.colour]}",)


@dataclass(frozen=True)
class Discard:
    card: int
    storeys: int
    colour: int | None = None
    make = classmethod(trusted)

    def __post_init__(self) -> None:
        _in_range(self.card, 1, 9, "card")
        _in_range(self.storeys, SIZES[0], SIZES[-1], "storeys")
        _in_range(self.colour, 0, len(COLOURS) - 1, "colour", optional=True)

    def __str__(self) -> str:
        text = f"discard {self.card} storeys {self.storeys}"
        return text if self.colour is None else f"{text} as {COLOURS[self.colour]}"

    @property
    def tokens(self) -> tuple[str, ...]:
        base = (f"discard {self.card}", f"storeys {self.storeys}")
        return base if self.colour is None else base + (f"as {COLOURS[self.colour]}",)


Move = Pick | Build | Discard


def _int(word: str, lo: int, hi: int, what: str) -> int:
    # Only canonical ASCII numbers, so every move has exactly one text form.
    if not (word.isascii() and word.isdigit()) or word != str(int(word)) or not lo <= int(word) <= hi:
        raise IllegalMove(
            msg("Move syntax"),
            msg("{what} must be a number from {lo} to {hi}, not {word}", what=what, lo=lo, hi=hi, word=repr(word)),
        )
    return int(word)


def _colour(words: list[str]) -> int | None:
    if not words:
        return None
    if len(words) != 2 or words[0] != "as" or words[1] not in COLOURS:
        raise IllegalMove(
            msg("Move syntax"),
            msg(
                "expected 'as <colour>' ({colours}), got {words}",
                colours=", ".join(COLOURS),
                words=repr(" ".join(words)),
            ),
        )
    return COLOURS.index(words[1])


def parse(text: str) -> Move:
    words = text.split()
    if len(words) == 2 and words[0] == "pick":
        return Pick(_int(words[1], 1, 4, "storeys"))
    if len(words) in (6, 8) and words[0] == "card" and words[2] == "city" and words[4] == "storeys":
        return Build(
            _int(words[1], 1, 9, "card"),
            _int(words[3], 1, 6, "city") - 1,
            _int(words[5], 1, 4, "storeys"),
            _colour(words[6:]),
        )
    if len(words) in (4, 6) and words[0] == "discard" and words[2] == "storeys":
        return Discard(_int(words[1], 1, 9, "card"), _int(words[3], 1, 4, "storeys"), _colour(words[4:]))
    raise IllegalMove(
        msg("Move syntax"),
        msg(
            "{text} is not a Manhattan move (try 'pick 2', 'card 7 city 2 storeys 3' or 'discard 7 storeys 1')",
            text=repr(text),
        ),
    )
