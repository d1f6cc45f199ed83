"""Brussels 1893 moves: one small hashable Move per decision, with a text form.

A turn is a short sequence of decisions (place an architect, put francs under it, then
the action's own choices), so every move is a single word group and a single click:

    art green                take an art tile of that colour (setup, studio, nobles, cards)
    square 2-2               put the try square's corner on fleur-de-lis 2-2
    neutral c3r4             2 players: put your neutral architect on a cell
    place c3r4  |  francs 2  an architect on an Art Nouveau cell, then francs under it
    visit bourse             a Brussels action (bourse, grandplace, park, market)
    pass
    sell green | sell white as blue     then  indicator 4 3   then  return 1
    noble 2 | noble top      buy the noble in display slot 2 (or Hankar's revealed one)
    keep | discard           keep the noble you bought, or discard it
    cubes wood iron          take materials;  cube stone: one material
    solvay stone | solvay wild wood iron
    house c1r5 | hall 3      where to build;  pay wood wood wild;  turn stone (a pointer)
    adjust wood cw           Saintenoy: turn a pointer before building
    activate buls | done     Grand-Place (and free noble actions: decline)
    copy build               the park copies an Art Nouveau action
    wild 3                   the market's wildcards
    reward P13 crown | tuck P13 money   scoring: take a prestige card's reward or tuck it
    tile 2 | extra architect | prestige 4 | borrow | zone art | forfeit buls solvay
    clear 1 | refresh 1 3 | flip green | swap iron | cashin albert | reclaim c3r4 2
    give wood stone | give art green | skip

Legality is decided by the rules (``rules.check`` one move at a time, ``rules.legal_moves``
listing them all); here only the grammar is checked, so any text either parses to one
canonical Move or raises IllegalMove("Move syntax", ...).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from ...core.game import IllegalMove
from ...core.game import Move as GameMove
from ...core.i18n import Msg, msg
from .data import (
    ACTION_BY_NAME,
    AREAS,
    ART_COLOURS,
    CELL_BY_NAME,
    COMPASS,
    CUBES,
    FLEUR_BY_NAME,
    NOBLES,
    PRESTIGE,
    REWARD_LETTER,
    STUDIO_COLOURS,
    ZONES,
)

UNITS = CUBES + ("fr3", "wild")  # payment units, in canonical order
SYNTAX = msg("Move syntax")


@dataclass(frozen=True)
class Move:
    words: tuple[str, ...]

    def __str__(self) -> str:
        return " ".join(self.words)

    @property
    def verb(self) -> str:
        return self.words[0]

    @property
    def args(self) -> tuple[str, ...]:
        return self.words[1:]

    @property
    def tokens(self) -> tuple[str, ...]:
        return (str(self),)


def M(*words: object) -> Move:
    return Move(tuple(str(w) for w in words))


def _int(word: str, lo: int, hi: int, what: Msg) -> None:
    if not (word.isascii() and word.isdigit()) or word != str(int(word)) or not lo <= int(word) <= hi:
        raise IllegalMove(
            SYNTAX,
            msg("{what} must be a number from {lo} to {hi}, not {word}", what=what, lo=lo, hi=hi, word=repr(word)),
        )


def _one_of(word: str, allowed, what: Msg) -> None:
    if word not in allowed:
        raise IllegalMove(
            SYNTAX,
            msg("{what} must be one of {values}, not {word}", what=what, values=", ".join(allowed), word=repr(word)),
        )


def _arity(args: tuple[str, ...], lo: int, hi: int, verb: str) -> None:
    if not lo <= len(args) <= hi:
        if hi == 0:
            detail = msg("{verb} takes no more words", verb=repr(verb))
        elif lo == hi == 1:
            detail = msg("{verb} takes 1 word", verb=repr(verb))
        elif lo == hi:
            detail = msg("{verb} takes {n} words", verb=repr(verb), n=lo)
        else:
            detail = msg("{verb} takes {lo} to {hi} words", verb=repr(verb), lo=lo, hi=hi)
        raise IllegalMove(SYNTAX, detail)


def _sorted(args: tuple[str, ...], order: tuple[str, ...], verb: str, strict: bool = False) -> None:
    keys = [order.index(a) for a in args]
    ok = all(a < b if strict else a <= b for a, b in zip(keys, keys[1:]))
    if not ok:
        params = {"verb": repr(verb), "order": ", ".join(order)}
        raise IllegalMove(
            SYNTAX,
            msg("list the words after {verb} in the order {order} without repeats", **params)
            if strict
            else msg("list the words after {verb} in the order {order}", **params),
        )


NOBLE_NAMES = tuple(NOBLES)
SLOTS = ("1", "2", "3", "4")


def _check(verb: str, a: tuple[str, ...]) -> None:
    if verb in ("pass", "keep", "discard", "skip", "done", "decline", "borrow"):
        _arity(a, 0, 0, verb)
    elif verb in ("art", "flip"):
        _arity(a, 1, 1, verb)
        _one_of(a[0], STUDIO_COLOURS, msg("an art colour"))
    elif verb == "square":
        _arity(a, 1, 1, verb)
        _one_of(a[0], tuple(FLEUR_BY_NAME), msg("a fleur-de-lis"))
    elif verb in ("neutral", "place", "house"):
        _arity(a, 1, 1, verb)
        _one_of(a[0], tuple(CELL_BY_NAME), msg("a cell"))
    elif verb == "francs":
        _arity(a, 1, 1, verb)
        _int(a[0], 1, 999, msg("francs"))
    elif verb == "visit":
        _arity(a, 1, 1, verb)
        _one_of(a[0], AREAS, msg("a Brussels action"))
    elif verb == "sell":
        if len(a) == 1:
            _one_of(a[0], ART_COLOURS, msg("an art colour"))
        else:
            _arity(a, 3, 3, verb)
            if a[0] != "white" or a[1] != "as":
                raise IllegalMove(SYNTAX, msg("write 'sell <colour>' or 'sell white as <colour>'"))
            _one_of(a[2], ART_COLOURS, msg("an art colour"))
    elif verb == "indicator":
        _arity(a, 2, 2, verb)
        _int(a[0], 2, 4, msg("the indicator's column"))
        _int(a[1], 2, 4, msg("the indicator's row"))
    elif verb in ("return", "clear"):
        _arity(a, 1, 1, verb)
        _one_of(a[0], ("1", "2"), msg("a market slot"))
    elif verb == "noble":
        _arity(a, 1, 1, verb)
        _one_of(a[0], SLOTS + ("top",), msg("a noble slot"))
    elif verb == "refresh":
        _arity(a, 1, 4, verb)
        for w in a:
            _one_of(w, SLOTS, msg("a noble slot"))
        _sorted(a, SLOTS, verb, strict=True)
    elif verb in ("cube", "swap"):
        _arity(a, 1, 1, verb)
        _one_of(a[0], CUBES, msg("a material"))
    elif verb == "cubes":
        _arity(a, 1, 2, verb)
        for w in a:
            _one_of(w, CUBES, msg("a material"))
        _sorted(a, CUBES, verb)
    elif verb == "solvay":
        if len(a) == 1:
            _one_of(a[0], CUBES, msg("a material"))
        else:
            _arity(a, 3, 3, verb)
            if a[0] != "wild":
                raise IllegalMove(SYNTAX, msg("write 'solvay <material>' or 'solvay wild <material> <material>'"))
            for w in a[1:]:
                _one_of(w, CUBES, msg("a material"))
            _sorted(a[1:], CUBES, verb)
    elif verb == "adjust":
        _arity(a, 2, 2, verb)
        _one_of(a[0], COMPASS, msg("a compass segment"))
        _one_of(a[1], ("cw", "ccw"), msg("a direction"))
    elif verb == "turn":
        _arity(a, 1, 1, verb)
        _one_of(a[0], COMPASS, msg("a compass segment"))
    elif verb == "hall":
        _arity(a, 1, 1, verb)
        _int(a[0], 1, 5, msg("an exhibition position"))
    elif verb == "pay":
        _arity(a, 1, 6, verb)
        for w in a:
            _one_of(w, UNITS, msg("a payment unit"))
        _sorted(a, UNITS, verb)
    elif verb in ("activate", "cashin"):
        _arity(a, 1, 1, verb)
        _one_of(a[0], NOBLE_NAMES, msg("a noble"))
    elif verb == "forfeit":
        _arity(a, 1, len(NOBLE_NAMES), verb)
        for w in a:
            _one_of(w, NOBLE_NAMES, msg("a noble"))
        _sorted(a, NOBLE_NAMES, verb, strict=True)
    elif verb == "reclaim":
        _arity(a, 2, 2, verb)
        _one_of(a[0], tuple(CELL_BY_NAME), msg("a cell"))
        _int(a[1], 1, 999, msg("francs"))
    elif verb == "copy":
        _arity(a, 1, 1, verb)
        _one_of(a[0], tuple(ACTION_BY_NAME), msg("an Art Nouveau action"))
    elif verb == "wild":
        _arity(a, 1, 1, verb)
        _int(a[0], 0, 3, msg("wildcards"))
    elif verb == "give":
        _arity(a, 2, 2, verb)
        if a[0] == "art":
            _one_of(a[1], ART_COLOURS, msg("an art colour"))
        else:
            for w in a:
                _one_of(w, CUBES + ("wild",), msg("a cube"))
            _sorted(a, CUBES + ("wild",), verb)
    elif verb == "tile":
        _arity(a, 1, 1, verb)
        _int(a[0], 1, 6, msg("a Belle Époque tile slot"))
    elif verb == "extra":
        _arity(a, 1, 1, verb)
        _one_of(a[0], ("architect", "traveller"), msg("a meeple"))
    elif verb == "prestige":
        _arity(a, 1, 1, verb)
        _int(a[0], 1, 5, msg("a column"))
    elif verb in ("reward", "tuck"):
        _arity(a, 2, 2, verb)
        _one_of(a[0], tuple(PRESTIGE), msg("a prestige card"))
        _one_of(
            a[1],
            tuple(REWARD_LETTER) if verb == "reward" else ZONES,
            msg("a reward") if verb == "reward" else msg("a strategy zone"),
        )
    elif verb == "zone":
        _arity(a, 1, 1, verb)
        _one_of(a[0], ZONES, msg("a strategy zone"))
    else:
        raise IllegalMove(
            SYNTAX,
            msg(
                "{verb} is not a Brussels 1893 move (try 'place c3r4', 'visit bourse', "
                "'pass', 'francs 2', 'art green')",
                verb=repr(verb),
            ),
        )


def parse(text: str) -> Move:
    words = tuple(text.split())
    if not words:
        raise IllegalMove(SYNTAX, msg("empty move"))
    _check(words[0], words[1:])
    return Move(words)


def validate(move: Move) -> None:
    """Raise IllegalMove("Move syntax", ...) unless `move` is one that `parse` gives:
    the rules may then read its words without checking their form."""
    if not move.words:
        raise IllegalMove(SYNTAX, msg("empty move"))
    _check(move.verb, move.args)


def own(move: GameMove) -> Move:
    """A move the engine hands the game back (typed as the interface's Move) as this
    module's Move: the engine only hands a game moves its parse_move or legal_moves made."""
    return cast(Move, move)
