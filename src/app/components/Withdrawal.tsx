/**
 * The entry points of the withdrawal function (issue 46, Art. 11a: "Withdraw from contract here",
 * easy to reach during the whole period) on an order, and a line's "Withdrawn on {date}": the
 * order review, an order's page and "My orders" show them. The footer's link is the shell's
 * (./Footer.tsx). The words are the shell's (`footer.withdraw`) and the order pages' (`documents`).
 */
import { Link } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { routeHref } from '../../domain/routes.js';
import { formatDate } from '../../i18n/format.js';
import { useLang } from '../hooks.js';

/**
 * "Withdraw from contract here" for one order: the withdrawal page with its booking number and, when
 * known, its key (then the order opens without asking for the address of the purchase).
 */
export function WithdrawLink({ orderId, orderKey, small = false, describedBy }: { orderId: string; orderKey: string | null | undefined; small?: boolean; describedBy?: string }) {
  const lang = useLang();
  const search: Record<string, string> = {};
  if (/^[A-Za-z0-9]{1,32}$/.test(orderId)) {
    search.id = orderId;
    if (orderKey) search.key = orderKey;
  }
  return (
    <Link
      to={routeHref(lang, 'withdrawal', {}, search)}
      className={small ? 'button button--secondary button--small withdraw-link' : 'button button--secondary withdraw-link'}
      aria-describedby={describedBy}
      data-testid="withdraw-link"
    >
      <FormattedMessage id="footer.withdraw" />
    </Link>
  );
}

/** "Withdrawn on {date}" under a line a statement named; nothing for another line. */
export function WithdrawnOn({ at }: { at: string | null | undefined }) {
  if (!at) return null;
  return (
    <span className="line-withdrawn" data-testid="line-withdrawn">
      <FormattedMessage id="documents.withdrawnOn" values={{ date: formatDate(at) }} />
    </span>
  );
}
