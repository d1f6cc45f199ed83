"""Manhattan (Andreas Seyfarth, 1994): the Game object wiring data, rules and scoring."""
from __future__ import annotations

from typing import Any, Iterable

from ...core.game import Game, Option, State, copy_state, first_player_option
from ...core.i18n import Msg, msg
from . import rules, scoring, setup
from . import words
from .data import BOARD_W, CITIES, COLOUR_HEX, COLOURS, SEAT_NAMES, lot_city
from .moves import Build, Discard, Move, Pick, parse
from .words import KEYPAD_WORDS as _KEYPAD_WORDS


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
        first_player_option("The rulebook's youngest player: they choose parts and build first in round 1, "
                            "and the start passes to the left each round."),
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
        return rules.invariants(state)

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
            return msg("Game over.")
        if phase == "pick":
            return words.pick_prompt(state)
        if phase == "stuck":
            return msg("No card allows a legal build: discard a card and set aside one chosen part.")
        return words.build_prompt()

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

    def describe(self, state: State, move: Move, names: list[str] | None = None,
                 after: State | None = None) -> str:
        p = state["turn"]
        who = names[p] if names else msg("Player {n}", n=p + 1)
        if isinstance(move, Pick):
            return msg("{who} chooses a {n}-storey part.", who=who, n=move.storeys)
        colour = rules._colour_for(state, p, move.colour)
        two = len(rules.player_colours(state, p)) > 1
        part = msg("{colour} {n}-storey part", colour=Msg(COLOURS[colour]), n=move.storeys) if two \
            else msg("{n}-storey part", n=move.storeys)
        where = words.where(move.card, state["seats"][p])
        if isinstance(move, Discard):
            return msg("{who} cannot build: discards a {where} card and sets aside a {part}.", who=who, where=where,
                       part=part)
        lot = rules.target_lot(state, p, move.card, move.city)
        stack = state["board"][lot]
        city = Msg(CITIES[move.city])
        if stack and stack[-1][0] != colour:
            prev = state["colours"][stack[-1][0]]
            text = msg("{who} plays a {where} card and builds a {part} on the {where} lot of {city}, taking it "
                       "from {previous}.", who=who, part=part, where=where, city=city,
                       previous=names[prev] if names else msg("Player {n}", n=prev + 1))
        else:
            text = msg("{who} plays a {where} card and builds a {part} on the {where} lot of {city}.", who=who,
                       part=part, where=where, city=city)
        godzilla = self._godzilla_words(state, move, after)
        return msg("{text} {godzilla}", text=text, godzilla=godzilla) if godzilla else text

    def _godzilla_words(self, state: State, move: Build, after: State | None = None) -> Msg | None:
        if state["godzilla"] < 0:
            return None
        stomp = (after or self.apply(state, move))["last"]["godzilla"]
        if stomp is None:
            return msg("Godzilla stays put.")
        y, x = divmod(stomp["to"], BOARD_W)
        where, city = Msg(_KEYPAD_WORDS[(y % 3, x % 3)]), Msg(CITIES[lot_city(stomp["to"])])
        if not stomp["destroyed"]:
            return msg("Godzilla moves to the {where} lot of {city}.", where=where, city=city)
        storeys = sum(size for _, size in stomp["destroyed"])
        if storeys == 1:
            return msg("Godzilla moves to the {where} lot of {city} and destroys 1 storey.", where=where, city=city)
        return msg("Godzilla moves to the {where} lot of {city} and destroys {n} storeys.", where=where, city=city,
                   n=storeys)

    def render(self, state: State, viewer: int | None = None, **kw: Any) -> str:
        from .render import render

        return render(state, viewer, **kw)

    def bots(self) -> dict[str, Any]:
        from .bots import BOTS

        return BOTS

    from .search import determinize, evaluate, ordering  # hooks of the search bot (core/search.py)
    from .rivals import rival_randomness

    def reveals_hidden_information(self, state: State, move: Move, after: State | None = None) -> bool:
        # Choosing parts is open and draws nothing; every card played draws a card.
        return not isinstance(move, Pick)

    def player_colours(self, state: State) -> list[str]:
        return [COLOUR_HEX[rules.player_colours(state, p)[0]] for p in range(state["players"])]

    def seat_name(self, state: State, player: int) -> str:
        return Msg(SEAT_NAMES[state["seats"][player]])

    def translatable(self) -> list[str]:
        return [*super().translatable(), *CITIES, *COLOURS, *SEAT_NAMES.values(), *_KEYPAD_WORDS.values(),
                "buildings", "majorities", "tallest"]


GAME = Manhattan()
