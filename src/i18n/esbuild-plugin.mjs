// esbuild plugin (plain ESM, imported by build.mjs): precompiles the message catalogues of
// src/i18n/messages/*.json to the ICU AST react-intl consumes, so the browser ships no ICU
// parser. A message that does not compile fails the build with the key and language.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import shellMessagePrefixes from './shell-messages.json' with { type: 'json' };

const CATALOGUE = /[\\/]src[\\/]i18n[\\/]messages[\\/][a-z]{2}\.json$/;
/** `./messages/de.json?shell` or `?journeys`: one part of a catalogue (src/i18n/load.ts). */
const CATALOGUE_PART = /^\.\/messages\/[a-z]{2}\.json\?(shell|journeys)$/;

/**
 * The first segments of the message keys the shell and the home page use (src/i18n/shell-messages.json).
 * The app loads these at boot and the rest with the first page of a journey; build.mjs checks that
 * the home page's code names no key outside them.
 */
export const SHELL_PREFIXES = new Set(shellMessagePrefixes);

/** Whether a message key belongs to the shell's part of the catalogue. */
export const isShellKey = (key) => SHELL_PREFIXES.has(key.split('.')[0]);

/**
 * Keys only the server says (`meta.description`, the `<noscript>` text: src/server/seo/head.ts,
 * src/server/static.ts): in neither part, so the browser never downloads them.
 */
export const isServerOnlyKey = (key) => key.split('.')[0] === 'meta';

/** The `shell` or `journeys` part of a catalogue object; all of it for any other part. */
export function cataloguePart(messages, part) {
  if (part !== 'shell' && part !== 'journeys') return messages;
  return Object.fromEntries(Object.entries(messages).filter(([key]) => !isServerOnlyKey(key) && isShellKey(key) === (part === 'shell')));
}

/** Compiles one catalogue object { key: ICU string } to { key: AST }. Throws naming the bad key. */
export function compileCatalogue(messages, label = 'catalogue') {
  const out = {};
  for (const [key, message] of Object.entries(messages)) {
    if (typeof message !== 'string') throw new Error(`${label}: message "${key}" is not a string`);
    try {
      out[key] = parse(message, { requiresOtherClause: true });
    } catch (error) {
      throw new Error(`${label}: message "${key}" does not compile: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return out;
}

export function i18nPlugin() {
  return {
    name: 'museum-shop-i18n',
    setup(build) {
      // Messages arrive compiled, so react-intl and intl-messageformat never parse at run time:
      // point their parser imports at the parser-free build of the same package.
      build.onResolve({ filter: /^@formatjs\/icu-messageformat-parser$/ }, async (args) => {
        if (args.pluginData === 'no-parser' || !/[\\/]node_modules[\\/]/.test(args.importer)) return undefined;
        const result = await build.resolve('@formatjs/icu-messageformat-parser/no-parser.js', {
          kind: args.kind,
          resolveDir: args.resolveDir,
          importer: args.importer,
          pluginData: 'no-parser',
        });
        return result.errors.length > 0 ? undefined : { path: result.path, external: result.external, sideEffects: result.sideEffects };
      });
      build.onResolve({ filter: CATALOGUE_PART }, (args) => {
        const [file, part] = args.path.split('?');
        return { path: path.resolve(args.resolveDir, file), suffix: `?${part}` };
      });
      build.onLoad({ filter: CATALOGUE }, async (args) => {
        const lang = path.basename(args.path, '.json');
        const source = cataloguePart(JSON.parse(await readFile(args.path, 'utf8')), args.suffix?.slice(1));
        try {
          // one JSON text read by JSON.parse, not an object literal: the browser's JSON parser reads
          // it several times faster than the JavaScript parser and compiler read the same data as
          // code (the journeys' part is some 45 KB), and the page's tasks stay short
          return { contents: `export default JSON.parse(${JSON.stringify(JSON.stringify(compileCatalogue(source, lang)))});`, loader: 'js' };
        } catch (error) {
          return { errors: [{ text: error instanceof Error ? error.message : String(error) }] };
        }
      });
    },
  };
}

export default i18nPlugin;
