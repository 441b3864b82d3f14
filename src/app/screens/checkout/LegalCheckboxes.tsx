import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import { useLang } from '../../hooks.js';
import { CheckboxField } from '../../components/form.js';
import { routeHref } from '../../../domain/routes.js';
import type { CheckoutActor } from './checkout-view.js';

/** The payment form's ticks: an invoice (§9 requestInvoice), the terms and the privacy policy. */
export function LegalCheckboxes({ actor }: { actor: CheckoutActor }) {
  const lang = useLang();
  const requestInvoice = useSelector(actor, (s) => s.context.requestInvoice);
  const terms = useSelector(actor, (s) => s.context.choice.termsAccepted);
  const privacy = useSelector(actor, (s) => s.context.choice.privacyAccepted);
  const errors = useSelector(actor, (s) => s.context.fieldErrors);
  return (
    <>
      <CheckboxField
        name="requestInvoice"
        checked={requestInvoice}
        onChange={(value) => actor.send({ type: 'SET_REQUEST_INVOICE', requestInvoice: value })}
        label={<FormattedMessage id="checkout.requestInvoice" />}
      />
      <CheckboxField
        name="terms"
        checked={terms}
        errors={errors.terms}
        onChange={(accepted) => actor.send({ type: 'SET_TERMS', accepted })}
        label={
          <FormattedMessage
            id="checkout.terms"
            values={{
              link: (chunks) => (
                <Link to={routeHref(lang, 'page', { id: 'terms' })} target="_blank">
                  {chunks}
                </Link>
              ),
            }}
          />
        }
      />
      <CheckboxField
        name="privacy"
        checked={privacy}
        errors={errors.privacy}
        onChange={(accepted) => actor.send({ type: 'SET_PRIVACY', accepted })}
        label={
          <FormattedMessage
            id="checkout.privacy"
            values={{
              link: (chunks) => (
                <Link to={routeHref(lang, 'page', { id: 'data_protection' })} target="_blank">
                  {chunks}
                </Link>
              ),
            }}
          />
        }
      />
    </>
  );
}
