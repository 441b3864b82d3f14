import { useEffect, useRef, useState } from 'react';
import { useRouter } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { SESSION_KEYS } from '../../api/schemas/session.js';
import { HEADER_SCROLLED_PX, documentTitle, shouldRememberVisit, sizeClass } from '../navigation.js';
import type { RouteName } from '../../domain/routes.js';
import { dropStored, readItem, writeItem } from '../session.js';
import { useSiteName, useTitleSeparator } from '../hooks.js';
import { namedTitleFor } from '../page-title.js';

function currentRouteName(matches: readonly { staticData: { routeName?: RouteName } }[]): RouteName {
  const last = matches[matches.length - 1];
  return last?.staticData.routeName ?? 'pageNotFound';
}

/**
 * Side effects of a route change (§4): document title, last visited URL, focus on the new page's
 * main heading and a screen-reader announcement. (The checkout redirect target of §4 is the auth
 * journey's input: src/app/journeys/auth.ts.)
 */
export function RouteEffects() {
  const router = useRouter();
  const intl = useIntl();
  const siteName = useSiteName();
  const separator = useTitleSeparator();
  const [announcement, setAnnouncement] = useState('');
  const previous = useRef<{ name: RouteName; href: string } | null>(null);
  // The route subscription below lives as long as the router: new messages (a page's parts of the
  // catalogue arrive during the navigation to it) must not restart it, or the
  // navigation under way would lose its focus move. It reads the current messages from here.
  const current = useRef({ intl, siteName, separator });
  current.current = { intl, siteName, separator };

  /** The document title of the page the router is on. */
  const pageTitle = (): { title: string | null; full: string } => {
    const { intl, siteName, separator } = current.current;
    return documentTitle(currentRouteName(router.state.matches), namedTitleFor(router.state.location.href), (id) => intl.formatMessage({ id }), siteName, separator);
  };

  // The server titled the page it sent (its own head, src/server/seo: the title composed here, the
  // event's name on an event page): that title stays while the visitor is on that page, so boot
  // does not flash the route's generic title before the screen names the page.
  const serverTitled = useRef<string | null>(typeof document !== 'undefined' && document.querySelector('title[data-page-title]') ? router.state.location.pathname : null);
  const setTitle = (full: string) => {
    if (serverTitled.current !== null && serverTitled.current === router.state.location.pathname) return;
    serverTitled.current = null;
    document.title = full;
  };

  // the title again when the site name, its separator or the messages change
  useEffect(() => {
    setTitle(pageTitle().full);
  }, [router, intl, siteName, separator]);

  useEffect(() => {
    let focusTimer: ReturnType<typeof setInterval> | null = null;
    const apply = (first: boolean) => {
      const name = currentRouteName(router.state.matches);
      const location = router.state.location;
      if (!first && previous.current?.href === location.href) return;
      const { title, full } = pageTitle();
      setTitle(full);

      if (shouldRememberVisit(location.pathname)) writeItem(SESSION_KEYS.visitedUrl, location.href);
      previous.current = { name, href: location.href };

      if (first) return;
      setAnnouncement(current.current.intl.formatMessage({ id: 'shell.pageLoaded' }, { title: title ?? current.current.siteName }));
      // Lazy screens may render a moment later: look for the heading for up to 3 s.
      if (focusTimer) clearInterval(focusTimer);
      let tries = 0;
      const focusedBefore = document.activeElement;
      focusTimer = setInterval(() => {
        // The visitor already moved on (a field or button of the new page, or the header's menu
        // opened right after Back): the focus stays theirs, and an open menu is not closed under them.
        const now = document.activeElement;
        if (now && now !== document.body && now !== focusedBefore && now.isConnected) {
          if (focusTimer) clearInterval(focusTimer);
          focusTimer = null;
          return;
        }
        // A screen may name the one thing to do next (data-route-focus, e.g. 'Confirm order'); else the heading.
        const action = document.querySelector<HTMLElement>('main [data-route-focus]');
        const heading = document.querySelector<HTMLElement>('main h1');
        tries += 1;
        if (heading || tries > 30) {
          if (focusTimer) clearInterval(focusTimer);
          focusTimer = null;
          if (action) action.focus();
          else heading?.focus({ preventScroll: true });
        }
      }, 100);
    };
    apply(true);
    const unsubscribe = router.subscribe('onResolved', (event) => {
      if (event.fromLocation && (event.pathChanged || event.hrefChanged)) apply(false);
    });
    return () => {
      unsubscribe();
      if (focusTimer) clearInterval(focusTimer);
    };
  }, [router]);

  return (
    <div className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="route-announcer">
      {announcement}
    </div>
  );
}

