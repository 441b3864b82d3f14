/**
 * The voucher shop journey (machines/voucherShop.machine.ts) with the catalogue calls of §7: the
 * voucher list (vouchers) and a voucher's page (vouchers/{id}). One actor while the visitor stays
 * in the section, so the list is not loaded again on the way back from a voucher.
 */
import { fromPromise } from 'xstate';
import { voucherShopMachine } from '../../../machines/voucherShop.machine.js';
import type { Shell } from '../shell-context.js';
import { routeHref } from '../../domain/routes.js';
import type { Journey, RouteEntry } from './host.js';

const voucherIdOf = (entry: RouteEntry<'voucherShop'>): number | null => (entry.route === 'voucherSingle' ? entry.params.id : null);

export const voucherShopJourney: Journey<typeof voucherShopMachine, Shell, 'voucherShop'> = {
  name: 'voucherShop',
  machine: ({ api, cart }) =>
    voucherShopMachine.provide({
      actors: {
        loadVouchers: fromPromise(async ({ signal }) => {
          const [vouchers, attributes] = await Promise.all([api.getVouchers(signal), api.getVoucherAttributes(signal)]);
          return { vouchers, groups: attributes.group };
        }),
        loadVoucher: fromPromise(({ input, signal }) => api.getVoucher(input.id, signal)),
      },
      actions: {
        addToCart: (_, lines) => cart.send({ type: 'ADD', lines }),
      },
    }),
  input: (_shell, entry) => ({ voucherId: voucherIdOf(entry) }),
  event: (entry) => {
    const voucherId = voucherIdOf(entry);
    return voucherId === null ? { type: 'BACK_TO_LIST' } : { type: 'OPEN_VOUCHER', voucherId };
  },
  href: (route, snapshot, lang) =>
    route === 'voucherSingle' ? routeHref(lang, 'voucherSingle', { id: String(snapshot.context.voucherId ?? '') }) : routeHref(lang, 'voucherList'),
};

/** What the router's registry loads (src/app/routes.ts). */
export default voucherShopJourney;
