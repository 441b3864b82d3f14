/**
 * The checkout's pages and its journey as one lazy module (src/app/routes.ts): a visitor who
 * opens one of them needs all of it, and one chunk compresses better than the seven esbuild made
 * of them (docs/performance.md).
 */
export { default as CheckoutScreen } from './CheckoutScreen.js';
export { CheckoutCanceledScreen, CheckoutSuccessScreen } from './OtherScreens.js';
export { default } from '../../journeys/checkout.js';
