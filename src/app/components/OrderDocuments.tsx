/**
 * What a booked order delivers (issue 42), shown the same way on the checkout's success page, the
 * order review and "My orders": its PDF tickets, the vouchers to give as a gift, the calendar
 * entry and where the confirmation went (its visits and bought voucher codes: ./OrderDetails.tsx).
 * The files are plain links (`download`): the server answers them as attachments. A back end
 * without issue 42 answers no documents, and nothing here renders. The checkout's success page
 * loads it lazily (its budget), so it stays a module of its own.
 */
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { OrderDocuments as Documents } from '../../api/schemas/orders.js';

export type HeadingLevel = 2 | 3;
export const Heading = ({ level, id, children }: { level: HeadingLevel; id: string; children: ReactNode }) =>
  level === 2 ? <h2 id={id}>{children}</h2> : <h3 id={id}>{children}</h3>;

/** Whether anything can be offered: a PDF, a gift PDF, a calendar entry, or where the mail went. */
export function hasDocuments(documents: Documents | null | undefined): documents is Documents {
  return !!documents && (documents.pdf !== null || documents.gift_pdf !== null || documents.ics !== null || documents.mail_to !== null);
}

/**
 * The links to an order's files: its PDF tickets, the gift vouchers' PDF, the calendar entry.
 * `describedBy` names the element that says which order they belong to (a list of orders).
 */
export function DocumentLinks({ documents, describedBy, small = false }: { documents: Documents; describedBy?: string; small?: boolean }) {
  const links: [string, string, string][] = [];
  if (documents.pdf) links.push(['pdf', documents.pdf, 'documents.pdf']);
  if (documents.gift_pdf) links.push(['gift', documents.gift_pdf, 'documents.giftPdf']);
  if (documents.ics) links.push(['ics', documents.ics, 'documents.calendar']);
  if (links.length === 0) return null;
  const className = small ? 'button button--secondary button--small' : 'button button--secondary';
  return (
    <ul className="order-documents__links">
      {links.map(([kind, href, id]) => (
        <li key={kind}>
          <a href={href} download className={className} data-testid={`document-${kind}`} aria-describedby={describedBy}>
            <FormattedMessage id={id} />
          </a>
        </li>
      ))}
    </ul>
  );
}

/** Where the confirmation went (the address partly masked), as one sentence; nothing when no address is known. */
export function MailedTo({ documents }: { documents: Documents }) {
  if (documents.mail_to === null) return null;
  return (
    <p className="order-documents__mailed" data-testid="mailed-to">
      <FormattedMessage id="documents.mailedTo" values={{ address: <strong>{documents.mail_to}</strong> }} />
    </p>
  );
}

/** The block of an order's documents under its own heading; nothing for a back end without them. */
export function OrderDocuments({ documents, level = 2, id = 'order-documents' }: { documents: Documents | null | undefined; level?: HeadingLevel; id?: string }) {
  if (!hasDocuments(documents)) return null;
  return (
    <section className="order-documents" aria-labelledby={id} data-testid="order-documents">
      <Heading level={level} id={id}>
        <FormattedMessage id="documents.title" />
      </Heading>
      <MailedTo documents={documents} />
      <DocumentLinks documents={documents} />
    </section>
  );
}
