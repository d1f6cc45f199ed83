// PyScript's interpreter module (each page's config): Pyodide's own loadPyodide, with the
// things a first visit over a slow network needs:
//
// 1. The memory snapshot (build_scripts/make_snapshot.mjs) where it pays. Restoring the
//    heap skips Python's start-up (about 0.4 s on a desktop), but the file is 4 MB
//    that gzip cannot shrink: on a first visit at 10 Mbit/s it would cost 3.5 s to
//    save 0.4 s. So it comes from the service worker's cache (a returning visit; the
//    worker caches it after the page is ready), or from the network only when the
//    host is on this computer or its local network (nearby()), where it costs ~0.1 s.
//    Pyodide starts at once and takes the bytes when they are unpacked. The snapshot
//    API is underscored in Pyodide, so anything that goes wrong with it falls back to
//    a normal start, and <html data-snapshot> says which happened: "used", "none" or
//    "failed".
// 2. The bytes of the big files as they arrive, for the loading bar
//    (window.skylineBytes(loaded, total), bytes on the wire; sizes filled in by build.py).
// 3. The service worker registered only once the page is ready (<body data-ready>), so
//    its install never shares the network with the page's own first load, and fills
//    its cache from the HTTP cache the page has just filled.
// 4. The engine (engine.zip), and the one game and the one language the page will show
//    (dist/games/, dist/i18n/), downloaded once Pyodide's own files are in: Python's
//    start waits for the wasm, so nothing else may share the link with it, and Python
//    needs them only once it has started (web/app.py and web/skyweb/parts.py take them
//    up with window.skylineFetch).
// 5. Python started as soon as this module runs, not when PyScript asks for it.
// 6. On a returning visit, the wasm compiled by the snapshot's worker from the cache
//    (index.html asks it to), handed to Pyodide as a module (wasmFromWorker).
import { loadPyodide as boot, version } from "./pyodide/pyodide.mjs";
import { fromCache, nearby, unpack } from "./snapshot.mjs";

export { version };

// PyScript derives indexURL from this module's folder; Pyodide's files are one below.
const indexURL = new URL("./pyodide/", import.meta.url).href;
const SNAPSHOT = new URL("snapshot.bin.gz", indexURL).href;

// Decoded sizes of the files counted for the loading bar; build.py fills them in.
const SIZES = __SKYLINE_SIZES__;
// The snapshot's size unpacked (build.py): Pyodide loads a snapshot cut short without
// an error and then hangs, so one of any other size is never handed to it.
const SNAPSHOT_BYTES = __SKYLINE_SNAPSHOT_BYTES__;

const early = new Map(); // absolute URL -> Promise<Response>, for skylineFetch

// The wasm's module from the snapshot's worker (a returning visit; index.html sets
// window.skylineWasm), or null: the page fetches and compiles it then.
const workerWasm = globalThis.skylineWasm?.then((m) => (m instanceof WebAssembly.Module ? m : null), () => null);

// Fulfilled once the files Python's start waits for are in (or Python has started).
let coreIn;
const core = new Promise((resolve) => { coreIn = resolve; });
const counted = countBytes();
if (workerWasm) wasmFromWorker(workerWasm);
registerWhenReady();
fetchParts();

// The snapshot is looked up (and, from a nearby host, downloaded) and unpacked by a
// worker: unpacking takes ~0.2 s, which on the main thread would hold up PyScript's own
// start-up for as long. `snapshot.expected` says at once whether to wait for one (a
// nearby host, or a copy in Cache Storage: the worker's own answer would come only when
// the busy main thread reads it); `snapshot.bytes` is the unpacked snapshot, or null.
const snapshot = findSnapshot(SNAPSHOT, nearby(globalThis.location?.hostname ?? ""));

function findSnapshot(url, network) {
  if (typeof caches === "undefined" && !network) {
    return { expected: Promise.resolve(false), bytes: Promise.resolve(null) };
  }
  const expected = network ? Promise.resolve(true) : fromCache(url).then((r) => Boolean(r?.ok), () => false);
  const bytes = (globalThis.skylineSnapshot ?? startWorker()).then((result) => {
    if (result === null || result instanceof Uint8Array) return result;
    // A browser without module workers: unpack here (on the main thread, ~0.3 s).
    if (String(result).startsWith("worker:")) return unpack(url, network).catch(failed);
    return failed(result);
  });
  return { expected, bytes };
}

// web/snapshot.mjs, run as a worker: fetches (from a nearby host) and unpacks the
// snapshot as soon as it starts, whatever it will find. index.html starts it from its
// first script, while the main thread is still idle (a worker's start waits for the main
// thread: from here it began ~0.5 s late, behind Pyodide's own start); other pages start
// it here.
// The same lines as index.html's.
function startWorker() {
  if (typeof Worker === "undefined") return Promise.resolve("worker: none");
  return new Promise((resolve) => {
    try {
      const worker = new Worker(new URL("./snapshot.mjs", import.meta.url), { type: "module" });
      worker.onmessage = (e) => { if (e.data?.heap !== undefined) resolve(e.data.heap); };
      worker.onerror = (e) => resolve(`worker: ${e.message}`);
    } catch (e) {
      resolve(`worker: ${e}`);
    }
  });
}

