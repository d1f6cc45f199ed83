// Smoke test of a built dist/ under node: boot dist/ as the page does (boot_dist.mjs:
// the trimmed, compiled stdlib, engine.zip, the games and the catalogs), import every
// engine module and play a random game of every game at its smallest and largest table, drawing the
// board each turn. A stdlib module the trimmed zip lacks fails here, in the build
// (add it to build_scripts/stdlib-modules.txt), not in a player's game.
//
//   node build_scripts/check_dist.mjs [dist]
//
// Exits non-zero (with the Python traceback) if anything fails to import.

import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { bootDist } from "./boot_dist.mjs";

// Every FILE.gz and FILE.br must unpack to FILE: a server sends them in its place.
function checkPrecompressed(dir) {
  let n = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) { n += checkPrecompressed(path); continue; }
    const unpack = name.endsWith(".br") ? brotliDecompressSync : name.endsWith(".gz") ? gunzipSync : null;
    const original = path.slice(0, -3);
    if (!unpack || !existsSync(original)) continue;
    if (!unpack(readFileSync(path)).equals(readFileSync(original))) throw new Error(`${path} is not ${original} compressed`);
    n += 1;
  }
  return n;
}

// An uncaught error would make node print the offending source line, which for
// Pyodide is the whole 1.2 MB minified pyodide.asm.mjs: print just the message.
try {
  const packed = checkPrecompressed(resolve(process.argv[2] ?? "dist"));
  const t0 = performance.now();
  const pyodide = await bootDist(process.argv[2] ?? "dist");
  const bootMs = performance.now() - t0;

  const report = pyodide.runPython(String.raw`
import importlib, json, os, sys, time, zipfile

# The stdlib must come from .pyc, or the compiled zip is not what booted.
if not json.__file__.endswith(".pyc"):
    raise RuntimeError(f"stdlib not compiled: json from {json.__file__}")

t = time.perf_counter()
names = []
zips = ["/tmp/engine.zip", "/tmp/study.zip", "/tmp/table.zip"] + [f"/tmp/games/{n}" for n in sorted(os.listdir("/tmp/games"))]
for entry in (e for z in zips for e in zipfile.ZipFile(z).namelist()):
    if entry.endswith(".pyc"):
        name = entry[:-4].replace("/", ".").removesuffix(".__init__")
        # importing __main__ would run the CLI; the DOM modules need a browser page (pyscript)
        if not name.endswith("__main__") and name not in ("skyweb.ui", "skyweb.embed", "skyweb.dom",
                                                          "skyweb.lobby", "skyweb.replay", "skyweb.dialogs", "skyweb.parts",
                                                          "skyweb.study", "skyweb.learn", "skyweb.editor", "skyweb.table.screen",
                                                          "skyweb.table.codes", "skyweb.table.online_page"):
            names.append(name)
for name in sorted(names):
    module = importlib.import_module(name)
    if not module.__file__.startswith(("/tmp/engine.zip/", "/tmp/study.zip/", "/tmp/table.zip/", "/tmp/games/")):
        raise RuntimeError(f"{name} imported from {module.__file__}, not dist/")
import_ms = round((time.perf_counter() - t) * 1000)

import pyengine
from pyengine.core.bots import RandomBot

t = time.perf_counter()
played = 0
for name in pyengine.GAMES:
    game = pyengine.load_game(name)
    for players in sorted({min(game.player_counts), max(game.player_counts)}):
        state = game.new_game(players, 7, {})
        bot = RandomBot(7)
        while not game.is_over(state):
            p = game.to_move(state)[0]
            view = game.view(state, p)
            game.render(view, p)
            state = game.apply(state, bot.choose(game, view, p))
            played += 1
        game.render(game.view(state, 0), 0)
    if len(game.rules_reference()) < 1000:  # read from the game's zip (importlib.resources)
        raise RuntimeError(f"{name}: RULES.md is missing from its zip")
json.dumps({"version": sys.version.split()[0], "modules": len(names), "import_ms": import_ms,
            "moves": played, "play_ms": round((time.perf_counter() - t) * 1000)})
  `);
  const info = JSON.parse(report);
  console.log(`check_dist: OK  Python ${info.version}; ${packed} precompressed files match their originals`);
  console.log(`  loadPyodide ${bootMs.toFixed(0)} ms, imported ${info.modules} engine and page modules in ${info.import_ms} ms,`
    + ` played ${info.moves} moves of random games in ${info.play_ms} ms`);
} catch (e) {
  console.error(`check_dist: FAILED\n${e.message ?? e}`);
  process.exit(1);
}
