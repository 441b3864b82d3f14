/**
 * Titles that say what a page shows (the event of a ticket page, for instance) instead of its
 * route's generic title (issue 16 item 9). The screen names it with `usePageTitle`; RouteEffects
 * applies it, whichever of the two comes first after a navigation.
 */
import { useEffect } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { composeTitle } from './navigation.js';
import { useSiteName, useTitleSeparator } from './hooks.js';

let named: { href: string; title: string } | null = null;

/** The title a screen gave the page at `href`, if any. */
export function namedTitleFor(href: string): string | null {
  return named && named.href === href ? named.title : null;
}

/** Names the current page (null: the route's own title stays). */
export function usePageTitle(title: string | null): void {
  const href = useRouterState({ select: (s) => s.location.href });
  const siteName = useSiteName();
  const separator = useTitleSeparator();
  useEffect(() => {
    if (!title) return;
    named = { href, title };
    document.title = composeTitle(title, siteName, separator);
    return () => {
      if (named?.href === href && named.title === title) named = null;
    };
  }, [title, href, siteName, separator]);
}
