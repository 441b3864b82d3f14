/**
 * The one country field of every address form of the shop (issue 45 item 1): the billing address
 * of the registration and the settings, the different delivery address of the checkout, the
 * settings and the registration. The countries are the server's list in the page's language
 * (customer/attr, the same list GET countries gives the cart); the field is always a choice from
 * it, never typed, with one empty choice ("Please choose") while nothing is chosen. A value that is
 * not in the list (an old free-text entry, a list without that country) shows as not chosen.
 * Renders what it is given and reports changes.
 */
import { SelectField, type FieldErrorList } from './form.js';

/** country key → name in the page's language, in display order; null while no list is known */
export type CountryNames = Readonly<Record<string, string>>;

export function CountrySelect({
  name,
  label,
  value,
  countries,
  errors,
  required,
  autoComplete,
  onChange,
}: {
  name: string;
  label: string;
  value: string;
  countries: CountryNames | null;
  errors?: FieldErrorList;
  required?: boolean;
  autoComplete: string;
  onChange: (value: string) => void;
}) {
  const list = countries ?? {};
  const options = Object.entries(list).map(([key, country]) => ({ value: key, label: country }));
  const chosen = Object.prototype.hasOwnProperty.call(list, value) ? value : '';
  return (
    <SelectField
      name={name}
      label={label}
      value={chosen}
      options={options}
      errors={errors}
      required={required}
      autoComplete={autoComplete}
      onChange={onChange}
    />
  );
}
