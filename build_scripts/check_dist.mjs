// Smoke test of a built dist/ under node: boot dist/pyodide with its compiled
// stdlib, put dist/engine.zip on sys.path and import every engine module.
//
//   node build_scripts/check_dist.mjs [dist]
//
// Exits non-zero (with the Python traceback) if anything fails to import.

import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

// An uncaught error would make node print the offending source line, which for
// Pyodide is the whole 1.2 MB minified pyodide.asm.mjs: print just the message.
try {
  const dist = resolve(process.argv[2] ?? "dist");
  const { loadPyodide } = await import(pathToFileURL(join(dist, "pyodide", "pyodide.mjs")).href);

  const t0 = performance.now();
  // indexURL makes Pyodide read pyodide.asm.*, the lock file and python_stdlib.zip
  // from dist/pyodide/ rather than from node_modules.
  const pyodide = await loadPyodide({ indexURL: join(dist, "pyodide") + "/" });
  const bootMs = performance.now() - t0;

  pyodide.FS.writeFile("/tmp/engine.zip", new Uint8Array(readFileSync(join(dist, "engine.zip"))));
  const report = pyodide.runPython(String.raw`
import importlib, json, sys, time, zipfile

# The stdlib must come from .pyc, or the compiled zip is not what booted.
if not json.__file__.endswith(".pyc"):
    raise RuntimeError(f"stdlib not compiled: json from {json.__file__}")

sys.path.insert(0, "/tmp/engine.zip")
t = time.perf_counter()
names = []
for entry in zipfile.ZipFile("/tmp/engine.zip").namelist():
    if entry.endswith(".pyc"):
        name = entry[:-4].replace("/", ".").removesuffix(".__init__")
        # importing __main__ would run the CLI; the DOM modules need a browser page (pyscript)
        if not name.endswith("__main__") and name not in ("skyweb.ui", "skyweb.embed", "skyweb.dom",
                                                          "skyweb.lobby", "skyweb.replay", "skyweb.dialogs"):
            names.append(name)
for name in sorted(names):
    module = importlib.import_module(name)
    if not module.__file__.startswith("/tmp/engine.zip/"):
        raise RuntimeError(f"{name} imported from {module.__file__}, not engine.zip")
json.dumps({"version": sys.version.split()[0], "modules": len(names),
            "import_ms": round((time.perf_counter() - t) * 1000)})
  `);
  const info = JSON.parse(report);
  console.log(`check_dist: OK  Python ${info.version}`);
  console.log(`  loadPyodide ${bootMs.toFixed(0)} ms, imported ${info.modules} engine and page modules in ${info.import_ms} ms`);
} catch (e) {
  console.error(`check_dist: FAILED\n${e.message ?? e}`);
  process.exit(1);
}
