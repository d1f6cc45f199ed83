"""The network section of the benchmark (build_scripts/bench.py --only net): a first
visit as a new user makes it, over an emulated link, and the returning visit.

For each link (10 Mbit/s, 40 ms round trip; 1.6 Mbit/s, 150 ms) and each coding the
server sends (gzip; brotli, then gzip), the project's page and a plain PyScript "hello"
page of the same Pyodide and PyScript (bench.build_naive, precompressed the same way)
are opened in turn, each in a fresh browser context (empty caches, service workers
allowed), `runs` times. Measured:

- time from navigation to <body data-ready> (the page's own performance mark);
- bytes the server sent until then, counted at the server (serve.py), so the service
  worker's and the workers' requests count too;
- time to the first useful paint: the lobby's form or a start-a-game skeleton on screen
  (ours; the plain page has nothing before Python);
- the returning visit: each run's context opened again once the service worker is
  active, on the local link (no emulation), and whether it started from the snapshot;
  reloaded in the same tab (the target's measure since issue 26), and opened in a new
  tab with the service worker stopped (a new renderer process: what another day's
  visit costs); 3 of each a run, the median over all runs (one run's three moved by
  ±0.1 s with the machine's load).

Chromium's emulation (CDP Network.emulateNetworkConditions) throttles the page and its
dedicated workers, not the service worker; ours registers its worker only after
data-ready, so nothing of it is missed before then.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import ssl
import statistics
import subprocess
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
# A made-up name that Chromium resolves to this machine (browser_args): the network
# section's pages come from a distant host, as web/snapshot.mjs's nearby() sees it. Over
# HTTPS, as every real host that sends brotli is: Chromium asks for br only over HTTPS
# (and from localhost), so a plain-HTTP distant host would measure gzip twice.
FAR_HOST = "far.skyline.test"
TLS_DIR = ROOT / "build" / "cache" / "bench-tls"


@functools.cache
def _certificate() -> tuple[Path, Path, str]:
    """A self-signed certificate for FAR_HOST (made once with openssl), its key, and its
    public key's SHA-256 in base64, which Chromium is told to trust."""
    cert, key = TLS_DIR / "cert.pem", TLS_DIR / "key.pem"
    if not (cert.exists() and key.exists()):
        TLS_DIR.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "3650", "-subj", f"/CN={FAR_HOST}",
             "-addext", f"subjectAltName=DNS:{FAR_HOST}", "-keyout", str(key), "-out", str(cert)],
            check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
    public = subprocess.run(
        ["openssl", "x509", "-in", str(cert), "-pubkey", "-noout"], check=True, capture_output=True
    ).stdout
    der = subprocess.run(
        ["openssl", "pkey", "-pubin", "-outform", "der"], input=public, check=True, capture_output=True
    )
    return cert, key, base64.b64encode(hashlib.sha256(der.stdout).digest()).decode()


def browser_args() -> list[str]:
    """Chromium's flags for the distant host: its name, and its certificate trusted."""
    return [
        f"--host-resolver-rules=MAP {FAR_HOST} 127.0.0.1",
        f"--ignore-certificate-errors-spki-list={_certificate()[2]}",
    ]


def _tls() -> ssl.SSLContext:
    cert, key, _ = _certificate()
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    return context


LINKS = {"10 Mbit/s, 40 ms": (10e6, 40), "1.6 Mbit/s, 150 ms": (1.6e6, 150)}
CODINGS = {"gzip": ("gzip",), "brotli": ("br", "gzip")}

# When the first useful thing is painted: the lobby's form or a game's name shown,
# then the frame after (requestAnimationFrame twice: the paint has happened).
PAINT_JS = """
(() => {
  const SEL = "#lobby-form, #loading-title:not(:empty)";  // web/prelobby.mjs draws both
  const seen = () => {
    for (const node of document.querySelectorAll(SEL)) {
      if (node.offsetWidth > 0 && node.offsetHeight > 0) return true;
    }
    return false;
  };
  const mark = () => requestAnimationFrame(() => requestAnimationFrame(() => {
    if (!performance.getEntriesByName("skyline:useful-paint").length) performance.mark("skyline:useful-paint");
  }));
  const watch = new MutationObserver(() => { if (seen()) { watch.disconnect(); mark(); } });
  document.addEventListener("DOMContentLoaded", () => { if (seen()) mark(); else watch.observe(document, {subtree: true, childList: true, attributes: true}); });
})();
"""


