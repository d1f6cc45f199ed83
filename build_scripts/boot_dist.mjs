// Boot a built dist/ under node as the page does: its Pyodide (with the trimmed,
// compiled stdlib), engine.zip, study.zip and table.zip on sys.path, every game of dist/games/ mounted on
// pyengine.games' path and every catalog of dist/i18n/ added (in the page,
// web/skyweb/parts.py fetches these one by one as they are needed).
//
//   import { bootDist } from "./boot_dist.mjs";
//   const pyodide = await bootDist("dist");
//
// Used by check_dist.mjs, bench_pyodide.mjs and the Pyodide tests (tests/pyodide_*.mjs).

import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

export async function bootDist(distDir) {
  const dist = resolve(distDir);
  const { loadPyodide } = await import(pathToFileURL(join(dist, "pyodide", "pyodide.mjs")).href);
  // indexURL makes Pyodide read pyodide.asm.*, the lock file and python_stdlib.zip
  // from dist/pyodide/ rather than from node_modules.
  const pyodide = await loadPyodide({ indexURL: join(dist, "pyodide") + "/" });
  const bytes = (path) => new Uint8Array(readFileSync(path)); // Buffer -> Uint8Array for Pyodide
  pyodide.FS.writeFile("/tmp/engine.zip", bytes(join(dist, "engine.zip")));
  pyodide.FS.writeFile("/tmp/study.zip", bytes(join(dist, "study.zip")));
  pyodide.FS.writeFile("/tmp/table.zip", bytes(join(dist, "table.zip")));
  const games = readdirSync(join(dist, "games")).filter((n) => n.endsWith(".zip"));
  pyodide.FS.mkdirTree("/tmp/games");
  for (const name of games) pyodide.FS.writeFile(`/tmp/games/${name}`, bytes(join(dist, "games", name)));
  const catalogs = {};
  for (const name of readdirSync(join(dist, "i18n"))) {
    if (name.endsWith(".json")) catalogs[name.slice(0, -5)] = readFileSync(join(dist, "i18n", name), "utf8");
  }
  pyodide.globals.set("GAME_ZIPS", pyodide.toPy(games));
  pyodide.globals.set("CATALOGS", pyodide.toPy(catalogs));
  pyodide.runPython(String.raw`
import json, sys
sys.path.insert(0, "/tmp/engine.zip")
import pyengine.games, pyengine.core
pyengine.core.__path__.append("/tmp/study.zip/pyengine/core")  # as web/skyweb/parts.py mount_part
import skyweb, skyweb.table
skyweb.__path__.append("/tmp/table.zip/skyweb")
skyweb.table.__path__.append("/tmp/table.zip/skyweb/table")
from pyengine.core import i18n
pyengine.games.__path__.extend(f"/tmp/games/{name}/pyengine/games" for name in GAME_ZIPS)
for lang, text in CATALOGS.items():
    i18n.add_catalog(lang, json.loads(text))
del GAME_ZIPS, CATALOGS
`);
  return pyodide;
}
