import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import { paymentErrorMessage } from '../../../domain/payment.js';
import { formatPrice } from '../../../i18n/format.js';
import { useLang } from '../../hooks.js';
import { routeHref } from '../../../domain/routes.js';
import { checkoutViewOf, statusNoticeOf, unreachable, type CheckoutActor, type StatusNotice } from './checkout-view.js';

/** An error answer of initPayment/execPayment: its own message (an overbooked line by name), the server's text, or 'cannot be completed'. */
function ErrorText({ error, actor }: { error: { code: string; message: string; details?: unknown } | null; actor: CheckoutActor }) {
  const lines = useSelector(actor, (s) => s.context.lines);
  const message = paymentErrorMessage(error, lines);
  return 'id' in message ? <FormattedMessage id={message.id} values={message.values} /> : <>{message.text}</>;
}

/** Issue 41: the payment went back in full (execPayment 422 PAYMENT_REFUNDED): how much, and why. */
function RefundText({ actor }: { actor: CheckoutActor }) {
  // set by the transition into 'Payment refunded' (its guard read the data)
  const refund = useSelector(actor, (s) => s.context.refund);
  return (
    refund &&
    <p>
      <FormattedMessage id={`checkout.refunded.${refund.reason}`} values={{ amount: <strong>{formatPrice(refund.amount, refund.currency)}</strong> }} />
    </p>
  );
}

/** What the checkout says about the flow's state: each §8 outcome has its own message. */
export function StatusNotices({ actor }: { actor: CheckoutActor }) {
  const notice = useSelector(actor, (s) => statusNoticeOf(checkoutViewOf(s)));
  return (
    <div role="alert" className="checkout__status">
      {notice !== null && <Notice notice={notice} actor={actor} />}
    </div>
  );
}

function Notice({ notice, actor }: { notice: StatusNotice; actor: CheckoutActor }): ReactNode {
  const lang = useLang();
  const error = useSelector(actor, (s) => s.context.paymentError);
  const backToCart = (
    <Link to={routeHref(lang, 'checkout')} className="button button--secondary">
      <FormattedMessage id="checkout.backToCart" />
    </Link>
  );
  switch (notice) {
    case 'notCompleted':
      return (
        <p className="notice notice--warning" data-testid="payment-not-completed">
          <FormattedMessage id="checkout.paymentNotCompleted" />
        </p>
      );
    case 'empty':
      return (
        <p className="notice notice--danger">
          <FormattedMessage id="checkout.cartEmpty" />
        </p>
      );
    case 'shipping':
      return (
        <p className="notice notice--warning" role="alert" data-testid="shipping-pending">
          <FormattedMessage id="checkout.shippingPending" />
        </p>
      );
    case 'details':
      return (
        <p className="notice notice--danger">
          <FormattedMessage id="form.correctErrors" />
        </p>
      );
    case 'refused':
      return (
        <p className="notice notice--danger" data-testid="payment-refused">
          <ErrorText error={error} actor={actor} />
        </p>
      );
    case 'notStarted':
      return (
        <p className="notice notice--danger">
          <FormattedMessage id="checkout.cannotComplete" />
        </p>
      );
    case 'refunded':
      return (
        <div className="notice notice--warning" data-testid="payment-refunded">
          <RefundText actor={actor} />
          <p>
            <FormattedMessage id="checkout.refundedCartKept" />
          </p>
          {backToCart}
        </div>
      );
    case 'bookingRefused':
      return (
        <div className="notice notice--danger" data-testid="booking-refused">
          <p>
            <ErrorText error={error} actor={actor} />
          </p>
          {backToCart}
        </div>
      );
    case 'bookingInvalid':
      return (
        <div className="notice notice--danger" data-testid="booking-invalid">
          <p>{error?.message || <FormattedMessage id="checkout.cannotComplete" />}</p>
          {backToCart}
        </div>
      );
    case 'bookingFailed':
      return (
        <div className="notice notice--danger">
          <p>
            <FormattedMessage id="checkout.bookingNoAnswer" />
          </p>
          <button type="button" className="button" onClick={() => actor.send({ type: 'RETRY' })}>
            <FormattedMessage id="form.retry" />
          </button>
        </div>
      );
    case 'gone':
      return (
        <div className="notice notice--warning" data-testid="cart-gone">
          <p>
            <FormattedMessage id="checkout.cartGone" />
          </p>
          {backToCart}
        </div>
      );
    case 'booking':
      return (
        <p className="notice notice--info">
          <FormattedMessage id="checkout.booking" />
        </p>
      );
    case 'redirecting':
      return (
        <p className="notice notice--info">
          <FormattedMessage id="checkout.redirecting" />
        </p>
      );
    default:
      return unreachable(notice);
  }
}
