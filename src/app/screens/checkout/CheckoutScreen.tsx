import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { PROGRESS_STEPS, progressStates, type checkoutMachine } from '../../../../machines/checkout.machine.js';
import { PAYART_EXPRESS } from '../../../api/schemas/checkout.js';
import { isDirectDebit, paymentErrorMessage } from '../../../domain/payment.js';
import { formatPrice } from '../../../i18n/format.js';
import { PageHeading } from '../PageHeading.js';
import { useConfig, useLang } from '../../hooks.js';
import { CheckboxField, SelectField, TextField, useFocusFirstError } from '../../components/form.js';
import { useCartActor } from '../../components/cart/use-cart.js';
import { selectCountries } from '../../../../machines/cart.machine.js';
import { DELIVERY_ADDRESS_FIELDS, type DeliveryAddressField } from '../../../domain/delivery-address.js';
import { CartView } from '../../components/cart/CartView.js';
import { usePaidByVouchers, VoucherCodeEntry } from '../../components/cart/VoucherCodeEntry.js';
import { useJourney } from '../../journeys/use-journey.js';
import { usePageTitle } from '../../page-title.js';
import { routeHref } from '../../../domain/routes.js';

export type CheckoutActor = ActorRefFrom<typeof checkoutMachine>;

/** An error answer of initPayment/execPayment: its own message (an overbooked line by name), the server's text, or 'cannot be completed'. */
function ErrorText({ error, actor }: { error: { code: string; message: string; details?: unknown } | null; actor: CheckoutActor }) {
  const lines = useSelector(actor, (s) => s.context.lines);
  const message = paymentErrorMessage(error, lines);
  return 'id' in message ? <FormattedMessage id={message.id} values={message.values} /> : <>{message.text}</>;
}

