"""Playing through the page the way a person does: only by clicking what the UI
testing contract marks ([data-continue], [data-move], [data-step])."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

from playwright.sync_api import Page

# One round trip per decision instead of one per question.
_SNAPSHOT_JS = """() => {
  const b = document.body;
  const cont = document.querySelector('[data-continue]');
  return {
    over: b.hasAttribute('data-game-over'),
    awaiting: b.getAttribute('data-awaiting'),
    moves: Number(b.getAttribute('data-moves')),
    cont: !!cont && cont.offsetParent !== null,
    boardSvg: document.querySelectorAll('#board svg').length,
    nMove: document.querySelectorAll('[data-move]').length,
    nStep: document.querySelectorAll('[data-step]').length,
  };
}"""


def snapshot(page: Page) -> dict:
    return page.evaluate(_SNAPSHOT_JS)


# A human's turn: given the page, its snapshot, the seeded generator and the click
# counter, click what this game's test wants clicked (and check what it expects).
Turn = Callable[[Page, dict, random.Random, Counter], None]


def random_turn(page: Page, s: dict, rng: random.Random, clicks: Counter) -> None:
    """Any [data-move] at random (it must make a move), else any [data-step]."""
    if s["nMove"]:
        page.locator("[data-move]").nth(rng.randrange(s["nMove"])).click()
        clicks["move"] += 1
        assert snapshot(page)["moves"] > s["moves"], "a data-move click did not make a move"
    else:
        assert s["nStep"], f"a human's turn with nothing to click: {s}"
        page.locator("[data-step]").nth(rng.randrange(s["nStep"])).click()
        clicks["step"] += 1


def play_to_the_end(
    page: Page,
    turn: Callable[[dict], None],
    pass_device: Callable[[], None],
    rounds: int,
    bot_timeout: int,
    tally: Callable[[], str],
) -> None:
    """The frame every game and every way of pressing shares: until body[data-game-over],
    wait while a bot moves, pass the device when the pass screen shows (which must hide
    the board: no view of anyone's hand), and let `turn` make the human's presses.
    Fails after `rounds` rounds, saying `tally()` of what was pressed."""
    for _ in range(rounds):
        s = snapshot(page)
        if s["over"]:
            return
        if s["awaiting"] == "bot":
            page.wait_for_selector(
                "body[data-awaiting=human], body[data-game-over]", state="attached", timeout=bot_timeout
            )
            continue
        if s["cont"]:
            assert s["boardSvg"] == 0, "the pass-the-device screen shows the board"
            pass_device()
            continue
        turn(s)
    raise AssertionError(f"game not over after {tally()}")


def play_by_clicking(
    page: Page, seed: int, turn: Turn = random_turn, max_clicks: int = 4000, bot_timeout: int = 60_000
) -> Counter:
    """Click until body[data-game-over]; returns how many of each kind were clicked.
    The generator is seeded, so a failure replays the same way."""
    rng = random.Random(seed)
    clicks: Counter = Counter()

    def pass_device() -> None:
        page.locator("[data-continue]").first.click()
        clicks["continue"] += 1

    play_to_the_end(
        page,
        lambda s: turn(page, s, rng, clicks),
        pass_device,
        max_clicks,
        bot_timeout,
        lambda: f"{max_clicks} clicks ({dict(clicks)})",
    )
    return clicks
