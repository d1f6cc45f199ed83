"""Chinatown (Karsten Hartwig, alea 1999): the Game object, delegating to the modules.

rules.py holds the rules (and what each player sees), words.py everything said in
sentences, invariants.py what holds in every position, setup.py the scenario edits,
trade_panel.py the offer being built, render.py the drawing (loaded when first drawn),
bots.py the hand-written bots and search.py the search's hooks and levels (loaded
when the bots are first asked for: the rules never load them).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ...core.game import Game, IllegalMove, Move, Option, State, first_player_option
from ...core.i18n import Msg, msg
from . import invariants, rules, scoring, setup, trade_panel, words
from .data import ALL_TYPE_IDS, DEFAULT_OFFER_LIMIT, OFFER_LIMITS, PLAYER_COLOUR_NAMES, PLAYER_COUNTS, PLAYER_HEX, TYPES
from .fastcopy import fast_copy
from .invariants import problems
from .moves import Accept, Decline, Done, Keep, Offer, Place, parse

_IDS = "(?:" + "|".join(sorted(ALL_TYPE_IDS)) + ")"  # the shop ids of move texts


class Chinatown(Game):
    name = "chinatown"
    title = "Chinatown"
    player_counts = PLAYER_COUNTS
    default_bot = "normal"  # beats trader: docs/bots.md
    portrait = True  # render.py stacks the map, the own seat, the phase's box, the others
    drafts = True  # a trade offer is built click by click (edit_draft)
    options = (
        Option(
            "edition",
            "choice",
            "alea",
            "Edition",
            (
                ("alea", "alea 1999: $5,000 each, business-outlook cards"),
                ("zman", "Z-Man: its shop names, money x10, no outlook cards"),
            ),
        ),
        Option(
            "street_variant",
            "bool",
            False,
            "Street frontage (variant)",
            help="A new business must touch a street, or reach one through your tiles of the same type.",
        ),
        Option(
            "offer_limit",
            "choice",
            DEFAULT_OFFER_LIMIT,
            "Offers per player per round",
            tuple((v, v) for v in OFFER_LIMITS),
            "Each trading phase ends once everyone is done; this bounds how long it can run.",
        ),
        first_player_option(
            help="The rulebook lets the players choose the start player of round 1; each round "
            "the next player to the left starts."
        ),
    )

    # Move syntax and the UI's tokens (moves.py): "place restaurant 39", "tile seafood",
    # "keep 34", "on 34", "offer 2 give lot 34 get money 2000", shop ids. A lot's number
    # is printed on the real board, so "lot 34" in words is plain.
    internal_ids = (
        rf"\bplace {_IDS} \d+",
        rf"\btile {_IDS}\b",
        r"\bkeep \d+ \d+",
        r"\bon \d+\b",
        r"\boffer \d+ give\b",
        r"\b(?:give|get) (?:lot|money|nothing)\b",
        r"\bmoney \d+",
        r"\b[a-z]+_[a-z]+\b",
    )

    # ---- the interface ------------------------------------------------------------
    def _new_game(self, players: int, seed: int, options: dict[str, Any]) -> State:
        return rules.new_game(players, seed, options)

    def parse_move(self, text: str) -> Move:
        return parse(text)

    def candidate_moves(self, state: State) -> Iterable[Move]:
        return rules.candidate_moves(state)

    def legal_moves(self, state: State) -> list[Move]:
        return rules.legal_moves(state)

    def enumerates(self, move: Move) -> bool:
        # Offers are combinatorial: legal_moves lists a bounded useful set of them.
        return not isinstance(move, Offer)

    def invariants(self, state: State) -> list[str]:
        return problems(state)

    def progress(self, state: State) -> tuple[int, ...]:
        return invariants.progress(state)

    def move_budget(self, players: int, options: dict[str, Any] | None = None) -> int:
        return invariants.move_budget(players, self.normalize_options(players, options))

    def check(self, state: State, move: Move) -> None:
        rules.check(state, move)

    # Scenario setup edits (setup.py): lots, tiles, hands, round, money, outlook, turn.
    setup_edits = setup.EDITS

    def apply_setup(self, state: State, edit: dict[str, Any]) -> State:
        return setup.apply_setup(state, edit)

    def apply_unchecked(self, state: State, move: Move) -> None:
        rules.apply(state, move)

    def apply(self, state: State, move: Move | str) -> State:
        """As Game.apply, with a copy that knows the state's shape (several times faster)."""
        move = self.to_move_obj(move)
        if self.is_over(state):
            raise IllegalMove(msg("Game over"), msg("no more moves can be made"))
        rules.check(state, move)
        new = fast_copy(state)
        rules.apply(new, move)
        return new

    def to_move(self, state: State) -> tuple[int, ...]:
        return () if state["phase"] == "over" else (rules.mover(state),)

    def phase(self, state: State) -> str:
        if state["phase"] == "trade" and state["offer"]:
            return "answer"
        return state["phase"]

    def prompt(self, state: State, player: int | None = None) -> Msg:
        return words.prompt(state, player)

    def is_over(self, state: State) -> bool:
        return state["phase"] == "over"

    def scores(self, state: State) -> list[int]:
        return list(state["money"])

    def breakdown(self, state: State) -> dict[str, Any]:
        return words.breakdown(state)

    def points_text(self, value: int) -> str:
        return words.dollars(value)

    def winners(self, state: State) -> list[int]:
        return scoring.winners(state) if self.is_over(state) else []

    def view(self, state: State, player: int | None) -> State:
        return rules.view(state, player)

    def describe(
        self, state: State, move: Move, names: list[str] | None = None, after: State | None = None
    ) -> Msg | str:
        return words.describe(state, move, names)

    def events(self, before: State, after: State, names: list[str] | None = None) -> list[str]:
        return words.events(before, after, names)

    def render(self, state: State, viewer: int | None = None, **kw: Any) -> str:
        from .render import render  # lazy: drawing loads only when first asked for

        return render(state, viewer, **kw)

    def token_label(self, state: State, token: str) -> str | Msg:
        return words.token_label(state, token)

    def explain(self, state: State, selected: tuple[str, ...], token: str) -> Msg | None:
        return words.explain(state, selected, token)

    def edit_draft(self, state: State, player: int | None, draft: Any, token: str) -> Any:
        """The trade panel's offer under construction (UI state, not a move)."""
        return trade_panel.edit(state, player, draft, token)

    def bots(self) -> dict[str, Any]:
        # Imported here, not at the top: with render() above, the only lazy imports of the
        # package, so that loading the rules never loads the bots or the search.
        from .search import BOTS

        return BOTS

    def reveals_hidden_information(self, state: State, move: Move, after: State | None = None) -> bool:
        # Keeping is a secret choice and an answer shows it to the offerer; placing or
        # being done reveals something only when it ends the round (the outlook card,
        # income, the next deal).
        if isinstance(move, (Keep, Accept, Decline)):
            return True
        if isinstance(move, (Place, Done)):
            after = self.apply(state, move)
            return after["round"] != state["round"] or after["phase"] == "over"
        return False

    def player_colours(self, state: State) -> list[str]:
        return list(PLAYER_HEX[: state["players"]])

    def seat_name(self, state: State, player: int) -> Msg:
        return Msg(PLAYER_COLOUR_NAMES[player])

    def translatable(self) -> list[str]:
        # Shop names and their two-letter tile codes in both editions (render.py shows
        # the codes through the translator: a code is each language's own abbreviation).
        shops = [x for types in TYPES.values() for t in types for x in (t.name, t.code)]
        return [*super().translatable(), *shops, *PLAYER_COLOUR_NAMES, *words.ITEMS]


GAME = Chinatown()
