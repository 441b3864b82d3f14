/**
 * The delivery address fields of §3/§5 (checkout, settings and the registration and guest form):
 * "same as billing address", or name, street, zip, city and country, every one required, the
 * country chosen from the shop's list (CountrySelect; src/domain/delivery-address.ts). Renders what
 * it is given and reports changes; the rule lives in the domain.
 */
import { FormattedMessage, useIntl } from 'react-intl';
import { DELIVERY_ADDRESS_FIELDS, DELIVERY_AUTOCOMPLETE, type DeliveryAddressField, type DeliveryAddressValues } from '../../domain/delivery-address.js';
import type { FieldErrors } from '../../domain/account-forms.js';
import { CheckboxField, TextField } from './form.js';
import { CountrySelect, type CountryNames } from './CountrySelect.js';

export function DeliveryAddressFields({
  sameAsBilling,
  values,
  errors,
  countries,
  onSameChange,
  onChange,
  hideLegend = false,
  boxed = false,
}: {
  /** the settings name the section in a heading already: the legend is for screen readers only */
  hideLegend?: boolean;
  /** the checkout shows each part of its payment form in a framed box with its legend on the frame */
  boxed?: boolean;
  sameAsBilling: boolean;
  values: DeliveryAddressValues;
  errors: FieldErrors;
  /**
   * The countries to choose from (key → name in the page's language), null while the list is not
   * loaded yet: the country is always chosen from the list (issue 45 item 1), never typed.
   */
  countries: CountryNames | null;
  onSameChange: (same: boolean) => void;
  onChange: (field: DeliveryAddressField, value: string) => void;
}) {
  const intl = useIntl();
  const label = (field: DeliveryAddressField) => intl.formatMessage({ id: `deliveryAddress.${field}` });
  return (
    <fieldset className={boxed ? 'checkout__fieldset' : 'delivery-address'} data-testid="delivery-address">
      <legend className={hideLegend ? 'visually-hidden' : boxed ? undefined : 'delivery-address__legend'}>
        <FormattedMessage id="deliveryAddress.title" />
      </legend>
      <CheckboxField name="sameAsBilling" label={<FormattedMessage id="deliveryAddress.sameAsBilling" />} checked={sameAsBilling} onChange={onSameChange} />
      {!sameAsBilling && (
        <div className="auth__grid">
          {DELIVERY_ADDRESS_FIELDS.map((field) =>
            field === 'country' ? (
              <CountrySelect
                key={field}
                name={`shipping-${field}`}
                label={label(field)}
                value={values.country}
                countries={countries}
                errors={errors[field]}
                required
                autoComplete={DELIVERY_AUTOCOMPLETE[field]}
                onChange={(value) => onChange(field, value)}
              />
            ) : (
              <TextField
                key={field}
                name={`shipping-${field}`}
                label={label(field)}
                value={values[field]}
                errors={errors[field]}
                required
                autoComplete={DELIVERY_AUTOCOMPLETE[field]}
                onChange={(value) => onChange(field, value)}
              />
            ),
          )}
        </div>
      )}
    </fieldset>
  );
}