export const SCROLL_RETRY_MS = 500;
const SCROLL_RETRIES = 10;

function entryKey(state: unknown): string | null {
  const s = state as { __TSR_key?: unknown; key?: unknown } | null;
  const key = s?.__TSR_key ?? s?.key;
  return typeof key === 'string' ? key : null;
}

function savedPositions(): Record<string, number> {
  const raw = readItem(SESSION_KEYS.scrollPositions);
  if (raw === null) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    dropStored(SESSION_KEYS.scrollPositions, 'it is not valid JSON');
    return {};
  }
  const valid =
    typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) && Object.values(parsed).every((y) => typeof y === 'number' && Number.isFinite(y));
  if (!valid) {
    dropStored(SESSION_KEYS.scrollPositions, 'it does not have the expected shape');
    return {};
  }
  return parsed as Record<string, number>;
}

/**
 * §4, §9: a route change scrolls to the top, or back to the position a history entry had when
 * the visitor returns to it; while the page is still waiting for the server (too short to
 * scroll that far), it tries again every 500 ms.
 */
export function ScrollRestoration({ waiting }: { waiting: () => boolean }) {
  const router = useRouter();
  useEffect(() => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
    let timer: ReturnType<typeof setInterval> | null = null;
    const stop = () => {
      if (timer) clearInterval(timer);
      timer = null;
    };
    const offBefore = router.subscribe('onBeforeNavigate', (event) => {
      const key = event.fromLocation ? entryKey(event.fromLocation.state) : null;
      if (!key) return;
      const positions = savedPositions();
      positions[key] = Math.round(window.scrollY);
      const keys = Object.keys(positions);
      for (const old of keys.slice(0, Math.max(0, keys.length - 50))) delete positions[old];
      writeItem(SESSION_KEYS.scrollPositions, JSON.stringify(positions));
    });
    // On onRendered, not onResolved: the router itself scrolls the window to the top when a
    // navigation has rendered (its onRendered listener, subscribed before this one), which undid a
    // position restored on onResolved at once; only the 500 ms retry then put it back, and a visitor
    // who scrolled in that half second was pulled back (issue 45 item 5).
    const offRendered = router.subscribe('onRendered', (event) => {
      if (!event.fromLocation || !event.pathChanged) return;
      stop();
      const key = entryKey(event.toLocation.state);
      const target = key ? savedPositions()[key] : undefined;
      if (target === undefined || target <= 0) {
        window.scrollTo(0, 0);
        return;
      }
      let tries = 0;
      // Done once the position is restored on a page that no longer waits for the server: from
      // then on the visitor's own scrolling is theirs, no retry is started.
      let done = false;
      const attempt = () => {
        tries += 1;
        const reachable = document.documentElement.scrollHeight - window.innerHeight >= target;
        if (reachable) window.scrollTo(0, target);
        if ((reachable && !waiting()) || tries > SCROLL_RETRIES) {
          done = true;
          stop();
        }
      };
      attempt();
      if (!done) timer = setInterval(attempt, SCROLL_RETRY_MS);
    });
    return () => {
      stop();
      offBefore();
      offRendered();
    };
  }, [router, waiting]);
  return null;
}

/** §4, §9: `header-scrolled` past 100 px and the size class of the window width, on <html>. */
export function useViewportClasses(): void {
  useEffect(() => {
    const root = document.documentElement;
    let frame = 0;
    const update = () => {
      frame = 0;
      root.classList.toggle('header-scrolled', window.scrollY > HEADER_SCROLLED_PX);
      const size = sizeClass(window.innerWidth);
      for (const c of ['size-xs', 'size-sm', 'size-md', 'size-lg', 'size-xl']) root.classList.toggle(c, c === size);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);
}
