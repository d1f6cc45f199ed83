"""The bot ladder (pyengine/ladder.py, issue 48): the round robin, its OpenSkill ratings,
the section of docs/bots.md it keeps and the data the lobby's bot menu reads."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

import pyengine
from pyengine import ladder
from pyengine.__main__ import main
from pyengine.core.i18n import LANGUAGES, Translator
from pyengine.tournament import GameResult, SeatResult

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT / "web") not in sys.path:
    sys.path.insert(0, str(ROOT / "web"))

from skyweb import panels  # noqa: E402

pytest.importorskip("openskill")


def game_of(*seats: tuple[str, float, float]) -> GameResult:
    """A finished game: (bot, score, win) per seat."""
    result = GameResult(0, 0)
    for p, (bot, score, win) in enumerate(seats):
        result.seats.append(SeatResult(bot, p, score, win, 1, 0.0, 0.0, 0.0, 0))
    return result


def test_a_game_ranks_by_win_then_score_and_ties_share_a_place() -> None:
    assert ladder.ranks(game_of(("a", 10, 0), ("b", 30, 1), ("c", 20, 0))) == [3, 1, 2]
    assert ladder.ranks(game_of(("a", 30, 0.5), ("b", 30, 0.5), ("c", 20, 0))) == [1, 1, 3]
    assert ladder.ranks(game_of(("a", 30, 1), ("b", 20, 0), ("c", 20, 0))) == [1, 2, 2]
    # A win on a tie-break ranks above an equal score.
    assert ladder.ranks(game_of(("a", 30, 0), ("b", 30, 1))) == [2, 1]


def test_a_bot_that_wins_every_game_rates_first() -> None:
    games = [game_of(("x", 1, 0), ("y", 9, 1)) for _ in range(5)] + [game_of(("y", 9, 1), ("z", 1, 0))]
    rows = ladder.rate(["x", "y", "z"], games)
    assert [r["bot"] for r in rows][0] == "y"
    assert [r["rank"] for r in rows] == [1, 2, 3]
    by_bot = {r["bot"]: r for r in rows}
    assert by_bot["y"]["games"] == 6 and by_bot["y"]["wins"] == 6
    assert by_bot["x"]["games"] == 5 and by_bot["z"]["games"] == 1
    assert all(abs(r["ordinal"] - (r["mu"] - 3 * r["sigma"])) < 1e-9 for r in rows)


def test_the_round_robin_is_pairs_or_chinatowns_triples_of_distinct_bots() -> None:
    bots = ["random", "greedy", "easy", "normal", "hard"]
    assert len(ladder.matches(bots, 2)) == 10 and len(ladder.matches(bots, 3)) == 10
    assert all(len(set(m)) == len(m) for m in ladder.matches(bots, 3))
    assert ladder.seats_per_game("manhattan") == 2 and ladder.seats_per_game("chinatown") == 3
    assert ladder.deal_size(2) == 2 and ladder.deal_size(3) == 6


def small(game: str = "manhattan", **kw):
    return ladder.run(
        game, kw.pop("games", 6), kw.pop("seed", 0), clock=False, bots=kw.pop("bots", ["random", "greedy"])
    )


def test_the_ladder_is_the_same_for_the_same_arguments() -> None:
    first, second = small(), small()
    assert first["ratings"] == second["ratings"]
    assert ladder.table(first).splitlines()[1:] == ladder.table(second).splitlines()[1:]  # the head holds the time


def test_greedy_rates_above_random() -> None:
    # Greedy wins 98.5% of four-player Manhattan games against random bots (docs/bots.md);
    # here it must win more games than random and rate above it.
    report = small(games=6)
    assert report["games"] == 6 and report["games_per_match"] == 6
    first, second = report["ratings"]
    assert first["bot"] == "greedy" and first["wins"] > second["wins"]
    assert first["ordinal"] > second["ordinal"] and first["mu"] > second["mu"]
    assert first["games"] == second["games"] == 6


def test_games_are_rounded_up_to_whole_deals() -> None:
    report = ladder.run("chinatown", 1, 0, clock=False, bots=["random", "trader", "easy"])
    assert report["players"] == 3 and report["matches"] == 1
    assert report["games_per_match"] == report["games"] == 6  # every order of three seats
    assert all(r["games"] == 6 for r in report["ratings"])


DOC = """# Bots

