/**
 * The router, built from the route table (src/domain/routes.ts, screens in ./routes.ts): every route under `/{lang}`, `/logout`
 * without it, page not found for anything else; a path without a language redirects to the
 * default language (first configured). The routes of each journey sit under a pathless layout
 * route whose `onLeave` ends the journey; each of them enters it in `beforeLoad`
 * (src/app/journeys/host.ts). The router's context carries the shell and the journey host.
 */
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  notFound,
  redirect,
  type AnyRoute,
  type RouterHistory,
} from '@tanstack/react-router';
import { isLanguage, type Language } from '../api/languages.js';
import { safeReturnTo, swapLanguage } from './navigation.js';
import { ROUTE_NAMES, prefixLanguage, routeHref, type JourneyName, type RouteName, type ShopRouteName } from '../domain/routes.js';
import { routeDef, type RouteDef } from './routes.js';
import { SECTION_FLAGS } from '../domain/sections.js';
import type { Shell } from './shell-context.js';
import { JourneyHost, type RouteOrigin } from './journeys/host.js';
import { loadJourney } from './journeys/index.js';
import { Layout } from './components/Layout.js';
import { RouteScreen } from './screens/RouteScreen.js';
import { NotFoundScreen } from './screens/NotFoundScreen.js';
import { RouteErrorScreen } from './screens/RouteErrorScreen.js';
import { LogoutScreen } from './screens/LogoutScreen.js';

declare module '@tanstack/router-core' {
  interface StaticDataRouteOption {
    routeName?: RouteName;
  }
}

export interface RouterContext {
  shell: Shell;
  journeys: JourneyHost<Shell>;
}

function configuredLanguages(shell: Shell): Language[] {
  const config = shell.actor.getSnapshot().context.config;
  return config ? [...config.languages] : [];
}

function defaultLanguage(shell: Shell): Language {
  return configuredLanguages(shell)[0] ?? shell.actor.getSnapshot().context.lang;
}

const searchRecord = (search: unknown): Record<string, unknown> => (typeof search === 'object' && search !== null ? (search as Record<string, unknown>) : {});

