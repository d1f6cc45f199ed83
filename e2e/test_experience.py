"""The play experience in a real Chromium: undo/redo, replay, save and resume, export and
import, share links, the end screen, the embed page and offline install."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from e2e_play import snapshot
from playwright.sync_api import Browser, Page, expect

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from conftest import DIST, READY_TIMEOUT, _read_first_line, finished_game  # noqa: E402

from pyengine.core import share  # noqa: E402
from pyengine.core.game import state_hash  # noqa: E402
from pyengine.core.record import replay  # noqa: E402


def moves(page: Page) -> int:
    return int(page.get_attribute("body", "data-moves") or 0)


def page_hash(page: Page) -> str:
    return page.evaluate("window.skylineHash()")


def click_move(page: Page) -> None:
    """The first clickable data-move (else a step, then its move): one move by clicking."""
    before = moves(page)
    for _ in range(6):
        if page.locator("#board [data-move]").count():
            page.locator("#board [data-move]").first.click()
            page.wait_for_function(f"Number(document.body.dataset.moves) > {before}")
            return
        page.locator("#board [data-step]").first.click()
    raise AssertionError("no move could be clicked")


def wait_human(page: Page) -> None:
    page.wait_for_selector("body[data-awaiting=human], body[data-game-over]", state="attached", timeout=60_000)


def test_undo_against_a_bot_takes_back_its_replies_and_redo_replays_them(open_game) -> None:
    page = open_game("?game=manhattan&players=2&seats=human,random&seed=9&fast=1")
    hashes = {}
    for _ in range(3):  # three of the human's four picks
        click_move(page)
    hashes[3] = page_hash(page)
    click_move(page)  # the fourth pick hands over to the bot, which picks its four
    wait_human(page)
    assert moves(page) == 8
    hashes[8] = page_hash(page)
    expect(page.locator("#undo")).to_be_enabled()
    page.keyboard.press("Control+z")
    page.wait_for_function("document.body.dataset.moves === '3'")
    assert page_hash(page) == hashes[3], "undo restores the exact earlier position"
    expect(page.locator("#log li")).to_have_count(3)
    expect(page.locator("#redo")).to_be_enabled()
    page.keyboard.press("Control+Shift+z")
    page.wait_for_function("document.body.dataset.moves === '8'")
    assert page_hash(page) == hashes[8]
    expect(page.locator("#redo")).to_be_disabled()


def test_replay_shows_past_positions_without_changing_the_game(open_game) -> None:
    page = open_game("?game=newyork1901&players=2&seats=human,greedy&seed=4&fast=1")
    for _ in range(3):
        wait_human(page)
        click_move(page)
    wait_human(page)
    n, live = moves(page), page_hash(page)
    page.click("[data-action=replay-first]")
    expect(page.locator("#banner")).to_contain_text(f"after move 0 of {n}")
    expect(page.locator("#board [data-move], #board [data-step]")).to_have_count(0)
    expect(page.locator("#replay-slider")).to_have_value("0")
    page.click("[data-action=replay-forward]")
    expect(page.locator("#replay-slider")).to_have_value("1")
    expect(page.locator("#log li.current")).to_have_count(1)
    page.locator("#log li .jump").nth(1).click()  # a log line jumps to its position
    expect(page.locator("#banner")).to_contain_text("after move 2")
    page.fill("#replay-slider", "0")  # the slider too
    expect(page.locator("#banner")).to_contain_text("after move 0")
    page.click("[data-action=replay-play]")
    page.wait_for_function(
        f"document.body.querySelector('#replay-slider').value === '{n}' || !document.querySelector('#banner .banner')",
        timeout=30_000,
    )
    page.click("[data-action=replay-last]") if page.locator("[data-action=replay-exit]").count() else None
    expect(page.locator("#banner .banner")).to_have_count(0)
    assert moves(page) == n and page_hash(page) == live, "watching the replay changed nothing"
    expect(page.locator("#board [data-move], #board [data-step]").first).to_be_visible()


def _play_seeded(page: Page, seed: int, reload_at: int | None, server_url: str) -> list[str]:
    """Click (seeded) until the game ends; once at `reload_at` moves, reload the page and
    resume the autosave. Returns the record's moves."""
    rng = random.Random(seed)
    reloaded = reload_at is None
    for _ in range(3000):
        s = snapshot(page)
        if s["over"]:
            return page.evaluate("JSON.parse(localStorage.getItem('skyline.autosave')).moves")
        if s["awaiting"] == "bot":
            wait_human(page)
            continue
        if not reloaded and s["moves"] >= reload_at and page.locator("#selection").is_hidden():
            reloaded = True
            page.goto(server_url + "index.html")
            page.wait_for_selector("body[data-ready]", state="attached", timeout=READY_TIMEOUT)
            page.click("button[data-action=resume]")
            page.wait_for_selector("body[data-moves]", state="attached")
            continue
        if s["nMove"]:
            page.locator("[data-move]").nth(rng.randrange(s["nMove"])).click()
        else:
            page.locator("[data-step]").nth(rng.randrange(s["nStep"])).click()
    raise AssertionError("the game did not end")


