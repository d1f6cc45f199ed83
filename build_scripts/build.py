#!/usr/bin/env python3
"""Build dist/ from web/, the npm packages and a byte-compiled pyengine. Stdlib only.

    python3 build_scripts/build.py [--check] [--web DIR] [--engine DIR] [--out DIR]

dist/
  <every file of web/>  but its _*.html pieces, put into the pages that include them
  pyscript/        @pyscript/core/dist without source maps
  pyodide/         the files Pyodide needs to boot from pyodide.mjs, with a
                   pyodide.asm.wasm without what only side modules could call
                   (build_scripts/trim_wasm.py), a python_stdlib.zip of .pyc only
                   (starts ~3x faster than .py) that holds just the modules of
                   build_scripts/stdlib-modules.txt, and
                   snapshot.bin.gz, the booted interpreter (web/boot.mjs)
  engine.zip       pyengine/ and web/skyweb/ as sourceless .pyc, for sys.path (zipimport)
  boards/          a picture of each game's board for the lobby (build_scripts/pictures.py)
  build.json       versions, a content hash and the file list
  vendor/          npm modules the page loads on demand (qrcode.mjs for web/qr.mjs; nostr.js,
                   nostr-tools' bundle, for web/online.mjs; fake-indexeddb/ for
                   web/pyscript-start.mjs)
  studies/         the sample explainer page's studies, baked (build_scripts/studies.py)
  sw.js            the service worker, with the cache name and file list filled in
  *.gz, *.br       beside every file they make smaller, for servers that send them
                   (serve.py does; docs/hosting.md for other hosts)
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "node_modules"
PYODIDE_PKG = NODE_MODULES / "pyodide"
PYSCRIPT_DIST = NODE_MODULES / "@pyscript" / "core" / "dist"
# {dist/vendor/ name: the npm file}. Only imported when used (a hosted table's QR code):
# nothing of the first visit loads them, and sw.js caches them once the page is ready.
VENDOR = {
    "qrcode.mjs": NODE_MODULES / "qrcode-generator" / "dist" / "qrcode.mjs",
    # nostr-tools' own browser bundle (a classic script defining NostrTools): web/online.mjs
    # loads it when a host chooses an online table, or a guest opens an online link.
    "nostr.js": NODE_MODULES / "nostr-tools" / "lib" / "nostr.bundle.js",
    # An in-memory IndexedDB (a folder of ES modules): web/pyscript-start.mjs loads it in
    # a frame where the browser blocks third-party storage, which PyScript cannot start without.
    "fake-indexeddb": NODE_MODULES / "fake-indexeddb" / "build" / "esm",
}
COMPILER = ROOT / "build_scripts" / "compile_pyc.mjs"
SNAPSHOTTER = ROOT / "build_scripts" / "make_snapshot.mjs"
SNAPSHOT_FORMAT = ROOT / "web" / "snapshot.mjs"  # how the snapshot is stored, and read by the page
WASM_TRIMMER = ROOT / "build_scripts" / "trim_wasm.py"
BINARYEN = NODE_MODULES / "binaryen"
PRECOMPRESSOR = ROOT / "build_scripts" / "precompress.mjs"
STDLIB_LIST = ROOT / "build_scripts" / "stdlib-modules.txt"
# PyScript's own Python package, as its bundle carries it (minified sources): PyScript
# writes these files and compiles them on every start (~40 ms of the main thread before
# app.py runs); build.py compiles them into the stdlib zip instead (PYSCRIPT_IN_STDLIB),
# and web/boot.mjs puts that folder first on sys.path.
PYSCRIPT_STDLIB = PYSCRIPT_DIST.parent / "src" / "stdlib" / "pyscript.js"
# Not a name Python could import: a folder "_pyscript" would be a namespace package
# hiding the JavaScript module PyScript registers under that name.
PYSCRIPT_IN_STDLIB = "pyscript-core"  # web/boot.mjs and web/app.py name it too
CACHE = ROOT / "build" / "cache"

# pyodide.mjs imports pyodide.asm.mjs, which fetches pyodide.asm.wasm; loadPyodide
# fetches pyodide-lock.json and python_stdlib.zip. pyodide.js (the classic-script
# build), the .map files, the .d.ts files and the consoles are not needed.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json")
STDLIB = "python_stdlib.zip"
SNAPSHOT = "snapshot.bin.gz"  # web/boot.mjs loads it; see make_snapshot.mjs
# Names build.py itself writes into dist/; web/ must not use them.
# Baked studies (view.html) are for explainer pages' frames, never the game page: the
# service worker leaves them out, so a player's first visit does not download them.
STUDIES = "studies"
RESERVED = (
    STUDIES,
    "pyodide",
    "pyscript",
    "vendor",
    "engine.zip",
    "study.zip",
    "table.zip",
    "games",
    "i18n",
    "build.json",
    "boards",
)
# Scenarios (embed.html?scenario=, learn.html): in study.zip, which only those pages
# fetch, so that the game page's first visit does not download them; the games'
# scenario files (pyengine/games/<game>/scenarios/) go there too.
STUDY = {
    "pyengine/core/scenario.py",
    "pyengine/core/annotate.py",
    "pyengine/core/guide.py",
    "pyengine/core/draft.py",
    "pyengine/core/bake.py",
    "skyweb/study.py",
    "skyweb/learn.py",
    "skyweb/editor.py",
}
# A table of devices: skyweb/table/'s pure half (its __init__ names the two halves), which
# the page fetches when a table is hosted or joined.
TABLE = {f"skyweb/table/{name}.py" for name in ("protocol", "transport", "host", "guest", "view", "online", "dialog")}
PARTS = ("study", "table")  # zips beside engine.zip in dist/, each fetched by the page that needs it
SKIP_DIRS = {"__pycache__", "tests", "test"}


def fail(message: str) -> None:
    sys.exit(f"build.py: error: {message}")


def package_version(pkg: Path) -> str:
    return json.loads((pkg / "package.json").read_text())["version"]


def engine_files(engine: Path) -> list[Path]:
    """Files of the engine package to ship: sources and data, no tests or caches."""
    files = []
    for dirpath, dirnames, filenames in os.walk(engine):
        dirnames[:] = sorted(d for d in dirnames if d not in SKIP_DIRS and not d.startswith("."))
        for name in sorted(filenames):
            if name.startswith(".") or name.endswith((".pyc", ".pyo")):
                continue
            if name == "conftest.py" or (
                name.endswith(".py") and (name.startswith("test_") or name.endswith("_test.py"))
            ):
                continue
            if name == "__main__.py" or Path(dirpath, name) == engine / "ladder.py":
                continue  # the command line and the bot ladder: no use in a browser
            files.append(Path(dirpath, name))
    return files


def zip_engine_sources(packages: list[Path], dest: Path, parts: Path) -> dict[str, int]:
    """Zip the sources of the packages at their import paths (pyengine/..., skyweb/...)
    for the compiler: one fetch and no compiling in the browser. A first visit needs
    one game and one language, so each game's package goes into its own zip
    (parts/<game>.zip, compiled like engine.zip, into dist/games/), and each
    translation catalog ships as its own file (dist/i18n/<lang>.json): skyweb/parts.py
    fetches them when they are needed. Returns {zip name: files}."""
    counts: dict[str, int] = {}
    parts.mkdir(parents=True, exist_ok=True)
    zips: dict[str, zipfile.ZipFile] = {}
    try:
        zips["engine"] = zipfile.ZipFile(dest, "w")
        for package in packages:
            for f in engine_files(package):
                rel = f.relative_to(package).as_posix()
                if package.name == "pyengine" and rel.startswith("i18n/") and rel.endswith(".json"):
                    continue  # written by write_catalogs
                where = "engine"
                if f"{package.name}/{rel}" in STUDY or "/scenarios/" in rel:
                    where = "study"
                elif f"{package.name}/{rel}" in TABLE:
                    where = "table"
                elif package.name == "pyengine" and rel.startswith("games/") and rel.count("/") >= 2:
                    where = rel.split("/")[1]
                if where not in zips:
                    zips[where] = zipfile.ZipFile(parts / f"{where}.zip", "w")
                zips[where].write(f, f"{package.name}/{rel}")
                counts[where] = counts.get(where, 0) + 1
    finally:
        for z in zips.values():
            z.close()
    return counts


INCLUDE = re.compile(r"^<!--#include (\S+)-->\n", re.M)


def include_pieces(out: Path) -> None:
    """web/_*.html are pieces that two pages share (embed.html's and learn.html's head and
    board): each `<!--#include NAME-->` line of a page becomes that piece, and the pieces
    themselves do not ship."""
    pieces = {p.name: p for p in out.glob("_*.html")}
    for page in sorted(set(out.glob("*.html")) - set(pieces.values())):
        text = page.read_text(encoding="utf-8")

        def piece(m: re.Match[str], page: Path = page) -> str:
            if m.group(1) not in pieces:
                fail(f"web/{page.name} includes {m.group(1)}, which web/ does not have")
            return pieces[m.group(1)].read_text(encoding="utf-8")

        page.write_text(INCLUDE.sub(piece, text), encoding="utf-8")
    for p in pieces.values():
        p.unlink()


def name_pyscript_chunk(out: Path) -> None:
    """Each page's `__PYSCRIPT_CORE_CHUNK__` (a modulepreload) becomes the chunk that
    PyScript's core.js imports, whose name carries a hash that changes with its version."""
    found = re.findall(r'from\s*"\./(core-[\w-]+\.js)"', (out / "pyscript" / "core.js").read_text(encoding="utf-8"))
    if len(set(found)) != 1:
        fail(f"PyScript's core.js no longer imports one core-*.js chunk ({found}): fix the pages' modulepreload")
    for page in out.glob("*.html"):
        text = page.read_text(encoding="utf-8")
        if "__PYSCRIPT_CORE_CHUNK__" in text:
            page.write_text(text.replace("__PYSCRIPT_CORE_CHUNK__", found[0]), encoding="utf-8")


