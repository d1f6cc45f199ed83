// Issue 46 in the browser's own interpreter: every parser of tests/fuzz_parsers.py gets
// the hostile texts of its HOSTILE table ("[" * 8000, "[" * 100000, ...) inside the shipped
// Pyodide, where the WASM C stack runs out before Python's recursion guard; each must
// answer with its own clear error, and the interpreter must still parse a real record after.
//
//   node tests/pyodide_hostile.mjs DIST tests/fuzz_parsers.py RECORD.json
//
// Prints one JSON object: {python, refused: {parser: {input: line|null}}, after: moves}.

import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { bootDist } from "../build_scripts/boot_dist.mjs";

try {
  const pyodide = await bootDist(resolve(process.argv[2]));
  pyodide.FS.mkdirTree("/hostile/tests");
  pyodide.FS.writeFile("/hostile/tests/fuzz_parsers.py", readFileSync(process.argv[3], "utf8"));
  pyodide.globals.set("RECORD", readFileSync(process.argv[4], "utf8"));
  const out = pyodide.runPython(String.raw`
import json, sys
sys.path.insert(0, "/hostile/tests")
from fuzz_parsers import HOSTILE, PARSERS, check
refused = {}
for name in PARSERS:
    refused[name] = {}
    for key, text in HOSTILE.items():
        try:
            refused[name][key] = check(name, text)
        except AssertionError as e:
            refused[name][key] = "UNCLEAN " + str(e)[:300]
from pyengine.core.record import load_record, replay
game, state = replay(load_record(RECORD))  # alive: a real record still parses and replays
json.dumps({"python": sys.version.split()[0], "refused": refused, "after": len(load_record(RECORD)["moves"])})
`);
  console.log(out);
} catch (e) {
  console.error(String((e && e.message) || e).slice(-3000));
  process.exit(1);
}
