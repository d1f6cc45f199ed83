// Skyline's service worker: after one visit the whole app works offline.
// build.py fills in the cache name (app build + Pyodide version) and the file list,
// so a new build gets a new cache and the old one is deleted when it activates.
// web/boot.mjs registers it only once the page is ready, so its install never shares
// the network with the page's first load.
const CACHE = "__SKYLINE_CACHE__";
const FILES = __SKYLINE_FILES__;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // cache: "no-cache" asks the server whether the HTTP cache's copy is current: the
    // files the page has just loaded come back as 304s of a few hundred bytes instead
    // of a second download, and a stale copy is never stored. What the first visit did
    // not need (the snapshot, the pages and scripts it did not open) comes whole.
    await cache.addAll(FILES.map((f) => new Request(f, {cache: "no-cache"})));
    await self.skipWaiting();
  })());
});

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
