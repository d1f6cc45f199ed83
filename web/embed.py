"""Start-up of embed.html: fetch the engine (pyengine + skyweb, compiled), then draw
the record's board."""
import sys

from pyscript import document, window

ENGINE_ZIP = "/home/pyodide/engine.zip"

try:
    response = await window.skylineFetch("./engine.zip")  # noqa: F704 (web/boot.mjs)
    if not response.ok:
        raise RuntimeError(f"engine.zip: HTTP {response.status}")
    with open(ENGINE_ZIP, "wb") as f:
        f.write((await response.arrayBuffer()).to_bytes())  # noqa: F704
    sys.path.insert(0, ENGINE_ZIP)
    from skyweb import embed, parts

    await parts.start()  # noqa: F704

    VIEW = embed.start()
except Exception as e:
    document.getElementById("embed-board").textContent = f"Cannot show the game: {type(e).__name__}: {e}"
    document.body.setAttribute("data-failed", "")
    window.console.error(f"embed: {e!r}")
    raise
