/**
 * The cart (spec §3 cart state, §4 cart, vouchers and shipping, §8 shipping error): an actor that
 * lives as long as the app.
 *
 * - Add, remove, clear. A voucher code whose barcode is already in the cart is not added twice.
 * - A shop section switched off in the config (SECTIONS_CLOSED, issue 22 item 7) takes its lines
 *   out of the cart and refuses new ones.
 * - Saved to session storage (`cart`, §9) on add and remove, removed on clear; restored from the
 *   saved string given in the input and validated at boot: corrupt data gives an empty cart and a
 *   console warning, never a crash.
 * - Removing a ticket line pushes a remove-from-cart analytics event (CHF) to `window.dataLayer`.
 * - Shipping (§4, §8), as a designer reads it in the chart: after every change of lines or
 *   destination the cart checks what it ships. Nothing shipped (no merchandise, no annual pass):
 *   no shipping. Goods but no destination (no logged-in customer's country, no chosen country, no
 *   saved customer's country): 'Destination unknown', the cart asks the visitor for a country
 *   (CHOOSE_COUNTRY, offered only while the cart ships goods) and payment waits. Choosing a country (in the cart, or as the country of a
 *   different delivery address in the checkout: SHIP_TO) prices shipping by itself once the choice
 *   has rested for COUNTRY_SETTLE_MS ('Settling the country'), so a keyboard user arrowing through
 *   the options does not ask the server once per option (issue 22 item 2). The delivery country
 *   is the shipping country (issue 22 item 5). A destination: 'Calculating shipping' (shipping/costs),
 *   then 'Shipping known' (its own line and part of the total) or 'Shipping failed' (the error code kept,
 *   the cost cleared, the cart kept; the visitor may choose another country or try again).
 * - Voucher allocation, totals and tax are derived (machines/cart.selectors.ts), never stored.
 *
 * Side effects are named actions (`saveCart`, `removeSavedCart`, `warnCorruptCart`,
 * `trackRemoveFromCart`) and the shipping call a named `fromPromise` actor (`calculateShipping`):
 * the defaults throw "not provided" (except `warnCorruptCart`, which warns on the console); the app
 * provides them (`cartBrowserActions` of src/app/cart-storage.ts), tests fake them.
 */
import { assertEvent, assign, emit, fromPromise, setup, spawnChild } from 'xstate';
import type { CartLine } from '../src/domain/cart-lines.js';
import { restoreCartLines } from '../src/domain/cart-lines.js';
import { toMajor, type Minor } from '../src/domain/money.js';
import type { ShippingRequest } from '../src/domain/shipping-payload.js';
import type { Country } from '../src/api/schemas/config-requests.js';
import {
  cartHasMerchandise,
  countryKey,
  shippingDestination,
  shippingErrorCode,
  toShippingRequest,
  type DestinationSources,
} from '../src/domain/shipping.js';
import { hasVoucherCode } from '../src/domain/vouchers.js';
import { notProvided } from './support.js';
import { renameLines, type LineNames } from '../src/domain/line-names.js';
import { inClosedSection, type SectionKey } from '../src/domain/sections.js';

/** Where the shipping destination comes from (§4) and whether the visitor is logged in (§6). */
export interface CartDestination extends DestinationSources {
  loggedIn: boolean;
}

export interface CartInput {
  /** the raw string saved under `cart` in session storage (null when none) */
  savedCart?: string | null;
  /** the raw string saved under `cart.country` (the visitor's country choices, see readSavedCountries) */
  savedCountries?: string | null;
  destination?: Partial<CartDestination>;
}

export interface CartContext {
  lines: CartLine[];
  destination: CartDestination;
  /** shipping cost in minor units; null when not asked, unknown or failed */
  shippingCost: Minor | null;
  /** error code of the last failed shipping request (§8), null otherwise */
  shippingError: string | null;
  /** why the saved cart was dropped at boot (null when it was fine or absent) */
  restoreProblem: string | null;
  /** the countries the visitor can choose from (GET countries), loaded when first asked */
  countries: Country[] | null;
  /** shop sections switched off in the config (§1): the cart holds none of their lines (issue 22 item 7) */
  closedSections: SectionKey[];
  /** the country list asked for outside 'Destination unknown' (LOAD_COUNTRIES) is on its way */
  countryListAsked: boolean;
}

