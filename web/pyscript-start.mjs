// PyScript's core, started once the browser's storage is known to work (embed.html and
// learn.html, the pages other sites put in frames).
//
// In a frame of another site with third-party storage blocked (Chrome's incognito
// windows, any browser set to block third-party cookies) indexedDB.open fails, and
// PyScript's start awaits its package cache in IndexedDB: it never ran, and the frame
// said "Loading…" for ever. There fake-indexeddb, in memory, stands in for IndexedDB:
// nothing the page keeps there needs to outlive it. A page that is not in a frame, or
// whose frame may store, starts PyScript at once.
async function storageWorks() {
  try {
    return await new Promise((resolve) => {
      const request = indexedDB.open("skyline-probe");
      request.onsuccess = () => { request.result.close(); resolve(true); };
      request.onerror = (event) => { event.preventDefault(); resolve(false); };
    });
  } catch {
    return false;  // a browser that throws instead
  }
}

if (window.top !== window && !(await storageWorks())) {
  const { indexedDB } = await import("./vendor/fake-indexeddb/index.js");
  Object.defineProperty(globalThis, "indexedDB", { value: indexedDB, configurable: true, writable: true });
  document.documentElement.dataset.storage = "memory";
}
await import("./pyscript/core.js");
