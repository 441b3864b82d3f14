import { useMemo } from 'react';
import DOMPurify from 'dompurify';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppActor } from '../shell-context.js';

/** The cookie notice with the server's HTML, sanitized. Loaded lazily (DOMPurify stays out of the entry). */
export default function CookieNotice({ html }: { html: string }) {
  const actor = useAppActor();
  const intl = useIntl();
  const clean = useMemo(() => DOMPurify.sanitize(html), [html]);
  return (
    <section className="cookie-notice" aria-label={intl.formatMessage({ id: 'cookie.label' })} data-testid="cookie-notice">
      <div className="cookie-notice__inner container">
        <div className="cookie-notice__text" dangerouslySetInnerHTML={{ __html: clean }} />
        <button type="button" className="button" onClick={() => actor.send({ type: 'ACCEPT_COOKIES' })}>
          <FormattedMessage id="cookie.accept" />
        </button>
      </div>
    </section>
  );
}