def precompress(directory: Path) -> None:
    subprocess.run(
        [
            "node",
            str(ROOT / "build_scripts" / "precompress.mjs"),
            str(directory),
            str(ROOT / "build" / "cache" / "compressed-naive"),
        ],
        check=True,
        stdout=subprocess.DEVNULL,
    )


def _new_tab_visits(context: Any, page: Any, url: str, runs: int = 3) -> list[float]:
    """The returning visit as a player makes it another day: the link opened in a new
    tab, the service worker stopped. A reload in the same tab (above) keeps the renderer
    process, and with it V8's compiled wasm and scripts; a new tab starts a new process
    that compiles them again (1.3-1.4 s against 0.8 s on the 2-core machine of issue 26)."""
    keep = context.new_page()  # the context stays open between the tabs
    page.close()
    cdp = context.new_cdp_session(keep)
    cdp.send("ServiceWorker.enable")
    times = []
    for _ in range(runs):
        cdp.send("ServiceWorker.stopAllWorkers")
        tab = context.new_page()
        tab.goto(url)
        tab.wait_for_selector("body[data-ready]", state="attached", timeout=120_000)
        times.append(tab.evaluate("performance.getEntriesByName('skyline:ready')[0].startTime"))
        tab.close()
    return times


def visit(browser: Any, server: Any, url: str, link: tuple[float, float] | None, returning: bool) -> dict[str, Any]:
    """One first visit (and, if asked, the returning visit after it) in a fresh context."""
    context = browser.new_context(service_workers="allow")
    context.add_init_script(PAINT_JS)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    if link:
        bits, rtt = link
        cdp.send(
            "Network.emulateNetworkConditions",
            {"offline": False, "latency": rtt, "downloadThroughput": bits / 8, "uploadThroughput": bits / 8},
        )
    server.reset()
    page.goto(url, wait_until="commit")
    page.wait_for_selector("body[data-ready]", state="attached", timeout=600_000)
    _, log = server.tally()
    # The service worker is registered at data-ready (web/boot.mjs) and, not throttled,
    # may fetch megabytes in the moment before this process sees the attribute: what it
    # and anything else asked for from sw.js on is "after ready".
    cut = next((i for i, e in enumerate(log) if str(e["path"]).split("?")[0].endswith("/sw.js")), len(log))
    log = log[:cut]
    sent = sum(int(e["bytes"]) for e in log)
    marks = page.evaluate("""() => {
        const t = (n) => (performance.getEntriesByName(n)[0] || {}).startTime ?? null;
        const res = performance.getEntriesByType("resource").map((e) => ({
            name: e.name.replace(location.origin, ""), start: e.startTime, end: e.responseEnd,
            bytes: e.transferSize, body: e.decodedBodySize}));
        return {ready: t("skyline:ready"), paint: t("skyline:useful-paint"),
                fcp: t("first-contentful-paint"), resources: res};
    }""")
    out: dict[str, Any] = {
        "ready_ms": marks["ready"],
        "paint_ms": marks["paint"],
        "fcp_ms": marks["fcp"],
        "bytes": sent,
        "requests": len(log),
        "resources": marks["resources"],
        "per_file": sorted(((e["path"], e["bytes"]) for e in log), key=lambda x: -x[1]),
    }
    if returning:
        try:
            page.wait_for_selector("html[data-offline=ready]", state="attached", timeout=600_000)
        except Exception:  # the plain page has no service worker: its returning visit is the HTTP cache's
            pass
        # The install's own traffic, after ready (the snapshot, what the visit did not need).
        time.sleep(0.5)
        out["after_ready_bytes"] = server.tally()[0] - sent
        if link:
            cdp.send(
                "Network.emulateNetworkConditions",
                {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1},
            )
        times = []
        for _ in range(3):
            server.reset()
            page.goto(url)
            page.wait_for_selector("body[data-ready]", state="attached", timeout=120_000)
            times.append(page.evaluate("performance.getEntriesByName('skyline:ready')[0].startTime"))
        out["returning_runs_ms"] = times
        out["returning_bytes"] = server.tally()[0]
        out["returning_snapshot"] = page.get_attribute("html", "data-snapshot")
        out["returning_tab_runs_ms"] = _new_tab_visits(context, page, url)
    context.close()
    return out


