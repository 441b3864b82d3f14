/**
 * The article page (routes product/{id} and passes/{id}; §2, §3, §5): description, price, stock in
 * words, the quantity within stock, one owner entry per annual pass, add to cart. Renders the shop
 * actor's state and sends its events; limits and owner rules are src/domain/shop.ts.
 */
import { useId } from 'react';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { activeOwners, availableStock, isPass, maxQuantity, type OwnerEntry, type OwnerField } from '../../../domain/shop.js';
import { formatPrice } from '../../../i18n/format.js';
import { RetryNotice } from '../../components/RetryNotice.js';
import { CheckboxField, TextField } from '../../components/form.js';
import { useCurrencySymbol } from '../../components/cart/use-cart.js';
import { useLang } from '../../hooks.js';
import { usePageTitle } from '../../page-title.js';
import { useJourney } from '../../journeys/use-journey.js';
import { PageHeading } from '../PageHeading.js';
import { StockWords } from './ShopListScreen.js';
import type { ShopActor } from './shop-actor.js';
import { articleStageOf } from '../../../../machines/shop.selectors.js';
import { routeHref } from '../../../domain/routes.js';

function OwnerFields({ actor, index, owner, errors }: { actor: ShopActor; index: number; owner: OwnerEntry; errors: Partial<Record<OwnerField, string>> | undefined }) {
  const intl = useIntl();
  const set = (field: OwnerField) => (value: string | boolean) => actor.send({ type: 'SET_OWNER', index, field, value });
  return (
    <fieldset className="checkout__fieldset pass-owner" data-testid="pass-owner">
      <legend>
        <FormattedMessage id="shop.passOwner" values={{ number: index + 1 }} />
      </legend>
      <TextField name={`owner-${index}-title`} autoComplete="off" label={intl.formatMessage({ id: 'shop.owner.title' })} value={owner.title} onChange={set('title')} />
      <TextField
        name={`owner-${index}-first`}
        autoComplete="off"
        required
        label={intl.formatMessage({ id: 'shop.owner.first' })}
        value={owner.first}
        errors={errors?.first ? [errors.first] : undefined}
        onChange={set('first')}
      />
      <TextField
        name={`owner-${index}-last`}
        autoComplete="off"
        required
        label={intl.formatMessage({ id: 'shop.owner.last' })}
        value={owner.last}
        errors={errors?.last ? [errors.last] : undefined}
        onChange={set('last')}
      />
      <CheckboxField
        name={`owner-${index}-other`}
        checked={owner.send_to_custom_addr}
        onChange={set('send_to_custom_addr')}
        label={<FormattedMessage id="shop.owner.sendToOther" />}
      />
      {owner.send_to_custom_addr && (
        <TextField
          name={`owner-${index}-address`}
          required
          label={intl.formatMessage({ id: 'shop.owner.address' })}
          value={owner.address}
          errors={errors?.address ? [errors.address] : undefined}
          onChange={set('address')}
        />
      )}
    </fieldset>
  );
}

