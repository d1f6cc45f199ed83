"""python -m pyengine tournament: seats rotated and seeded, win rates and scores with CIs."""

from __future__ import annotations

import json

import pytest

import pyengine
from pyengine import tournament
from pyengine.__main__ import main
from pyengine.core.record import replay


def test_seats_rotate_one_place_per_game() -> None:
    names = ["hard", "greedy", "random", "random"]
    assert tournament.seat_bots(names, 4, 0) == names
    assert tournament.seat_bots(names, 4, 1) == ["random", "hard", "greedy", "random"]
    assert tournament.seat_bots(names, 4, 4) == names
    # A short list is cycled to the player count first.
    assert tournament.seat_bots(["greedy", "random"], 3, 0) == ["greedy", "random", "greedy"]
    assert tournament.seat_bots(["greedy", "random"], 3, 2) == ["random", "greedy", "greedy"]
    seats = [tournament.seat_bots(names, 4, g).index("hard") for g in range(4)]
    assert sorted(seats) == [0, 1, 2, 3]  # over one block, every seat once


def test_wilson_interval() -> None:
    lo, hi = tournament.wilson(0, 10)
    assert lo == 0 and hi == pytest.approx(0.2775, abs=1e-3)
    lo, hi = tournament.wilson(5, 10)
    assert (lo, hi) == (pytest.approx(0.2366, abs=1e-3), pytest.approx(0.7634, abs=1e-3))
    lo, hi = tournament.wilson(120, 200)
    assert lo > 0.5 and hi < 0.7
    assert tournament.wilson(0, 0) == (0.0, 1.0)


def test_mean_and_its_interval() -> None:
    mean, lo, hi = tournament.mean_ci([10, 12, 14, 16])
    assert mean == 13 and lo == pytest.approx(13 - 1.96 * 2.582 / 2, abs=1e-2) and hi == pytest.approx(26 - lo)
    assert tournament.mean_ci([7]) == (7, 7, 7)


def test_a_tiny_tournament_counts_every_seat_and_is_repeatable() -> None:
    report = tournament.run("manhattan", 2, ["greedy", "random"], 4, seed=3)
    rows = {r["bot"]: r for r in report["results"]}
    assert set(rows) == {"greedy", "random"}
    assert all(r["seat_games"] == 4 for r in rows.values())
    assert sum(r["wins"] for r in rows.values()) == pytest.approx(4)  # one win per game, shared wins split
    for r in rows.values():
        lo, hi = r["win_ci"]
        assert lo <= r["win_rate"] <= hi and r["fair_share"] == 0.5
        assert r["score_ci"][0] <= r["score"] <= r["score_ci"][1]
    again = tournament.run("manhattan", 2, ["greedy", "random"], 4, seed=3)

    def strip(rep: dict) -> list[dict]:
        clock = ("ms_per_move", "cpu_ms_per_move", "max_ms")
        return [{k: v for k, v in r.items() if k not in clock} for r in rep["results"]]

    assert strip(again) == strip(report)
    # Worker processes play the same games.
    parallel = tournament.run("manhattan", 2, ["greedy", "random"], 4, seed=3, jobs=2)
    assert strip(parallel) == strip(report)


def test_the_table_counts_games_and_jobs_as_they_were() -> None:
    # One game is "1 game", and no more workers are reported than there were games.
    report = tournament.run("manhattan", 2, ["random"], 1, seed=3, jobs=4)
    assert report["jobs"] == 1
    assert "2 players, 1 game (seed 3" in tournament.table(report)
    assert " with 1 job" in tournament.table(report)


def test_games_come_in_blocks_of_one_deal_per_rotation() -> None:
    results = [
        tournament.play_one(("manhattan", 2, 10, i, ["greedy", "random"], {}, True, {}, "rotate")) for i in range(2)
    ]
    assert [r.seed for r in results] == [10, 10]
    assert [s.bot for s in results[0].seats] == ["greedy", "random"]
    assert [s.bot for s in results[1].seats] == ["random", "greedy"]


