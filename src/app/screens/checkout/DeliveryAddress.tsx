import { useSelector } from '@xstate/react';
import { DeliveryAddressFields } from '../../components/DeliveryAddressFields.js';
import { useCartActor } from '../../components/cart/use-cart.js';
import { selectCountries } from '../../../../machines/cart.selectors.js';
import type { CheckoutActor } from './checkout-view.js';

/**
 * §4/§5: the billing address, or a different delivery address with all five fields (only when
 * goods are shipped): the shared fields of the settings and the registration, fed from the checkout
 * machine. The countries are the cart's list (the cart loads it for every visitor who ships goods,
 * logged in or not): the country is chosen from it, never typed (issue 45 item 1).
 */
export function DeliveryAddress({ actor }: { actor: CheckoutActor }) {
  const cart = useCartActor();
  const ships = useSelector(actor, (s) => s.context.shipping.status !== 'none');
  const delivery = useSelector(actor, (s) => s.context.delivery);
  const errors = useSelector(actor, (s) => s.context.deliveryErrors);
  const countries = useSelector(cart, selectCountries);
  if (!ships) return null;
  return (
    <DeliveryAddressFields
      boxed
      sameAsBilling={delivery.sameAsBilling}
      values={delivery.values}
      errors={errors}
      countries={countries && Object.fromEntries(countries.map((c) => [c.key, c.name]))}
      onSameChange={(same) => actor.send({ type: 'SET_DELIVERY_SAME', sameAsBilling: same })}
      onChange={(field, value) => actor.send({ type: 'SET_DELIVERY_FIELD', field, value })}
    />
  );
}
