/**
 * What each page loads lazily (issue 23 item 2). build.mjs lists a page's chunks for the server's
 * preload of a deep link and for the budgets from the router's registry as the app runs it
 * (scripts/route-modules.mjs), never from its text: a moved or reshaped entry is followed, and a
 * page it cannot tell stops the build.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CART_SOURCE, routeModules } from '../../scripts/route-modules.mjs';
import { ROUTE_NAMES, ROUTE_TABLE, type RouteSpec } from '../../src/domain/routes.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('the lazy modules of each page', () => {
  it('are its screen and, on a journey page, its journey and the cart, as the registry and the router load them', async () => {
    const pages = await routeModules(root);
    expect(pages.map((page) => page.name)).toEqual(ROUTE_NAMES);
    const sources = Object.fromEntries(pages.map((page) => [page.name, page.sources]));
    expect(sources.home).toEqual(['src/app/screens/HomeScreen.tsx']);
    // the router waits for the cart (loaded apart from the shell) before every page with a journey
    expect(CART_SOURCE).toBe('src/app/cart-shell.ts');
    expect(sources.ticket).toEqual(['src/app/screens/tickets/TicketScreen.tsx', 'src/app/journeys/eventTicketing.ts', CART_SOURCE]);
    // a screen that is a named export of a module shared by several pages
    expect(sources.registerSuccess).toEqual(['src/app/screens/auth/SuccessScreens.tsx']);
    // the checkout's screens and its journey are one module (src/app/screens/checkout/pages.ts)
    expect(sources.checkoutCanceled).toEqual(['src/app/screens/checkout/pages.ts', 'src/app/screens/checkout/pages.ts', CART_SOURCE]);
    expect(sources.orderReview).toEqual(['src/app/screens/checkout/OrderReviewScreen.tsx', 'src/app/journeys/orderReview.ts', CART_SOURCE]);
    const oneModule: Record<string, string> = { checkout: 'src/app/screens/checkout/pages.ts' };
    for (const page of pages) {
      const { journey, path } = ROUTE_TABLE[page.name as keyof typeof ROUTE_TABLE] as RouteSpec;
      expect(page.path).toBe(path);
      expect(page.sources.slice(1)).toEqual(journey ? [oneModule[journey] ?? `src/app/journeys/${journey}.ts`, CART_SOURCE] : []);
      expect(page.sources.filter((source) => !existsSync(`${root}${source}`))).toEqual([]);
    }
  });

  it('stop the build, naming the page, when the registry does not load a screen', async () => {
    await expect(routeModules(root, { registry: 'tests/tools/fixtures/registry-without-screens.ts' })).rejects.toThrow(/route 'home'/);
  });
});
