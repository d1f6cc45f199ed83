// The Pyodide memory snapshot: where it is fetched from (nearby), how it is stored
// (without its empty pages: build_scripts/make_snapshot.mjs writes it) and read back
// (unpack, in a worker running this file). Two thirds of the 31 MB heap are 4 kB pages of
// zeros: gzip squeezes them to nothing on the wire, but unpacking still writes them, and
// gunzip's time goes with what it writes (about 400 ms in a worker on the 2-core
// benchmark machine for the whole heap, against 11 MB written now). Stored as:
//
//   "SKYSNAP1", u32 heap bytes, u32 page bytes, u32 pages (little-endian),
//   one bit a page (1: stored), the stored pages one after another.
//
// Plain functions, no imports; no side effects where it is imported (web/boot.mjs, and
// node in the tests). Started as a module worker, it also does the work (the end of
// this file).

const MAGIC = "SKYSNAP1";
// This build's Cache Storage (web/sw.js; build.py fills the name in): the worker reads
// only files of the build whose page started it, never another's left over.
const CACHE = "__SKYLINE_CACHE__";
// undefined where there is no Cache Storage (node, a page outside a secure context).
export async function fromCache(url) {
  if (typeof caches === "undefined") return undefined;
  return caches.match(url, CACHE.startsWith("__") ? {} : { cacheName: CACHE });
}
const PAGE = 4096;
const HEAD = 20; // the magic and three u32

export function toPages(heap) {
  const pages = Math.ceil(heap.length / PAGE);
  const bits = new Uint8Array(Math.ceil(pages / 8));
  const kept = [];
  for (let i = 0; i < pages; i++) {
    const page = heap.subarray(i * PAGE, Math.min(heap.length, (i + 1) * PAGE));
    if (page.some((b) => b !== 0)) {
      bits[i >> 3] |= 1 << (i & 7);
      kept.push(page);
    }
  }
  const size = HEAD + bits.length + kept.reduce((n, p) => n + p.length, 0);
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  for (let i = 0; i < MAGIC.length; i++) out[i] = MAGIC.charCodeAt(i);
  view.setUint32(8, heap.length, true);
  view.setUint32(12, PAGE, true);
  view.setUint32(16, pages, true);
  out.set(bits, HEAD);
  let at = HEAD + bits.length;
  for (const page of kept) {
    out.set(page, at);
    at += page.length;
  }
  return out;
}

// The heap again; an Error for anything that is not a whole stored snapshot.
export function fromPages(stored) {
  const magic = String.fromCharCode(...stored.subarray(0, MAGIC.length));
  if (stored.length < HEAD || magic !== MAGIC) throw new Error("not a Skyline snapshot");
  const view = new DataView(stored.buffer, stored.byteOffset, stored.byteLength);
  const [bytes, page, pages] = [view.getUint32(8, true), view.getUint32(12, true), view.getUint32(16, true)];
  const bits = stored.subarray(HEAD, HEAD + Math.ceil(pages / 8));
  const heap = new Uint8Array(bytes);
  let at = HEAD + bits.length;
  for (let i = 0; i < pages; i++) {
    if (!(bits[i >> 3] & (1 << (i & 7)))) continue;
    const length = Math.min(page, bytes - i * page);
    if (at + length > stored.length) throw new Error("the snapshot is cut short");
    heap.set(stored.subarray(at, at + length), i * page);
    at += length;
  }
  if (at !== stored.length) throw new Error("the snapshot has bytes after its last page");
  return heap;
}

// A host on this computer or its local network (./run.sh serve, a copy on a LAN):
// there the 4 MB of the snapshot cost ~0.1 s and save Python's start (~0.4 s on a
// desktop, more on a phone), so a first visit brings it along. Any other host is
// taken as a real network, where they cost seconds (docs/hosting.md).
export function nearby(hostname) {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, "");
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".local") ||
      host.endsWith(".home.arpa")) return true;
  const v4 = host.match(/^(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) || (a === 169 && b === 254);
  }
  return host === "::1" || /^f[cd][0-9a-f]{0,2}:/.test(host) || /^fe[89ab][0-9a-f]?:/.test(host);
}

// The heap, read from Cache Storage first; the network only if `network` (a nearby
// host). null: there is none. Unpacked as it arrives, so that download and gunzip overlap.
export async function unpack(url, network) {
  let response = await fromCache(url);
  if ((!response || !response.ok) && network) response = await fetch(url);
  if (!response || !response.ok || !response.body) return null;
  const reader = response.body.getReader();
  const first = await reader.read();
  const head = first.value ?? new Uint8Array(0);
  const body = new ReadableStream({
    start(out) {
      if (first.done) out.close();
      else out.enqueue(head);
    },
    async pull(out) {
      const { done, value } = await reader.read();
      if (done) out.close();
      else out.enqueue(value);
    },
  });
  // A server that labels .gz files Content-Encoding: gzip has had the browser unpack it,
  // and the service worker stores it unpacked.
  const gzip = head[0] === 0x1f && head[1] === 0x8b;
  const unpacked = gzip ? body.pipeThrough(new DecompressionStream("gzip")) : body;
  return fromPages(new Uint8Array(await new Response(unpacked).arrayBuffer()));
}

// The wasm compiled from this build's Cache Storage (a returning visit), or null.
// Compiled from the cached Response, V8 takes the machine code it cached last time
// instead of compiling again.
export async function compileCached(url) {
  const response = await fromCache(url);
  return response?.ok ? WebAssembly.compileStreaming(response) : null;
}

// As a module worker (started by index.html's first script, or by web/boot.mjs): fetch
// (from a nearby host) and unpack the snapshot at once, and post {heap} once: a
// Uint8Array, null (there is none), or an error's text. Asked "wasm" (index.html does on
// a returning visit), it posts {wasm}: the compiled module, or null. The page's main
// thread then never handles the wasm's 8.7 MB. One file that imports nothing: a worker's
// own requests go through the service worker's fetch handler (Chromium's static routes
// in web/sw.js answer the page's requests, not a worker's), and on a returning visit in
// a new tab the import of a second file waited for that service worker to start (~0.1 s).
if (typeof DedicatedWorkerGlobalScope !== "undefined" && globalThis instanceof DedicatedWorkerGlobalScope) {
  const here = globalThis.location.href;
  unpack(new URL("./pyodide/snapshot.bin.gz", here).href, nearby(globalThis.location.hostname)).then(
    (heap) => postMessage({ heap }, heap ? [heap.buffer] : []),
    (e) => postMessage({ heap: String(e) }),
  );
  addEventListener("message", (e) => {
    if (e.data !== "wasm") return;
    compileCached(new URL("./pyodide/pyodide.asm.wasm", here).href).then(
      (wasm) => postMessage({ wasm }),
      () => postMessage({ wasm: null }),
    );
  });
}
