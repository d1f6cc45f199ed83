"""How to play Manhattan, in short: what the Rules button shows a player first (the maintainers'
reference, RULES.md, stays one click further)."""

from pyengine.core.i18n import Msg, msg

OVERVIEW: tuple[tuple[Msg, tuple[Msg, ...]], ...] = (
    (
        msg("Goal"),
        (
            msg(
                "Build in the six cities of the board and own as many buildings as you can. Points are scored after every round; the highest total wins."
            ),
        ),
    ),
    (
        msg("manhattan|A round"),
        (
            msg("With 4 players the game has 4 rounds of 6 parts each; with 2 or 3 players, 6 rounds of 4 parts."),
            msg(
                "First, in turn, each player chooses the round's parts from their supply: 11 parts of 1 storey, 6 of 2, 4 of 3 and 3 of 4 last the whole game."
            ),
            msg(
                "Then, in turn, each player plays a card, places a chosen part on the lot it shows, in any city, and draws a card. A card is read from your side of the board: yours are drawn as they land for you."
            ),
            msg(
                "Each player holds 4 cards: every card played is replaced from the draw pile, which is made again from the discards when it runs out."
            ),
        ),
    ),
    (
        msg("manhattan|Building"),
        (
            msg(
                "The colour on top owns a building. You may build on an empty lot, on your own building, or on another's if you then have at least as many storeys in it as its owner."
            ),
        ),
    ),
    (
        msg("Scoring"),
        (
            msg(
                "After every round: 1 point per building you own, 2 points per city where you own the most buildings, 3 points for owning the tallest building. A tie scores nobody."
            ),
        ),
    ),
    (
        msg("End of the game"),
        (
            msg(
                "After the last round the highest total wins. A tie goes to the owner of the tallest building, then to the player "
                "with the most city majorities; players still tied share the win (the 2017 edition's rule; the original rules "
                "give none)."
            ),
            msg("Variants such as Godzilla, Slow development and Anti-trust can be chosen when you start a new game."),
        ),
    ),
)
