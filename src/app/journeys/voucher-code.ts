/**
 * The voucher-code entry of the cart (machines/voucherRedemption.machine.ts) with its real
 * services: the lookup of §7 (GET voucher?voucher=CODE) and the cart's own ADD. The checkout
 * machine invokes it while the visitor is at the cart step (id `voucherCode`); the checkout
 * journey provides it with this function.
 */
import { createActor, fromPromise } from 'xstate';
import type { VoucherCodeLine } from '../../domain/cart-lines.js';
import { voucherRedemptionMachine, type AddCodeOutcome } from '../../../machines/voucherRedemption.machine.js';
import type { CartActor, Shell } from '../shell-context.js';

/**
 * Sends the cart ADD with the code line and answers whether the cart took it: the cart refuses a
 * code it already holds (compared as the server compares codes) and says so with its
 * `voucherCodeAlreadyInCart` emit, which the cart actor fires while it handles the ADD.
 */
export function addVoucherCodeToCart(cart: CartActor, line: VoucherCodeLine): AddCodeOutcome {
  let refused = false;
  const subscription = cart.on('voucherCodeAlreadyInCart', () => {
    refused = true;
  });
  try {
    cart.send({ type: 'ADD', lines: [line] });
  } finally {
    subscription.unsubscribe();
  }
  return refused ? 'alreadyInCart' : 'added';
}

export function voucherRedemptionFor({ api, cart }: Pick<Shell, 'api' | 'cart'>) {
  return voucherRedemptionMachine.provide({
    actors: {
      lookUp: fromPromise(({ input, signal }) => api.lookUpVoucherCode(input.code, signal)),
      addToCart: fromPromise(async ({ input }) => addVoucherCodeToCart(cart, input.line)),
    },
  });
}

/**
 * For the checkout's persisted snapshot: the code entry as it starts. The host saves the checkout
 * after each of the checkout's own steps, not after its child's, so the child's stored state can be
 * stale (e.g. "Valid", whose restore would add the code once more and then say "already in your
 * cart"). A reload therefore shows an empty entry; the codes themselves are lines of the cart.
 */
export function withFreshVoucherCodeEntry(persisted: Record<string, unknown>): Record<string, unknown> {
  const children = persisted.children as Record<string, Record<string, unknown>> | undefined;
  const entry = children?.voucherCode;
  if (!children || !entry) return persisted;
  const fresh = createActor(voucherRedemptionMachine).getPersistedSnapshot();
  return { ...persisted, children: { ...children, voucherCode: { ...entry, snapshot: fresh } } };
}
