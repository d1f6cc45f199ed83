"""The README's "## Command line" block, run exactly as written, in order.

The block is what a new user copies first; it once piped simulate's summary into
replay, which refuses it. This test reads the block from README.md, so a command
added or changed there is run here without editing the test.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def readme_commands() -> list[list[str]]:
    """The commands of the first ```sh block under "## Command line", comments dropped."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = re.search(r"^## Command line\n(.*?)(?=^## )", text, re.M | re.S)
    assert section, "README.md has no '## Command line' section"
    block = re.search(r"^```sh\n(.*?)^```", section.group(1), re.M | re.S)
    assert block, "the Command line section has no ```sh block"
    return [args for line in block.group(1).splitlines() if (args := shlex.split(line, comments=True))]


def test_readme_command_line_block_runs_as_written(tmp_path):
    commands = readme_commands()
    # Each subcommand appears, so the walk cannot pass on an emptied block.
    assert {"list", "simulate", "tournament", "replay", "render"} <= {c[3] for c in commands if len(c) > 3}
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))}
    for args in commands:
        assert args[:3] == ["python3", "-m", "pyengine"], f"not a pyengine command: {shlex.join(args)}"
        r = subprocess.run(
            [sys.executable, *args[1:]], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300
        )
        assert r.returncode == 0, f"{shlex.join(args)}\n{r.stderr}"
        assert "Traceback" not in r.stderr, f"{shlex.join(args)}\n{r.stderr}"
    # Every file the block says it writes was written, in the temporary folder.
    written = [args[i + 1] for args in commands for i, a in enumerate(args[:-1]) if a in ("-o", "--record")]
    assert written
    for name in written:
        assert (tmp_path / name).stat().st_size > 0, name
