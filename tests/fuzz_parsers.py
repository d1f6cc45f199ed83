"""Every parser a stranger can reach, fuzzed: each must answer any text with its own
clear error (one line for a person) and nothing else, and in bounded time.

    .venv/bin/python tests/fuzz_parsers.py --seconds 180            # every parser, 3 min each
    .venv/bin/python tests/fuzz_parsers.py --runs 100000 record     # one parser, N inputs

Coverage-guided by atheris (PyPI, in the test extras), seeded with real inputs (a record
and share link of a played game, the table's messages, a shipped scenario, move texts),
with atheris's -timeout for hangs. `check(name, text)` is the one harness: the default
pytest run calls it over a small corpus in CPython (tests/test_hostile_parsers.py), and
tests/pyodide_hostile.mjs runs it inside Pyodide, so it cannot rot unnoticed.
This module imports nothing from atheris until it is run as a command.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
for _path in (ROOT, ROOT / "web"):
    if _path.is_dir() and str(_path) not in sys.path:
        sys.path.insert(0, str(_path))

import pyengine  # noqa: E402
from pyengine.core import share  # noqa: E402
from pyengine.core.game import IllegalMove  # noqa: E402
from pyengine.core.record import MAX_MOVE_CHARS, RecordError, load_record, new_record, replay  # noqa: E402
from pyengine.core.scenario import ScenarioError, load_scenario  # noqa: E402

GAMES = tuple(pyengine.GAMES)
# A clear error is one line, never a dump of a megabyte: a move's refusal quotes its text
# (at most MAX_MOVE_CHARS, 1,000, each at most 10 characters as repr writes it: \U000e0000).
MAX_LINE = 11_000


def _web() -> Any:
    """skyweb's table modules, imported on first use (CPython: web/ on the path; Pyodide:
    engine.zip and table.zip, as the page mounts them)."""
    from skyweb import params, session
    from skyweb.table import guest, host, protocol, transport

    return params, protocol, session, host, guest, transport


def _record(text: str) -> None:
    replay(load_record(text))  # a file opened from the lobby, the autosave: the shape, then every move


def _file(text: str) -> None:
    _, _, session, _, _, _ = _web()
    session.Session.resume(text)  # dialogs.import_file, lobby's saved game


def _share(text: str) -> None:
    _, _, session, _, _, _ = _web()
    session.Session.shared(share.decode(text))  # ui.open_shared: #record=<word>


def _scenario(text: str) -> None:
    load_scenario(text)  # embed.html?scenario=<URL>, learn.html


def _scenario_link(text: str) -> None:
    load_scenario(share.unpack(text))  # embed.html?scenario=1.<word>


def _guest_message(text: str) -> None:
    _, protocol, _, _, _, _ = _web()
    protocol.parse(text, protocol.GUEST_SENDS)


def _host_message(text: str) -> None:
    _, protocol, _, _, _, _ = _web()
    m = protocol.parse(text, protocol.HOST_SENDS)
    for field in ("reason", "log"):
        if field in m:
            protocol.text_from_json(m[field])


_HOST: dict[str, Any] = {}


def _at_host(text: str) -> None:
    """What a guest's device sends reaches the host's Host.receive, which answers errors."""
    params, _, session, host, _, transport = _web()
    if not _HOST:
        game = pyengine.load_game("manhattan")
        record = new_record(game, 2, 5)
        record["seats"] = [params.HUMAN] * 2
        _HOST["host"] = host.Host(session.Session(record, list(record["seats"])), {1: "tok"})
    wire = transport.Wire()
    _HOST["host"].attach(wire.ends[0])
    wire.ends[1].send(text)
    wire.deliver()
    wire.cut()


_WELCOME = (
    '{"v":1,"t":"welcome","seat":1,"game":"manhattan","players":2,"options":{},'
    '"names":["A","B"],"seats":["human","remote"]}'
)


def _at_guest(text: str) -> None:
    """What a host's device sends reaches the guest's Guest.receive, once welcomed (a view
    is read only then), which notes a message it cannot read as a problem."""
    _, _, _, _, guests, transport = _web()
    guest = guests.Guest(1, "tok")
    wire = transport.Wire()
    guest.connect(wire.ends[1])
    wire.ends[0].send(_WELCOME)
    wire.ends[0].send(text)
    wire.deliver()


def _invitation(text: str) -> None:
    _, protocol, _, _, _, _ = _web()
    protocol.read_invitation(text)


def _query(text: str) -> None:
    """ui.py's ?game=... start: the query, its setup, the game started from it."""
    params, _, session, _, _, _ = _web()
    query = params.parse_query(text)
    name = query.get("game", "manhattan")
    if name not in GAMES:
        raise params.SetupError("unknown game")  # ui.py says so before reading the rest
    session.Session.start(params.setup_from_query(query, pyengine.load_game(name)))