export function createShopRouter({
  history,
  shell,
  journeys,
  assign = (href) => window.location.assign(href),
}: {
  history: RouterHistory;
  shell: Shell;
  journeys: JourneyHost<Shell>;
  /** Full page load (tests record it instead). */
  assign?: (href: string) => void;
}) {
  /** The page the visitor is on when a navigation starts (a journey's origin, §4 redirect target). */
  let resolved: RouteOrigin | null = null;

  const rootRoute = createRootRouteWithContext<RouterContext>()({
    component: Layout,
    notFoundComponent: NotFoundScreen,
  });

  const indexRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/',
    beforeLoad: ({ location }) => {
      throw redirect({ href: `${routeHref(defaultLanguage(shell), 'home')}${location.searchStr}`, replace: true });
    },
  });

  /** Logout is a route action: the app machine forgets the session and goes to returnTo or home. */
  const logoutRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: 'logout',
    component: LogoutScreen,
    staticData: { routeName: 'logout' },
    beforeLoad: ({ search, preload }) => {
      if (preload) return;
      const returnTo = safeReturnTo(searchRecord(search).returnTo);
      shell.actor.send({ type: 'LOGOUT', ...(returnTo ? { returnTo } : {}) });
    },
  });

  const langRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '$lang',
    beforeLoad: ({ params, location }) => {
      const languages = configuredLanguages(shell);
      if (isLanguage(params.lang) && languages.includes(params.lang)) {
        if (params.lang === shell.actor.getSnapshot().context.lang) return;
        // Another interface language means another catalogue: like the dropdown (§2), load the page anew.
        assign(location.href);
        return new Promise<never>(() => {});
      }
      const fallback = defaultLanguage(shell);
      // A known language the shop does not offer: swap it; anything else: put the default in front.
      const pathname = isLanguage(params.lang) ? swapLanguage(location.pathname, fallback) : prefixLanguage(fallback, location.pathname);
      throw redirect({ href: `${pathname}${location.searchStr}`, replace: true });
    },
  });

  /** One pathless layout per journey: leaving all of its routes ends the journey. */
  const layouts = new Map<JourneyName, AnyRoute>();
  const layoutOf = (journey: JourneyName): AnyRoute => {
    let layout = layouts.get(journey);
    if (!layout) {
      layout = createRoute({ getParentRoute: () => langRoute, id: `journey-${journey}`, onLeave: () => journeys.leave(journey) });
      layouts.set(journey, layout);
    }
    return layout;
  };

  const screenRoute = (name: ShopRouteName) => {
    const def: RouteDef = routeDef(name);
    const parent = def.journey ? layoutOf(def.journey) : langRoute;
    return createRoute({
      getParentRoute: () => parent,
      path: def.path === '' ? '/' : def.path,
      component: () => <RouteScreen name={name} />,
      staticData: { routeName: name },
      beforeLoad: async ({ params, location, search, preload }) => {
        const pathParams = params as Record<string, string>;
        if (def.params && !def.params(pathParams)) throw notFound();
        // §1: a section whose config flag is off does not exist (its list and item pages alike)
        const config = shell.actor.getSnapshot().context.config;
        if (def.section && config && !config[SECTION_FLAGS[def.section]]) throw notFound();
        const lang = shell.actor.getSnapshot().context.lang;
        const session = shell.actor.getSnapshot().context;
        // §6: a guest counts as logged out (the header menu too)
        if (def.requiresLogin && (!session.jwt || session.isGuest)) {
          throw redirect({ href: routeHref(lang, 'login', {}, { returnTo: location.href, fromUnauthorized: 'true' }) });
        }
        // The screen's chunk loads with the journey's (also on hover or focus of a link), so the
        // previous page stays until the new one can render: no "Loading the page…" flash.
        // A chunk that fails to load here is asked for again when the screen renders.
        const screenReady = def.screen.preload?.().catch(() => undefined);
        // Every page but home needs the journeys' messages (src/i18n/load.ts), loaded beside the screen.
        const messagesReady =
          name === 'home'
            ? undefined
            : shell.journeyMessages().catch((error: unknown) => {
                if (!preload) throw error;
              });
        if (!def.journey) {
          await Promise.all([screenReady, messagesReady]);
          return {};
        }
        const [journey] = await Promise.all([loadJourney(def.journey), screenReady, messagesReady]);
        if (preload) return {};
        const entered = journeys.enter(journey, { route: name, path: location.pathname, params: pathParams, search: searchRecord(search) }, resolved);
        if (entered.redirect) throw redirect({ href: entered.redirect, replace: true });
        return { journey: entered.actor, journeyName: def.journey };
      },
    });
  };

  const direct = ROUTE_NAMES.filter((name) => !routeDef(name).journey).map(screenRoute);
  const grouped = new Map<JourneyName, AnyRoute[]>();
  for (const name of ROUTE_NAMES) {
    const { journey } = routeDef(name);
    if (journey) grouped.set(journey, [...(grouped.get(journey) ?? []), screenRoute(name)]);
  }
  const journeyLayouts = [...grouped].map(([journey, children]) => layoutOf(journey).addChildren(children));

  const routeTree = rootRoute.addChildren([indexRoute, logoutRoute, langRoute.addChildren([...direct, ...journeyLayouts])]);

  const router = createRouter({
    routeTree,
    history,
    context: { shell, journeys },
    // Scroll handling of §4 (top, or restore with retries) lives in components/RouteEffects.tsx.
    notFoundMode: 'root',
    // a screen's chunk or the journeys' messages that did not load: a retry in the visitor's language
    defaultErrorComponent: RouteErrorScreen,
    defaultPreload: 'intent',
  });
  router.subscribe('onResolved', () => {
    const last = router.state.matches[router.state.matches.length - 1];
    const route = (last?.staticData as { routeName?: RouteName } | undefined)?.routeName ?? 'pageNotFound';
    resolved = { route, href: router.state.location.href };
  });
  return router;
}

export type ShopRouter = ReturnType<typeof createShopRouter>;
