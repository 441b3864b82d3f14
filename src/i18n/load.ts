/**
 * Loads the message catalogue of one language in two parts, each its own chunk in the build, where
 * the esbuild plugin (./esbuild-plugin.mjs) has already compiled the messages to AST and cut them
 * by the prefixes of ./shell-messages.json:
 * - `loadMessages`: what the shell (header, footer, banners, titles, errors) and the home page
 *   need, loaded at boot;
 * - `loadJourneyMessages`: everything else, loaded with the first page after home (the router's
 *   `beforeLoad`, also on hover or focus of a link) and, on a deep link, preloaded by the server.
 */
import type { Language } from '../api/languages.js';
import type { Messages } from '../../machines/app.machine.js';

export async function loadMessages(lang: Language): Promise<Messages> {
  switch (lang) {
    case 'de':
      return (await import('./messages/de.json?shell')).default as Messages;
    case 'en':
      return (await import('./messages/en.json?shell')).default as Messages;
    case 'fr':
      return (await import('./messages/fr.json?shell')).default as Messages;
    case 'it':
      return (await import('./messages/it.json?shell')).default as Messages;
    case 'nl':
      return (await import('./messages/nl.json?shell')).default as Messages;
    case 'es':
      return (await import('./messages/es.json?shell')).default as Messages;
    case 'sv':
      return (await import('./messages/sv.json?shell')).default as Messages;
    case 'da':
      return (await import('./messages/da.json?shell')).default as Messages;
  }
}

export async function loadJourneyMessages(lang: Language): Promise<Messages> {
  switch (lang) {
    case 'de':
      return (await import('./messages/de.json?journeys')).default as Messages;
    case 'en':
      return (await import('./messages/en.json?journeys')).default as Messages;
    case 'fr':
      return (await import('./messages/fr.json?journeys')).default as Messages;
    case 'it':
      return (await import('./messages/it.json?journeys')).default as Messages;
    case 'nl':
      return (await import('./messages/nl.json?journeys')).default as Messages;
    case 'es':
      return (await import('./messages/es.json?journeys')).default as Messages;
    case 'sv':
      return (await import('./messages/sv.json?journeys')).default as Messages;
    case 'da':
      return (await import('./messages/da.json?journeys')).default as Messages;
  }
}
