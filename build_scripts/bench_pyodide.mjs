// The engine benchmark (pyengine/core/throughput.py) inside the shipped Pyodide under
// node: the same code, the same games, so CPython and Pyodide can be compared.
//
//   node build_scripts/bench_pyodide.mjs DIST '{"games": 20, "runs": 5, "names": [...]}'
//
// Prints one JSON line: {"python": version, "results": [measure(...), ...]}.

import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

try {
  const dist = resolve(process.argv[2]);
  const { loadPyodide } = await import(pathToFileURL(join(dist, "pyodide", "pyodide.mjs")).href);
  const pyodide = await loadPyodide({ indexURL: join(dist, "pyodide") + "/" });
  pyodide.FS.writeFile("/tmp/engine.zip", new Uint8Array(readFileSync(join(dist, "engine.zip"))));
  pyodide.globals.set("ARGS", process.argv[3]);
  console.log(pyodide.runPython(String.raw`
import json, sys
sys.path.insert(0, "/tmp/engine.zip")
from pyengine.core.throughput import measure
args = json.loads(ARGS)
json.dumps({"python": sys.version.split()[0],
            "results": [measure(n, games=args["games"], runs=args["runs"]) for n in args["names"]]})
`));
} catch (e) {
  console.error(String(e && e.message || e));
  process.exit(1);
}
