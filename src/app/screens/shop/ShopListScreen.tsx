/**
 * The shop list (routes merchandise, merchandise/{category}, passes; §2): articles with image,
 * name, price and availability in words; the category filter as links, so a category has its own
 * URL. Renders the shop actor's state; the filter and the stock words are src/domain/shop.ts.
 */
import { useId } from 'react';
import { Link } from '@tanstack/react-router';
import { shallowEqual, useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { articlesInCategory, stockWords, type ShopArticle } from '../../../domain/shop.js';
import { formatPrice } from '../../../i18n/format.js';
import { RetryNotice } from '../../components/RetryNotice.js';
import { useCurrencySymbol } from '../../components/cart/use-cart.js';
import { useLang } from '../../hooks.js';
import { useJourney } from '../../journeys/use-journey.js';
import { PageHeading } from '../PageHeading.js';
import type { ShopActor } from './shop-actor.js';
import { listStageOf } from '../../../../machines/shop.selectors.js';
import { routeHref } from '../../../domain/routes.js';

export function StockWords({ stock }: { stock: number | null }) {
  const words = stockWords(stock);
  return (
    <span className={`stock stock--${words.id.split('.').pop() ?? ''}`} data-testid="stock">
      <FormattedMessage id={words.id} values={words.values} />
    </span>
  );
}

function ArticleCard({ article, href, symbol }: { article: ShopArticle; href: string; symbol: string }) {
  const headingId = useId();
  return (
    <li className="article-card" aria-labelledby={headingId} data-testid="article-card">
      {article.image && <img className="article-card__image" src={article.image} alt="" loading="lazy" width={320} height={240} />}
      <h2 className="article-card__title" id={headingId}>
        <Link to={href}>{article.name}</Link>
      </h2>
      <p className="article-card__price">{formatPrice(article.price, symbol)}</p>
      <p className="article-card__stock">
        <StockWords stock={article.stock} />
      </p>
    </li>
  );
}

export function ShopList({ actor }: { actor: ShopActor }) {
  const intl = useIntl();
  const lang = useLang();
  const symbol = useCurrencySymbol();
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const failed = useSelector(actor, (s) => listStageOf(s) === 'failed');
  const section = useSelector(actor, (s) => s.context.section);
  const category = useSelector(actor, (s) => s.context.category);
  const categories = useSelector(actor, (s) => s.context.categories, shallowEqual);
  const all = useSelector(actor, (s) => s.context.articles, shallowEqual);
  const passes = section === 'passes';
  const articles = articlesInCategory(all, category);
  const current = categories.find((c) => c.id === category);
  // §2: the same filter on both lists; a pass category is the search param of passes. The router
  // marks a link current (aria-current) on the pages under it too: each filter only on its own address.
  const allHref = passes ? routeHref(lang, 'passes') : routeHref(lang, 'merchandise');
  const categoryLink = (id: number) => (passes ? { to: routeHref(lang, 'passes'), search: { category: id } } : { to: routeHref(lang, 'mechandiseCategory', { category: id }) });
  return (
    <section className="shop-list">
      <PageHeading>
        {current ? current.name : <FormattedMessage id={passes ? 'title.passes' : 'title.merchandise'} />}
      </PageHeading>
      {loading && (
        <p className="screen-loading" role="status">
          <FormattedMessage id="shop.loading" />
        </p>
      )}
      {failed && <RetryNotice messageId="shop.loadFailed" onRetry={() => actor.send({ type: 'RETRY' })} />}
      {!loading && !failed && (
        <>
          {categories.length > 0 && (
            <nav className="shop-filter" aria-label={intl.formatMessage({ id: 'shop.categories' })}>
              <ul className="shop-filter__list">
                <li>
                  <Link to={allHref} activeOptions={{ exact: true }} className="shop-filter__link" aria-current={category === null ? 'page' : undefined}>
                    <FormattedMessage id="shop.all" />
                  </Link>
                </li>
                {categories.map((c) => (
                  <li key={c.id}>
                    <Link {...categoryLink(c.id)} activeOptions={{ exact: true }} className="shop-filter__link" aria-current={category === c.id ? 'page' : undefined}>
                      {c.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          {articles.length === 0 ? (
            <p className="notice notice--info" data-testid="no-results">
              <FormattedMessage id="shop.empty" />
            </p>
          ) : (
            <ul className="shop-list__items">
              {articles.map((a) => (
                <ArticleCard key={a.id} article={a} symbol={symbol} href={passes ? routeHref(lang, 'pass', { id: a.id }) : routeHref(lang, 'product', { id: a.id })} />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

/** Routes merchandise, merchandise/{category} and passes. */
export default function ShopListScreen() {
  return <ShopList actor={useJourney('shop')} />;
}
