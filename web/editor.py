"""Start-up of study.html, the study editor: fetch the engine (pyengine + skyweb,
compiled) and the scenario machinery, then open the author's draft (skyweb/editor.py)."""

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
    from skyweb import parts

    await parts.fetch_study()  # noqa: F704
    await parts.start()  # noqa: F704
    from skyweb import editor

    EDITOR = editor.run()
except Exception as e:
    document.getElementById("embed-board").textContent = f"Cannot open the editor: {type(e).__name__}: {e}"
    document.body.setAttribute("data-failed", "")
    window.console.error(f"editor: {e!r}")
    raise
