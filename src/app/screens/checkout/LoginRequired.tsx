import { useEffect, useRef } from 'react';
import { Link } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { useConfig, useLang } from '../../hooks.js';
import { routeHref } from '../../../domain/routes.js';

/**
 * The sign-in step: 'You have to log in' at the Pay button that asked for it (issue 16 item 3): seen
 * where the visitor is, and the keyboard focus moves to it (its links come next in the Tab order).
 */
export function LoginRequired() {
  const lang = useLang();
  const config = useConfig();
  const search = { returnTo: routeHref(lang, 'checkout') };
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // centred: the notice and the Pay button under it in view, not at the edge under the sticky header
    notice.current?.focus({ preventScroll: true });
    notice.current?.scrollIntoView({ block: 'center' });
  }, []);
  return (
    <div ref={notice} tabIndex={-1} className="notice notice--info checkout__login" data-testid="login-required">
      <p>
        <FormattedMessage id="checkout.loginRequired" />
      </p>
      <p className="checkout__login-links">
        <Link to={routeHref(lang, 'login')} search={search} className="button button--small">
          <FormattedMessage id="header.login" />
        </Link>
        {config.hasUserRegistration && (
          <Link to={routeHref(lang, 'register')} search={search} className="button button--secondary button--small">
            <FormattedMessage id="header.register" />
          </Link>
        )}
        {config.hasGuestRegistration && (
          <Link to={routeHref(lang, 'guestRegister')} search={search} className="button button--secondary button--small">
            <FormattedMessage id="checkout.guestLink" />
          </Link>
        )}
      </p>
    </div>
  );
}
