"""Manhattan (Andreas Seyfarth, 1994): the Game object, delegating to the modules that
hold each part: rules.py (new game, moves, checks, effects), scoring.py, setup.py (edited
positions), invariants.py, words.py (the text: prompts, log lines, labels, explanations),
render.py (the drawing, loaded when first drawn) and search.py (every bot: bots.py's
hand-written ones and the search's levels, loaded when the bots are first asked for).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ...core.game import Game, Move, Option, State, copy_state, first_player_option
from ...core.i18n import Msg
from . import invariants, rules, scoring, setup, words
from .data import CITIES, COLOUR_HEX, SEAT_NAMES
from .invariants import problems
from .moves import Pick, parse


class Manhattan(Game):
    name = "manhattan"
    title = "Manhattan"
    player_counts = (2, 3, 4)
    default_bot = "normal"
    # Move texts and tokens (pick 3, card 7 city 2 storeys 3): players read "the north-east
    # card", "São Paulo", "a 3-storey part" instead (words.py).
    internal_ids = (r"\bpick [1-4]\b", r"\bcard [1-9]\b", r"\bcity [1-6]\b", r"\bstoreys [1-4]\b")
    portrait = True  # render.py puts the board on top, every seat as a wide panel under it
    options = (
        Option(
            "godzilla",
            "choice",
            "off",
            "Godzilla",
            (
                ("off", "No Godzilla"),
                ("full", "Godzilla: destroys whole buildings"),
                ("little", "Little Godzilla: destroys the top part"),
            ),
            "After each build Godzilla steps toward the square just built on and wrecks what it lands on.",
        ),
        Option(
            "slow_development",
            "bool",
            False,
            "Slow development",
            help="Only 3 cities are open in round 1; one more opens each round.",
        ),
        Option("anti_trust", "bool", False, "Anti-trust", help="You may not build on a building you already own."),
        Option(
            "two_colour",
            "bool",
            False,
            "Two colours each (2017 two-player edition)",
            help="Each player builds with two colours, choosing 4 parts of each per round.",
            players=(2,),
        ),
        Option(
            "pick_order",
            "choice",
            "set",
            "Choosing parts",
            (
                ("set", "Whole set in turn (official)"),
                ("one", "One part at a time, in turn"),
            ),
        ),
        Option(
            "tallest_tie_same_owner",
            "bool",
            True,
            "Tallest tie, one owner scores",
            help="If every tallest building has the same owner, that owner still scores 3.",
        ),
        first_player_option(
            "The rulebook's youngest player: they choose parts and build first in round 1; "
            "each round after, the next player to the left starts."
        ),
    )

    def _new_game(self, players: int, seed: int, options: dict[str, Any]) -> State:
        return rules.new_game(players, seed, options)

    def parse_move(self, text: str) -> Move:
        return parse(text)

    def candidate_moves(self, state: State) -> Iterable[Move]:
        return rules.candidate_moves(state)

    def legal_moves(self, state: State) -> list[Move]:
        return rules.legal_moves(state)

    def invariants(self, state: State) -> list[str]:
        return problems(state)

    def progress(self, state: State) -> tuple[int, ...]:
        return invariants.progress(state)

    def move_budget(self, players: int, options: dict[str, Any] | None = None) -> int:
        return invariants.move_budget(players, self.normalize_options(players, options))

    setup_edits = setup.EDITS

    def apply_setup(self, state: State, edit: dict[str, Any]) -> State:
        return setup.apply_setup(state, edit)

    def regions(self, state: State) -> tuple[str, ...]:
        # A city is named by its number, as in its lots' ids ("4" is Sydney, lots "4 1".."4 9").
        return tuple(str(c + 1) for c in range(len(CITIES)))

    def majority(self, state: State, region: str) -> int | None:
        city = int(region) - 1 if region in self.regions(state) else None
        return None if city is None else scoring.majority_players(state)[city]

    def check(self, state: State, move: Move) -> None:
        rules.check(state, move)

    def apply_unchecked(self, state: State, move: Move) -> None:
        # The contract of apply_unchecked: a move of this game's legal_moves, so a pick,
        # a build or a discard (moves.py), which the interface's Move cannot say.
        rules.apply(state, move)  # type: ignore[arg-type]

    def to_move(self, state: State) -> tuple[int, ...]:
        return () if state["phase"] == "over" else (state["turn"],)

    def phase(self, state: State) -> str:
        return rules.phase(state)

    def prompt(self, state: State, player: int | None = None) -> str:
        return words.prompt(state)

    def token_label(self, state: State, token: str) -> str:
        return words.token_label(state, token)

    def explain(self, state: State, selected: tuple[str, ...], token: str) -> Msg | None:
        return words.explain(state, selected, token)

    def is_over(self, state: State) -> bool:
        return state["phase"] == "over"

    def scores(self, state: State) -> list[int]:
        return list(state["scores"])

    def breakdown(self, state: State) -> dict[str, Any]:
        return {
            "items": ["buildings", "majorities", "tallest"],
            "rounds": state["history"],
            "totals": list(state["scores"]),
        }

    def winners(self, state: State) -> list[int]:
        return scoring.winners(state) if self.is_over(state) else []

    def view(self, state: State, player: int | None) -> State:
        """Hide other hands and the deck order (and the generator, which would reveal it)."""
        v = copy_state(state)
        v["rng"] = 0
        v["deck"] = [0] * len(state["deck"])
        for p, hand in enumerate(v["hands"]):
            if p != player:
                v["hands"][p] = [0] * len(hand)
        v["viewer"] = player
        return v

    def describe(self, state: State, move: Move, names: list[str] | None = None, after: State | None = None) -> str:
        return words.describe(state, move, self.apply, names, after)

    # The package's only imports inside functions, and its only edges back up: the
    # drawing and the bots load when first asked for, so the rules never load them.
    def render(self, state: State, viewer: int | None = None, **kw: Any) -> str:
        from .render import render

        return render(state, viewer, **kw)

    def bots(self) -> dict[str, Any]:
        from .search import BOTS  # bots.py's hand-written bots and the search's levels

        return BOTS

    def reveals_hidden_information(self, state: State, move: Move, after: State | None = None) -> bool:
        # Choosing parts is open and draws nothing; every card played draws a card.
        return not isinstance(move, Pick)

    def player_colours(self, state: State) -> list[str]:
        return [COLOUR_HEX[rules.player_colours(state, p)[0]] for p in range(state["players"])]

    def seat_name(self, state: State, player: int) -> str:
        return Msg(SEAT_NAMES[state["seats"][player]])

    def translatable(self) -> list[str]:
        return [*super().translatable(), *words.TRANSLATABLE]


GAME = Manhattan()
