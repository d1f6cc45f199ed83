"""Every kind of decision, in one table: what the state machine (flow.py) runs.

A pending decision is a frame on ``state["frames"]`` (its "k" names the kind), or the
turn itself (kind "turn") when no frame is pending in the action phase. Each kind is a
`Decision`, written in the module of its rule (turn.py, planning.py, actions.py,
brussels.py, nobles.py, scoring.py, final.py) and registered here, and only here:

    title                      the rule it belongs to, for error messages
    moves(state, frame)        the legal moves now, in order (the fast path)
    play(state, frame, move)   applies one of them (pops or advances the frame)
    candidates(state, frame)   every move of the kinds the decision takes, each word in its
                               range, legal or not (the reference path's input)
    allows(state, frame, move) whether the rules allow one move, decided on its own
    explain(state, frame, move) the rule an illegal move breaks, where the title alone
                               says too little (else: the title and the legal moves)

``moves`` is what play, the bots and the page use; ``allows`` is what ``check`` asks.
The two are written separately on purpose, and must agree: the candidates that
``allows`` keeps are ``moves``, in the same order (tests/test_conformance.py compares
them, Game.legal_moves being the candidates filtered through check).

Frames that ask nothing are AUTOMATIC steps, and the scoring phase and the game end
are PIPELINES of steps, run one at a time.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...core.game import IllegalMove
from ...core.i18n import Msg, msg
from . import actions, brussels, final, nobles, planning, scoring, turn
from .moves import Move
from .state import Frame, State


@dataclass(frozen=True)
class Decision:
    title: Msg
    moves: Callable[[State, Frame], list[Move]]
    play: Callable[[State, Frame, Move], None]
    candidates: Callable[[State, Frame], list[Move]]
    allows: Callable[[State, Frame, Move], bool]
    explain: Callable[[State, Frame, Move], IllegalMove] | None = None


DECISIONS: dict[str, Decision] = {
    # the turn, and what ends it
    "turn": Decision(
        msg("Action phase"), turn.turn_moves, turn.turn_play, turn.turn_candidates, turn.turn_allows, turn.explain_turn
    ),
    "b22": Decision(
        msg("Card {card}", card="B22"), turn.b22_moves, turn.b22_play, turn.b22_candidates, turn.b22_allows
    ),
    # setup, planning
    "startart": Decision(
        msg("Setup"), planning.startart_moves, planning.startart_play, actions.art_candidates, actions.art_allows
    ),
    "square": Decision(
        msg("Planning"), planning.square_moves, planning.square_play, planning.square_candidates, planning.square_allows
    ),
    "neutral": Decision(
        msg("Neutral architects"),
        planning.neutral_moves,
        planning.neutral_play,
        planning.neutral_candidates,
        planning.neutral_allows,
    ),
    # the Art Nouveau board
    "francs": Decision(
        msg("Art Nouveau action"),
        actions.francs_moves,
        actions.francs_play,
        actions.francs_candidates,
        actions.francs_allows,
    ),
    "studio": Decision(
        msg("Studio action"), actions.studio_moves, actions.studio_play, actions.art_candidates, actions.art_allows
    ),
    "b02": Decision(
        msg("Card {card}", card="B02"), actions.b02_moves, actions.b02_play, actions.b02_candidates, actions.b02_allows
    ),
    "sell": Decision(
        msg("Sell action"), actions.sell_moves, actions.sell_play, actions.sell_candidates, actions.sell_allows
    ),
    "noble": Decision(
        msg("Noble action"), actions.noble_moves, actions.noble_play, actions.noble_candidates, actions.noble_allows
    ),
    "keep": Decision(
        msg("Noble action"), actions.keep_moves, actions.keep_play, actions.keep_candidates, actions.keep_allows
    ),
    "materials": Decision(
        msg("Materials action"),
        actions.materials_moves,
        actions.materials_play,
        actions.material_candidates,
        actions.material_allows,
    ),
    "b08": Decision(
        msg("Card {card}", card="B08"), actions.b08_moves, actions.b08_play, actions.b08_candidates, actions.b08_allows
    ),
    "build": Decision(
        msg("Build action"), actions.build_moves, actions.build_play, actions.build_candidates, actions.build_allows
    ),
    "freecube": Decision(
        msg("Free action"),
        actions.freecube_moves,
        actions.freecube_play,
        actions.freecube_candidates,
        actions.freecube_allows,
    ),
    "betile": Decision(
        msg("Belle Époque tile"),
        actions.betile_moves,
        actions.betile_play,
        actions.betile_candidates,
        actions.betile_allows,
    ),
    # the Brussels board
    "b15": Decision(
        msg("Card {card}", card="B15"),
        brussels.b15_moves,
        brussels.b15_play,
        brussels.b15_candidates,
        brussels.b15_allows,
    ),
    "copy": Decision(
        msg("Park"), brussels.copy_moves, brussels.copy_play, brussels.copy_candidates, brussels.copy_allows
    ),
    "market": Decision(
        msg("brussels1893|Market"),
        brussels.market_moves,
        brussels.market_play,
        brussels.market_candidates,
        brussels.market_allows,
    ),
    "b17": Decision(
        msg("Card {card}", card="B17"),
        brussels.b17_moves,
        brussels.b17_play,
        brussels.b17_candidates,
        brussels.b17_allows,
    ),
    "b18": Decision(
        msg("Card {card}", card="B18"),
        brussels.b18_moves,
        brussels.b18_play,
        brussels.b18_candidates,
        brussels.b18_allows,
    ),
    # nobles
    "solvay": Decision(
        Msg("Ernest Solvay"), nobles.solvay_moves, nobles.solvay_play, nobles.solvay_candidates, nobles.solvay_allows
    ),
    "privat": Decision(
        Msg("Henri Privat-Livemont"),
        nobles.privat_moves,
        nobles.privat_play,
        actions.art_candidates,
        actions.art_allows,
    ),
    "freenoble": Decision(
        msg("Free action"),
        nobles.freenoble_moves,
        nobles.freenoble_play,
        nobles.activate_candidates,
        nobles.freenoble_allows,
    ),
    "grand": Decision(
        msg("Grand-Place"), nobles.grand_moves, nobles.grand_play, nobles.activate_candidates, nobles.grand_allows
    ),
    "b13": Decision(
        msg("Card {card}", card="B13"), nobles.b13_moves, nobles.b13_play, nobles.activate_candidates, nobles.b13_allows
    ),
    "b14": Decision(
        msg("Card {card}", card="B14"), nobles.b14_moves, nobles.b14_play, nobles.b14_candidates, nobles.b14_allows
    ),
    "b06": Decision(
        msg("Card {card}", card="B06"), nobles.b06_moves, nobles.b06_play, nobles.b06_candidates, nobles.b06_allows
    ),
    "b23": Decision(
        msg("Card {card}", card="B23"), nobles.b23_moves, nobles.b23_play, nobles.b23_candidates, nobles.b23_allows
    ),
    # scoring, game end
    "claim": Decision(
        msg("Column majority"), scoring.claim_moves, scoring.claim_play, scoring.claim_candidates, scoring.claim_allows
    ),
    "prize": Decision(
        msg("Prestige card"), scoring.prize_moves, scoring.prize_play, scoring.prize_candidates, scoring.prize_allows
    ),
    "t02": Decision(
        msg("Belle Époque tile {tile}", tile="T02"), final.t02_moves, final.t02_play, final.t02_moves, final.t02_allows
    ),
    "upkeep": Decision(
        msg("Noble upkeep"), final.upkeep_moves, final.upkeep_play, final.upkeep_candidates, final.upkeep_allows
    ),
}

AUTOMATIC: dict[str, Callable[[State, Frame], None]] = {
    "endturn": turn.end_turn,  # the turn is over (or card B22 gives another)
    "reveal": actions.reveal,  # Hankar reveals the noble deck's top card
    "free": actions.free_action,  # the house owner's free action
    "b16": brussels.b16,  # card B16 after the park's action
}

PIPELINES: dict[str, tuple[Callable[[State], None], ...]] = {
    "scoring": scoring.STEPS,
    "end": final.STEPS,
}
