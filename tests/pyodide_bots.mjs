// Runs search bots inside the shipped Pyodide (dist/pyodide + dist/engine.zip): for each
// case, replays the record, lets the named bot (seed 1) choose for the player to move,
// and prints the moves and the milliseconds each decision took, so CPython and Pyodide
// can be compared (tests/test_pyodide_parity.py; docs/bots.md times the levels with it).
//
//   node tests/pyodide_bots.mjs DIST CASES.json
//   CASES: [{"record": {...}, "bot": "normal", "iterations": 30 or null (the level's own)}, ...]

import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { bootDist } from "../build_scripts/boot_dist.mjs";

const dist = resolve(process.argv[2]);
const cases = readFileSync(process.argv[3], "utf8");
const pyodide = await bootDist(dist);
pyodide.globals.set("CASES", cases);
console.log(pyodide.runPython(String.raw`
import json, sys, time
from pyengine.core.record import replay

out = []
for case in json.loads(CASES):
    game, state = replay(case["record"])
    bot_class = game.bots()[case["bot"]]  # its iteration budget, or the case's; never the clock
    bot_class = type("Budget", (bot_class,), {"iterations": case.get("iterations") or bot_class.iterations,
                                              "max_ms": None})
    p = game.to_move(state)[0]
    started = time.perf_counter()
    move = bot_class(1).choose(game, game.view(state, p), p)
    out.append({"move": str(move), "ms": (time.perf_counter() - started) * 1000})
json.dumps({"python": sys.version.split()[0], "decisions": out})
`));
