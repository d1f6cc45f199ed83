// Write FILE.gz and FILE.br beside every file of a folder that they make smaller, for
// hosts that serve precompressed files (build_scripts/serve.py, nginx gzip_static and
// brotli_static, Netlify and others compress on their own; see docs/hosting.md).
//
//   node build_scripts/precompress.mjs DIR CACHE_DIR
//
// Maximum settings (gzip -9, brotli quality 11, the window that packs smallest):
// done once per file content, since brotli 11 takes ~60 s on the 9.6 MB wasm, so the
// results are cached under CACHE_DIR by the SHA-256 of the input.
// Prints one JSON line: {"files", "raw", "gzip", "br", "cached"}.

import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const MIN_SIZE = 1024; // below a packet, compressing saves nothing worth a file
const SETTINGS = "gzip 9, brotli 11 windows 21/22/fit"; // in the cache key: change it with them

function* walk(dir) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else if (!name.endsWith(".gz") && !name.endsWith(".br")) yield path;
  }
}

function brotli(data) {
  const fit = Math.max(constants.BROTLI_MIN_WINDOW_BITS,
    Math.min(24, Math.ceil(Math.log2(Math.max(data.length, 1)))));
  // The largest window is not always the best: the 9.6 MB wasm packs to 2.72 MB with a
  // 2 MB window and 2.77 MB with 16 MB. Big files try a few and keep the smallest.
  const windows = data.length > 1 << 20 ? [...new Set([21, 22, fit])] : [fit];
  return windows.map((lgwin) => brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_LGWIN]: lgwin,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  })).reduce((best, packed) => (packed.length < best.length ? packed : best));
}

const [dir, cacheDir] = process.argv.slice(2);
mkdirSync(cacheDir, { recursive: true });
const total = { files: 0, raw: 0, gzip: 0, br: 0, cached: 0 };
const used = new Set();
for (const path of walk(dir)) {
  const data = readFileSync(path);
  if (data.length < MIN_SIZE) continue;
  const key = createHash("sha256").update(SETTINGS).update(data).digest("hex").slice(0, 20);
  for (const [ext, pack] of [["gz", (d) => gzipSync(d, { level: 9 })], ["br", brotli]]) {
    const cached = join(cacheDir, `${key}.${ext}`);
    used.add(`${key}.${ext}`);
    let packed;
    if (existsSync(cached)) {
      packed = readFileSync(cached);
      total.cached += 1;
    } else {
      packed = pack(data);
      writeFileSync(cached, packed);
    }
    if (packed.length < data.length * 0.95) {
      writeFileSync(`${path}.${ext}`, packed);
      total[ext === "gz" ? "gzip" : "br"] += packed.length;
    } else {
      total[ext === "gz" ? "gzip" : "br"] += data.length;
    }
  }
  total.files += 1;
  total.raw += data.length;
}
// The cache holds this folder's files only: what an older build left goes.
for (const name of readdirSync(cacheDir)) if (!used.has(name)) unlinkSync(join(cacheDir, name));
console.log(JSON.stringify(total));
