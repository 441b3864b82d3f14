import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import { orderReviewViewOf } from '../../../../machines/orderReview.selectors.js';
import { formatDate, formatPrice } from '../../../i18n/format.js';
import { PageHeading } from '../PageHeading.js';
import { useConfig, useLang } from '../../hooks.js';
import { CartView } from '../../components/cart/CartView.js';
import { ProgressBar } from './ProgressBar.js';
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

/** §2 checkout/success: the booking id; tickets come by e-mail. */
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
          <p>
            <FormattedMessage id={booking.has_tickets ? 'checkout.ticketsByMail' : 'checkout.confirmationByMail'} />
          </p>
          <p>
            <Link to={routeHref(lang, 'orderReview', { id: booking.booking_id })}>
              <FormattedMessage id="checkout.viewOrder" />
            </Link>
          </p>
        </div>
      ) : (
        <p className="notice notice--info">
          <FormattedMessage id="checkout.noBooking" />
        </p>
      )}
      <Link to={routeHref(lang, 'home')} className="button">
        <FormattedMessage id="checkout.continueShopping" />
      </Link>
    </section>
  );
}

/** §2 order-review/{id}: an order by its booking id; 406 says it is not available. */
export function OrderReviewScreen() {
  const lang = useLang();
  const actor = useJourney('orderReview');
  const symbol = useConfig().currencySymbol;
  const view = useSelector(actor, orderReviewViewOf);
  const order = useSelector(actor, (s) => s.context.order);
  const price = (minor: number) => formatPrice(minor, symbol);
  return (
    <section className="checkout order-review" aria-labelledby="order-title">
      <PageHeading>
        <span id="order-title">
          <FormattedMessage id="title.orderReview" />
        </span>
      </PageHeading>
      <div role="status">
        {view === 'loading' && (
          <p className="screen-loading">
            <FormattedMessage id="page.loading" />
          </p>
        )}
        {view === 'notAvailable' && (
          <p className="notice notice--warning" data-testid="order-not-available">
            <FormattedMessage id="checkout.orderNotAvailable" />
          </p>
        )}
      </div>
      {view === 'notAvailable' && (
        // issue 16 item 9: a way back from an order that cannot be shown
        <p>
          <Link to={routeHref(lang, 'home')} className="button">
            <FormattedMessage id="checkout.continueShopping" />
          </Link>
        </p>
      )}
      {view === 'failed' && (
        <div role="alert" className="notice notice--danger">
          <p>
            <FormattedMessage id="checkout.orderFailed" />
          </p>
          <button type="button" className="button" onClick={() => actor.send({ type: 'RETRY' })}>
            <FormattedMessage id="form.retry" />
          </button>
        </div>
      )}
      {view === 'available' && order && (
        <div className="order-review__body">
          <p>
            <FormattedMessage id="checkout.orderHeader" values={{ id: order.id, date: formatDate(order.created_at) }} />
          </p>
          <table className="cart-lines__table">
            <caption className="visually-hidden">
              <FormattedMessage id="checkout.cartCaption" />
            </caption>
            <tbody>
              {order.lines.map((line, i) => (
                <tr key={i}>
                  <th scope="row">{line.name}</th>
                  <td className="cart-lines__num">{price(line.amount)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              {order.shipping > 0 && (
                <tr>
                  <th scope="row">
                    <FormattedMessage id="checkout.shipping" />
                  </th>
                  <td className="cart-lines__num">{price(order.shipping)}</td>
                </tr>
              )}
              {order.discount > 0 && (
                <tr>
                  <th scope="row">
                    <FormattedMessage id="checkout.discount" />
                  </th>
                  <td className="cart-lines__num">{price(-order.discount)}</td>
                </tr>
              )}
              <tr className="cart-lines__total">
                <th scope="row">
                  <FormattedMessage id="checkout.total" />
                </th>
                <td className="cart-lines__num">{price(order.amount)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </section>
  );
}
