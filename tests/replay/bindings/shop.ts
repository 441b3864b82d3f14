/**
 * The shop chart (machines/shop.machine.ts) bound to the page, in English, against the demo
 * catalogue (src/server/seed/demo.ts): what a visitor does for each event of its paths, what the
 * page shows in each state.
 *
 * The model (tests/machines/shop.model.ts) has the demo's ids (categories Books 31, Posters 32,
 * Annual passes 33; the catalogue 301, the poster Dawn 303 out of stock, the annual pass 311). Each
 * model article is played by the demo article that has its role, on the list the visitor is on:
 * - the model's book (5 left) by the children's book (5 left in the demo), else by the first book
 *   or poster with stock the list shows (the Posters category: the poster Lilies). Where the path
 *   counts on the 5 (what the cart holds against the stock), the answer says 5 left, whatever
 *   other visitors of the shared server bought; elsewhere the server's stock stands: the model
 *   does not send the cart's change that follows an add, the page does (two adds of 3 of an
 *   article with 5 left rightly leave the page at "all in your cart");
 * - the model's out-of-stock poster by the demo's poster Dawn, or on the annual passes list by
 *   the first pass, its answer with no stock;
 * - the model's pass by the demo's individual annual pass.
 * An article the model opens from a list that does not show it (a pass from the merchandise list)
 * or while the list is still loading is one the visitor has been on before in this tab: the path
 * starts on its page, goes home and into the shop by the header, and comes back to it with the
 * browser's Back list. A list of the other section is opened with the header's link (no page links
 * a category of the other section; the category does not change where the chart goes).
 * Service answers come from the server, the server's answer changed (no stock), its answer for an
 * article that does not exist (404), or a dropped connection.
 */
import type { Locator, Page } from 'playwright-core';
import { DEMO } from '../../../src/server/seed/demo.js';
import type { ShopArticle } from '../../../src/domain/shop.js';
import type { ShopSection } from '../../../machines/shop.machine.js';
import type { CartLine } from '../../../src/domain/cart-lines.js';
import { book, pass, poster } from '../../machines/shop.model.js';
import { Mismatch, type Replay, type ReplayBinding } from '../binding.js';
import type { ReplayStep, SentEvent } from '../plan.js';
import { goBackTo, hasVisited, visit } from '../history.js';

const M = DEMO.merchandise;
const NO_SUCH_ARTICLE = 999_999;

/** The demo articles that play a model article, in the order they are looked for on the list shown. */
const PLAYED_BY: Record<number, number[]> = {
  [book.id]: [M.childrensBook, M.catalogue, M.guide, M.posterLilies],
  [poster.id]: [DEMO.outOfStock],
  [pass.id]: [DEMO.passes.individual],
};

type Body<T> = { data: T };
const ev = (step: ReplayStep) => step.event as SentEvent & Record<string, unknown>;
const outputOf = (step: ReplayStep) => (step.event as SentEvent & { output?: unknown }).output;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const main = (r: Replay | { page: Page }) => r.page.locator('main');
const heading = (r: Replay, name: RegExp | string) => main(r).getByRole('heading', { level: 1, name });
const loading = (r: Replay) => main(r).getByRole('status').filter({ hasText: r.words('shop.loading') });
const failed = (r: Replay) => main(r).getByRole('alert').filter({ hasText: r.words('shop.loadFailed') });
const retry = (r: Replay) => failed(r).getByRole('button', { name: r.words('page.retry', { whole: true }) });
const cards = (r: Replay) => main(r).getByTestId('article-card');
const filter = (r: Replay) => main(r).getByRole('navigation', { name: r.words('shop.categories', { whole: true }) });
const currentFilter = (r: Replay) => filter(r).locator('a[aria-current="page"]');
const articlePage = (r: Replay) => main(r).getByTestId('article-page');
const addButton = (r: Replay) => main(r).getByTestId('add-to-cart');
const quantity = (r: Replay) => main(r).getByRole('spinbutton', { name: r.words('shop.quantity', { whole: true }) });
const ownersAlert = (r: Replay) => main(r).getByRole('alert').filter({ hasText: r.words('form.correctErrors') });
const added = (r: Replay) => main(r).getByTestId('added-to-cart');
const outOfStock = (r: Replay) => main(r).getByTestId('out-of-stock');
const ownerField = (r: Replay, index: number, field: string) => main(r).locator(`input[name="owner-${index}-${field === 'send_to_custom_addr' ? 'other' : field}"]`);
const headerLink = (r: Replay | { page: Page }, name: RegExp) => r.page.locator('header').getByRole('link', { name }).filter({ visible: true }).first();

