/**
 * What each page of the shop loads lazily, as the app itself loads it: build.mjs lists these
 * modules' chunks per route for the server's preload of a deep link (src/server/static.ts) and
 * the budgets. The route table (src/domain/routes.ts: path, journey) and the router's registry
 * (src/app/routes.ts: `SCREENS[name].preload()`, `loadJourney(journey)`) are bundled with esbuild
 * and run in Node, every lazy `import()` answering the source file it would load. Nothing reads
 * the registry's text: a renamed, moved or reshaped entry is followed, and a page whose modules
 * cannot be told stops the build with its name.
 */
import * as esbuild from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';

/** Imports a module of the app in Node: bundled by esbuild (with `plugins`), run from a data URL. */
async function evaluate(root, file, plugins = []) {
  const bundled = await esbuild.build({ entryPoints: [path.join(root, file)], bundle: true, write: false, format: 'esm', platform: 'node', plugins, logLevel: 'silent' });
  return import(`data:text/javascript;base64,${Buffer.from(bundled.outputFiles[0].text).toString('base64')}`);
}

/**
 * An esbuild plugin: every lazy `import()` answers its source file instead of the module. Each
 * export of the imported module (its default, a named screen) is the module's path from `root`,
 * so a loader of the registry, run as the app runs it, resolves to what it loads.
 */
function lazySources(root) {
  return {
    name: 'lazy-sources',
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind !== 'dynamic-import' || args.pluginData?.lazySource) return undefined;
        const resolved = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: { lazySource: true } });
        return resolved.errors.length > 0 ? { errors: resolved.errors } : { path: resolved.path, namespace: 'lazy-source' };
      });
      build.onLoad({ filter: /.*/, namespace: 'lazy-source' }, async (args) => {
        const probe = await esbuild.build({ entryPoints: [args.path], bundle: false, write: false, metafile: true, format: 'esm', outdir: 'out', logLevel: 'silent' });
        const names = Object.values(probe.metafile.outputs).flatMap((output) => output.exports);
        const source = path.relative(root, args.path).split(path.sep).join('/');
        return { contents: `const source = ${JSON.stringify(source)};\nexport { ${names.map((name) => `source as ${name}`).join(', ')} };\n`, loader: 'js' };
      });
    },
  };
}

/**
 * The cart's module, which the shell loads apart (src/app/services.ts, cartLoader): the router
 * waits for it before every page with a journey (src/app/router.tsx), so such a page loads it.
 */
export const CART_SOURCE = 'src/app/cart-shell.ts';

/**
 * Each page of the route table with its path and the source files it loads lazily: its screen,
 * and its journey with the cart's module when it has one.
 */
export async function routeModules(root, { routes = 'src/domain/routes.ts', registry = 'src/app/routes.ts' } = {}) {
  if (!fs.existsSync(path.join(root, CART_SOURCE))) throw new Error(`build.mjs: the cart's module ${CART_SOURCE} does not exist`);
  const { ROUTE_TABLE } = await evaluate(root, routes);
  const { SCREENS, loadJourney, MESSAGE_PARTS } = await evaluate(root, registry, [lazySources(root)]);
  const sourceOf = async (load, what) => {
    const source = typeof load === 'function' ? await load() : undefined;
    if (typeof source !== 'string' || !fs.existsSync(path.join(root, source))) {
      throw new Error(`build.mjs: cannot tell the lazy module of ${what} (${registry})`);
    }
    return source;
  };
  return Promise.all(
    Object.entries(ROUTE_TABLE).map(async ([name, route]) => ({
      name,
      path: route.path,
      parts: MESSAGE_PARTS?.[name] ?? [],
      sources: [
        await sourceOf(SCREENS?.[name]?.preload, `route '${name}' (its screen in SCREENS)`),
        ...(route.journey
          ? [await sourceOf(typeof loadJourney === 'function' ? () => loadJourney(route.journey) : undefined, `journey '${route.journey}' (its loader)`), CART_SOURCE]
          : []),
      ],
    })),
  );
}

/**
 * The API modules that load on their first call (src/api/index.ts, `DEFERRED_CALLS`): each one's
 * source file and the names of its calls, as the app defines them.
 */
export async function deferredApiCalls(root, { api = 'src/api/index.ts' } = {}) {
  const { DEFERRED_CALLS } = await evaluate(root, api, [lazySources(root)]);
  if (!Array.isArray(DEFERRED_CALLS) || DEFERRED_CALLS.length === 0) throw new Error(`build.mjs: ${api} exports no DEFERRED_CALLS`);
  return Promise.all(
    DEFERRED_CALLS.map(async ({ load, names }) => {
      const source = await load();
      if (typeof source !== 'string' || !fs.existsSync(path.join(root, source))) throw new Error(`build.mjs: cannot tell the module of a deferred API group (${api})`);
      return { source, names: [...names] };
    }),
  );
}
