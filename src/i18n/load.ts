/**
 * Loads the message catalogue of one language in parts, each its own chunk in the build, where
 * the esbuild plugin (./esbuild-plugin.mjs) has already compiled the messages to AST and cut them:
 * - `loadMessages`: the shell's part (header, footer, banners, titles, errors; the prefixes of
 *   ./shell-messages.json), which the shell and the home page need, loaded at boot;
 * - `loadMessageParts`: journey parts, one per first segment of the other keys (`tickets`,
 *   `calendar`, `checkout`, …). Each page names the parts its screen and journey use
 *   (src/app/routes.ts, MESSAGE_PARTS; build.mjs checks it) and the router loads them beside its
 *   screen (also on hover or focus of a link); on a deep link the server preloads them.
 * The shell's module of a language brings a loader of each of its journey parts, so the import
 * paths written out here are the eight shells'.
 */
import type { Language } from '../api/languages.js';
import type { Messages } from '../../machines/app.machine.js';

interface ShellPart {
  default: Record<string, unknown>;
  parts: Record<string, () => Promise<{ default: Record<string, unknown> }>>;
}

const SHELLS: Record<Language, () => Promise<ShellPart>> = {
  de: () => import('./messages/de.json?shell'),
  en: () => import('./messages/en.json?shell'),
  fr: () => import('./messages/fr.json?shell'),
  it: () => import('./messages/it.json?shell'),
  nl: () => import('./messages/nl.json?shell'),
  es: () => import('./messages/es.json?shell'),
  sv: () => import('./messages/sv.json?shell'),
  da: () => import('./messages/da.json?shell'),
};

export async function loadMessages(lang: Language): Promise<Messages> {
  return (await SHELLS[lang]()).default as Messages;
}

/** The messages of the journey parts `names` of `lang`, in one object; a part the catalogue lacks is an error. */
export async function loadMessageParts(lang: Language, names: readonly string[]): Promise<Messages> {
  const { parts } = await SHELLS[lang]();
  const loaded = await Promise.all(
    names.map((name) => {
      const load = parts[name];
      if (!load) throw new Error(`the catalogue has no message part "${name}"`);
      return load();
    }),
  );
  return Object.assign({}, ...loaded.map((part) => part.default)) as Messages;
}
