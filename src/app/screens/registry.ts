/**
 * Route name → screen. A route without an entry shows the translated "coming soon" placeholder
 * with its title and heading. Journeys register their screens here, lazily, so each route is
 * its own chunk and the home page stays small.
 */
import { lazy, type ComponentType } from 'react';
import type { RouteName } from '../navigation.js';

export const SCREENS: Partial<Record<RouteName, ComponentType>> = {
  home: lazy(() => import('./HomeScreen.js')),
  page: lazy(() => import('./StaticPageScreen.js')),
  shippingInfo: lazy(() => import('./StaticPageScreen.js')),
  // Event ticketing journey (machines/eventTicketing.machine.ts)
  tickets: lazy(() => import('./tickets/EventListScreen.js')),
  ticket: lazy(() => import('./tickets/TicketScreen.js')),
  // Flow viewer mount point (/{lang}/__flows and ?flows on any route): once src/app/flows exists,
  // register it here, e.g. flows: lazy(() => import('../flows/FlowViewer.js')),
};
