"""Brussels 1893 (Etienne Espreman; revised edition with Belle Époque and the B-side
variant, Geek Attitude Games): the Game object, a thin delegation to the rules
(rules.py), the text (words.py), the feedback (warn.py), the drawing (render.py) and
the bots (search.py's table)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, cast

from ...core.game import FIRST_PLAYER, Game, Option, State, first_player_option
from ...core.game import Move as GameMove
from ...core.i18n import Msg, msg
from . import invariants, rules, scoring, setup, warn, words
from .data import (
    ACTION_NAMES,
    AREA_TITLES,
    ART_COLOURS,
    B_SIDES,
    BE_CARDS,
    BE_TILES,
    COLOUR_HEX,
    COLOURS,
    NOBLE_EFFECTS,
    NOBLES,
    REWARDS,
    ZONES,
)
from .invariants import PLATEAU, problems
from .moves import Move, own, parse
from .state import FINAL_ITEMS, ITEMS, ROUND_ITEMS

# Score items whose key another game uses for another thing: New York 1901's "cards" are
# its action cards (glossary.json).
ITEM_LABELS = {"cards": "brussels1893|cards"}

PHASES = {
    "setup": "setup",
    "planning": "planning",
    "actions": "action phase",
    "scoring": "scoring phase",
    "end": "game end",
    "over": "over",
}


class Brussels1893(Game):
    name = "brussels1893"
    title = "Brussels 1893"
    player_counts = (2, 3, 4, 5)
    default_bot = "normal"  # beats greedy: docs/bots.md
    # Every view is the same (decks are face down to all, first-pass prestige cards even to
    # their owner), so hot-seat play needs no pass-the-device screen.
    private_information = False
    hovers = True  # hover() previews a piece on an Art Nouveau cell
    portrait = True  # render.py stacks the board, the decision bar, the own seat, the columns, the others
    options = (
        Option(
            "belle_epoque",
            "bool",
            False,
            "Belle Époque expansion",
            help="Glass, exhibition halls, Belle Époque cards and tiles, travellers, white art tiles.",
        ),
        Option(
            "variant",
            "bool",
            False,
            "B-side variant",
            help="Action strips alternate sides; each player gets a named architect board (side B).",
        ),
        first_player_option(
            help="The rulebook draws the start player at random. Start money follows from it: 5 "
            "francs for the start player, then 6, 7, 8, 9 clockwise."
        ),
    )
    # Grid codes exist only in our move syntax; the rulebook names a cell by its action,
    # column and row (the fleurs-de-lis' "2-2" coordinates are printed on the board).
    internal_ids = (r"\bc[1-5]r[1-5]\b", r"\bgrandplace\b")
    # The start player was always drawn at random before the option existed.
    legacy_options = {FIRST_PLAYER: "random"}

    def _new_game(self, players: int, seed: int, options: dict[str, Any]) -> State:
        return rules.new_game(players, seed, options)

    setup_edits = setup.EDITS

    def apply_setup(self, state: State, edit: dict[str, Any]) -> State:
        return setup.apply_setup(state, edit)

    def regions(self, state: State) -> tuple[str, ...]:
        return scoring.regions(state)

    def majority(self, state: State, region: str) -> int | None:
        return scoring.majority(state, region)

    def parse_move(self, text_: str) -> Move:
        return parse(text_)

    def candidate_moves(self, state: State) -> Iterable[Move]:
        return rules.candidate_moves(state)

    def legal_moves(self, state: State) -> list[GameMove]:
        return cast("list[GameMove]", rules.legal_moves(state))  # a list of this game's moves

    def check(self, state: State, move: GameMove) -> None:
        rules.check(state, own(move))

    def apply_unchecked(self, state: State, move: GameMove) -> None:
        rules.apply(state, own(move))

    def to_move(self, state: State) -> tuple[int, ...]:
        p = rules.to_move(state)
        return () if p is None else (p,)

    def phase(self, state: State) -> str:
        top = state["frames"][-1]["k"] if state["frames"] else None
        if state["phase"] == "actions" and top == "neutral":
            return "neutral architects"
        if state["phase"] == "scoring" and top == "b23":
            return "round end"
        return PHASES[state["phase"]]

    def prompt(self, state: State, player: int | None = None) -> Msg:
        return words.prompt(state)

    def is_over(self, state: State) -> bool:
        return state["phase"] == "over"

    def scores(self, state: State) -> list[int]:
        return [pl["score"] for pl in state["pl"]]

    def breakdown(self, state: State) -> dict[str, Any]:
        rows = state["history"]
        rounds = min(len(rows), 5)
        labels = [msg("brussels1893|Round {n}", n=r + 1) for r in range(rounds)] + (
            [msg("Final scoring")] if len(rows) > 5 else []
        )
        row_items = [list(ROUND_ITEMS)] * rounds + ([list(FINAL_ITEMS)] if len(rows) > 5 else [])
        return {
            "items": list(ITEMS),
            "rounds": rows,
            "labels": labels,
            "row_items": row_items,
            "totals": self.scores(state),
        }

    def winners(self, state: State) -> list[int]:
        if not self.is_over(state):
            return []
        scores = self.scores(state)
        best = max(scores)
        return [p for p, s in enumerate(scores) if s == best]  # ties share the win (SEED)

    def invariants(self, state: State) -> list[str]:
        return problems(state)

    progress_plateau = PLATEAU  # a turn's decisions after its first (RULES.md)

    def progress(self, state: State) -> tuple[int, ...]:
        return invariants.progress(state)

    def move_budget(self, players: int, options: dict[str, Any] | None = None) -> int:
        return invariants.move_budget(players, self.normalize_options(players, options))

    def view(self, state: State, player: int | None) -> State:
        return rules.view(state, player)

    def describe(self, state: State, move: GameMove, names: list[str] | None = None, after: State | None = None) -> Msg:
        after = after or self.apply(state, move)
        said = words.describe(after["events"], names)
        return said or msg(
            "{who}: {move}.", who=words.who(names, rules.to_move(state)), move=words.move_text(state, own(move))
        )

    def warning(self, state: State, move: GameMove) -> Msg | None:
        return warn.warning(self, state, own(move))

    def explain(self, state: State, selected: tuple[str, ...], token: str) -> Msg | None:
        return warn.explain(state, selected, token)

    def hover(
        self,
        state: State,
        viewer: int | None,
        selected: Any,
        rotation: int,
        cell: Any,
        lang: str = "en",
        names: list[str] | None = None,
    ) -> tuple[str, str]:
        from .render import hover  # the drawing loads when first needed

        return hover(self, state, viewer, selected, rotation, cell, lang, names)

    def token_label(self, state: State, token: str) -> Msg:
        return words.move_text(state, parse(token))

    def render(self, state: State, viewer: int | None = None, **kw: Any) -> str:
        from .render import render  # the drawing loads when first needed

        return render(state, viewer, **kw)

    def bots(self) -> dict[str, Any]:
        # The bots and the search load when first asked for. With render.py's two above,
        # the package's only imports inside a function (tests/test_layers.py).
        from .search import BOTS

        return BOTS

    def reveals_hidden_information(self, state: State, move: GameMove, after: State | None = None) -> bool:
        return rules.public_counts(after or self.apply(state, move)) != rules.public_counts(state)

    def player_colours(self, state: State) -> list[str]:
        return [COLOUR_HEX[c] for c in COLOURS[: state["players"]]]

    def seat_name(self, state: State, player: int) -> Msg:
        board = state["pl"][player]["board"]
        title = words.seat_title(board)
        colour = Msg(COLOURS[player])
        return msg("{colour}, {architect}", colour=colour, architect=title) if title else colour

    def item_label(self, item: str) -> Msg:
        return Msg(ITEM_LABELS.get(item, item))

    def translatable(self) -> list[str]:
        """Names that travel as data: colours, nobles and their effects, areas, actions,
        zones, rewards, score items, architect boards, Belle Époque cards and tiles."""
        out = [
            *super().translatable(),
            *COLOURS,
            *ART_COLOURS,
            "white",
            *ACTION_NAMES.values(),
            *AREA_TITLES.values(),
            *ZONES,
            *REWARDS.values(),
            *(ITEM_LABELS.get(item, item) for item in ITEMS),
            *NOBLE_EFFECTS.values(),
            *(title for title, _, _ in NOBLES.values()),
            *words.translatable(),
            *words.ACTION_RULES.values(),
        ]
        for side in B_SIDES.values():
            out += [side["title"], side["ability"]]
        for trigger, effect in BE_CARDS.values():
            out += [words.trigger_name(trigger).template, effect]
        return out + list(BE_TILES.values())


GAME = Brussels1893()
