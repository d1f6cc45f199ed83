"""What a first visit downloads: one game and one language, fetched beside Pyodide
(web/boot.mjs), and the others only when the player asks for them (web/skyweb/parts.py)."""

from __future__ import annotations

import re

from conftest import READY_TIMEOUT
from playwright.sync_api import Page, expect

GAMES = ("manhattan", "newyork1901", "chinatown", "brussels1893")
LANGS = ("fr", "zh-Hant", "zh-Hans")


def fetched(requests: list[str], folder: str) -> set[str]:
    return {m.group(1) for u in requests if (m := re.search(rf"/{folder}/([\w-]+)\.(?:zip|json)$", u))}


def test_the_lobby_fetches_one_game_and_no_translation(page: Page, guard, far_url: str) -> None:
    # From a distant host, as a first visit over a network is (no snapshot: web/boot.mjs).
    page.goto(far_url + "index.html?lang=en")
    page.wait_for_selector("body[data-ready]", state="attached", timeout=READY_TIMEOUT)
    assert fetched(guard.requests, "games") == {"manhattan"}
    assert fetched(guard.requests, "i18n") == set()
    assert not any(u.endswith("snapshot.bin.gz") for u in guard.requests)
    assert not any(u.endswith("/study.zip") for u in guard.requests)  # scenarios: embed.html, learn.html
    # Another game chosen in the lobby: its package is fetched there and then.
    page.check("#lobby-form input[name=game][value=brussels1893]")
    expect(page.locator("#lobby-form input[name=opt-belle_epoque]")).to_be_attached()
    assert "brussels1893" in fetched(guard.requests, "games")
    page.click("#lobby-form [data-action=start]")
    page.wait_for_selector("body[data-awaiting]", state="attached")
    expect(page.locator("#board svg")).to_be_visible()


def test_a_start_a_game_url_fetches_that_game_only(open_game, guard) -> None:
    page = open_game("?game=chinatown&players=3&seats=human,random,random&seed=4&lang=en")
    assert fetched(guard.requests, "games") == {"chinatown"}
    expect(page.locator("#board svg")).to_be_visible()


def test_the_pages_language_comes_with_it_and_another_when_chosen(open_game, guard, page: Page) -> None:
    page = open_game("?lang=fr")
    assert fetched(guard.requests, "i18n") == {"fr"}
    expect(page.locator("#lobby-form [data-action=start]")).to_have_text("Commencer")
    page.select_option("#lang", "zh-Hant")
    expect(page.locator("html")).to_have_attribute("lang", "zh-Hant")
    assert fetched(guard.requests, "i18n") == {"fr", "zh-Hant"}
    expect(page.locator("#lobby-form [data-action=start]")).not_to_have_text("Commencer")


def test_a_shared_game_of_a_game_not_fetched_yet_opens(open_game, page: Page, server_url: str) -> None:
    page = open_game("?game=newyork1901&players=2&seats=human,human&seed=5&lang=en")
    page.locator("[data-move], [data-step]").first.click()
    link = page.evaluate("""() => new Promise((resolve) => {
        document.querySelector('[data-action=share]').click();
        setTimeout(() => resolve(document.getElementById('share-link').value), 300);
    })""")
    assert "#record=" in link
    # A fresh page: its lobby fetched Manhattan, the link needs New York 1901.
    page.goto(server_url + "index.html?lang=en")
    page.wait_for_selector("body[data-ready]", state="attached")
    page.goto(link)
    page.reload()
    page.wait_for_selector("body[data-ready]", state="attached")
    expect(page.locator("#title")).to_have_text("New York 1901")
    expect(page.locator("#board svg")).to_be_visible()


def test_the_loading_bar_counts_the_bytes_that_cross_the_network(page: Page, far_url: str) -> None:
    """boot.mjs reports the counted files' bytes as sent (compressed), not as unpacked:
    a phone user on a metered link reads what the visit costs. It reports once a frame
    at most, so the link is a slow one here (10 Mbit/s, Chromium's emulation): the
    bytes arrive over seconds, and the bar must move as they do."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": 20, "downloadThroughput": 10e6 / 8, "uploadThroughput": 10e6 / 8},
    )
    page.add_init_script("""(() => {
        window.seenBytes = [];
        let own;
        Object.defineProperty(window, "skylineBytes", {
            configurable: true,
            get: () => own && ((loaded, total) => { window.seenBytes.push([loaded, total]); own(loaded, total); }),
            set: (f) => { own = f; },
        });
    })()""")
    page.goto(far_url + "index.html?lang=en")  # a distant host: no snapshot (web/boot.mjs)
    page.wait_for_selector("body[data-ready]", state="attached", timeout=READY_TIMEOUT)
    seen = page.evaluate("window.seenBytes")
    sent = page.evaluate("""() => performance.getEntriesByType("resource")
        .filter((e) => /(pyodide\\.asm\\.wasm|python_stdlib\\.zip|pyodide-lock\\.json|engine\\.zip)$/.test(e.name))
        .reduce((sum, e) => sum + e.encodedBodySize, 0)""")
    unpacked = page.evaluate("""() => performance.getEntriesByType("resource")
        .filter((e) => /(pyodide\\.asm\\.wasm|python_stdlib\\.zip|pyodide-lock\\.json|engine\\.zip)$/.test(e.name))
        .reduce((sum, e) => sum + e.decodedBodySize, 0)""")
    assert len(seen) > 10, "the bar moved fewer than ten times"
    loaded, total = seen[-1]
    assert sent < 0.6 * unpacked, "the server sent these files uncompressed: the test proves nothing"
    assert abs(total - sent) < 0.05 * sent, (total, sent, unpacked)
    assert loaded == total
    assert all(a[0] <= b[0] for a, b in zip(seen, seen[1:])), "the bytes went backwards"


def test_an_embedded_board_fetches_its_own_game_and_language(page: Page, guard, server_url: str) -> None:
    """embed.html has no lobby: it fetches the record's game and its language, and nothing else."""
    from pyengine import load_game
    from pyengine.__main__ import play_game
    from pyengine.core import share

    record, _ = play_game(load_game("chinatown"), 3, 5, {}, ["trader"])
    page.goto(f"{server_url}embed.html?record={share.encode(record)}&step=4&lang=zh-Hans")
    page.wait_for_selector("body[data-ready]", state="attached")
    expect(page.locator("#embed-board svg")).to_be_visible()
    assert fetched(guard.requests, "games") == {"chinatown"}
    assert fetched(guard.requests, "i18n") == {"zh-Hans"}