let snapshotFailed = false;

function failed(why) {
  snapshotFailed = true;
  console.warn("Skyline: the Pyodide snapshot could not be read, starting Python normally:", why);
  return null;
}

function report(how) {
  const root = globalThis.document?.documentElement;
  if (root) root.dataset.snapshot = how;
}

// Pyodide fetches its files with the global fetch (the wasm streams into the compiler
// as it arrives): each response of a counted file passes through a stream that counts.
// The bar says what crosses the network, not what it unpacks to (4.8 MB with gzip,
// not 12.4): a file's decoded bytes count at its Content-Length over its size, and a
// file whose response has not come yet at the ratio of those that have.
// It also sees when the wasm and the stdlib are in (coreIn).
// Returns a function that counts a file as arrived in full without a response (the
// worker's wasm).
function countBytes() {
  if (typeof TransformStream === "undefined") {
    coreIn();
    return () => {};
  }
  const waitedFor = ["pyodide.asm.wasm", "python_stdlib.zip"];
  const arrived = new Set();
  const ratio = {}; // file name -> bytes on the wire per decoded byte
  const decoded = {}; // file name -> decoded bytes so far
  const onTheWire = () => {
    const known = Object.values(ratio);
    const usual = known.length ? known.reduce((a, b) => a + b, 0) / known.length : 1;
    let loaded = 0;
    let total = 0;
    for (const [name, size] of Object.entries(SIZES)) {
      total += size * (ratio[name] ?? usual);
      loaded += (decoded[name] ?? 0) * (ratio[name] ?? usual);
    }
    return [Math.round(Math.min(loaded, total)), Math.round(total)];
  };
  // One report per frame, not per chunk: on a fast link the chunks come by the
  // thousand, and redrawing the bar for each took 90 ms of the main thread that
  // Python's start needs (measured on a local first visit).
  let pending = false;
  const report = () => {
    if (pending) return;
    pending = true;
    const later = globalThis.requestAnimationFrame ?? ((f) => setTimeout(f, 16));
    later(() => {
      pending = false;
      globalThis.skylineBytes?.(...onTheWire());
    });
  };
  const arrive = (name) => {
    report();
    arrived.add(name);
    if (waitedFor.every((n) => arrived.has(n))) coreIn();
  };
  const fetch0 = globalThis.fetch;
  globalThis.fetch = async function (input, init) {
    const response = await fetch0.call(this, input, init);
    const url = typeof input === "string" ? input : input?.url ?? String(input);
    const name = new URL(url, location.href).pathname.split("/").pop();
    if (!(name in SIZES) || !response.body || !response.ok) return response;
    const length = Number(response.headers.get("content-length"));
    ratio[name] = length > 0 ? Math.min(1, length / SIZES[name]) : 1;
    const count = new TransformStream({
      transform(chunk, out) {
        decoded[name] = (decoded[name] ?? 0) + chunk.byteLength;
        report();
        out.enqueue(chunk);
      },
      flush: () => arrive(name),
    });
    return new Response(response.body.pipeThrough(count),
      { status: response.status, statusText: response.statusText, headers: response.headers });
  };
  return (name) => {
    decoded[name] = SIZES[name];
    arrive(name);
  };
}

// Pyodide fetches the wasm and instantiates it with WebAssembly.instantiateStreaming;
// it has no option to take a compiled module. So its first instantiation (Pyodide's:
// nothing else instantiates wasm before it) takes the worker's module instead, and
// Pyodide's own response is dropped unread. Without a module, or with one that does
// not link (another build's, which the worker should never find), that response is
// instantiated as before. <html data-wasm> says which happened: "worker" or "page".
function wasmFromWorker(module) {
  const instantiate0 = WebAssembly.instantiateStreaming;
  WebAssembly.instantiateStreaming = async function (source, imports) {
    WebAssembly.instantiateStreaming = instantiate0;
    const compiled = await module;
    if (compiled) {
      try {
        const instance = await WebAssembly.instantiate(compiled, imports);
        Promise.resolve(source).then((r) => r.body?.cancel()).catch(() => {});
        document.documentElement.dataset.wasm = "worker";
        counted("pyodide.asm.wasm");
        return { module: compiled, instance };
      } catch (e) {
        console.warn("Skyline: the cached wasm did not link, compiling the page's copy:", e);
      }
    }
    document.documentElement.dataset.wasm = "page";
    return instantiate0.call(WebAssembly, source, imports);
  };
}

