// PyScript's interpreter module (pyscript.json): Pyodide's own loadPyodide, started
// from the memory snapshot that the build made of a freshly booted interpreter
// (build_scripts/make_snapshot.mjs). Restoring the heap skips Python's start-up:
// about a sixth of the time to a ready page. The snapshot API is underscored in
// Pyodide, so anything that goes wrong with it (missing file, old browser, a
// snapshot that does not load) falls back to a normal start, and
// <html data-snapshot> says which happened: "used", "none" or "failed".
import { loadPyodide as boot, version } from "./pyodide/pyodide.mjs";

export { version };

// PyScript derives indexURL from this module's folder; Pyodide's files are one below.
const indexURL = new URL("./pyodide/", import.meta.url).href;

// Fetched and unpacked by a worker as soon as this module runs (index.html runs it
// before PyScript): gunzipping 31 MB takes ~250 ms, which on the main thread would
// hold up PyScript's own start-up for as long.
const snapshot = fetchSnapshot(new URL("snapshot.bin.gz", indexURL).href);

function fetchSnapshot(url) {
  if (typeof Worker === "undefined") return unpack(url).catch(failed);
  return new Promise((resolve) => {
    let worker;
    try {
      const code = `${unpack};\nonmessage = (e) => unpack(e.data).then(` +
        "(b) => postMessage(b, b ? [b.buffer] : []), (err) => postMessage(String(err)));";
      worker = new Worker(URL.createObjectURL(new Blob([code], { type: "text/javascript" })));
    } catch (e) {
      resolve(unpack(url).catch(failed));
      return;
    }
    worker.onmessage = (e) => {
      worker.terminate();
      resolve(typeof e.data === "string" ? failed(e.data) : e.data);
    };
    worker.onerror = (e) => {
      worker.terminate();
      resolve(failed(e.message));
    };
    worker.postMessage(url);
  });
}

// Runs in the worker (its source is sent there), or here if workers are unavailable.
async function unpack(url) {
  const response = await fetch(url);
  if (!response.ok) return null;
  const bytes = new Uint8Array(await response.arrayBuffer());
  // A server that labels .gz files Content-Encoding: gzip has had the browser unpack it.
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  const unpacked = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(unpacked).arrayBuffer());
}

function failed(why) {
  console.warn("Skyline: no Pyodide snapshot, starting Python normally:", why);
  return null;
}

function report(how) {
  const root = globalThis.document?.documentElement;
  if (root) root.dataset.snapshot = how;
}

export async function loadPyodide(options = {}) {
  const settings = { ...options, indexURL };
  const bytes = await snapshot;
  if (bytes) {
    try {
      const pyodide = await boot({ ...settings, _loadSnapshot: bytes });
      report("used");
      return pyodide;
    } catch (e) {
      console.warn("Skyline: the Pyodide snapshot did not load, starting Python normally:", e);
      report("failed");
      return boot(settings);
    }
  }
  report("none");
  return boot(settings);
}