export type CartEvent =
  | { type: 'ADD'; lines: CartLine[] }
  | { type: 'REMOVE'; index: number }
  | { type: 'CLEAR' }
  | { type: 'SET_DESTINATION'; destination: Partial<CartDestination> }
  /** the visitor chose the country to ship to in the cart (§4 "chosen country") */
  | { type: 'CHOOSE_COUNTRY'; country: string }
  /** the checkout's different delivery address is in this country (null: the billing address, or no country yet) */
  | { type: 'SHIP_TO'; country: string | null }
  | { type: 'RETRY_SHIPPING' }
  | { type: 'RETRY_COUNTRIES' }
  /** the cart shows a known destination the visitor chose (e.g. restored at a page load): the list to change it from */
  | { type: 'LOAD_COUNTRIES' }
  /** the catalogue's names in the page's language for what the cart holds (issue 16 item 7) */
  | { type: 'RENAME_LINES'; names: LineNames }
  /** the config says which shop sections are switched off (at boot, and whenever it changes) */
  | { type: 'SECTIONS_CLOSED'; sections: SectionKey[] };

/** Emitted (actor.on) so the UI can say why nothing was added. */
/** Emitted when a voucher code already in the cart is added again, for the voucher code entry to say so. */
export type CartEmitted = { type: 'voucherCodeAlreadyInCart'; barcode: string };

/** What the calculateShipping actor gets: the §7 request and whether to send the token. */
export interface ShippingInput {
  request: ShippingRequest;
  loggedIn: boolean;
}

/** The GA4-style analytics event pushed to `window.dataLayer` when a ticket line is removed. */
export interface RemoveFromCartAnalytics {
  event: 'remove_from_cart';
  ecommerce: {
    currency: 'CHF';
    value: number;
    items: { item_id: string; item_name: string; item_category: string; price: number; quantity: number }[];
  };
}

/** Ticket lines (timed and day tickets) are the ones whose removal is tracked (§4). */
export type TicketLine = Extract<CartLine, { type: 'ticket' | 'dayTicket' }>;

export function isTicketLine(line: CartLine): line is TicketLine {
  return line.type === 'ticket' || line.type === 'dayTicket';
}

/** What the analytics hear of a removed ticket line: its total, and its price per ticket. */
export function removeFromCartAnalytics(line: TicketLine): RemoveFromCartAnalytics {
  return {
    event: 'remove_from_cart',
    ecommerce: {
      currency: 'CHF',
      value: toMajor(line.totalPrice),
      items: [{ item_id: String(line.id), item_name: line.name, item_category: line.type, price: toMajor(Math.round(line.totalPrice / line.totalCount)), quantity: line.totalCount }],
    },
  };
}

/**
 * Lines of an ADD without voucher codes already in the cart (or twice in the same ADD), and
 * without lines of a shop section that is switched off.
 */
export function newLinesOf(current: readonly CartLine[], added: readonly CartLine[], closed: readonly SectionKey[] = []): CartLine[] {
  const out: CartLine[] = [];
  for (const line of added) {
    if (inClosedSection(line, closed)) continue;
    if (line.type === 'voucherCode' && hasVoucherCode([...current, ...out], line.barcode)) continue;
    out.push(line);
  }
  return out;
}


const NO_DESTINATION: CartDestination = { loggedIn: false, deliveryCountry: null, tokenCountry: null, chosenCountry: null, customerCountry: null };

/** How long a country choice rests before shipping is asked for it (issue 22 item 2: one request, not one per option). */
export const COUNTRY_SETTLE_MS = 400;