def network(browser: Any, dist: Path, naive: Path, runs: int = 3, query: str = "index.html") -> dict[str, Any]:
    """Every link x coding: ours and the plain page interleaved, `runs` times."""
    from serve import serve_in_thread

    precompress(naive)
    result: dict[str, Any] = {}
    tls = _tls()
    for coding, encodings in CODINGS.items():
        ours, ours_url = serve_in_thread(dist, encodings=encodings, tls=tls)
        plain, plain_url = serve_in_thread(naive, encodings=encodings, tls=tls)
        # A first visit over a network is one from a distant host.
        ours_url, plain_url = (u.replace("127.0.0.1", FAR_HOST, 1) for u in (ours_url, plain_url))
        try:
            for label, link in LINKS.items():
                if coding == "brotli" and not label.startswith("10 Mbit"):
                    continue  # the brotli target is set for the 10 Mbit/s link only
                runs_ours, runs_plain = [], []
                for _ in range(runs):
                    runs_ours.append(visit(browser, ours, ours_url + query, link, returning=True))
                    runs_plain.append(visit(browser, plain, plain_url + "index.html", link, returning=False))
                result[f"{label}, {coding}"] = summarise(runs_ours, runs_plain)
        finally:
            ours.shutdown()
            plain.shutdown()
    return result


def summarise(ours: list[dict[str, Any]], plain: list[dict[str, Any]]) -> dict[str, Any]:
    med = lambda runs, key: statistics.median(r[key] for r in runs)  # noqa: E731
    paints = [r["paint_ms"] for r in ours if r["paint_ms"] is not None]
    first = ours[0]
    # Each run's install is visited again: 3 reloads and 3 new tabs a run, all in the median.
    back = [t for r in ours for t in r.get("returning_runs_ms", [])]
    tabs = [t for r in ours for t in r.get("returning_tab_runs_ms", [])]
    return {
        "ours_ready_ms": med(ours, "ready_ms"),
        "plain_ready_ms": med(plain, "ready_ms"),
        "ratio": med(ours, "ready_ms") / med(plain, "ready_ms"),
        "ours_bytes": med(ours, "bytes"),
        "plain_bytes": med(plain, "bytes"),
        "ours_paint_ms": statistics.median(paints) if paints else None,
        "ours_runs_ms": [r["ready_ms"] for r in ours],
        "plain_runs_ms": [r["ready_ms"] for r in plain],
        "after_ready_bytes": first.get("after_ready_bytes"),
        "returning_ms": statistics.median(back) if back else None,
        "returning_runs_ms": back,
        "returning_bytes": max((r["returning_bytes"] for r in ours if "returning_bytes" in r), default=None),
        "returning_snapshot": ",".join(
            sorted({str(r["returning_snapshot"]) for r in ours if "returning_snapshot" in r})
        ),
        "returning_tab_ms": statistics.median(tabs) if tabs else None,
        "returning_tab_runs_ms": tabs,
        "per_file": first["per_file"],
        "resources": first["resources"],
        "first_ready_ms": first["ready_ms"],
        "first_paint_ms": first["paint_ms"],
    }


