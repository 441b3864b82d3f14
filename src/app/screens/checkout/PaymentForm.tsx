import { lazy, Suspense, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import { useFocusFirstError } from '../../components/form.js';
import { usePaidByVouchers } from '../../components/cart/VoucherCodeEntry.js';
import { checkoutViewOf, type CheckoutActor } from './checkout-view.js';
import { PaymentMethod } from './PaymentMethod.js';
import { LegalCheckboxes } from './LegalCheckboxes.js';
import { LoginRequired } from './LoginRequired.js';

/** Only a cart with goods to post asks for a delivery address: its fields come when it does. */
const DeliveryAddress = lazy(() => import('./DeliveryAddress.js').then((m) => ({ default: m.DeliveryAddress })));

/** The payment form of the cart step: method, delivery address, ticks, the sign-in notice and the Pay button. */
export function PaymentForm({ actor }: { actor: CheckoutActor }) {
  const rejected = useSelector(actor, (s) => s.context.rejectedSubmits);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  // The checkout takes the form's input once the suggestions have loaded (a moment): until then the
  // fields are disabled rather than silently ignoring a click or a keystroke.
  const ready = useSelector(actor, (s) => !s.hasTag('busy') && !s.hasTag('loading'));
  // While the cart asks for the shipping cost the total is about to change: Pay waits until the
  // visitor can see what they pay (the cart says it is calculating), rather than taking a click the
  // checkout would refuse with a notice that is gone a moment later.
  const calculating = useSelector(actor, (s) => s.context.shipping.status === 'loading');
  const ships = useSelector(actor, (s) => s.context.shipping.status !== 'none');
  const loginRequired = useSelector(actor, (s) => {
    const view = checkoutViewOf(s);
    return view.kind === 'cart' && view.notice === 'loginRequired';
  });
  const paidByVouchers = usePaidByVouchers();
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, rejected);
  return (
    <form
      ref={form}
      className="checkout__payment"
      noValidate
      aria-busy={busy}
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'PAY' });
      }}
    >
      <fieldset className="checkout__form" disabled={!ready}>
        <PaymentMethod actor={actor} />
        {ships && (
          <Suspense fallback={null}>
            <DeliveryAddress actor={actor} />
          </Suspense>
        )}
        <LegalCheckboxes actor={actor} />
        <div role="alert">{loginRequired && <LoginRequired />}</div>
        {/* issue 22 (9a): voucher codes pay all of it: the button says what happens, no payment */}
        {paidByVouchers && (
          <p id="checkout-nothing-to-pay" className="checkout__nothing-to-pay" data-testid="nothing-to-pay">
            <FormattedMessage id="checkout.nothingToPay" />
          </p>
        )}
        <button
          type="submit"
          className="button checkout__pay"
          disabled={!ready || calculating}
          aria-describedby={[paidByVouchers && 'checkout-nothing-to-pay', calculating && 'cart-shipping-calculating'].filter(Boolean).join(' ') || undefined}
        >
          <FormattedMessage id={paidByVouchers ? 'checkout.orderNow' : 'checkout.pay'} />
        </button>
      </fieldset>
    </form>
  );
}
