"""Chinatown in a real Chromium: a hot-seat game by clicks with accepted trades, a game
against trader bots, and the trade panel's round trip (build, send, pass, accept)."""

from __future__ import annotations

import json
import random
import sys
import time
from collections import Counter
from pathlib import Path

from e2e_play import Turn, play_by_clicking
from playwright.sync_api import Page, expect

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from pyengine.core.record import new_record  # noqa: E402
from pyengine.games.chinatown import GAME, rules  # noqa: E402

_SNAPSHOT_JS = """() => {
  const b = document.body;
  const q = s => document.querySelectorAll(s).length;
  const cont = document.querySelector('[data-continue]');
  return {
    over: b.hasAttribute('data-game-over'),
    awaiting: b.getAttribute('data-awaiting'),
    moves: Number(b.getAttribute('data-moves')),
    cont: !!cont && cont.offsetParent !== null,
    boardSvg: q('#board svg'),
    panel: q('#board .trade-panel'),
    answer: q('#board [data-move=accept]') + q('#board [data-move=decline]'),
    accept: q('#board [data-move=accept]'),
    nMove: q('[data-move]'),
    nStep: q('[data-step]'),
  };
}"""


def snapshot(page: Page) -> dict:
    return page.evaluate(_SNAPSHOT_JS)


def moves(page: Page) -> int:
    return int(page.get_attribute("body", "data-moves"))


def build_offer(page: Page, rng: random.Random) -> bool:
    """Click an offer together in the trade panel; True if its send button got live."""
    partners = page.locator("#board [data-draft^='to ']")
    partners.nth(rng.randrange(partners.count())).click()
    lots = page.locator("#board rect.target[data-draft^='lot ']")
    if lots.count():
        lots.nth(rng.randrange(lots.count())).click()
    if rng.random() < 0.5:
        page.locator("#board [data-draft='give money +1']").click()
    else:
        page.locator("#board [data-draft='get money +1']").click()
    return page.locator("#board [data-move].send").count() == 1


def chinatown_turn(offer_rate: float = 0.35, accept_rate: float = 0.8) -> Turn:
    """Also the trade panel's [data-draft] controls: on a trade turn an offer is built
    and sent with `offer_rate`, else the player is done; offers are accepted with
    `accept_rate` when the receiver can pay."""

    def turn(page: Page, _s: dict, rng: random.Random, clicks: Counter) -> None:
        s = snapshot(page)  # this game's own snapshot: it knows the trade panel
        before = s["moves"]
        if s["answer"]:
            accept = s["accept"] and rng.random() < accept_rate
            page.locator(f"#board [data-move={'accept' if accept else 'decline'}]").click()
            clicks["accept" if accept else "decline"] += 1
        elif s["panel"]:
            if rng.random() < offer_rate and build_offer(page, rng):
                clicks["draft"] += 1
                page.locator("#board [data-move].send").click()
                clicks["offer"] += 1
            else:
                page.locator("#board [data-move=done]").click()
                clicks["done"] += 1
        elif s["nStep"] and (not s["nMove"] or rng.random() < 0.85):
            page.locator("[data-step]").nth(rng.randrange(s["nStep"])).click()
            clicks["step"] += 1
            return
        else:
            assert s["nMove"], f"a human's turn with nothing to click: {s}"
            page.locator("[data-move]").nth(rng.randrange(s["nMove"])).click()
            clicks["move"] += 1
        assert snapshot(page)["moves"] > before, "a data-move click did not make a move"

    return turn


def click_through(page: Page, seed: int, offer_rate: float = 0.35) -> Counter:
    return play_by_clicking(page, seed, chinatown_turn(offer_rate), max_clicks=5000)


def saved(page: Page) -> dict:
    return json.loads(page.evaluate("localStorage.getItem('skyline.autosave')"))


def test_three_player_hot_seat_game_by_clicking_with_trades(open_game) -> None:
    page = open_game("?game=chinatown&players=3&seats=human,human,human&seed=8&fast=1")
    t0 = time.monotonic()
    clicks = click_through(page, seed=8)
    took = time.monotonic() - t0
    expect(page.locator("body")).to_have_attribute("data-game-over", "")
    record = saved(page)
    texts = record["moves"]
    assert len(texts) == moves(page)
    assert clicks["offer"] >= 1 and clicks["accept"] >= 1 and clicks["continue"] > 30
    # Every accepted offer in the record was built in the trade panel and sent by a click.
    accepted = [texts[i - 1] for i, t in enumerate(texts) if t == "accept"]
    assert accepted and all(t.startswith("offer ") for t in accepted)
    expect(page.locator("#end")).to_be_visible()
    expect(page.locator("#end")).to_contain_text("$")
    expect(page.locator("#scores tfoot th")).to_have_text("Money")
    expect(page.locator("#log")).to_contain_text("accepts")
    print(f"\nChinatown hot-seat: {moves(page)} moves, {sum(clicks.values())} clicks {dict(clicks)}, {took:.1f} s")


