/**
 * The router, built from the route table (src/domain/routes.ts; screens and journeys in ./routes.ts): every route under `/{lang}`, `/logout`
 * without it, page not found for anything else; a path without a language redirects to the
 * default language (first configured). A route parses its params and search once, by the kinds
 * of the route table: a param that does not fit is the not-found page, a search value that does
 * not fit is absent. The routes of each journey sit under a pathless layout
 * route whose `onLeave` ends the journey; each of them enters it in `beforeLoad` with the parsed
 * values (src/app/journeys/host.ts). The router's context carries the shell and the journey host.
 */
import { Suspense } from 'react';
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
import {
  ROUTE_NAMES,
  ROUTE_TABLE,
  parseValues,
  prefixLanguage,
  routeHref,
  type JourneyName,
  type RouteName,
  type RouteSpec,
  type ShopRouteName,
  isCatalogueRoute,
} from '../domain/routes.js';
import { LOGOUT_SCREEN, MESSAGE_PARTS, SCREENS, loadJourney } from './routes.js';
import { SECTION_FLAGS } from '../domain/sections.js';
import { homeSection, sectionHref } from './sections.js';
import type { Shell } from './shell-context.js';
import type { JourneyHost, RouteEntry, RouteOrigin } from './journeys/host.js';
import { Layout } from './components/Layout.js';
import { RouteScreen } from './screens/RouteScreen.js';
import { NotFoundScreen } from './screens/NotFoundScreen.js';
import { RouteErrorScreen } from './screens/RouteErrorScreen.js';

declare module '@tanstack/router-core' {
  interface StaticDataRouteOption {
    routeName?: RouteName;
  }
}

/**
 * The journeys' host (./journeys/host.ts), loaded with the first page that has a journey, beside
 * the journey's own module: the home page and the other pages without one never load it.
 */
export interface Journeys {
  load(): Promise<JourneyHost<Shell>>;
  /** The host once loaded: before, no journey runs, and there is none to leave. */
  loaded(): JourneyHost<Shell> | null;
}

export interface RouterContext {
  shell: Shell;
  journeys: Journeys;
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
  journeys: Journeys;
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
    component: () => (
      <Suspense fallback={null}>
        <LOGOUT_SCREEN />
      </Suspense>
    ),
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

  const screenRoute = (name: ShopRouteName, parent: AnyRoute) => {
    const def: RouteSpec = ROUTE_TABLE[name];
    const { params: paramKinds, search: searchKinds } = def;
    const journeyName = def.journey as JourneyName | undefined;
    return createRoute({
      getParentRoute: () => parent,
      path: def.path === '' ? '/' : def.path,
      // The params and search by their kinds (src/domain/routes.ts), parsed once: a param that does
      // not fit is the not-found page (as before the screen's code loads), a search value absent.
      params: paramKinds && {
        parse: (raw: Record<string, string>) => {
          const values = parseValues(paramKinds, raw, true);
          if (!values) throw notFound();
          return values;
        },
      },
      validateSearch: searchKinds && ((raw: Record<string, unknown>) => parseValues(searchKinds, raw) as Record<string, unknown>),
      component: () => <RouteScreen name={name} />,
      staticData: { routeName: name },
      beforeLoad: async ({ params, location, search, preload }) => {
        const { config, lang, jwt, isGuest } = shell.actor.getSnapshot().context;
        // §1: a section whose config flag is off does not exist (its list and item pages alike)
        if (def.section && config && !config[SECTION_FLAGS[def.section]]) throw notFound();
        // home_view (§3): a section's list as the home page, shown at the list's own address (its
        // title, heading, nav marking and journey as there; one address per page); the default
        // landing when the view is 'default' or its section is off
        const home = name === 'home' && config ? homeSection(config) : null;
        if (home) throw redirect({ href: `${sectionHref(home, lang)}${location.searchStr}`, replace: true });
        // the server's render of a personal page: the shell, the page's messages and its waiting state (RouteScreen)
        if (shell.personalPagesWait && !isCatalogueRoute(name)) {
          await shell.journeyMessages(MESSAGE_PARTS[name]);
          return {};
        }
        // §6: a guest counts as logged out (the header menu too)
        if (def.requiresLogin && (!jwt || isGuest)) {
          throw redirect({ href: routeHref(lang, 'login', {}, { returnTo: location.href, fromUnauthorized: 'true' }) });
        }
        // The screen's chunk loads with the journey's (also on hover or focus of a link), so the
        // previous page stays until the new one can render: no "Loading the page…" flash.
        // A chunk that fails to load here is asked for again when the screen renders.
        const screenReady = SCREENS[name].preload?.().catch(() => undefined);
        // The page's parts of the catalogue beyond the shell's (src/i18n/load.ts), loaded beside the screen.
        const parts = MESSAGE_PARTS[name];
        const messagesReady =
          parts.length === 0
            ? undefined
            : shell.journeyMessages(parts).catch((error: unknown) => {
                if (!preload) throw error;
              });
        if (!journeyName) {
          await Promise.all([screenReady, messagesReady]);
          return {};
        }
        // every journey works with the cart (its input, its ADD, what the cart holds), loaded apart from the shell
        const [journey, host] = await Promise.all([loadJourney(journeyName), journeys.load(), shell.carts.load(), screenReady, messagesReady]);
        if (preload) return {};
        // Overtaken while its chunks loaded (Back pressed as soon as a link's address showed): the
        // router drops this navigation, and the journey must not follow it either, or its machine
        // opens the page left and takes the visitor back there (found by the session walk).
        if (history.location.pathname !== location.pathname) return {};
        const entry = { route: name, path: location.pathname, params, search } as RouteEntry;
        const entered = host.enter(journey, entry, resolved);
        if (entered.redirect) throw redirect({ href: entered.redirect, replace: true });
        return { journey: entered.actor, journeyName };
      },
    });
  };

  // The pages of a journey sit under one pathless layout: leaving all of them ends the journey.
  const direct: AnyRoute[] = [];
  const layouts = new Map<JourneyName, { layout: AnyRoute; pages: AnyRoute[] }>();
  for (const name of ROUTE_NAMES) {
    const journey = (ROUTE_TABLE[name] as RouteSpec).journey as JourneyName | undefined;
    if (!journey) {
      direct.push(screenRoute(name, langRoute));
      continue;
    }
    let group = layouts.get(journey);
    if (!group) {
      group = { layout: createRoute({ getParentRoute: () => langRoute, id: `journey-${journey}`, onLeave: () => journeys.loaded()?.leave(journey) }), pages: [] };
      layouts.set(journey, group);
    }
    group.pages.push(screenRoute(name, group.layout));
  }
  const journeyLayouts = [...layouts.values()].map(({ layout, pages }) => layout.addChildren(pages));

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
