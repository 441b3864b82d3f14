import { useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import { selectLineCount } from '../../../../machines/cart.selectors.js';
import { useCartActor } from './use-cart.js';

/**
 * What the cart holds after an add, counted as the basket badge counts it (lines) and in its
 * words (issue 16 item 4): 'Your cart now holds 2 items' beside a badge showing 2.
 */
export function CartHolds() {
  const count = useSelector(useCartActor(), selectLineCount);
  return (
    <p className="added-to-cart__holds" data-testid="cart-holds">
      <FormattedMessage id="cart.holds" values={{ count }} />
    </p>
  );
}
