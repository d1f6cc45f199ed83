// Replays game records inside the shipped Pyodide (dist/pyodide + dist/engine.zip)
// and prints one state hash per record, so CPython and Pyodide can be compared.
//
//   node tests/pyodide_replay.mjs DIST RECORDS.json   (a JSON list of records)

import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const dist = resolve(process.argv[2]);
const records = readFileSync(process.argv[3], "utf8");
const { loadPyodide } = await import(pathToFileURL(join(dist, "pyodide", "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: join(dist, "pyodide") + "/" });
pyodide.FS.writeFile("/tmp/engine.zip", new Uint8Array(readFileSync(join(dist, "engine.zip"))));
pyodide.globals.set("RECORDS", records);
console.log(pyodide.runPython(String.raw`
import json, sys
sys.path.insert(0, "/tmp/engine.zip")
from pyengine.core.game import state_hash
from pyengine.core.record import replay
json.dumps({"python": sys.version.split()[0],
            "hashes": [state_hash(replay(r)[1]) for r in json.loads(RECORDS)]})
`));
