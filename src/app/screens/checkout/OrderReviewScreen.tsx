import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import { orderReviewViewOf } from '../../../../machines/orderReview.selectors.js';
import { formatDate, formatPrice } from '../../../i18n/format.js';
import { PageHeading } from '../PageHeading.js';
import { useConfig, useLang } from '../../hooks.js';
import { useJourney } from '../../journeys/use-journey.js';
import { routeHref } from '../../../domain/routes.js';
import { OrderDocuments } from '../../components/OrderDocuments.js';
import { BoughtVouchers, OrderVisits } from '../../components/OrderDetails.js';
import { WithdrawLink, WithdrawnOn } from '../../components/Withdrawal.js';

/**
 * §2 order-review/{id}: an order by its booking id; 406 says it is not available. With the order's
 * key (?key=, issue 42) also its visits, bought voucher codes and documents.
 */
export default function OrderReviewScreen() {
  const lang = useLang();
  const actor = useJourney('orderReview');
  const symbol = useConfig().currencySymbol;
  const view = useSelector(actor, orderReviewViewOf);
  const order = useSelector(actor, (s) => s.context.order);
  const linkKey = useSelector(actor, (s) => s.context.orderKey);
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
                  <th scope="row">
                    {line.name} <WithdrawnOn at={line.withdrawn_at} />
                  </th>
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
          {/* issue 46: "Withdraw from contract here" while a line may be withdrawn, with the order's key when known */}
          {order.withdrawable && (
            <p className="order-review__withdraw">
              <WithdrawLink orderId={order.id} orderKey={order.documents?.key ?? linkKey} />
            </p>
          )}
          {/* issue 42: with the order's key, what it delivers; nothing from a back end without it */}
          <OrderVisits visits={order.visits} />
          <BoughtVouchers vouchers={order.vouchers} />
          <OrderDocuments documents={order.documents} />
        </div>
      )}
    </section>
  );
}
