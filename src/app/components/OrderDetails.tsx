/**
 * An order's dated visits and the voucher codes it bought (issue 42), on the order review and an
 * order's page of "My orders"; a back end without issue 42 answers neither, and nothing renders.
 */
import { FormattedMessage } from 'react-intl';
import type { BoughtVoucher, OrderVisit } from '../../api/schemas/orders.js';
import { visitEndTime, visitMoment } from '../../domain/orders.js';
import { formatDate, formatPrice } from '../../i18n/format.js';
import { useConfig } from '../hooks.js';
import { Heading, type HeadingLevel } from './OrderDocuments.js';

/** A visit's day and time (09:00–10:00 when it ends the same day), as the museum's clock writes them. */
export function VisitWhen({ visit }: { visit: OrderVisit }) {
  const start = visitMoment(visit.start);
  const end = visitEndTime(visit);
  const date = formatDate(start.date);
  if (!start.time) return <>{date}</>;
  return end ? (
    <FormattedMessage id="documents.visitFromTo" values={{ date, start: start.time, end }} />
  ) : (
    <FormattedMessage id="documents.visitAt" values={{ date, time: start.time }} />
  );
}

/** The order's dated visits: what, when and where. */
export function OrderVisits({ visits, level = 2, id = 'order-visits' }: { visits: readonly OrderVisit[] | undefined; level?: HeadingLevel; id?: string }) {
  if (!visits || visits.length === 0) return null;
  return (
    <section className="order-visits" aria-labelledby={id} data-testid="order-visits">
      <Heading level={level} id={id}>
        <FormattedMessage id="documents.visitsTitle" />
      </Heading>
      <ul className="order-visits__list">
        {visits.map((visit, i) => (
          <li key={i} className="order-visits__item">
            <strong className="order-visits__title">{visit.title}</strong>
            <span className="order-visits__when">
              <VisitWhen visit={visit} />
            </span>
            {visit.venue && <span className="order-visits__venue">{visit.venue}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The voucher codes the order bought, with their value and last valid day. */
export function BoughtVouchers({ vouchers, level = 2, id = 'order-vouchers' }: { vouchers: readonly BoughtVoucher[] | undefined; level?: HeadingLevel; id?: string }) {
  const symbol = useConfig().currencySymbol;
  if (!vouchers || vouchers.length === 0) return null;
  return (
    <section className="order-vouchers" aria-labelledby={id} data-testid="order-vouchers">
      <Heading level={level} id={id}>
        <FormattedMessage id="documents.vouchersTitle" />
      </Heading>
      <table className="cart-lines__table order-vouchers__table">
        <thead>
          <tr>
            <th scope="col">
              <FormattedMessage id="documents.voucherCode" />
            </th>
            <th scope="col" className="cart-lines__num">
              <FormattedMessage id="documents.voucherValue" />
            </th>
            <th scope="col">
              <FormattedMessage id="documents.voucherValidUntil" />
            </th>
          </tr>
        </thead>
        <tbody>
          {vouchers.map((voucher) => (
            <tr key={voucher.code}>
              <th scope="row">
                <code className="order-vouchers__code">{voucher.code}</code>
              </th>
              <td className="cart-lines__num">{formatPrice(voucher.value, symbol)}</td>
              <td>{formatDate(voucher.valid_until)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