def test_cli_prints_a_table_and_json(capsys) -> None:
    assert (
        main(
            [
                "tournament",
                "--game",
                "manhattan",
                "--players",
                "2",
                "--bots",
                "easy,random",
                "--games",
                "2",
                "--seed",
                "1",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "win rate" in out and "95% CI" in out and out.count("\neasy ") == 1 and "fair share 50.0%" in out
    assert (
        main(
            [
                "tournament",
                "--game",
                "manhattan",
                "--players",
                "2",
                "--bots",
                "easy,random",
                "--games",
                "2",
                "--seed",
                "1",
                "--json",
            ]
        )
        == 0
    )
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 2 and [r["bot"] for r in report["results"]] == ["easy", "random"]
    assert {"win_rate", "win_ci", "score", "score_ci", "ms_per_move", "max_ms", "capped"} <= set(report["results"][0])
    assert report["clock"] is True


def test_no_clock_lifts_the_time_caps(monkeypatch) -> None:
    from pyengine.games.manhattan import search

    hasty = type("Hasty", (search.BOTS["normal"],), {"iterations": 10**6, "max_ms": 1.0})
    monkeypatch.setitem(search.BOTS, "hasty", hasty)
    capped = tournament.run("manhattan", 2, ["hasty", "random"], 1, seed=1)
    assert capped["results"][0]["capped"] > 0
    monkeypatch.setitem(search.BOTS, "hasty", type("Hasty", (hasty,), {"iterations": 5}))
    free = tournament.run("manhattan", 2, ["hasty", "random"], 1, seed=1, clock=False)
    assert free["clock"] is False and free["results"][0]["capped"] == 0


@pytest.mark.parametrize(
    "args, message",
    [
        (["--bots", "wizard"], "unknown bot 'wizard'"),
        (["--bots", "random", "--games", "0"], "at least 1"),
        (["--bots", "random", "--players", "7"], "Player count"),
        (["--bots", "random", "--variant", "x=wizard:iterations=1"], "variant x: unknown bot 'wizard'"),
        (["--bots", "random", "--variant", "x=normal:depth=3"], "normal has no setting 'depth'"),
        (["--bots", "random", "--variant", "x=normal:iterations=many"], "iterations must be a number"),
        (["--bots", "random", "--variant", "x=normal:choose=1"], "normal has no setting 'choose'"),
        (["--bots", "random", "--variant", "normal"], "expected NAME=BASE:key=value"),
    ],
)
def test_cli_rejects_bad_arguments(capsys, args, message) -> None:
    base = {"--game": "manhattan", "--players": "2", "--games": "1"}
    for flag, value in zip(args[::2], args[1::2]):
        base[flag] = value
    argv = ["tournament"] + [x for kv in base.items() for x in kv]
    assert main(argv) == 2
    assert message in capsys.readouterr().err


def test_a_variant_is_its_base_with_the_settings_changed() -> None:
    from pyengine import load_game

    name, base, settings = tournament.parse_variant("hk=hard:iterations=40,phase_iterations.keep=7,exploration=0.3")
    assert (name, base) == ("hk", "hard")
    assert settings == {"iterations": 40, "phase_iterations": {"keep": 7}, "exploration": 0.3}
    assert tournament.parse_variant(tournament.variant_text(name, base, settings)) == (name, base, settings)
    game = load_game("chinatown")
    table = tournament.bot_table(game, {name: (base, settings)})
    hard, hk = table["hard"], table["hk"]
    assert issubclass(hk, hard) and hk.name == "hk" and hk.iterations == 40 and hk.exploration == 0.3
    # A dict setting is merged: the level's own phase budget for placements stays.
    assert hk.phase_iterations == {**hard.phase_iterations, "keep": 7} and "keep" not in hard.phase_iterations
    assert game.bots()["hard"].iterations == hard.iterations != 40  # the game's own table is untouched


def test_a_variant_searches_with_its_own_budget() -> None:
    from pyengine import load_game

    game = load_game("manhattan")
    table = tournament.bot_table(game, {"n7": ("normal", {"iterations": 7})})
    state = game.new_game(2, 4)
    while game.phase(state) != "build":
        p = game.to_move(state)[0]
        state = game.apply(state, table["greedy"](0).choose(game, game.view(state, p), p))
    p = game.to_move(state)[0]
    bot, normal = table["n7"](1), table["normal"](1)
    # Iterations only: on a busy machine the levels' max_ms would end the search first.
    bot.max_ms = normal.max_ms = None
    bot.choose(game, game.view(state, p), p)
    assert bot.stats["iterations"] == 7
    normal.choose(game, game.view(state, p), p)
    assert normal.stats["iterations"] == normal.iterations > 7


def test_cli_names_the_variants_in_its_table(capsys) -> None:
    assert (
        main(
            [
                "tournament",
                "--game",
                "manhattan",
                "--players",
                "2",
                "--bots",
                "n5,random",
                "--games",
                "2",
                "--variant",
                "n5=normal:iterations=5",
                "--no-clock",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "variant n5=normal:iterations=5" in out and out.count("\nn5 ") == 1
    assert (
        main(
            [
                "tournament",
                "--game",
                "manhattan",
                "--players",
                "2",
                "--bots",
                "n5,random",
                "--games",
                "2",
                "--variant",
                "n5=normal:iterations=5",
                "--no-clock",
                "--json",
            ]
        )
        == 0
    )
    assert json.loads(capsys.readouterr().out)["variants"] == {"n5": ["normal", {"iterations": 5}]}


def test_permuted_seating_plays_each_deal_in_every_order_of_the_seats() -> None:
    names = ["hard", "normal", "random", "random"]
    block = [tournament.seat_bots(names, 4, g, "permute") for g in range(12)]
    assert tournament.block_size(names, 4, "permute") == 12 == len({tuple(b) for b in block})
    for bot, times in (("hard", 3), ("normal", 3), ("random", 6)):
        assert all(sum(b[seat] == bot for b in block) == times for seat in range(4))
    # Who follows whom varies too, which turning the list never does.
    follows = {b[(b.index("hard") + 1) % 4] for b in block}
    assert follows == {"normal", "random"}
    assert {b[(b.index("hard") + 1) % 4] for b in (tournament.seat_bots(names, 4, g) for g in range(4))} == {"normal"}
    assert tournament.seat_bots(names, 4, 12, "permute") == block[0]
    # One deal per block: three bots in three seats make six orders.
    results = [
        tournament.play_one(("manhattan", 3, 5, g, ["greedy", "random", "easy"], {}, True, {}, "permute"))
        for g in range(7)
    ]
    assert [r.seed for r in results] == [5] * 6 + [6]
    assert len({tuple(s.bot for s in r.seats) for r in results[:6]}) == 6


def test_cli_permutes_the_seats_on_request(capsys) -> None:
    argv = ["tournament", "--game", "manhattan", "--players", "3", "--bots", "greedy,random,easy", "--games", "6"]
    assert main(argv + ["--seating", "permute", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["seating"] == "permute" and all(r["seat_games"] == 6 for r in report["results"])
    assert main(argv + ["--seating", "permute"]) == 0
    assert "seats permuted" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(argv + ["--seating", "shuffle"])
    with pytest.raises(ValueError, match="unknown seating"):
        tournament.run("manhattan", 2, ["greedy", "random"], 1, seating="shuffle")


def test_a_game_past_its_move_budget_stops_with_its_record(monkeypatch) -> None:
    """A game the bots cannot finish is a bug to see, not a hang: past the game's own
    move budget the tournament stops with a record that replays to where it stopped."""
    game = pyengine.load_game("manhattan")
    monkeypatch.setattr(type(game), "move_budget", lambda self, players, options=None: 5)
    with pytest.raises(RuntimeError, match="did not end within its budget of 5 moves") as e:
        tournament.play_one(("manhattan", 2, 10, 0, ["greedy", "random"], {}, True, {}, "rotate"))
    record = json.loads(str(e.value).split("its record: ", 1)[1])
    assert len(record["moves"]) == 5 and not game.is_over(replay(record)[1])
