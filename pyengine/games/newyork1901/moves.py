"""New York 1901 moves and their text forms.

    acquire B07              take a market card matching lot B07 and put a worker on it
    build S3 rot 1 at 4 9    build tile S3 in its rotation 1 (of ``rotations(shape)``),
                             its first square (top row, leftmost) on cell x=4, y=9;
                             covering your own tiles is a demolish-and-rebuild
    shift | grab | boom      play Market Shift, Land Grab or Construction Boom
    end                      end the turn (build nothing, or no second build)
    return B07               no worker free and no build possible: give lot B07 back

Tile ids: B1-B6, S1-S6, G1-G6 (your own), L1-L4 (the shared legendaries).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.game import IllegalMove, trusted
from ...core.i18n import Msg, msg
from .data import HEIGHT, LOTS_BY_ID, OFFSETS, TILE_BY_ID, WIDTH

ACTIONS = {"shift": "Market Shift", "grab": "Land Grab", "boom": "Construction Boom"}


def _check_lot(lot: str) -> None:
    if lot not in LOTS_BY_ID:
        raise IllegalMove(
            msg("Move syntax"),
            msg("there is no lot {lot_name} (lots are R01-R13, B01-B13, Y.., G.., P..)", lot_name=repr(lot)),
        )


@dataclass(frozen=True)
class Acquire:
    lot: str
    make = classmethod(trusted)

    def __post_init__(self) -> None:
        _check_lot(self.lot)

    def __str__(self) -> str:
        return f"acquire {self.lot}"

    @property
    def tokens(self) -> tuple[str, ...]:
        return (str(self),)


@dataclass(frozen=True)
class Build:
    tile: str
    rot: int
    x: int
    y: int
    make = classmethod(trusted)

    def __post_init__(self) -> None:
        if self.tile not in TILE_BY_ID or self.tile == "START":
            raise IllegalMove(
                msg("Move syntax"),
                msg("there is no tile {tile_name} (B1-B6, S1-S6, G1-G6, L1-L4)", tile_name=repr(self.tile)),
            )
        n = len(OFFSETS[self.tile])
        for value, hi, what in (
            (self.rot, n - 1, msg("rotation of {tile_name}", tile_name=self.tile)),
            (self.x, WIDTH - 1, "x"),
            (self.y, HEIGHT - 1, "y"),
        ):
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= hi:
                raise IllegalMove(
                    msg("Move syntax"),
                    msg("{what} must be from {lo} to {hi}, not {value}", what=what, lo=0, hi=hi, value=repr(value)),
                )

    def __str__(self) -> str:
        return f"build {self.tile} rot {self.rot} at {self.x} {self.y}"

    @property
    def tokens(self) -> tuple[str, ...]:
        return (f"build {self.tile}", f"rot {self.rot} at {self.x} {self.y}")


@dataclass(frozen=True)
class Action:
    card: str  # shift | grab | boom

    def __post_init__(self) -> None:
        if self.card not in ACTIONS:
            raise IllegalMove(
                msg("Move syntax"), msg("no action card {card} (shift, grab or boom)", card=repr(self.card))
            )

    def __str__(self) -> str:
        return self.card

    @property
    def tokens(self) -> tuple[str, ...]:
        return (self.card,)


@dataclass(frozen=True)
class End:
    def __str__(self) -> str:
        return "end"

    @property
    def tokens(self) -> tuple[str, ...]:
        return ("end",)


@dataclass(frozen=True)
class Return:
    lot: str

    def __post_init__(self) -> None:
        _check_lot(self.lot)

    def __str__(self) -> str:
        return f"return {self.lot}"

    @property
    def tokens(self) -> tuple[str, ...]:
        return (str(self),)


Move = Acquire | Build | Action | End | Return


def _int(word: str, what: str | Msg) -> int:
    # Only canonical ASCII numbers, so every move has exactly one text form.
    if not (word.isascii() and word.isdigit()) or word != str(int(word)):
        raise IllegalMove(
            msg("Move syntax"), msg("{what} must be a whole number, not {word}", what=what, word=repr(word))
        )
    return int(word)


def parse(text: str) -> Move:
    words = text.split()
    if len(words) == 2 and words[0] in ("acquire", "return"):
        return (Acquire if words[0] == "acquire" else Return)(words[1])
    if len(words) == 7 and words[0] == "build" and words[2] == "rot" and words[4] == "at":
        return Build(words[1], _int(words[3], Msg("rotation")), _int(words[5], "x"), _int(words[6], "y"))
    if len(words) == 1 and words[0] in ACTIONS:
        return Action(words[0])
    if words == ["end"]:
        return End()
    raise IllegalMove(
        msg("Move syntax"),
        msg(
            "{text} is not a New York 1901 move (try 'acquire B07', 'build B1 rot 0 at 4 9', "
            "'shift', 'grab', 'boom', 'end' or 'return B07')",
            text=repr(text),
        ),
    )