def copy_vendor(dest: Path) -> None:
    """The VENDOR files, each with its package's license beside it: the MIT license
    asks that its notice go with every copy (qrcode-generator's is in the file's own
    header, and its package has no LICENSE file: then package.json's field is written)."""
    dest.mkdir()
    for name, src in VENDOR.items():
        if src.is_dir():
            shutil.copytree(src, dest / name)
        else:
            shutil.copy2(src, dest / name)
        pkg = next(p for p in src.parents if (p / "package.json").exists())
        meta = json.loads((pkg / "package.json").read_text())
        texts = [f.read_text(encoding="utf-8") for f in sorted(pkg.glob("LICEN[CS]E*")) if f.is_file()]
        (dest / f"{Path(name).stem}.LICENSE.txt").write_text(
            f"{meta['name']} {meta['version']} ({meta.get('license', 'see its package')}), by {meta.get('author', '?')}\n"
            f"{meta.get('repository', {}).get('url', '')}\n\n"
            + ("\n".join(texts) or "The license notice is in the header of the file.\n"),
            encoding="utf-8",
        )


def write_catalogs(engine: Path, out: Path) -> list[str]:
    """Each translation catalog as compact JSON in dist/i18n/ (English needs none)."""
    (out / "i18n").mkdir()
    langs = []
    for f in sorted((engine / "i18n").glob("*.json")):
        texts = json.loads(f.read_text(encoding="utf-8"))
        (out / "i18n" / f.name).write_text(
            json.dumps(texts, ensure_ascii=False, separators=(",", ":"), sort_keys=True), encoding="utf-8"
        )
        langs.append(f.stem)
    return langs


