"""Whole games at a table of devices: every seat a guest on its own simulated device.

Messages travel over in-memory wires that duplicate and reorder what is in flight,
and connections are cut at random (a guest then rejoins, as by opening its
invitation again). Each game must end where the same moves played on one device
end, every move applied exactly once, and no guest ever receive more than its own
view. `--net-games N` sets how many games per title (the default keeps the suite
quick; docs/protocol.md gives the figures of a 1,000-game run).
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT / "web") not in sys.path:
    sys.path.insert(0, str(ROOT / "web"))

from skyweb.params import HUMAN  # noqa: E402
from skyweb.session import Session  # noqa: E402
from skyweb.table.guest import Guest  # noqa: E402
from skyweb.table.host import Host  # noqa: E402
from skyweb.table.transport import Wire  # noqa: E402

import pyengine  # noqa: E402
from pyengine.core.game import state_hash  # noqa: E402
from pyengine.core.record import new_record  # noqa: E402

MAX_STEPS = 20_000


class Device(Guest):
    """A guest that remembers which of its moves the host accepted, under which number."""

    def __init__(self, seat: int, token: str, accepted: dict[int, str]) -> None:
        super().__init__(seat, token)
        self.accepted_moves = accepted
        self.sent: dict[int, str] = {}

    def _request(self, text: str) -> None:
        self.sent[self.next_id] = json.loads(text).get("move", "")
        super()._request(text)

    def _accepted(self, m: dict[str, Any]) -> None:
        if m["id"] in self.sent and self.sent[m["id"]]:
            assert m["n"] not in self.accepted_moves, f"move number {m['n']} acknowledged twice"
            self.accepted_moves[m["n"]] = self.sent.pop(m["id"])
        super()._accepted(m)


def leak_guard(host: Host, seat: int, wire: Wire) -> None:
    """Every text the host puts on `seat`'s wire is checked as it is sent: a view
    holds exactly that seat's view of the true state, and nothing holds the seed."""
    end = wire.ends[0]
    send = end.send

    def checked(text: str) -> None:
        m = json.loads(text)
        assert not {"seed", "moves", "record"} & set(m), f"a message to seat {seat} carries the record"
        if m["t"] == "view":
            want = host.session.game.view(host.session.state, seat)
            assert m["state"] == json.loads(json.dumps(want)), f"seat {seat} got more than its view"
            assert m["state"].get("seed") in (None, 0), f"seat {seat} got the seed, which replays every hidden card"
        send(text)

    end.send = checked  # type: ignore[method-assign]


def play_table(name: str, players: int, seed: int, chaos: bool = True) -> None:
    game = pyengine.load_game(name)
    rng = random.Random(seed)
    record = new_record(game, players, seed)
    record["seats"] = [HUMAN] * players
    session = Session(record, [HUMAN] * players)
    tokens = {p: f"token-{p}" for p in range(players)}
    host = Host(session, tokens)
    accepted: dict[int, str] = {}
    devices = {p: Device(p, tokens[p], accepted) for p in range(players)}
    wires: dict[int, Wire] = {}

    def connect(p: int) -> None:
        wire = Wire()
        wires[p] = wire
        host.attach(wire.ends[0])
        leak_guard(host, p, wire)
        devices[p].connect(wire.ends[1])

    for p in devices:
        connect(p)
    knobs = dict(duplicate=0.05, reorder=0.05) if chaos else {}
    for _ in range(MAX_STEPS):
        for p in devices:
            wires[p].deliver(rng if chaos else None, **knobs)
            assert not devices[p].problems, f"seat {p} could not read the host: {devices[p].problems}"
        if session.over and all(d.n == session.move_count() and d.pending is None for d in devices.values()):
            break
        if chaos and rng.random() < 0.02:  # a connection dies with what was in flight; the guest rejoins
            p = rng.randrange(players)
            wires[p].cut()
            connect(p)
            continue
        p = session.current()
        if p is None:
            continue
        d = devices[p]
        if d.ready and d.pending is None and d.my_turn() and d.n == session.move_count():
            moves = d.game.legal_moves(d.state)
            assert moves, f"{name}: seat {p}'s view offers no legal move"
            d.play(str(rng.choice(moves)))
    else:
        pytest.fail(f"{name} seed {seed}: the table did not finish in {MAX_STEPS} steps")

    n = session.move_count()
    assert sorted(accepted) == list(range(1, n + 1)), "a move was lost or applied twice"
    state = game.new_game(players, seed, session.record["options"])
    for k in range(1, n + 1):
        state = game.apply(state, accepted[k])
    assert state_hash(state) == state_hash(session.state)
    for p, d in devices.items():
        assert d.state == json.loads(json.dumps(game.view(session.state, p)))
        assert [e.move for e in d.log] == [e.move for e in session.log]
        assert not d.problems, d.problems


GAMES = [
    (name, players)
    for name in pyengine.GAMES
    for players in sorted({min(pyengine.load_game(name).player_counts), max(pyengine.load_game(name).player_counts)})
]


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_random_games_at_a_table_end_as_on_one_device(request: pytest.FixtureRequest, name: str, players: int) -> None:
    count = request.config.getoption("--net-games")
    for seed in range(count):
        play_table(name, players, 1_000 + seed)
