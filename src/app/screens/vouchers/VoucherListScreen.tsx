/**
 * Voucher list (route vouchers, §2 "voucher list with categories"): the vouchers grouped by
 * category, each with its image, name and price, or "amount of your choice" for a variable one.
 * Renders the voucher shop actor's state and sends its events.
 */
import { useId } from 'react';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import { voucherListStageOf } from '../../../../machines/voucherShop.selectors.js';
import type { Voucher } from '../../../api/schemas/catalog.js';
import { groupVouchers, isVariableVoucher } from '../../../domain/voucher-shop.js';
import { formatPrice } from '../../../i18n/format.js';
import { RetryNotice } from '../../components/RetryNotice.js';
import { useCurrencySymbol } from '../../components/cart/use-cart.js';
import { useLang } from '../../hooks.js';
import { useJourney } from '../../journeys/use-journey.js';
import { PageHeading } from '../PageHeading.js';
import { routeHref } from '../../../domain/routes.js';

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function VoucherImage({ voucher, className }: { voucher: Voucher; className: string }) {
  // decorative: the name is next to it
  return voucher.image ? <img className={className} src={voucher.image} alt="" loading="lazy" /> : <span className={`${className} voucher-image--none`} aria-hidden="true" />;
}

export function VoucherPrice({ voucher }: { voucher: Voucher }) {
  const symbol = useCurrencySymbol();
  if (!isVariableVoucher(voucher)) return <>{formatPrice(voucher.price, symbol)}</>;
  return <FormattedMessage id="vouchers.amountOfChoice" />;
}

function VoucherCard({ voucher, lang }: { voucher: Voucher; lang: string }) {
  return (
    <li className="voucher-card" data-testid="voucher-card">
      <VoucherImage voucher={voucher} className="voucher-card__image" />
      <div className="voucher-card__body">
        <h3 className="voucher-card__name">
          <Link to={routeHref(lang, 'voucherSingle', { id: voucher.id })}>{voucher.name}</Link>
        </h3>
        <p className="voucher-card__price">
          <VoucherPrice voucher={voucher} />
        </p>
      </div>
    </li>
  );
}

function Group({ name, vouchers, lang }: { name: string; vouchers: Voucher[]; lang: string }) {
  const id = useId();
  return (
    <section className="vouchers__group" aria-labelledby={id} data-testid="voucher-group">
      <h2 className="vouchers__group-title" id={id}>
        {name || <FormattedMessage id="vouchers.otherGroup" />}
      </h2>
      <ul className="vouchers__list">
        {vouchers.map((voucher) => (
          <VoucherCard key={voucher.id} voucher={voucher} lang={lang} />
        ))}
      </ul>
    </section>
  );
}

export default function VoucherListScreen() {
  const actor = useJourney('voucherShop');
  const lang = useLang();
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const failed = useSelector(actor, (s) => voucherListStageOf(s) === 'failed');
  const groups = useSelector(actor, (s) => groupVouchers(s.context.vouchers, s.context.groups), sameJson);
  return (
    <section className="vouchers">
      <PageHeading>
        <FormattedMessage id="title.voucherList" />
      </PageHeading>
      <p className="vouchers__intro">
        <FormattedMessage id="vouchers.intro" />
      </p>
      {loading && (
        <p className="screen-loading" role="status">
          <FormattedMessage id="vouchers.loading" />
        </p>
      )}
      {failed && <RetryNotice messageId="vouchers.failed" onRetry={() => actor.send({ type: 'RETRY' })} />}
      {!loading && !failed && groups.length === 0 && (
        <p className="notice notice--info">
          <FormattedMessage id="vouchers.empty" />
        </p>
      )}
      {groups.map((group) => (
        <Group key={group.id} name={group.name} vouchers={group.vouchers} lang={lang} />
      ))}
    </section>
  );
}