def compile_in_pyodide(jobs: list[dict], boot_stdlib: Path | None) -> dict:
    """Run compile_pyc.mjs (Pyodide under node) on the jobs; returns its JSON report."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump({"boot_stdlib": str(boot_stdlib) if boot_stdlib else None, "jobs": jobs}, f)
    try:
        out = subprocess.run(
            ["node", str(COMPILER), f.name], cwd=ROOT, check=True, stdout=subprocess.PIPE, text=True
        ).stdout
    except subprocess.CalledProcessError as e:
        fail(f"compiling in Pyodide failed (exit {e.returncode}); see the error above")
    finally:
        os.unlink(f.name)
    return json.loads(out.strip().splitlines()[-1])


def check_magic(zip_path: Path, magic_hex: str) -> int:
    """Fail unless every .pyc in zip_path starts with the runtime's magic number."""
    magic = bytes.fromhex(magic_hex)
    count = 0
    with zipfile.ZipFile(zip_path) as z:
        for name in z.namelist():
            if name.endswith(".pyc"):
                with z.open(name) as f:
                    if f.read(4) != magic:
                        fail(f"{zip_path}:{name} was not compiled for this Pyodide (magic != {magic_hex})")
                count += 1
    return count


def trimmed_stdlib_sources(stdlib_zip: Path, modules: list[str], dest: Path) -> int:
    """The .py files of the listed modules (a package's __init__.py), from Pyodide's
    stdlib zip, into dest: what the page imports and nothing else (3.6 MB compiled whole,
    a fifth of that trimmed). A listed module the zip lacks fails the build."""
    with zipfile.ZipFile(stdlib_zip) as src, zipfile.ZipFile(dest, "w") as out:
        names = set(src.namelist())
        for module in modules:
            path = module.replace(".", "/")
            found = [n for n in (f"{path}.py", f"{path}/__init__.py") if n in names]
            if not found:
                fail(f"{STDLIB_LIST.name} lists {module}, which Pyodide's stdlib does not have")
            out.writestr(found[0], src.read(found[0]))
    return len(modules)