Intro, kept.

{begin}
old table
{end}

## After

Kept too.
"""


def test_the_docs_writer_changes_only_its_games_section() -> None:
    text = DOC.format(begin=ladder.marker("manhattan"), end=ladder.marker("manhattan", end=True))
    report = small(games=2)
    new = ladder.replace_section(text, "manhattan", ladder.docs_section(report))
    before, after = text.split("old table\n")
    assert new.startswith(before.removesuffix(ladder.marker("manhattan") + "\n"))
    assert new.endswith(after.removeprefix(ladder.marker("manhattan", end=True)))
    assert "old table" not in new and ladder.command(report) in new
    assert ladder.replace_section(new, "manhattan", ladder.docs_section(report)) == new  # rewriting is stable
    # Another game's section is added at the end, and this one's left alone.
    other = ladder.replace_section(new, "chinatown", "CHINATOWN")
    assert other == new.rstrip("\n") + "\n\nCHINATOWN\n"


def test_write_docs_keeps_the_rest_of_the_file(tmp_path) -> None:
    path = tmp_path / "bots.md"
    text = ladder.DOCS.read_text(encoding="utf-8")
    path.write_text(text, encoding="utf-8")
    report = small(games=2)
    ladder.write_docs(report, path)
    new = path.read_text(encoding="utf-8")
    begin, end = ladder.marker("manhattan"), ladder.marker("manhattan", end=True)
    assert new.split(begin)[0] == text.split(begin)[0]
    assert new.split(end)[1] == text.split(end)[1]
    assert ladder.docs_section(report) in new


@pytest.mark.parametrize("name", pyengine.GAMES)
def test_docs_and_lobby_hold_every_games_ladder(name: str) -> None:
    game = pyengine.load_game(name)
    text = ladder.DOCS.read_text(encoding="utf-8")
    section = text.split(ladder.marker(name))[1].split(ladder.marker(name, end=True))[0]
    data = json.loads(ladder.data_path(name).read_text(encoding="utf-8"))
    assert data["command"] in section  # the docs and the lobby's file come from one run
    assert sorted(r["bot"] for r in data["bots"]) == sorted(game.bots())  # every level the lobby offers
    assert [r["rank"] for r in data["bots"]] == list(range(1, len(game.bots()) + 1))
    places = panels.ladder_places(game)
    assert set(places) == set(game.bots())
    for lang in LANGUAGES:
        form = panels.lobby_html({name: game}, name, None, 1, lang)
        for bot in game.bots():
            assert panels.bot_label(bot, places[bot], Translator(lang)) in form


def test_the_lobby_says_each_place_in_words() -> None:
    en = Translator("en")
    assert panels.bot_label("hard", (1, 5), en) == "Bot (hard): strongest"
    assert panels.bot_label("random", (5, 5), en) == "Bot (random): weakest"
    assert panels.bot_label("easy", (3, 5), en) == "Bot (easy): rank 3 of 5"
    assert panels.bot_label("hard", None, en) == "Bot (hard)"
    assert panels.bot_label("hard", (1, 5), Translator("fr")) == "Robot (difficile) : le plus fort"
    assert panels.bot_label("easy", (3, 5), Translator("zh-Hans")) == "电脑（简单）：第3名，共5名"


def test_the_command(capsys) -> None:
    argv = ["ladder", "--game", "manhattan", "--bots", "random,greedy", "--games", "2", "--no-clock"]
    assert main([*argv, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 2 and {r["bot"] for r in report["ratings"]} == {"random", "greedy"}
    assert main([*argv, "--docs"]) == 2  # the kept ladder is every bot's
    assert "--docs" in capsys.readouterr().err
    assert main(["ladder", "--game", "manhattan", "--bots", "random,nobody"]) == 2