def _tables(text: str) -> None:
    from pyengine.core import safejson

    safejson.loads(text, 1_000_000)  # table.screen.remembered: the page's stored tables


def _move(name: str) -> Callable[[str], None]:
    def parse(text: str) -> None:
        # A move's text reaches parse_move through a record (MAX_MOVE_CHARS each) or a table
        # message (protocol.MAX_TEXT_CHARS, the same 1,000): longer ones are refused before.
        if len(text) <= MAX_MOVE_CHARS:
            pyengine.load_game(name).parse_move(text)

    return parse


def _protocol_error() -> type[Exception]:
    return _web()[1].ProtocolError


def _setup_error() -> type[Exception]:
    return _web()[0].SetupError


# name -> (parser, the errors it may raise: a function, so skyweb loads only when asked)
PARSERS: dict[str, tuple[Callable[[str], None], Callable[[], tuple[type[Exception], ...]]]] = {
    "record": (_record, lambda: (RecordError,)),
    "file": (_file, lambda: (RecordError, ValueError)),
    "share": (_share, lambda: (RecordError, ValueError)),
    "scenario": (_scenario, lambda: (ScenarioError,)),
    "scenario-link": (_scenario_link, lambda: (ScenarioError, RecordError)),
    "guest-message": (_guest_message, lambda: (_protocol_error(),)),
    "host-message": (_host_message, lambda: (_protocol_error(),)),
    "at-host": (_at_host, lambda: ()),
    "at-guest": (_at_guest, lambda: ()),
    "invitation": (_invitation, lambda: (ValueError,)),
    "query": (_query, lambda: (_setup_error(),)),
    "tables": (_tables, lambda: (ValueError,)),
    **{f"move-{name}": (_move(name), lambda: (IllegalMove,)) for name in GAMES},
}


def check(name: str, text: str) -> str | None:
    """Feed `text` to parser `name`: None if it took it, its error's line if it refused it
    with its own clear error; AssertionError for anything else (another exception, or a
    message that is not one short line)."""
    parse, errors = PARSERS[name]
    allowed = errors()
    try:
        parse(text)
    except allowed as e:
        line = _line(e)
        assert line and "\n" not in line and len(line) <= MAX_LINE, f"{name}: not one clear line: {line[:500]!r}"
        return line
    except Exception as e:  # noqa: BLE001 - the point: anything else is the bug
        raise AssertionError(f"{name}: {type(e).__name__}: {str(e)[:300]}") from e
    return None


def _line(e: Exception) -> str:
    from pyengine.core.i18n import Msg, translate

    why = e.args[0] if e.args else ""
    if isinstance(e, IllegalMove):
        why = e.message
    return str(translate(why, "en") if isinstance(why, Msg) else why)