def pyscript_sources() -> dict[str, str]:
    """PyScript's Python package as its bundle writes it ({"pyscript/__init__.py": source}),
    read from the npm package's artifact (src/stdlib/pyscript.js) and checked against the
    bundle that ships (dist/pyscript/*.js): compiled code of other sources would be run
    instead of the package PyScript means to write, so a mismatch fails the build."""
    text = PYSCRIPT_STDLIB.read_text(encoding="utf-8")
    try:
        tree = json.loads(text[text.index("export default") + len("export default") :].strip().rstrip(";"))
    except ValueError as e:
        fail(f"{PYSCRIPT_STDLIB} is not the object of JSON strings it was: {e}")
    bundle = "".join(f.read_text(encoding="utf-8") for f in PYSCRIPT_DIST.glob("*.js"))
    files: dict[str, str] = {}

    def walk(prefix: str, node: dict) -> None:
        for name, value in node.items():
            if isinstance(value, dict):
                walk(f"{prefix}{name}/", value)
            elif name.endswith(".py"):
                if json.dumps(value, ensure_ascii=False) not in bundle:
                    fail(f"PyScript's bundle does not carry {prefix}{name} as {PYSCRIPT_STDLIB.name} has it")
                files[f"{prefix}{name}"] = value

    walk("", tree)
    if "pyscript/__init__.py" not in files:
        fail(f"{PYSCRIPT_STDLIB} has no pyscript package")
    return files


def add_pyscript(stdlib_src: Path) -> None:
    """PyScript's package into the stdlib's sources, under PYSCRIPT_IN_STDLIB/."""
    with zipfile.ZipFile(stdlib_src, "a") as z:
        for name, source in sorted(pyscript_sources().items()):
            z.writestr(f"{PYSCRIPT_IN_STDLIB}/{name}", source)


def stdlib_modules() -> list[str]:
    lines = (line.strip() for line in STDLIB_LIST.read_text().splitlines())
    return sorted({line for line in lines if line and not line.startswith("#")})


def precompress(out: Path) -> dict:
    """FILE.gz and FILE.br beside each file they shrink (precompress.mjs; cached by content)."""
    try:
        result = subprocess.run(
            ["node", str(PRECOMPRESSOR), str(out), str(CACHE / "compressed")],
            cwd=ROOT,
            check=True,
            stdout=subprocess.PIPE,
            text=True,
        ).stdout
    except subprocess.CalledProcessError as e:
        fail(f"precompressing dist/ failed (exit {e.returncode}); see the error above")
    return json.loads(result.strip().splitlines()[-1])


def make_snapshot(pyodide_dir: Path, key: str) -> tuple[Path, bool]:
    """The gzipped memory snapshot of dist/pyodide booted (make_snapshot.mjs, which
    also proves it boots again). Cached on the Pyodide version, the stdlib, the script
    and the format: it is a function of those alone, and takes a few seconds to make."""
    key = hashlib.sha256(key.encode() + SNAPSHOTTER.read_bytes() + SNAPSHOT_FORMAT.read_bytes()).hexdigest()[:12]
    cached = CACHE / f"snapshot-{key}.bin.gz"
    if cached.exists():
        return cached, True
    partial = cached.with_suffix(".tmp")
    try:
        subprocess.run(
            ["node", str(SNAPSHOTTER), str(pyodide_dir), str(partial)], cwd=ROOT, check=True, stdout=subprocess.DEVNULL
        )
    except subprocess.CalledProcessError as e:
        fail(f"making the Pyodide memory snapshot failed (exit {e.returncode}); see the error above")
    keep_in_cache(partial, cached, "snapshot-*.bin.gz")
    return cached, False


