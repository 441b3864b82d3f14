/** A page of the route table with the source files it loads lazily (its screen, then its journey). */
export interface RouteModules {
  name: string;
  path: string;
  sources: string[];
}
/** Runs the route table and the router's registry in Node (see route-modules.mjs); throws naming a page it cannot tell. */
export declare function routeModules(root: string, files?: { routes?: string; registry?: string }): Promise<RouteModules[]>;
