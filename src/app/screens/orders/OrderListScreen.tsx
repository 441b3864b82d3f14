/**
 * "My orders" (issue 42): a logged-in customer's orders, newest first, each with its date, booking
 * id, lines and amount, a link to its page, its PDF tickets and its calendar entry. Renders the
 * orders journey's snapshot (machines/orders.machine.ts) and sends its events.
 */
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import { orderListStageOf } from '../../../../machines/orders.selectors.js';
import type { OrderSummary } from '../../../api/schemas/orders.js';
import { routeHref } from '../../../domain/routes.js';
import { formatDate, formatPrice } from '../../../i18n/format.js';
import { PageHeading } from '../PageHeading.js';
import { DocumentLinks } from '../../components/OrderDocuments.js';
import { RetryNotice } from '../../components/RetryNotice.js';
import { WithdrawLink, WithdrawnOn } from '../../components/Withdrawal.js';
import { useConfig, useLang } from '../../hooks.js';
import { useJourney } from '../../journeys/use-journey.js';

function OrderCard({ order, index }: { order: OrderSummary; index: number }) {
  const lang = useLang();
  const symbol = useConfig().currencySymbol;
  const titleId = `order-${index}-title`;
  return (
    <li className="order-card" data-testid="order-card">
      <h2 className="order-card__title" id={titleId}>
        <Link to={routeHref(lang, 'order', { id: order.id })}>
          <FormattedMessage id="orders.orderTitle" values={{ id: order.id }} />
        </Link>
      </h2>
      <p className="order-card__meta">
        <span>
          <FormattedMessage id="orders.orderedOn" values={{ date: formatDate(order.created_at) }} />
        </span>
        <span className="order-card__amount">
          <FormattedMessage id="orders.amount" values={{ amount: formatPrice(order.amount, symbol) }} />
        </span>
      </p>
      <ul className="order-card__lines">
        {order.lines.map((line, i) => (
          <li key={i}>
            {line.name} <WithdrawnOn at={line.withdrawn_at} />
          </li>
        ))}
      </ul>
      <DocumentLinks documents={order.documents} describedBy={titleId} small />
      {/* issue 46: on every order with a line that may be withdrawn now, with its documents' key */}
      {order.withdrawable && <WithdrawLink orderId={order.id} orderKey={order.documents.key} describedBy={titleId} small />}
    </li>
  );
}

export default function OrderListScreen() {
  const lang = useLang();
  const actor = useJourney('orders');
  const stage = useSelector(actor, orderListStageOf);
  const orders = useSelector(actor, (s) => s.context.orders);
  return (
    <section className="orders" aria-labelledby="orders-title">
      <PageHeading>
        <span id="orders-title">
          <FormattedMessage id="title.orders" />
        </span>
      </PageHeading>
      <div role="status">
        {stage === 'loading' && (
          <p className="screen-loading">
            <FormattedMessage id="page.loading" />
          </p>
        )}
        {stage === 'none' && (
          <p className="notice notice--info" data-testid="orders-none">
            <FormattedMessage id="orders.none" />
          </p>
        )}
      </div>
      {stage === 'none' && (
        <p>
          <Link to={routeHref(lang, 'home')} className="button">
            <FormattedMessage id="orders.toShop" />
          </Link>
        </p>
      )}
      {stage === 'failed' && <RetryNotice messageId="orders.listFailed" onRetry={() => actor.send({ type: 'RETRY' })} />}
      {stage === 'shown' && orders && (
        <ul className="order-list" data-testid="order-list">
          {orders.map((order, i) => (
            <OrderCard key={order.id} order={order} index={i} />
          ))}
        </ul>
      )}
    </section>
  );
}