def test_one_human_against_two_trader_bots(open_game) -> None:
    page = open_game("?game=chinatown&players=3&seats=human,trader,trader&seed=4&fast=1")
    clicks = click_through(page, seed=4, offer_rate=0.3)
    expect(page.locator("#end")).to_be_visible()
    assert clicks["continue"] == 0  # one human: no pass screen
    assert moves(page) > clicks["move"] + clicks["offer"] + clicks["done"]
    winners = page.locator("#winners").inner_text()
    assert any(n in winners for n in ("Player 1", "Bot 2 (trader)", "Bot 3 (trader)")), winners
    # The income of every round is in the log, with the outlook card.
    for r in range(1, 7):
        expect(page.locator("#log")).to_contain_text(f"Round {r} outlook card")


def _trade_position(seed: int = 12) -> tuple[dict, dict]:
    """A 3-player hot-seat record at the first trade turn (everyone kept their first cards)."""
    s = GAME.new_game(3, seed)
    record = new_record(GAME, 3, seed)
    record["seats"] = ["human", "human", "human"]
    while s["phase"] == "keep":
        move = GAME.legal_moves(s)[0]
        record["moves"].append(str(move))
        s = GAME.apply(s, move)
    return record, s


def test_trade_panel_round_trip(open_game, page: Page) -> None:
    record, state = _trade_position()
    me, them = state["turn"], (state["turn"] + 1) % 3
    mine = next(lot for lot in range(1, 86) if state["owner"][lot] == me)
    theirs = next(lot for lot in range(1, 86) if state["owner"][lot] == them)
    tile_id = rules.types(state)[next(t for t in range(12) if state["hands"][them][t])].id
    page = open_game("")
    page.evaluate("text => localStorage.setItem('skyline.autosave', text)", json.dumps(record))
    page.reload()
    page.wait_for_selector("body[data-ready]", state="attached", timeout=60_000)
    page.click("[data-action=resume]")
    page.click("[data-continue]")
    expect(page.locator("#board .trade-panel")).to_be_visible()
    expect(page.locator("#board [data-move].send")).to_have_count(0)  # nothing to send yet
    # Build: my lot and their lot, clicked on the board; one of their tiles; $2,000 from me.
    page.click(f"#board rect.target[data-draft='lot {theirs}']")  # picks the partner too
    page.click(f"#board rect.target[data-draft='lot {mine}']")
    page.click(f"#board [data-draft='get +{tile_id}']")
    page.click("#board [data-draft='give money +1']")
    page.click("#board [data-draft='give money +1']")
    expected = f"offer {them + 1} give lot {mine} money 2000 get lot {theirs} {tile_id} 1"
    send = page.locator("#board [data-move].send")
    expect(send).to_have_attribute("data-move", expected)
    n = moves(page)
    send.click()
    expect(page.locator("body")).to_have_attribute("data-moves", str(n + 1))
    # Hot seat: the receiver takes the device, sees the whole offer, and accepts.
    expect(page.locator("[data-continue]")).to_be_visible()
    assert page.locator("#board svg").count() == 0
    page.click("[data-continue]")
    box = page.locator("#board .offer-box")
    expect(box).to_contain_text("$2,000")
    expect(box).to_contain_text(f"lot {theirs}")
    page.click("#board [data-move=accept]")
    expect(page.locator("body")).to_have_attribute("data-moves", str(n + 2))
    # The log tells the trade without its money; ownership moved; the record holds the offer.
    log = page.locator("#log").inner_text()
    assert "accepts" in log and "$2,000" not in log and "some money" in log
    texts = saved(page)["moves"]
    assert texts[-2:] == [expected, "accept"]
    # The trade turn passes left: to the receiver, who holds the device and is done;
    # then the third player takes it.
    expect(page.locator("#board .trade-panel")).to_be_visible()
    page.click("#board [data-move=done]")
    page.click("[data-continue]")
    third = page.locator("#board")
    expect(third.locator(f"[data-lot='{mine}'] title")).to_contain_text(f"Player {them + 1}")
    expect(third.locator(f"[data-lot='{theirs}'] title")).to_contain_text(f"Player {me + 1}")
    # Money stays secret from the third player.
    expect(third.locator(f".seat[data-player='{me}'] .money")).to_have_text("$ secret")
    expect(third.locator(f".seat[data-player='{them}'] .money")).to_have_text("$ secret")
