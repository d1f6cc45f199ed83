"""Search bots in the page: the page stays responsive while a bot thinks.

A behavioural limit of the page, not a speed benchmark: however long a bot thinks,
no single main-thread task after start-up may take more than 100 ms (the browser's
long-task observer reports every task over 50 ms), the thinking bar shows progress,
and the human can open the rules and the share dialog while a bot thinks.
"""
from __future__ import annotations

from playwright.sync_api import Page, expect

LONG_TASKS = """
  window.__long = [];
  new PerformanceObserver(l => { for (const e of l.getEntries()) window.__long.push([e.startTime, e.duration]); })
    .observe({type: 'longtask', buffered: true});
"""
MOVES = 14  # both bots' picks and a few builds: many searched decisions


def test_a_thinking_bot_never_blocks_the_page(page: Page, open_game) -> None:
    page.add_init_script(LONG_TASKS)
    open_game("?game=manhattan&players=2&seats=normal,normal&seed=4&fast=1")
    ready_at = page.evaluate("performance.now()")
    # The search reports its progress between slices: the bar fills in.
    page.wait_for_function("() => { const b = document.getElementById('thinking'); return b && b.value > 0; }")
    expect(page.locator("#prompt .thinking")).to_have_text("is thinking…")
    # While a bot thinks, the rules and the share dialog open and close.
    page.wait_for_selector("body[data-awaiting=bot] #thinking", state="attached")
    page.click("#rules-button")
    expect(page.locator("#rules-dialog")).to_be_visible()
    expect(page.locator("#rules-title")).to_have_text("Manhattan: rules")
    page.click("#rules-dialog [data-action=close-rules]")
    expect(page.locator("#rules-dialog")).to_be_hidden()
    page.click("#share")
    expect(page.locator("#share-dialog")).to_be_visible()
    page.click("#share-dialog [data-action=close-share]")
    expect(page.locator("#share-dialog")).to_be_hidden()
    assert page.get_attribute("body", "data-awaiting") == "bot"  # all the while, a bot was to move
    page.wait_for_function(f"() => +document.body.dataset.moves >= {MOVES}", timeout=120_000)
    tasks = page.evaluate(f"window.__long.filter(e => e[0] > {ready_at}).map(e => e[1])")
    longest = max(tasks, default=0)
    print(f"{len(tasks)} long tasks while two normal bots made {MOVES} moves; the longest {longest:.0f} ms")
    assert longest <= 100, f"the page was blocked for {longest:.0f} ms while a bot thought"
