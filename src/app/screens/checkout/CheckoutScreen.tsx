import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { PageHeading } from '../PageHeading.js';
import { CartView } from '../../components/cart/CartView.js';
import { VoucherCodeEntry } from '../../components/cart/VoucherCodeEntry.js';
import { useJourney } from '../../journeys/use-journey.js';
import { usePageTitle } from '../../page-title.js';
import { checkoutViewOf, headingOf } from './checkout-view.js';
import { ConfirmOrder } from './ConfirmOrder.js';
import { ProgressBar } from './ProgressBar.js';
import { StatusNotices } from './StatusNotices.js';
import { HoldNotice } from './HoldNotice.js';
import { Suggestions } from './Suggestions.js';
import { PaymentForm } from './PaymentForm.js';

/** §2 checkout, checkout/accepted (paymentAccepted) and checkout/failed (paymentFailed): one screen of the checkout journey. */
export default function CheckoutScreen() {
  const actor = useJourney('checkout');
  const intl = useIntl();
  const view = useSelector(actor, checkoutViewOf);
  // The heading of the page the checkout is on.
  const heading = headingOf(view);
  usePageTitle(heading === 'title.checkoutGone' || heading === 'title.checkoutRefunded' ? intl.formatMessage({ id: heading }) : null);
  // the cart step: the cart can be changed, and suggestions and the payment form are offered
  const choosing = view.kind === 'cart';
  const confirming = view.kind === 'accepted' && view.stage === 'confirming';
  return (
    <section className="checkout" aria-labelledby="checkout-title">
      <PageHeading>
        <span id="checkout-title">
          <FormattedMessage id={heading} />
        </span>
      </PageHeading>
      {confirming && <ConfirmOrder actor={actor} />}
      <ProgressBar actor={actor} />
      <StatusNotices actor={actor} />
      {choosing && <HoldNotice actor={actor} />}
      <CartView removable={choosing}>{choosing && <VoucherCodeEntry checkout={actor} />}</CartView>
      {choosing && <Suggestions actor={actor} />}
      {choosing && <PaymentForm actor={actor} />}
    </section>
  );
}
