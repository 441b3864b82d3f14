/**
 * The voucher redemption chart (machines/voucherRedemption.machine.ts) bound to the page, in
 * English, against the demo shop: the code entry of the cart (src/app/components/cart/
 * VoucherCodeEntry.tsx), which the checkout shows at its cart step while the shop redeems codes.
 *
 * Each path's tab starts with the demo's museum guide in the cart (put there on its page, as a
 * visitor does) and the cart open. The model's code is typed as it types it ("  demo-partly-used ",
 * the demo's CHF 100 code with CHF 35 used); its lookup is the server's. The model's refusals are
 * the server's own answers for the demo's codes that have them (not valid yet, expired, used up, a
 * code that does not exist); what the demo never answers (a 500, another status) is that status,
 * a network failure a dropped connection. Adding the line is the cart's own: it answers at once,
 * so the page passes through "Valid" without showing it.
 */
import { DEMO } from '../../../src/server/seed/demo.js';
import { Mismatch, type Replay, type ReplayBinding } from '../binding.js';
import type { ReplayStep, SentEvent } from '../plan.js';

const C = DEMO.voucherCodes;
const NO_SUCH_CODE = 'NO-SUCH-CODE-42';

const entry = (r: Replay) => r.page.getByTestId('voucher-code-entry');
const field = (r: Replay) => entry(r).getByRole('textbox', { name: r.words('voucherCode.label', { whole: true }) });
const checking = (r: Replay) => entry(r).getByText(r.words('voucherCode.checking'));
const refusal = (r: Replay, reason?: string) => entry(r).locator(reason ? `[data-testid="voucher-code-error"][data-reason="${reason}"]` : '[data-testid="voucher-code-error"]');
const added = (r: Replay) => entry(r).getByTestId('voucher-code-added');

/** The lookup answered with the server's answer for another code (one that has the refusal the path needs). */
const lookUpOf = (code: string) => (url: URL) => {
  url.searchParams.set('voucher', code);
  return url.href;
};

/** A refusal state's check: the reason at the field, and neither the code added nor the lookup running. */
const refused = (reason: string) => async (r: Replay) => {
  await r.shows(refusal(r, reason), `the refusal "${reason}" at the field`);
  // the reasons that name the code name the one looked up: what the visitor typed, trimmed
  const typed = String(r.memo.typed ?? '').trim();
  if (r.text(`voucherCode.error.${reason}`).includes('{code}') && !(await refusal(r, reason).innerText()).toLowerCase().includes(typed.toLowerCase())) {
    throw new Mismatch(`the refusal does not name the code "${typed}"`);
  }
  await r.lacks(added(r), 'the "code added" notice');
  await r.lacks(checking(r), 'the "checking the code" notice');
};

export const voucherRedemptionBinding: ReplayBinding = {
  machine: 'voucherRedemption',
  lang: 'en',
  requests: {
    lookUp: (url, method) => method === 'GET' && /\/api\/[a-z]{2}\/voucher$/.test(url.pathname),
  },

  async prepare(r) {
    await r.page.goto(`/${r.lang}/product/${DEMO.merchandise.guide}`);
    await r.page.getByTestId('add-to-cart').click();
    await r.page.getByTestId('added-to-cart').waitFor();
  },

  async start(r) {
    await r.page.locator('header').getByRole('link', { name: r.words('header.basket') }).click();
    await field(r).waitFor();
  },

  events: {
    TYPE_CODE: async (r, step) => {
      await field(r).fill(String(step.event.code));
      // what the field keeps of it (a code longer than the field's 200 characters is cut there)
      r.memo.typed = await field(r).inputValue();
    },
    SUBMIT: async (r) => {
      await entry(r).getByRole('button', { name: r.words('voucherCode.submit', { whole: true }) }).click();
    },
    'done:lookUp': async (r) => r.answer('lookUp', { server: true }),
    'error:lookUp [isNotYetValid]': async (r) => r.answer('lookUp', { url: lookUpOf(C.notYet) }),
    'error:lookUp [isExpired]': async (r) => r.answer('lookUp', { url: lookUpOf(C.expired) }),
    'error:lookUp [hasNothingLeft]': async (r) => r.answer('lookUp', { url: lookUpOf(C.usedUp) }),
    'error:lookUp [isNotFound]': async (r) => r.answer('lookUp', { url: lookUpOf(NO_SUCH_CODE) }),
    'error:lookUp': async (r, step: ReplayStep) => {
      // any other failure: the model's status (the demo server gives none of them), or no answer at all
      const error = (step.event as SentEvent & { error: { status: number; code: string; message: string } }).error;
      if (error.status === 0) return r.answer('lookUp', { drop: true });
      await r.answer('lookUp', { status: error.status, json: { error: error.code, message: error.message, fields: { voucher: [error.code] } } });
    },
    // the cart takes the line, or refuses a code it holds, while it handles the ADD: nothing to do
    'done:addToCart': async () => {},
    'done:addToCart [wasAlreadyInCart]': async () => {},
  },

  states: {
    'Entering.Typing': async (r) => {
      await r.shows(field(r), 'the voucher code field');
      await r.lacks(refusal(r), 'a refusal at the field');
      await r.lacks(added(r), 'the "code added" notice');
      await r.lacks(checking(r), 'the "checking the code" notice');
    },
    'Entering.Code missing': refused('VOUCHER_CODE_MISSING'),
    Checking: async (r) => {
      await r.shows(checking(r), 'the "checking the code" notice');
      await r.lacks(refusal(r), 'a refusal at the field');
      await r.lacks(added(r), 'the "code added" notice');
    },
    Valid: async (r) => {
      // the cart answers at once: the page shows what comes of adding (the code added, or already in the cart)
      await r.lacks(checking(r), 'the "checking the code" notice');
      const outcome = added(r).or(refusal(r, 'VOUCHER_ALREADY_IN_CART'));
      await r.shows(outcome, 'the code added, or "already in your cart"');
    },
    Added: async (r) => {
      await r.shows(added(r), 'the "code added" notice');
      await r.lacks(refusal(r), 'a refusal at the field');
      if ((await field(r).inputValue()) !== '') throw new Mismatch('the field still holds the code');
      const line = r.page.getByTestId('cart-line').filter({ hasText: new RegExp(C.partlyUsed, 'i') });
      await r.shows(line, 'the code as a line of the cart');
    },
    'Refused.Not yet valid': refused('VOUCHER_NOW_IS_BEFORE_VALID_FROM'),
    'Refused.Expired': refused('VOUCHER_NOW_IS_AFTER_VALID_TO'),
    'Refused.Nothing left': refused('VOUCHER_NO_AMOUNT_LEFT'),
    'Refused.Not found': refused('VOUCHER_NOT_FOUND'),
    'Refused.Already in cart': refused('VOUCHER_ALREADY_IN_CART'),
    'Refused.Unknown error': refused('VOUCHER_UNKNOWN_ERROR'),
  },
};
