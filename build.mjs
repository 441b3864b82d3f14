#!/usr/bin/env node
/**
 * Builds the shop with esbuild (no type-checking here: `npm run typecheck` does that).
 *
 *   node build.mjs                 browser app (dist/public) and server (dist/server/main.mjs)
 *   node build.mjs --server-only   only the server (db:reset, API-only work)
 *   node build.mjs --dev           no minification, with source maps
 *
 * Prints every output's raw and gzip size and exits 1 when the home page's initial
 * JavaScript (the entry plus everything it imports statically, gzipped) exceeds
 * INITIAL_JS_BUDGET_GZIP below.
 */
import * as esbuild from 'esbuild';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

/** Budget for the home page's initial JavaScript, gzipped, in bytes. Tighten it as the app settles. */
export const INITIAL_JS_BUDGET_GZIP = 150 * 1024;

const root = path.dirname(fileURLToPath(import.meta.url));
const args = new Set(process.argv.slice(2));
const serverOnly = args.has('--server-only');
const dev = args.has('--dev');

const distDir = path.join(root, 'dist');
const publicDir = path.join(distDir, 'public');
const assetsDir = path.join(publicDir, 'assets');
const serverOutfile = path.join(distDir, 'server', 'main.mjs');
const appEntry = path.join(root, 'src', 'app', 'main.tsx');
const staticSrc = path.join(root, 'src', 'app', 'static');
const i18nPluginFile = path.join(root, 'src', 'i18n', 'esbuild-plugin.mjs');

function buildHash() {
  if (process.env.BUILD_HASH) return process.env.BUILD_HASH;
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim() || 'dev';
  } catch {
    return 'dev';
  }
}

const BUILD_HASH = buildHash();
const BUILD_TIME = new Date().toISOString();
const define = {
  __BUILD_HASH__: JSON.stringify(BUILD_HASH),
  __BUILD_TIME__: JSON.stringify(BUILD_TIME),
};

const rel = (file) => path.relative(root, file).split(path.sep).join('/');
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** One row per output file: raw and gzip size. */
function report(title, files) {
  const rows = files
    .filter((file) => !file.endsWith('.map'))
    .map((file) => {
      const content = fs.readFileSync(file);
      return { name: rel(file), raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
  const width = Math.max(...rows.map((r) => r.name.length), 10);
  console.log(`\n${title}`);
  for (const row of rows) {
    console.log(`  ${row.name.padEnd(width)}  ${kb(row.raw).padStart(10)}  ${kb(row.gzip).padStart(10)} gzip`);
  }
  return rows;
}

function escapeHtml(text) {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
}

/** Static imports of an output, transitively (what the browser must load before the entry runs). */
function staticClosure(outputs, start) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imp of outputs[file]?.imports ?? []) {
      if (imp.kind === 'import-statement' && !imp.external) visit(imp.path);
    }
  };
  visit(start);
  return [...seen];
}

function indexHtml({ entry, preloads, css }) {
  const url = (file) => `/${path.relative(publicDir, path.join(root, file)).split(path.sep).join('/')}`;
  const favicon = fs.existsSync(path.join(publicDir, 'static', 'favicon.svg'))
    ? '\n    <link rel="icon" href="/static/favicon.svg" type="image/svg+xml">'
    : '\n    <link rel="icon" href="data:,">'; // no icon yet: keeps the browser from asking for /favicon.ico
  const lines = [
    '<!doctype html>',
    // The server sets lang from the first path segment; the app keeps it in sync at run time.
    '<html lang="de">',
    '  <head>',
    '    <meta charset="utf-8">',
    '    <meta name="viewport" content="width=device-width, initial-scale=1">',
    '    <title>Museum Shop</title>',
    `    <meta name="build" content="${escapeHtml(BUILD_HASH)} ${escapeHtml(BUILD_TIME)}">${favicon}`,
    ...preloads.map((file) => `    <link rel="modulepreload" href="${url(file)}">`),
    ...css.map((file) => `    <link rel="stylesheet" href="${url(file)}">`),
    `    <script type="module" src="${url(entry)}"></script>`,
    '  </head>',
    '  <body>',
    '    <noscript>',
    '      <p lang="de">Dieser Shop braucht JavaScript. Bitte schalten Sie JavaScript ein, um Tickets zu kaufen.</p>',
    '      <p lang="en">This shop needs JavaScript. Please turn on JavaScript to buy tickets.</p>',
    '      <p lang="fr">Cette boutique a besoin de JavaScript. Veuillez activer JavaScript pour acheter des billets.</p>',
    '      <p lang="it">Questo negozio richiede JavaScript. Attivate JavaScript per acquistare i biglietti.</p>',
    '    </noscript>',
    '    <div id="root"></div>',
    '  </body>',
    '</html>',
    '',
  ];
  return lines.join('\n');
}