export function ArticlePage({ actor }: { actor: ShopActor }) {
  const lang = useLang();
  const symbol = useCurrencySymbol();
  const quantityId = useId();
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const stage = useSelector(actor, articleStageOf);
  const notFound = stage === 'notFound';
  const failed = stage === 'failed';
  const outOfStock = stage === 'outOfStock';
  const ownersMissing = stage === 'ownersMissing';
  const article = useSelector(actor, (s) => s.context.article);
  const section = useSelector(actor, (s) => s.context.section);
  const quantity = useSelector(actor, (s) => s.context.quantity);
  const owners = useSelector(actor, (s) => s.context.owners);
  const ownerErrors = useSelector(actor, (s) => s.context.ownerErrors);
  const added = useSelector(actor, (s) => s.context.added);
  const inCart = useSelector(actor, (s) => s.context.inCart);
  // the tab and the history name the article (the server's <title> says the same)
  usePageTitle(article && !loading && !notFound && !failed ? article.name : null);
  const back =
    section === 'passes' ? (
      <Link to={routeHref(lang, 'passes')} className="button button--secondary button--small">
        <FormattedMessage id="shop.backToPasses" />
      </Link>
    ) : (
      <Link to={routeHref(lang, 'merchandise')} className="button button--secondary button--small">
        <FormattedMessage id="shop.backToList" />
      </Link>
    );
  if (loading || (!article && !notFound && !failed)) {
    return (
      <section className="article-page">
        <PageHeading>
          <FormattedMessage id={section === 'passes' ? 'title.pass' : 'title.product'} />
        </PageHeading>
        <p className="screen-loading" role="status">
          <FormattedMessage id="shop.loading" />
        </p>
      </section>
    );
  }
  if (notFound || failed || !article) {
    return (
      <section className="article-page">
        <PageHeading>
          <FormattedMessage id={section === 'passes' ? 'title.pass' : 'title.product'} />
        </PageHeading>
        {failed ? (
          <RetryNotice messageId="shop.loadFailed" onRetry={() => actor.send({ type: 'RETRY' })} />
        ) : (
          <p className="notice notice--warning" role="alert" data-testid="article-not-found">
            <FormattedMessage id="shop.notFound" />
          </p>
        )}
        <p>{back}</p>
      </section>
    );
  }
  const max = maxQuantity(availableStock(article.stock, inCart));
  const pass = isPass(article);
  return (
    <section className="article-page" data-testid="article-page">
      <PageHeading>{article.name}</PageHeading>
      {article.image && <img className="article-page__image" src={article.image} alt="" width={480} height={360} />}
      {article.description && <p className="article-page__description">{article.description}</p>}
      <p className="article-page__price" data-testid="article-price">
        {formatPrice(article.price, symbol)}
      </p>
      <p className="article-page__stock">
        <StockWords stock={article.stock} />
      </p>
      {outOfStock ? (
        <p className="notice notice--info" data-testid="out-of-stock">
          <FormattedMessage id={article.stock !== null && article.stock > 0 ? 'shop.allInCart' : 'shop.outOfStockNotice'} />
        </p>
      ) : (
        <form
          className="article-page__form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            actor.send({ type: 'ADD_TO_CART' });
          }}
        >
          <div className="field">
            <label className="field__label" htmlFor={quantityId}>
              <FormattedMessage id="shop.quantity" />
            </label>
            <p className="field__hint" id={`${quantityId}-hint`}>
              <FormattedMessage id="shop.quantityHint" values={{ max }} />
            </p>
            <input
              id={quantityId}
              name="quantity"
              className="field__input field__input--short"
              type="number"
              inputMode="numeric"
              min={1}
              max={max}
              value={quantity}
              aria-describedby={`${quantityId}-hint`}
              onChange={(e) => actor.send({ type: 'SET_QUANTITY', value: e.target.value })}
            />
          </div>
          {pass && (
            <section className="article-page__owners" aria-labelledby={`${quantityId}-owners`}>
              <h2 id={`${quantityId}-owners`}>
                <FormattedMessage id="shop.passOwners" />
              </h2>
              {ownersMissing && (
                <p className="notice notice--danger" role="alert">
                  <FormattedMessage id="form.correctErrors" />
                </p>
              )}
              {activeOwners(owners, quantity).map((owner, index) => (
                <OwnerFields key={index} actor={actor} index={index} owner={owner} errors={ownerErrors[index]} />
              ))}
            </section>
          )}
          <button type="submit" className="button article-page__add" data-testid="add-to-cart">
            <FormattedMessage id="shop.addToCart" />
          </button>
        </form>
      )}
      <div role="status" className="article-page__added">
        {added && (
          <p className="notice notice--success" data-testid="added-to-cart">
            <FormattedMessage id="shop.added" values={{ name: added.name, count: added.count }} />{' '}
            <Link to={routeHref(lang, 'checkout')}>
              <FormattedMessage id="shop.viewCart" />
            </Link>
          </p>
        )}
      </div>
      <p>{back}</p>
    </section>
  );
}

/** Routes product/{id} and passes/{id}. */
export default function ArticleScreen() {
  return <ArticlePage actor={useJourney('shop')} />;
}
