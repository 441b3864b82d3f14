import { Suspense } from 'react';
import { FormattedMessage } from 'react-intl';
import { ROUTES, type ShopRouteName } from '../routes.js';
import { PlaceholderScreen } from './PlaceholderScreen.js';

function Loading() {
  return (
    <p className="screen-loading" role="status">
      <FormattedMessage id="page.loading" />
    </p>
  );
}

/** Renders the screen of a route (./routes.ts), or its placeholder; secondary pages get their styling. */
export function RouteScreen({ name }: { name: ShopRouteName }) {
  const def = ROUTES[name];
  const Screen = 'screen' in def ? def.screen : undefined;
  const secondary = 'secondary' in def && def.secondary;
  return (
    <div className={secondary ? 'screen screen--secondary' : 'screen'} data-route={name}>
      <Suspense fallback={<Loading />}>{Screen ? <Screen /> : <PlaceholderScreen name={name} />}</Suspense>
    </div>
  );
}
