"""Start-up: fetch the engine, then hand the page to skyweb.ui.

PyScript runs this file with top-level await. engine.zip holds pyengine and the
page's own skyweb package as .pyc (index.html preloads it while Python boots);
zipimport runs them straight from the zip. Any failure here is shown on the loading
screen (which would otherwise hide PyScript's own error banner) and re-raised so it
also reaches the console.
"""
import sys

from pyodide.http import pyfetch
from pyscript import window

window.performance.mark("skyline:app-start")  # start-up phases, read by e2e/measure.py
ENGINE_ZIP = "/home/pyodide/engine.zip"


async def load_engine() -> None:
    window.skylineProgress("Loading the game engine…", 90)
    response = await pyfetch("./engine.zip")
    if not response.ok:
        raise RuntimeError(f"engine.zip: HTTP {response.status}")
    with open(ENGINE_ZIP, "wb") as f:
        f.write(await response.bytes())
    sys.path.insert(0, ENGINE_ZIP)


try:
    await load_engine()  # noqa: F704
    window.performance.mark("skyline:engine-fetched")
    from skyweb import ui

    window.performance.mark("skyline:imported")
    APP = ui.start()
except Exception as e:
    window.skylineFailed(f"{type(e).__name__}: {e}")
    raise
