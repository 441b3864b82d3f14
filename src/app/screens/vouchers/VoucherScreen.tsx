/**
 * One voucher (route vouchers/{id}, §2, §5): a fixed voucher with its price and a quantity; a
 * variable one with an amount field in currency units (within min/max; the machine makes negatives
 * positive and takes × 100). Add to cart; the confirmation offers the cart or another voucher.
 * Renders the voucher shop actor's state and sends its events.
 */
import { useEffect, useId, useRef, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import type { voucherShopMachine } from '../../../../machines/voucherShop.machine.js';
import { amountProblemOf, voucherPageStageOf } from '../../../../machines/voucherShop.selectors.js';
import type { Voucher } from '../../../api/schemas/catalog.js';
import { isVariableVoucher, voucherCartLine, VOUCHER_MAX_QUANTITY, type VoucherAmountProblem } from '../../../domain/voucher-shop.js';
import { variableVoucherAmount } from '../../../domain/vouchers.js';
import { formatPrice } from '../../../i18n/format.js';
import { RetryNotice } from '../../components/RetryNotice.js';
import { useCurrencySymbol } from '../../components/cart/use-cart.js';
import { useLang } from '../../hooks.js';
import { usePageTitle } from '../../page-title.js';
import { useJourney } from '../../journeys/use-journey.js';
import { PageHeading } from '../PageHeading.js';
import { VoucherImage } from './VoucherListScreen.js';
import type { ActorRefFrom } from 'xstate';
import { routeHref } from '../../../domain/routes.js';

type ShopActor = ActorRefFrom<typeof voucherShopMachine>;

const AMOUNT_PROBLEMS = {
  missing: 'voucher.error.missing',
  belowMin: 'voucher.error.belowMin',
  aboveMax: 'voucher.error.aboveMax',
} as const satisfies Record<VoucherAmountProblem, string>;

function VoucherForm({ actor, voucher }: { actor: ShopActor; voucher: Voucher }) {
  const id = useId();
  const symbol = useCurrencySymbol();
  const quantity = useSelector(actor, (s) => s.context.quantity);
  const amountText = useSelector(actor, (s) => s.context.amountText);
  const amountProblem = useSelector(actor, amountProblemOf);
  const problem = amountProblem ? AMOUNT_PROBLEMS[amountProblem] : null;
  const rejectedAt = useRef<HTMLInputElement>(null);
  const variable = isVariableVoucher(voucher);
  // the price of the selection, from the same rule that makes the cart line (no arithmetic here)
  const total = voucherCartLine(voucher, { count: quantity, amount: variableVoucherAmount(amountText) }).totalPrice;
  const price = (minor: number | null) => formatPrice(minor ?? 0, symbol);

  useEffect(() => {
    if (problem) rejectedAt.current?.focus();
  }, [problem]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'ADD_TO_CART' });
  };

  return (
    <form className="voucher-page__form" onSubmit={submit} noValidate data-testid="voucher-form">
      {variable ? (
        <div className={problem ? 'field field--invalid voucher-page__amount-field' : 'field voucher-page__amount-field'}>
          <label className="field__label" htmlFor={`${id}-amount`}>
            <FormattedMessage id="voucher.amount" values={{ currency: symbol }} />
          </label>
          <p className="field__hint" id={`${id}-hint`}>
            <FormattedMessage id="voucher.amountHint" values={{ min: price(voucher.min_amount), max: price(voucher.max_amount) }} />
          </p>
          <input
            ref={rejectedAt}
            id={`${id}-amount`}
            name="amount"
            className="field__input voucher-page__amount"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={amountText}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-hint ${id}-error` : `${id}-hint`}
            onChange={(event) => actor.send({ type: 'SET_AMOUNT', text: event.target.value })}
          />
          <div role="alert" id={`${id}-error`}>
            {problem && (
              <p className="field__error" data-testid="voucher-amount-error">
                <FormattedMessage id={problem} values={{ min: price(voucher.min_amount), max: price(voucher.max_amount) }} />
              </p>
            )}
          </div>
        </div>
      ) : (
        <div className="field">
          <label className="field__label" htmlFor={`${id}-quantity`}>
            <FormattedMessage id="voucher.quantity" />
          </label>
          <p className="field__hint" id={`${id}-qhint`}>
            <FormattedMessage id="voucher.quantityHint" values={{ max: VOUCHER_MAX_QUANTITY }} />
          </p>
          <input
            id={`${id}-quantity`}
            name="quantity"
            className="field__input voucher-page__quantity"
            type="number"
            inputMode="numeric"
            min={1}
            max={VOUCHER_MAX_QUANTITY}
            value={quantity}
            aria-describedby={`${id}-qhint`}
            onChange={(event) => actor.send({ type: 'SET_QUANTITY', quantity: event.target.value })}
          />
        </div>
      )}
      <p className="voucher-page__total" aria-live="polite" data-testid="voucher-total">
        <FormattedMessage id="voucher.total" values={{ price: price(total) }} />
      </p>
      <p className="voucher-page__actions">
        <button type="submit" className="button">
          <FormattedMessage id="voucher.addToCart" />
        </button>
      </p>
    </form>
  );
}

function Added({ actor }: { actor: ShopActor }) {
  const lang = useLang();
  const name = useSelector(actor, (s) => s.context.added?.name ?? '');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="notice notice--success added-to-cart" data-testid="voucher-added">
      <h2 ref={heading} tabIndex={-1} className="added-to-cart__title">
        <FormattedMessage id="voucher.added" values={{ name }} />
      </h2>
      <p className="added-to-cart__actions">
        <Link className="button" to={routeHref(lang, 'checkout')}>
          <FormattedMessage id="voucher.goToCart" />
        </Link>
        <Link className="button button--secondary" to={routeHref(lang, 'voucherList')}>
          <FormattedMessage id="voucher.buyMore" />
        </Link>
      </p>
    </section>
  );
}

export default function VoucherScreen() {
  const actor = useJourney('voucherShop');
  const lang = useLang();
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const stage = useSelector(actor, voucherPageStageOf);
  const notFound = stage === 'notFound';
  const failed = stage === 'failed';
  const added = stage === 'added';
  const voucher = useSelector(actor, (s) => s.context.voucher);
  const symbol = useCurrencySymbol();
  usePageTitle(voucher && !notFound ? voucher.name : null);
  return (
    <section className="voucher-page">
      <p className="voucher-page__back">
        <Link to={routeHref(lang, 'voucherList')}>
          <FormattedMessage id="voucher.back" />
        </Link>
      </p>
      <PageHeading>{voucher ? voucher.name : <FormattedMessage id="title.voucherSingle" />}</PageHeading>
      {loading && (
        <p className="screen-loading" role="status">
          <FormattedMessage id="voucher.loading" />
        </p>
      )}
      {notFound && (
        <p className="notice notice--warning" role="alert" data-testid="voucher-not-found">
          <FormattedMessage id="voucher.notFound" />
        </p>
      )}
      {failed && <RetryNotice messageId="voucher.failed" onRetry={() => actor.send({ type: 'RETRY' })} />}
      {voucher && (
        <div className="voucher-page__layout">
          <VoucherImage voucher={voucher} className="voucher-page__image" />
          <div className="voucher-page__details">
            {!isVariableVoucher(voucher) && (
              <p className="voucher-page__price" data-testid="voucher-price">
                {formatPrice(voucher.price, symbol)}
              </p>
            )}
            {voucher.description && <p className="voucher-page__description">{voucher.description}</p>}
            {added && <Added actor={actor} />}
            {/* the chart's "change and add again": the form stays under the confirmation */}
            <VoucherForm actor={actor} voucher={voucher} />
          </div>
        </div>
      )}
    </section>
  );
}
