"""Command line: python -m pyengine list | simulate | replay | render."""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import pyengine
import pyengine.__main__ as cli_module
from pyengine.__main__ import build_parser, main
from pyengine.core.game import Option, first_player_option, state_hash
from pyengine.core.record import MAX_SEED, new_record, replay

ROOT = Path(__file__).resolve().parent.parent


def cli(*args, stdin=None):
    return subprocess.run(
        [sys.executable, "-m", "pyengine", *map(str, args)],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


def cli_parallel(calls):
    """{key: args} -> {key: CompletedProcess}, run a few at a time to keep the suite fast."""
    with ThreadPoolExecutor(max_workers=4) as pool:
        futures = {k: pool.submit(cli, *args) for k, args in calls.items()}
        return {k: f.result() for k, f in futures.items()}


def ok(*args, stdin=None):
    r = cli(*args, stdin=stdin)
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stderr
    return r.stdout


def assert_clean_error(r, *words):
    """Exit status 2, exactly one line on stderr naming the problem, no traceback."""
    assert r.returncode == 2, (r.returncode, r.stdout, r.stderr)
    assert "Traceback" not in r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    for w in words:
        assert w.lower() in lines[0].lower(), lines[0]
    assert r.stdout == ""


def simulate(players, seed, *extra):
    out = ok("simulate", "--game", "manhattan", "--players", players, "--seed", seed, "--json", *extra)
    return [json.loads(line) for line in out.splitlines()]


@pytest.fixture(scope="module")
def record_file(tmp_path_factory):
    result = simulate(3, 11, "--option", "godzilla=little")[0]
    path = tmp_path_factory.mktemp("cli") / "game.json"
    path.write_text(json.dumps(result["record"]), encoding="utf-8")
    return path, result


# ---- help ----------------------------------------------------------------------------


def _command_paths(parser: argparse.ArgumentParser, prefix: tuple[str, ...] = ()):
    """Every command the parser knows, nested ones too, read from the parser itself so
    a subcommand added later has its --help checked without touching this test."""
    yield prefix
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _command_paths(sub, (*prefix, name))


COMMAND_PATHS = list(_command_paths(build_parser()))


def test_the_help_walk_finds_every_known_subcommand():
    # Guards the walk below: were it to find nothing, no --help would be checked.
    assert {"list", "simulate", "tournament", "replay", "render"} <= {p[0] for p in COMMAND_PATHS if p}


@pytest.mark.parametrize("path", COMMAND_PATHS, ids=lambda p: " ".join(p) or "top")
def test_help_prints_usage_and_exits_0(path, capsys):
    """Regression: a bare % in a help text ("95% CIs") made argparse's formatting raise
    ValueError, so python -m pyengine --help ended in a traceback."""
    with pytest.raises(SystemExit) as exit_:
        main([*path, "--help"])
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: {' '.join(['python -m pyengine', *path])}")


# ---- list ----------------------------------------------------------------------------


def test_list_shows_manhattan_with_player_counts_bots_and_options():
    out = ok("list")
    assert "manhattan: Manhattan, 2/3/4 players" in out
    for name in (
        "godzilla=off|full|little",
        "slow_development=bool",
        "anti_trust=bool",
        "two_colour=bool",
        "pick_order=set|one",
        "tallest_tie_same_owner=bool",
        "first_player=random|1..4",
    ):
        assert f"--option {name}" in out
    assert "only 2 players" in out


class _SeatGame:
    """Just what `list` reads of a game, with a seat option as core builds it."""

    title = "Seats"
    player_counts = (3, 5)
    default_bot = "random"

    def bots(self):
        return {"random": None}

    def option_schema(self):
        return [
            first_player_option("Who starts").to_json(),
            Option("speed", "choice", "slow", "Speed", (("slow", "Slow"), ("fast", "Fast"))).to_json(),
            Option("rounds", "int", 4, "Rounds").to_json(),
        ]


def test_list_shows_a_seat_option_as_random_or_a_seat_up_to_the_largest_player_count(monkeypatch, capsys):
    monkeypatch.setattr(cli_module, "GAMES", {"seats": "unused"})
    monkeypatch.setattr(cli_module, "load_game", lambda name: _SeatGame())
    assert main(["list"]) == 0
    out = capsys.readouterr().out
    assert "--option first_player=random|1..5  default random: First player" in out
    assert "--option speed=slow|fast  default slow" in out  # other kinds are unchanged
    assert "--option rounds=int  default 4" in out


def test_list_json_describes_manhattan():
    rows = json.loads(ok("list", "--json"))
    (m,) = [r for r in rows if r["game"] == "manhattan"]
    assert m["players"] == [2, 3, 4]
    assert {"random", "greedy"} <= set(m["bots"])
    opts = {o["name"]: o for o in m["options"]}
    assert set(opts) == {
        "godzilla",
        "slow_development",
        "anti_trust",
        "two_colour",
        "pick_order",
        "tallest_tie_same_owner",
        "first_player",
    }
    assert opts["first_player"]["kind"] == "seat" and opts["first_player"]["default"] == "random"
    assert [c[0] for c in opts["godzilla"]["choices"]] == ["off", "full", "little"]
    assert opts["two_colour"]["players"] == [2]
    assert opts["tallest_tie_same_owner"]["default"] is True


# ---- simulate --------------------------------------------------------------------------


def check_result(result, players, options=None, game="manhattan"):
    assert set(result) >= {"scores", "winners", "moves", "record"}
    rec = result["record"]
    assert rec["game"] == game and rec["players"] == players
    assert len(result["scores"]) == players
    assert result["winners"] and set(result["winners"]) <= set(range(players))
    best = max(result["scores"])
    assert all(result["scores"][w] == best for w in result["winners"])
    assert result["moves"] == len(rec["moves"]) > 0
    for k, v in (options or {}).items():
        assert rec["options"][k] == v
    game, state = replay(rec)  # the printed record is complete and replays in-process
    assert game.is_over(state)
    assert game.scores(state) == result["scores"] and game.winners(state) == result["winners"]


@pytest.mark.parametrize("players,moves", [(2, 2 * 6 * 4 * 2), (3, 3 * 6 * 4 * 2), (4, 4 * 4 * 6 * 2)])
def test_simulate_prints_one_json_game_per_line(players, moves):
    (result,) = simulate(players, 5)
    check_result(result, players)
    assert result["moves"] == moves


OPTION_CASES = [
    ("manhattan", 4, "godzilla", "full"),
    ("manhattan", 3, "godzilla", "little"),
    ("manhattan", 4, "slow_development", True),
    ("manhattan", 3, "anti_trust", True),
    ("manhattan", 2, "two_colour", True),
    ("manhattan", 4, "pick_order", "one"),
    ("manhattan", 4, "tallest_tie_same_owner", False),
    # New York 1901: every player count with the defaults, then every other value of every option.
    ("newyork1901", 2, None, None),
    ("newyork1901", 3, None, None),
    ("newyork1901", 4, None, None),
    ("newyork1901", 2, "expert", True),
    ("newyork1901", 3, "streets", "beginner"),
    ("newyork1901", 4, "action_cards", False),
    ("newyork1901", 3, "market_refill", "acquire"),
    ("newyork1901", 4, "land_grab_workers", "1"),
    ("newyork1901", 2, "challenge", "none"),
    *(
        ("newyork1901", 4, "challenge", c)
        for c in ("bronze_baron", "master_architect", "generation_king", "gold_tycoon", "gold_prestige")
    ),
]


@pytest.fixture(scope="module")
def option_runs():
    calls = {}
    for game, players, option, value in OPTION_CASES:
        text = {True: "1", False: "0"}.get(value, value)
        extra = ("--option", f"{option}={text}") if option else ()
        calls[(game, players, option, value)] = (
            "simulate",
            "--game",
            game,
            "--players",
            players,
            "--seed",
            9,
            "--json",
            *extra,
        )
    return cli_parallel(calls)


@pytest.mark.parametrize("game,players,option,value", OPTION_CASES)
def test_simulate_with_each_option(option_runs, game, players, option, value):
    r = option_runs[(game, players, option, value)]
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
    (line,) = r.stdout.splitlines()
    check_result(json.loads(line), players, {option: value} if option else {}, game)


def test_simulate_with_all_options_together_and_greedy_bots():
    (result,) = simulate(
        4,
        1,
        "--option",
        "godzilla=full",
        "--option",
        "slow_development=1",
        "--option",
        "anti_trust=1",
        "--option",
        "pick_order=one",
        "--option",
        "tallest_tie_same_owner=0",
        "--bots",
        "greedy,random",
    )
    check_result(
        result,
        4,
        {
            "godzilla": "full",
            "slow_development": True,
            "anti_trust": True,
            "pick_order": "one",
            "tallest_tie_same_owner": False,
        },
    )


def test_simulate_games_3_prints_3_lines_with_consecutive_seeds():
    results = simulate(2, 20, "--games", "3")
    assert len(results) == 3
    assert [r["record"]["seed"] for r in results] == [20, 21, 22]
    for r in results:
        check_result(r, 2)
    # repeatable: the second game equals a fresh run of its seed
    assert simulate(2, 21) == [results[1]]


def test_simulate_text_output():
    out = ok("simulate", "--game", "manhattan", "--players", "4", "--seed", "3", "--games", "2")
    lines = out.splitlines()
    assert len(lines) == 2 and lines[0].startswith("game 1 seed 3: scores [")


@pytest.mark.parametrize(
    "args,words",
    [
        (["--players", "7"], ["player count"]),
        (["--players", "4", "--seed", "x"], None),
        (["--players", "3", "--option", "two_colour=1"], ["only for 2 players"]),
        (["--players", "4", "--option", "godzilla=huge"], ["godzilla"]),
        (["--players", "4", "--option", "colour=pink"], ["unknown option"]),
        (["--players", "4", "--option", "godzilla"], ["name=value"]),
        (["--players", "4", "--bots", "genius"], ["unknown bot"]),
    ],
)
def test_simulate_bad_arguments_fail_cleanly(args, words):
    r = cli("simulate", "--game", "manhattan", "--json", *args)
    if words is None:  # argparse's own error: usage line + message, status 2
        assert r.returncode == 2 and "Traceback" not in r.stderr and "invalid int value" in r.stderr
        return
    assert_clean_error(r, *words)


def test_simulate_unknown_game_fails_cleanly():
    assert_clean_error(cli("simulate", "--game", "chess", "--players", "2"), "unknown game")


@pytest.mark.parametrize(
    "args,words",
    [
        (["--games", "0"], ["--games"]),
        (["--games", "-2"], ["--games"]),
        # A record with such a seed would be refused by replay, so simulate must not make one.
        (["--seed", str(MAX_SEED)], ["--seed"]),
        (["--seed", str(MAX_SEED - 2), "--games", "3"], ["--seed"]),
        (["--seed", str(-MAX_SEED)], ["--seed"]),
        (["--record", "-"], ["--record", "file name"]),
        (["--record", "."], ["--record", "file name"]),
    ],
)
def test_simulate_bad_games_seed_or_record_fail_cleanly(args, words):
    assert_clean_error(cli("simulate", "--game", "manhattan", "--players", "2", *args), *words)


def test_simulate_record_writes_the_record_that_replay_reads(tmp_path):
    path = tmp_path / "game.json"
    (result,) = simulate(3, 11, "--record", path)
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record == result["record"]
    out = json.loads(ok("replay", path))
    assert out["scores"] == result["scores"] and out["moves"] == result["moves"]


def test_simulate_record_with_several_games_writes_one_numbered_file_each(tmp_path):
    out = ok(
        "simulate",
        "--game",
        "manhattan",
        "--players",
        "2",
        "--seed",
        "20",
        "--games",
        "3",
        "--record",
        tmp_path / "g.json",
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g-1.json", "g-2.json", "g-3.json"]
    for i, line in enumerate(out.splitlines(), 1):
        path = tmp_path / f"g-{i}.json"
        assert line.startswith(f"game {i} seed {19 + i}: ") and line.endswith(f"record in {path}")
        record = json.loads(path.read_text(encoding="utf-8"))
        assert record["seed"] == 19 + i
        assert json.loads(ok("replay", path))["over"] is True


def test_simulate_record_into_a_missing_folder_fails_cleanly(tmp_path):
    assert_clean_error(
        cli("simulate", "--game", "manhattan", "--players", "2", "--record", tmp_path / "no" / "game.json"),
        "cannot write",
    )


# ---- replay ----------------------------------------------------------------------------


def test_replayed_record_file_gives_the_same_scores(record_file):
    path, result = record_file
    out = json.loads(ok("replay", path))
    assert out["game"] == "manhattan" and out["over"] is True
    assert out["scores"] == result["scores"] and out["winners"] == result["winners"]
    assert out["moves"] == result["moves"]
    assert out["hash"] == state_hash(replay(result["record"])[1])
    assert [sum(r[p]["total"] for r in out["breakdown"]["rounds"]) for p in range(3)] == out["scores"]


def test_replay_reads_the_record_from_stdin(record_file):
    path, result = record_file
    out = json.loads(ok("replay", "-", stdin=path.read_text(encoding="utf-8")))
    assert out["scores"] == result["scores"]


def test_replay_of_a_partial_record_is_not_over(record_file):
    path, result = record_file
    rec = dict(result["record"], moves=result["record"]["moves"][:30])
    out = json.loads(ok("replay", "-", stdin=json.dumps(rec)))
    assert out["over"] is False and out["moves"] == 30 and out["winners"] == []


def _record(**changes):
    rec = {
        "game": "manhattan",
        "engine_version": "0.1.0",
        "players": 2,
        "options": {},
        "seed": 1,
        "moves": ["pick 1", "pick 2"],
    }
    rec.update(changes)
    return json.dumps(rec)


BAD_RECORDS = {
    "not-json": ("this is not json {", ["not a json record"]),
    "not-an-object": ("[1, 2, 3]", ["expected a json object"]),
    "wrong-game": (_record(game="chess"), ["unknown game", "chess"]),
    "unknown-move-text": (_record(moves=["pick 1", "fly to the moon"]), ["move 2", "move syntax"]),
    "illegal-move": (_record(moves=["card 1 city 1 storeys 1"]), ["move 1", "round order"]),
    "supply-exhausted": (_record(moves=["pick 1"] * 4 + ["pick 4"] * 5), ["move", "parts supply"]),
    "seven-players": (_record(players=7), ["player count"]),
    "seed-not-int": (_record(seed="abc"), ["seed"]),
    "seed-float": (_record(seed=1.5), ["seed"]),
    "moves-not-list": (_record(moves="pick 1"), ["moves"]),
    "bad-option": (_record(options={"godzilla": "huge"}), ["godzilla"]),
    "two-colour-3p": (_record(options={"two_colour": True}, players=3), ["only for 2 players"]),
    "missing-keys": ('{"game": "manhattan", "players": 2}', ["missing"]),
}


@pytest.fixture(scope="module")
def bad_record_runs(tmp_path_factory):
    folder = tmp_path_factory.mktemp("bad")
    calls = {}
    for case, (text, _) in BAD_RECORDS.items():
        path = folder / f"{case}.json"
        path.write_text(text, encoding="utf-8")
        calls[case] = ("replay", path)
    return cli_parallel(calls)


@pytest.mark.parametrize("case", list(BAD_RECORDS))
def test_replay_bad_record_fails_with_one_line_and_status_2(bad_record_runs, case):
    assert_clean_error(bad_record_runs[case], *BAD_RECORDS[case][1])


@pytest.mark.parametrize("case", ["not-json", "wrong-game", "illegal-move"])
def test_replay_bad_record_from_stdin_fails_the_same_way(case):
    text, words = BAD_RECORDS[case]
    assert_clean_error(cli("replay", "-", stdin=text), *words)


@pytest.fixture(scope="module")
def summaries(tmp_path_factory):
    """simulate --json output for two games: what a user may take for a record."""
    out = ok("simulate", "--game", "manhattan", "--players", "2", "--seed", "4", "--games", "2", "--json")
    return [json.loads(line) for line in out.splitlines()]


@pytest.mark.parametrize("command", ["replay", "render"])
def test_a_simulate_summary_is_refused_with_what_to_do_instead(summaries, tmp_path, command):
    """Regression: the README piped simulate's output to replay, which said only
    "not a record: missing 'game'"; a summary now names --record, for replay and render."""
    files = {
        "one.json": json.dumps(summaries[0]),
        "pretty.json": json.dumps(summaries[0], indent=2),
        "lines.json": "\n".join(json.dumps(s) for s in summaries) + "\n",
    }
    for name, text in files.items():
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        extra = ["-o", tmp_path / "x.svg"] if command == "render" else []
        r = cli(command, path, *extra)
        assert_clean_error(r, "simulate summar", "not a record", "simulate --record FILE")
        assert ("2 simulate summaries" in r.stderr) == (name == "lines.json"), r.stderr
    assert not (tmp_path / "x.svg").exists()


def test_records_one_per_line_are_refused_with_why(summaries, tmp_path):
    path = tmp_path / "two.jsonl"
    path.write_text("".join(json.dumps(s["record"]) + "\n" for s in summaries), encoding="utf-8")
    assert_clean_error(cli("replay", path), "2 records", "one record per file")


def test_replay_reads_a_record_saved_with_a_byte_order_mark(record_file, tmp_path):
    path, result = record_file
    bom = tmp_path / "bom.json"
    bom.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert json.loads(ok("replay", bom))["scores"] == result["scores"]
    assert (
        json.loads(ok("replay", "-", stdin="\ufeff" + path.read_text(encoding="utf-8")))["scores"] == result["scores"]
    )


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs an endless file")
def test_replay_of_an_endless_file_stops_at_the_size_limit():
    """Regression: the whole file was read before its size was checked, so replay
    /dev/zero never ended (cli's timeout turns that into a failure here)."""
    assert_clean_error(cli("replay", "/dev/zero"), "MB")


def test_replay_missing_file_fails_cleanly(tmp_path):
    assert_clean_error(cli("replay", tmp_path / "nope.json"), "cannot read")


def test_replay_binary_file_fails_cleanly(tmp_path):
    path = tmp_path / "bin.json"
    path.write_bytes(b"\xff\xfe\x00\x81 not text")
    r = cli("replay", path)
    assert_clean_error(r)


def test_replay_directory_fails_cleanly(tmp_path):
    assert_clean_error(cli("replay", tmp_path), "cannot read")


def test_replay_of_a_move_with_a_superscript_digit_fails_cleanly(tmp_path):
    """Regression (moves._int, fixed): 'pick ²' passes str.isdigit() but int() raises
    ValueError, which the CLI does not catch: a traceback and exit status 1."""
    path = tmp_path / "sup.json"
    path.write_text(_record(moves=["pick ²"]), encoding="utf-8")
    assert_clean_error(cli("replay", path), "move syntax")


# ---- render ----------------------------------------------------------------------------


def test_render_writes_a_standalone_svg_for_a_step_and_player(record_file, tmp_path):
    path, _ = record_file
    out = tmp_path / "out.svg"
    ok("render", path, "--step", 40, "--player", 2, "-o", out)
    svg = out.read_text(encoding="utf-8")
    assert svg.startswith("<svg") and 'xmlns="http://www.w3.org/2000/svg"' in svg
    assert svg.rstrip().endswith("</svg>")
    assert "Hidden card" in svg and "Card " in svg  # player 2 sees own cards, not the others'


def test_render_final_position_and_step_zero(record_file, tmp_path):
    path, result = record_file
    final, start = tmp_path / "final.svg", tmp_path / "start.svg"
    ok("render", path, "-o", final)
    ok("render", path, "--step", 0, "-o", start)
    assert final.read_text().startswith("<svg") and start.read_text().startswith("<svg")
    assert 'class="building"' in final.read_text() and 'class="building"' not in start.read_text()


def test_render_portrait_stacks_the_drawing_for_a_tall_page(record_file, tmp_path):
    path, _ = record_file
    wide, tall = tmp_path / "wide.svg", tmp_path / "tall.svg"
    ok("render", path, "--step", 40, "-o", wide)
    ok("render", path, "--step", 40, "--portrait", "-o", tall)
    size = lambda f: [float(v) for v in re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', f.read_text()).groups()]  # noqa: E731
    (ww, wh), (tw, th) = size(wide), size(tall)
    assert ww > wh and th > tw and tw < ww
    assert 'class="manhattan-board portrait"' in tall.read_text()


def test_render_portrait_of_a_game_without_one_fails_cleanly(tmp_path, monkeypatch, capsys):
    # Every game now has a portrait drawing: one is made to lack it, in this process.
    game = pyengine.load_game("brussels1893")
    monkeypatch.setattr(type(game), "portrait", False)
    path, out = tmp_path / "b.json", tmp_path / "b.svg"
    path.write_text(json.dumps(new_record(game, 2, 3)), encoding="utf-8")
    assert main(["render", str(path), "--portrait", "-o", str(out)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "portrait" in err[0] and "Traceback" not in err[0]
    assert not out.exists()


@pytest.mark.parametrize(
    "args,words",
    [
        (["--step", "-1"], ["--step"]),
        (["--step", "100000"], ["--step"]),
        (["--player", "9"], ["--player"]),
    ],
)
def test_render_bad_step_or_player_fails_cleanly(record_file, tmp_path, args, words):
    path, _ = record_file
    out = tmp_path / "x.svg"
    assert_clean_error(cli("render", path, *args, "-o", out), *words)
    assert not out.exists()


def test_render_to_an_unwritable_path_fails_cleanly(record_file, tmp_path):
    """Regression (__main__.cmd_render, fixed): open(args.output) raising OSError is not
    caught, so a missing output directory prints a traceback (exit status 1)."""
    path, _ = record_file
    assert_clean_error(cli("render", path, "-o", tmp_path / "no" / "such" / "dir.svg"))


def test_render_in_another_language(record_file, tmp_path):
    path, _ = record_file
    out = tmp_path / "fr.svg"
    ok("render", path, "--step", 40, "--player", 1, "--lang", "fr", "-o", out)
    svg = out.read_text(encoding="utf-8")
    assert "Carte cachée" in svg and "Joueur 2" in svg and "Hidden card" not in svg
    out_zh = tmp_path / "zh.svg"
    ok("render", path, "--lang", "zh-Hant", "-o", out_zh)
    assert "曼哈頓" in out_zh.read_text(encoding="utf-8")
    assert_clean_error(cli("render", path, "--lang", "xx", "-o", tmp_path / "x.svg"), "--lang")


# ---- pipes and interrupts -------------------------------------------------------------------


def _start(*args, **popen):
    return subprocess.Popen(
        [sys.executable, "-m", "pyengine", *map(str, args)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        **popen,
    )


def _sigint_as_in_a_terminal() -> None:
    # A shell starts background jobs with SIGINT ignored, and children inherit that
    # (so does Python, which then installs no KeyboardInterrupt): the test runner may
    # be such a job. A person's Ctrl+C reaches a program whose SIGINT is the default.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_a_reader_that_stops_early_gets_no_traceback():
    """Regression: simulate ... --json | head -1 ended in a BrokenPipeError traceback."""
    # Far more output than a pipe holds, so simulate is still writing when the reader leaves.
    proc = _start("simulate", "--game", "manhattan", "--players", "2", "--games", "500", "--json")
    assert proc.stdout.readline().startswith('{"scores"')
    proc.stdout.close()
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 1 and "Traceback" not in err, err


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process")
def test_ctrl_c_stops_with_one_line_and_status_130():
    proc = _start(
        "simulate", "--game", "manhattan", "--players", "2", "--games", "100000", preexec_fn=_sigint_as_in_a_terminal
    )
    assert proc.stdout.readline().startswith("game 1 ")  # past start-up, inside the games
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 130 and err.strip() == "interrupted", err