// What index.html will show first (window.skylinePre, set by its inline script in the
// language Python will pick): the URL's game, or the lobby's first game and the saved
// game's, and that language. A page without it (embed.html) fetches its own parts once
// it knows them (skyweb/embed.py).
function chooseParts() {
  const pre = globalThis.skylinePre;
  if (!pre) return { games: [], langs: [] };
  const GAMES = ["manhattan", "newyork1901", "chinatown", "brussels1893"];
  const games = [];
  if (GAMES.includes(pre.game)) games.push(pre.game);
  else if (!location.hash.startsWith("#record=")) {  // a shared game names its own
    games.push(GAMES[0]);
    try {
      const saved = JSON.parse(localStorage.getItem("skyline.autosave") || "null");
      if (saved && GAMES.includes(saved.game) && !games.includes(saved.game)) games.push(saved.game);
    } catch (e) { /* no saved game to show, or storage off */ }
  }
  return { games, langs: pre.lang === "en" ? [] : [pre.lang] };
}

// Python's fetch (window.skylineFetch): the Response of a request started early here,
// handed over once, or a new fetch.
globalThis.skylineFetch = (url) => {
  const href = new URL(url, location.href).href;
  const response = early.get(href) ?? fetch(href);
  early.delete(href);
  return response;
};

function fetchParts() {
  if (!globalThis.document) return;
  const parts = chooseParts();
  globalThis.skylineParts = parts;
  const urls = ["./engine.zip", ...parts.games.map((g) => `./games/${g}.zip`),
    ...parts.langs.map((l) => `./i18n/${l}.json`)];
  for (const url of urls) {
    const href = new URL(url, import.meta.url).href;
    early.set(href, core.then(() => fetch(href)));
  }
}

function registerWhenReady() {
  const doc = globalThis.document;
  if (!doc || !("serviceWorker" in navigator) || !location.protocol.startsWith("http")) return;
  const register = () => {
    // <html data-offline="ready"> once it is active (and so holds every file).
    navigator.serviceWorker.register("./sw.js").then(() => navigator.serviceWorker.ready)
      .then(() => { doc.documentElement.dataset.offline = "ready"; })
      .catch((e) => console.warn("offline install unavailable:", e.message));
  };
  const ready = () => doc.body?.hasAttribute("data-ready");
  if (ready()) return register();
  const watch = new MutationObserver(() => {
    if (!ready()) return;
    watch.disconnect();
    register();
  });
  watch.observe(doc.documentElement, { attributes: true, subtree: true, attributeFilter: ["data-ready"] });
}

// Python starts as soon as this module runs, not when PyScript asks for it, so that
// PyScript's own loading (its chunks, its config, its IndexedDB) may overlap Python's
// start. Measured: no change in time to ready today, locally or at 10 Mbit/s, where the
// wasm and then the main thread are the critical path. PyScript's own options are only
// its stdout and stderr, which the running start hands on to.
const streams = { stdout: console.log, stderr: console.error };
const python = globalThis.document ? start({
  stdout: (...a) => streams.stdout(...a),
  stderr: (...a) => streams.stderr(...a),
}) : null;

export function loadPyodide(options = {}) {
  const { stdout, stderr, indexURL: _, ...rest } = options;
  if (!python || Object.keys(rest).length) return start(options);
  if (stdout) streams.stdout = stdout;
  if (stderr) streams.stderr = stderr;
  return python;
}

function start(options) {
  const started = startPython(options).then(compiledPyScript);
  started.then(coreIn, coreIn);
  return started;
}

// PyScript writes its own Python package as source on every start and compiles it
// before app.py runs (~40 ms of the main thread); build.py ships it compiled in the
// stdlib zip (pyscript-core/), found here first. Without that folder (another stdlib),
// the written sources are imported as before.
function compiledPyScript(pyodide) {
  pyodide.runPython('import sys\nsys.path.insert(0, next(p for p in sys.path if p.endswith(".zip")) + "/pyscript-core")');
  return pyodide;
}

async function startPython(options) {
  const settings = { ...options, indexURL };
  if (!(await snapshot.expected)) {
    report("none");
    return boot(settings);
  }
  // Pyodide awaits the bytes only once its own module is in, so that download and
  // unpacking overlap its start. A snapshot it cannot use rejects there, before
  // Pyodide instantiates anything, and Python starts normally.
  let missing = false;
  const checked = snapshot.bytes.then((bytes) => {
    missing = bytes === null && !snapshotFailed;
    if (!bytes) throw new Error("no snapshot");
    if (bytes.length !== SNAPSHOT_BYTES) {
      throw new Error(`the snapshot has ${bytes.length} bytes, not ${SNAPSHOT_BYTES}`);
    }
    return bytes;
  });
  // Pyodide awaits it only once its module is in: a snapshot that fails sooner (cut
  // short, say) would meanwhile be an unhandled rejection, an error in the console.
  // Its await below still sees the rejection.
  checked.catch(() => {});
  try {
    const pyodide = await boot({ ...settings, _loadSnapshot: checked });
    report("used");
    return pyodide;
  } catch (e) {
    // A nearby host without the file (a host may leave it out) is no failure.
    if (!missing) console.warn("Skyline: the Pyodide snapshot did not load, starting Python normally:", e);
    report(missing ? "none" : "failed");
    return boot(settings);
  }
}
