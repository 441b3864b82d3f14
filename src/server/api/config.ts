import type { Router } from './router.js';

export function registerConfigRoutes(router: Router): void {
  void router;
}
