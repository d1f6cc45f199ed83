"""study.html, the study editor (issue 49): a study built by clicks only (moves played on
the board, a highlight, an arrow dragged, a caption in two languages, a task from a
played move), exported, and read in embed.html in a frame of another site, where its
task is answered right and wrong. A reload loses nothing."""

from __future__ import annotations

import json
import zipfile
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest
from conftest import READY_TIMEOUT, Devices, serving
from phone import PHONE, tap
from playwright.sync_api import Browser, Locator, Page, expect
from test_scenario_embed import play, press_by_touch

from pyengine.core import draft as d
from pyengine.core import share
from pyengine.core.scenario import check_scenario, load_scenario

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def other_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, str]]:
    """A folder served on another port (another site than far_url's frames)."""
    site = tmp_path_factory.mktemp("author")
    with serving(site) as url:
        yield site, url


def centre(locator: Locator) -> tuple[float, float]:
    box = locator.bounding_box()
    assert box
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def legal(draft: d.Draft, at: int, skip: int = 0) -> str:
    game, state = d.position(draft, at)
    return str(game.legal_moves(state)[skip])


def test_a_study_built_by_clicks_is_exported_and_read_on_another_site(
    browser: Browser, far_url: str, other_site: tuple[Path, str]
) -> None:
    devices = Devices(browser)
    page: Page = devices.page(viewport={"width": 1400, "height": 900})
    try:
        page.goto(f"{far_url}study.html?new=1&game=manhattan&lang=en")
        page.wait_for_selector("body[data-ready]", state="attached", timeout=READY_TIMEOUT)
        assert not page.locator("body[data-failed]").count(), page.locator("#embed-board").text_content()
        # The same game, built here to know its legal moves: Manhattan, 2 players, seed 1.
        model = d.new_draft("manhattan", 2, 1)
        for at in range(2):
            move = legal(model, at)
            play(page, "manhattan", move)
            expect(page.locator("body")).to_have_attribute("data-position", str(at + 1))
            model = d.play(model, at, move)
        page.click("[data-ed=add-step]")
        expect(page.locator("body")).to_have_attribute("data-ed-editing", "2")
        # A highlight, then an arrow dragged from one part to another.
        page.click("[data-tool=highlight]")
        cells = page.locator("#embed-board [data-cell]")
        first, second = cells.nth(0), cells.nth(5)
        first.click()
        expect(page.locator("#embed-board .scenario-highlight")).to_have_count(1)
        page.click("[data-tool=arrow]")
        page.mouse.move(*centre(first))
        page.mouse.down()
        page.mouse.move(*centre(second), steps=5)
        page.mouse.up()
        expect(page.locator("#embed-board .scenario-arrow")).to_have_count(1)
        # Undo takes the arrow back, and only it; dragged again, it returns.
        page.click("[data-ed=undo]")
        expect(page.locator("#embed-board .scenario-arrow")).to_have_count(0)
        expect(page.locator("#embed-board .scenario-highlight")).to_have_count(1)
        page.mouse.move(*centre(first))
        page.mouse.down()
        page.mouse.move(*centre(second), steps=5)
        page.mouse.up()
        expect(page.locator("#embed-board .scenario-arrow")).to_have_count(1)
        # The caption in English and in French; Chinese is still flagged as missing.
        page.fill("textarea[data-where='steps:1'][data-text=caption][data-lang=en]", "Two parts are on the board.")
        page.fill("textarea[data-where='steps:1'][data-text=caption][data-lang=fr]", "Deux pièces sont posées.")
        expect(page.locator("#embed-caption")).to_have_text("Two parts are on the board.")
        page.fill("textarea[data-text=title][data-lang=en]", "An editor's study")
        # A task: its answer played on the board.
        page.click("[data-tool=play]")
        answer = legal(model, 2)
        page.click("[data-ed=task]")
        expect(page.locator("body")).to_have_attribute("data-answering", "answer")
        play(page, "manhattan", answer)
        expect(page.locator("#ed-check")).to_have_value("move")
        # A second move the task accepts, played too.
        also = legal(model, 2, skip=1)
        page.click("[data-ed=task-also]")
        expect(page.locator("body")).to_have_attribute("data-answering", "also")
        play(page, "manhattan", also)
        expect(page.locator("#ed-panel")).to_contain_text(f"Accepted: {answer}, {also}")
        page.fill("textarea[data-where='tasks:0'][data-text=ask][data-lang=en]", "Play the first move.")
        page.fill("textarea[data-where='tasks:0'][data-text=right][data-lang=en]", "Right.")
        page.fill("textarea[data-where='tasks:0'][data-text=wrong][data-lang=en]", "Not that one.")
        expect(page.locator("body")).to_have_attribute("data-ed-check", "passed")
        link = page.locator("#ed-link").input_value()
        # What was exported passes scenario check, with every mark made here.
        word = parse_qs(urlparse(link).query)["scenario"][0]
        scenario = load_scenario(share.unpack(word))
        check_scenario(scenario)
        step = scenario.steps[1]
        assert step.at == 2 and len(step.highlight) == 1 and len(step.arrows) == 1
        assert step.caption == {"en": "Two parts are on the board.", "fr": "Deux pièces sont posées."}
        assert [(t.at, t.answer, t.check) for t in scenario.tasks] == [
            (2, answer, {"kind": "move", "moves": [answer, also]})
        ]
        # The file, and the study baked for view.html, as an author downloads them.
        with page.expect_download() as got:
            page.click("[data-ed=download]")
        assert got.value.suggested_filename == "an-editor-s-study.json"
        assert load_scenario(Path(got.value.path()).read_text(encoding="utf-8")) == scenario
        with page.expect_download() as got:
            page.click("[data-ed=bake]")
        baked = json.loads(Path(got.value.path()).read_text(encoding="utf-8"))
        assert baked["lang"] == "en" and [s["at"] for s in baked["steps"]] == [0, 2]
        assert baked["steps"][1]["ask"] == "Play the first move." and "scenario-arrow" in baked["steps"][1]["svg"]
        with page.expect_download() as got:
            page.click("[data-ed=svgs]")
        with zipfile.ZipFile(got.value.path()) as z:
            assert z.namelist() == ["step-1.svg", "step-2.svg"]
            assert "scenario-arrow" in z.read("step-2.svg").decode()
        # A reload loses nothing.
        page.reload()
        page.wait_for_selector("body[data-ready]", state="attached", timeout=READY_TIMEOUT)
        expect(page.locator("body")).to_have_attribute("data-ed-check", "passed")
        reloaded = page.locator("#ed-link").input_value()
        assert load_scenario(share.unpack(parse_qs(urlparse(reloaded).query)["scenario"][0])) == scenario
        # The snippet, put in a page of another site, is read there.
        site, site_url = other_site
        (site / "post.html").write_text(
            f"<!doctype html><title>post</title><p>A study:</p>{page.locator('#ed-snippet').input_value()}",
            encoding="utf-8",
        )
        reader = devices.page(viewport={"width": 1280, "height": 900})
        reader.goto(site_url + "post.html")
        handle = reader.locator("iframe").element_handle()
        assert handle is not None
        frame = handle.content_frame()
        assert frame is not None
        frame.wait_for_selector("body[data-ready]", state="attached", timeout=READY_TIMEOUT)
        frame.click("[data-embed=forward]")
        expect(frame.locator("#embed-caption")).to_have_text("Two parts are on the board.")
        expect(frame.locator(".scenario-arrow")).to_have_count(1)
        expect(frame.locator("#embed-ask")).to_have_text("Play the first move.")
        play(frame, "manhattan", legal(model, 2, skip=2))
        expect(frame.locator("body")).to_have_attribute("data-verdict", "wrong")
        play(frame, "manhattan", also)
        expect(frame.locator("body")).to_have_attribute("data-verdict", "right")
        expect(frame.locator("#embed-verdict")).to_have_text("Right.")
    finally:
        devices.close_and_check()


