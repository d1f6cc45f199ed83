// Fetches (from a nearby host) and unpacks the Pyodide memory snapshot as soon as it
// starts, and posts the heap once: a Uint8Array, null (there is none), or an error's
// text. Started by index.html's first script, or by web/boot.mjs.
import { nearby, unpack } from "./snapshot.mjs";

const url = new URL("./pyodide/snapshot.bin.gz", self.location.href).href;
unpack(url, nearby(self.location.hostname)).then(
  (heap) => postMessage(heap, heap ? [heap.buffer] : []),
  (e) => postMessage(String(e)),
);
