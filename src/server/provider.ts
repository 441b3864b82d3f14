/**
 * The simulated payment provider (issue 2 item 6, issue 41), served under `/provider/…` outside the app.
 *
 *   GET  /provider/{lang}/pay?cartId=…&session=…   the page: amount, lines, three buttons; or the
 *                                                  payment's receipt, its refund included
 *   POST /provider/{lang}/pay/pay     → 303 url.continue?us=…&sessionUs=…&cartId=…  (takes the payment)
 *   POST /provider/{lang}/pay/cancel  → 303 url.cancel?cartId=…                       (changes nothing)
 *   POST /provider/{lang}/pay/fail    → 303 {shop origin}/{lang}/checkout/failed?cartId=…
 *
 * Like a real provider it keeps its own books (provider-books.ts): Pay records the payment and a
 * notice to the shop, which the dispatcher sends, signed, until the shop answers 2xx; the shop
 * books from that notice or from the browser's return, whichever comes first. The provider does
 * not know the shop's hold: its page takes a payment for an open cart up to a day after
 * initPayment (PROVIDER_SESSION_MS), and the shop books it or refunds it. A cart the shop ended
 * (cancelled, booked, refunded) or paid already answers a 410 page; an unknown cart or a wrong
 * session a 404 page. The buttons are POST forms carrying cartId and session.
 */
import { Hono, type Context } from 'hono';
import { validator } from 'hono/validator';
import * as v from 'valibot';
import type { Db } from './db/index.js';
import type { ServerServices } from './services.js';
import { isLanguage, DEFAULT_LANGUAGE, type Language } from '../api/languages.js';
import { ProviderActionSchema, ProviderSessionSchema } from '../api/schemas/checkout-requests.js';
import { loadCart, CURRENCY, type CartRow } from './carts.js';
import { randomId } from './auth.js';
import { recordPayment, simulatedProviderApi, type NoticeDispatcher, type ProviderPayment } from './provider-books.js';
import type { ShopEnv } from './http.js';
import { getMuseumTimeZone } from '../domain/museum-clock.js';

interface Texts {
  title: string;
  intro: string;
  amount: string;
  order: string;
  pay: string;
  cancel: string;
  fail: string;
  gone: string;
  unknown: string;
  back: string;
  shipping: string;
  discount: string;
  /** the receipt of a refunded payment: {amount}, {date} */
  refunded: string;
  /** the receipt of a payment taken: {amount} */
  paid: string;
  /** issue 42: the address an anonymous buyer gives for the confirmation (optional) */
  email: string;
  emailHelp: string;
  emailInvalid: string;
}

