// The Pyodide memory snapshot without its empty pages (build_scripts/make_snapshot.mjs
// writes it, web/boot.mjs reads it). Two thirds of the 31 MB heap are 4 kB pages of
// zeros: gzip squeezes them to nothing on the wire, but unpacking still writes them, and
// gunzip's time goes with what it writes (about 400 ms in a phone-sized worker for the
// whole heap). Stored as:
//
//   "SKYSNAP1", u32 heap bytes, u32 page bytes, u32 pages (little-endian),
//   one bit a page (1: stored), the stored pages one after another.
//
// Plain functions, no imports: boot.mjs sends fromPages' source to its worker.

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
  for (let i = 0; i < 8; i++) out[i] = "SKYSNAP1".charCodeAt(i);
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
  const magic = String.fromCharCode(...stored.subarray(0, 8));
  if (stored.length < 20 || magic !== "SKYSNAP1") throw new Error("not a Skyline snapshot");
  const view = new DataView(stored.buffer, stored.byteOffset, stored.byteLength);
  const [bytes, page, pages] = [view.getUint32(8, true), view.getUint32(12, true), view.getUint32(16, true)];
  const bits = stored.subarray(20, 20 + Math.ceil(pages / 8));
  const heap = new Uint8Array(bytes);
  let at = 20 + bits.length;
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
