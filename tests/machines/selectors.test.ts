/**
 * The state-to-view tables of the selectors modules (machines/<machine>.selectors.ts): each names
 * exactly the states of its machine (a state gained or renamed without a view fails here, and does
 * not compile there; a view of a state the machine no longer has fails too), reads every state of
 * the machine, and throws on a state it does not know rather than showing nothing.
 */
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine, StateValue } from 'xstate';
import { appMachine } from '../../machines/app.machine.js';
import { BOOT_PHASES, bootPhaseOf } from '../../machines/app.selectors.js';
import { authMachine } from '../../machines/auth.machine.js';
import { AUTH_VIEWS, authViewOf, recoveryStageOf, registrationStageOf } from '../../machines/auth.selectors.js';
import { orderReviewMachine } from '../../machines/orderReview.machine.js';
import { ORDER_REVIEW_VIEWS, orderReviewViewOf } from '../../machines/orderReview.selectors.js';
import { ordersMachine } from '../../machines/orders.machine.js';
import { ORDERS_VIEWS, orderListStageOf, orderPageStageOf, ordersViewOf, resendStageOf } from '../../machines/orders.selectors.js';
import { settingsMachine } from '../../machines/settings.machine.js';
import { SETTINGS_VIEWS, settingsViewOf } from '../../machines/settings.selectors.js';
import { shopMachine } from '../../machines/shop.machine.js';
import { SHOP_VIEWS, articleStageOf, listStageOf, shopViewOf } from '../../machines/shop.selectors.js';
import { staticPageMachine } from '../../machines/static-page.machine.js';
import { STATIC_PAGE_VIEWS, staticPageViewOf } from '../../machines/static-page.selectors.js';
import { voucherRedemptionMachine } from '../../machines/voucherRedemption.machine.js';
import { VOUCHER_CODE_VIEWS, refusalOf, voucherCodeViewOf } from '../../machines/voucherRedemption.selectors.js';
import { voucherShopMachine } from '../../machines/voucherShop.machine.js';
import { VOUCHER_SHOP_VIEWS, amountProblemOf, voucherListStageOf, voucherPageStageOf, voucherShopViewOf } from '../../machines/voucherShop.selectors.js';
import { withdrawalMachine } from '../../machines/withdrawal.machine.js';
import { WITHDRAWAL_STEPS, withdrawalStepOf } from '../../machines/withdrawal.selectors.js';
import { leafPathOf } from '../../machines/state-paths.js';

type StateNode = AnyStateMachine['root'];

function leaves(node: StateNode): StateNode[] {
  const children = Object.values(node.states);
  return children.length === 0 ? [node] : children.flatMap((child) => leaves(child));
}

/** The state value of a leaf: its path as nested objects ({ List: 'All articles' }). */
const valueOf = (path: readonly string[]): StateValue => path.slice(0, -1).reduceRight<StateValue>((value, key) => ({ [key]: value }), path.at(-1) ?? '');

const TABLES: [string, AnyStateMachine, Record<string, unknown>, (s: { value: StateValue }) => unknown][] = [
  ['auth', authMachine, AUTH_VIEWS, authViewOf],
  ['orderReview', orderReviewMachine, ORDER_REVIEW_VIEWS, orderReviewViewOf],
  ['orders', ordersMachine, ORDERS_VIEWS, ordersViewOf],
  ['settings', settingsMachine, SETTINGS_VIEWS, settingsViewOf],
  ['shop', shopMachine, SHOP_VIEWS, shopViewOf],
  ['static-page', staticPageMachine, STATIC_PAGE_VIEWS, staticPageViewOf],
  ['voucherRedemption', voucherRedemptionMachine, VOUCHER_CODE_VIEWS, voucherCodeViewOf],
  ['voucherShop', voucherShopMachine, VOUCHER_SHOP_VIEWS, voucherShopViewOf],
  ['withdrawal', withdrawalMachine, WITHDRAWAL_STEPS, withdrawalStepOf],
];

describe.each(TABLES)('the views of %s', (_name, machine, table, viewOf) => {
  const states = leaves(machine.root);

  it('name exactly the states of the machine', () => {
    expect(states.every((node) => node.type !== 'parallel' && node.parent?.type !== 'parallel')).toBe(true);
    expect(Object.keys(table).sort()).toEqual(states.map((node) => node.path.join('.')).sort());
  });

  it('read every state of the machine, one view object each', () => {
    for (const node of states) {
      const value = valueOf(node.path);
      expect(leafPathOf(value)).toBe(node.path.join('.'));
      expect(viewOf({ value })).toBe(table[node.path.join('.')]);
    }
  });

  it('throw on a state without a view rather than showing nothing', () => {
    expect(() => viewOf({ value: 'Renamed state' })).toThrow(/no view for the state 'Renamed state'/);
  });
});

