import { Link } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { useLang } from '../hooks.js';
import { PageHeading } from './PageHeading.js';
import { PageHydrated } from '../hydration.js';
import { routeHref } from '../../domain/routes.js';

export function NotFoundScreen() {
  const lang = useLang();
  return (
    <div className="screen screen--secondary" data-route="pageNotFound">
      <PageHydrated />
      <section className="not-found">
        <p className="not-found__code" aria-hidden="true">404</p>
        <PageHeading>
          <FormattedMessage id="title.pageNotFound" />
        </PageHeading>
        <p>
          <FormattedMessage id="notFound.text" />
        </p>
        <Link to={routeHref(lang, 'home')} className="button">
          <FormattedMessage id="placeholder.back" />
        </Link>
      </section>
    </div>
  );
}
