"""Who starts, chosen in the lobby or the start-a-game URL (`&first_player=3`)."""

from __future__ import annotations

from playwright.sync_api import expect


def test_lobby_offers_the_first_player_for_the_chosen_player_count(open_game) -> None:
    page = open_game("")
    select = page.locator("#lobby-opt-first_player")
    page.click("#lobby-form details.more summary")  # the options are folded at first
    expect(select).to_be_visible()
    expect(select).to_have_value("random")
    expect(select.locator("option:not([hidden])")).to_have_text(
        ["Drawn at random", "Player 1", "Player 2", "Player 3", "Player 4"]
    )
    select.select_option("4")
    page.select_option("#lobby-form select[name=players]", "3")
    # Seat 4 is no seat of a 3-player game: it is hidden and the choice falls back.
    expect(select.locator("option:not([hidden])")).to_have_text(["Drawn at random", "Player 1", "Player 2", "Player 3"])
    expect(select).to_have_value("random")
    select.select_option("3")
    for p in range(3):
        page.select_option(f"#lobby-seat-{p}", "human")
    page.fill("#lobby-seed", "42")
    page.click("button[data-action=start]")
    page.wait_for_selector("body[data-turn='2'][data-awaiting=human]", state="attached")
    saved = page.evaluate("JSON.parse(localStorage.getItem('skyline.autosave'))")
    assert saved["options"]["first_player"] == "3"


def test_the_url_names_the_first_player(open_game) -> None:
    page = open_game("?game=chinatown&players=4&seats=human,human,human,human&seed=5&first_player=3")
    page.wait_for_selector("body[data-turn='2']", state="attached")
    page = open_game("?game=brussels1893&players=3&seats=human,human,human&seed=5&first_player=2")
    page.wait_for_selector("body[data-turn='1']", state="attached")


def test_a_first_player_beyond_the_player_count_is_refused_by_the_url(open_game) -> None:
    page = open_game("?game=newyork1901&players=2&seats=human,human&first_player=3")
    expect(page.locator("#lobby-form")).to_be_visible()
    expect(page.locator("#lobby-error")).to_contain_text("first_player")
