import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { useLang } from '../hooks.js';
import { PageHeading } from './PageHeading.js';
import { PageHydrated } from '../hydration.js';
import { routeHref } from '../../domain/routes.js';

/**
 * A page whose code or messages could not be loaded (offline, a dropped connection): said in the
 * visitor's language, with a retry that runs the route's loading again and a way home. The cart
 * and everything entered elsewhere are untouched; the header and footer stay.
 */
export function RouteErrorScreen({ reset }: ErrorComponentProps) {
  const router = useRouter();
  const lang = useLang();
  const retry = () => {
    reset();
    void router.invalidate();
  };
  return (
    <div className="screen screen--secondary" data-route="routeError">
      <PageHydrated />
      <section className="not-found">
        <PageHeading>
          <FormattedMessage id="page.failed" />
        </PageHeading>
        <p>
          <FormattedMessage id="error.network" />
        </p>
        <p className="route-error__actions">
          <button type="button" className="button" onClick={retry}>
            <FormattedMessage id="page.retry" />
          </button>
          <Link to={routeHref(lang, 'home')} className="button button--secondary">
            <FormattedMessage id="placeholder.back" />
          </Link>
        </p>
      </section>
    </div>
  );
}
