// Byte-compile the .py files of zip archives with Pyodide's own interpreter.
//
//   node build_scripts/compile_pyc.mjs SPEC.json
//
// SPEC = {"boot_stdlib": null | "path/to/compiled_stdlib.zip",
//         "jobs": [{"src": "in.zip", "dst": "out.zip", "prefix": "", "store": false}, ...]}
// "store": write the entries uncompressed (HTTP gzip then compresses across files);
// "optimize": compile()'s level (2 drops docstrings and asserts).
// "def_lines": every instruction reports its function's first line (a traceback still
// names the file, the function and its def line); the line tables are a sixth of our
// gzipped code, and this keeps the page's own code under its byte budget.
// "prefix" + the archive path names each code object (what tracebacks show);
// null means the runtime's stdlib zip (/lib/python3XY.zip/), where Pyodide mounts it.
// Prints one JSON line: {"version", "magic", "cache_tag", "jobs": [{"pyc", "other"}]}.
//
// Why not the host Python or pyodide-build: the host is 3.11 and Pyodide is 3.14;
// a .pyc is only valid for the exact interpreter that wrote it (magic number).

import { readFileSync, writeFileSync } from "node:fs";
import { loadPyodide } from "pyodide";

const COMPILER = String.raw`
import marshal, sys, warnings, zipfile
# What importlib.util re-exports; frozen, so it is there when the compiler boots from
# the trimmed stdlib (which has no importlib.util).
from importlib._bootstrap_external import MAGIC_NUMBER as MAGIC
STAMP = (1980, 1, 1, 0, 0, 0)  # fixed zip timestamps: same input, same bytes out

def _info(name, is_dir=False, store=False):
    info = zipfile.ZipInfo(name, STAMP)
    info.external_attr = (0o40755 if is_dir else 0o100644) << 16
    info.compress_type = zipfile.ZIP_STORED if is_dir or store else zipfile.ZIP_DEFLATED
    return info

NO_COLUMNS = 13  # location entry kind: a line delta, no columns (Objects/locations.md)

def def_lines(code):
    # One entry per 8 code units (the most one entry covers), each "same line as before";
    # the first line is co_firstlineno, so every instruction maps to the def line.
    n = len(code.co_code) // 2
    table = bytes([0x80 | (NO_COLUMNS << 3) | 7, 0]) * (n // 8)
    if n % 8:
        table += bytes([0x80 | (NO_COLUMNS << 3) | (n % 8 - 1), 0])
    consts = tuple(def_lines(c) if isinstance(c, type(code)) else c for c in code.co_consts)
    return code.replace(co_linetable=table, co_consts=consts)

def pyc_bytes(source, filename, optimize=0, flat=False):
    code = compile(source, filename, "exec", dont_inherit=True, optimize=optimize)
    if flat:
        code = def_lines(code)
    # PEP 552 header: magic, flags=0 (timestamp-based), mtime, source size.
    # zipimport only compares mtime/size when the .py is also in the zip; we
    # leave it out, so mtime stays 0 for reproducible output.
    return MAGIC + bytes(8) + (len(source) & 0xFFFFFFFF).to_bytes(4, "little") + marshal.dumps(code)

def compile_zip(src, dst, prefix, quiet, store=False, optimize=0, flat=False):
    pyc = other = 0
    dirs = set()
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w") as zout, warnings.catch_warnings():
        # SyntaxWarnings are worth seeing in our code, not in the stdlib's.
        warnings.simplefilter("ignore" if quiet else "default")
        for item in zin.infolist():
            name = item.filename
            # Directory entries let zipimport find namespace packages (dirs
            # without __init__.py); add any the source zip left out.
            parts = name.split("/")[:-1]
            for i in range(1, len(parts) + 1):
                d = "/".join(parts[:i]) + "/"
                if d not in dirs:
                    dirs.add(d)
                    zout.writestr(_info(d, is_dir=True), b"")
            if item.is_dir():
                continue
            data = zin.read(item)
            if name.endswith(".py"):
                zout.writestr(_info(name + "c", store=store), pyc_bytes(data, prefix + name, optimize, flat))
                pyc += 1
            else:
                zout.writestr(_info(name, store=store), data)
                other += 1
    return pyc, other

def verify(path):
    # Read back what we wrote: every .pyc must carry this runtime's magic and
    # unmarshal to code, or the browser would fail at import time instead.
    with zipfile.ZipFile(path) as z:
        for name in z.namelist():
            if name.endswith(".pyc"):
                data = z.read(name)
                if data[:4] != MAGIC:
                    raise RuntimeError(f"{path}:{name}: magic {data[:4].hex()} != runtime {MAGIC.hex()}")
                if type(marshal.loads(data[16:])).__name__ != "code":
                    raise RuntimeError(f"{path}:{name}: not a code object")

STDLIB_ZIP = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip/"
`;

// An uncaught error would make node print the offending source line, which for
// Pyodide is the whole 1.2 MB minified pyodide.asm.mjs: print just the message
// (for a PythonError, the Python traceback).
try {
  const spec = JSON.parse(readFileSync(process.argv[2], "utf8"));
  // Booting from an already compiled stdlib (cached by build.py) saves ~1.5 s.
  // PYTHONNODEBUGRANGES: code objects without column positions (tracebacks lose their
  // ^^^ markers, nothing else): our .pyc gzip to about 30% less.
  const env = { PYTHONNODEBUGRANGES: "1" };
  const pyodide = await loadPyodide(spec.boot_stdlib ? { stdLibURL: spec.boot_stdlib, env } : { env });
  pyodide.runPython(COMPILER);
  const compileZip = pyodide.globals.get("compile_zip");
  const verify = pyodide.globals.get("verify");

  const jobs = [];
  for (const [i, job] of spec.jobs.entries()) {
    const src = `/tmp/src${i}.zip`;
    const dst = `/tmp/dst${i}.zip`;
    pyodide.FS.writeFile(src, new Uint8Array(readFileSync(job.src))); // Buffer -> Uint8Array for Pyodide
    const stdlib = job.prefix == null;
    const prefix = stdlib ? pyodide.globals.get("STDLIB_ZIP") : job.prefix;
    const counts = compileZip(src, dst, prefix, stdlib, Boolean(job.store), job.optimize ?? 0, Boolean(job.def_lines)).toJs();
    verify(dst);
    writeFileSync(job.dst, pyodide.FS.readFile(dst));
    jobs.push({ pyc: counts[0], other: counts[1] });
  }

  const info = pyodide.runPython(
    "import json; json.dumps({'version': sys.version, 'magic': MAGIC.hex(), 'cache_tag': sys.implementation.cache_tag})",
  );
  console.log(JSON.stringify({ ...JSON.parse(info), jobs }));
} catch (e) {
  console.error(`compile_pyc: ${e.message ?? e}`);
  process.exit(1);
}
