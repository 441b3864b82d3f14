/**
 * A second minification of the built app's scripts (build.mjs, production only): terser over each
 * file esbuild wrote. esbuild bundles, splits and minifies in one fast pass; terser's compressor
 * goes further (two passes: it inlines what is used once, joins declarations and sequences,
 * drops what became unreachable), about 4 % fewer bytes after brotli on every page (issue 25:
 * docs/performance.md). Only safe transforms: no `unsafe*` option, no `pure_getters`. Each file
 * keeps its name (the chunks import each other by it), its first-line compile hint and, where
 * esbuild wrote one, its source map, which terser carries on.
 *
 * The files are shared among worker threads (one per core, two at most here): terser is
 * single-threaded and the app has about two megabytes of script.
 */
import fs from 'node:fs';
import os from 'node:os';
import { isMainThread, parentPort, Worker } from 'node:worker_threads';

/** What terser may do: safe transforms only (see above); the same for the app and the card's floor. */
export const TERSER_OPTIONS = {
  module: true,
  ecma: 2020,
  compress: { passes: 2 },
  mangle: { toplevel: true },
  format: { comments: false },
};

/** A first line esbuild's banner wrote (V8's compile hint, build.mjs), kept as the first line. */
const HINT = /^\/\/# allFunctionsCalledOnLoad\n/;
/**
 * The smallest file that keeps the hint, in bytes of minified code. The hint lets V8 compile a
 * file on a background thread as it streams in (docs/decisions.md, 'Functions compiled off the
 * main thread'): what that saves grows with the code, and for a file of a few functions it is
 * microseconds, while the hint itself costs about 20 bytes of every such file after brotli (a
 * page loads a dozen of them: the checkout's 0.3 KB, issue 43).
 */
export const COMPILE_HINT_MIN_BYTES = 4096;

/**
 * Minifies `code` again; `map` is esbuild's source map of it (JSON text) or undefined.
 * @param {string} code
 * @param {string | undefined} map
 * @param {string} mapUrl  the name the `sourceMappingURL` comment gives (beside the file)
 * @returns {Promise<{ code: string, map: string | undefined }>}
 */
export async function minifyCode(code, map, mapUrl) {
  const { minify } = await import('terser');
  const hint = HINT.exec(code)?.[0];
  const body = hint ? code.slice(hint.length) : code;
  const out = await minify(body, {
    ...TERSER_OPTIONS,
    format: { ...TERSER_OPTIONS.format, ...(hint ? { preamble: hint.trimEnd() } : {}) },
    ...(map ? { sourceMap: { content: map, url: mapUrl } } : {}),
  });
  if (out.code === undefined) throw new Error('terser gave no code');
  // a small file goes without the hint (COMPILE_HINT_MIN_BYTES); its source map's lines shift with it
  if (hint && out.code.length - hint.length < COMPILE_HINT_MIN_BYTES) {
    const code = out.code.slice(hint.trimEnd().length).replace(/^\n/, '');
    return { code, map: typeof out.map === 'string' ? shiftMapUp(out.map) : undefined };
  }
  return { code: out.code, map: typeof out.map === 'string' ? out.map : undefined };
}

/** A source map of code one line shorter at its top: the first line's mappings go (the hint had none). */
function shiftMapUp(map) {
  const parsed = JSON.parse(map);
  parsed.mappings = parsed.mappings.replace(/^[^;]*;/, '');
  return JSON.stringify(parsed);
}

/** Rewrites one file in place (and its `.map` beside it, if there is one). */
async function minifyFile(file) {
  const code = fs.readFileSync(file, 'utf8');
  const mapFile = `${file}.map`;
  const map = fs.existsSync(mapFile) ? fs.readFileSync(mapFile, 'utf8') : undefined;
  const out = await minifyCode(code.replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n'), map, mapFile.split('/').pop() ?? '');
  fs.writeFileSync(file, out.code);
  if (out.map) fs.writeFileSync(mapFile, out.map);
}

/**
 * Minifies `files` (absolute paths of .js files) in place, on up to `threads` worker threads.
 * @param {string[]} files
 * @param {{ threads?: number }} [options]
 */
export async function minifyFiles(files, options = {}) {
  const threads = Math.max(1, Math.min(options.threads ?? Math.min(2, os.availableParallelism()), files.length));
  // largest first: the two big chunks do not end up on one thread at the end
  const queue = [...files].sort((a, b) => fs.statSync(b).size - fs.statSync(a).size);
  const run = () =>
    new Promise((resolve, reject) => {
      const worker = new Worker(new URL(import.meta.url));
      const next = () => {
        const file = queue.shift();
        if (file === undefined) {
          void worker.terminate().then(() => resolve(undefined));
          return;
        }
        worker.postMessage(file);
      };
      worker.on('message', (answer) => {
        if (answer.error) {
          void worker.terminate();
          reject(new Error(`terser failed on ${answer.file}: ${answer.error}`));
          return;
        }
        next();
      });
      worker.on('error', reject);
      next();
    });
  await Promise.all(Array.from({ length: threads }, run));
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  port.on('message', (file) => {
    minifyFile(file).then(
      () => port.postMessage({ file }),
      (error) => port.postMessage({ file, error: error instanceof Error ? error.message : String(error) }),
    );
  });
}
