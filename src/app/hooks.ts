/** Selectors of the app machine that screens use. They only read; screens send events. */
import { useSelector } from '@xstate/react';
import type { AppConfig } from '../api/schemas/config.js';
import type { Language } from '../api/languages.js';
import { useAppActor } from './shell-context.js';
import { siteNameOf } from './navigation.js';

export function useConfig(): AppConfig {
  const config = useSelector(useAppActor(), (s) => s.context.config);
  if (!config) throw new Error('useConfig before the config arrived');
  return config;
}

export function useLang(): Language {
  return useSelector(useAppActor(), (s) => s.context.lang);
}

/** The site name in the current language (config per-language names fall back to the default). */
export function useSiteName(): string {
  const config = useConfig();
  const lang = useLang();
  return siteNameOf(config, lang);
}

/** What stands between a page's title and the site name in the document title (config `title_separator`). */
export function useTitleSeparator(): string {
  return useConfig().titleSeparator;
}

export function useStaticContent() {
  return useSelector(useAppActor(), (s) => s.context.staticContent);
}
