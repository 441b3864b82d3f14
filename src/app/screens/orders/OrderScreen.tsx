/**
 * One order's page (issue 42: orders/{id}, the confirmation mail's link with the order's key): its
 * lines and amount, its dated visits, the voucher codes it bought, its PDF tickets, gift PDF and
 * calendar entry, where the confirmation went, and "send the confirmation again". Renders the
 * orders journey's snapshot (machines/orders.machine.ts) and sends its events.
 */
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { ordersMachine } from '../../../../machines/orders.machine.js';
import { orderPageStageOf, resendStageOf } from '../../../../machines/orders.selectors.js';
import type { OrderReview } from '../../../api/schemas/checkout.js';
import { offersResend } from '../../../domain/orders.js';
import { routeHref } from '../../../domain/routes.js';
import { formatDate, formatPrice } from '../../../i18n/format.js';
import { PageHeading } from '../PageHeading.js';
import { OrderDocuments } from '../../components/OrderDocuments.js';
import { BoughtVouchers, OrderVisits } from '../../components/OrderDetails.js';
import { RetryNotice } from '../../components/RetryNotice.js';
import { WithdrawLink, WithdrawnOn } from '../../components/Withdrawal.js';
import { useAppActor } from '../../shell-context.js';
import { useConfig, useLang } from '../../hooks.js';
import { useJourney } from '../../journeys/use-journey.js';
import { usePageTitle } from '../../page-title.js';

type OrdersActor = ActorRefFrom<typeof ordersMachine>;

function OrderLines({ order }: { order: OrderReview }) {
  const symbol = useConfig().currencySymbol;
  const price = (minor: number) => formatPrice(minor, symbol);
  return (
    <table className="cart-lines__table order-page__lines">
      <caption className="visually-hidden">
        <FormattedMessage id="orders.linesCaption" />
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
              <FormattedMessage id="orders.shipping" />
            </th>
            <td className="cart-lines__num">{price(order.shipping)}</td>
          </tr>
        )}
        {order.discount > 0 && (
          <tr>
            <th scope="row">
              <FormattedMessage id="orders.discount" />
            </th>
            <td className="cart-lines__num">{price(-order.discount)}</td>
          </tr>
        )}
        <tr className="cart-lines__total">
          <th scope="row">
            <FormattedMessage id="orders.total" />
          </th>
          <td className="cart-lines__num" data-testid="order-amount">
            {price(order.amount)}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}

/** "Send the confirmation again", with what became of it in a live region. */
function Resend({ actor, order }: { actor: OrdersActor; order: OrderReview }) {
  const stage = useSelector(actor, resendStageOf);
  const resentTo = useSelector(actor, (s) => s.context.resentTo);
  const wait = useSelector(actor, (s) => s.context.resendWait);
  if (!offersResend(order)) return null;
  const sending = stage === 'sending';
  const offered = stage !== 'tooSoon' && stage !== 'noAddress';
  return (
    <section className="order-resend" aria-labelledby="order-resend-title">
      <h2 id="order-resend-title">
        <FormattedMessage id="orders.resendTitle" />
      </h2>
      <div role="status" className="order-resend__status">
        {sending && (
          <p className="screen-loading">
            <FormattedMessage id="orders.resending" />
          </p>
        )}
        {stage === 'sent' && resentTo !== null && (
          <p className="notice notice--success" data-testid="resend-sent">
            <FormattedMessage id="orders.resent" values={{ address: <strong>{resentTo}</strong> }} />
          </p>
        )}
        {stage === 'tooSoon' && (
          <p className="notice notice--info" data-testid="resend-too-soon">
            <FormattedMessage id="orders.resendTooSoon" values={{ seconds: wait }} />
          </p>
        )}
        {stage === 'noAddress' && (
          <p className="notice notice--warning" data-testid="resend-no-address">
            <FormattedMessage id="orders.resendNoAddress" />
          </p>
        )}
      </div>
      <div role="alert">
        {stage === 'failed' && (
          <p className="notice notice--danger" data-testid="resend-failed">
            <FormattedMessage id="orders.resendFailed" />
          </p>
        )}
      </div>
      {offered && (
        <button
          type="button"
          className="button button--secondary"
          aria-disabled={sending || undefined}
          aria-busy={sending || undefined}
          onClick={() => {
            if (!sending) actor.send({ type: 'RESEND' });
          }}
        >
          <FormattedMessage id="orders.resend" />
        </button>
      )}
    </section>
  );
}

export default function OrderScreen() {
  const intl = useIntl();
  const lang = useLang();
  const actor = useJourney('orders');
  const stage = useSelector(actor, orderPageStageOf);
  const order = useSelector(actor, (s) => s.context.order);
  const openId = useSelector(actor, (s) => s.context.open?.id ?? null);
  const openKey = useSelector(actor, (s) => s.context.open?.key ?? null);
  // "all my orders" for a customer who is logged in (the mail's link works without a login)
  const customer = useSelector(useAppActor(), (s) => s.context.jwt !== null && !s.context.isGuest);
  const shown = stage === 'shown' && order !== null;
  usePageTitle(shown ? intl.formatMessage({ id: 'orders.orderTitle' }, { id: order.id }) : null);
  return (
    <section className="orders order-page" aria-labelledby="order-title">
      <PageHeading>
        <span id="order-title">{shown ? <FormattedMessage id="orders.orderTitle" values={{ id: order.id }} /> : <FormattedMessage id="title.order" />}</span>
      </PageHeading>
      {customer && (
        <p className="order-page__back">
          <Link to={routeHref(lang, 'orders')}>
            <FormattedMessage id="orders.allOrders" />
          </Link>
        </p>
      )}
      <div role="status">
        {stage === 'loading' && (
          <p className="screen-loading">
            <FormattedMessage id="page.loading" />
          </p>
        )}
        {stage === 'notFound' && (
          <p className="notice notice--warning" data-testid="order-not-found">
            <FormattedMessage id="orders.notFound" values={{ id: openId ?? '' }} />
          </p>
        )}
      </div>
      {stage === 'notFound' && (
        <p>
          <Link to={routeHref(lang, 'home')} className="button">
            <FormattedMessage id="orders.toShop" />
          </Link>
        </p>
      )}
      {stage === 'failed' && <RetryNotice messageId="orders.orderFailed" onRetry={() => actor.send({ type: 'RETRY' })} />}
      {shown && (
        <div className="order-page__body">
          <p className="order-page__date">
            <FormattedMessage id="orders.orderedOn" values={{ date: formatDate(order.created_at) }} />
          </p>
          <OrderLines order={order} />
          {/* issue 46: "Withdraw from contract here" while a line may be withdrawn */}
          {order.withdrawable && (
            <p className="order-page__withdraw">
              <WithdrawLink orderId={order.id} orderKey={order.documents?.key ?? openKey} />
            </p>
          )}
          <OrderVisits visits={order.visits} />
          <BoughtVouchers vouchers={order.vouchers} />
          <OrderDocuments documents={order.documents} />
          <Resend actor={actor} order={order} />
        </div>
      )}
    </section>
  );
}
