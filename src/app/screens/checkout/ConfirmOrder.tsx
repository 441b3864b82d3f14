import { useEffect, useRef } from 'react';
import { FormattedMessage } from 'react-intl';
import { usePaidByVouchers } from '../../components/cart/VoucherCodeEntry.js';
import type { CheckoutActor } from './checkout-view.js';

/**
 * Back from the provider with confirmation on (issue 16 item 2): nothing is booked yet. The section
 * says so in its heading, stands right under the page heading (seen on a phone without scrolling)
 * and its button takes the focus (data-route-focus: RouteEffects prefers it to the heading).
 */
export function ConfirmOrder({ actor }: { actor: CheckoutActor }) {
  const paidByVouchers = usePaidByVouchers();
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    button.current?.focus();
  }, []);
  return (
    <section className="checkout__confirm" aria-labelledby="confirm-title" data-testid="confirm-order">
      <h2 id="confirm-title">
        <FormattedMessage id="checkout.oneStepLeft" />
      </h2>
      <p>
        <FormattedMessage id={paidByVouchers ? 'checkout.confirmVouchersText' : 'checkout.confirmText'} />{' '}
        <strong>
          <FormattedMessage id="checkout.notBookedYet" />
        </strong>
      </p>
      <button ref={button} type="button" data-route-focus className="button checkout__confirm-button" onClick={() => actor.send({ type: 'CONFIRM' })}>
        <FormattedMessage id="checkout.confirm" />
      </button>
    </section>
  );
}
