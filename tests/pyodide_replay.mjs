// Replays game records inside the shipped Pyodide (dist/pyodide + dist/engine.zip)
// and prints the state hash after every step of every record, so CPython and Pyodide
// can be compared step by step.
//
//   node tests/pyodide_replay.mjs DIST RECORDS.json   (a JSON list of records)

import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { bootDist } from "../build_scripts/boot_dist.mjs";

try {
  const dist = resolve(process.argv[2]);
  const records = readFileSync(process.argv[3], "utf8");
  const pyodide = await bootDist(dist);
  pyodide.globals.set("RECORDS", records);
  console.log(pyodide.runPython(String.raw`
import json, sys
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
