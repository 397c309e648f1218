/**
 * Brotli and gzip copies of the built app's text files (`index.html.br`, `index.html.gz`, …),
 * made once at build time at the highest levels, so that the server sends them as they are
 * (@fastify/static's `preCompressed`) instead of compressing on every request or not at all.
 * Run by vite.config.ts after every build.
 */

import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/** Files worth compressing: text. Images (PNG) are compressed already. */
const TEXT = /\.(html|js|mjs|css|svg|json|webmanifest|txt)$/;
/** Below this many bytes a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

/** Writes NAME.br and NAME.gz beside each text file under `dir` where each is smaller; returns how many. */
export function compressDir(dir: string): number {
  let written = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      written += compressDir(path);
      continue;
    }
    if (!TEXT.test(name)) continue;
    const data = readFileSync(path);
    if (data.length < MIN_BYTES) continue;
    const copies = {
      br: brotliCompressSync(data, {
        params: {
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
      gz: gzipSync(data, { level: constants.Z_BEST_COMPRESSION }),
    };
    for (const [ext, copy] of Object.entries(copies)) {
      if (copy.length >= data.length) continue;
      writeFileSync(`${path}.${ext}`, copy);
      written++;
    }
  }
  return written;
}
