import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { CheckboxField, SelectField, TextField } from '../../components/form.js';
import { useCartActor } from '../../components/cart/use-cart.js';
import { selectCountries } from '../../../../machines/cart.machine.js';
import { DELIVERY_ADDRESS_FIELDS, DELIVERY_AUTOCOMPLETE } from '../../../domain/delivery-address.js';
import type { CheckoutActor } from './checkout-view.js';

/** §4/§5: the billing address, or a different delivery address with all five fields (only when goods are shipped). */
export function DeliveryAddress({ actor }: { actor: CheckoutActor }) {
  const intl = useIntl();
  const cart = useCartActor();
  const ships = useSelector(actor, (s) => s.context.shipping.status !== 'none');
  const delivery = useSelector(actor, (s) => s.context.delivery);
  const errors = useSelector(actor, (s) => s.context.deliveryErrors);
  const countries = useSelector(cart, selectCountries);
  if (!ships) return null;
  return (
    <fieldset className="checkout__fieldset" data-testid="delivery-address">
      <legend>
        <FormattedMessage id="checkout.deliveryAddress" />
      </legend>
      <CheckboxField
        name="deliverySameAsBilling"
        checked={delivery.sameAsBilling}
        onChange={(same) => actor.send({ type: 'SET_DELIVERY_SAME', sameAsBilling: same })}
        label={<FormattedMessage id="checkout.deliverySame" />}
      />
      {!delivery.sameAsBilling &&
        DELIVERY_ADDRESS_FIELDS.map((field) =>
          field === 'country' && countries ? (
            <SelectField
              key={field}
              name={`delivery-${field}`}
              required
              autoComplete={DELIVERY_AUTOCOMPLETE[field]}
              label={intl.formatMessage({ id: `checkout.delivery.${field}` })}
              value={delivery.values.country}
              errors={errors.country}
              options={[{ value: '', label: intl.formatMessage({ id: 'shipping.countryPlaceholder' }) }, ...countries.map((c) => ({ value: c.key, label: c.name }))]}
              onChange={(value) => actor.send({ type: 'SET_DELIVERY_FIELD', field, value })}
            />
          ) : (
            <TextField
              key={field}
              name={`delivery-${field}`}
              required
              autoComplete={DELIVERY_AUTOCOMPLETE[field]}
              label={intl.formatMessage({ id: `checkout.delivery.${field}` })}
              {...(field === 'country' ? { hint: intl.formatMessage({ id: 'checkout.delivery.countryHint' }) } : {})}
              value={delivery.values[field]}
              errors={errors[field]}
              onChange={(value) => actor.send({ type: 'SET_DELIVERY_FIELD', field, value })}
            />
          ),
        )}
    </fieldset>
  );
}