export function ProgressBar({ actor }: { actor: CheckoutActor }) {
  const intl = useIntl();
  // issue 16 item 15: 'Log in' is done only when the visitor logged in (an anonymous express payment skips it)
  const states = useSelector(actor, progressStates, (a, b) => a === b || (a !== null && b !== null && PROGRESS_STEPS.every((s) => a[s] === b[s])));
  const show = useConfig().showProgressBar;
  if (!show || states === null) return null;
  return (
    <nav className="progress" aria-label={intl.formatMessage({ id: 'checkout.progress' })}>
      <ol className="progress__list">
        {PROGRESS_STEPS.map((s, i) => (
          <li
            key={s}
            className={`progress__step progress__step--${states[s]}`}
            data-step-state={states[s]}
            aria-current={states[s] === 'current' ? 'step' : undefined}
          >
            <span className="progress__number" aria-hidden="true">
              {i + 1}
            </span>
            <FormattedMessage id={`checkout.step.${s}`} />
            {states[s] === 'skipped' && (
              <span className="visually-hidden">
                {' '}
                <FormattedMessage id="checkout.stepSkipped" />
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/**
 * 'You have to log in' at the Pay button that asked for it (issue 16 item 3): seen where the
 * visitor is, and the keyboard focus moves to it (its links come next in the Tab order).
 */
function LoginRequired() {
  const lang = useLang();
  const config = useConfig();
  const search = { returnTo: routeHref(lang, 'checkout') };
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // centred: the notice and the Pay button under it in view, not at the edge under the sticky header
    notice.current?.focus({ preventScroll: true });
    notice.current?.scrollIntoView({ block: 'center' });
  }, []);
  return (
    <div ref={notice} tabIndex={-1} className="notice notice--info checkout__login" data-testid="login-required">
      <p>
        <FormattedMessage id="checkout.loginRequired" />
      </p>
      <p className="checkout__login-links">
        <Link to={routeHref(lang, 'login')} search={search} className="button button--small">
          <FormattedMessage id="header.login" />
        </Link>
        {config.hasUserRegistration && (
          <Link to={routeHref(lang, 'register')} search={search} className="button button--secondary button--small">
            <FormattedMessage id="header.register" />
          </Link>
        )}
        {config.hasGuestRegistration && (
          <Link to={routeHref(lang, 'guestRegister')} search={search} className="button button--secondary button--small">
            <FormattedMessage id="auth.guestLink" />
          </Link>
        )}
      </p>
    </div>
  );
}

/** What the checkout says about the flow's state: each §8 outcome has its own message. */
function StatusNotices({ actor }: { actor: CheckoutActor }) {
  const lang = useLang();
  const view = useSelector(actor, (s) => {
    if (s.matches({ Cart: { 'Choosing payment': 'Payment not completed' } })) return 'notCompleted';
    if (s.matches({ Cart: { 'Choosing payment': 'Cart is empty' } })) return 'empty';
    if (s.matches({ Cart: { 'Choosing payment': 'Details missing' } })) return 'details';
    if (s.matches({ Cart: { 'Choosing payment': 'Shipping pending' } })) return 'shipping';
    if (s.matches({ Cart: { 'Choosing payment': 'Payment refused' } })) return 'refused';
    if (s.matches({ Cart: { 'Choosing payment': 'Payment could not start' } })) return 'notStarted';
    if (s.matches({ 'Payment accepted': 'Booking refused' })) return 'bookingRefused';
    if (s.matches({ 'Payment accepted': 'Booking request invalid' })) return 'bookingInvalid';
    if (s.matches({ 'Payment accepted': 'Booking failed' })) return 'bookingFailed';
    if (s.matches({ 'Payment accepted': 'Cart gone' })) return 'gone';
    if (s.matches({ 'Payment accepted': 'Booking' })) return 'booking';
    if (s.matches({ Cart: 'Starting payment' }) || s.matches('At the payment provider')) return 'redirecting';
    return null;
  });
  const error = useSelector(actor, (s) => s.context.paymentError);
  const backToCart = (
    <Link to={routeHref(lang, 'checkout')} className="button button--secondary">
      <FormattedMessage id="checkout.backToCart" />
    </Link>
  );
  let content: ReactNode = null;
  switch (view) {
    case 'notCompleted':
      content = (
        <p className="notice notice--warning" data-testid="payment-not-completed">
          <FormattedMessage id="checkout.paymentNotCompleted" />
        </p>
      );
      break;
    case 'empty':
      content = (
        <p className="notice notice--danger">
          <FormattedMessage id="checkout.cartEmpty" />
        </p>
      );
      break;
    case 'shipping':
      content = (
        <p className="notice notice--warning" role="alert" data-testid="shipping-pending">
          <FormattedMessage id="checkout.shippingPending" />
        </p>
      );
      break;
    case 'details':
      content = (
        <p className="notice notice--danger">
          <FormattedMessage id="form.correctErrors" />
        </p>
      );
      break;
    case 'refused':
      content = (
        <p className="notice notice--danger" data-testid="payment-refused">
          <ErrorText error={error} actor={actor} />
        </p>
      );
      break;
    case 'notStarted':
      content = (
        <p className="notice notice--danger">
          <FormattedMessage id="checkout.cannotComplete" />
        </p>
      );
      break;
    case 'bookingRefused':
      content = (
        <div className="notice notice--danger" data-testid="booking-refused">
          <p>
            <ErrorText error={error} actor={actor} />
          </p>
          {backToCart}
        </div>
      );
      break;
    case 'bookingInvalid':
      content = (
        <div className="notice notice--danger" data-testid="booking-invalid">
          <p>{error?.message || <FormattedMessage id="checkout.cannotComplete" />}</p>
          {backToCart}
        </div>
      );
      break;
    case 'bookingFailed':
      content = (
        <div className="notice notice--danger">
          <p>
            <FormattedMessage id="checkout.bookingNoAnswer" />
          </p>
          <button type="button" className="button" onClick={() => actor.send({ type: 'RETRY' })}>
            <FormattedMessage id="form.retry" />
          </button>
        </div>
      );
      break;
    case 'gone':
      content = (
        <div className="notice notice--warning" data-testid="cart-gone">
          <p>
            <FormattedMessage id="checkout.cartGone" />
          </p>
          {backToCart}
        </div>
      );
      break;
    case 'booking':
      content = (
        <p className="notice notice--info">
          <FormattedMessage id="checkout.booking" />
        </p>
      );
      break;
    case 'redirecting':
      content = (
        <p className="notice notice--info">
          <FormattedMessage id="checkout.redirecting" />
        </p>
      );
      break;
    default:
      content = null;
  }
  return (
    <div role="alert" className="checkout__status">
      {content}
    </div>
  );
}

function Suggestions({ actor }: { actor: CheckoutActor }) {
  const suggestions = useSelector(actor, (s) => s.context.suggestions);
  // issue 16 item 5: nothing is offered for a cart that cannot be shipped (the machine adds nothing then)
  const cannotShip = useSelector(actor, (s) => s.context.shipping.status === 'failed');
  const symbol = useConfig().currencySymbol;
  const intl = useIntl();
  if (suggestions.length === 0 || cannotShip) return null;
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

function PaymentForm({ actor }: { actor: CheckoutActor }) {
  const intl = useIntl();
  const lang = useLang();
  const types = useSelector(actor, (s) => s.context.paymentTypes);
  const payart = useSelector(actor, (s) => s.context.choice.payart);
  const wallet = useSelector(actor, (s) => s.context.choice.wallet);
  const holder = useSelector(actor, (s) => s.context.choice.accountHolder);
  const iban = useSelector(actor, (s) => s.context.choice.iban);
  const terms = useSelector(actor, (s) => s.context.choice.termsAccepted);
  const privacy = useSelector(actor, (s) => s.context.choice.privacyAccepted);
  const errors = useSelector(actor, (s) => s.context.fieldErrors);
  const requestInvoice = useSelector(actor, (s) => s.context.requestInvoice);
  const rejected = useSelector(actor, (s) => s.context.rejectedSubmits);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  // The checkout takes the form's input once the suggestions have loaded (a moment): until then the
  // fields are disabled rather than silently ignoring a click or a keystroke.
  const ready = useSelector(actor, (s) => !s.hasTag('busy') && !s.hasTag('loading'));
  const loggedIn = useSelector(actor, (s) => s.context.jwt !== null);
  const loginRequired = useSelector(actor, (s) => s.matches({ Cart: { 'Choosing payment': 'Login required' } }));
  const paidByVouchers = usePaidByVouchers();
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, rejected);
  const offered = types.length > 0 ? types : [{ payartId: PAYART_EXPRESS, i18n: {} as Record<string, string> }];
  const name = (t: { payartId: number; i18n: Record<string, string | undefined> }) =>
    t.i18n[lang] ?? t.i18n.en ?? intl.formatMessage({ id: 'checkout.payart' }, { id: t.payartId });
  return (
    <form
      ref={form}
      className="checkout__payment"
      noValidate
      aria-busy={busy}
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'PAY' });
      }}
    >
      <fieldset className="checkout__form" disabled={!ready}>
      <fieldset className="checkout__fieldset">
        <legend>
          <FormattedMessage id="checkout.paymentMethod" />
        </legend>
        {offered.map((t) => (
          <div key={t.payartId} className="choice">
            <label className="choice__label">
              <input
                type="radio"
                name="payart"
                value={t.payartId}
                checked={payart === t.payartId}
                onChange={() => actor.send({ type: 'SELECT_PAYMENT', payart: t.payartId })}
              />
              <span>{name(t)}</span>
              {t.payartId === PAYART_EXPRESS ? (
                <span className="choice__note">
                  <FormattedMessage id="checkout.expressNote" />
                </span>
              ) : (
                !loggedIn && (
                  <span className="choice__note">
                    <FormattedMessage id="checkout.needsLoginNote" />
                  </span>
                )
              )}
            </label>
          </div>
        ))}
      </fieldset>
      {payart === PAYART_EXPRESS && (
        <fieldset className="checkout__fieldset">
          <legend>
            <FormattedMessage id="checkout.wallet" />
          </legend>
          {([null, 'APPLEPAY', 'GOOGLEPAY'] as const).map((w) => (
            <div key={w ?? 'card'} className="choice">
              <label className="choice__label">
                <input type="radio" name="wallet" checked={wallet === w} onChange={() => actor.send({ type: 'SELECT_WALLET', wallet: w })} />
                <span>
                  <FormattedMessage id={`checkout.wallet.${w ?? 'card'}`} />
                </span>
              </label>
            </div>
          ))}
        </fieldset>
      )}
      {isDirectDebit(payart) && (
        <fieldset className="checkout__fieldset">
          <legend>
            <FormattedMessage id="checkout.directDebit" />
          </legend>
          <TextField
            name="accountHolder"
            autoComplete="name"
            required
            label={intl.formatMessage({ id: 'checkout.accountHolder' })}
            value={holder}
            errors={errors.accountHolder}
            onChange={(value) => actor.send({ type: 'SET_ACCOUNT_HOLDER', value })}
          />
          <TextField
            name="iban"
            required
            label={intl.formatMessage({ id: 'checkout.iban' })}
            hint={intl.formatMessage({ id: 'checkout.ibanHint' })}
            value={iban}
            errors={errors.iban}
            onChange={(value) => actor.send({ type: 'SET_IBAN', value })}
          />
        </fieldset>
      )}
      <DeliveryAddress actor={actor} />
      <CheckboxField
        name="requestInvoice"
        checked={requestInvoice}
        onChange={(value) => actor.send({ type: 'SET_REQUEST_INVOICE', requestInvoice: value })}
        label={<FormattedMessage id="checkout.requestInvoice" />}
      />
      <CheckboxField
        name="terms"
        checked={terms}
        errors={errors.terms}
        onChange={(accepted) => actor.send({ type: 'SET_TERMS', accepted })}
        label={
          <FormattedMessage
            id="checkout.terms"
            values={{
              link: (chunks) => (
                <Link to={routeHref(lang, 'page', { id: 'terms' })} target="_blank">
                  {chunks}
                </Link>
              ),
            }}
          />
        }
      />
      <CheckboxField
        name="privacy"
        checked={privacy}
        errors={errors.privacy}
        onChange={(accepted) => actor.send({ type: 'SET_PRIVACY', accepted })}
        label={
          <FormattedMessage
            id="checkout.privacy"
            values={{
              link: (chunks) => (
                <Link to={routeHref(lang, 'page', { id: 'data_protection' })} target="_blank">
                  {chunks}
                </Link>
              ),
            }}
          />
        }
      />
      <div role="alert">{loginRequired && <LoginRequired />}</div>
      {/* issue 22 (9a): voucher codes pay all of it: the button says what happens, no payment */}
      {paidByVouchers && (
        <p id="checkout-nothing-to-pay" className="checkout__nothing-to-pay" data-testid="nothing-to-pay">
          <FormattedMessage id="checkout.nothingToPay" />
        </p>
      )}
      <button type="submit" className="button checkout__pay" disabled={!ready} aria-describedby={paidByVouchers ? 'checkout-nothing-to-pay' : undefined}>
        <FormattedMessage id={paidByVouchers ? 'checkout.orderNow' : 'checkout.pay'} />
      </button>
      </fieldset>
    </form>
  );
}

const AUTOCOMPLETE: Record<DeliveryAddressField, string> = {
  name: 'shipping name',
  street: 'shipping street-address',
  zip: 'shipping postal-code',
  city: 'shipping address-level2',
  country: 'shipping country',
};

/** §4/§5: the billing address, or a different delivery address with all five fields (only when goods are shipped). */
function DeliveryAddress({ actor }: { actor: CheckoutActor }) {
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
              autoComplete={AUTOCOMPLETE[field]}
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
              autoComplete={AUTOCOMPLETE[field]}
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

/**
 * Back from the provider with confirmation on (issue 16 item 2): nothing is booked yet. The section
 * says so in its heading, stands right under the page heading (seen on a phone without scrolling)
 * and its button takes the focus (data-route-focus: RouteEffects prefers it to the heading).
 */
function ConfirmOrder({ actor }: { actor: CheckoutActor }) {
  const paidByVouchers = usePaidByVouchers();
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    button.current?.focus();
  }, []);
  return (
    <section className="checkout__confirm" aria-labelledby="confirm-title" data-testid="confirm-order">
      <h2 id="confirm-title">
        <FormattedMessage id="checkout.oneStepLeft" />
      </h2>
      <p>
        <FormattedMessage id={paidByVouchers ? 'checkout.confirmVouchersText' : 'checkout.confirmText'} />{' '}
        <strong>
          <FormattedMessage id="checkout.notBookedYet" />
        </strong>
      </p>
      <button ref={button} type="button" data-route-focus className="button checkout__confirm-button" onClick={() => actor.send({ type: 'CONFIRM' })}>
        <FormattedMessage id="checkout.confirm" />
      </button>
    </section>
  );
}

