"""New York 1901 (Chenier La Salle, 2015): the Game object, delegating to the modules
that hold each part: rules.py (moves, checks, effects), scoring.py, setup.py (edited
positions), invariants.py, words.py (the text: prompt, log, labels, explanations),
render.py (the board, loaded lazily) and search.py (the bots and the levels, loaded
lazily by ``bots()``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ...core.game import Game, Move, Option, State, copy_state, first_player_option
from ...core.i18n import Msg, msg
from . import rules, scoring, setup, words
from .data import BONUS_STREET_CARDS, CHALLENGE_CARDS, CHARACTERS, DISTRICTS, LANDMARKS, LEGENDARY_IDS, PARKS, STREETS
from .invariants import move_budget, problems, progress
from .moves import ACTIONS, parse
from .words import INTERNAL_IDS

SCORE_ITEMS = ("skyscrapers", "prestige", "streets", "challenge", "cards")


class NewYork1901(Game):
    name = "newyork1901"
    title = "New York 1901"
    player_counts = (2, 3, 4)
    default_bot = "normal"  # beats greedy: docs/bots.md
    private_information = False  # only the deck's order is hidden, and from everyone
    internal_ids = INTERNAL_IDS
    rotatable = True  # render() takes rotation=; the page keeps it (R key, rotate button)
    hovers = True  # hover() previews the chosen tile
    portrait = True  # render() takes portrait=True: the map across a phone's width, the seats under it
    options = (
        Option(
            "expert", "bool", False, "Expert game", help="No starting building; silver at 10 points and gold at 25."
        ),
        Option(
            "challenge",
            "choice",
            "random",
            "Challenge card",
            (
                ("random", "Drawn at random (official)"),
                ("none", "None (for first games)"),
                *((key, name) for key, name in rules.CHALLENGE_KEYS.items()),
            ),
            "Gold Tycoon is a good first challenge.",
        ),
        Option(
            "streets",
            "choice",
            "random",
            "Street cards",
            (
                ("random", "3 drawn at random (official)"),
                ("beginner", "Beginner: Wall Street, Broadway, Nassau & Broad Street"),
            ),
        ),
        Option("action_cards", "bool", True, "Action cards", help="Beginners may play without them."),
        Option(
            "market_refill",
            "choice",
            "end",
            "Market refill",
            (
                ("end", "At the end of the turn"),
                ("acquire", "Right after acquiring"),
            ),
        ),
        Option(
            "land_grab_workers",
            "choice",
            "2",
            "Land Grab needs",
            (
                ("2", "2 free workers, both lots at once"),
                ("1", "1 free worker; build between the two lots to free it"),
            ),
        ),
        first_player_option(
            help="The youngest player starts, or the players choose. Play goes clockwise from the first player."
        ),
    )
    # RULES.md reading 23; a record saved before the rule existed replays without it.
    hidden_options = (
        Option(
            "stalemate",
            "bool",
            True,
            "Stalemate",
            help="A whole round without a build or a new lot card ends the game.",
        ),
    )
    legacy_options = {**Game.legacy_options, "stalemate": False}

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
        return progress(state)

    def move_budget(self, players: int, options: dict[str, Any] | None = None) -> int:
        return move_budget(players, self.normalize_options(players, options))

    setup_edits = setup.EDITS

    def apply_setup(self, state: State, edit: dict[str, Any]) -> State:
        return setup.apply_setup(state, edit)

    def regions(self, state: State) -> tuple[str, ...]:
        """The street cards in play: each gives its 5 points to the player with the most
        skyscrapers along it, alone (a scenario's majority task names one)."""
        return tuple(state["streets"])

    def majority(self, state: State, region: str) -> int | None:
        if region not in state["streets"]:
            return None
        return scoring.strict_leader(scoring.street_counts(state, region))

    def check(self, state: State, move: Move) -> None:
        rules.check(state, move)

    def apply_unchecked(self, state: State, move: Move) -> None:
        rules.apply(state, move)

    def to_move(self, state: State) -> tuple[int, ...]:
        return () if state["phase"] == "over" else (state["turn"],)

    def phase(self, state: State) -> str:
        return rules.phase(state)

    def prompt(self, state: State, player: int | None = None) -> str:
        return words.prompt(state)

    def is_over(self, state: State) -> bool:
        return state["phase"] == "over"

    def scores(self, state: State) -> list[int]:
        return list(state["scores"])

    def breakdown(self, state: State) -> dict[str, Any]:
        n, f = state["players"], state["final"]
        items = list(SCORE_ITEMS)
        parts = [{"skyscrapers": state["built"]}]
        if state["challenge"] == "Gold Prestige":  # the only source of prestige points
            parts[0]["prestige"] = state["prestige"]
        labels = [msg("During play")]
        if f:
            parts.append({k: f[k] for k in ("streets", "challenge", "cards")})
            labels.append(msg("Final scoring"))
        rows = []
        for part in parts:
            row = []
            for p in range(n):
                cell = {item: part[item][p] if item in part else 0 for item in items}
                cell["total"] = sum(cell.values())
                row.append(cell)
            rows.append(row)
        return {
            "items": items,
            "rounds": rows,
            "labels": labels,
            "row_items": [list(part) for part in parts],
            "totals": list(state["scores"]),
        }

    def winners(self, state: State) -> list[int]:
        return scoring.winners(state) if self.is_over(state) else []

    def view(self, state: State, player: int | None) -> State:
        """Everything is public except the deck's order (and the generator behind it)."""
        v = copy_state(state)
        v["rng"] = 0
        v["seed"] = 0  # with the seed and the public moves, anyone could replay the deck
        v["deck"] = [["hidden", 0] for _ in state["deck"]]
        v["viewer"] = player
        return v

    def describe(self, state: State, move: Move, names: list[str] | None = None, after: State | None = None) -> str:
        return words.describe(state, move, names)

    def token_label(self, state: State, token: str) -> str:
        return words.token_label(token)

    def explain(self, state: State, selected: tuple[str, ...], token: str) -> Msg | None:
        return words.explain(state, selected, token)

    # render.py (here, in player_colours and translatable) and search.py (in bots) are
    # imported inside the methods that need them, so that loading the rules loads neither
    # the drawing nor the bots: the package's only imports inside functions.
    def render(self, state: State, viewer: int | None = None, **kw: Any) -> str:
        from .render import render

        return render(state, viewer, **kw)

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
        from .render import hover

        return hover(self, state, viewer, selected, rotation, cell, lang, names)

    def bots(self) -> dict[str, Any]:
        from .search import BOTS  # the whole table: bots.py's bots, then the levels bound to the hooks

        return BOTS

    def reveals_hidden_information(self, state: State, move: Move, after: State | None = None) -> bool:
        # A refill or a Market Shift shows cards from the deck.
        return (after or self.apply(state, move))["deck"] != state["deck"]

    def player_colours(self, state: State) -> list[str]:
        from .render import PLAYER_HEX

        return list(PLAYER_HEX[: state["players"]])

    def seat_name(self, state: State, player: int) -> str:
        return words.seat_name(state, player)

    def translatable(self) -> list[str]:
        from .render import ACTION_SHORT, CHALLENGE_TEXT, LEGENDARY_SHORT

        characters = [n for c, n in CHARACTERS.items() if n != f"Character ({c})"]
        return [
            *super().translatable(),
            *DISTRICTS,
            "bronze",
            "silver",
            "gold",
            *SCORE_ITEMS,
            *ACTIONS.values(),
            *ACTION_SHORT.values(),
            *STREETS,
            *BONUS_STREET_CARDS,
            *PARKS,
            *LANDMARKS,
            *(leg.name for leg in LEGENDARY_IDS.values()),
            *LEGENDARY_SHORT.values(),
            *characters,
            *CHALLENGE_CARDS,
            *CHALLENGE_TEXT.values(),
            "street",
            "park",
            "landmark",
        ]


GAME = NewYork1901()
