#!/usr/bin/env python3
"""Local static server for dist/ (dev and e2e tests). Stdlib only.

    python3 build_scripts/serve.py [--port 8000] [--dir dist] [--quiet] [--encodings br,gzip]

Where the browser accepts it, a file is sent as its precompressed sibling FILE.br or
FILE.gz (build.py writes them), with Content-Encoding; --encodings "" sends every file
as it is, as `python -m http.server` does. Every response's bytes are counted
(Server.sent), so the benchmark sees the service worker's and the workers' requests
too, which the page's own network log misses.

The first stdout line is always `Serving http://127.0.0.1:PORT/` (flushed), so a
test can start it with `--port 0` and read the chosen port. Tests may also import
it and call `serve_in_thread(dist)` to avoid a subprocess altogether.
"""

from __future__ import annotations

import argparse
import functools
import os
import ssl
import sys
import threading
import time
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


ENCODINGS = ("br", "gzip")  # preferred first
SUFFIX = {"br": ".br", "gzip": ".gz"}


def accepted(header: str | None) -> set[str]:
    """The codings an Accept-Encoding header allows (q=0 refuses one)."""
    out = set()
    for part in (header or "").split(","):
        name, *params = [x.strip() for x in part.split(";")]
        if name and not any(p.replace(" ", "") in ("q=0", "q=0.0", "q=0.00", "q=0.000") for p in params):
            out.add(name.lower())
    return out


class CountingWriter:
    """The response stream, counting what goes through it into the server's tally."""

    def __init__(self, raw: object, server: Server, path: str) -> None:
        self.raw, self.server, self.entry = raw, server, {"path": path, "bytes": 0, "at": time.monotonic()}
        with server.lock:
            server.log.append(self.entry)

    def write(self, data: bytes) -> int:
        n = self.raw.write(data)  # type: ignore[attr-defined]
        with self.server.lock:
            self.entry["bytes"] += len(data)
            self.server.sent += len(data)
        return n

    def __getattr__(self, name: str) -> object:
        return getattr(self.raw, name)


class Handler(SimpleHTTPRequestHandler):
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}
    # Keep-alive: a page load makes ~15 requests (PyScript chunks, Pyodide files).
    protocol_version = "HTTP/1.1"

    def parse_request(self) -> bool:
        ok = super().parse_request()
        if ok:  # one tally entry per request; a kept-alive connection makes several
            raw = self.wfile.raw if isinstance(self.wfile, CountingWriter) else self.wfile
            self.wfile = CountingWriter(raw, self.server, self.path)  # type: ignore[arg-type]
        return ok

    def send_head(self):  # type: ignore[no-untyped-def]
        """The precompressed sibling of the file asked for, if there is one and the
        browser takes its coding; otherwise the file itself (SimpleHTTPRequestHandler)."""
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?")[0].endswith("/"):
            path = os.path.join(path, "index.html")
        wanted = accepted(self.headers.get("Accept-Encoding"))
        for coding in self.server.encodings:  # type: ignore[attr-defined]
            sibling = path + SUFFIX[coding]
            if coding in wanted and os.path.isfile(path) and os.path.isfile(sibling):
                return self._send_encoded(path, sibling, coding)
        return super().send_head()

    def _send_encoded(self, path: str, sibling: str, coding: str):  # type: ignore[no-untyped-def]
        f = open(sibling, "rb")
        stat = os.fstat(f.fileno())
        since = self.headers.get("If-Modified-Since")
        if since and self.date_time_string(int(stat.st_mtime)) == since:
            f.close()
            self.send_response(304)
            self.send_header("Vary", "Accept-Encoding")
            self.end_headers()
            return None
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        self.send_header("Content-Encoding", coding)
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(stat.st_size))
        self.send_header("Last-Modified", self.date_time_string(int(stat.st_mtime)))
        self.end_headers()
        return f

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
    encodings: tuple[str, ...] = ENCODINGS

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.lock = threading.Lock()
        self.sent = 0  # bytes of every response so far, headers included
        self.log: list[dict[str, object]] = []  # per request: path, bytes, time it began

    def tally(self) -> tuple[int, list[dict[str, object]]]:
        with self.lock:
            return self.sent, [dict(e) for e in self.log]

    def reset(self) -> None:
        with self.lock:
            self.sent, self.log = 0, []

    def handle_error(self, request: object, client_address: object) -> None:
        # Browsers drop connections mid-response all the time (navigation, aborted
        # fetches); that is not worth a traceback.
        if isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            return
        super().handle_error(request, client_address)


def make_server(
    directory: str | Path,
    port: int = 0,
    host: str = "127.0.0.1",
    quiet: bool = False,
    encodings: tuple[str, ...] = ENCODINGS,
    tls: ssl.SSLContext | None = None,
) -> Server:
    """A server for `directory` bound to host:port (port 0 = any free port), sending
    precompressed siblings in the given codings (() sends every file as it is); over
    HTTPS with `tls` (the benchmark's distant host: browsers ask for brotli only there)."""
    directory = Path(directory).resolve()
    if not directory.is_dir():
        raise FileNotFoundError(f"{directory} does not exist; run build_scripts/build.py first")
    server = Server((host, port), functools.partial(Handler, directory=str(directory)))
    server.quiet = quiet
    unknown = set(encodings) - set(SUFFIX)
    if unknown:
        raise ValueError(f"unknown encodings {sorted(unknown)}; known: {', '.join(SUFFIX)}")
    server.encodings = tuple(encodings)
    if tls is not None:
        server.socket = tls.wrap_socket(server.socket, server_side=True)
    return server


def server_url(server: ThreadingHTTPServer) -> str:
    host, port = server.server_address[:2]
    scheme = "https" if isinstance(server.socket, ssl.SSLSocket) else "http"
    return f"{scheme}://{host}:{port}/"


def serve_in_thread(
    directory: str | Path,
    port: int = 0,
    quiet: bool = True,
    encodings: tuple[str, ...] = ENCODINGS,
    tls: ssl.SSLContext | None = None,
) -> tuple[Server, str]:
    """Start serving in a daemon thread; returns (server, url). Call server.shutdown() to stop."""
    server = make_server(directory, port, quiet=quiet, encodings=encodings, tls=tls)
    threading.Thread(target=server.serve_forever, name="dist-server", daemon=True).start()
    return server, server_url(server)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8000, help="0 picks a free port")
    parser.add_argument("--dir", default=str(ROOT / "dist"), help="directory to serve")
    parser.add_argument("--quiet", action="store_true", help="no per-request log lines")
    parser.add_argument(
        "--encodings", default=",".join(ENCODINGS), help='precompressed codings to send, preferred first ("" for none)'
    )
    args = parser.parse_args(argv)
    try:
        server = make_server(
            args.dir, args.port, quiet=args.quiet, encodings=tuple(e for e in args.encodings.split(",") if e)
        )
    except (FileNotFoundError, OSError, ValueError) as e:
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