const TEXTS: Record<Language, Texts> = {
  de: {
    title: 'Zahlung', intro: 'Simulierter Zahlungsanbieter des Referenzservers. Es wird kein Geld bewegt.', amount: 'Zu zahlender Betrag', order: 'Bestellung',
    pay: 'Bezahlen', cancel: 'Abbrechen', fail: 'Fehlgeschlagene Zahlung simulieren', gone: 'Diese Zahlung ist nicht mehr möglich: Der Warenkorb wurde bereits bezahlt, abgebrochen oder ist abgelaufen.',
    unknown: 'Diese Zahlung ist unbekannt.', back: 'Zurück zum Shop', shipping: 'Versand', discount: 'Gutscheine', refunded: 'Diese Zahlung über {amount} wurde am {date} vollständig zurückerstattet.', paid: 'Diese Zahlung über {amount} ist eingegangen.',
    email: 'E-Mail-Adresse für Bestätigung und Tickets', emailHelp: 'Wir senden die Bestätigung und die Tickets an diese Adresse.', emailInvalid: 'Bitte geben Sie eine gültige E-Mail-Adresse ein oder lassen Sie das Feld leer.',
  },
  en: {
    title: 'Payment', intro: 'Simulated payment provider of the reference server. No money is moved.', amount: 'Amount to pay', order: 'Order',
    pay: 'Pay', cancel: 'Cancel', fail: 'Simulate a failed payment', gone: 'This payment is no longer possible: the cart has been paid already, cancelled or has timed out.',
    unknown: 'This payment is unknown.', back: 'Back to the shop', shipping: 'Shipping', discount: 'Vouchers', refunded: 'This payment of {amount} was refunded in full on {date}.', paid: 'This payment of {amount} has been received.',
    email: 'E-mail address for the confirmation and tickets', emailHelp: 'We send the confirmation and the tickets to this address.', emailInvalid: 'Please enter a valid e-mail address or leave the field empty.',
  },
  fr: {
    title: 'Paiement', intro: 'Prestataire de paiement simulé du serveur de référence. Aucun argent n’est débité.', amount: 'Montant à payer', order: 'Commande',
    pay: 'Payer', cancel: 'Annuler', fail: 'Simuler un échec de paiement', gone: 'Ce paiement n’est plus possible : le panier a déjà été payé, annulé ou a expiré.',
    unknown: 'Ce paiement est inconnu.', back: 'Retour à la boutique', shipping: 'Livraison', discount: 'Bons', refunded: 'Ce paiement de {amount} a été intégralement remboursé le {date}.', paid: 'Ce paiement de {amount} a été reçu.',
    email: 'Adresse e-mail pour la confirmation et les billets', emailHelp: 'Nous envoyons la confirmation et les billets à cette adresse.', emailInvalid: 'Veuillez saisir une adresse e-mail valide ou laisser le champ vide.',
  },
  it: {
    title: 'Pagamento', intro: 'Fornitore di pagamento simulato del server di riferimento. Nessun denaro viene addebitato.', amount: 'Importo da pagare', order: 'Ordine',
    pay: 'Paga', cancel: 'Annulla', fail: 'Simula un pagamento non riuscito', gone: 'Questo pagamento non è più possibile: il carrello è già stato pagato, annullato o è scaduto.',
    unknown: 'Questo pagamento è sconosciuto.', back: 'Torna al negozio', shipping: 'Spedizione', discount: 'Buoni', refunded: 'Questo pagamento di {amount} è stato rimborsato integralmente il {date}.', paid: 'Questo pagamento di {amount} è stato ricevuto.',
    email: 'Indirizzo e-mail per la conferma e i biglietti', emailHelp: 'Inviamo la conferma e i biglietti a questo indirizzo.', emailInvalid: 'Inserisci un indirizzo e-mail valido o lascia vuoto il campo.',
  },
  nl: {
    title: 'Betaling', intro: 'Gesimuleerde betaalprovider van de referentieserver. Er wordt geen geld overgemaakt.', amount: 'Te betalen bedrag', order: 'Bestelling',
    pay: 'Betalen', cancel: 'Annuleren', fail: 'Mislukte betaling simuleren', gone: 'Deze betaling is niet meer mogelijk: de winkelwagen is al betaald, geannuleerd of verlopen.',
    unknown: 'Deze betaling is onbekend.', back: 'Terug naar de winkel', shipping: 'Verzending', discount: 'Waardebonnen', refunded: 'Deze betaling van {amount} is op {date} volledig terugbetaald.', paid: 'Deze betaling van {amount} is ontvangen.',
    email: 'E-mailadres voor de bevestiging en de tickets', emailHelp: 'We sturen de bevestiging en de tickets naar dit adres.', emailInvalid: 'Vul een geldig e-mailadres in of laat het veld leeg.',
  },
  es: {
    title: 'Pago', intro: 'Proveedor de pagos simulado del servidor de referencia. No se mueve dinero.', amount: 'Importe a pagar', order: 'Pedido',
    pay: 'Pagar', cancel: 'Cancelar', fail: 'Simular un pago fallido', gone: 'Este pago ya no es posible: el carrito ya se ha pagado, se ha cancelado o ha caducado.',
    unknown: 'Este pago es desconocido.', back: 'Volver a la tienda', shipping: 'Envío', discount: 'Vales', refunded: 'Este pago de {amount} se reembolsó íntegramente el {date}.', paid: 'Este pago de {amount} se ha recibido.',
    email: 'Correo electrónico para la confirmación y las entradas', emailHelp: 'Enviamos la confirmación y las entradas a esta dirección.', emailInvalid: 'Introduzca una dirección de correo válida o deje el campo vacío.',
  },
  sv: {
    title: 'Betalning', intro: 'Simulerad betalleverantör för referensservern. Inga pengar dras.', amount: 'Belopp att betala', order: 'Beställning',
    pay: 'Betala', cancel: 'Avbryt', fail: 'Simulera en misslyckad betalning', gone: 'Den här betalningen är inte längre möjlig: varukorgen är redan betald, avbruten eller har gått ut.',
    unknown: 'Den här betalningen är okänd.', back: 'Tillbaka till butiken', shipping: 'Frakt', discount: 'Presentkort', refunded: 'Den här betalningen på {amount} återbetalades i sin helhet den {date}.', paid: 'Den här betalningen på {amount} har tagits emot.',
    email: 'E-postadress för bekräftelsen och biljetterna', emailHelp: 'Vi skickar bekräftelsen och biljetterna till den här adressen.', emailInvalid: 'Ange en giltig e-postadress eller lämna fältet tomt.',
  },
  da: {
    title: 'Betaling', intro: 'Simuleret betalingsudbyder for referenceserveren. Der flyttes ingen penge.', amount: 'Beløb at betale', order: 'Bestilling',
    pay: 'Betal', cancel: 'Annuller', fail: 'Simuler en mislykket betaling', gone: 'Denne betaling er ikke længere mulig: kurven er allerede betalt, annulleret eller udløbet.',
    unknown: 'Denne betaling er ukendt.', back: 'Tilbage til butikken', shipping: 'Forsendelse', discount: 'Gavekort', refunded: 'Denne betaling på {amount} blev refunderet fuldt ud den {date}.', paid: 'Denne betaling på {amount} er modtaget.',
    email: 'E-mailadresse til bekræftelsen og billetterne', emailHelp: 'Vi sender bekræftelsen og billetterne til denne adresse.', emailInvalid: 'Indtast en gyldig e-mailadresse, eller lad feltet stå tomt.',
  },
};

