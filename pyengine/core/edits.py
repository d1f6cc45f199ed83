"""What every game's setup module shares (the setup edits of a scenario, issue 27;
pyengine/core/scenario.py): the edit's name checked against those the game takes, a
seat read from an edit, and the refusal of a position its invariants reject. Each game
keeps its own edits and the order it checks them in."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from .game import IllegalMove, State
from .i18n import Msg, msg

SETUP = msg("Setup")


def edit_kind(game: str, edit: dict[str, Any], kinds: Collection[str]) -> str:
    """The edit's name; IllegalMove naming the game's edits if it is not one of them."""
    kind = edit.get("edit")
    if not isinstance(kind, str) or kind not in kinds:
        raise IllegalMove(
            SETUP,
            msg(
                "{game}'s setup edits are {edits}, not {edit}", game=Msg(game), edits=", ".join(kinds), edit=repr(kind)
            ),
        )
    return kind


def seat(state: State, value: Any) -> int:
    """A seat given from 1 (as players read it), from 0."""
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= state["players"]:
        raise IllegalMove(SETUP, msg("'seat' must be a seat from 1 to {n}", n=state["players"]))
    return value - 1


def refuse_broken(problems: list[str]) -> None:
    """An edit that leaves a position no game reaches is refused with the first problem."""
    if problems:
        raise IllegalMove(SETUP, msg("the position breaks the rules: {what}", what=problems[0]))
