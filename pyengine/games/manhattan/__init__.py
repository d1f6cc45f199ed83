"""Manhattan (Andreas Seyfarth, 1994): the Game object wiring data, rules and scoring."""
from __future__ import annotations

from typing import Any, Iterable

from ...core.game import Game, Option, State, copy_state
from . import rules, scoring
from .data import BOARD_W, CITIES, COLOUR_HEX, COLOURS, SEAT_NAMES, card_square, lot_city
from .moves import Build, Discard, Move, Pick, parse

_KEYPAD_WORDS = {
    (0, 0): "north-west", (0, 1): "north", (0, 2): "north-east",
    (1, 0): "west", (1, 1): "centre", (1, 2): "east",
    (2, 0): "south-west", (2, 1): "south", (2, 2): "south-east",
}


class Manhattan(Game):
    name = "manhattan"
    title = "Manhattan"
    player_counts = (2, 3, 4)
    default_bot = "greedy"
    options = (
        Option("godzilla", "choice", "off", "Godzilla", (
            ("off", "No Godzilla"),
            ("full", "Godzilla: destroys whole buildings"),
            ("little", "Little Godzilla: destroys the top part"),
        ), "After each build Godzilla steps toward the square just built on and wrecks what it lands on."),
        Option("slow_development", "bool", False, "Slow development",
               help="Only 3 cities are open in round 1; one more opens each round."),
        Option("anti_trust", "bool", False, "Anti-trust",
               help="You may not build on a building you already own."),
        Option("two_colour", "bool", False, "Two colours each (2017 two-player edition)",
               help="Each player builds with two colours, choosing 4 parts of each per round.",
               players=(2,)),
        Option("pick_order", "choice", "set", "Choosing parts", (
            ("set", "Whole set in turn (official)"),
            ("one", "One part at a time, in turn"),
        )),
        Option("tallest_tie_same_owner", "bool", True, "Tallest tie, one owner scores",
               help="If every tallest building has the same owner, that owner still scores 3."),
    )

    def _new_game(self, players: int, seed: int, options: dict[str, Any]) -> State:
        return rules.new_game(players, seed, options)

    def parse_move(self, text: str) -> Move:
        return parse(text)

    def candidate_moves(self, state: State) -> Iterable[Move]:
        return rules.candidate_moves(state)

    def check(self, state: State, move: Move) -> None:
        rules.check(state, move)

    def _apply(self, state: State, move: Move) -> None:
        rules.apply(state, move)

    def to_move(self, state: State) -> tuple[int, ...]:
        return () if state["phase"] == "over" else (state["turn"],)

    def phase(self, state: State) -> str:
        if state["phase"] == "build" and not rules.has_legal_build(state, state["turn"]):
            return "stuck"
        return state["phase"]

    def prompt(self, state: State, player: int | None = None) -> str:
        phase = self.phase(state)
        if phase == "over":
            return "Game over."
        p = state["turn"]
        if phase == "pick":
            colour = rules.picking_colour(state, p)
            have = sum(state["selected"][colour])
            what = f" in {COLOURS[colour]}" if len(rules.player_colours(state, p)) > 1 else ""
            return f"Choose part {have + 1} of {state['per_round']}{what} for round {state['round']}."
        if phase == "stuck":
            return "No card allows a legal build: discard a card and set aside one chosen part."
        return "Play a card, choose a part, then a highlighted lot."

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

    def describe(self, state: State, move: Move, names: list[str] | None = None) -> str:
        p = state["turn"]
        who = names[p] if names else f"Player {p + 1}"
        if isinstance(move, Pick):
            return f"{who} chooses a {move.storeys}-storey part."
        colour = rules._colour_for(state, p, move.colour)
        tint = f" {COLOURS[colour]}" if len(rules.player_colours(state, p)) > 1 else ""
        if isinstance(move, Discard):
            return f"{who} cannot build: discards card {move.card} and sets aside a{tint} {move.storeys}-storey part."
        row, col = card_square(move.card, state["seats"][p])
        lot = rules.target_lot(state, p, move.card, move.city)
        stack = state["board"][lot]
        text = (f"{who} plays card {move.card} and builds a{tint} {move.storeys}-storey part on the "
                f"{_KEYPAD_WORDS[(row, col)]} lot of {CITIES[move.city]}")
        if stack and stack[-1][0] != colour:
            prev = state["colours"][stack[-1][0]]
            text += f", taking it from {names[prev] if names else f'Player {prev + 1}'}"
        return text + "." + self._godzilla_words(state, move)

    def _godzilla_words(self, state: State, move: Build) -> str:
        if state["godzilla"] < 0:
            return ""
        stomp = self.apply(state, move)["last"]["godzilla"]
        if stomp is None:
            return " Godzilla stays put."
        y, x = divmod(stomp["to"], BOARD_W)
        where = f"the {_KEYPAD_WORDS[(y % 3, x % 3)]} lot of {CITIES[lot_city(stomp['to'])]}"
        if not stomp["destroyed"]:
            return f" Godzilla moves to {where}."
        storeys = sum(size for _, size in stomp["destroyed"])
        return f" Godzilla moves to {where} and destroys {storeys} storey{'s' if storeys > 1 else ''}."

    def render(self, state: State, viewer: int | None = None, **kw: Any) -> str:
        from .render import render

        return render(state, viewer, **kw)

    def bots(self) -> dict[str, Any]:
        from .bots import BOTS

        return BOTS

    def reveals_hidden_information(self, state: State, move: Move) -> bool:
        # Choosing parts is open and draws nothing; every card played draws a card.
        return not isinstance(move, Pick)

    def player_colours(self, state: State) -> list[str]:
        return [COLOUR_HEX[rules.player_colours(state, p)[0]] for p in range(state["players"])]

    def seat_name(self, state: State, player: int) -> str:
        return SEAT_NAMES[state["seats"][player]]


GAME = Manhattan()
