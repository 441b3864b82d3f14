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
  // Login and recovery journey (machines/auth.machine.ts)
  login: lazy(() => import('./auth/LoginScreen.js')),
  register: lazy(() => import('./auth/RegistrationForm.js')),
  guestRegister: lazy(() => import('./auth/GuestRegisterScreen.js')),
  forgotPassword: lazy(() => import('./auth/ForgotPasswordScreen.js')),
  recoverAccount: lazy(() => import('./auth/RecoverAccountScreen.js')),
  registerSuccess: lazy(() => import('./auth/SuccessScreens.js').then((m) => ({ default: m.RegisterSuccessScreen }))),
  forgotPasswordSuccess: lazy(() => import('./auth/SuccessScreens.js').then((m) => ({ default: m.ForgotPasswordSuccessScreen }))),
  recoverPasswordSuccess: lazy(() => import('./auth/SuccessScreens.js').then((m) => ({ default: m.RecoverPasswordSuccessScreen }))),
  // Checkout journey (machines/checkout.machine.ts)
  checkout: lazy(() => import('./checkout/CheckoutScreen.js')),
  checkoutAccepted: lazy(() => import('./checkout/CheckoutScreen.js').then((m) => ({ default: m.CheckoutAcceptedScreen }))),
  checkoutFailed: lazy(() => import('./checkout/CheckoutScreen.js').then((m) => ({ default: m.CheckoutFailedScreen }))),
  checkoutCanceled: lazy(() => import('./checkout/OtherScreens.js').then((m) => ({ default: m.CheckoutCanceledScreen }))),
  checkoutSuccess: lazy(() => import('./checkout/OtherScreens.js').then((m) => ({ default: m.CheckoutSuccessScreen }))),
  orderReview: lazy(() => import('./checkout/OtherScreens.js').then((m) => ({ default: m.OrderReviewScreen }))),
  // Event ticketing journey (machines/eventTicketing.machine.ts)
  tickets: lazy(() => import('./tickets/EventListScreen.js')),
  ticket: lazy(() => import('./tickets/TicketScreen.js')),
  // Flow viewer (/{lang}/__flows, and ?flows under any page): every machine's chart with the live state
  flows: lazy(() => import('./FlowsScreen.js')),
};
