/**
 * The shop screens and the cart's shipping in the real shell (router, app machine, cart actor)
 * against a fake catalogue (issue 11): the list with category links, stock in words, an article
 * added to the cart, an out-of-stock article without an add button, pass owners that follow the
 * quantity without losing what was typed, and the cart asking for the country, showing the
 * shipping line, and the failure with the support address.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { act, mountShell, ready, teardown, type Handler, type Mounted } from './shell-harness.js';

let mounted: Mounted | null = null;
afterEach(() => {
  teardown(mounted);
  mounted = null;
});

const article = (id: number, name: string, price: number, stock: number | null, groups: number[], kind = 1) => ({
  id, name, description: `${name} text`, price, vat_value: 2.6, stock, sequence_no: id, custom_groups: groups.map((g) => ({ id: g, name: g === 31 ? 'Books' : 'Posters' })),
  product_kind_ref: kind, weight: 300, image: null,
});
const book = article(301, 'Catalogue', 3900, 3, [31]);
const poster = article(303, 'Poster Dawn', 2500, 0, [32]);
const pass = article(311, 'Annual pass', 9000, null, [33], 13);

function catalogue(): Handler {
  return (path, url) => {
    if (path === 'shipping/costs') return { status: 200, body: { data: 900 } };
    if (path === 'merchandise/select') return { status: 200, body: { data: url.searchParams.get('product_kind') === '13' ? [pass] : [book, poster] } };
    if (path === 'merchandise/attr') return { status: 200, body: { data: { category: [{ id: 31, name: 'Books' }, { id: 32, name: 'Posters' }] } } };
    if (path === 'merchandise') {
      const found = [book, poster, pass].find((a) => String(a.id) === url.searchParams.get('article'));
      return found ? { status: 200, body: { data: found } } : { status: 404, body: { error: 'NOT_FOUND', message: 'no article' } };
    }
    if (path === 'countries') return { status: 200, body: { data: [{ key: 'CH', name: 'Switzerland', shippable: true }, { key: 'US', name: 'United States', shippable: false }] } };
    if (path === 'checkout/suggest') return { status: 200, body: { data: [] } };
    return undefined;
  };
}

describe('shop screens (issue 11)', () => {
  it('lists articles with price and stock in words; a category is a link with its own URL', async () => {
    mounted = mountShell('/en/merchandise', { handler: catalogue() });
    await ready();
    const cards = await screen.findAllByTestId('article-card');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['Catalogue', 'Poster Dawn']);
    expect(within(cards[0]!).getByTestId('stock').textContent).toBe('Only 3 left');
    expect(within(cards[1]!).getByTestId('stock').textContent).toBe('Out of stock');
    const nav = screen.getByRole('navigation', { name: 'Categories' });
    expect(within(nav).getByRole('link', { name: 'All' }).getAttribute('aria-current')).toBe('page');
    await act(async () => {
      fireEvent.click(within(nav).getByRole('link', { name: 'Books' }));
    });
    await waitFor(() => expect(mounted!.shell.router.state.location.pathname).toBe('/en/merchandise/31'));
    await waitFor(() => expect(screen.getAllByTestId('article-card')).toHaveLength(1));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Books');
  });

  it('a category link on the passes list filters it (the category is the search of passes)', async () => {
    mounted = mountShell('/en/passes', { handler: catalogue() });
    await ready();
    await waitFor(() => expect(screen.getAllByTestId('article-card')).toHaveLength(1));
    const nav = screen.getByRole('navigation', { name: 'Categories' });
    await act(async () => {
      fireEvent.click(within(nav).getByRole('link', { name: 'Posters' }));
    });
    await waitFor(() => expect(mounted!.shell.router.state.location.href).toBe('/en/passes?category=32'));
    // the annual pass is in category 33: none is left in Posters, and Posters is the current one
    await waitFor(() => expect(screen.queryAllByTestId('article-card')).toHaveLength(0));
    expect(within(nav).getByRole('link', { name: 'Posters' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'All' }).getAttribute('aria-current')).toBeNull();
    await act(async () => {
      fireEvent.click(within(nav).getByRole('link', { name: 'All' }));
    });
    await waitFor(() => expect(screen.getAllByTestId('article-card')).toHaveLength(1));
    expect(mounted.shell.router.state.location.href).toBe('/en/passes');
  });

  it('adds an article within its stock and says so', async () => {
    mounted = mountShell('/en/product/301', { handler: catalogue() });
    await screen.findByTestId('article-page', {}, { timeout: 5000 });
    const quantity = screen.getByLabelText('Quantity') as HTMLInputElement;
    await act(async () => {
      fireEvent.change(quantity, { target: { value: '9' } });
    });
    expect(quantity.value).toBe('3');
    await act(async () => {
      fireEvent.click(screen.getByTestId('add-to-cart'));
    });
    expect((await screen.findByTestId('added-to-cart')).textContent).toContain('Catalogue (3 pcs.) is in the cart.');
    expect(mounted.shell.cart.getSnapshot().context.lines).toMatchObject([{ type: 'merchandise', id: 301, count: 3, totalPrice: 11700 }]);
    // all 3 left are in the cart now: nothing more can be added
    expect((await screen.findByTestId('out-of-stock')).textContent).toBe('All the pieces left are already in your cart.');
    expect(screen.queryByTestId('add-to-cart')).toBeNull();
  });

  it('offers no add button for an article out of stock', async () => {
    mounted = mountShell('/en/product/303', { handler: catalogue() });
    await screen.findByTestId('out-of-stock', {}, { timeout: 5000 });
    expect(screen.queryByTestId('add-to-cart')).toBeNull();
  });

  it('keeps one owner entry per pass, and what was typed when the quantity goes down and up', async () => {
    mounted = mountShell('/en/passes/311', { handler: catalogue() });
    await screen.findByTestId('article-page', {}, { timeout: 5000 });
    const quantity = screen.getByLabelText('Quantity');
    await act(async () => {
      fireEvent.change(quantity, { target: { value: '2' } });
    });
    expect(screen.getAllByTestId('pass-owner')).toHaveLength(2);
    await act(async () => {
      fireEvent.change(screen.getAllByLabelText(/First name/)[1]!, { target: { value: 'Ben' } });
      fireEvent.change(quantity, { target: { value: '1' } });
    });
    expect(screen.getAllByTestId('pass-owner')).toHaveLength(1);
    await act(async () => {
      fireEvent.change(quantity, { target: { value: '2' } });
    });
    expect((screen.getAllByLabelText(/First name/)[1] as HTMLInputElement).value).toBe('Ben');
    // refused without the names, on the fields
    await act(async () => {
      fireEvent.click(screen.getByTestId('add-to-cart'));
    });
    expect(screen.getAllByLabelText(/First name/)[0]!.getAttribute('aria-invalid')).toBe('true');
    expect(mounted.shell.cart.getSnapshot().context.lines).toEqual([]);
  });
});

describe('the cart asks for the country and shows the shipping (issue 11)', () => {
  it('asks for the country, then shows the shipping line in the total', async () => {
    sessionStorage.setItem('cart', JSON.stringify([{ type: 'merchandise', id: 301, name: 'Catalogue', price: 3900, totalPrice: 3900, count: 1, vat_value: 2.6 }]));
    mounted = mountShell('/en/checkout', { handler: catalogue() });
    await screen.findByTestId('shipping-needs-country', {}, { timeout: 5000 });
    expect(screen.getByTestId('cart-shipping').textContent).toBe('added once the country is chosen');
    const select = await screen.findByTestId('shipping-country');
    await act(async () => {
      fireEvent.change(select, { target: { value: 'CH' } });
    });
    // choosing is the whole action (issue 22 item 2): the cost follows once the choice rests
    await waitFor(() => expect(screen.getByTestId('cart-shipping').textContent).toBe('CHF 9.00'), { timeout: 3000 });
    expect(screen.getByTestId('cart-total').textContent).toBe('CHF 48.00');
    expect(screen.getByTestId('shipping-destination').textContent).toBe('Shipped to Switzerland.');
    expect(mounted.server.calls).toContain('en shipping/costs');
  });

  it('a country without rates: the message with the support address, the cart kept', async () => {
    sessionStorage.setItem('cart', JSON.stringify([{ type: 'merchandise', id: 301, name: 'Catalogue', price: 3900, totalPrice: 3900, count: 1, vat_value: 2.6 }]));
    const handler = catalogue();
    mounted = mountShell('/en/checkout', {
      handler: (path, url) => (path === 'shipping/costs' ? { status: 422, body: { error: 'SHIPPING_NOT_POSSIBLE_FOR_COUNTRY', message: 'no' } } : handler(path, url)),
    });
    const select = await screen.findByTestId('shipping-country', {}, { timeout: 5000 });
    await act(async () => {
      fireEvent.change(select, { target: { value: 'US' } });
    });
    const failed = await screen.findByTestId('shipping-failed', {}, { timeout: 3000 });
    expect(failed.textContent).toContain('There are no shipping costs for this country. Please contact us.');
    expect(within(failed).getByRole('link', { name: 'support@museum.example' }).getAttribute('href')).toBe('mailto:support@museum.example');
    expect(screen.getAllByTestId('cart-line')).toHaveLength(1);
    // the totals beside it say the same, not "added once the country is chosen": it was chosen (issue 45 item 9)
    expect(screen.getByTestId('cart-shipping').textContent).toBe('not possible to this country');
  });

  it('a failure that is not about the country: the totals say the shipping could not be calculated', async () => {
    sessionStorage.setItem('cart', JSON.stringify([{ type: 'merchandise', id: 301, name: 'Catalogue', price: 3900, totalPrice: 3900, count: 1, vat_value: 2.6 }]));
    const handler = catalogue();
    mounted = mountShell('/en/checkout', {
      handler: (path, url) => (path === 'shipping/costs' ? { status: 422, body: { error: 'VALIDATION_FAILED', message: 'no', fields: {} } } : handler(path, url)),
    });
    const select = await screen.findByTestId('shipping-country', {}, { timeout: 5000 });
    await act(async () => {
      fireEvent.change(select, { target: { value: 'CH' } });
    });
    await screen.findByTestId('shipping-retry', {}, { timeout: 3000 });
    expect(screen.getByTestId('cart-shipping').textContent).toBe('could not be calculated');
  });
});
