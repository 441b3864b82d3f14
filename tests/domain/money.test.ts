import { describe, expect, it } from 'vitest';
import { roundMinor, taxByRate, taxTotal, toMajor, toMinor, vatPerItem } from '../../src/domain/money.js';

describe('VAT included in a gross price (§9)', () => {
  it('takes price - price / (1 + rate), rounded to whole Rappen', () => {
    // 20.00 CHF at 8.1 %: 2000 - 2000 / 1.081 = 149.861… -> 150
    expect(vatPerItem(2000, 8.1)).toBe(150);
    // 12.50 CHF at 2.6 %: 1250 - 1250 / 1.026 = 31.676… -> 32
    expect(vatPerItem(1250, 2.6)).toBe(32);
    // 1.00 CHF at 8.1 %: 100 - 92.507 = 7.49 -> 7
    expect(vatPerItem(100, 8.1)).toBe(7);
  });

  it('is 0 without a rate', () => {
    expect(vatPerItem(2000, 0)).toBe(0);
    expect(vatPerItem(2000, Number.NaN)).toBe(0);
  });

  it('sums VAT per item times count into the tax total', () => {
    // 3 x 20.00 at 8.1 % = 3 x 150; 2 x 12.50 at 2.6 % = 2 x 32
    expect(taxTotal([{ price: 2000, count: 3, vatPercent: 8.1 }, { price: 1250, count: 2, vatPercent: 2.6 }, { price: 500, count: 1 }])).toBe(514);
    expect(taxByRate([{ price: 2000, count: 3, vatPercent: 8.1 }, { price: 1250, count: 2, vatPercent: 2.6 }])).toEqual([
      { ratePercent: 2.6, tax: 64 },
      { ratePercent: 8.1, tax: 450 },
    ]);
  });
});

describe('minor units', () => {
  it('converts between currency units and minor units', () => {
    expect(toMinor(12.5)).toBe(1250);
    expect(toMinor(0.29)).toBe(29);
    expect(toMajor(12345)).toBe(123.45);
  });

  it('rounds half away from zero', () => {
    expect(roundMinor(2.5)).toBe(3);
    expect(roundMinor(-2.5)).toBe(-3);
    expect(roundMinor(-0.2)).toBe(0);
    expect(Object.is(roundMinor(-0.2), -0)).toBe(false);
  });
});
