/**
 * The shipping part of the cart (spec §4, §8; issue 11): what the cart machine's shipping states
 * say, in words.
 *
 * - Goods but no destination: "shipping is added once you choose the country; payment waits for
 *   it" and the country choice: choosing prices shipping by itself (issue 22 item 2).
 * - Asking for the cost, the cost with the new total, or (no cost for the country) "no shipping
 *   costs for this country, please contact us" with the support address: all in one polite live
 *   region. The cart is kept and an anonymous visitor (or a logged-in customer without a known
 *   country, issue 45 item 2) may choose another country at any time.
 *
 * It renders the cart snapshot and sends CHOOSE_COUNTRY / RETRY_COUNTRIES / RETRY_SHIPPING; the
 * rules (what is shipped, where to) are the cart machine's and src/domain/shipping.ts's.
 * `ShippingTotalRow` is the shipping line of the cart's totals.
 */
import { useCallback, useContext, useEffect, useId, useSyncExternalStore } from 'react';
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ShellContext, type CartActor } from '../../shell-context.js';
import {
  selectCountries,
  selectCountriesFailed,
  selectMayChooseCountry,
  selectShippingCost,
  selectShippingCountry,
  selectShippingError,
  selectShippingStatus,
  selectTotals,
} from '../../../../machines/cart.selectors.js';
import { SHIPPING_NOT_POSSIBLE } from '../../../domain/shipping.js';
import { formatPrice } from '../../../i18n/format.js';
import { useCartActor, useCurrencySymbol } from './use-cart.js';

/** The support address (§8 "please contact us"), '' outside the shell or before the config arrived. */
function useSupportEmail(): string {
  const shell = useContext(ShellContext);
  const subscribe = useCallback(
    (listener: () => void) => {
      if (!shell) return () => {};
      const subscription = shell.actor.subscribe(listener);
      return () => subscription.unsubscribe();
    },
    [shell],
  );
  const read = () => {
    const context = shell?.actor.getSnapshot().context;
    return context?.config?.supportEmail ?? context?.shopInfo?.support_email ?? '';
  };
  return useSyncExternalStore(subscribe, read, read);
}

/**
 * The shipping line of the totals: the cost once known, "being calculated" while it is asked for,
 * "added once the country is chosen" before; once it failed, what the shipping box beside it says
 * (issue 45 item 9): not possible to a country without shipping costs (§8), else not calculated.
 */
export function ShippingTotalRow({ cart: given }: { cart?: CartActor }) {
  const cart = useCartActor(given);
  const symbol = useCurrencySymbol();
  const status = useSelector(cart, selectShippingStatus);
  const cost = useSelector(cart, selectShippingCost);
  const country = useSelector(cart, selectShippingCountry);
  const error = useSelector(cart, selectShippingError);
  if (status === 'none') return null;
  return (
    <div data-testid="cart-shipping-row">
      <dt>
        <FormattedMessage id="cart.shipping" />
      </dt>
      <dd data-testid="cart-shipping">
        {status === 'known' && cost !== null ? (
          formatPrice(cost, symbol)
        ) : status === 'loading' && country !== null ? (
          <FormattedMessage id="shipping.beingCalculated" />
        ) : status === 'failed' ? (
          <FormattedMessage id={error === SHIPPING_NOT_POSSIBLE ? 'shipping.notDeliverable' : 'shipping.notCalculated'} />
        ) : (
          <FormattedMessage id="shipping.notYetKnown" />
        )}
      </dd>
    </div>
  );
}

/**
 * The country of delivery (issue 22 item 2): choosing it is the visitor's whole action. Every
 * change goes to the cart, which waits until the choice rests (a keyboard user arrowing through the
 * closed select fires one change per option in Chromium) and then prices shipping by itself; the
 * select shows the cart's destination, so it stays in step with the delivery address too.
 */