/** The visitor's own country choices, kept in session storage under CART_COUNTRIES_STORAGE_KEY. */
export type SavedCountries = Pick<CartDestination, 'chosenCountry' | 'deliveryCountry'>;

const savedCountriesOf = (context: CartContext): SavedCountries => ({
  chosenCountry: context.destination.chosenCountry,
  deliveryCountry: context.destination.deliveryCountry ?? null,
});

/** The saved choices at boot; anything that is not a country key is dropped, a bad entry restores nothing. */
export function restoreCountries(saved: string | null): Partial<SavedCountries> {
  try {
    // null, a number or a string parse to something without these keys (null throws): nothing is restored
    const { chosenCountry, deliveryCountry } = JSON.parse(saved ?? '{}') as Record<string, unknown>;
    return {
      chosenCountry: typeof chosenCountry === 'string' ? countryKey(chosenCountry) : null,
      deliveryCountry: typeof deliveryCountry === 'string' ? countryKey(deliveryCountry) : null,
    };
  } catch {
    return {};
  }
}

/** The lines an ADD brings that the cart takes; any other event is a mis-wired action or guard and throws. */
function linesAdded(context: CartContext, event: CartEvent): CartLine[] {
  assertEvent(event, 'ADD');
  return newLinesOf(context.lines, event.lines, context.closedSections);
}

/** The line a REMOVE names (undefined: the cart has no such line); any other event throws. */
function lineRemoved(context: CartContext, event: CartEvent): CartLine | undefined {
  assertEvent(event, 'REMOVE');
  // a negative, fractional or too large index names no line of the array
  return context.lines[event.index];
}

function destinationOf(context: CartContext): string | null {
  return shippingDestination(context.destination);
}

/** The tags a screen may ask the machine's state about. */
export type CartTag = 'busy' | 'loading' | 'shipping-failed' | 'shipping-known' | 'shipping-loading' | 'shipping-needsCountry' | 'shipping-none';

