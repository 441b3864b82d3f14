import { FormattedMessage } from 'react-intl';
import FlowViewer from '../flows/FlowViewer.js';
import { PageHeading } from './PageHeading.js';

/** /{lang}/__flows: every machine's chart with the live state, under the page's own heading. */
export default function FlowsScreen() {
  return (
    <section className="flows-screen">
      <PageHeading>
        <FormattedMessage id="title.flows" />
      </PageHeading>
      <FlowViewer />
    </section>
  );
}
