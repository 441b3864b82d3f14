import type { Router } from './router.js';

export function registerCatalogRoutes(router: Router): void {
  void router;
}
