/**
 * The delivery address fields of §3/§5 (settings and guest form): "same as billing address", or
 * name, street, zip, city and country, every one required (src/domain/delivery-address.ts).
 * Renders what it is given and reports changes; the rule lives in the domain.
 */
import { FormattedMessage, useIntl } from 'react-intl';
import { DELIVERY_ADDRESS_FIELDS, DELIVERY_AUTOCOMPLETE, type DeliveryAddressField, type DeliveryAddressValues } from '../../domain/delivery-address.js';
import type { FieldErrors } from '../../domain/account-forms.js';
import { CheckboxField, SelectField, TextField } from './form.js';

export function DeliveryAddressFields({
  sameAsBilling,
  values,
  errors,
  countries,
  onSameChange,
  onChange,
  hideLegend = false,
}: {
  /** the settings name the section in a heading already: the legend is for screen readers only */
  hideLegend?: boolean;
  sameAsBilling: boolean;
  values: DeliveryAddressValues;
  errors: FieldErrors;
  countries: Readonly<Record<string, string>>;
  onSameChange: (same: boolean) => void;
  onChange: (field: DeliveryAddressField, value: string) => void;
}) {
  const intl = useIntl();
  const options = [
    { value: '', label: intl.formatMessage({ id: 'deliveryAddress.chooseCountry' }) },
    ...Object.entries(countries).map(([value, label]) => ({ value, label })),
  ];
  return (
    <fieldset className="delivery-address">
      <legend className={hideLegend ? 'visually-hidden' : 'delivery-address__legend'}>
        <FormattedMessage id="deliveryAddress.title" />
      </legend>
      <CheckboxField name="sameAsBilling" label={<FormattedMessage id="deliveryAddress.sameAsBilling" />} checked={sameAsBilling} onChange={onSameChange} />
      {!sameAsBilling && (
        <div className="auth__grid">
          {DELIVERY_ADDRESS_FIELDS.map((field) =>
            field === 'country' ? (
              <SelectField
                key={field}
                name={`shipping-${field}`}
                label={intl.formatMessage({ id: `deliveryAddress.${field}` })}
                value={values.country}
                options={options}
                errors={errors[field]}
                required
                autoComplete={DELIVERY_AUTOCOMPLETE[field]}
                onChange={(value) => onChange(field, value)}
              />
            ) : (
              <TextField
                key={field}
                name={`shipping-${field}`}
                label={intl.formatMessage({ id: `deliveryAddress.${field}` })}
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