describe('the stages the auth pages read', () => {
  it('registration: the "off" notice, the fields loading or failed, else the form', () => {
    expect(registrationStageOf({ value: 'Guest registration off' })).toBe('off');
    expect(registrationStageOf({ value: { Registration: 'Loading form fields' } })).toBe('loading');
    expect(registrationStageOf({ value: { 'Guest registration': 'Form fields failed' } })).toBe('failed');
    expect(registrationStageOf({ value: { 'Guest registration': 'Checking billing data' } })).toBe('form');
    expect(registrationStageOf({ value: 'Registered' })).toBe('form');
  });

  it('recovery: the link checked before the form, or refused', () => {
    expect(recoveryStageOf({ value: { Recovery: 'Checking the link' } })).toBe('checking');
    expect(recoveryStageOf({ value: { Recovery: 'Link invalid' } })).toBe('invalid');
    expect(recoveryStageOf({ value: { Recovery: 'Setting password' } })).toBe('form');
    expect(() => recoveryStageOf({ value: { Recovery: 'Renamed state' } })).toThrow(/no view for the state 'Recovery.Renamed state'/);
  });
});

describe('the boot phases of the app', () => {
  const boot = appMachine.root.states.Boot;

  it('name exactly the states of the Boot region', () => {
    expect(Object.keys(BOOT_PHASES).sort()).toEqual(Object.keys(boot?.states ?? {}).sort());
  });

  it('read the Boot region of a parallel state (a state without a phase does not compile)', () => {
    const value = { Boot: 'Messages failed', 'Global message': 'Hidden', Toasts: 'No toast', 'Server requests': 'Idle', 'Session end': 'Idle', 'Customer record': 'Nothing to read' } as const;
    expect(bootPhaseOf({ value })).toBe('failed');
    expect(bootPhaseOf({ value: { ...value, Boot: 'Ready' } })).toBe('ready');
    expect(bootPhaseOf({ value: { ...value, Boot: 'Loading shop information' } })).toBe('loading');
    // a state the Boot region does not have is no key of the table: reading it does not compile
    // @ts-expect-error 'Renamed state' is not a state of Boot
    expect(bootPhaseOf({ value: { ...value, Boot: 'Renamed state' } })).toBeUndefined();
  });
});

describe('the stages the screens read', () => {
  it('shop: the article page and the list each see only their own states', () => {
    expect(articleStageOf({ value: { Article: { 'In stock': 'Owners missing' } } })).toBe('ownersMissing');
    expect(articleStageOf({ value: 'Article not found' })).toBe('notFound');
    expect(articleStageOf({ value: 'List failed' })).toBeNull();
    expect(listStageOf({ value: 'List failed' })).toBe('failed');
    expect(listStageOf({ value: { Article: { 'In stock': 'Added' } } })).toBeNull();
  });

  it('my orders: the list, the order page and "send again" each see only their own states', () => {
    expect(orderListStageOf({ value: { 'Order list': 'No orders yet' } })).toBe('none');
    expect(orderPageStageOf({ value: { 'Order list': 'No orders yet' } })).toBeNull();
    expect(orderPageStageOf({ value: { 'Order page': 'Order not found' } })).toBe('notFound');
    expect(resendStageOf({ value: { 'Order page': 'Order not found' } })).toBeNull();
    expect(orderPageStageOf({ value: { 'Order page': { 'Showing order': 'Too soon to send again' } } })).toBe('shown');
    expect(resendStageOf({ value: { 'Order page': { 'Showing order': 'Too soon to send again' } } })).toBe('tooSoon');
    expect(orderListStageOf({ value: { 'Order page': { 'Showing order': 'Sending confirmation' } } })).toBeNull();
    // leaving for the login: both pages say they are loading, nothing to send
    expect(ordersViewOf({ value: 'Login needed' })).toEqual({ list: 'loading', order: 'loading', resend: null });
  });

  it('voucher shop: the voucher page, its amount problems and the list', () => {
    expect(voucherPageStageOf({ value: { 'Voucher page': 'Voucher not found' } })).toBe('notFound');
    expect(amountProblemOf({ value: { 'Voucher page': { Choosing: 'Amount too high' } } })).toBe('aboveMax');
    expect(amountProblemOf({ value: { 'Voucher page': { Choosing: 'Editing' } } })).toBeNull();
    expect(voucherPageStageOf({ value: { 'Voucher list': 'Vouchers failed' } })).toBeNull();
    expect(voucherListStageOf({ value: { 'Voucher list': 'Vouchers failed' } })).toBe('failed');
  });

  it('voucher code: the reason of each refusal (the §8 code), none while typing or added', () => {
    expect(refusalOf({ value: { Refused: 'Already in cart' } })).toBe('VOUCHER_ALREADY_IN_CART');
    expect(refusalOf({ value: { Entering: 'Code missing' } })).toBe('VOUCHER_CODE_MISSING');
    expect(refusalOf({ value: 'Added' })).toBeNull();
    expect(voucherCodeViewOf({ value: 'Added' }).added).toBe(true);
  });
});
