"""docs/explainer.html, the sample explainer page: ten baked studies (view.html, issue 49)
on a page of another site, offline, on a desktop and on a phone; a study's task handed
to the live board (embed.html), which checks the reader's move.

The page is served as an author would serve it, by a server of its own on another
port, with its frames' address (written for `./run.sh serve`) changed to this run's
Skyline, under FAR_HOST: the frames are another site than the page."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import DIST, Devices, serving
from phone import PHONE
from playwright.sync_api import Browser, Frame, Page, expect
from test_scenario_embed import play

from pyengine.core.scenario import load_scenario, steps_shown

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "docs" / "explainer.html"
WRITTEN_FOR = "http://127.0.0.1:8000/"


@pytest.fixture(scope="module")
def explainer_url(far_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    site = tmp_path_factory.mktemp("explainer")
    text = SAMPLE.read_text(encoding="utf-8")
    assert text.count(f'src="{WRITTEN_FOR}') == 10, "the sample page's frames moved: update this test"
    (site / "index.html").write_text(text.replace(WRITTEN_FOR, far_url), encoding="utf-8")
    with serving(site) as url:
        yield url + "index.html"


def every_frame_ready(page: Page) -> list[Frame]:
    """Scroll to each frame (they load lazily, as a reader's scrolling loads them) and
    wait until it shows its board."""
    frames = page.locator("iframe")
    assert frames.count() == 10
    shown = []
    for i in range(frames.count()):
        frames.nth(i).scroll_into_view_if_needed()
        handle = frames.nth(i).element_handle()
        assert handle is not None
        frame = handle.content_frame()
        assert frame is not None
        frame.wait_for_selector("body[data-ready]", state="attached", timeout=30_000)
        assert not frame.locator("body[data-failed]").count(), frame.locator("#embed-board").text_content()
        expect(frame.locator("#embed-board svg")).to_be_visible()
        shown.append(frame)
    return shown


TWO_FRAMES = "new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"


def in_view(page: Page, index: int) -> Frame:
    """Frame `index` scrolled into view, once both documents have painted there: the
    frames are of another site (out of process), and a click sent right after a scroll
    was routed by the old layout, to the page instead of the frame."""
    element = page.locator("iframe").nth(index)
    element.scroll_into_view_if_needed()
    handle = element.element_handle()
    assert handle is not None
    frame = handle.content_frame()
    assert frame is not None
    page.evaluate(TWO_FRAMES)
    frame.evaluate(TWO_FRAMES)
    return frame


@pytest.mark.parametrize("device", ["desktop", "phone"])
def test_ten_baked_studies_show_every_board_and_start_no_python(
    browser: Browser, explainer_url: str, device: str
) -> None:
    devices = Devices(browser)
    page = devices.page(**(PHONE if device == "phone" else {"viewport": {"width": 1280, "height": 800}}))
    try:
        page.goto(explainer_url)
        frames = every_frame_ready(page)
        assert {f.evaluate("document.body.dataset.scenarioStep") for f in frames} == {"1"}
        python = [u for u in devices.requests if "/pyodide/" in u or u.endswith((".zip", "/embed.html"))]
        assert not python, f"a baked study started Python: {python}"
        if device == "phone":
            for frame in frames:  # nothing wider than its frame
                assert frame.evaluate("document.documentElement.scrollWidth <= innerWidth")
    finally:
        devices.close_and_check()


def test_a_baked_study_steps_and_its_task_is_answered_on_the_live_board(browser: Browser, explainer_url: str) -> None:
    devices = Devices(browser)
    page = devices.page(viewport={"width": 1280, "height": 800})
    try:
        page.goto(explainer_url)
        every_frame_ready(page)
        frame = in_view(page, 0)  # Manhattan: taking over a building
        assert "manhattan-overbuild" in frame.url
        expect(frame.locator("#embed-pos")).to_have_text("1 / 3")
        expect(frame.locator("#embed-ask")).to_contain_text("Take one of Player 2's buildings")
        frame.click("[data-embed=last]")
        expect(frame.locator("body")).to_have_attribute("data-scenario-step", "3")
        expect(frame.locator("#embed-ask")).to_be_hidden()
        expect(frame.locator("#view-try")).to_be_hidden()
        expect(frame.locator("#embed-caption")).to_contain_text("Player 1 played card 6")
        frame.click("[data-embed=back]")
        expect(frame.locator("body")).to_have_attribute("data-scenario-step", "2")
        # The question, answered where the engine checks it: the frame becomes embed.html at this step.
        frame.click("#view-try-link")
        frame.wait_for_url("**/embed.html?**")
        frame.wait_for_selector("body[data-ready]", state="attached", timeout=60_000)
        expect(frame.locator("body")).to_have_attribute("data-scenario-step", "2")
        play(frame, "manhattan", "card 4 city 1 storeys 2")  # legal, but not in São Paulo
        expect(frame.locator("body")).to_have_attribute("data-verdict", "wrong")
        expect(frame.locator("#embed-verdict")).to_contain_text("Not that one")
        play(frame, "manhattan", "card 5 city 5 storeys 2")
        expect(frame.locator("body")).to_have_attribute("data-verdict", "right")
        expect(frame.locator("#embed-verdict")).to_contain_text("Right: after your part")
        # Another frame's task, of another game: answered with that engine, in its own
        # frame, which stays view.html: one Python for the page.
        other = in_view(page, 2)
        assert "newyork1901-example-1" in other.url
        source = (ROOT / "pyengine" / "games" / "newyork1901" / "scenarios" / "example-1.json").read_text("utf-8")
        scenario = load_scenario(source)
        task = scenario.tasks[0]
        asked = next(i for i, s in enumerate(steps_shown(scenario)) if s.at == task.at)
        expect(other.locator("body")).to_have_attribute("data-scenario-step", "1")
        for _ in range(asked):
            other.click("[data-embed=forward]")
        expect(other.locator("#view-try")).to_be_visible()
        other.click("#view-try-link")
        expect(other.locator("body")).to_have_attribute("data-live", "borrowed")
        assert "/view.html?" in other.url
        assert task.answer
        play(other, "newyork1901", task.answer)
        expect(other.locator("body")).to_have_attribute("data-verdict", "right")
        wasm = [u for u in devices.requests if u.endswith("pyodide.asm.wasm")]
        assert len(wasm) == 1, wasm
    finally:
        devices.close_and_check()


def test_the_build_bakes_the_studies_the_sample_page_shows() -> None:
    """Every frame of the sample page has its study in dist/studies/, and nothing else
    is baked there (the build reads the names from the page)."""
    import re

    named = set(re.findall(r"study=studies/([\w-]+)", SAMPLE.read_text(encoding="utf-8")))
    baked = {p.name.removesuffix(".en.json") for p in (DIST / "studies").glob("*.en.json")}
    assert named == baked
