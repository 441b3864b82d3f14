/** The cart's module, which every page with a journey loads (the router waits for it). */
export declare const CART_SOURCE: string;
/** A page of the route table with the source files it loads lazily (its screen, then its journey and the cart's module). */
export interface RouteModules {
  name: string;
  path: string;
  sources: string[];
}
/** Runs the route table and the router's registry in Node (see route-modules.mjs); throws naming a page it cannot tell. */
export declare function routeModules(root: string, files?: { routes?: string; registry?: string }): Promise<RouteModules[]>;