def table(result: dict[str, Any]) -> list[str]:
    lines = [
        "First visit over an emulated link, service workers allowed, median of runs "
        "(targets: time <= 0.75 x plain, <= 0.6 x with brotli; <= 5.0 MB until ready; useful paint <= 1.0 s "
        "at 10 Mbit/s)",
        f"  {'link, coding':31} {'ours ready':>10} {'plain':>8} {'ratio':>6} {'ours MB':>8} {'plain MB':>8}"
        f" {'paint':>7} {'after ready':>11} {'returning':>10} {'new tab':>8}",
    ]
    for label, r in result.items():
        paint = f"{r['ours_paint_ms'] / 1000:6.2f}s" if r["ours_paint_ms"] is not None else "      -"
        after = f"{r['after_ready_bytes'] / 1e6:8.2f} MB" if r["after_ready_bytes"] is not None else ""
        back = f"{r['returning_ms'] / 1000:5.2f}s ({r['returning_snapshot']})" if r["returning_ms"] is not None else ""
        tab = f"{r['returning_tab_ms'] / 1000:7.2f}s" if r.get("returning_tab_ms") is not None else ""
        lines.append(
            f"  {label:31} {r['ours_ready_ms'] / 1000:9.2f}s {r['plain_ready_ms'] / 1000:7.2f}s"
            f" {r['ratio']:6.2f} {r['ours_bytes'] / 1e6:8.2f} {r['plain_bytes'] / 1e6:8.2f} {paint}"
            f" {after:>11} {back:>10} {tab:>8}"
        )
    first = next(iter(result.values()), None)
    if first:
        lines.append(
            "  bytes per request until ready (first run of the first row): "
            + ", ".join(
                f"{path.split('?')[0].lstrip('/')} {n / 1e3:.0f} kB" for path, n in first["per_file"] if n > 2000
            )
        )
    return lines


def waterfall(result: dict[str, Any], path: Path) -> None:
    """An SVG of the first run of the first row: a bar per request, start to end, and
    data-ready marked."""
    row = next(iter(result.values()))
    res = sorted(row["resources"], key=lambda e: e["start"])
    ready = row["first_ready_ms"]
    end = max([ready] + [e["end"] for e in res]) * 1.05
    width, left, bar = 900, 250, 16
    scale = (width - left - 10) / end
    height = 40 + bar * len(res) + 30
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" '
        f'font-size="11"><rect width="100%" height="100%" fill="#fff"/>',
        f'<text x="8" y="18" font-size="13">First visit, {next(iter(result))}: one bar per request '
        f"(the page's own; start to end)</text>",
    ]
    for s in range(0, int(end / 1000) + 1):
        x = left + s * 1000 * scale
        out.append(
            f'<line x1="{x:.1f}" y1="28" x2="{x:.1f}" y2="{height - 20}" stroke="#eee"/>'
            f'<text x="{x:.1f}" y="{height - 6}" text-anchor="middle" fill="#666">{s} s</text>'
        )
    for i, e in enumerate(res):
        y = 34 + i * bar
        name = e["name"].split("?")[0].lstrip("/")
        name = name if len(name) < 38 else "…" + name[-36:]
        kb = f" {e['bytes'] / 1e3:.0f} kB" if e["bytes"] else ""
        x0, x1 = left + e["start"] * scale, left + max(e["end"], e["start"] + 1) * scale
        out.append(
            f'<text x="{left - 6}" y="{y + 11}" text-anchor="end">{name}</text>'
            f'<rect x="{x0:.1f}" y="{y + 2}" width="{max(x1 - x0, 1.5):.1f}" height="{bar - 5}" fill="#3b7dd8"/>'
            f'<text x="{x1 + 4:.1f}" y="{y + 11}" fill="#444">{kb}</text>'
        )
    x = left + ready * scale
    out.append(
        f'<line x1="{x:.1f}" y1="28" x2="{x:.1f}" y2="{height - 20}" stroke="#d55e00" stroke-width="2"/>'
        f'<text x="{x - 4:.1f}" y="40" text-anchor="end" fill="#d55e00">data-ready {ready / 1000:.2f} s</text>'
    )
    if row["first_paint_ms"]:
        x = left + row["first_paint_ms"] * scale
        out.append(
            f'<line x1="{x:.1f}" y1="28" x2="{x:.1f}" y2="{height - 20}" stroke="#009e73" stroke-width="2"/>'
            f'<text x="{x + 4:.1f}" y="52" fill="#009e73">lobby on screen</text>'
        )
    out.append("</svg>")
    path.write_text("\n".join(out) + "\n")
