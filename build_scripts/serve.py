#!/usr/bin/env python3
"""Local static server for dist/ (dev and e2e tests). Stdlib only.

    python3 build_scripts/serve.py [--port 8000] [--dir dist] [--quiet]

The first stdout line is always `Serving http://127.0.0.1:PORT/` (flushed), so a
test can start it with `--port 0` and read the chosen port. Tests may also import
it and call `serve_in_thread(dist)` to avoid a subprocess altogether.
"""

from __future__ import annotations

import argparse
import functools
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Set explicitly: mimetypes also reads /etc/mime.types, which differs between
# machines, and a wasm served as anything but application/wasm loses streaming
# compilation; module scripts must be served as JavaScript or the browser refuses them.
MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".py": "text/plain; charset=utf-8",
    ".toml": "text/plain; charset=utf-8",
    ".md": "text/markdown; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
}


class Handler(SimpleHTTPRequestHandler):
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    # Keep-alive: a page load makes ~15 requests (PyScript chunks, Pyodide files).
    protocol_version = "HTTP/1.1"

    def end_headers(self) -> None:
        # "no-cache" = always revalidate (cheap 304s via Last-Modified) so a rebuild
        # is seen on reload, while Chromium can still keep its compiled-wasm cache
        # (which "no-store" would defeat).
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        if not getattr(self.server, "quiet", False):
            super().log_message(format, *args)


class Server(ThreadingHTTPServer):
    daemon_threads = True
    quiet = False

    def handle_error(self, request: object, client_address: object) -> None:
        # Browsers drop connections mid-response all the time (navigation, aborted
        # fetches); that is not worth a traceback.
        if isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            return
        super().handle_error(request, client_address)


def make_server(directory: str | Path, port: int = 0, host: str = "127.0.0.1",
                quiet: bool = False) -> ThreadingHTTPServer:
    """A server for `directory` bound to host:port (port 0 = any free port)."""
    directory = Path(directory).resolve()
    if not directory.is_dir():
        raise FileNotFoundError(f"{directory} does not exist; run build_scripts/build.py first")
    server = Server((host, port), functools.partial(Handler, directory=str(directory)))
    server.quiet = quiet
    return server


def server_url(server: ThreadingHTTPServer) -> str:
    host, port = server.server_address[:2]
    return f"http://{host}:{port}/"


def serve_in_thread(directory: str | Path, port: int = 0,
                    quiet: bool = True) -> tuple[ThreadingHTTPServer, str]:
    """Start serving in a daemon thread; returns (server, url). Call server.shutdown() to stop."""
    server = make_server(directory, port, quiet=quiet)
    threading.Thread(target=server.serve_forever, name="dist-server", daemon=True).start()
    return server, server_url(server)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8000, help="0 picks a free port")
    parser.add_argument("--dir", default=str(ROOT / "dist"), help="directory to serve")
    parser.add_argument("--quiet", action="store_true", help="no per-request log lines")
    args = parser.parse_args(argv)
    try:
        server = make_server(args.dir, args.port, quiet=args.quiet)
    except (FileNotFoundError, OSError) as e:
        print(f"serve.py: {e}", file=sys.stderr)
        return 1
    print(f"Serving {server_url(server)}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
