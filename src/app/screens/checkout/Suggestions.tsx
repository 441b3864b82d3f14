import { useSelector } from '@xstate/react';
import { selectOfferedSuggestions } from '../../../../machines/checkout.selectors.js';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatPrice } from '../../../i18n/format.js';
import { useConfig } from '../../hooks.js';
import type { CheckoutActor } from './checkout-view.js';

/** The upselling suggestions of the cart step. */
export function Suggestions({ actor }: { actor: CheckoutActor }) {
  // issue 16 item 5: nothing is offered for a cart that cannot be shipped (the machine's own rule)
  const suggestions = useSelector(actor, selectOfferedSuggestions);
  const symbol = useConfig().currencySymbol;
  const intl = useIntl();
  if (suggestions.length === 0) return null;
  return (
    <section className="suggestions" aria-labelledby="suggestions-title">
      <h2 id="suggestions-title">
        <FormattedMessage id="checkout.suggestions" />
      </h2>
      <ul className="suggestions__list">
        {suggestions.map((s) => (
          <li key={s.id} className="suggestions__item">
            <span className="suggestions__name">{s.name}</span>
            <span className="suggestions__price">{formatPrice(s.price, symbol)}</span>
            <button
              type="button"
              className="button button--secondary button--small"
              aria-label={intl.formatMessage({ id: 'checkout.addSuggestion' }, { name: s.name })}
              onClick={() => actor.send({ type: 'ADD_SUGGESTION', id: s.id })}
            >
              <FormattedMessage id="checkout.add" />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
