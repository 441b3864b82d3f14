/**
 * The cart (spec §3 cart line, §4 vouchers and shipping, §9 VAT per item and tax total): every line
 * with its date and time, quantity, components, amount and the VAT it contains; voucher codes with
 * their discount and the value left; subtotal, shipping, discount, total and the included tax.
 *
 * It renders the cart actor's state and sends REMOVE; the numbers come from the cart machine's selectors
 * (src/domain rules), never from arithmetic here. Used on its own and as the first step of the
 * checkout (`<CartView />` reads the app cart from the shell; pass `cart` to show another actor).
 */
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { CartActor } from '../../shell-context.js';
import { formatDate, formatPrice, formatRate } from '../../../i18n/format.js';
import { cartRow, type CartRow } from './cart-rows.js';
import { selectLinesWithVouchers, selectTaxTotal, selectTotals } from '../../../../machines/cart.selectors.js';
import { CartShipping, ShippingTotalRow } from './CartShipping.js';
import { useCartActor, useCurrencySymbol } from './use-cart.js';

/** Selectors that derive new objects: equal when their data is (re-render only on a real change). */
const sameData = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export interface CartViewProps {
  /** the cart actor to show; default: the app's cart from the shell */
  cart?: CartActor;
  /** offer a remove button per line (default true) */
  removable?: boolean;
  /** heading level of the cart title (default 2); null hides the title */
  headingLevel?: 2 | 3 | null;
  /** shown below the lines of a cart that is not empty (the voucher-code entry of the checkout) */
  children?: ReactNode;
}

function useRowText() {
  const intl = useIntl();
  return {
    /** "The Lakeside Collection, 05.12.2026 17:00" – the line as a remove button names it */
    describe(row: CartRow): string {
      if (row.barcode !== null) return intl.formatMessage({ id: 'cart.voucherCode' }, { code: row.barcode });
      const when = [row.date ? formatDate(row.date) : '', row.time ?? ''].filter(Boolean).join(' ');
      const what = row.context ? `${row.context}: ${row.name}` : row.name;
      return when ? `${what}, ${when}` : what;
    },
    percent: formatRate,
  };
}

function LineRow({ row, removable, onRemove, price }: { row: CartRow; removable: boolean; onRemove: (row: CartRow) => void; price: (minor: number) => string }) {
  const text = useRowText();
  const voucher = row.barcode !== null;
  return (
    <li className={`cart-view__line cart-view__line--${row.type}`} data-testid="cart-line">
      <div className="cart-view__main">
        <p className="cart-view__name">{voucher ? <FormattedMessage id="cart.voucherCode" values={{ code: row.barcode }} /> : row.name}</p>
        {voucher && row.name && <p className="cart-view__detail">{row.name}</p>}
        {row.context && <p className="cart-view__detail cart-view__context">{row.context}</p>}
        {row.date && (
          <p className="cart-view__detail">
            {row.time ? (
              <FormattedMessage id="cart.dateTime" values={{ date: formatDate(row.date), time: row.time }} />
            ) : (
              <FormattedMessage id="cart.date" values={{ date: formatDate(row.date) }} />
            )}
          </p>
        )}
        {row.parts.length > 0 && (
          <ul className="cart-view__parts">
            {row.parts.map((part, i) => (
              <li key={i}>
                {part.price > 0 ? (
                  <FormattedMessage id="cart.part" values={{ count: part.count, name: part.name, price: price(part.price) }} />
                ) : (
                  <FormattedMessage id="cart.partIncluded" values={{ count: part.count, name: part.name }} />
                )}
              </li>
            ))}
          </ul>
        )}
        {!voucher && (
          <p className="cart-view__vat" data-testid="cart-line-vat">
            {row.vatPercents.length > 0 ? (
              <FormattedMessage id="cart.lineVat" values={{ rate: row.vatPercents.map(text.percent).join(' / '), amount: price(row.vat) }} />
            ) : (
              <FormattedMessage id="cart.noVat" />
            )}
          </p>
        )}
        {voucher && row.value !== null && (
          <p className="cart-view__detail" data-testid="voucher-code-value">
            <FormattedMessage id="cart.voucherValue" values={{ amount: price(row.value) }} />
          </p>
        )}
        {voucher && row.pays !== null && (
          <p className="cart-view__detail" data-testid="voucher-code-pays">
            <FormattedMessage id="cart.voucherPays" values={{ amount: price(row.pays) }} />
          </p>
        )}
        {voucher && row.remaining !== null && (
          <p className="cart-view__detail" data-testid="voucher-code-remaining">
            <FormattedMessage id="cart.voucherRemaining" values={{ amount: price(row.remaining) }} />
          </p>
        )}
      </div>
      <p className="cart-view__quantity">
        {!voucher && <FormattedMessage id="cart.quantity" values={{ count: row.quantity }} />}
      </p>
      <p className="cart-view__amount" data-testid="cart-line-amount">
        {voucher ? price(row.discount ?? 0) : price(row.amount)}
      </p>
      {removable && (
        <p className="cart-view__action">
          <button
            type="button"
            className="button button--secondary button--small cart-view__remove"
            onClick={() => onRemove(row)}
          >
            <span aria-hidden="true">
              <FormattedMessage id="cart.remove" />
            </span>
            <span className="visually-hidden">
              <FormattedMessage id="cart.removeLine" values={{ item: text.describe(row) }} />
            </span>
          </button>
        </p>
      )}
    </li>
  );
}