const pagePath = (r: Replay, section: ShopSection, id: number) => `/${r.lang}/${section === 'passes' ? 'passes' : 'product'}/${id}`;
const listPath = (r: Replay, section: ShopSection) => `/${r.lang}/${section === 'passes' ? 'passes' : 'merchandise'}`;

/** The section the model is in after step `n` (0: at the start, the input's): the last list or article it opened says it. */
function sectionAfter(r: Replay, n: number): ShopSection {
  let section: ShopSection = (r.plan.input as { section?: ShopSection }).section ?? 'merchandise';
  for (const step of r.plan.steps) {
    if (step.n > n) break;
    if (step.name === 'OPEN_LIST' || step.name === 'OPEN_ARTICLE') section = (ev(step).section as ShopSection | undefined) ?? section;
  }
  return section;
}
/** The section after the step being replayed. */
const sectionNow = (r: Replay) => sectionAfter(r, r.step?.n ?? 0);

/** An OPEN_ARTICLE the list cannot offer: a pass from the merchandise list, or any while the list loads. */
function opensFromHistory(step: ReplayStep): boolean {
  const from = JSON.stringify(step.from);
  return from.includes('Loading list') || (ev(step).section === 'passes' && !from.includes('Annual passes'));
}

/** The article pages the path comes back to with the browser's Back list (opened before the walk starts). */
function earlierPages(r: Replay): string[] {
  return r.plan.steps.filter((s) => s.name === 'OPEN_ARTICLE' && opensFromHistory(s)).map((s) => pagePath(r, (ev(s).section as ShopSection | undefined) ?? 'merchandise', PLAYED_BY[ev(s).id as number]![0]!));
}

/** Whether the path counts on the model's stock (what its cart holds against it). */
const countsOnStock = (r: Replay) => r.plan.steps.some((s) => s.name === 'CART_CHANGED' && ((ev(s).lines as CartLine[] | undefined) ?? []).length > 0);

/** Article answers with `stock` instead of the server's, while `during` runs (the prepared cart). */
async function withStock(page: Page, stock: number, during: () => Promise<void>): Promise<void> {
  const edit = async (route: import('playwright-core').Route) => {
    const response = await route.fetch();
    const body = (await response.json()) as Body<ShopArticle>;
    await route.fulfill({ response, json: { data: { ...body.data, stock } } });
  };
  await page.route('**/api/*/merchandise?*', edit);
  try {
    await during();
  } finally {
    await page.unroute('**/api/*/merchandise?*', edit);
  }
}

/** The article's card link on the list shown (null: the list does not show it). */
async function cardLink(r: Replay, section: ShopSection, id: number): Promise<Locator | null> {
  const link = main(r).locator(`a[href="${pagePath(r, section, id)}"]`);
  return (await link.count()) > 0 ? link.first() : null;
}

/** What the cart held as the model last sent it. */
const cartLines = (r: Replay) => (r.memo.cart ?? []) as CartLine[];

async function expectBasket(r: Replay, lines: number): Promise<void> {
  const shown = (await r.page.getByTestId('basket-count').first().textContent())?.trim();
  if (shown !== String(lines)) throw new Mismatch(`the basket shows ${shown} lines, not the ${lines} the model's cart holds`);
}

/** The owner fields typed so far, by input name: what the page must keep while the quantity changes. */
const typed = (r: Replay) => (r.memo.typed ??= {}) as Record<string, string | boolean>;

