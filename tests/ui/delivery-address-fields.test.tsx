/**
 * The one set of delivery address fields (checkout, settings, registration and guest form): the
 * labels, the names and the browser's autofill tokens, the country always a choice from the list
 * with one empty choice (issue 45 item 1: never typed, not even before the list has arrived);
 * every field required, its error tied to it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import en from '../../src/i18n/messages/en.json';
import { DeliveryAddressFields } from '../../src/app/components/DeliveryAddressFields.js';
import type { DeliveryAddressField } from '../../src/domain/delivery-address.js';
import type { FieldErrors } from '../../src/domain/account-forms.js';

const catalogue = en as Record<string, string>;
function t(id: string): string {
  const message = catalogue[id];
  if (message === undefined) throw new Error(`en.json has no message ${id}`);
  return message;
}

const EMPTY = { name: '', street: '', zip: '', city: '', country: '' };

function mount(countries: Readonly<Record<string, string>> | null, errors: FieldErrors = {}, values = EMPTY) {
  const changes: [DeliveryAddressField, string][] = [];
  render(
    <IntlProvider locale="en" messages={catalogue}>
      <DeliveryAddressFields
        sameAsBilling={false}
        values={values}
        errors={errors}
        countries={countries}
        onSameChange={() => {}}
        onChange={(field, value) => changes.push([field, value])}
      />
    </IntlProvider>,
  );
  return changes;
}

/** The field a label names (label/for), the way a screen reader finds it. */
const field = (labelId: string) => screen.getByLabelText(new RegExp(`^${t(labelId).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)) as HTMLInputElement | HTMLSelectElement;
/** The texts aria-describedby points at. */
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean).map((id) => document.getElementById(id)?.textContent ?? '');

afterEach(cleanup);

describe('the delivery address fields', () => {
  it('name every field with its label, required, under the shipping names and autofill tokens', () => {
    mount({ CH: 'Switzerland', DE: 'Germany' });
    expect(screen.getByRole('group', { name: t('deliveryAddress.title') })).toBeTruthy();
    const expected: [string, string, string][] = [
      ['deliveryAddress.name', 'shipping-name', 'shipping name'],
      ['deliveryAddress.street', 'shipping-street', 'shipping address-line1'],
      ['deliveryAddress.zip', 'shipping-zip', 'shipping postal-code'],
      ['deliveryAddress.city', 'shipping-city', 'shipping address-level2'],
      ['deliveryAddress.country', 'shipping-country', 'shipping country'],
    ];
    for (const [label, name, autocomplete] of expected) {
      const element = field(label);
      expect(element.getAttribute('name')).toBe(name);
      expect(element.getAttribute('autocomplete')).toBe(autocomplete);
      expect(element.required).toBe(true);
      expect(element.getAttribute('aria-invalid')).toBeNull();
    }
  });

  it('offers the countries of the list to choose from', () => {
    const changes = mount({ CH: 'Switzerland', DE: 'Germany' });
    const country = field('deliveryAddress.country');
    expect(country.tagName).toBe('SELECT');
    expect([...(country as HTMLSelectElement).options].map((o) => o.textContent)).toContain('Germany');
    fireEvent.change(country, { target: { value: 'DE' } });
    expect(changes).toEqual([['country', 'DE']]);
  });

  it('offers one empty choice ("Please choose"), not two, before the countries of the list (issue 45 item 1)', () => {
    mount({ CH: 'Switzerland', DE: 'Germany' });
    const options = [...(field('deliveryAddress.country') as HTMLSelectElement).options];
    expect(options.map((o) => [o.value, o.textContent])).toEqual([
      ['', t('form.choose')],
      ['CH', 'Switzerland'],
      ['DE', 'Germany'],
    ]);
  });

  it('before the list has arrived, the country is still a choice (nothing to type), with only the empty choice', () => {
    mount(null);
    const country = field('deliveryAddress.country');
    expect(country.tagName).toBe('SELECT');
    expect(country.getAttribute('name')).toBe('shipping-country');
    expect(country.getAttribute('autocomplete')).toBe('shipping country');
    expect(country.required).toBe(true);
    expect([...(country as HTMLSelectElement).options].map((o) => o.value)).toEqual(['']);
  });

  it('a country that is not in the list (an old typed "Deutschland") shows as not chosen', () => {
    mount({ CH: 'Switzerland', DE: 'Germany' }, {}, { ...EMPTY, country: 'Deutschland' });
    expect((field('deliveryAddress.country') as HTMLSelectElement).value).toBe('');
  });

  it('ties each error to its field (aria-invalid, aria-describedby)', () => {
    const fill = [{ id: 'deliveryAddress.fillAllFields' }];
    mount({ CH: 'Switzerland' }, { street: fill, country: [{ id: 'form.chooseCountry' }] });
    const street = field('deliveryAddress.street');
    expect(street.getAttribute('aria-invalid')).toBe('true');
    expect(description(street)).toEqual([t('deliveryAddress.fillAllFields')]);
    const country = field('deliveryAddress.country');
    expect(country.getAttribute('aria-invalid')).toBe('true');
    expect(description(country)).toEqual([t('form.chooseCountry')]);
    expect(field('deliveryAddress.city').getAttribute('aria-invalid')).toBeNull();
  });
});
