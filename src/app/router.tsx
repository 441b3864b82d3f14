/**
 * Code-based routes of §2: every route under `/{lang}`, `/logout` without it, page not found for
 * anything else. A path without a language redirects to the default language (first configured).
 */
import { createRootRouteWithContext, createRoute, createRouter, redirect, type RouterHistory } from '@tanstack/react-router';
import { isLanguage, type Language } from '../api/languages.js';
import { ROUTES, ROUTE_NAMES, swapLanguage, type RouteName } from './navigation.js';
import type { AppActor } from './shell-context.js';
import { Layout } from './components/Layout.js';
import { RouteScreen } from './screens/RouteScreen.js';
import { NotFoundScreen } from './screens/NotFoundScreen.js';
import { LogoutScreen } from './screens/LogoutScreen.js';

declare module '@tanstack/router-core' {
  interface StaticDataRouteOption {
    routeName?: RouteName;
  }
}

export interface RouterContext {
  actor: AppActor;
}

function configuredLanguages(actor: AppActor): Language[] {
  const config = actor.getSnapshot().context.config;
  return config ? [...config.languages] : [];
}

function defaultLanguage(actor: AppActor): Language {
  return configuredLanguages(actor)[0] ?? actor.getSnapshot().context.lang;
}

export function createShopRouter({
  history,
  actor,
  assign = (href) => window.location.assign(href),
}: {
  history: RouterHistory;
  actor: AppActor;
  /** Full page load (tests record it instead). */
  assign?: (href: string) => void;
}) {
  const rootRoute = createRootRouteWithContext<RouterContext>()({
    component: Layout,
    notFoundComponent: NotFoundScreen,
  });

  const indexRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/',
    beforeLoad: ({ location }) => {
      throw redirect({ href: `/${defaultLanguage(actor)}${location.searchStr}`, replace: true });
    },
  });

  const logoutRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: 'logout',
    component: LogoutScreen,
    staticData: { routeName: 'logout' },
  });

  const langRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '$lang',
    beforeLoad: ({ params, location }) => {
      const languages = configuredLanguages(actor);
      if (isLanguage(params.lang) && languages.includes(params.lang)) {
        if (params.lang === actor.getSnapshot().context.lang) return;
        // Another interface language means another catalogue: like the dropdown (§2), load the page anew.
        assign(location.href);
        return new Promise<never>(() => {});
      }
      const fallback = defaultLanguage(actor);
      // A known language the shop does not offer: swap it; anything else: put the default in front.
      const pathname = isLanguage(params.lang) ? swapLanguage(location.pathname, fallback) : `/${fallback}${location.pathname}`;
      throw redirect({ href: `${pathname}${location.searchStr}`, replace: true });
    },
  });

  const screens = ROUTE_NAMES.map((name) =>
    createRoute({
      getParentRoute: () => langRoute,
      path: ROUTES[name].path === '' ? '/' : ROUTES[name].path,
      component: () => <RouteScreen name={name} />,
      staticData: { routeName: name },
    }),
  );

  const routeTree = rootRoute.addChildren([indexRoute, logoutRoute, langRoute.addChildren(screens)]);

  return createRouter({
    routeTree,
    history,
    context: { actor },
    // Scroll handling of §4 (top, or restore with retries) lives in components/RouteEffects.tsx.
    notFoundMode: 'root',
    defaultPreload: 'intent',
  });
}

export type ShopRouter = ReturnType<typeof createShopRouter>;
