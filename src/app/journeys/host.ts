/**
 * The one mechanism between the router and the journeys (machines/*.machine.ts):
 *
 * - A route of a journey calls `enter` from its `beforeLoad`. The first route of a visit creates
 *   the journey's actor (input from the route; a journey that leaves the app restores its
 *   persisted snapshot); a later route of the same journey becomes the journey's event (a link,
 *   back or forward). When the machine does not go where the URL says, `enter` answers the href
 *   of the machine's page and the route redirects there: the machine owns the flow.
 * - The actor's state names its page in `meta.route` (the deepest active state that says so;
 *   `null` = no page of the shop, e.g. while at the payment provider). Whenever the state's page
 *   differs from the URL, the host navigates there: the router owns the URL.
 * - Leaving the journey's routes (`leave`, from the layout route's `onLeave`) stops the actor,
 *   unregisters it from the flow viewer and forgets its persisted snapshot.
 * - A journey with `persist` keeps `getPersistedSnapshot()` in session storage after every step,
 *   so a full-page round trip (the payment provider) or a reload restores the same state; what
 *   is restored is validated first and dropped with a console warning when it does not fit.
 * - A finished journey (its actor reached a final state: the purpose ended) answers only for its
 *   own page (a reload of the success page) or a route the journey says is still about it
 *   (`persist.finishedAnswers`, e.g. the return URL of the payment it booked). Any other route
 *   (the visitor starts a new checkout, from the success page's basket link or after a full page
 *   load) stops it, drops its snapshot and starts a new journey: a finished journey never comes
 *   back (issue 22).
 *
 * One host per shell (the router's context carries it); no module-level actors.
 */
import { createActor, type AnyActorRef, type AnyMachineSnapshot, type AnyStateMachine, type EventFromLogic, type InputFrom } from 'xstate';
import { pagePath, type JourneyName, type JourneyRouteName, type RouteName, type RouteValues, type ShopRouteName } from '../../domain/routes.js';
import { registerLiveActor } from '../flows/registry.js';
import type { KeyValueStorage } from '../session.js';

/**
 * The route the visitor opens (or is on), one of the journey's pages: its name, its path params
 * and search as the router parsed them (`entry.route === 'ticket'` gives `entry.params.id` as a
 * number), and the URL's path (e.g. /de/checkout/accepted).
 */
export type RouteEntry<TName extends JourneyName = JourneyName> = RouteValues<JourneyRouteName<TName>> & { path: string };

/** Where the visitor comes from when a journey starts (the location being left), if anywhere. */
export interface RouteOrigin {
  route: RouteName;
  href: string;
}

export interface JourneyPage {
  route: RouteName;
  /** replace the history entry instead of pushing one (e.g. the success page after booking) */
  replace: boolean;
}

/**
 * How one journey meets the router. `TDeps` is what the app gives it (API client, shell actors);
 * `TName` its name, which types the routes it receives.
 */