function CountryChoice({ cart, countries, current }: { cart: CartActor; countries: { key: string; name: string }[]; current: string | null }) {
  const intl = useIntl();
  const id = useId();
  return (
    <div className="cart-shipping__form field">
      <label htmlFor={`${id}-country`}>
        <FormattedMessage id="shipping.countryLabel" />
      </label>
      <select
        id={`${id}-country`}
        name="country"
        autoComplete="shipping country"
        value={current ?? ''}
        onChange={(e) => cart.send({ type: 'CHOOSE_COUNTRY', country: e.target.value })}
        data-testid="shipping-country"
      >
        <option value="">{intl.formatMessage({ id: 'shipping.countryPlaceholder' })}</option>
        {countries.map((c) => (
          <option key={c.key} value={c.key}>
            {c.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The country's name in the page's language when the cart has no country list (a logged-in customer's own country). */
function regionName(locale: string, key: string | null): string {
  if (!key) return '';
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(key) ?? key;
  } catch {
    return key;
  }
}

/** Country choice, progress and failure of the cart's shipping (shown below the totals). */
/**
 * `changeable` false: the cart is shown, not edited (payment accepted, an order under way), so the
 * destination is said but not offered for change: the provider charged for that country.
 */
export function CartShipping({ cart: given, changeable = true }: { cart?: CartActor; changeable?: boolean }) {
  const cart = useCartActor(given);
  const status = useSelector(cart, selectShippingStatus);
  const countries = useSelector(cart, selectCountries);
  const country = useSelector(cart, selectShippingCountry);
  const mayChoose = useSelector(cart, selectMayChooseCountry);
  const countriesFailed = useSelector(cart, selectCountriesFailed);
  const cost = useSelector(cart, selectShippingCost);
  const error = useSelector(cart, selectShippingError);
  const total = useSelector(cart, (s) => selectTotals(s).total);
  const symbol = useCurrencySymbol();
  const email = useSupportEmail();
  const intl = useIntl();
  // a country chosen before a page load prices the cart at once; the list to change it comes beside.
  // Logged in too: the checkout's delivery address chooses its country from this list (issue 45 item 1).
  const wantsCountryList = changeable && countries === null && status !== 'none' && status !== 'needsCountry';
  useEffect(() => {
    if (wantsCountryList) cart.send({ type: 'LOAD_COUNTRIES' });
  }, [cart, wantsCountryList]);
  if (status === 'none') return null;
  const countryName = countries?.find((c) => c.key === country)?.name ?? regionName(intl.locale, country);
  return (
    <section className="cart-shipping" aria-labelledby="cart-shipping-title" data-testid="cart-shipping-section" data-status={status}>
      <h3 id="cart-shipping-title" className="cart-shipping__title">
        <FormattedMessage id="cart.shipping" />
      </h3>
      {/* one polite live region (issue 22 item 2): a changed cost is a change of content, announced without taking the focus */}
      <div role="status" aria-live="polite">
        {status === 'needsCountry' && (
          <p data-testid="shipping-needs-country">
            <FormattedMessage id="shipping.addedOnceChosen" />
          </p>
        )}
        {status === 'loading' && (
          <p id="cart-shipping-calculating" data-testid="shipping-calculating">
            {country === null ? <FormattedMessage id="shipping.notYetKnown" /> : <FormattedMessage id="shipping.calculating" values={{ country: countryName }} />}
          </p>
        )}
        {status === 'known' && country !== null && (
          <>
            <p data-testid="shipping-destination">
              <FormattedMessage id="shipping.destination" values={{ country: countryName }} />
            </p>
            {cost !== null && (
              <p className="visually-hidden" data-testid="shipping-announcement">
                <FormattedMessage id="shipping.priced" values={{ cost: formatPrice(cost, symbol), total: formatPrice(total, symbol) }} />
              </p>
            )}
          </>
        )}
        {status === 'failed' && (
          <div className="notice notice--warning" data-testid="shipping-failed">
            <p>
              <FormattedMessage id="cart.shippingFailed" />
            </p>
            {email !== '' && (
              <p>
                <FormattedMessage id="shipping.contact" values={{ email: <a href={`mailto:${email}`}>{email}</a> }} />
              </p>
            )}
            <p>
              <FormattedMessage id="shipping.paymentWaits" />
            </p>
            {error !== SHIPPING_NOT_POSSIBLE && (
              <button type="button" className="button button--secondary button--small" onClick={() => cart.send({ type: 'RETRY_SHIPPING' })} data-testid="shipping-retry">
                <FormattedMessage id="shipping.retry" />
              </button>
            )}
          </div>
        )}
      </div>
      {status === 'needsCountry' && countriesFailed && (
        <p className="notice notice--warning" role="alert">
          <FormattedMessage id="shipping.countriesUnavailable" />{' '}
          <button type="button" className="button button--secondary button--small" onClick={() => cart.send({ type: 'RETRY_COUNTRIES' })}>
            <FormattedMessage id="shipping.retry" />
          </button>
        </p>
      )}
      {status === 'needsCountry' && (
        <p className="cart-shipping__waits">
          <FormattedMessage id="shipping.paymentWaits" />
        </p>
      )}
      {changeable && mayChoose && countries !== null && <CountryChoice cart={cart} countries={countries} current={country} />}
    </section>
  );
}

export default CartShipping;
