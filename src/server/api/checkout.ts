import type { Router } from './router.js';

export function registerCheckoutRoutes(router: Router): void {
  void router;
}