export const shopBinding: ReplayBinding = {
  machine: 'shop',
  lang: 'en',
  requests: {
    list: (url) => /\/api\/[a-z]{2}\/merchandise\/select$/.test(url.pathname),
    // the article the shop opens; not the names of the cart's lines the app asks for as it boots (same request)
    article: (url, _method, r) => /\/api\/[a-z]{2}\/merchandise$/.test(url.pathname) && r.memo.opensArticle === true,
  },

  route(r, route) {
    // the article page of an annual pass is passes/{id} (the journey's href)
    return route === 'product' && sectionNow(r) === 'passes' ? 'pass' : route;
  },

  async prepare(r) {
    const first = r.plan.steps.find((s) => s.name === 'CART_CHANGED');
    const lines = ((first?.event as { lines?: CartLine[] } | undefined)?.lines ?? []).filter((l) => l.type === 'merchandise');
    if (first && first.n === 1 && lines.length > 0) {
      // the cart the walk starts with: the book put in earlier in this tab, as the model's lines say
      if (lines.length > 1) r.cannot('a starting cart of several lines of the book');
      const count = lines[0]!.count;
      const id = PLAYED_BY[book.id]![0]!;
      await withStock(r.page, book.stock ?? 0, async () => {
        await r.page.goto(pagePath(r, 'merchandise', id));
        await quantity(r).fill(String(count));
        await addButton(r).click();
        await added(r).waitFor();
      });
      r.memo.cart = lines;
    }
    const earlier = earlierPages(r);
    if (earlier.length > 1) r.cannot('more than one article page visited before the walk');
    if (earlier[0]) {
      // the article's page earlier in this tab, then home (the shop's visit ends there)
      await r.page.goto(earlier[0]);
      await articlePage(r).waitFor();
      visit(r, earlier[0]);
      await headerLink(r, r.words('header.home')).click();
      await r.page.waitForURL((url) => url.pathname === `/${r.lang}`);
      // the address changes before the home page replaces the article's (see the voucher shop's binding)
      await articlePage(r).waitFor({ state: 'detached' });
      visit(r, `/${r.lang}`);
    }
  },

  async start(r) {
    const input = r.plan.input as { section?: ShopSection; category?: number | null; articleId?: number | null };
    const section = input.section ?? 'merchandise';
    if (hasVisited(r)) {
      // back into the shop by the header (the same document as the article page visited before)
      if (input.category || input.articleId) r.cannot('a walk that comes back to an earlier page starts on a section list');
      await headerLink(r, r.words(`nav.${section}`, { whole: true })).click();
      visit(r, listPath(r, section));
      return;
    }
    let path = listPath(r, section);
    r.memo.opensArticle = Boolean(input.articleId);
    if (input.articleId) path = pagePath(r, section, PLAYED_BY[input.articleId]?.[0] ?? r.cannot(`no demo article plays the model's ${input.articleId}`));
    else if (input.category && section === 'merchandise') path = `${path}/${input.category}`;
    visit(r, path);
    await r.page.goto(`${path}${input.category && section === 'passes' ? `?category=${input.category}` : ''}`);
  },

  events: {
    // ---- the lists
    'done:loadList': async (r) => r.answer('list', { server: true }),
    'error:loadList': async (r) => r.answer('list', { drop: true }),
    RETRY: async (r) => {
      await retry(r).click();
    },
    OPEN_LIST: async (r, step) => {
      const section = ev(step).section as ShopSection;
      const category = (ev(step).category as number | null | undefined) ?? null;
      const from = JSON.stringify(step.from);
      const before = sectionAfter(r, step.n - 1);
      if (section !== before) {
        // the other section: the header's link to its list
        await headerLink(r, r.words(`nav.${section}`, { whole: true })).click();
        visit(r, listPath(r, section));
        return;
      }
      if (from.includes('Article')) {
        if (category !== null) r.cannot('an article page links its section\'s list, not a category');
        await main(r).getByRole('link', { name: r.words(section === 'passes' ? 'shop.backToPasses' : 'shop.backToList', { whole: true }) }).click();
        visit(r, listPath(r, section));
        return;
      }
      // the list's own filter: "All" or a category
      if (category === null) {
        await filter(r).getByRole('link', { name: r.words('shop.all', { whole: true }) }).click();
        visit(r, listPath(r, section));
        return;
      }
      const categories = await r.api<{ category: { id: number; name: string }[] }>(`merchandise/attr${section === 'passes' ? '?product_kind=13' : ''}`);
      const name = categories.category.find((c) => c.id === category)?.name ?? r.cannot(`the demo has no ${section} category ${category}`);
      await filter(r).getByRole('link', { name: new RegExp(`^${escape(name)}$`) }).click();
      visit(r, section === 'passes' ? `${listPath(r, section)}?category=${category}` : `${listPath(r, section)}/${category}`);
    },
    OPEN_ARTICLE: async (r, step) => {
      const modelId = ev(step).id as number;
      const section = sectionNow(r);
      // another article: nothing typed for it yet
      r.memo.typed = {};
      r.memo.opensArticle = true;
      delete r.memo.quantity;
      if (opensFromHistory(step)) {
        // the browser's Back list, several pages at once
        const id = PLAYED_BY[modelId]![0]!;
        await goBackTo(r, pagePath(r, section, id), 'the list does not offer the article and the visitor has not been on its page before', {
          request: 'article',
          matches: (url) => url.searchParams.get('article') === String(id),
        });
        return;
      }
      // the article's card on the list shown; else the first card (the answer plays the model's article)
      let link: Locator | null = null;
      for (const id of PLAYED_BY[modelId] ?? []) if ((link = await cardLink(r, section, id))) break;
      link ??= cards(r).first().getByRole('link');
      const href = (await link.getAttribute('href')) ?? '';
      await link.click();
      visit(r, href);
    },

    // ---- the article page
    'done:loadArticle': async (r, step) => {
      const model = outputOf(step) as ShopArticle;
      // out of stock, or the stock the path counts on: the model's; else the server's own
      if (model.stock === 0 || (model.stock !== null && countsOnStock(r))) {
        await r.answer('article', { edit: (body) => ({ data: { ...(body as Body<ShopArticle>).data, stock: model.stock } }) });
      } else await r.answer('article', { server: true });
    },
    'error:loadArticle [isNotFound]': async (r) => r.answer('article', { url: (url) => `${url.origin}${url.pathname}?article=${NO_SUCH_ARTICLE}` }),
    'error:loadArticle': async (r) => r.answer('article', { drop: true }),
    SET_QUANTITY: async (r, step) => {
      if (JSON.stringify(step.from).includes('Out of stock')) {
        // the chart takes no SET_QUANTITY there, and the page offers no field to send it
        await r.lacks(quantity(r), 'the quantity of an article out of stock');
        return;
      }
      const value = ev(step).value;
      // the number field takes digits only: a quantity that is not a number is an emptied field
      const text = typeof value === 'number' || /^\d+$/.test(String(value)) ? String(value) : '';
      await quantity(r).fill(text);
      r.memo.quantity = text;
    },
    SET_OWNER: async (r, step) => {
      const { index, field, value } = ev(step) as unknown as { index: number; field: string; value: string | boolean };
      const input = ownerField(r, index, field);
      // a pass the visitor did not ask for has no owner fields (the passes asked for must have them)
      if ((await input.count()) === 0 && index >= 0 && index < Number(r.memo.quantity ?? 1)) throw new Mismatch(`pass ${index + 1} of ${String(r.memo.quantity)} has no field "${field}"`);
      if ((await input.count()) === 0) r.cannot(`the page has owner fields for the passes chosen only: there is no field "${field}" of ${index < 0 ? `a pass numbered ${index + 1}` : `pass ${index + 1}`}`);
      if (typeof value === 'boolean') await input.setChecked(value);
      else await input.fill(value);
      typed(r)[`owner-${index}-${field === 'send_to_custom_addr' ? 'other' : field}`] = value;
    },
    ADD_TO_CART: async (r, step) => {
      if (JSON.stringify(step.from).includes('Out of stock')) {
        // the chart takes no ADD_TO_CART there, and the page offers no button to send it
        await r.lacks(addButton(r), 'the "Add to cart" button of an article out of stock');
        return;
      }
      await addButton(r).click();
    },
    CART_CHANGED: async (r, step) => {
      const lines = (ev(step).lines as CartLine[]).filter((l) => l.type === 'merchandise');
      const before = cartLines(r);
      const from = JSON.stringify(step.from);
      if (JSON.stringify(lines) === JSON.stringify(before)) {
        // the cart the tab holds reaches the shop as it opens: nothing for the visitor to do
        if (!from.includes('Loading list') && !from.includes('Loading article') && step.n !== 1) r.cannot('the cart sent again unchanged');
        await expectBasket(r, lines.length);
        return;
      }
      const more = lines.slice(before.length);
      if (lines.length < before.length || JSON.stringify(lines.slice(0, before.length)) !== JSON.stringify(before) || !from.includes('Article')) {
        r.cannot('the cart changes elsewhere only on the checkout page, which ends the visit of the shop: a visitor can only add to it here');
      }
      if (more.length !== 1) r.cannot('several lines added at once');
      // the line the cart gets is added on this page, with the quantity it shows (the article's
      // state checks that quantity): a line of another quantity would come from elsewhere, and
      // no other tab shares this tab's cart
      const shown = await quantity(r).inputValue();
      if (shown !== String(more[0]!.count)) r.cannot(`the cart gets ${more[0]!.count} while the page shows ${shown || 'no number'}: a visitor adds only the quantity shown, and no other tab shares this tab's cart`);
      await addButton(r).click();
      await added(r).waitFor();
      await expectBasket(r, lines.length);
      r.memo.cart = lines;
    },
  },

  states: {
    // ---- the lists
    'Loading list': async (r) => {
      await r.shows(loading(r), 'the "loading the articles" notice');
      await r.lacks(cards(r), 'an article');
      await r.lacks(failed(r), 'the "could not be loaded" notice');
    },
    'List failed': async (r) => {
      await r.shows(failed(r), 'the "could not be loaded" notice');
      await r.shows(retry(r), 'the "Try again" button');
      await r.lacks(loading(r), 'the "loading the articles" notice');
      await r.lacks(cards(r), 'an article');
    },
    List: async (r) => {
      await r.lacks(loading(r), 'the "loading the articles" notice');
      await r.lacks(failed(r), 'the "could not be loaded" notice');
      await r.lacks(articlePage(r), 'an article page');
      if ((await cards(r).count()) === 0) await r.shows(main(r).getByTestId('no-results'), 'an article or "no articles"');
    },
    'List.All articles': async (r) => {
      await r.shows(heading(r, r.words('title.merchandise', { whole: true })), 'the heading "Shop"');
      await r.shows(currentFilter(r).filter({ hasText: r.words('shop.all', { whole: true }) }), '"All" as the chosen category');
      await r.lacks(main(r).locator(`a[href^="/${r.lang}/passes/"]`), 'an annual pass');
    },
    'List.One category': async (r) => {
      const categories = currentFilter(r).filter({ hasNotText: r.words('shop.all', { whole: true }) });
      if ((await categories.count()) !== 1) throw new Mismatch(`${await categories.count()} categories are marked as the current page, not one`);
      await r.lacks(currentFilter(r).filter({ hasText: r.words('shop.all', { whole: true }) }), '"All" as the current page');
      const chosen = (await categories.first().textContent())?.trim() ?? '';
      await r.shows(heading(r, new RegExp(`^${escape(chosen)}$`)), `the category's name "${chosen}" as the heading`);
      await r.lacks(main(r).locator(`a[href^="/${r.lang}/passes/"]`), 'an annual pass');
    },
    'List.Annual passes': async (r) => {
      await r.shows(main(r).locator(`a[href^="/${r.lang}/passes/"]`), 'an annual pass');
      await r.lacks(main(r).locator(`a[href^="/${r.lang}/product/"]`), 'an article of the shop');
    },

    // ---- the article page
    'Loading article': async (r) => {
      await r.shows(heading(r, new RegExp(`^(${r.text('title.product')}|${r.text('title.pass')})$`)), 'the heading "Product" or "Annual pass"');
      await r.shows(loading(r), 'the "loading" notice');
      await r.lacks(articlePage(r), 'the article');
    },
    'Article not found': async (r) => {
      await r.shows(main(r).getByTestId('article-not-found'), 'the "does not exist" notice');
      await r.lacks(articlePage(r), 'the article');
      await r.lacks(failed(r), 'the "could not be loaded" notice');
    },
    'Article failed': async (r) => {
      await r.shows(failed(r), 'the "could not be loaded" notice');
      await r.shows(retry(r), 'the "Try again" button');
      await r.lacks(articlePage(r), 'the article');
    },
    Article: async (r) => {
      await r.shows(articlePage(r), 'the article');
      await r.lacks(loading(r), 'the "loading" notice');
      await r.shows(main(r).getByRole('link', { name: r.words(sectionNow(r) === 'passes' ? 'shop.backToPasses' : 'shop.backToList', { whole: true }) }), "the link back to the section's list");
      // an annual pass: one owner entry per pass, and nothing typed is lost
      const owners = await main(r).getByTestId('pass-owner').count();
      if (owners > 0 && String(owners) !== (await quantity(r).inputValue())) throw new Mismatch(`${owners} owner entries for ${await quantity(r).inputValue()} passes`);
      for (const [name, value] of Object.entries(typed(r))) {
        const input = main(r).locator(`input[name="${name}"]`);
        if ((await input.count()) === 0) continue;
        const shown = typeof value === 'boolean' ? await input.isChecked() : await input.inputValue();
        if (shown !== value) throw new Mismatch(`the owner field ${name} shows ${JSON.stringify(shown)}, not what was typed (${JSON.stringify(value)})`);
      }
    },
    'Article.In stock.Choosing': async (r) => {
      await r.shows(addButton(r), 'the "Add to cart" button');
      await r.lacks(outOfStock(r), 'the "out of stock" notice');
      await r.lacks(ownersAlert(r), 'the "correct the errors" notice');
      await r.lacks(added(r), 'the "is in the cart" notice');
      // the quantity within what is left
      const field = quantity(r);
      const value = Number(await field.inputValue());
      const max = Number(await field.getAttribute('max'));
      if (!(value >= 1 && value <= max)) throw new Mismatch(`the quantity is ${value}, outside 1 … ${max}`);
      // what the visitor typed, within 1 … what is left (not a number: 1)
      if (typeof r.memo.quantity === 'string') {
        const wanted = Math.min(max, Math.max(1, Number(r.memo.quantity) || 0));
        if (value !== wanted) throw new Mismatch(`the quantity is ${value}, not the ${wanted} typed ("${r.memo.quantity}", at most ${max})`);
      }
    },
    'Article.Out of stock': async (r) => {
      await r.shows(outOfStock(r), 'the "out of stock" notice');
      await r.lacks(addButton(r), 'the "Add to cart" button');
      await r.lacks(quantity(r), 'the quantity');
    },
    'Article.In stock.Owners missing': async (r) => {
      await r.shows(ownersAlert(r), 'the "correct the errors" notice');
      await r.shows(addButton(r), 'the "Add to cart" button');
      await r.lacks(added(r), 'the "is in the cart" notice');
    },
    'Article.In stock.Added': async (r) => {
      await r.shows(added(r), 'the "is in the cart" notice');
      await r.lacks(ownersAlert(r), 'the "correct the errors" notice');
    },
  },
};
