"""pyodide.asm.wasm without the code that nothing can call (issue 26: 9 % fewer bytes on
the wire, the largest file of a first visit).

Pyodide's wasm is an Emscripten MAIN_MODULE: it exports all of its ~8,500 symbols so
that side modules (packages with C code, ctypes, dlopen) can link against it, and those
exports keep the code behind them alive. The page loads no side module, so only what
Pyodide's own JavaScript reads needs exporting; binaryen's wasm-opt then removes what
no export, no table entry and no start function reaches. CPython's method tables put
most of it in the function table, so most of it stays: the code section goes from
5.85 to 5.30 MB, 2.72 -> 2.50 MB brotli.

What is kept, read from this very Pyodide's glue (so an upgrade re-derives it):
- memory, the table and the tags;
- every global that `assignWasmExports` reads (it reads `.value` of each: one missing
  throws at start-up);
- every function whose name appears in pyodide.asm.mjs or pyodide.mjs as a word or a
  string, bare or with Emscripten's `_` (outside `assignWasmExports` and the `var`
  that declares its names), and the entry points `callMain` looks up by name.

Then the result is checked: every export the glue reads by name (`wasmExports.x`,
`wasmExports["x"]` outside the blanket assignment) must still be there. Both
`wasmExports._pyproxy_apply_promising` and `wasmExports.run_main_promising` are read
only on Chromium's JSPI path, which node never takes, so a boot under node alone would
not notice them missing.

What this gives up: dynamic linking. A page that loads a Pyodide package with C code,
uses ctypes or `Module.ccall` by a C name needs the untrimmed wasm (`--full-wasm`).

    python3 build_scripts/trim_wasm.py IN.wasm pyodide.asm.mjs pyodide.mjs OUT.wasm
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WASM_OPT = ROOT / "node_modules" / "binaryen" / "bin" / "wasm-opt"
# The features Pyodide's module uses (wasm-opt refuses it without them).
FEATURES = [
    "--enable-bulk-memory",
    "--enable-bulk-memory-opt",
    "--enable-call-indirect-overlong",
    "--enable-exception-handling",
    "--enable-multivalue",
    "--enable-mutable-globals",
    "--enable-nontrapping-float-to-int",
    "--enable-reference-types",
    "--enable-sign-ext",
]
EXPORT_SECTION = 7
FUNC, TABLE, MEMORY, GLOBAL, TAG = 0, 1, 2, 3, 4
ENTRY_POINTS = {"main", "__main_argc_argv", "__wasm_call_ctors", "emscripten_stack_init"}


def _leb(data: bytes, i: int) -> tuple[int, int]:
    value = shift = 0
    while True:
        byte = data[i]
        i += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, i


def _uleb(n: int) -> bytes:
    out = bytearray()
    while True:
        byte, n = n & 0x7F, n >> 7
        out.append(byte | 0x80 if n else byte)
        if not n:
            return bytes(out)


def _sections(data: bytes) -> Iterator[tuple[int, int, int, int]]:
    """(id, header start, body start, body length) of each section."""
    i = 8
    while i < len(data):
        body_len, body = _leb(data, i + 1)
        yield data[i], i, body, body_len
        i = body + body_len


def exports(data: bytes) -> list[tuple[str, int, int]]:
    """The module's exports: (name, kind, index)."""
    for sid, _, body, _ in _sections(data):
        if sid == EXPORT_SECTION:
            count, j = _leb(data, body)
            out = []
            for _ in range(count):
                n, j = _leb(data, j)
                name = data[j : j + n].decode()
                kind = data[j + n]
                index, j = _leb(data, j + n + 1)
                out.append((name, kind, index))
            return out
    return []


def with_exports(data: bytes, kept: list[tuple[str, int, int]]) -> bytes:
    """The module with its export section replaced by `kept`."""
    for sid, start, body, body_len in _sections(data):
        if sid == EXPORT_SECTION:
            entries = b"".join(_uleb(len(n.encode())) + n.encode() + bytes([k]) + _uleb(x) for n, k, x in kept)
            section = _uleb(len(kept)) + entries
            return data[:start] + bytes([EXPORT_SECTION]) + _uleb(len(section)) + section + data[body + body_len :]
    raise ValueError("the module has no export section")


def _assignment(glue: str) -> tuple[str, set[str]]:
    """The glue without `assignWasmExports` and the `var` of the names it assigns, and
    the exports that function reads."""
    m = re.search(r"function assignWasmExports\(wasmExports\)\{(.*?)\}", glue, re.S)
    if m is None:
        raise ValueError("pyodide.asm.mjs has no assignWasmExports: a Pyodide this script does not know")
    body, rest = m.group(1), glue[: m.start()] + glue[m.end() :]
    first = re.match(r"([\w$]+)=", body)
    declared = rest.find(f"var {first.group(1)},") if first else -1
    if declared >= 0:
        rest = rest[:declared] + rest[rest.index(";", declared) :]
    return rest, set(re.findall(r'wasmExports\["([^"]+)"\]', body))


def read_by_name(glue: str) -> set[str]:
    """Exports the glue reads one by one (not through the blanket assignment)."""
    rest, _ = _assignment(glue)
    return {a or b for a, b in re.findall(r'wasmExports\.([A-Za-z_$][\w$]*)|wasmExports\["([^"]+)"\]', rest)}


def keep(every: list[tuple[str, int, int]], glue: str, loader: str) -> list[tuple[str, int, int]]:
    """Of the module's exports, those Pyodide's JavaScript can reach."""
    rest, assigned = _assignment(glue)
    text = rest + "\n" + loader
    words = set(re.findall(r"[A-Za-z_$][\w$]*", text))
    strings = {s for group in re.findall(r'"([^"\\]*)"|\'([^\'\\]*)\'|`([^`\\]*)`', text) for s in group if s}
    named = words | strings

    def wanted(name: str, kind: int) -> bool:
        if kind in (TABLE, MEMORY, TAG):
            return True
        if name in named or "_" + name in named:
            return True
        if kind == GLOBAL:
            return name in assigned
        return kind == FUNC and name in ENTRY_POINTS

    return [e for e in every if wanted(e[0], e[1])]


def trim(src: Path, glue: Path, loader: Path, dest: Path) -> tuple[int, int]:
    """Write the trimmed module to `dest`; (exports before, after). Raises on any doubt."""
    data = src.read_bytes()
    glue_text, loader_text = glue.read_text(), loader.read_text()
    every = exports(data)
    kept = keep(every, glue_text, loader_text)
    pruned = dest.with_suffix(".exports.wasm")
    pruned.write_bytes(with_exports(data, kept))
    try:
        subprocess.run(
            ["node", str(WASM_OPT), str(pruned), *FEATURES, "--remove-unused-module-elements", "-o", str(dest)],
            check=True,
        )
    finally:
        pruned.unlink(missing_ok=True)
    have = {name for name, _, _ in exports(dest.read_bytes())}
    missing = sorted(read_by_name(glue_text) - have)
    if missing:
        dest.unlink()
        raise ValueError(f"the trimmed wasm lacks exports the glue reads: {', '.join(missing)}")
    return len(every), len(have)


def main(argv: list[str]) -> int:
    if len(argv) != 4:
        print(__doc__.strip().splitlines()[-1].strip(), file=sys.stderr)
        return 2
    before, after = trim(*(Path(a) for a in argv))
    print(f"exports {before} -> {after}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
