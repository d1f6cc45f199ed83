"""How to play Brussels 1893, in short: what the Rules button shows a player first (the
maintainers' reference, RULES.md, stays one click further)."""

from pyengine.core.i18n import Msg, msg

OVERVIEW: tuple[tuple[Msg, tuple[Msg, ...]], ...] = (
    (
        msg("Goal"),
        (
            msg(
                "You are an Art Nouveau architect: over 5 rounds, build houses, make and sell art and win the help of nobles. The highest score wins."
            ),
        ),
    ),
    (
        msg("brussels1893|A round"),
        (
            msg(
                "The start player puts the try square on the Art Nouveau board: it opens the active area for this round."
            ),
            msg("Then, in turn, each player takes one action or passes, until everyone has passed."),
        ),
    ),
    (
        msg("Actions"),
        (
            msg(
                "Art Nouveau board: put an architect on a free cell of the active area, at least 1 franc under it, and take its action: Studio, Sell, Noble, Materials or Build."
            ),
            msg(
                "Brussels board, no francs: Stock Exchange, Grand-Place (use your nobles), Park (copy an action) or Market (wildcards). A later visit to the same action may need more architects."
            ),
            msg(
                "An opponent's architect placed on your house gives you a free action. Passing pays 1 franc per art colour you hold."
            ),
        ),
    ),
    (
        msg("Scoring phase"),
        (
            msg(
                "In each active column, the most francs win the prestige card below: take its reward or slide it under your board to raise a strategy zone. Tied players each take its reward; nobody keeps it."
            ),
            msg(
                "A fleur-de-lis surrounded by architects scores for the player with the most of them there (tied players all score). The player with the most architects on the Brussels board sends one to the court."
            ),
        ),
    ),
    (
        msg("End of the game"),
        (
            msg(
                "After round 5, discard your wildcards and pay your nobles' upkeep (5 points lost per noble unpaid). Each house scores your architect track's value; add 1 point per material left, 5 for the start-player marker and your strategy zones. Ties share the win."
            ),
            msg("The Belle Époque expansion and the B-side variant can be chosen when you start a new game."),
        ),
    ),
)
