"""How to play New York 1901, in short: what the Rules button shows a player first (the
maintainers' reference, RULES.md, stays one click further)."""

from pyengine.core.i18n import Msg, msg

OVERVIEW: tuple[tuple[Msg, tuple[Msg, ...]], ...] = (
    (
        msg("Goal"),
        (
            msg(
                "Build skyscrapers in Lower Manhattan: each scores its points when built, more come at the end, and the highest score wins."
            ),
            msg(
                "You start with 4 workers, 3 action cards, 18 skyscrapers and a starting building. Your character card's colour only shows where that building stands."
            ),
        ),
    ),
    (
        msg("A turn"),
        (
            msg(
                "Acquire, then build: while you have a free worker, you must take a lot card from the market and put a worker on an empty lot of its colour and size. Then you may build one skyscraper."
            ),
            msg(
                "Or demolish and rebuild: build over your own skyscrapers with one of a higher generation. This is your whole turn."
            ),
            msg("Each action card (Construction Boom, Market Shift, Land Grab) is played once."),
        ),
    ),
    (
        msg("Building"),
        (
            msg(
                "A skyscraper lies on your own lots and touches a street or a park along one side. Your workers on those lots come back."
            ),
            msg(
                "You may build silver skyscrapers from 6 points, gold from 18. The four legendary skyscrapers count as gold: first come, first served, one per player."
            ),
        ),
    ),
    (
        msg("End of the game"),
        (
            msg(
                "The end comes when a player has only 4 skyscrapers left to build, or the market cannot be refilled. Every other player then plays one last turn."
            ),
            msg("It also comes after a whole round with no build and no new card drawn, so nobody can pass for ever."),
            msg(
                "Each street card gives 5 points to the player with the most skyscrapers along it (a tie scores nobody), the challenge card gives its points and each unused action card 1 point."
            ),
            msg(
                "A tie goes to the owner of the tallest legendary skyscraper, then to the most gold skyscrapers. Options such as the expert game are chosen for each new game."
            ),
        ),
    ),
)