export function CartView({ cart: given, removable = true, headingLevel = 2, children }: CartViewProps) {
  const cart = useCartActor(given);
  const symbol = useCurrencySymbol();
  const text = useRowText();
  const lines = useSelector(cart, selectLinesWithVouchers, sameData);
  const totals = useSelector(cart, selectTotals, sameData);
  const taxTotal = useSelector(cart, selectTaxTotal);
  // while shipping is being priced the total is not final yet: say so to assistive technology
  const shippingBusy = useSelector(cart, (s) => s.hasTag('shipping-loading'));
  const rows = useMemo(() => lines.map(cartRow), [lines]);
  const [removed, setRemoved] = useState<string | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const price = (minor: number) => formatPrice(minor, symbol);
  const Heading = headingLevel === 3 ? 'h3' : 'h2';

  const remove = (row: CartRow) => {
    setRemoved(text.describe(row));
    cart.send({ type: 'REMOVE', index: row.index });
    // the button is gone: keep the keyboard in the cart
    listRef.current?.focus();
  };

  return (
    <section className="cart-view" aria-labelledby={headingLevel === null ? undefined : 'cart-view-title'} data-testid="cart-view">
      {headingLevel !== null && (
        <Heading id="cart-view-title" className="cart-view__title">
          <FormattedMessage id="cart.title" />
        </Heading>
      )}
      <p role="status" className="visually-hidden">
        {removed !== null && <FormattedMessage id="cart.removed" values={{ item: removed }} />}
      </p>
      <div ref={listRef} tabIndex={-1} className="cart-view__body">
        {rows.length === 0 ? (
          <p className="cart-view__empty" data-testid="cart-empty">
            <FormattedMessage id="cart.empty" />
          </p>
        ) : (
          <>
            <ul className="cart-view__lines">
              {rows.map((row) => (
                <LineRow key={`${row.index}-${row.type}-${row.name}`} row={row} removable={removable} onRemove={remove} price={price} />
              ))}
            </ul>
            {children}
            <dl className="cart-view__totals" data-testid="cart-totals" aria-busy={shippingBusy || undefined}>
              <div>
                <dt>
                  <FormattedMessage id="cart.subtotal" />
                </dt>
                <dd data-testid="cart-subtotal">{price(totals.subtotal)}</dd>
              </div>
              <ShippingTotalRow cart={cart} />
              {totals.discount > 0 && (
                <div>
                  <dt>
                    <FormattedMessage id="cart.discount" />
                  </dt>
                  <dd data-testid="cart-discount">{price(-totals.discount)}</dd>
                </div>
              )}
              <div className="cart-view__total">
                <dt>
                  <FormattedMessage id="cart.total" />
                </dt>
                <dd data-testid="cart-total">{price(totals.total)}</dd>
              </div>
              <div className="cart-view__tax">
                <dt>
                  <FormattedMessage id="cart.taxTotal" />
                </dt>
                <dd data-testid="cart-tax">{price(taxTotal)}</dd>
              </div>
            </dl>
            <CartShipping cart={cart} changeable={removable} />
          </>
        )}
      </div>
    </section>
  );
}

export default CartView;
