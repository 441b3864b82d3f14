/**
 * Loads the message catalogue of one language in two parts, each its own chunk in the build, where
 * the esbuild plugin (./esbuild-plugin.mjs) has already compiled the messages to AST and cut them
 * by the prefixes of ./shell-messages.json:
 * - `loadMessages`: what the shell (header, footer, banners, titles, errors) and the home page
 *   need, loaded at boot;
 * - `loadJourneyMessages`: everything else, loaded with the first page after home (the router's
 *   `beforeLoad`, also on hover or focus of a link) and, on a deep link, preloaded by the server.
 * The import paths are written out so that the bundler sees each chunk.
 */
import type { Language } from '../api/languages.js';
import type { Messages } from '../../machines/app.machine.js';

type Part = () => Promise<{ default: Record<string, unknown> }>;

const CATALOGUES: Record<Language, { shell: Part; journeys: Part }> = {
  de: { shell: () => import('./messages/de.json?shell'), journeys: () => import('./messages/de.json?journeys') },
  en: { shell: () => import('./messages/en.json?shell'), journeys: () => import('./messages/en.json?journeys') },
  fr: { shell: () => import('./messages/fr.json?shell'), journeys: () => import('./messages/fr.json?journeys') },
  it: { shell: () => import('./messages/it.json?shell'), journeys: () => import('./messages/it.json?journeys') },
  nl: { shell: () => import('./messages/nl.json?shell'), journeys: () => import('./messages/nl.json?journeys') },
  es: { shell: () => import('./messages/es.json?shell'), journeys: () => import('./messages/es.json?journeys') },
  sv: { shell: () => import('./messages/sv.json?shell'), journeys: () => import('./messages/sv.json?journeys') },
  da: { shell: () => import('./messages/da.json?shell'), journeys: () => import('./messages/da.json?journeys') },
};

export async function loadMessages(lang: Language): Promise<Messages> {
  return (await CATALOGUES[lang].shell()).default as Messages;
}

export async function loadJourneyMessages(lang: Language): Promise<Messages> {
  return (await CATALOGUES[lang].journeys()).default as Messages;
}
