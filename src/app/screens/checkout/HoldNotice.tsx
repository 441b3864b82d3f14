import { useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import { formatLocalTime } from '../../../i18n/format.js';
import { selectHoldLoading, selectShownHold } from '../../../../machines/checkout.selectors.js';
import type { CheckoutActor } from './checkout-view.js';

/**
 * Issue 41: until when the open order's places are held (museum time), or that the hold ran out
 * and paying makes a new order. A polite live region that is in the page before the answer, with
 * its line's room kept while the shop is asked, so the answer is announced and moves nothing; a
 * back end without checkout/cart shows nothing.
 */
export function HoldNotice({ actor }: { actor: CheckoutActor }) {
  const hold = useSelector(actor, selectShownHold);
  const loading = useSelector(actor, selectHoldLoading);
  return (
    <p role="status" className={`checkout__hold${hold || loading ? ' checkout__hold--reserved' : ''}`} data-testid="cart-hold">
      {hold && (
        <FormattedMessage id={hold.status === 'held' ? 'checkout.heldUntil' : 'checkout.holdExpired'} values={{ time: formatLocalTime(hold.heldUntil) }} />
      )}
    </p>
  );
}
