// Replays game records inside the shipped Pyodide (dist/pyodide + dist/engine.zip)
// and prints the state hash after every step of every record, so CPython and Pyodide
// can be compared step by step.
//
//   node tests/pyodide_replay.mjs DIST RECORDS.json   (a JSON list of records)

import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

try {
  const dist = resolve(process.argv[2]);
  const records = readFileSync(process.argv[3], "utf8");
  const { loadPyodide } = await import(pathToFileURL(join(dist, "pyodide", "pyodide.mjs")).href);
  const pyodide = await loadPyodide({ indexURL: join(dist, "pyodide") + "/" });
  pyodide.FS.writeFile("/tmp/engine.zip", new Uint8Array(readFileSync(join(dist, "engine.zip"))));
  pyodide.globals.set("RECORDS", records);
  console.log(pyodide.runPython(String.raw`
import json, sys
sys.path.insert(0, "/tmp/engine.zip")
from pyengine import load_game
from pyengine.core.game import state_hash

def steps(record):
    game = load_game(record["game"])
    state = game.new_game(record["players"], record["seed"], record["options"])
    out = [state_hash(state)]
    for text in record["moves"]:
        state = game.apply(state, text)
        out.append(state_hash(state))
    return out

json.dumps({"python": sys.version.split()[0], "hashes": [steps(r) for r in json.loads(RECORDS)]})
`));
} catch (e) {
  console.error(String(e && e.message || e));
  process.exit(1);
}