def test_a_saved_game_reloaded_and_resumed_ends_identically(open_game, page: Page, server_url: str) -> None:
    url = "?game=manhattan&players=2&seats=human,random&seed=17&fast=1"
    open_game(url)
    straight = _play_seeded(page, 5, None, server_url)
    open_game(url)
    resumed = _play_seeded(page, 5, 12, server_url)
    assert resumed == straight


def test_export_and_import_reach_the_same_position(open_game, page: Page, server_url: str, tmp_path: Path) -> None:
    open_game("?game=manhattan&players=3&seats=human,random,greedy&seed=21&fast=1")
    for _ in range(6):
        wait_human(page)
        click_move(page)
    wait_human(page)
    n, expected = moves(page), page_hash(page)
    with page.expect_download() as download:
        page.click("#export")
    path = tmp_path / "game.json"
    download.value.save_as(path)
    record = json.loads(path.read_text())
    assert len(record["moves"]) == n and record["seats"] == ["human", "random", "greedy"]
    assert state_hash(replay(record)[1]) == expected, "the file replays to the page's position in CPython"
    page.goto(server_url + "index.html")
    page.wait_for_selector("body[data-ready]", state="attached", timeout=READY_TIMEOUT)
    page.set_input_files("#import-file", str(path))
    page.wait_for_selector("body[data-turn]", state="attached")
    assert moves(page) == n and page_hash(page) == expected


