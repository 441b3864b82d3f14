import { useEffect } from 'react';
import { useSearch } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { useAppActor } from '../shell-context.js';
import { PageHeading } from './PageHeading.js';

/** /logout: tells the app machine, which forgets the session and navigates to returnTo or home. */
export function LogoutScreen() {
  const actor = useAppActor();
  const search = useSearch({ strict: false }) as { returnTo?: unknown };
  const returnTo = typeof search.returnTo === 'string' ? search.returnTo : undefined;
  useEffect(() => {
    actor.send({ type: 'LOGOUT', ...(returnTo ? { returnTo } : {}) });
  }, [actor, returnTo]);
  return (
    <div className="screen screen--secondary" data-route="logout">
      <PageHeading>
        <FormattedMessage id="title.logout" />
      </PageHeading>
    </div>
  );
}
