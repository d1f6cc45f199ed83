// Skyline's service worker: after one visit the whole app works offline.
// build.py fills in the cache name (app build + Pyodide version) and the file list,
// so a new build gets a new cache and the old one is deleted when it activates.
// web/boot.mjs registers it only once the page is ready, so its install never shares
// the network with the page's first load.
const CACHE = "__SKYLINE_CACHE__";
const FILES = __SKYLINE_FILES__;

// Where the browser offers static routes (Chromium 123+), every request for our files
// without a query is answered from this cache without this worker: it need not start,
// nor run its handler for each file (on a reload, the page's first files were asked
// for ~50 ms sooner; data-ready, bound by the main thread, moved within the noise).
// What the cache lacks goes to the network. Requests with a query (a page opened as
// index.html?game=...) and the snapshot worker's own requests still come to the fetch
// handler below, which matches pages without their query.
const SCOPE = new URL("./", self.location).pathname;

self.addEventListener("install", (event) => {
  if (event.addRoutes) {
    event.addRoutes({
      condition: {urlPattern: {pathname: `${SCOPE}*`, search: ""}, requestMethod: "GET"},
      source: {cacheName: CACHE},
    });
  }
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // cache: "no-cache" asks the server whether the HTTP cache's copy is current: the
    // files the page has just loaded come back as 304s of a few hundred bytes instead
    // of a second download, and a stale copy is never stored. What the first visit did
    // not need (the snapshot, the pages and scripts it did not open) comes whole.
    await cache.addAll(FILES.map((f) => new Request(f, {cache: "no-cache"})));
    await storeUnpacked(cache, new URL("./pyodide/snapshot.bin.gz", self.location).href);
    await self.skipWaiting();
  })());
});

// The snapshot is kept gunzipped (11 MB instead of 4): the page's worker then reads it
// in ~30 ms instead of ~130 (web/snapshot.mjs's unpack takes either), and on a
// returning visit Python's start waits for it. A server that sent it with
// Content-Encoding: gzip has had the browser unpack it already.
// One that does not gunzip stays as it came (the page then finds out and starts
// Python normally).
async function storeUnpacked(cache, url) {
  const stored = await cache.match(url);
  if (!stored) return;
  const bytes = new Uint8Array(await stored.arrayBuffer());
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return;
  try {
    const plain = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    await cache.put(url, new Response(await new Response(plain).arrayBuffer(),
      {headers: {"Content-Type": "application/octet-stream"}}));
  } catch (e) {
    console.warn("the snapshot stays stored as it came:", e.message);
  }
}

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("skyline-") && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

// Cache first for our own files. The cached response is the server's own, headers
// included, so pyodide.asm.wasm keeps Content-Type application/wasm and still
// compiles while streaming. Pages are matched without their query (?game=...).
self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(request, {ignoreSearch: request.mode === "navigate"});
    return hit || fetch(request);
  })());
});