def test_a_broken_import_says_why_and_keeps_the_autosave(open_game, page: Page, tmp_path: Path) -> None:
    open_game("?game=manhattan&players=2&seats=human,human&seed=3")
    page.locator("[data-continue]").click()
    click_move(page)
    saved = page.evaluate("localStorage.getItem('skyline.autosave')")
    page.click("[data-action=new]")
    for name, content, message in [
        ("cut.json", saved[: len(saved) // 2], "not a JSON record"),
        (
            "evil.json",
            json.dumps({"game": "<script>alert(1)</script>", "players": 2, "seed": 1, "moves": []}),
            "unknown game",
        ),
        (
            "other.json",
            json.dumps({"game": "newyork1901", "players": 2, "seed": 1, "moves": ["pick 1"]}),
            "move 1 'pick 1'",
        ),
        (
            "future.json",
            json.dumps({"game": "manhattan", "players": 2, "seed": 1, "moves": [], "engine_version": "99.0"}),
            "engine version",
        ),
        (
            "huge.json",
            json.dumps({"game": "manhattan", "players": 2, "seed": 1, "moves": [], "pad": "x" * 10_500_000}),
            "MB",
        ),
    ]:
        path = tmp_path / name
        path.write_text(content)
        page.set_input_files("#import-file", str(path))
        expect(page.locator("#lobby-error")).to_contain_text(message)
        assert page.locator("#lobby-error script").count() == 0  # shown as text, never as markup
    assert page.evaluate("localStorage.getItem('skyline.autosave')") == saved
    expect(page.locator(".resume")).to_be_visible()


def _share_word(page: Page) -> str:
    page.click("#share")
    expect(page.locator("#share-dialog")).to_be_visible()
    link = page.locator("#share-link").input_value()
    page.click("[data-action=close-share]")
    assert "#record=1." in link
    return link


def test_share_link_opens_a_public_game_playable_at_its_last_position(open_game, page: Page) -> None:
    open_game("?game=newyork1901&players=2&seats=human,human&seed=8")
    for _ in range(4):
        if page.locator("[data-continue]").count():
            page.locator("[data-continue]").click()
        click_move(page)
    n, expected = moves(page), page_hash(page)
    link = _share_word(page)
    page.goto("about:blank")
    page.goto(link)
    page.wait_for_selector("body[data-ready]", state="attached", timeout=READY_TIMEOUT)
    assert moves(page) == n and page_hash(page) == expected
    assert page.get_attribute("body", "data-spectator") is None
    assert page.get_attribute("body", "data-awaiting") == "human"


def test_share_link_of_a_game_with_hidden_hands_opens_as_a_replay(open_game, page: Page) -> None:
    open_game("?game=manhattan&players=2&seats=human,random&seed=6&fast=1")
    for _ in range(5):
        wait_human(page)
        click_move(page)
    wait_human(page)
    n, expected = moves(page), page_hash(page)
    link = _share_word(page)
    page.goto("about:blank")
    page.goto(link)
    page.wait_for_selector("body[data-spectator]", state="attached", timeout=READY_TIMEOUT)
    assert moves(page) == n and page_hash(page) == expected
    assert page.get_attribute("body", "data-awaiting") is None
    expect(page.locator("#board [data-move], #board [data-step]")).to_have_count(0)
    expect(page.locator("#banner")).to_contain_text("replay")
    # Nobody's hand is shown: every card in every hand is drawn face down.
    record = share.decode(link.split("#record=")[1])
    in_hands = sum(len(hand) for hand in replay(record)[1]["hands"])
    titles = page.locator("#board g.card > title").evaluate_all("els => els.map(e => e.textContent)")
    assert len(titles) == in_hands and set(titles) == {"Hidden card"}, titles
    page.click("[data-action=replay-first]")
    expect(page.locator("#replay-slider")).to_have_value("0")


def test_share_link_of_a_finished_game_and_broken_links(open_game, page: Page, server_url: str) -> None:
    from pyengine import load_game
    from pyengine.__main__ import play_game

    record, state = play_game(load_game("manhattan"), 2, 3, {}, ["random"])
    record["seats"] = ["human", "human"]
    open_game("")
    page.goto(server_url + "index.html#record=" + share.encode(record))
    page.wait_for_selector("body[data-game-over]", state="attached", timeout=READY_TIMEOUT)
    assert page.get_attribute("body", "data-spectator") is None  # over: nothing left to hide
    assert page_hash(page) == state_hash(state)
    # A damaged link: the lobby says why; the page still works.
    page.goto(server_url + "index.html#record=1.not-a-game")
    page.wait_for_selector("body[data-ready]", state="attached", timeout=READY_TIMEOUT)
    expect(page.locator("#lobby-error")).to_contain_text("Cannot open the shared game")
    expect(page.locator("#lobby-form")).to_be_visible()


def test_end_screen_shows_the_breakdown_and_the_score_chart(open_game) -> None:
    page = open_game(finished_game("newyork1901", 3, seed=2))
    page.wait_for_selector("body[data-game-over]", state="attached", timeout=READY_TIMEOUT)
    end = page.locator("#end")
    expect(end.locator("table.breakdown")).to_be_visible()
    rows = end.locator("table.breakdown tbody tr")
    assert rows.count() >= 3
    expect(end.locator("svg.score-chart polyline")).to_have_count(3)
    totals = end.locator("table.breakdown tfoot td").all_inner_texts()
    assert totals == page.locator("#scores tfoot td").all_inner_texts()
    page.click("[data-action=toggle-end]")
    expect(end.locator("table.breakdown")).to_be_hidden()


def test_embed_page_steps_through_a_record(page: Page, guard, server_url: str) -> None:
    from pyengine import load_game
    from pyengine.__main__ import play_game

    record, _ = play_game(load_game("newyork1901"), 3, 5, {}, ["greedy"])
    n = len(record["moves"])
    page.goto(f"{server_url}embed.html?record={share.encode(record)}&step=10")
    page.wait_for_selector("body[data-ready]", state="attached", timeout=READY_TIMEOUT)
    assert page.get_attribute("body", "data-position") == "10"
    expect(page.locator("#embed-board svg")).to_be_visible()
    expect(page.locator("#embed-pos")).to_have_text(f"10 / {n}")
    page.click("[data-embed=forward]")
    assert page.get_attribute("body", "data-position") == "11"
    page.keyboard.press("End")
    assert page.get_attribute("body", "data-position") == str(n)
    expect(page.locator("[data-embed=forward]")).to_be_disabled()
    page.click("[data-embed=first]")
    assert page.get_attribute("body", "data-position") == "0"
    # Nothing to click on the board itself, and nothing but the board, the steps and
    # the zoom's way back to the whole board (hidden until a finger zooms in).
    assert page.locator("#embed-board [data-move], #embed-board [data-step]").count() == 0
    assert page.locator("#embed-controls button").count() == 4
    assert page.locator("button").count() == 5
    expect(page.locator("[data-zoom=out]")).to_be_hidden()
    # A record file by URL works too; a broken one says why.
    (DIST / "test-record.json").write_text(json.dumps(record))
    try:
        page.goto(f"{server_url}embed.html?src=test-record.json&step=3")
        page.wait_for_selector("body[data-ready]", state="attached", timeout=READY_TIMEOUT)
        assert page.get_attribute("body", "data-position") == "3"
    finally:
        (DIST / "test-record.json").unlink()
    page.goto(f"{server_url}embed.html?record=1.broken")
    page.wait_for_selector("body[data-failed]", state="attached", timeout=READY_TIMEOUT)
    expect(page.locator("#embed-board")).to_contain_text("Cannot show the game")


@pytest.fixture
def own_server():
    """A server of dist/ this test may stop (the offline test needs the server gone)."""
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "build_scripts" / "serve.py"), "--port", "0", "--dir", str(DIST), "--quiet"],
        stdout=subprocess.PIPE,
        text=True,
    )
    line = _read_first_line(proc.stdout, timeout=20)
    assert line.startswith("Serving http://"), line
    url = line.split()[1].rstrip("/") + "/"
    yield url, proc
    proc.kill()
    proc.wait(timeout=10)