export interface Journey<TMachine extends AnyStateMachine, TDeps, TName extends JourneyName = JourneyName> {
  /** the machine's name (machines/<name>.machine.ts, src/app/journeys/<name>.ts), as the flow viewer shows it */
  name: TName;
  /** the machine with the app's services and side effects */
  machine(deps: TDeps): TMachine;
  /** input of a new actor from the route that starts the journey */
  input(deps: TDeps, entry: RouteEntry<TName>, from: RouteOrigin | null): InputFrom<TMachine>;
  /**
   * A journey that keeps one actor per item (an order, a static page): the item of a route. A
   * different key stops the actor and starts a new one.
   */
  key?(entry: RouteEntry<TName>): string;
  /**
   * The event that brings the journey to a route the visitor opened while the machine is
   * elsewhere (a link, back/forward, the provider's return); null when the route is not the
   * journey's to go to from here.
   */
  event(entry: RouteEntry<TName>, snapshot: ReturnType<TMachine['getInitialSnapshot']>): EventFromLogic<TMachine> | null;
  /**
   * Whether the machine already shows what the route asks for beyond its path, for a journey whose
   * state keeps a search value of the URL (the category of passes?category=): false sends `event`
   * although the paths agree. Default: the path says it all.
   */
  showsSearchOf?(entry: RouteEntry<TName>, snapshot: ReturnType<TMachine['getInitialSnapshot']>): boolean;
  /** Path of a page of the journey, with its params and search (default: the route's path alone). */
  href?(page: RouteName, snapshot: ReturnType<TMachine['getInitialSnapshot']>, lang: string): string;
  /** Connects the actor to the rest of the app (e.g. forwards cart changes); returns the disconnect. */
  connect?(actor: AnyActorRef, deps: TDeps): () => void;
  /** Keep the actor's persisted snapshot in session storage under `key` across page loads. */
  persist?: {
    key: string;
    /** Checks a stored snapshot before it is restored (valibot); false drops it. */
    isValid(persisted: unknown): boolean;
    /** What must not be stored (e.g. the IBAN typed in the payment form). */
    scrub?(persisted: Record<string, unknown>): Record<string, unknown>;
    /**
     * Whether a route other than its own page still belongs to a finished journey (a stored
     * snapshot whose status is 'done'); default: none does, and the route starts a new journey.
     */
    finishedAnswers?(entry: RouteEntry<TName>, persisted: unknown): boolean;
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the host keeps journeys of every machine type
type AnyJourney<TDeps> = Journey<any, TDeps>;

interface LiveJourney {
  actor: AnyActorRef;
  key: string;
  stop: () => void;
}

export interface HostOptions<TDeps> {
  deps: TDeps;
  lang: () => string;
  /** path and search of the location the router shows now */
  currentHref: () => string;
  navigate: (href: string, replace: boolean) => void;
  storage: KeyValueStorage | null;
  warn?: (message: string) => void;
}

/** The page a snapshot's state names: the deepest active state with `meta.route` (undefined: none). */
export function pageOf(snapshot: AnyMachineSnapshot): JourneyPage | null | undefined {
  let page: JourneyPage | null | undefined;
  // getMeta() lists the active states' meta from the root down (document order).
  for (const meta of Object.values(snapshot.getMeta()) as ({ route?: RouteName | null; replace?: boolean } | undefined)[]) {
    if (meta && 'route' in meta && meta.route !== undefined) {
      page = meta.route === null ? null : { route: meta.route, replace: meta.replace === true };
    }
  }
  return page;
}

/** The path of a journey's page (the route's path alone unless the journey says more). */
function hrefOf<TDeps>(journey: AnyJourney<TDeps>, page: RouteName, snapshot: AnyMachineSnapshot, lang: string): string {
  return journey.href ? journey.href(page, snapshot, lang) : pagePath(lang, page as ShopRouteName, {});
}

const pathOf = (href: string) => href.split(/[?#]/)[0] ?? href;

export function readPersisted(storage: KeyValueStorage | null, key: string): unknown {
  try {
    const raw = storage?.getItem(key) ?? null;
    return raw === null ? undefined : (JSON.parse(raw) as unknown);
  } catch {
    return null;
  }
}

export class JourneyHost<TDeps> {
  private readonly live = new Map<string, LiveJourney>();

  constructor(private readonly options: HostOptions<TDeps>) {}

  /** The live actor of a journey, if it runs. */
  actorOf(name: string): AnyActorRef | undefined {
    return this.live.get(name)?.actor;
  }

  /**
   * Called by each route of the journey before it loads. Returns the actor and, when the machine
   * stays on another page than the URL asks for, the href to redirect to.
   */
  enter(journey: AnyJourney<TDeps>, entry: RouteEntry, from: RouteOrigin | null): { actor: AnyActorRef; redirect: string | null } {
    const key = journey.key?.(entry) ?? '';
    let live = this.live.get(journey.name);
    if (live && live.key !== key) {
      this.leave(journey.name);
      live = undefined;
    }
    // A finished journey answers only for its own page (and, persisted, the routes it names: the
    // booked checkout's return); another route starts anew, with or without persistence: a done
    // auth journey (a reset link sent) must not send a visitor who opens its login form before
    // the router has left it back to its success page.
    const snapshot = live?.actor.getSnapshot() as AnyMachineSnapshot | undefined;
    if (live && snapshot?.status === 'done' && !this.finishedAnswers(journey, snapshot, entry, live.actor.getPersistedSnapshot())) {
      this.leave(journey.name);
      live = undefined;
    }
    if (!live) live = this.start(journey, entry, from, key);
    const { actor } = live;
    const lang = this.options.lang();
    const wanted = entry.path;
    const here = () => {
      const page = pageOf(actor.getSnapshot());
      return page ? pathOf(hrefOf(journey, page.route, actor.getSnapshot(), lang)) : page;
    };
    if (here() !== wanted || journey.showsSearchOf?.(entry, actor.getSnapshot()) === false) {
      const event = journey.event(entry, actor.getSnapshot());
      if (event) actor.send(event);
    }
    const now = here();
    return { actor, redirect: now && now !== wanted ? hrefOf(journey, pageOf(actor.getSnapshot())!.route, actor.getSnapshot(), lang) : null };
  }

  /** Every journey ends (a server render is done with its shell). */
  leaveAll(): void {
    for (const name of [...this.live.keys()]) this.leave(name);
  }

  /** The visitor left the journey's routes: stop its actor and forget its snapshot. */
  leave(name: string): void {
    const live = this.live.get(name);
    if (!live) return;
    this.live.delete(name);
    live.stop();
  }

  private start(journey: AnyJourney<TDeps>, entry: RouteEntry, from: RouteOrigin | null, key: string): LiveJourney {
    const { deps, storage } = this.options;
    const machine = journey.machine(deps);
    const restored = journey.persist ? this.restore(journey, machine, entry) : undefined;
    const actor = createActor(machine, { input: journey.input(deps, entry, from), ...(restored ? { snapshot: restored } : {}) });
    const disconnect = journey.connect?.(actor, deps) ?? (() => {});
    let lastHref: string | null = null;
    const subscription = actor.subscribe((snapshot) => {
      if (journey.persist) this.save(journey, actor);
      const page = pageOf(snapshot);
      if (!page) return;
      const href = hrefOf(journey, page.route, snapshot, this.options.lang());
      if (href === lastHref) return;
      const shown = lastHref;
      lastHref = href;
      const current = pathOf(this.options.currentHref());
      // Only a visitor still on the journey's page follows it. One who has just gone elsewhere
      // (a header link, Back) is on the way out: the router leaves the journey's routes once the
      // new page has loaded, and a step the machine takes meanwhile (a request that answers)
      // must not pull the visitor back (issue 22, found by the session walk).
      if (shown !== null && current !== pathOf(shown)) return;
      if (pathOf(href) !== current) this.options.navigate(href, page.replace);
    });
    const unregister = registerLiveActor(journey.name, actor);
    actor.start();
    if (journey.persist) this.save(journey, actor);
    const initial = pageOf(actor.getSnapshot());
    // a machine that shows no page yet (its first answer pending) is on the page where it started:
    // a visitor who moves on before its first page comes (Back, Forward) is not pulled back to it
    lastHref = initial ? hrefOf(journey, initial.route, actor.getSnapshot(), this.options.lang()) : entry.path;
    const live: LiveJourney = {
      actor,
      key,
      stop: () => {
        subscription.unsubscribe();
        disconnect();
        unregister();
        actor.stop();
        if (journey.persist) {
          try {
            storage?.removeItem(journey.persist.key);
          } catch {
            /* storage blocked */
          }
        }
      },
    };
    this.live.set(journey.name, live);
    return live;
  }

  private restore(journey: AnyJourney<TDeps>, machine: AnyStateMachine, entry: RouteEntry) {
    const persist = journey.persist!;
    const stored = readPersisted(this.options.storage, persist.key);
    if (stored === undefined) return undefined;
    const drop = (why: string) => {
      (this.options.warn ?? console.warn)(`The saved ${journey.name} journey was dropped: ${why}.`);
      try {
        this.options.storage?.removeItem(persist.key);
      } catch {
        /* storage blocked */
      }
      return undefined;
    };
    if (!persist.isValid(stored)) return drop('it does not have the expected shape');
    let resolved: AnyMachineSnapshot;
    try {
      const snapshot = stored as { value: Parameters<AnyStateMachine['resolveState']>[0]['value']; context: unknown };
      // A state the machine no longer has (an older build) throws here.
      resolved = machine.resolveState({ value: snapshot.value, context: snapshot.context as never });
    } catch {
      return drop('its state is not one of the machine');
    }
    if ((stored as { status?: unknown }).status === 'done' && !this.finishedAnswers(journey, resolved, entry, stored)) {
      // the purpose ended (e.g. booked): a new visit of the journey starts afresh, silently
      this.forget(persist.key);
      return undefined;
    }
    return stored as ReturnType<AnyStateMachine['getPersistedSnapshot']>;
  }

  /** A finished journey answers for its own page and for the routes the journey names. */
  private finishedAnswers(journey: AnyJourney<TDeps>, finished: AnyMachineSnapshot, entry: RouteEntry, persisted: unknown): boolean {
    if (pageOf(finished)?.route === entry.route) return true;
    return journey.persist?.finishedAnswers?.(entry, persisted) ?? false;
  }

  private forget(key: string): void {
    try {
      this.options.storage?.removeItem(key);
    } catch {
      /* storage blocked */
    }
  }

  private save(journey: AnyJourney<TDeps>, actor: AnyActorRef): void {
    const persist = journey.persist!;
    try {
      const persisted = actor.getPersistedSnapshot() as Record<string, unknown>;
      this.options.storage?.setItem(persist.key, JSON.stringify(persist.scrub ? persist.scrub(persisted) : persisted));
    } catch {
      /* quota or privacy mode: the journey works without persistence */
    }
  }
}