def trim_wasm(pyodide_dir: Path) -> bool:
    """Replace dist's pyodide.asm.wasm by the one without the code only side modules
    could call (trim_wasm.py). Cached on Pyodide's files, the script and binaryen's
    version: wasm-opt takes 10-30 s. True if it came from the cache."""
    key = hashlib.sha256(
        b"".join((PYODIDE_PKG / n).read_bytes() for n in ("pyodide.asm.wasm", "pyodide.asm.mjs", "pyodide.mjs"))
        + WASM_TRIMMER.read_bytes()
        + package_version(BINARYEN).encode()
    ).hexdigest()[:12]
    cached = CACHE / f"pyodide.asm-{key}.wasm"
    hit = cached.exists()
    if not hit:
        CACHE.mkdir(parents=True, exist_ok=True)
        partial = cached.with_suffix(".tmp")
        try:
            subprocess.run(
                [
                    sys.executable,
                    str(WASM_TRIMMER),
                    str(PYODIDE_PKG / "pyodide.asm.wasm"),
                    str(PYODIDE_PKG / "pyodide.asm.mjs"),
                    str(PYODIDE_PKG / "pyodide.mjs"),
                    str(partial),
                ],
                check=True,
                stdout=subprocess.DEVNULL,
            )
        except subprocess.CalledProcessError as e:
            fail(
                f"trimming pyodide.asm.wasm failed (exit {e.returncode}); see the error above, or build with --full-wasm"
            )
        keep_in_cache(partial, cached, "pyodide.asm-*.wasm")
    shutil.copy2(cached, pyodide_dir / "pyodide.asm.wasm")
    return hit


def keep_in_cache(partial: Path, cached: Path, pattern: str) -> None:
    """Move a finished, verified file into the cache under its key, and drop the
    entries of older keys (only a complete file ever has a cache name)."""
    partial.replace(cached)
    for old in CACHE.glob(pattern):
        if old != cached:
            old.unlink()


def precompressed_copy(path: Path) -> bool:
    """FILE.gz or FILE.br that precompress.mjs wrote beside FILE (snapshot.bin.gz is no copy)."""
    return path.suffix in (".gz", ".br") and path.with_suffix("").is_file()


def size(path: Path) -> int:
    """Bytes of a file, or of a folder's files without their precompressed copies."""
    if not path.is_dir():
        return path.stat().st_size
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not precompressed_copy(p))


def mb(n: int) -> str:
    return f"{n / 1e6:.2f} MB"


def write_manifest(out: Path, versions: dict) -> str:
    """dist/build.json: a hash of every shipped byte, so caches can be keyed on it."""
    digest = hashlib.sha256()
    files = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    for rel in files:
        digest.update(rel.encode() + b"\0" + hashlib.sha256((out / rel).read_bytes()).digest())
    version = digest.hexdigest()[:16]
    (out / "build.json").write_text(json.dumps({"version": version, **versions, "files": files}, indent=1) + "\n")
    return version


# The files whose bytes the loading bar counts as they arrive (web/boot.mjs): all but
# a few kB of what a first visit waits for.
COUNTED = ("pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip", "pyodide/pyodide-lock.json", "engine.zip")


def write_counted_sizes(out: Path) -> None:
    """Fill in boot.mjs's table of the counted files' sizes (decoded bytes), and the
    snapshot's unpacked size: a cached snapshot of another size (cut short, or from
    another build) is not loaded, since Pyodide would hang on it instead of failing."""
    boot = out / "boot.mjs"
    if not boot.exists():
        return
    text = boot.read_text()
    for placeholder in ("__SKYLINE_SIZES__", "__SKYLINE_SNAPSHOT_BYTES__"):
        if placeholder not in text:
            fail(f"web/boot.mjs lost its {placeholder} placeholder")
    sizes = {Path(rel).name: (out / rel).stat().st_size for rel in COUNTED}
    with gzip.open(out / "pyodide" / SNAPSHOT) as f:  # web/snapshot.mjs: the heap's size
        head = f.read(20)
    if head[:8] != b"SKYSNAP1":
        fail("pyodide/snapshot.bin.gz is not in web/snapshot.mjs's format")
    unpacked = int.from_bytes(head[8:12], "little")
    text = text.replace("__SKYLINE_SNAPSHOT_BYTES__", str(unpacked))
    boot.write_text(text.replace("__SKYLINE_SIZES__", json.dumps(sizes)))


