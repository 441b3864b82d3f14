import { lazy, Suspense, useCallback, useEffect } from 'react';
import { Outlet, useSearch } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useFirstRender, useHydrated } from '../hydration.js';
import { FormattedMessage } from 'react-intl';
import { useAppActor } from '../shell-context.js';
import { useConfig, useLang } from '../hooks.js';
import CookieNotice from './CookieNotice.js';
import { Footer } from './Footer.js';
import { Header } from './Header.js';
import { DevStrip, GlobalMessageBanner, Spinner, Toasts } from './Messages.js';
import { RouteEffects, ScrollRestoration, useViewportClasses } from './RouteEffects.js';

/** The flow viewer under any page with `?flows` (its charts load only then). */
const FlowViewer = lazy(() => import('../flows/FlowViewer.js'));

function CookieNoticeSlot() {
  const config = useConfig();
  const { accepted, html } = useSelector(
    useAppActor(),
    (s) => ({ accepted: s.context.cookiesAccepted, html: s.context.staticContent?.cookie_warning ?? '' }),
    (a, b) => a.accepted === b.accepted && a.html === b.html,
  );
  // whether this browser accepted is in its session storage; the server rendered the page by the
  // request's cookie (src/app/hydration.ts), and the browser's first render follows the server's
  const first = useFirstRender();
  const shown = first ? first.cookieNotice : !accepted;
  if (!shown || !config.showCookieDisclaimer || html.trim() === '') return null;
  return <CookieNotice html={html} />;
}

/**
 * Flow viewer mount point: `?flows` on any route shows the registered `flows` screen
 * (src/app/screens/registry.ts) under the page, next to the live app. /{lang}/__flows shows it alone.
 */
function FlowsSlot() {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  if (!('flows' in search)) return null;
  return (
    <aside className="flows-slot container" data-testid="flows-slot">
      <Suspense fallback={null}>
        <FlowViewer />
      </Suspense>
    </aside>
  );
}

/** The shell around every route: skip link, header, global message, main, footer, toasts. */
export function Layout() {
  const config = useConfig();
  const actor = useAppActor();
  const waiting = useCallback(() => actor.getSnapshot().hasTag('waiting'), [actor]);
  const lang = useLang();
  useViewportClasses();
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  const embedded = !config.showHeader && !config.showFooter;
  // a server-rendered page until React has taken it over: links work, buttons and fields wait (the
  // pointer says so) and act from the first click after (src/app/hydrate.tsx)
  const waking = !useHydrated();
  return (
    <div className={`shell${embedded ? ' shell--embedded' : ''}${waking ? ' shell--waking' : ''}`}>
      <a className="skip-link" href="#main">
        <FormattedMessage id="shell.skipLink" />
      </a>
      <CookieNoticeSlot />
      <DevStrip />
      {config.showHeader && <Header />}
      <GlobalMessageBanner />
      <main id="main" className="site-main container" tabIndex={-1}>
        <Outlet />
      </main>
      <FlowsSlot />
      {config.showFooter && (
        <Footer />
      )}
      <Toasts />
      <Spinner />
      <RouteEffects />
      <ScrollRestoration waiting={waiting} />
    </div>
  );
}
