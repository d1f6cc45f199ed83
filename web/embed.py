"""Start-up of embed.html: fetch the engine, then draw the record's board."""
from pyscript import document, window

try:
    from skyweb.boot import load_engine

    await load_engine()  # noqa: F704
    from skyweb import embed

    VIEW = embed.start()
except Exception as e:
    document.getElementById("embed-board").textContent = f"Cannot show the game: {type(e).__name__}: {e}"
    document.body.setAttribute("data-failed", "")
    window.console.error(f"embed: {e!r}")
    raise
