import type { Router } from './router.js';

export function registerAccountRoutes(router: Router): void {
  void router;
}