def test_after_one_visit_the_game_starts_offline(browser: Browser, own_server) -> None:
    url, server = own_server
    # Service workers on, in this test only (the others block them to see every request).
    context = browser.new_context(service_workers="allow")
    try:
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(url + "index.html")
        page.wait_for_selector("html[data-offline=ready]", state="attached", timeout=READY_TIMEOUT)
        page.wait_for_selector("body[data-ready]", state="attached", timeout=READY_TIMEOUT)
        cache = page.evaluate("caches.keys()")
        build = json.loads((DIST / "build.json").read_text())
        assert cache == [f"skyline-{build['version']}-pyodide-{build['pyodide']}"]
        # The snapshot is stored gunzipped (web/sw.js): the worker reads it without inflating.
        head = page.evaluate(
            "caches.match('./pyodide/snapshot.bin.gz').then(r => r.arrayBuffer())"
            ".then(b => String.fromCharCode(...new Uint8Array(b, 0, 8)))"
        )
        assert head == "SKYSNAP1"
        # The server goes away, and the network with it.
        server.kill()
        server.wait(timeout=10)
        context.set_offline(True)
        page.goto(url + "index.html?game=manhattan&players=2&seats=human,bot&seed=3&first_player=1")
        page.wait_for_selector("body[data-ready]", state="attached", timeout=READY_TIMEOUT)
        expect(page.locator("#board svg")).to_be_visible()
        assert page.get_attribute("body", "data-awaiting") == "human"
        # The wasm comes from the cache with its content type, so it still compiles streaming.
        kind = page.evaluate("fetch('./pyodide/pyodide.asm.wasm').then(r => r.headers.get('content-type'))")
        assert kind == "application/wasm"
        # The snapshot is cached too, and the wasm compiled from the cache by the same
        # worker (web/snapshot.mjs): offline starts are fast starts.
        assert page.get_attribute("html", "data-snapshot") == "used"
        assert page.get_attribute("html", "data-wasm") == "worker"
        # A page without a query, in a new tab with the worker stopped: the browser answers
        # it and every file from the cache by the worker's static routes, without starting
        # the worker (web/sw.js); the page above, with its query, came through the worker.
        tab = context.new_page()
        tab.on("pageerror", lambda e: errors.append(str(e)))
        cdp = context.new_cdp_session(tab)
        cdp.send("ServiceWorker.enable")
        cdp.send("ServiceWorker.stopAllWorkers")
        tab.goto(url + "index.html")
        tab.wait_for_selector("body[data-ready]", state="attached", timeout=READY_TIMEOUT)
        sources = tab.evaluate(
            "performance.getEntriesByType('navigation').concat(performance.getEntriesByType('resource'))"
            ".filter(e => !e.name.includes('?'))"  # the route's condition: no query
            ".map(e => [e.name.replace(location.origin, ''), e.workerMatchedSourceType])"
        )
        names = [name for name, _ in sources]
        assert "/index.html" in names and "/pyodide/python_stdlib.zip" in names, names
        assert [(n, src) for n, src in sources if src != "cache"] == []
        assert tab.get_attribute("html", "data-snapshot") == "used"
        assert tab.get_attribute("html", "data-wasm") == "worker"
        assert not errors, errors
    finally:
        context.close()


def test_player_names_with_markup_are_shown_as_text(open_game, page: Page) -> None:
    open_game(
        "?game=manhattan&players=2&seats=human,random&seed=3&fast=1"
        "&names=%3Cscript%3Ealert(1)%3C%2Fscript%3E,%3Cimg%20src%3Dx%20onerror%3Dalert(2)%3E"
    )
    click_move(page)
    wait_human(page)
    for where in ("#prompt", "#log", "#scores", "#board"):
        assert page.locator(f"{where} script, {where} img").count() == 0, where
    expect(page.locator("#prompt")).to_contain_text("<script>alert(1)</scr")
    expect(page.locator("#scores thead")).to_contain_text("<img src=x onerror=al")
    saved = page.evaluate("JSON.parse(localStorage.getItem('skyline.autosave'))")
    assert saved["names"][0].startswith("<script>")