/** The payer's address as the provider takes it (issue 42). */
const PayerEmailSchema = v.pipe(v.string(), v.maxLength(254), v.email());

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function money(lang: Language, minor: number): string {
  return new Intl.NumberFormat(`${lang}-CH`, { style: 'currency', currency: CURRENCY }).format(minor / 100);
}

const STYLE = `
body{font-family:system-ui,sans-serif;margin:0;background:#f4f4f1;color:#1d1d1b;line-height:1.5}
main{max-width:32rem;margin:2rem auto;background:#fff;padding:1.5rem 2rem;border-radius:8px;box-shadow:0 1px 4px #0002}
h1{font-size:1.5rem;margin-top:0}
table{width:100%;border-collapse:collapse;margin:1rem 0}
td,th{padding:.25rem 0;text-align:left}td.n,th.n{text-align:right}
tfoot th{border-top:2px solid #1d1d1b;font-size:1.2rem}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.5rem}
button,a.button{font:inherit;min-height:44px;padding:.5rem 1.25rem;border-radius:6px;border:2px solid #1d1d1b;background:#fff;color:#1d1d1b;cursor:pointer;text-decoration:none;display:inline-flex;align-items:center}
button.pay{background:#0b5d1e;border-color:#0b5d1e;color:#fff}
button:focus-visible,a:focus-visible{outline:3px solid #1a56db;outline-offset:2px}
.note{color:#555;font-size:.9rem}
.actions form:first-child{flex-basis:100%}
.field{display:flex;flex-direction:column;gap:.25rem;margin:0 0 .75rem}
.field input{font:inherit;min-height:44px;padding:.25rem .5rem;border:2px solid #555;border-radius:6px}
.field input[aria-invalid]{border-color:#b00020}
.error{color:#b00020;margin:0 0 .75rem}
`;

function page(lang: Language, title: string, body: string): string {
  return `<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body>
</html>`;
}

function send(status: number, html: string): Response {
  return new Response(html, {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    },
  });
}

function redirect(location: string): Response {
  return new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });
}

function messagePage(status: number, lang: Language, message: string, backTo: string | null): Response {
  const t = TEXTS[lang];
  const back = backTo ? `<p><a class="button" href="${escapeHtml(backTo)}">${escapeHtml(t.back)}</a></p>` : '';
  return send(status, page(lang, t.title, `<h1>${escapeHtml(t.title)}</h1><p role="alert">${escapeHtml(message)}</p>${back}`));
}

/** What the pay form asks an anonymous buyer (issue 42): their address, as hosted payment pages do. */
interface EmailField {
  value: string;
  invalid: boolean;
}

