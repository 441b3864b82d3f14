import { Suspense } from 'react';
import { FormattedMessage } from 'react-intl';
import { ROUTES, type RouteName } from '../navigation.js';
import { SCREENS } from './registry.js';
import { PlaceholderScreen } from './PlaceholderScreen.js';

function Loading() {
  return (
    <p className="screen-loading" role="status">
      <FormattedMessage id="page.loading" />
    </p>
  );
}

/** Renders the registered screen of a route, or its placeholder; secondary pages get their styling. */
export function RouteScreen({ name }: { name: Exclude<RouteName, 'pageNotFound' | 'logout'> }) {
  const Screen = SCREENS[name];
  const def = ROUTES[name];
  const secondary = 'secondary' in def && def.secondary;
  return (
    <div className={secondary ? 'screen screen--secondary' : 'screen'} data-route={name}>
      <Suspense fallback={<Loading />}>{Screen ? <Screen /> : <PlaceholderScreen name={name} />}</Suspense>
    </div>
  );
}
