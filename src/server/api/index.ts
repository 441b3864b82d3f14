import { Router } from './router.js';
import { registerConfigRoutes } from './config.js';
import { registerCatalogRoutes } from './catalog.js';
import { registerAccountRoutes } from './accounts.js';
import { registerCheckoutRoutes } from './checkout.js';
import { registerOrderRoutes } from './orders.js';
import { registerWithdrawalRoutes } from './withdrawal.js';

/** Every route of the reference API (spec §7, docs/api.md). */
export function createApiRouter(): Router {
  const router = new Router();
  registerConfigRoutes(router);
  registerCatalogRoutes(router);
  registerAccountRoutes(router);
  registerCheckoutRoutes(router);
  registerOrderRoutes(router);
  registerWithdrawalRoutes(router);
  return router;
}
