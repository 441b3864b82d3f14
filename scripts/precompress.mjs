/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of the built app (brotli 11,
 * gzip 9), keeping only encodings that are smaller. The server (src/server/static.ts, Hono's
 * serveStatic with `precompressed`) sends them in place of the file to browsers that accept them,
 * so no request compresses anything. index.html is a template the server fills per language and
 * compresses itself, so it is left out.
 */
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

export const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.webmanifest', '.txt', '.xml', '.svg', '.ico']);
/** Smaller files are sent as they are: compression would not pay for its headers. */
export const MIN_COMPRESS_SIZE = 256;

/** @param {string} dir  @returns {{ files: number, written: number }} */
export function precompress(dir) {
  let files = 0;
  let written = 0;
  for (const dirent of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!dirent.isFile()) continue;
    const full = path.join(dirent.parentPath, dirent.name);
    if (path.relative(dir, full) === 'index.html' || !COMPRESSIBLE.has(path.extname(dirent.name).toLowerCase())) continue;
    const body = fs.readFileSync(full);
    if (body.length < MIN_COMPRESS_SIZE) continue;
    files += 1;
    const br = brotliCompressSync(body, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: body.length > 2_000_000 ? 9 : 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
    const gz = gzipSync(body, { level: 9 });
    if (br.length < body.length) {
      fs.writeFileSync(`${full}.br`, br);
      written += 1;
    }
    if (gz.length < body.length) {
      fs.writeFileSync(`${full}.gz`, gz);
      written += 1;
    }
  }
  return { files, written };
}
