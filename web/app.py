"""Start-up: fetch the engine, then hand the page to skyweb.ui.

PyScript runs this file with top-level await. Any failure here is shown on the
loading screen (which would otherwise hide PyScript's own error banner) and re-raised
so it also reaches the console.
"""
from pyscript import window

window.performance.mark("skyline:app-start")  # start-up phases, read by e2e/measure.py

try:
    from skyweb.boot import load_engine

    window.skylineProgress("Loading the game engine…", 90)
    await load_engine()  # noqa: F704
    window.performance.mark("skyline:engine-fetched")
    from skyweb import ui

    window.performance.mark("skyline:imported")
    APP = ui.start()
except Exception as e:
    window.skylineFailed(f"{type(e).__name__}: {e}")
    raise
