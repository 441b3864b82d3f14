import { Suspense } from 'react';
import { FormattedMessage } from 'react-intl';
import type { ShopRouteName } from '../../domain/routes.js';
import { routeDef } from '../routes.js';

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
  const def = routeDef(name);
  const Screen = def.screen;
  const secondary = def.secondary === true;
  return (
    <div className={secondary ? 'screen screen--secondary' : 'screen'} data-route={name}>
      <Suspense fallback={<Loading />}><Screen /></Suspense>
    </div>
  );
}