def seeds() -> dict[str, list[str]]:
    """Real inputs for each parser: what the fuzzer mutates and the default test's corpus."""
    from pyengine.__main__ import play_game

    out: dict[str, list[str]] = {name: [] for name in PARSERS}
    for name in GAMES:
        game = pyengine.load_game(name)
        record, _ = play_game(game, min(game.player_counts), 3, {}, ["random"])
        text = json.dumps(record)
        out["record"].append(text)
        out["file"].append(text)
        out["share"].append(share.encode(record))
        out[f"move-{name}"].extend(record["moves"][:: max(1, len(record["moves"]) // 20)])
        out["query"].append(f"game={name}&players={min(game.player_counts)}&seed=7&names=Ann,Bo")
    for path in sorted(ROOT.glob("pyengine/games/*/scenarios/*.json"))[:4]:
        text = path.read_text(encoding="utf-8")
        out["scenario"].append(text)
        out["scenario-link"].append(share.pack(text))
    guest = [
        '{"v":1,"t":"join","seat":1,"token":"tok"}',
        '{"v":1,"t":"move","id":1,"n":0,"move":"pass"}',
        '{"v":1,"t":"undo","id":2,"n":1}',
        '{"v":1,"t":"emote","e":"👍"}',
        '{"v":1,"t":"resync"}',
    ]
    host = [
        '{"v":1,"t":"welcome","seat":1,"game":"manhattan","players":2,"options":{},"names":["A","B"],"seats":["human","remote"]}',
        '{"v":1,"t":"view","seq":1,"n":0,"state":{},"log_from":0,"log":[[0,{"m":"{list}, {item}","p":{"list":"a","item":"b"}},"pass",false]],"acked":0}',
        '{"v":1,"t":"error","reason":{"m":"join a seat first","p":{}}}',
        '{"v":1,"t":"refused","id":1,"reason":"no"}',
    ]
    out["guest-message"], out["at-host"] = guest, guest
    out["host-message"], out["at-guest"] = host, host
    out["invitation"] = ["sky1a.abcDEF_-123*2*tokenTOKEN_-", "https://x.org/?table=sky1a.abc*1*tok*r"]
    out["tables"] = ['{"1*tok":{"used":["sky1a.abc"],"kept":{"next":3}}}']
    return out


# What every parser must refuse cleanly, in CPython and in Pyodide (tests/pyodide_hostile.mjs).
HOSTILE: dict[str, str] = {
    "[ x8000": "[" * 8000,
    "[ x100000": "[" * 100_000,
    '{"a": x8000': '{"a":' * 8000,
    "mixed x8000": '[{"a":' * 4000,
    "deep then valid": "[" * 8000 + "]" * 8000,
    "in a record": '{"game":"manhattan","players":2,"seed":1,"moves":[],"x":' + "[" * 100_000 + "]" * 100_000 + "}",
    "in a message": '{"v":1,"t":"move","id":1,"n":0,"move":"x","x":' + "[" * 100_000,
    "huge": '"' + "x" * 12_000_000 + '"',
    "huge number": "7" * 5000,
    "lone surrogate": "\udcff",
    "escaped lone surrogate": '{"v":1,"t":"emote","e":"\\udcff"}',
    "nul and controls": "\x00\x01\x7f",
    "a list": "[1,2,3]",
    "a number": "1",
    "null": "null",
    "empty": "",
}


def fuzz(names: list[str], seconds: int, runs: int, timeout: int) -> dict[str, int]:
    """atheris on each parser in turn, each in a child process (atheris runs once per
    process); returns the inputs tried per parser (a crash or a hang stops that parser)."""
    import subprocess
    import tempfile

    tried: dict[str, int] = {}
    for name in names:
        artifacts = tempfile.mkdtemp(prefix=f"fuzz-{name}-found-")  # a crash's or a hang's input
        args = [sys.executable, __file__, "--child", name, f"-timeout={timeout}", "-print_final_stats=1"]
        args += [f"-artifact_prefix={artifacts}/"]
        args += [f"-max_total_time={seconds}"] if seconds else [f"-runs={runs}"]
        run = subprocess.run(args, capture_output=True, text=True)
        log = run.stderr
        # libFuzzer's final stats: "stat::number_of_executed_units: 12345"
        count = max(
            (int(line.split()[-1]) for line in log.splitlines() if "number_of_executed_units" in line), default=0
        )
        tried[name] = count
        failed = run.returncode != 0
        print(
            f"{name}: {count} inputs, {'FAILED (exit ' + str(run.returncode) + ')' if failed else 'no crash, no hang'}"
        )
        if failed:
            print("\n".join(log.splitlines()[-40:]))
            print(f"its input: {artifacts}")
    return tried


def _child(name: str, argv: list[str]) -> None:
    import atheris  # type: ignore[import-not-found]

    corpus = [t.encode("utf-8", "surrogatepass") for t in seeds()[name]]

    def one(data: bytes) -> None:
        text = data.decode("utf-8", "surrogateescape")  # invalid UTF-8 becomes lone surrogates
        check(name, text)

    import tempfile

    seed_dir = tempfile.mkdtemp(prefix=f"fuzz-{name}-")
    for i, blob in enumerate(corpus):
        Path(seed_dir, f"seed{i}").write_bytes(blob)
    atheris.instrument_all()
    atheris.Setup([sys.argv[0], *argv, seed_dir], one)
    atheris.Fuzz()


def main() -> None:
    import argparse

    if len(sys.argv) > 2 and sys.argv[1] == "--child":
        _child(sys.argv[2], sys.argv[3:])
        return
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("parsers", nargs="*", help=f"default: all of {', '.join(PARSERS)}")
    ap.add_argument("--seconds", type=int, default=0, help="per parser (else --runs)")
    ap.add_argument("--runs", type=int, default=10_000, help="inputs per parser")
    ap.add_argument("--timeout", type=int, default=10, help="seconds one input may take: a hang")
    args = ap.parse_args()
    unknown = [n for n in args.parsers if n not in PARSERS]
    if unknown:
        ap.error(f"unknown parser {unknown[0]!r}")
    tried = fuzz(args.parsers or list(PARSERS), args.seconds, args.runs, args.timeout)
    print(json.dumps(tried))


if __name__ == "__main__":
    main()
