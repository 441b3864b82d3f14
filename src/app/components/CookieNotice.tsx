import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppActor } from '../shell-context.js';
import { ServerHtml } from './ServerHtml.js';

/**
 * The cookie notice with the server's HTML, rendered through the allow-list of ServerHtml. Loaded
 * lazily: a returning visitor who has accepted never loads it. It comes first in the Tab order (the
 * shell renders it before the header) although it is shown at the bottom; its height is reserved under the page and in the scroll padding, so it never
 * covers the focused element (WCAG 2.4.11); after "Accept" focus moves to the page's heading.
 */
export default function CookieNotice({ html }: { html: string }) {
  const actor = useAppActor();
  const intl = useIntl();
  const ref = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const element = ref.current;
    const root = document.documentElement;
    if (!element) return;
    const measure = () => root.style.setProperty('--cookie-notice-height', `${Math.ceil(element.getBoundingClientRect().height)}px`);
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty('--cookie-notice-height');
    };
  }, []);
  const accept = () => {
    actor.send({ type: 'ACCEPT_COOKIES' });
    document.querySelector<HTMLElement>('main h1')?.focus({ preventScroll: true });
  };
  return (
    <section className="cookie-notice" ref={ref} aria-label={intl.formatMessage({ id: 'cookie.label' })} data-testid="cookie-notice">
      <div className="cookie-notice__inner container">
        <ServerHtml className="cookie-notice__text" html={html} />
        <button type="button" className="button" onClick={accept}>
          <FormattedMessage id="cookie.accept" />
        </button>
      </div>
    </section>
  );
}
