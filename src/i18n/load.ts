/**
 * Loads the catalogue of one language. Each import becomes its own chunk in the build, where the
 * esbuild plugin (./esbuild-plugin.mjs) has already compiled the messages to AST.
 */
import type { Language } from '../api/languages.js';
import type { Messages } from '../../machines/app.machine.js';

export async function loadMessages(lang: Language): Promise<Messages> {
  switch (lang) {
    case 'de':
      return (await import('./messages/de.json')).default as Messages;
    case 'en':
      return (await import('./messages/en.json')).default as Messages;
    case 'fr':
      return (await import('./messages/fr.json')).default as Messages;
    case 'it':
      return (await import('./messages/it.json')).default as Messages;
    case 'nl':
      return (await import('./messages/nl.json')).default as Messages;
    case 'es':
      return (await import('./messages/es.json')).default as Messages;
    case 'sv':
      return (await import('./messages/sv.json')).default as Messages;
    case 'da':
      return (await import('./messages/da.json')).default as Messages;
  }
}
