import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { PAYART_EXPRESS } from '../../../api/schemas/checkout.js';
import { isDirectDebit } from '../../../domain/payment.js';
import { useLang } from '../../hooks.js';
import { TextField } from '../../components/form.js';
import type { CheckoutActor } from './checkout-view.js';

/** The payment step's choices: the method, the wallet of an express payment, a direct debit's account. */
export function PaymentMethod({ actor }: { actor: CheckoutActor }) {
  const intl = useIntl();
  const lang = useLang();
  const types = useSelector(actor, (s) => s.context.paymentTypes);
  const payart = useSelector(actor, (s) => s.context.choice.payart);
  const wallet = useSelector(actor, (s) => s.context.choice.wallet);
  const holder = useSelector(actor, (s) => s.context.choice.accountHolder);
  const iban = useSelector(actor, (s) => s.context.choice.iban);
  const errors = useSelector(actor, (s) => s.context.fieldErrors);
  const loggedIn = useSelector(actor, (s) => s.context.jwt !== null);
  const offered = types.length > 0 ? types : [{ payartId: PAYART_EXPRESS, i18n: {} as Record<string, string> }];
  const name = (t: { payartId: number; i18n: Record<string, string | undefined> }) =>
    t.i18n[lang] ?? t.i18n.en ?? intl.formatMessage({ id: 'checkout.payart' }, { id: t.payartId });
  return (
    <>
      <fieldset className="checkout__fieldset">
        <legend>
          <FormattedMessage id="checkout.paymentMethod" />
        </legend>
        {offered.map((t) => (
          <div key={t.payartId} className="choice">
            <label className="choice__label">
              <input
                type="radio"
                name="payart"
                value={t.payartId}
                checked={payart === t.payartId}
                onChange={() => actor.send({ type: 'SELECT_PAYMENT', payart: t.payartId })}
              />
              <span>{name(t)}</span>
              {t.payartId === PAYART_EXPRESS ? (
                <span className="choice__note">
                  <FormattedMessage id="checkout.expressNote" />
                </span>
              ) : (
                !loggedIn && (
                  <span className="choice__note">
                    <FormattedMessage id="checkout.needsLoginNote" />
                  </span>
                )
              )}
            </label>
          </div>
        ))}
      </fieldset>
      {payart === PAYART_EXPRESS && (
        <fieldset className="checkout__fieldset">
          <legend>
            <FormattedMessage id="checkout.wallet" />
          </legend>
          {([null, 'APPLEPAY', 'GOOGLEPAY'] as const).map((w) => (
            <div key={w ?? 'card'} className="choice">
              <label className="choice__label">
                <input type="radio" name="wallet" checked={wallet === w} onChange={() => actor.send({ type: 'SELECT_WALLET', wallet: w })} />
                <span>
                  <FormattedMessage id={`checkout.wallet.${w ?? 'card'}`} />
                </span>
              </label>
            </div>
          ))}
        </fieldset>
      )}
      {isDirectDebit(payart) && (
        <fieldset className="checkout__fieldset">
          <legend>
            <FormattedMessage id="checkout.directDebit" />
          </legend>
          <TextField
            name="accountHolder"
            autoComplete="name"
            required
            label={intl.formatMessage({ id: 'checkout.accountHolder' })}
            value={holder}
            errors={errors.accountHolder}
            onChange={(value) => actor.send({ type: 'SET_ACCOUNT_HOLDER', value })}
          />
          <TextField
            name="iban"
            required
            label={intl.formatMessage({ id: 'checkout.iban' })}
            hint={intl.formatMessage({ id: 'checkout.ibanHint' })}
            value={iban}
            errors={errors.iban}
            onChange={(value) => actor.send({ type: 'SET_IBAN', value })}
          />
        </fieldset>
      )}
    </>
  );
}
