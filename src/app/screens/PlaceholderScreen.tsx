import { Link, useSearch } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { ROUTES, type RouteName, type ShopRouteName } from '../routes.js';
import { useLang } from '../hooks.js';
import { PageHeading } from './PageHeading.js';

/** §8 "page requires login": the login screen says why the visitor was sent there. */
export function FromUnauthorizedNotice() {
  const search = useSearch({ strict: false }) as { fromUnauthorized?: unknown };
  if (search.fromUnauthorized !== 'true' && search.fromUnauthorized !== true) return null;
  return (
    <p className="notice notice--info" role="status">
      <FormattedMessage id="login.fromUnauthorized" />
    </p>
  );
}

/** A journey that is not built yet: its real title and heading, and a way back. */
export function PlaceholderScreen({ name }: { name: ShopRouteName }) {
  const lang = useLang();
  const titleKey = ROUTES[name].titleKey ?? 'title.page';
  return (
    <section className="placeholder" aria-labelledby="placeholder-title">
      {name === ('login' satisfies RouteName) && <FromUnauthorizedNotice />}
      <PageHeading>
        <span id="placeholder-title">
          <FormattedMessage id={titleKey} />
        </span>
      </PageHeading>
      <p className="placeholder__text">
        <FormattedMessage id="placeholder.text" />
      </p>
      <Link to={`/${lang}`} className="button button--secondary">
        <FormattedMessage id="placeholder.back" />
      </Link>
    </section>
  );
}