function emailField(lang: Language, field: EmailField): string {
  const t = TEXTS[lang];
  const error = field.invalid ? `<p id="email-error" class="error" role="alert">${escapeHtml(t.emailInvalid)}</p>` : '';
  return `<p class="field"><label for="email">${escapeHtml(t.email)}</label>
<input id="email" name="email" type="email" autocomplete="email" maxlength="254" value="${escapeHtml(field.value)}" aria-describedby="email-help${field.invalid ? ' email-error' : ''}"${field.invalid ? ' aria-invalid="true"' : ''}>
<span id="email-help" class="note">${escapeHtml(t.emailHelp)}</span></p>${error}`;
}

function paymentPage(lang: Language, cart: CartRow, session: string, email: EmailField | null): string {
  const t = TEXTS[lang];
  // voucher codes are 0 here; their value shows as the discount line
  const rows = cart.lines
    .filter((line) => line.type !== 'voucherCode')
    .map((line) => `<tr><td>${escapeHtml(line.name)}</td><td class="n">${escapeHtml(money(lang, line.amount))}</td></tr>`).join('');
  const extra = [
    cart.shipping > 0 ? `<tr><td>${escapeHtml(t.shipping)}</td><td class="n">${escapeHtml(money(lang, cart.shipping))}</td></tr>` : '',
    cart.discount > 0 ? `<tr><td>${escapeHtml(t.discount)}</td><td class="n">−${escapeHtml(money(lang, cart.discount))}</td></tr>` : '',
  ].join('');
  const hidden = `<input type="hidden" name="cartId" value="${escapeHtml(cart.id)}"><input type="hidden" name="session" value="${escapeHtml(session)}">`;
  const button = (action: string, label: string, cls = '', fields = '') =>
    `<form method="post" action="/provider/${lang}/pay/${action}">${hidden}${fields}<button type="submit"${cls ? ` class="${cls}"` : ''}>${escapeHtml(label)}</button></form>`;
  return page(
    lang,
    `${t.title}: ${money(lang, cart.amount)}`,
    `<h1>${escapeHtml(t.title)}</h1>
<p class="note">${escapeHtml(t.intro)}</p>
<table><caption class="note">${escapeHtml(t.order)} ${escapeHtml(cart.id)}</caption>
<tbody>${rows}${extra}</tbody>
<tfoot><tr><th scope="row">${escapeHtml(t.amount)}</th><th class="n" data-amount="${cart.amount}">${escapeHtml(money(lang, cart.amount))}</th></tr></tfoot></table>
<div class="actions">${button('pay', t.pay, 'pay', email ? emailField(lang, email) : '')}${button('cancel', t.cancel)}${button('fail', t.fail)}</div>`,
  );
}

/** A day: how long the provider's page takes a payment for an open cart (it does not know the shop's hold). */
export const PROVIDER_SESSION_MS = 24 * 60 * 60 * 1000;

function receiptPage(lang: Language, payment: ProviderPayment, backTo: string): string {
  const t = TEXTS[lang];
  const amount = money(lang, payment.amount);
  const text = payment.status === 'refunded' && payment.refunded_at
    ? t.refunded.replace('{amount}', amount).replace('{date}', new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeStyle: 'short', timeZone: getMuseumTimeZone() }).format(new Date(payment.refunded_at)))
    : t.paid.replace('{amount}', amount);
  return page(
    lang,
    t.title,
    `<h1>${escapeHtml(t.title)}</h1><p role="status" data-payment-status="${payment.status}">${escapeHtml(text)}</p><p class="note">${escapeHtml(t.order)} ${escapeHtml(payment.cart_id)}</p><p><a class="button" href="${escapeHtml(backTo)}">${escapeHtml(t.back)}</a></p>`,
  );
}

