"""New York 1901 (Chenier La Salle, 2015): the Game object wiring data, rules and scoring."""
from __future__ import annotations

from typing import Any, Iterable

from ...core.game import Game, IllegalMove, Option, State, copy_state, first_player_option
from ...core.i18n import Msg, msg
from . import rules, scoring, setup, words
from .data import (
    BONUS_STREET_CARDS, CHALLENGE_CARDS, CHARACTERS, DISTRICTS, HEIGHT, LANDMARKS, LEGENDARY_IDS, LOTS_BY_ID, OFFSETS,
    PARKS, STREETS, TILE_BY_ID, WIDTH,
)
from .moves import ACTIONS, Acquire, Action, Build, End, Move, Return, parse
from .words import INTERNAL_IDS

# Player colours (not district colours: a character's colour only marks the start lot).
# Okabe-Ito, told apart with colour blindness too; the board also writes each player's
# number on their pieces, so colour is never the only cue.
PLAYER_HEX = ("#d55e00", "#009e73", "#e69f00", "#0072b2")
SCORE_ITEMS = ("skyscrapers", "prestige", "streets", "challenge", "cards")


class NewYork1901(Game):
    name = "newyork1901"
    title = "New York 1901"
    player_counts = (2, 3, 4)
    default_bot = "normal"  # beats greedy: docs/bots.md
    private_information = False  # only the deck's order is hidden, and from everyone
    internal_ids = INTERNAL_IDS
    rotatable = True  # render() takes rotation=; the page keeps it (R key, rotate button)
    portrait = True  # render() takes portrait=True: the map across a phone's width, the seats under it
    options = (
        Option("expert", "bool", False, "Expert game",
               help="No starting building; silver at 10 points and gold at 25."),
        Option("challenge", "choice", "random", "Challenge card", (
            ("random", "Drawn at random (official)"),
            ("none", "None (for first games)"),
            *((key, name) for key, name in rules.CHALLENGE_KEYS.items()),
        ), "Gold Tycoon is a good first challenge."),
        Option("streets", "choice", "random", "Street cards", (
            ("random", "3 drawn at random (official)"),
            ("beginner", "Beginner: Wall Street, Broadway, Nassau & Broad Street"),
        )),
        Option("action_cards", "bool", True, "Action cards",
               help="Beginners may play without them."),
        Option("market_refill", "choice", "end", "Market refill", (
            ("end", "At the end of the turn"),
            ("acquire", "Right after acquiring"),
        )),
        Option("land_grab_workers", "choice", "2", "Land Grab needs", (
            ("2", "2 free workers, both lots at once"),
            ("1", "1 free worker; build between the two lots to free it"),
        )),
        first_player_option(help="The youngest player starts, or the players choose. Play goes clockwise from the "
                                 "first player."),
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
        from .invariants import problems

        return problems(state)

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

    def _apply(self, state: State, move: Move) -> None:
        rules.apply(state, move)

    def to_move(self, state: State) -> tuple[int, ...]:
        return () if state["phase"] == "over" else (state["turn"],)

    def phase(self, state: State) -> str:
        if state["phase"] == "over":
            return "over"
        did = state["did"]
        if did["boom"] and did["builds"] == 1:
            return "second build"
        if did["builds"]:
            return "built"
        if did["takes"]:
            return "acquired"
        if rules.stuck(state):
            return "stuck"
        return "start"

    def prompt(self, state: State, player: int | None = None) -> str:
        phase = self.phase(state)
        if phase == "over":
            return msg("Game over.")
        p, did = state["turn"], state["did"]
        cards = state["cards"][p]
        if phase == "second build":
            return msg("Construction Boom: build a second skyscraper on land you hold.")
        if phase == "built":
            grab, boom = bool(rules.acquisitions(state)), "boom" in cards
            if grab and boom:
                return msg("You may acquire your second Land Grab lot or play Construction Boom, or end your turn.")
            if grab:
                return msg("You may acquire your second Land Grab lot, or end your turn.")
            if boom:
                return msg("You may play Construction Boom, or end your turn.")
            return msg("End your turn.")
        if phase == "acquired":
            if did["grab"] and did["takes"] < 2 and rules.acquisitions(state):
                return msg("Land Grab: acquire a second 2-square lot, or build, or end your turn.")
            return msg("Build a skyscraper on your land (choose a tile, then a highlighted spot), or end your turn.")
        if phase == "stuck":
            return msg("No worker free and nothing to build: give back one lot held by a worker.")
        if did["grab"]:
            return msg("Land Grab: acquire a 2-square lot matching a market card.")
        if rules.must_acquire(state):
            if cards:
                return msg("Acquire a lot matching a market card (click a highlighted lot), or demolish and rebuild. "
                           "Action cards may be played first.")
            return msg("Acquire a lot matching a market card (click a highlighted lot), or demolish and rebuild.")
        if not rules.has_build(state):
            return msg("Nothing to acquire or build: end your turn.")
        if rules.free_workers(state, p) == 0:
            return msg("No free worker: you may build a skyscraper (choose a tile, then a highlighted spot) or "
                       "demolish and rebuild, or end your turn.")
        return msg("No lot to acquire: you may build a skyscraper (choose a tile, then a highlighted spot) or "
                   "demolish and rebuild, or end your turn.")

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
        return {"items": items, "rounds": rows, "labels": labels, "row_items": [list(part) for part in parts],
                "totals": list(state["scores"])}

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

    def describe(self, state: State, move: Move, names: list[str] | None = None,
                 after: State | None = None) -> str:
        p = state["turn"]
        who = names[p] if names else msg("Player {n}", n=p + 1)
        if isinstance(move, Acquire):
            return msg("{who} acquires {lot}.", who=who, lot=words.lot(move.lot))
        if isinstance(move, Action):
            return msg("{who} plays {card}.", who=who, card=Msg(ACTIONS[move.card]))
        if isinstance(move, Return):
            return msg("{who} cannot build and gives back {lot}; its card goes to the deck.", who=who,
                       lot=words.lot(move.lot))
        if isinstance(move, End):
            return msg("{who} ends the turn.", who=who)
        fx = rules.build_effects(state, move)
        text = msg("{who} builds {what} {where} for {points} points", who=who, what=words.tile(move.tile),
                   where=words.where(fx["cells"]), points=fx["points"])
        if fx["prestige"]:
            text = msg("{text} + {n} Gold Prestige", text=text, n=fx["prestige"])
        falls = len(fx["falls"])
        if falls == 1:
            text = msg("{text}, demolishing 1 skyscraper", text=text)
        elif falls:
            text = msg("{text}, demolishing {n} skyscrapers", text=text, n=falls)
        if len(fx["needs"]) == 1:
            text = msg("{text}; a worker goes to {lot}", text=text, lot=words.lot(fx["needs"][0]))
        elif fx["needs"]:
            text = msg("{text}; workers go to {lots}", text=text, lots=words.lots(fx["needs"]))
        return msg("{text}.", text=text)

    def token_label(self, state: State, token: str) -> str:
        verb, _, rest = token.partition(" ")
        if verb == "acquire" and rest in LOTS_BY_ID:
            return msg("acquire {lot}", lot=words.lot(rest))
        if verb == "return" and rest in LOTS_BY_ID:
            return msg("give back {lot}", lot=words.lot(rest))
        if verb == "build" and rest in TILE_BY_ID:
            return words.tile_label(rest)
        if verb == "rot":  # "rot 1 at 4 9": a spot for the chosen tile
            x, y = map(int, token.split()[-2:])
            return msg("the spot {where}", where=words.where([(x, y)]))
        if token in ACTIONS:
            return Msg(ACTIONS[token])
        if token == "end":
            return msg("End turn")
        return token

    def explain(self, state: State, selected: tuple[str, ...], token: str) -> Msg | None:
        if self.is_over(state):
            return None
        tile = next((t.split()[1] for t in selected if t.startswith("build ")), None)
        if token.startswith("rot ") and tile:  # a lot the chosen tile fits only when turned (render's rotate hint)
            return msg("Press R or tap ⟳ Turn to fit the tile here.")
        verb, _, lot_id = token.partition(" ")
        if token in ACTIONS:  # a used card: candidate_moves leaves it out, so say it here
            return self._broken_rule(state, Action(token))
        if verb == "build" and lot_id in TILE_BY_ID and not tile:
            return self._why_no_build(state, lot_id)
        if verb != "acquire" or lot_id not in LOTS_BY_ID:
            return None
        if tile:
            return self._why_not_there(state, tile, lot_id)
        # The lot as an acquisition: the rule it breaks (candidate_moves lists only lots
        # that match the market, so the generic answer would know nothing of the others).
        try:
            rules.check(state, Acquire(lot_id))
        except IllegalMove as e:
            return e.message
        return None

    @staticmethod
    def _broken_rule(state: State, move: Move) -> Msg | None:
        try:
            rules.check(state, move)
        except IllegalMove as e:
            return e.message
        return None

    def _why_no_build(self, state: State, tile: str) -> Msg | None:
        """Why a tile of the tray (or a legendary) cannot be chosen: the turn, the
        technology or the supply, else that it fits nowhere on the player's land."""
        mine = sorted(rules.estate(state, state["turn"]))
        x, y = mine[0] if mine else (0, 0)
        try:
            rules.check(state, Build(tile, 0, x, y))
        except IllegalMove as e:
            if e.rule in ("Estate", "Frontage", "Overlap", "Demolition"):  # this spot's, not the tile's
                return msg("This skyscraper fits nowhere on your land now.")
            return e.message
        return None

    def _why_not_there(self, state: State, tile: str, lot_id: str) -> Msg:
        """Why the chosen tile cannot go on a lot: the lot is not the player's, or the rule
        its placements there break (the board rules before the estate ones)."""
        owner = state["owner"].get(lot_id)
        if owner is None:
            return msg("You can build only on your own lots: this one is nobody's yet.")
        if owner != state["turn"]:
            return msg("You can build only on your own lots: this one is {who}'s.", who=msg("Player {n}", n=owner + 1))
        reasons = []
        for rot, offsets in enumerate(OFFSETS[tile]):
            for x, y in LOTS_BY_ID[lot_id].cells:
                for dx, dy in offsets:  # every placement with some square on the lot
                    if not (0 <= x - dx < WIDTH and 0 <= y - dy < HEIGHT):
                        continue
                    try:
                        rules.check(state, Build(tile, rot, x - dx, y - dy))
                    except IllegalMove as e:
                        reasons.append(e)
                        continue
                    return msg("Click a marked square to build here; press R or tap ⟳ Turn for the other ways.")
        best = next((e for e in reasons if e.rule != "Estate"), reasons[0] if reasons else None)
        return best.message if best else msg("The chosen skyscraper cannot go on this lot.")

    def render(self, state: State, viewer: int | None = None, **kw: Any) -> str:
        from .render import render

        return render(state, viewer, **kw)

    def hover(self, state: State, viewer: int | None, selected: Any, rotation: int, cell: Any,
              lang: str = "en", names: list[str] | None = None) -> tuple[str, str]:
        from .render import hover

        return hover(state, viewer, selected, rotation, cell, lang, names)

    from .search import determinize, evaluate, ordering  # hooks of the search bot (core/search.py)

    def bots(self) -> dict[str, Any]:
        from .bots import BOTS

        return BOTS

    def reveals_hidden_information(self, state: State, move: Move, after: State | None = None) -> bool:
        # A refill or a Market Shift shows cards from the deck.
        return (after or self.apply(state, move))["deck"] != state["deck"]

    def player_colours(self, state: State) -> list[str]:
        return list(PLAYER_HEX[: state["players"]])

    def seat_name(self, state: State, player: int) -> str:
        # The character card, never its colour alone: the player's colour is the seat's
        # (player_colours); the card's colour only marks the start lot on the board.
        colour = state["characters"][player]
        if not colour:
            return ""
        name = CHARACTERS[colour]
        # Three names were never found (data.py keeps placeholders): the card by its colour.
        if name == f"Character ({colour})":
            return msg("character card: {colour}", colour=Msg(colour))
        return msg("character: {name}", name=Msg(name))

    def translatable(self) -> list[str]:
        from .render import ACTION_SHORT, CHALLENGE_TEXT, LEGENDARY_SHORT

        characters = [n for c, n in CHARACTERS.items() if n != f"Character ({c})"]
        return [*super().translatable(), *DISTRICTS, "bronze", "silver", "gold", *SCORE_ITEMS, *ACTIONS.values(),
                *ACTION_SHORT.values(), *STREETS, *BONUS_STREET_CARDS, *PARKS, *LANDMARKS,
                *(leg.name for leg in LEGENDARY_IDS.values()), *LEGENDARY_SHORT.values(), *characters,
                *CHALLENGE_CARDS, *CHALLENGE_TEXT.values(), "street", "park", "landmark"]


GAME = NewYork1901()
