import { useContext, useEffect } from 'react';
import { FormattedMessage } from 'react-intl';
import FlowViewer from '../flows/FlowViewer.js';
import { ShellContext } from '../shell-context.js';
import { PageHeading } from './PageHeading.js';

/** /{lang}/__flows: every machine's chart with the live state, under the page's own heading. */
export default function FlowsScreen() {
  // the cart is app-lifetime but loads with the first page that needs it: here its chart shows it live
  const carts = useContext(ShellContext)?.carts;
  useEffect(() => {
    void carts?.load().catch(() => undefined);
  }, [carts]);
  return (
    <section className="flows-screen">
      <PageHeading>
        <FormattedMessage id="title.flows" />
      </PageHeading>
      <FlowViewer />
    </section>
  );
}
