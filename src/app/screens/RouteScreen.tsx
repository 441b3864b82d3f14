import { Suspense } from 'react';
import { FormattedMessage } from 'react-intl';
import { ROUTE_TABLE, isCatalogueRoute, type RouteSpec, type ShopRouteName } from '../../domain/routes.js';
import { SCREENS } from '../routes.js';
import { PageHydrated } from '../hydration.js';
import { useShell } from '../shell-context.js';

/**
 * While a screen's code loads: the page keeps its height (the footer does not jump) and the text
 * appears only after a short delay (styles.css), so a fast load shows nothing at all.
 */
function Loading() {
  return (
    <div className="route-loading" role="status">
      <p className="route-loading__text">
        <FormattedMessage id="page.loading" />
      </p>
    </div>
  );
}

/** Renders the screen of a route (./routes.ts), or its placeholder; secondary pages get their styling. */
export function RouteScreen({ name }: { name: ShopRouteName }) {
  const Screen = SCREENS[name];
  const secondary = (ROUTE_TABLE[name] as RouteSpec).secondary === true;
  // the server's render of a personal page: its waiting state; the browser renders the page anew (src/app/hydrate.tsx)
  const waits = useShell().personalPagesWait === true && !isCatalogueRoute(name);
  return (
    <div className={secondary ? 'screen screen--secondary' : 'screen'} data-route={name}>
      {waits ? (
        <Loading />
      ) : (
        <Suspense fallback={<Loading />}>
          <Screen />
          <PageHydrated />
        </Suspense>
      )}
    </div>
  );
}
