"""How to play Chinatown, in short: what the Rules button shows a player first (the maintainers'
reference, RULES.md, stays one click further)."""

from pyengine.core.i18n import Msg, msg

OVERVIEW: tuple[tuple[Msg, tuple[Msg, ...]], ...] = (
    (
        msg("Goal"),
        (
            msg(
                "New York in the 1930s. Over 6 rounds you claim lots in Chinatown, trade and open shops. After round 6 the player with the most money wins; money stays secret."
            ),
            msg("Each player starts with $5,000 (in the Z-Man edition, $50,000)."),
        ),
    ),
    (
        msg("chinatown|A round"),
        (
            msg("Land cards: you are dealt land cards and keep some of them; each kept card claims its lot."),
            msg("Shop tiles: each player is dealt shop tiles, open for everyone to see."),
            msg(
                "Trading: lots, tiles and money change hands in any mix. On your trade turn, make an offer to one player, who accepts or declines at once, or say you are done."
            ),
            msg(
                "Placing and income: in turn, place any tiles on your own empty lots (a placed tile never moves). Then the bank pays each player for their businesses."
            ),
        ),
    ),
    (
        msg("Businesses"),
        (
            msg(
                "Tiles of one type on one player's lots that share an edge form a business; corners and streets do not join them."
            ),
            msg(
                "Each shop type shows its max size, 3 to 6 tiles. Bigger businesses earn more, a complete one most: $5,000 for 3 tiles, $14,000 for 6. A same-type tile next to a complete business starts a new one."
            ),
            msg("A business-outlook card may add $1,000 per tile of some shop types each round."),
        ),
    ),
    (
        msg("End of the game"),
        (
            msg(
                "After the income of round 6 all money is revealed and the richest player wins. A tie goes to the player with the most shop tiles on the board."
            ),
            msg(
                "The Z-Man edition, the street frontage variant and the number of offers per round can be chosen when you start a new game."
            ),
        ),
    ),
)