# Not cached for offline play, so a first visit does not download them: the relay
# library (an online table needs the network anyway) and the in-memory IndexedDB (only
# a frame that may not store uses it, and such a frame has no service worker either).
NOT_OFFLINE = ("vendor/nostr.js", "vendor/fake-indexeddb")


def write_service_worker(out: Path, version: str, pyodide_version: str) -> None:
    """Fill in sw.js: its cache name carries the build and Pyodide versions, its list
    every file of dist/ (paths relative to sw.js, which sits at the root). The
    snapshot's worker (snapshot.mjs) gets the cache name too: it reads that cache only."""
    sw = out / "sw.js"
    if not sw.exists():
        return
    cache = f"skyline-{version}-pyodide-{pyodide_version}"
    files = ["./"] + [
        f"./{p.relative_to(out).as_posix()}"
        for p in sorted(out.rglob("*"))
        if p.is_file() and p != sw and not p.relative_to(out).as_posix().startswith((*NOT_OFFLINE, STUDIES + "/"))
    ]
    text = sw.read_text()
    for placeholder in ("__SKYLINE_CACHE__", "__SKYLINE_FILES__"):
        if placeholder not in text:
            fail(f"web/sw.js lost its {placeholder} placeholder")
    text = text.replace("__SKYLINE_CACHE__", cache)
    sw.write_text(text.replace("__SKYLINE_FILES__", json.dumps(files)))
    reader = out / "snapshot.mjs"
    text = reader.read_text()
    if '"__SKYLINE_CACHE__"' not in text:
        fail("web/snapshot.mjs lost its __SKYLINE_CACHE__ placeholder")
    reader.write_text(text.replace('"__SKYLINE_CACHE__"', json.dumps(cache)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--web", type=Path, default=ROOT / "web")
    parser.add_argument("--engine", type=Path, default=ROOT / "pyengine")
    parser.add_argument("--out", type=Path, default=ROOT / "dist")
    parser.add_argument(
        "--check",
        action="store_true",
        help="afterwards boot dist/ in node, import every engine module and play a game of each",
    )
    parser.add_argument(
        "--full-wasm",
        action="store_true",
        help="ship Pyodide's wasm with every export, for side modules (build_scripts/trim_wasm.py)",
    )
    parser.add_argument(
        "--full-stdlib",
        action="store_true",
        help="ship Pyodide's whole stdlib (build_scripts/trace_stdlib.py traces what the page uses)",
    )
    args = parser.parse_args(argv)
    web, engine, out = args.web.resolve(), args.engine.resolve(), args.out.resolve()
    start = time.monotonic()

    for needed in (
        PYODIDE_PKG / "package.json",
        PYSCRIPT_DIST / "core.js",
        BINARYEN / "package.json",
        *VENDOR.values(),
    ):
        if not needed.exists():
            fail(f"{needed} is missing: run `npm ci` first")
    if not web.is_dir():
        fail(f"{web} does not exist")
    if not engine.is_dir():
        fail(f"{engine} does not exist")
    clashes = [n for n in RESERVED if (web / n).exists()]
    if clashes:
        fail(f"web/ must not contain {clashes}: build.py writes those into dist/")
    if not (web / "index.html").exists():
        print(f"build.py: warning: {web}/index.html is missing", file=sys.stderr)

    versions = {"pyodide": package_version(PYODIDE_PKG), "pyscript": package_version(PYSCRIPT_DIST.parent)}

    # A fresh directory each time, so files deleted from web/ leave dist/ too.
    shutil.rmtree(out, ignore_errors=True)
    # The page's own package (web/skyweb) ships compiled inside engine.zip, not as source.
    shutil.copytree(web, out, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "skyweb"))
    include_pieces(out)
    # The lobby's pictures of the boards, drawn by the engine itself (no Python needed to show them).
    subprocess.run(
        [sys.executable, str(ROOT / "build_scripts" / "pictures.py"), str(out / "boards")],
        check=True,
        env={**os.environ, "PYTHONPATH": os.pathsep.join([str(engine.parent), str(ROOT)])},
    )
    # The lobby drawn by skyweb.panels for each language, shown before Python is up (web/prelobby.mjs).
    subprocess.run(
        [sys.executable, str(ROOT / "build_scripts" / "prelobby.py"), str(out / "lobby"), str(web / "index.html")],
        check=True,
        env={**os.environ, "PYTHONPATH": os.pathsep.join([str(engine.parent), str(web)])},
    )
    # The sample explainer page's studies, drawn in advance for view.html (docs/explainer.html).
    subprocess.run(
        [
            sys.executable,
            str(ROOT / "build_scripts" / "studies.py"),
            str(out / STUDIES),
            str(ROOT / "docs" / "explainer.html"),
        ],
        check=True,
        env={**os.environ, "PYTHONPATH": os.pathsep.join([str(engine.parent), str(ROOT)])},
    )
    shutil.copytree(PYSCRIPT_DIST, out / "pyscript", ignore=shutil.ignore_patterns("*.map"))
    name_pyscript_chunk(out)
    copy_vendor(out / "vendor")
    (out / "pyodide").mkdir()
    for name in PYODIDE_FILES:
        shutil.copy2(PYODIDE_PKG / name, out / "pyodide" / name)
    wasm_cached = None if args.full_wasm else trim_wasm(out / "pyodide")
    # The lock file lists Pyodide's 357 packages for loadPackage and micropip; the page
    # loads none, so it ships the header alone (22 kB less on a first visit's wire).
    lock = json.loads((PYODIDE_PKG / "pyodide-lock.json").read_text())
    (out / "pyodide" / "pyodide-lock.json").write_text(json.dumps({"info": lock["info"], "packages": {}}))

    # The compiled stdlib depends only on Pyodide's stdlib zip, the module list and the
    # compiler; key the cache on them so an upgrade or a fix cannot reuse stale pycs.
    modules = None if args.full_stdlib else stdlib_modules()
    flavour = "full" if modules is None else "trim"
    key = hashlib.sha256(
        (PYODIDE_PKG / STDLIB).read_bytes()
        + COMPILER.read_bytes()
        + json.dumps(modules).encode()
        + PYSCRIPT_STDLIB.read_bytes()
    ).hexdigest()[:12]
    cached_stdlib = CACHE / f"python_stdlib-{versions['pyodide']}-{flavour}-{key}.zip"
    stdlib_cached = cached_stdlib.exists()

    with tempfile.TemporaryDirectory() as tmp:
        engine_src = Path(tmp, "engine-src.zip")
        part_src = Path(tmp, "parts")
        counts = zip_engine_sources(
            [engine, *([web / "skyweb"] if (web / "skyweb").is_dir() else [])], engine_src, part_src
        )
        n_engine = sum(counts.values())
        langs = write_catalogs(engine, out)
        (out / "games").mkdir()
        # Code objects are named pyengine/... so tracebacks read "pyengine/core/game.py".
        # Stored, not deflated: a server's gzip of the whole zip is ~10% smaller than
        # per-entry deflate, and zipimport reads stored entries without inflating.
        # optimize=2 drops docstrings (nothing reads them at run time; the engine raises
        # IllegalMove, it does not assert). def_lines: tracebacks in the page give each
        # function's def line, not the failing line (CPython runs keep full tracebacks);
        # that saves ~40 KB of gzip, a tenth of our byte budget.
        jobs = [
            {"src": str(src), "dst": str(dst), "prefix": "", "store": True, "optimize": 2, "def_lines": True}
            for src, dst in [(engine_src, out / "engine.zip")]
            + [
                (part_src / f"{name}.zip", out / (f"{name}.zip" if name in PARTS else f"games/{name}.zip"))
                for name in sorted(counts)
                if name != "engine"
            ]
        ]
        if not stdlib_cached:
            CACHE.mkdir(parents=True, exist_ok=True)
            partial = cached_stdlib.with_suffix(".tmp")
            stdlib_src = Path(tmp, "stdlib-src.zip")
            if modules is None:
                shutil.copy2(PYODIDE_PKG / STDLIB, stdlib_src)
                add_pyscript(stdlib_src)
                jobs.append({"src": str(stdlib_src), "dst": str(partial), "prefix": None})
            else:
                # Stored and without docstrings or line tables, like engine.zip: gzip on the
                # wire then compresses across files (1.06 MB -> 0.73 MB for the same modules).
                trimmed_stdlib_sources(PYODIDE_PKG / STDLIB, modules, stdlib_src)
                add_pyscript(stdlib_src)
                jobs.append(
                    {
                        "src": str(stdlib_src),
                        "dst": str(partial),
                        "prefix": None,
                        "store": True,
                        "optimize": 2,
                        "def_lines": True,
                    }
                )
        compile_start = time.monotonic()
        report = compile_in_pyodide(jobs, cached_stdlib if stdlib_cached else None)
        compile_time = time.monotonic() - compile_start
        if not stdlib_cached:
            keep_in_cache(partial, cached_stdlib, f"python_stdlib-*-{flavour}-*.zip")

    # compile_pyc.mjs already verified what it wrote; this also covers a cached stdlib.
    n_stdlib = check_magic(cached_stdlib, report["magic"])
    n_engine_pyc = sum(
        check_magic(z, report["magic"])
        for z in [out / "engine.zip", *(out / f"{p}.zip" for p in PARTS), *sorted((out / "games").glob("*.zip"))]
    )
    shutil.copy2(cached_stdlib, out / "pyodide" / STDLIB)
    # What the snapshot holds depends on the stdlib (key), the lock file and the
    # modules make_snapshot.mjs imports before taking it.
    snapshot_key = hashlib.sha256(
        (key + SNAPSHOTTER.read_text() + (out / "pyodide" / "pyodide-lock.json").read_text()).encode()
        + (out / "pyodide" / "pyodide.asm.wasm").read_bytes()
    ).hexdigest()[:12]
    snapshot, snapshot_cached = make_snapshot(out / "pyodide", f"{versions['pyodide']}-{snapshot_key}")
    shutil.copy2(snapshot, out / "pyodide" / SNAPSHOT)
    write_counted_sizes(out)
    version = write_manifest(out, versions)
    write_service_worker(out, version, versions["pyodide"])
    packed = precompress(out)

    print(
        f"Pyodide {versions['pyodide']} (Python {report['version'].split()[0]}, magic {report['magic']}), "
        f"PyScript {versions['pyscript']}"
    )
    print(
        f"  stdlib  {n_stdlib} .pyc, {mb(size(out / 'pyodide' / STDLIB))}"
        f" ({'from cache' if stdlib_cached else 'compiled, cached'} in {CACHE.relative_to(ROOT)}/)"
    )
    wasm_note = "full" if wasm_cached is None else ("trimmed, from cache" if wasm_cached else "trimmed, cached")
    print(f"  wasm    {mb(size(out / 'pyodide' / 'pyodide.asm.wasm'))} ({wasm_note})")
    print(
        f"  snapshot {mb(size(out / 'pyodide' / SNAPSHOT))} gzip"
        f" ({'from cache' if snapshot_cached else 'made, checked, cached'})"
    )
    print(
        f"  engine  {n_engine} files -> {n_engine_pyc} .pyc + {sum(j['other'] for j in report['jobs'])} data:"
        f" engine.zip {mb(size(out / 'engine.zip'))}, games/ {mb(size(out / 'games'))},"
        f" i18n/ {mb(size(out / 'i18n'))} ({', '.join(langs)})"
    )
    print(
        f"  pyodide {mb(size(out / 'pyodide'))}, pyscript {sum(not precompressed_copy(p) for p in (out / 'pyscript').iterdir())} files"
        f" {mb(size(out / 'pyscript'))}"
    )
    print(
        f"  precompressed {packed['files']} files: {mb(packed['raw'])} -> gzip {mb(packed['gzip'])},"
        f" brotli {mb(packed['br'])} ({packed['cached']} of {2 * packed['files']} from cache)"
    )
    print(
        f"dist: {len(json.loads((out / 'build.json').read_text())['files'])} files, {mb(size(out))}, build {version}, "
        f"{time.monotonic() - start:.1f} s (Pyodide {compile_time:.1f} s) -> {out}"
    )

    if args.check:
        return subprocess.run(["node", str(ROOT / "build_scripts" / "check_dist.mjs"), str(out)]).returncode
    return 0


if __name__ == "__main__":
    sys.exit(main())