/** `--analyze`: what the home page's initial JavaScript is made of, by package or source folder (minified bytes). */
function analyze(outputs, initial) {
  const byOwner = new Map();
  for (const file of initial) {
    for (const [input, { bytesInOutput }] of Object.entries(outputs[file].inputs ?? {})) {
      const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
      const owner = m ? m[1] : input.split('/').slice(0, 2).join('/');
      byOwner.set(owner, (byOwner.get(owner) ?? 0) + bytesInOutput);
    }
  }
  const rows = [...byOwner.entries()].sort((a, b) => b[1] - a[1]);
  console.log('\nInitial JavaScript by package or folder (minified, before gzip)');
  for (const [owner, bytes] of rows) console.log(`  ${owner.padEnd(44)} ${kb(bytes).padStart(10)}`);
}

async function buildApp() {
  fs.rmSync(publicDir, { recursive: true, force: true });
  fs.mkdirSync(assetsDir, { recursive: true });
  if (fs.existsSync(staticSrc)) fs.cpSync(staticSrc, path.join(publicDir, 'static'), { recursive: true });

  const plugins = [];
  if (fs.existsSync(i18nPluginFile)) {
    const mod = await import(pathToFileURL(i18nPluginFile).href);
    plugins.push(mod.default());
  }

  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: [appEntry],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2022', 'chrome111', 'firefox111', 'safari16.4'],
    splitting: true,
    minify: !dev,
    sourcemap: dev ? 'linked' : false,
    legalComments: dev ? 'inline' : 'none',
    outdir: assetsDir,
    publicPath: '/assets',
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    assetNames: '[name]-[hash]',
    jsx: 'automatic',
    charset: 'utf8',
    loader: {
      '.svg': 'file',
      '.png': 'file',
      '.jpg': 'file',
      '.webp': 'file',
      '.avif': 'file',
      '.woff2': 'file',
      '.woff': 'file',
    },
    define: { ...define, 'process.env.NODE_ENV': JSON.stringify(dev ? 'development' : 'production') },
    metafile: true,
    plugins,
    logLevel: 'warning',
  });

  const outputs = result.metafile.outputs;
  const entry = Object.keys(outputs).find(
    (file) => outputs[file].entryPoint && path.resolve(root, outputs[file].entryPoint) === appEntry,
  );
  if (!entry) throw new Error('esbuild produced no output for src/app/main.tsx');
  const initial = staticClosure(outputs, entry);
  const css = outputs[entry].cssBundle ? [outputs[entry].cssBundle] : [];
  fs.writeFileSync(path.join(publicDir, 'index.html'), indexHtml({ entry, preloads: initial, css }));

  const files = [...Object.keys(outputs).map((f) => path.join(root, f)), path.join(publicDir, 'index.html')];
  report('Browser app (dist/public)', files);
  if (args.has('--analyze')) analyze(outputs, initial);
  const initialGzip = initial.reduce((sum, f) => sum + gzipSync(fs.readFileSync(path.join(root, f)), { level: 9 }).length, 0);
  return { initial, initialGzip };
}

async function buildServer() {
  fs.rmSync(path.dirname(serverOutfile), { recursive: true, force: true });
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: [path.join(root, 'src', 'server', 'main.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: serverOutfile,
    // PGlite loads its wasm and data files next to its own module; pg has optional native parts.
    external: ['@electric-sql/pglite', 'pg', 'pg-native'],
    // Bundled CommonJS dependencies may call require(); give them one in ESM.
    banner: {
      js: "import { createRequire as __shopCreateRequire } from 'node:module'; const require = __shopCreateRequire(import.meta.url);",
    },
    sourcemap: dev ? 'linked' : false,
    minify: false,
    define,
    metafile: true,
    logLevel: 'warning',
  });
  report('Server (dist/server)', Object.keys(result.metafile.outputs).map((f) => path.join(root, f)));
}

const started = Date.now();
try {
  let budget;
  if (!serverOnly) budget = await buildApp();
  await buildServer();
  if (budget) {
    const ok = budget.initialGzip <= INITIAL_JS_BUDGET_GZIP;
    const verdict = dev ? 'not enforced for --dev (unminified)' : ok ? 'ok' : 'OVER BUDGET';
    console.log(
      `\nInitial JavaScript of the home page: ${kb(budget.initialGzip)} gzip in ${budget.initial.length} file(s), budget ${kb(INITIAL_JS_BUDGET_GZIP)}: ${verdict}`,
    );
    if (!ok && !dev) {
      console.error(`build.mjs: the home page's initial JavaScript exceeds the budget by ${kb(budget.initialGzip - INITIAL_JS_BUDGET_GZIP)}.`);
      process.exit(1);
    }
  }
  console.log(`Built ${serverOnly ? 'the server' : 'the app and the server'} (${BUILD_HASH}${dev ? ', dev' : ''}) in ${Date.now() - started} ms.`);
} catch (error) {
  if (!(error && Array.isArray(error.errors))) console.error(error);
  console.error('build.mjs: build failed.');
  process.exit(1);
}
