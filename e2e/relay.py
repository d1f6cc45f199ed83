"""A real Nostr relay for the online-table tests (issue 47), started on this machine.

PyPI's nostr-relay (a maintained NIP-01 relay: SQLite storage, signature checks) runs
as its own process with a config written to a temporary folder. `relay_argv` gives the
command, so a test can also start it inside a network namespace (e2e/netns.py).
"""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

BIN = Path(sys.executable).with_name("nostr-relay")
START_WAIT = 30.0  # s: a bound on the relay's start-up, never a speed target


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def relay_argv(folder: Path, host: str, port: int) -> list[str]:
    """The command that serves a relay at ws://host:port, its data kept in `folder`."""
    folder.mkdir(parents=True, exist_ok=True)
    config = folder / "relay.yaml"
    config.write_text(
        "DEBUG: false\n"
        "relay_name: skyline test relay\n"
        "storage:\n"
        f"  sqlalchemy.url: sqlite+aiosqlite:///{folder}/nostr.sqlite3\n"
        "  validators:\n"
        "    - nostr_relay.validators.is_not_too_large\n"
        "    - nostr_relay.validators.is_signed\n"
        "    - nostr_relay.validators.is_recent\n"
        "gunicorn:\n"
        f"  bind: {host}:{port}\n"
        "  workers: 1\n"
        "  loglevel: warning\n"
        "  reload: false\n"
        "verification:\n"
        "  nip05_verification: disabled\n"
        "message_timeout: 1800\n"
        "subscription_limit: 32\n"
    )
    return [str(BIN), "-c", str(config), "serve"]


def wait_for_port(host: str, port: int, process: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + START_WAIT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the relay exited at start:\n{log.read_text()[-2000:]}")
        try:
            with socket.create_connection((host, port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"the relay did not listen on {host}:{port}:\n{log.read_text()[-2000:]}")


@contextmanager
def relay(folder: Path, host: str = "127.0.0.1", port: int | None = None) -> Iterator[str]:
    """A relay on loopback for the block's length; yields its ws:// URL."""
    port = port or free_port()
    log = folder / "relay.log"
    folder.mkdir(parents=True, exist_ok=True)
    with log.open("w") as out:
        process = subprocess.Popen(relay_argv(folder, host, port), stdout=out, stderr=subprocess.STDOUT)
    try:
        wait_for_port(host, port, process, log)
        yield f"ws://{host}:{port}"
    finally:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