def finger(page: Page, selector: str) -> None:
    """A control of the panel under the board, scrolled to as a thumb would, then tapped."""
    target = page.locator(selector)
    target.scroll_into_view_if_needed()
    tap(page, target)


def touch_part(page: Page, part: Locator) -> None:
    """A part of the board, back in view (the panel's controls scrolled it away), tapped."""
    page.evaluate("window.scrollTo(0, 0)")
    press_by_touch(page, part)


def test_marks_are_made_by_touch_on_a_phone(browser: Browser, far_url: str) -> None:
    """On a phone: a move played by taps, a part highlighted by a tap, an arrow by
    tapping one part and then another (a finger's drag would pan the zoomed board)."""
    devices = Devices(browser)
    page = devices.page(**PHONE)
    try:
        page.goto(f"{far_url}study.html?new=1&game=newyork1901&lang=fr")
        page.wait_for_selector("body[data-ready]", state="attached", timeout=READY_TIMEOUT)
        model = d.new_draft("newyork1901", 2, 1)
        play(page, "newyork1901", legal(model, 0), lambda target: press_by_touch(page, target))
        expect(page.locator("body")).to_have_attribute("data-position", "1")
        finger(page, "[data-ed=add-step]")
        expect(page.locator("body")).to_have_attribute("data-ed-editing", "2")
        finger(page, "[data-tool=highlight]")
        cells = page.locator("#embed-board [data-cell]")
        touch_part(page, cells.nth(3))
        expect(page.locator("#embed-board .scenario-highlight")).to_have_count(1)
        finger(page, "[data-tool=arrow]")
        touch_part(page, page.locator("#embed-board [data-cell]").nth(3))
        touch_part(page, page.locator("#embed-board [data-cell]").nth(6))
        expect(page.locator("#embed-board .scenario-arrow")).to_have_count(1)
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    finally:
        devices.close_and_check()


def test_each_guides_link_opens_the_editor_on_a_new_game_of_its_game(page: Page, guard, server_url: str) -> None:
    """learn.html links to study.html?game=G&new=1: a new game at the fewest players the
    game takes (Chinatown's 3; the editor once asked for 2 and showed an error)."""
    for name in ("manhattan", "newyork1901", "chinatown", "brussels1893"):
        page.goto(f"{server_url}study.html?game={name}&new=1&lang=en")
        page.wait_for_selector("body[data-ready]", state="attached", timeout=READY_TIMEOUT)
        assert not page.locator("body[data-failed]").count(), page.locator("#embed-board").text_content()
        expect(page.locator("#ed-game")).to_have_value(name)
        expect(page.locator("body")).to_have_attribute("data-ed-check", "passed")
