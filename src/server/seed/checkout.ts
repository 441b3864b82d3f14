/**
 * Demo checkout data: payment types (§9: 161 card and twint, the default; 74 and 164 direct
 * debit), shipping rates by country and weight (US is not shippable: `countries.shippable`, seed/catalog.ts), and
 * upselling suggestions for checkout/suggest.
 */
import type { Db } from '../db/index.js';
import { DEMO } from './demo.js';

export const PAYMENT_TYPES = [
  {
    payart: 161,
    directDebit: false,
    requiresLogin: false,
    i18n: {
      de: 'Online-Zahlung (Karte und TWINT)',
      en: 'Online payment (card and TWINT)',
      fr: 'Paiement en ligne (carte et TWINT)',
      it: 'Pagamento online (carta e TWINT)',
      nl: 'Online betalen (kaart en TWINT)',
      es: 'Pago en línea (tarjeta y TWINT)',
      sv: 'Onlinebetalning (kort och TWINT)',
      da: 'Onlinebetaling (kort og TWINT)',
    },
  },
  {
    payart: 74,
    directDebit: true,
    requiresLogin: true,
    i18n: {
      de: 'Lastschrift',
      en: 'Direct debit',
      fr: 'Prélèvement',
      it: 'Addebito diretto',
      nl: 'Automatische incasso',
      es: 'Domiciliación bancaria',
      sv: 'Autogiro',
      da: 'Direkte debitering',
    },
  },
  {
    payart: 164,
    directDebit: true,
    requiresLogin: true,
    i18n: {
      de: 'SEPA-Lastschrift',
      en: 'SEPA direct debit',
      fr: 'Prélèvement SEPA',
      it: 'Addebito diretto SEPA',
      nl: 'SEPA-incasso',
      es: 'Adeudo directo SEPA',
      sv: 'SEPA-autogiro',
      da: 'SEPA direkte debitering',
    },
  },
] as const;

/** [country or '*', from weight in grams, cost in minor units] */
export const SHIPPING_RATES: readonly (readonly [string, number, number])[] = [
  ['CH', 0, 700],
  ['CH', 1000, 900],
  ['CH', 5000, 1500],
  ['LI', 0, 700],
  ['LI', 1000, 900],
  ['LI', 5000, 1500],
  ['*', 0, 1500],
  ['*', 1000, 2500],
  ['*', 5000, 4000],
];

export async function seedCheckout(db: Db, now: Date): Promise<void> {
  void now;
  let seq = 0;
  for (const type of PAYMENT_TYPES) {
    await db.query('INSERT INTO payment_types (payart_id, i18n, sequence_no, direct_debit, requires_login) VALUES ($1, $2, $3, $4, $5)', [
      type.payart,
      JSON.stringify(type.i18n),
      ++seq,
      type.directDebit,
      type.requiresLogin,
    ]);
  }
  for (const [country, minWeight, cost] of SHIPPING_RATES) {
    await db.query('INSERT INTO shipping_rates (country, min_weight, cost) VALUES ($1, $2, $3)', [country, minWeight, cost]);
  }
  seq = 0;
  // the out-of-stock poster is listed too: checkout/suggest must leave it out
  for (const id of [DEMO.merchandise.catalogue, DEMO.outOfStock, DEMO.merchandise.guide, DEMO.merchandise.childrensBook, DEMO.merchandise.posterLilies]) {
    await db.query('INSERT INTO suggestions (item, sequence_no) VALUES ($1, $2)', [JSON.stringify({ type: 'merchandise', id, count: 1 }), ++seq]);
  }
}