export const cartMachine = setup({
  types: {
    tags: {} as CartTag,
    context: {} as CartContext,
    events: {} as CartEvent,
    input: {} as CartInput,
    emitted: {} as CartEmitted,
  },
  actors: {
    /** POST shipping/costs; resolves with the cost in minor units. */
    calculateShipping: fromPromise<Minor, ShippingInput>(async () => notProvided('calculateShipping')),
    /** GET countries: the list the visitor chooses the destination from. */
    loadCountries: fromPromise<Country[], void>(async () => notProvided('loadCountries')),
  },
  actions: {
    addLines: assign(({ context, event }) => ({ lines: [...context.lines, ...linesAdded(context, event)] })),
    removeLine: assign(({ context, event }) => {
      assertEvent(event, 'REMOVE');
      return { lines: context.lines.filter((_, index) => index !== event.index) };
    }),
    clearLines: assign({ lines: [] }),
    assignClosedSections: assign(({ event }) => {
      assertEvent(event, 'SECTIONS_CLOSED');
      return { closedSections: [...event.sections] };
    }),
    dropLinesOfClosedSections: assign(({ context }) => ({ lines: context.lines.filter((line) => !inClosedSection(line, context.closedSections)) })),
    renameLines: assign(({ context, event }) => {
      assertEvent(event, 'RENAME_LINES');
      return { lines: renameLines(context.lines, event.names) };
    }),
    assignDestination: assign(({ context, event }) => {
      assertEvent(event, 'SET_DESTINATION');
      return { destination: { ...context.destination, ...event.destination } };
    }),
    assignChosenCountry: assign(({ context }, country: string | null) => ({
      // one destination (issue 22 item 5): with a different delivery address, choosing in the cart moves it too
      destination: { ...context.destination, chosenCountry: country, deliveryCountry: context.destination.deliveryCountry ? country : null },
    })),
    assignDeliveryCountry: assign(({ context }, country: string | null) => ({
      destination: { ...context.destination, deliveryCountry: country, chosenCountry: country ?? context.destination.chosenCountry },
    })),
    assignShippingCost: assign((_, cost: Minor) => ({ shippingCost: cost, shippingError: null })),
    assignShippingError: assign((_, error: unknown) => ({ shippingCost: null, shippingError: shippingErrorCode(error) })),
    clearShipping: assign({ shippingCost: null, shippingError: null }),
    forgetRestoreProblem: assign({ restoreProblem: null }),
    assignCountries: assign((_, countries: Country[]) => ({ countries })),
    askForCountryList: assign({ countryListAsked: true }),
    forgetCountryListAsked: assign({ countryListAsked: false }),
    announceDuplicateVoucherCode: emit(({ event }) => {
      assertEvent(event, 'ADD');
      const code = event.lines.find((line) => line.type === 'voucherCode');
      return { type: 'voucherCodeAlreadyInCart' as const, barcode: code?.type === 'voucherCode' ? code.barcode : '' };
    }),
    // Side effects the app provides (session storage, console, analytics):
    saveCart: (_, _lines: CartLine[]) => notProvided('saveCart'),
    /** the visitor's country choices outlive a page load (a reload, the return from the provider) like the lines */
    saveCountries: (_, _countries: SavedCountries) => notProvided('saveCountries'),
    removeSavedCart: () => notProvided('removeSavedCart'),
    /** Default: the console warning of §4 (a corrupt saved cart never crashes boot). */
    warnCorruptCart: (_, reason: string) => console.warn(reason),
    trackRemoveFromCart: (_, _analytics: RemoveFromCartAnalytics) => notProvided('trackRemoveFromCart'),
  },
  guards: {
    savedCartWasCorrupt: ({ context }) => context.restoreProblem !== null,
    savedCartHadBadLines: ({ context }) => context.restoreProblem !== null && context.lines.length > 0,
    addsNothingNew: ({ context, event }) => linesAdded(context, event).length === 0,
    holdsLinesOfClosedSections: ({ context, event }) => {
      assertEvent(event, 'SECTIONS_CLOSED');
      return context.lines.some((line) => inClosedSection(line, event.sections));
    },
    addsOnlyKnownVoucherCodes: ({ context, event }) => {
      assertEvent(event, 'ADD');
      return event.lines.some((line) => line.type === 'voucherCode') && linesAdded(context, event).length === 0;
    },
    isExistingLine: ({ context, event }) => lineRemoved(context, event) !== undefined,
    isTicketLineRemoved: ({ context, event }) => {
      const line = lineRemoved(context, event);
      return line !== undefined && isTicketLine(line);
    },
    renamesSomething: ({ context, event }) => {
      assertEvent(event, 'RENAME_LINES');
      return renameLines(context.lines, event.names) !== context.lines;
    },
    shipsNothing: ({ context }) => !cartHasMerchandise(context.lines),
    shipsGoods: ({ context }) => cartHasMerchandise(context.lines),
    destinationUnknown: ({ context }) => destinationOf(context) === null,
    keepsDeliveryCountry: ({ context }, country: string | null) => (context.destination.deliveryCountry ?? null) === country,
    countriesLoaded: ({ context }) => context.countries !== null,
    countryListMissing: ({ context }) => context.countries === null && !context.countryListAsked,
  },
  delays: {
    /** a country choice rests this long before shipping is asked (COUNTRY_SETTLE_MS) */
    countryChoiceSettles: COUNTRY_SETTLE_MS,
  },
}).createMachine({
  id: 'cart',
  description: 'The visitor\'s cart for the whole visit: lines, shipping and vouchers (§4).',
  context: ({ input }) => {
    const restored = restoreCartLines(input.savedCart ?? null);
    return {
      lines: restored.lines,
      destination: { ...NO_DESTINATION, ...restoreCountries(input.savedCountries ?? null), ...input.destination },
      shippingCost: null,
      shippingError: null,
      restoreProblem: restored.ok ? null : restored.reason,
      countries: null,
      closedSections: [],
      countryListAsked: false,
    };
  },
  initial: 'Restoring',
  states: {
    Restoring: {
      description: 'The saved cart was read from the input. Bad lines were dropped: reported, and the good lines saved again; a cart with nothing good is reported and removed.',
      always: [
        {
          guard: 'savedCartHadBadLines',
          target: 'Ready',
          actions: [
            { type: 'warnCorruptCart', params: ({ context }) => context.restoreProblem ?? '' },
            { type: 'saveCart', params: ({ context }) => context.lines },
            'forgetRestoreProblem',
          ],
        },
        {
          guard: 'savedCartWasCorrupt',
          target: 'Ready',
          actions: [{ type: 'warnCorruptCart', params: ({ context }) => context.restoreProblem ?? '' }, 'removeSavedCart', 'forgetRestoreProblem'],
        },
        { target: 'Ready' },
      ],
    },
    Ready: {
      initial: 'Checking shipping',
      on: {
        ADD: [
          { guard: 'addsOnlyKnownVoucherCodes', actions: 'announceDuplicateVoucherCode' },
          { guard: 'addsNothingNew' },
          {
            target: '.Checking shipping',
            actions: ['addLines', { type: 'saveCart', params: ({ context }) => context.lines }],
          },
        ],
        REMOVE: [
          {
            guard: 'isTicketLineRemoved',
            target: '.Checking shipping',
            actions: [
              {
                type: 'trackRemoveFromCart',
                params: ({ context, event }) => removeFromCartAnalytics(context.lines[event.index] as TicketLine),
              },
              'removeLine',
              { type: 'saveCart', params: ({ context }) => context.lines },
            ],
          },
          {
            guard: 'isExistingLine',
            target: '.Checking shipping',
            actions: ['removeLine', { type: 'saveCart', params: ({ context }) => context.lines }],
          },
        ],
        CLEAR: { target: '.Checking shipping', actions: ['clearLines', 'removeSavedCart'] },
        SET_DESTINATION: { target: '.Checking shipping', actions: 'assignDestination', description: 'Login, logout or a saved customer changed where goods go.' },
        CHOOSE_COUNTRY: {
          guard: 'shipsGoods',
          target: '.Settling the country',
          actions: [{ type: 'assignChosenCountry', params: ({ event }) => event.country.trim().toUpperCase() || null }, { type: 'saveCountries', params: ({ context }) => savedCountriesOf(context) }],
          description: 'The visitor chose the country in the cart: shipping follows by itself (issue 22 item 2). The cart offers the choice only while it ships goods.',
        },
        SHIP_TO: [
          {
            guard: { type: 'keepsDeliveryCountry', params: ({ event }) => countryKey(event.country) },
            description: 'The delivery address is still in that country: nothing to ask.',
          },
          {
            guard: 'shipsNothing',
            target: '.Checking shipping',
            actions: [{ type: 'assignDeliveryCountry', params: ({ event }) => countryKey(event.country) }, { type: 'saveCountries', params: ({ context }) => savedCountriesOf(context) }],
          },
          {
            target: '.Settling the country',
            actions: [{ type: 'assignDeliveryCountry', params: ({ event }) => countryKey(event.country) }, { type: 'saveCountries', params: ({ context }) => savedCountriesOf(context) }],
            description: 'The delivery address moved to another country (issue 22 item 5): the cost follows it.',
          },
        ],
        LOAD_COUNTRIES: {
          guard: 'countryListMissing',
          actions: ['askForCountryList', spawnChild('loadCountries', { id: 'countryList' })],
          description: 'A destination is known but the visitor may change it (a country chosen before a page load): the list is loaded once, beside the shipping.',
        },
        'xstate.done.actor.countryList': {
          actions: [{ type: 'assignCountries', params: ({ event }: { event: { output: Country[] } }) => event.output }, 'forgetCountryListAsked'],
        },
        'xstate.error.actor.countryList': { actions: 'forgetCountryListAsked', description: 'No list: the destination is shown without a choice; asked again on the next LOAD_COUNTRIES.' },
        SECTIONS_CLOSED: [
          {
            guard: 'holdsLinesOfClosedSections',
            target: '.Checking shipping',
            description: 'A section is switched off (issue 22 item 7): its lines leave the cart (a cart restored from the session included) and the rest is saved.',
            actions: ['assignClosedSections', 'dropLinesOfClosedSections', { type: 'saveCart', params: ({ context }) => context.lines }],
          },
          { actions: 'assignClosedSections', description: 'Nothing of a switched-off section in the cart: adding its lines is refused from now on.' },
        ],
        RENAME_LINES: {
          guard: 'renamesSomething',
          actions: ['renameLines', { type: 'saveCart', params: ({ context }) => context.lines }],
          description: 'After a boot in another language: the lines take the catalogue\'s names in this one (issue 16 item 7); shipping is unchanged.',
        },
      },
      states: {
        'Checking shipping': {
          description: 'What does the cart ship, and where to? (§4: only goods with a known destination are priced.)',
          always: [
            { guard: 'shipsNothing', target: 'No shipping', actions: 'clearShipping' },
            { guard: 'destinationUnknown', target: 'Destination unknown', actions: 'clearShipping' },
            { target: 'Calculating shipping' },
          ],
        },
        'Settling the country': {
          tags: ['busy', 'shipping-loading'],
          entry: 'clearShipping',
          description: 'A country was just chosen: shipping is asked once the choice has rested (COUNTRY_SETTLE_MS); another choice meanwhile starts the wait again. The old cost is gone, payment waits.',
          after: { countryChoiceSettles: 'Checking shipping' },
        },
        'No shipping': {
          tags: 'shipping-none',
          description: 'No merchandise and no annual pass: no shipping line, the cost is null.',
        },
        'Destination unknown': {
          tags: 'shipping-needsCountry',
          description: 'Goods but no country: the cart asks for the country (CHOOSE_COUNTRY); shipping is added once it is chosen and payment waits for it.',
          initial: 'Checking the country list',
          states: {
            'Checking the country list': {
              always: [{ guard: 'countriesLoaded', target: 'Asking for the country' }, { target: 'Loading countries' }],
            },
            'Loading countries': {
              tags: 'loading',
              invoke: {
                id: 'loadCountries',
                src: 'loadCountries',
                onDone: { target: 'Asking for the country', actions: { type: 'assignCountries', params: ({ event }) => event.output } },
                onError: 'Countries unavailable',
              },
            },
            'Asking for the country': { description: 'The country choice is shown in the cart.' },
            'Countries unavailable': {
              description: 'The list could not be loaded: the cart says so and offers to try again.',
              on: { RETRY_COUNTRIES: 'Loading countries' },
            },
          },
        },
        'Calculating shipping': {
          tags: ['busy', 'shipping-loading'],
          description: 'shipping/costs for the destination; payment waits for the answer.',
          invoke: {
            id: 'calculateShipping',
            src: 'calculateShipping',
            input: ({ context }): ShippingInput => {
              const destination = destinationOf(context);
              const forDelivery = countryKey(context.destination.deliveryCountry) !== null;
              return {
                request: toShippingRequest(context.lines, {
                  loggedIn: context.destination.loggedIn,
                  ownCountryKnown: countryKey(context.destination.tokenCountry) !== null,
                  country: destination,
                  forDelivery,
                }),
                loggedIn: context.destination.loggedIn,
              };
            },
            onDone: { target: 'Shipping known', actions: { type: 'assignShippingCost', params: ({ event }) => event.output } },
            onError: { target: 'Shipping failed', actions: { type: 'assignShippingError', params: ({ event }: { event: { error: unknown } }) => event.error } },
          },
        },
        'Shipping known': {
          tags: 'shipping-known',
          description: 'The cost is its own line and part of the total; payment may start.',
        },
        'Shipping failed': {
          tags: 'shipping-failed',
          description: "No shipping costs for this country (§8): the code is kept, the cost cleared, the cart kept; 'please contact us'.",
          on: { RETRY_SHIPPING: 'Checking shipping' },
        },
      },
    },
  },
});
