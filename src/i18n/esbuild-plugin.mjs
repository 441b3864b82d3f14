// esbuild plugin (plain ESM, imported by build.mjs): precompiles the message catalogues of
// src/i18n/messages/*.json to the ICU AST react-intl consumes, so the browser ships no ICU
// parser. A message that does not compile fails the build with the key and language.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import shellMessagePrefixes from './shell-messages.json' with { type: 'json' };

const CATALOGUE = /[\\/]src[\\/]i18n[\\/]messages[\\/][a-z]{2}\.json$/;
/**
 * `./messages/de.json?shell`, or `./de.json?tickets` (from the shell's module): one part of a
 * catalogue (src/i18n/load.ts).
 */
const CATALOGUE_PART = /^\.\/(?:messages\/)?[a-z]{2}\.json\?[a-zA-Z]+$/;

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

/**
 * The parts of a catalogue beyond the shell's: one per first segment of its keys (`tickets`,
 * `checkout`, …), loaded with the pages that name it (src/app/routes.ts, MESSAGE_PARTS).
 */
export function journeyParts(messages) {
  return [...new Set(Object.keys(messages).filter((key) => !isServerOnlyKey(key) && !isShellKey(key)).map((key) => key.split('.')[0]))].sort();
}

/**
 * One part of a catalogue object: `shell` (the shell's prefixes), or a journey part (the keys of
 * that first segment); all of it without a part.
 */
export function cataloguePart(messages, part) {
  if (part === undefined || part === '') return messages;
  if (part === 'shell') return Object.fromEntries(Object.entries(messages).filter(([key]) => !isServerOnlyKey(key) && isShellKey(key)));
  if (SHELL_PREFIXES.has(part) || part === 'meta') throw new Error(`"${part}" is a prefix of the shell's part, not a part of its own`);
  return Object.fromEntries(Object.entries(messages).filter(([key]) => key.split('.')[0] === part));
}

/**
 * The module text of a catalogue part: its compiled messages as one JSON text (the browser's JSON
 * parser reads it several times faster than the JavaScript parser reads the same data as code), and
 * for the shell's part also \`parts\`, a loader of each journey part of the same language
 * (\`specifier(part)\`: how the module imports it), so that the app names each chunk without
 * listing 8 × parts imports itself.
 */
export function partModuleSource(compiled, part, journeyPartNames, specifier) {
  const lines = [`export default JSON.parse(${JSON.stringify(JSON.stringify(compiled))});`];
  if (part === 'shell') {
    lines.push(`export const parts = {${journeyPartNames.map((name) => `\n  ${JSON.stringify(name)}: () => import(${JSON.stringify(specifier(name))}),`).join('')}\n};`);
  }
  return lines.join('\n');
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

/**
 * `firstImport`: a module each part's module imports first (build.mjs: the shared shell, so that
 * every entry point reaches it and esbuild's runtime helpers stay in the shell's chunk).
 */
export function i18nPlugin({ firstImport } = {}) {
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
        const part = args.suffix ? args.suffix.slice(1) : undefined;
        try {
          const messages = JSON.parse(await readFile(args.path, 'utf8'));
          const compiled = compileCatalogue(cataloguePart(messages, part), lang);
          return {
            contents: `${firstImport ? `import ${JSON.stringify(firstImport)};\n` : ''}${partModuleSource(compiled, part, journeyParts(messages), (name) => `./${lang}.json?${name}`)}`,
            loader: 'js',
            resolveDir: path.dirname(args.path),
          };
        } catch (error) {
          return { errors: [{ text: error instanceof Error ? error.message : String(error) }] };
        }
      });
    },
  };
}

export default i18nPlugin;
