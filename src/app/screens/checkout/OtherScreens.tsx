import { lazy, Suspense } from 'react';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import { formatDate, formatPrice } from '../../../i18n/format.js';
import { PageHeading } from '../PageHeading.js';
import { useConfig, useLang } from '../../hooks.js';
import { CartView } from '../../components/cart/CartView.js';
import { ProgressBar } from './ProgressBar.js';
import { HoldNotice } from './HoldNotice.js';
import { checkoutViewOf, type CheckoutActor } from './checkout-view.js';
import { useJourney } from '../../journeys/use-journey.js';
import { routeHref } from '../../../domain/routes.js';

/** §2 checkout/canceled: cancel is called; then clear the cart or return to it. */
export function CheckoutCanceledScreen() {
  const lang = useLang();
  const actor: CheckoutActor = useJourney('checkout');
  const view = useSelector(actor, (s) => {
    const checkout = checkoutViewOf(s);
    return checkout.kind === 'cancelled' ? checkout.stage : 'cancelling';
  });
  return (
    <section className="checkout checkout--canceled" aria-labelledby="canceled-title">
      <PageHeading>
        <span id="canceled-title">
          <FormattedMessage id="title.checkoutCanceled" />
        </span>
      </PageHeading>
      <ProgressBar actor={actor} />
      <div role="status">
        {view === 'cancelling' && (
          <p className="notice notice--info">
            <FormattedMessage id="checkout.cancelling" />
          </p>
        )}
        {view === 'cleared' && (
          <p className="notice notice--success" data-testid="cart-cleared">
            <FormattedMessage id="checkout.cartCleared" />
          </p>
        )}
      </div>
      {view === 'asking' && (
        <div className="checkout__ask">
          <p>
            <FormattedMessage id="checkout.canceledQuestion" />
          </p>
          <HoldNotice actor={actor} />
          <CartView removable={false} headingLevel={3} />
          <p className="checkout__ask-actions">
            <button type="button" className="button" onClick={() => actor.send({ type: 'KEEP_CART' })}>
              <FormattedMessage id="checkout.keepCart" />
            </button>
            <button type="button" className="button button--secondary" onClick={() => actor.send({ type: 'CLEAR_CART' })}>
              <FormattedMessage id="checkout.clearCart" />
            </button>
          </p>
        </div>
      )}
      {view === 'cleared' && (
        <Link to={routeHref(lang, 'home')} className="button">
          <FormattedMessage id="checkout.continueShopping" />
        </Link>
      )}
    </section>
  );
}

/**
 * Issue 42's documents block, loaded when a booking has documents: it is shared with the order
 * review and "My orders", and as a module of the checkout it would take the checkout's chunks
 * over their budget (build.mjs) for a page that only the end of a payment shows.
 */
const OrderDocuments = lazy(() => import('../../components/OrderDocuments.js').then((m) => ({ default: m.OrderDocuments })));

/**
 * §2 checkout/success: the booking id; tickets come by e-mail. Issue 42: with the documents
 * execPayment answered (kept in the checkout's context, so a reload keeps them), the PDF tickets,
 * the calendar entry and where the mail went at once, and the order review with the order's key.
 */
export function CheckoutSuccessScreen() {
  const lang = useLang();
  const actor: CheckoutActor = useJourney('checkout');
  const booking = useSelector(actor, (s) => (checkoutViewOf(s).kind === 'booked' ? s.context.booking : null));
  return (
    <section className="checkout checkout--success" aria-labelledby="success-title">
      <PageHeading>
        <span id="success-title">
          <FormattedMessage id="title.checkoutSuccess" />
        </span>
      </PageHeading>
      <ProgressBar actor={actor} />
      {booking ? (
        <div className="notice notice--success" role="status">
          <p>
            <FormattedMessage id="checkout.thankYou" />
          </p>
          <p>
            <FormattedMessage id="checkout.bookingId" values={{ id: <strong data-testid="booking-id">{booking.booking_id}</strong> }} />
          </p>
          {/* issue 42: the documents block says where the mail went; a back end without documents keeps today's sentence */}
          {!booking.documents && (
            <p>
              <FormattedMessage id={booking.has_tickets ? 'checkout.ticketsByMail' : 'checkout.confirmationByMail'} />
            </p>
          )}
          <p>
            <Link to={routeHref(lang, 'orderReview', { id: booking.booking_id }, booking.documents ? { key: booking.documents.key } : {})}>
              <FormattedMessage id="checkout.viewOrder" />
            </Link>
          </p>
        </div>
      ) : (
        <p className="notice notice--info">
          <FormattedMessage id="checkout.noBooking" />
        </p>
      )}
      {booking?.documents && (
        <Suspense>
          <OrderDocuments documents={booking.documents} />
        </Suspense>
      )}
      <Link to={routeHref(lang, 'home')} className="button">
        <FormattedMessage id="checkout.continueShopping" />
      </Link>
    </section>
  );
}
