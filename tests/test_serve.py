"""build_scripts/serve.py: precompressed siblings sent where the browser takes them,
plain files where it does not or where there is none, and every byte counted."""

from __future__ import annotations

import gzip
import http.client
import shutil
import ssl
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "build_scripts"))
from serve import accepted, serve_in_thread  # noqa: E402

WASM = bytes(range(256)) * 64


@pytest.fixture
def site(tmp_path: Path) -> Path:
    (tmp_path / "a.wasm").write_bytes(WASM)
    (tmp_path / "a.wasm.gz").write_bytes(gzip.compress(WASM))
    (tmp_path / "a.wasm.br").write_bytes(b"pretend brotli")  # the server never decodes, only sends
    (tmp_path / "index.html").write_text("<p>hello</p>" * 200)
    (tmp_path / "index.html.gz").write_bytes(gzip.compress(("<p>hello</p>" * 200).encode()))
    (tmp_path / "plain.txt").write_text("no siblings")
    return tmp_path


def get(url: str, path: str, headers: dict[str, str]) -> tuple[int, dict[str, str], bytes]:
    host, port = url.split("//")[1].rstrip("/").split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=10)
    conn.request("GET", path, headers=headers)
    r = conn.getresponse()
    body = r.read()
    conn.close()
    return r.status, {k.lower(): v for k, v in r.getheaders()}, body


@pytest.fixture
def server(site: Path) -> Iterator[tuple[object, str]]:
    srv, url = serve_in_thread(site)
    yield srv, url
    srv.shutdown()


def test_the_best_coding_the_browser_takes_is_sent_with_the_files_own_type(server) -> None:
    _, url = server
    status, head, body = get(url, "/a.wasm", {"Accept-Encoding": "gzip, deflate, br"})
    assert (status, head["content-encoding"], head["content-type"], body) == (
        200,
        "br",
        "application/wasm",
        b"pretend brotli",
    )
    assert head["vary"] == "Accept-Encoding"
    status, head, body = get(url, "/a.wasm", {"Accept-Encoding": "gzip"})
    assert head["content-encoding"] == "gzip" and gzip.decompress(body) == WASM


def test_no_coding_taken_or_no_sibling_sends_the_file_itself(server) -> None:
    _, url = server
    for accept in ("", "identity", "br;q=0, gzip;q=0"):
        status, head, body = get(url, "/a.wasm", {"Accept-Encoding": accept})
        assert status == 200 and "content-encoding" not in head and body == WASM, accept
    status, head, body = get(url, "/plain.txt", {"Accept-Encoding": "gzip, br"})
    assert "content-encoding" not in head and body == b"no siblings"


def test_the_folder_url_serves_index_html_compressed(server) -> None:
    _, url = server
    status, head, body = get(url, "/", {"Accept-Encoding": "gzip"})
    assert status == 200 and head["content-encoding"] == "gzip"
    assert head["content-type"].startswith("text/html") and gzip.decompress(body).startswith(b"<p>hello</p>")


def test_an_unchanged_file_is_a_304_with_no_body(server) -> None:
    _, url = server
    _, head, _ = get(url, "/a.wasm", {"Accept-Encoding": "gzip"})
    status, _, body = get(url, "/a.wasm", {"Accept-Encoding": "gzip", "If-Modified-Since": head["last-modified"]})
    assert (status, body) == (304, b"")


def test_a_server_without_codings_sends_everything_plain(site: Path) -> None:
    srv, url = serve_in_thread(site, encodings=())
    try:
        _, head, body = get(url, "/a.wasm", {"Accept-Encoding": "gzip, br"})
        assert "content-encoding" not in head and body == WASM
    finally:
        srv.shutdown()


def test_every_byte_sent_is_counted_per_request(server) -> None:
    srv, url = server
    srv.reset()
    _, _, gz = get(url, "/a.wasm", {"Accept-Encoding": "gzip"})
    _, _, plain = get(url, "/plain.txt", {})
    sent, log = srv.tally()
    assert [e["path"] for e in log] == ["/a.wasm", "/plain.txt"]
    # Each response is its headers and its body: more than the body, and they add up.
    assert log[0]["bytes"] > len(gz) and log[1]["bytes"] > len(plain)
    assert sent == log[0]["bytes"] + log[1]["bytes"]


def test_accept_encoding_is_read_as_the_http_spec_says() -> None:
    assert accepted("gzip, deflate, br, zstd") == {"gzip", "deflate", "br", "zstd"}
    assert accepted("br;q=0, gzip;q=0.5") == {"gzip"}
    assert accepted(None) == set()


@pytest.mark.skipif(shutil.which("openssl") is None, reason="openssl makes the test's certificate")
def test_the_benchmarks_distant_host_serves_over_https(site: Path, tmp_path: Path) -> None:
    """The network benchmark's distant host (build_scripts/netbench.py) speaks HTTPS:
    browsers ask for brotli only there."""
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost",
         "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True,
    )  # fmt: skip
    tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    tls.load_cert_chain(cert, key)
    server, url = serve_in_thread(site, tls=tls)
    try:
        assert url.startswith("https://127.0.0.1:")
        host, port = url.split("//")[1].rstrip("/").split(":")
        conn = http.client.HTTPSConnection(host, int(port), timeout=10, context=ssl._create_unverified_context())
        conn.request("GET", "/a.wasm", headers={"Accept-Encoding": "br, gzip"})
        r = conn.getresponse()
        assert (r.status, r.getheader("Content-Encoding"), r.read()) == (200, "br", b"pretend brotli")
        conn.close()
    finally:
        server.shutdown()
