// The engine benchmark (pyengine/core/throughput.py) inside the shipped Pyodide under
// node: the same code, the same games, so CPython and Pyodide can be compared.
//
//   node build_scripts/bench_pyodide.mjs DIST '{"games": 20, "runs": 5, "names": [...]}'
//
// Prints one JSON line: {"python": version, "results": [measure(...), ...]}.

import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { bootDist } from "./boot_dist.mjs";

try {
  const dist = resolve(process.argv[2]);
  const pyodide = await bootDist(dist);
  pyodide.globals.set("ARGS", process.argv[3]);
  console.log(pyodide.runPython(String.raw`
import json, sys
from pyengine.core.throughput import measure
args = json.loads(ARGS)
json.dumps({"python": sys.version.split()[0],
            "results": [measure(n, games=args["games"], runs=args["runs"]) for n in args["names"]]})
`));
} catch (e) {
  console.error(String(e && e.message || e));
  process.exit(1);
}
