"""Fetching the engine: shared by the game page (app.py) and the embed page (embed.py)."""
from __future__ import annotations

import sys

from pyodide.http import pyfetch

ENGINE_ZIP = "/home/pyodide/engine.zip"


async def load_engine() -> None:
    """engine.zip holds pyengine as .pyc; zipimport runs it straight from the zip."""
    response = await pyfetch("./engine.zip")
    if not response.ok:
        raise RuntimeError(f"engine.zip: HTTP {response.status}")
    with open(ENGINE_ZIP, "wb") as f:
        f.write(await response.bytes())
    if ENGINE_ZIP not in sys.path:
        sys.path.insert(0, ENGINE_ZIP)