function withQuery(base: string, params: Record<string, string>): string {
  const url = new URL(base);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

const shopOrigin = (cart: CartRow) => new URL(cart.url_continue).origin;

/** The language of the path; an unknown one shows the pages in the default language. */
function languageOf(c: Context<ShopEnv>): { lang: Language; known: boolean } {
  const segment = c.req.param('lang') ?? '';
  return isLanguage(segment) ? { lang: segment, known: true } : { lang: DEFAULT_LANGUAGE, known: false };
}

/** The provider pages as a Hono app to mount at `/provider`, given the database and services. */
export type ProviderHandler = (deps: { db: Db; services: ServerServices }) => Hono<ShopEnv>;

/** `notices`: the dispatcher that sends the payment notices (kicked after every payment). */
export function createProviderHandler(notices?: NoticeDispatcher): ProviderHandler {
  return ({ db, services }) => {
    /** Open and within the provider's own session: a payment can still be taken. */
    const payable = (cart: CartRow, now: Date) => cart.status === 'open' && now.getTime() - new Date(cart.created_at).getTime() <= PROVIDER_SESSION_MS;
    const app = new Hono<ShopEnv>({ strict: true });
    const unknown = (c: Context<ShopEnv>) => {
      const { lang } = languageOf(c);
      return messagePage(404, lang, TEXTS[lang].unknown, null);
    };

    app.get('/:lang/pay', async (c) => {
      const { lang, known } = languageOf(c);
      if (!known) return unknown(c);
      const input = v.safeParse(ProviderSessionSchema, { cartId: c.req.query('cartId') ?? '', session: c.req.query('session') ?? '' });
      if (!input.success) return unknown(c);
      const cart = await loadCart(db, input.output.cartId);
      if (!cart || cart.session_us !== input.output.session) return unknown(c);
      const payment = await simulatedProviderApi.paymentOfCart(db, cart.id);
      if (payment) return send(200, receiptPage(lang, payment, withQuery(cart.url_continue, { us: payment.us, sessionUs: cart.session_us, cartId: cart.id })));
      if (!payable(cart, services.now())) return messagePage(410, lang, TEXTS[lang].gone, cart.url_cancel);
      return send(200, paymentPage(lang, cart, input.output.session, cart.customer_id === null ? { value: '', invalid: false } : null));
    });

    // the buttons' forms: cartId and session, checked with the same schema as the page's query
    const sessionForm = validator('form', (form, c) => {
      const input = v.safeParse(ProviderSessionSchema, { cartId: form.cartId ?? '', session: form.session ?? '' });
      return input.success ? { ...input.output, email: typeof form.email === 'string' ? form.email.trim() : '' } : unknown(c);
    });

    app.post('/:lang/pay/:action', sessionForm, async (c) => {
      const { lang, known } = languageOf(c);
      const act = v.safeParse(ProviderActionSchema, c.req.param('action'));
      if (!known || !act.success) return unknown(c);
      const t = TEXTS[lang];
      const { cartId, session, email } = c.req.valid('form');

      if (act.output === 'pay') {
        const now = services.now();
        // an anonymous buyer's address (optional): checked before any money moves
        if (email !== '' && !v.is(PayerEmailSchema, email)) {
          const cart = await loadCart(db, cartId);
          if (!cart || cart.session_us !== session) return unknown(c);
          return send(422, paymentPage(lang, cart, session, { value: email, invalid: true }));
        }
        const outcome = await db.transaction(async (tx) => {
          // the shop's cart row locked: a payment and the shop's initPaymentOrder or cancel never cross
          const cart = await loadCart(tx, cartId, true);
          if (!cart || cart.session_us !== session) return { kind: 'unknown' as const };
          // a second click keeps the first payment
          const earlier = await simulatedProviderApi.paymentOfCart(tx, cart.id);
          if (earlier) return { kind: 'paid' as const, cart, us: earlier.us, first: false };
          if (!payable(cart, now)) return { kind: 'gone' as const, cart };
          const us = randomId(12);
          const payerEmail = cart.customer_id === null && email !== '' ? email : null;
          await recordPayment(tx, { us, cartId: cart.id, amount: cart.amount, currency: CURRENCY, payerEmail }, now);
          return { kind: 'paid' as const, cart, us, first: true };
        });
        if (outcome.kind === 'unknown') return unknown(c);
        if (outcome.kind === 'gone') return messagePage(410, lang, t.gone, outcome.cart.url_cancel);
        if (outcome.first) {
          services.log(`Provider: cart ${cartId} paid (${outcome.cart.amount} minor units)`);
          notices?.kick();
        }
        return redirect(withQuery(outcome.cart.url_continue, { us: outcome.us, sessionUs: session, cartId }));
      }

      const cart = await loadCart(db, cartId);
      if (!cart || cart.session_us !== session) return unknown(c);
      if (act.output === 'cancel') return redirect(withQuery(cart.url_cancel, { cartId }));
      return redirect(withQuery(`${shopOrigin(cart)}/${lang}/checkout/failed`, { cartId }));
    });

    // any other path or method under /provider/
    app.all('/:lang/*', unknown);
    app.all('*', unknown);
    return app;
  };
}
