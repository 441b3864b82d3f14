import { useSearch } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';

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
