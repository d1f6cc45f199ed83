// Make a Pyodide memory snapshot of a freshly booted interpreter, without its empty
// pages (web/snapshot.mjs) and gzipped, and check that it boots again before
// anyone ships it.
//
//   node build_scripts/make_snapshot.mjs <dist>/pyodide <out.gz>
//
// The snapshot is the wasm heap just after Python started, plus the pure-stdlib modules
// the page imports before it is ready (listed below), so the browser skips Python's
// start-up. Nothing that holds a JavaScript object may be imported here (`js`,
// `pyodide.http`, PyScript): a snapshot cannot carry JavaScript references. Pyodide
// calls this API `_makeSnapshot`/`_loadSnapshot` (underscore: not covered by semver),
// so web/boot.mjs falls back to a normal start if loading it fails, and this script
// proves the snapshot boots with the same Pyodide it was made from (build.py keys its
// cache on the Pyodide version and the stdlib zip).

import { gzipSync, gunzipSync } from "node:zlib";
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { fromPages, toPages } from "../web/snapshot.mjs";

// Imported by PyScript's own package and the engine after boot (measured
// in the page: the stdlib modules present at data-ready that a fresh Pyodide lacks).
const PRELOAD = ["hashlib", "html", "html.entities"];

try {
  const [dir, out] = process.argv.slice(2);
  const indexURL = resolve(dir) + "/";
  const { loadPyodide } = await import(pathToFileURL(indexURL + "pyodide.mjs").href);

  const maker = await loadPyodide({ indexURL, _makeSnapshot: true });
  maker.runPython(PRELOAD.map((m) => `import ${m}`).join("\n"));
  const raw = maker.makeMemorySnapshot();
  const packed = gzipSync(toPages(raw), { level: 9 });

  // The proof: boot from the packed bytes exactly as the page will, then run Python
  // that needs both the restored heap (a preloaded module) and the stdlib zip.
  const again = await loadPyodide({ indexURL, _loadSnapshot: fromPages(gunzipSync(packed)) });
  const check = again.runPython(
    "import sys, json, html\n" +
    `missing = [m for m in ${JSON.stringify(PRELOAD)} if m not in sys.modules]\n` +
    "json.dumps({'missing': missing, 'escaped': html.escape('<b>'), 'version': sys.version.split()[0]})");
  const info = JSON.parse(check);
  if (info.missing.length || info.escaped !== "&lt;b&gt;") {
    throw new Error(`the snapshot booted but is not the one made: ${check}`);
  }
  writeFileSync(out, packed);
  console.log(JSON.stringify({ raw: raw.length, gzip: packed.length, python: info.version }));
} catch (e) {
  console.error(`make_snapshot: FAILED\n${e.message ?? e}`);
  process.exit(1);
}
