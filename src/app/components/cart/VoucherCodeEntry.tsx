/**
 * Voucher-code entry of the cart (spec §2 voucher code entry, shown when `has_voucher_code` is on):
 * one labelled field and a submit button; the reason of a refusal (§5/§8, in the visitor's
 * language) is tied to the field and announced, and so is a code that was added.
 *
 * It renders the snapshot of the checkout's `voucherCode` child (machines/voucherRedemption.
 * machine.ts) and sends it TYPE_CODE and SUBMIT; nothing else. The code line itself, with its
 * value, what it pays and what remains, is a line of the cart view.
 */
import { useId, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { FormattedMessage } from 'react-intl';
import type { checkoutMachine } from '../../../../machines/checkout.machine.js';
import type { voucherRedemptionMachine } from '../../../../machines/voucherRedemption.machine.js';
import { voucherCodeViewOf } from '../../../../machines/voucherRedemption.selectors.js';
import { selectTotals } from '../../../../machines/cart.selectors.js';
import { formatPrice } from '../../../i18n/format.js';
import { useShell } from '../../shell-context.js';
import { useCartActor, useCurrencySymbol } from './use-cart.js';

type CheckoutActor = ActorRefFrom<typeof checkoutMachine>;
type RedemptionActor = ActorRefFrom<typeof voucherRedemptionMachine>;

/** The entry of the checkout's cart step, when the shop redeems codes. */
export function VoucherCodeEntry({ checkout }: { checkout: CheckoutActor }) {
  const { actor: app } = useShell();
  const enabled = useSelector(app, (s) => s.context.config?.hasVoucherCode === true);
  const entry = useSelector(checkout, (s) => s.children.voucherCode as RedemptionActor | undefined);
  if (!enabled || !entry) return null;
  return <VoucherCodeForm entry={entry} />;
}

export function VoucherCodeForm({ entry }: { entry: RedemptionActor }) {
  const id = useId();
  const symbol = useCurrencySymbol();
  const code = useSelector(entry, (s) => s.context.code);
  const busy = useSelector(entry, (s) => s.hasTag('busy'));
  const view = useSelector(entry, voucherCodeViewOf);
  const checked = useSelector(entry, (s) => s.context.checkedCode);
  const lastAdded = useSelector(entry, (s) => s.context.added);
  const refusal = view.refusal;
  const added = view.added ? lastAdded : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    entry.send({ type: 'SUBMIT' });
  };

  return (
    <form className="voucher-code" onSubmit={submit} noValidate aria-labelledby={`${id}-title`} data-testid="voucher-code-entry">
      <h3 className="voucher-code__title" id={`${id}-title`}>
        <FormattedMessage id="voucherCode.title" />
      </h3>
      <div className={refusal ? 'field field--invalid' : 'field'}>
        <label className="field__label" htmlFor={`${id}-code`}>
          <FormattedMessage id="voucherCode.label" />
        </label>
        <p className="field__hint" id={`${id}-hint`}>
          <FormattedMessage id="voucherCode.hint" />
        </p>
        <div className="voucher-code__row">
          <input
            id={`${id}-code`}
            name="voucherCode"
            className="field__input voucher-code__input"
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={code}
            aria-invalid={refusal ? true : undefined}
            aria-describedby={refusal ? `${id}-hint ${id}-status` : `${id}-hint`}
            onChange={(event) => entry.send({ type: 'TYPE_CODE', code: event.target.value })}
          />
          <button type="submit" className="button voucher-code__submit" aria-disabled={busy || undefined}>
            <FormattedMessage id="voucherCode.submit" />
          </button>
        </div>
        {/* one live region for the whole outcome: checking, the reason of a refusal, or the code added */}
        <div id={`${id}-status`} role="status" aria-live="polite" className="voucher-code__status" data-testid="voucher-code-status">
          {busy && (
            <p className="voucher-code__checking">
              <FormattedMessage id="voucherCode.checking" />
            </p>
          )}
          {refusal && (
            <p className="field__error" data-testid="voucher-code-error" data-reason={refusal}>
              <FormattedMessage id={`voucherCode.error.${refusal}`} values={{ code: checked }} />
            </p>
          )}
          {added && (
            <p className="notice notice--success voucher-code__added" data-testid="voucher-code-added">
              <FormattedMessage id="voucherCode.added" values={{ code: added.barcode, value: formatPrice(added.price, symbol) }} />
            </p>
          )}
        </div>
      </div>
    </form>
  );
}

/** True when voucher codes pay the whole cart (nothing left to pay, §4): the checkout says so when it asks to confirm. */
export function usePaidByVouchers(): boolean {
  const cart = useCartActor();
  return useSelector(cart, (s) => {
    const totals = selectTotals(s);
    return totals.total === 0 && totals.discount > 0;
  });
}
