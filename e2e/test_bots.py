"""Search bots in the page: the page keeps answering while a bot thinks.

Behaviour only: while bots think, the thinking bar fills in before each bot's move, the
rules and the share dialog open and close, and the bots' moves keep arriving while a
dialog is open. How long the page's longest task is while a bot thinks depends on the
machine and its load, so it is a number of the benchmark, not a test:
`./run.sh bench --only think` (target 100 ms).
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

# Recorded as it happens, in order, rather than polled: a poll can fall between two
# events, and how many events fit between two polls depends on the machine. The bar's
# value property sets its `value` attribute, so every progress report is seen.
WATCH = """
  window.__events = [];
  new MutationObserver(records => {
    for (const r of records) {
      const t = r.target;
      if (t.id === 'thinking') window.__events.push(['progress', +t.getAttribute('value')]);
      else if (t === document.body) window.__events.push(['moves', +t.getAttribute('data-moves')]);
      else if (t.localName === 'dialog') window.__events.push([r.oldValue === null ? 'open' : 'close', t.id]);
    }
  }).observe(document, {subtree: true, attributes: true, attributeOldValue: true,
                        attributeFilter: ['value', 'data-moves', 'open']});
"""
# Hard bots think longest: the game lasts far longer than the few moves this test
# watches, so a bot is always to move while it runs.
GAME = "?game=manhattan&players=4&seats=hard,hard,hard,hard&seed=4&fast=1"
# Since the dialog opened: a bot's progress shown, and a move beyond `before`.
GOES_ON = """([dialog, before]) => {
  const e = window.__events, since = e.slice(e.findLastIndex(x => x[0] === 'open' && x[1] === dialog));
  return since.some(x => x[0] === 'progress') && since.some(x => x[0] === 'moves' && x[1] > before);
}"""
DIALOGS = [("#rules-button", "rules-dialog", "close-rules"), ("#share", "share-dialog", "close-share")]


def events(page: Page) -> list[list]:
    return page.evaluate("window.__events")


def moves(page: Page) -> int:
    return int(page.get_attribute("body", "data-moves"))


def test_the_page_answers_while_bots_think(page: Page, open_game) -> None:
    page.add_init_script(WATCH)
    open_game(GAME)
    expect(page.locator("#prompt .thinking")).to_have_text("is thinking…")
    for opener, dialog, close in DIALOGS:
        page.click(opener)
        expect(page.locator(f"#{dialog}")).to_be_visible()
        # A bot was thinking when the click was answered...
        assert page.get_attribute("body", "data-awaiting") == "bot"
        expect(page.locator("#thinking")).to_be_attached()
        # ...and the bots go on under the open dialog: their progress shows and a move arrives.
        page.wait_for_function(GOES_ON, arg=[dialog, moves(page)], timeout=60_000)
        expect(page.locator(f"#{dialog}")).to_be_visible()
        if dialog == "rules-dialog":
            expect(page.locator("#rules-title")).to_have_text("Manhattan: rules")
        page.click(f"#{dialog} [data-action={close}]")
        expect(page.locator(f"#{dialog}")).to_be_hidden()
    assert page.get_attribute("body", "data-game-over") is None  # bots were to move all along

    # Every bot move was preceded by its thinking bar filling up, never going back.
    made, bar = 0, []
    for kind, value in events(page):
        if kind == "progress":
            bar.append(value)
        elif kind == "moves" and value > made:
            assert bar and bar == sorted(bar) and bar[-1] == 100, f"move {value}: the bar showed {bar}"
            made, bar = value, []
    assert made >= 2
