"""Start-up: fetch the engine, then hand the page to skyweb.ui.

PyScript runs this file with top-level await. engine.zip holds pyengine and the
page's own skyweb package as .pyc (web/boot.mjs fetches it while Python starts);
zipimport runs them straight from the zip. Any failure here is shown on the loading
screen (which would otherwise hide PyScript's own error banner) and re-raised so it
also reaches the console.
"""

import asyncio
import json
import sys

from pyodide.ffi import create_proxy
from pyscript import window

window.performance.mark("skyline:app-start")  # start-up phases, read by e2e/measure.py
ENGINE_ZIP = "/home/pyodide/engine.zip"
STDLIB_ZIP = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip/"
PYSCRIPT_COMPILED = f"{STDLIB_ZIP}pyscript-core/"  # PyScript's package, compiled by build.py (web/boot.mjs)
# Where PyScript's own package came from: "compiled" (build.py, web/boot.mjs) or "source".
window.document.documentElement.dataset.pyscript = (
    "compiled" if sys.modules["pyscript"].__spec__.origin.startswith(PYSCRIPT_COMPILED) else "source"
)


def stdlib_modules() -> str:
    """The modules loaded so far from the stdlib zip, as JSON: what dist/ must ship
    (build_scripts/trace_stdlib.py reads it to make build_scripts/stdlib-modules.txt)."""
    origins = {
        name: str(getattr(getattr(module, "__spec__", None), "origin", ""))
        for name, module in list(sys.modules.items())
    }
    return json.dumps(
        sorted(
            name
            for name, origin in origins.items()
            if origin.startswith(STDLIB_ZIP) and not origin.startswith(PYSCRIPT_COMPILED)
        )
    )


async def load_engine() -> None:
    window.skylineProgress("Loading the game engine…", 90)
    response = await window.skylineFetch("./engine.zip")
    if not response.ok:
        raise RuntimeError(f"engine.zip: HTTP {response.status}")
    with open(ENGINE_ZIP, "wb") as f:
        f.write((await response.arrayBuffer()).to_bytes())
    sys.path.insert(0, ENGINE_ZIP)
    from skyweb import parts

    await parts.start()


try:
    await load_engine()  # noqa: F704
    window.performance.mark("skyline:engine-fetched")
    from skyweb import parts, ui

    window.performance.mark("skyline:imported")
    window.skylineStdlib = create_proxy(stdlib_modules)
    APP = ui.start()
    # The other games and languages, once the service worker holds them (web/boot.mjs
    # registers it at data-ready), so they are not downloaded twice.
    if hasattr(window.navigator, "serviceWorker"):

        def fetch_rest(_registration: object) -> None:
            asyncio.ensure_future(parts.fetch_rest())

        window.navigator.serviceWorker.ready.then(create_proxy(fetch_rest))
except Exception as e:
    window.skylineFailed(f"{type(e).__name__}: {e}")
    raise