/** The page heading's message for a snapshot: 'Payment accepted' only while that is the news (not above 'cart not found'). */
function headingOf(s: SnapshotFrom<typeof checkoutMachine>): string {
  if (s.matches({ 'Payment accepted': 'Cart gone' })) return 'title.checkoutGone';
  if (s.matches('Payment accepted')) return 'title.checkoutAccepted';
  if (s.matches({ Cart: { 'Choosing payment': 'Payment not completed' } })) return 'title.checkoutFailed';
  return 'title.checkout';
}

/** §2 checkout, checkout/accepted (paymentAccepted) and checkout/failed (paymentFailed): one screen of the checkout journey. */
export default function CheckoutScreen() {
  const actor = useJourney('checkout');
  const intl = useIntl();
  // The heading of the page the checkout is on.
  const heading = useSelector(actor, headingOf);
  usePageTitle(heading === 'title.checkoutGone' ? intl.formatMessage({ id: heading }) : null);
  const choosing = useSelector(actor, (s) => s.matches({ Cart: 'Choosing payment' }) || s.matches({ Cart: 'Loading suggestions' }) || s.matches({ Cart: 'Checking the cart' }));
  const confirming = useSelector(actor, (s) => s.matches({ 'Payment accepted': 'Confirming order' }));
  return (
    <section className="checkout" aria-labelledby="checkout-title">
      <PageHeading>
        <span id="checkout-title">
          <FormattedMessage id={heading} />
        </span>
      </PageHeading>
      {confirming && <ConfirmOrder actor={actor} />}
      <ProgressBar actor={actor} />
      <StatusNotices actor={actor} />
      <CartView removable={choosing}>{choosing && <VoucherCodeEntry checkout={actor} />}</CartView>
      {choosing && <Suggestions actor={actor} />}
      {choosing && <PaymentForm actor={actor} />}
    </section>
  );
}
