import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import { isRequiredField, visibleFields, type AuthField } from '../../../domain/account-forms.js';
import { PageHeading } from '../PageHeading.js';
import { useLang } from '../../hooks.js';
import { CheckboxField, FormAlert } from '../../components/form.js';
import { AccountForm, CustomerField, LoadFailedNotice } from '../../components/AccountForm.js';
import { DeliveryAddressFields } from '../../components/DeliveryAddressFields.js';
import { useAuthActor, useReturnTo } from './use-auth.js';
import { routeHref } from '../../../domain/routes.js';
import { registrationStageOf } from '../../../../machines/auth.selectors.js';

/** When the cart ships (§5), registration and the guest form ask where to deliver: the billing address or another one. */
function DeliveryAddress() {
  const actor = useAuthActor();
  const cartShips = useSelector(actor, (s) => s.context.cartShips);
  const delivery = useSelector(actor, (s) => s.context.delivery);
  const errors = useSelector(actor, (s) => s.context.deliveryErrors);
  const countries = useSelector(actor, (s) => s.context.attr?.countries ?? {});
  if (!cartShips) return null;
  return (
    <DeliveryAddressFields
      sameAsBilling={delivery.sameAsBilling}
      values={delivery.values}
      errors={errors}
      countries={countries}
      onSameChange={(same) => actor.send({ type: 'SAME_AS_BILLING_CHANGED', same })}
      onChange={(field, value) => actor.send({ type: 'ADDRESS_CHANGED', field, value })}
    />
  );
}

/** The guest form's invoice choice (send_invoice). */
function GuestExtras() {
  const actor = useAuthActor();
  const sendInvoice = useSelector(actor, (s) => s.context.sendInvoice);
  return (
    <>
      <CheckboxField
        name="sendInvoice"
        label={<FormattedMessage id="auth.sendInvoice" />}
        checked={sendInvoice}
        onChange={(send) => actor.send({ type: 'SEND_INVOICE_CHANGED', send })}
      />
    </>
  );
}

/**
 * §2 register and guest register: the fields the server makes visible and required, countries and
 * salutations from customer/attr, 422 errors next to their fields.
 */
export function RegistrationForm({ guest }: { guest: boolean }) {
  const lang = useLang();
  const returnTo = useReturnTo();
  const actor = useAuthActor();
  const state = useSelector(actor, registrationStageOf);
  const values = useSelector(actor, (s) => s.context.values);
  const attr = useSelector(actor, (s) => s.context.attr);
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const formError = useSelector(actor, (s) => s.context.formError);
  const rejected = useSelector(actor, (s) => s.context.rejectedSubmits);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const titleId = guest ? 'title.guestRegister' : 'title.register';
  const search = returnTo ? { returnTo } : {};

  const field = (name: AuthField) => (
    <CustomerField
      key={name}
      field={name}
      value={values[name]}
      errors={fieldErrors[name]}
      required={isRequiredField(attr, name)}
      attr={attr}
      onChange={(value) => actor.send({ type: 'FIELD_CHANGED', field: name, value })}
    />
  );

  return (
    <section className="auth auth--register" aria-labelledby="register-title">
      <PageHeading>
        <span id="register-title">
          <FormattedMessage id={titleId} />
        </span>
      </PageHeading>
      {state === 'off' && (
        <div className="notice notice--info">
          <p>
            <FormattedMessage id="auth.guestOff" />
          </p>
          <p>
            <Link to={routeHref(lang, 'login')} search={search}>
              <FormattedMessage id="auth.loginLink" />
            </Link>
          </p>
        </div>
      )}
      {state === 'loading' && (
        <p role="status" className="screen-loading">
          <FormattedMessage id="page.loading" />
        </p>
      )}
      {state === 'failed' && <LoadFailedNotice messageId="form.fieldsFailed" onRetry={() => actor.send({ type: 'RETRY' })} />}
      {state === 'form' && (
        <AccountForm rejectedSubmits={rejected} busy={busy} submitId={guest ? 'auth.guestSubmit' : 'auth.registerSubmit'} wide onSubmit={() => actor.send({ type: 'SUBMIT' })}>
          <p className="auth__intro">
            <FormattedMessage id={guest ? 'auth.guestIntro' : 'auth.registerIntro'} />
          </p>
          <FormAlert message={formError} />
          <div className="auth__grid">{visibleFields(attr, guest).map(field)}</div>
          <DeliveryAddress />
          {guest && <GuestExtras />}
        </AccountForm>
      )}
      {!guest && (
        <p className="auth__links">
          <FormattedMessage id="auth.haveAccount" />{' '}
          <Link to={routeHref(lang, 'login')} search={search}>
            <FormattedMessage id="auth.loginLink" />
          </Link>
        </p>
      )}
    </section>
  );
}

export default function RegisterScreen() {
  return <RegistrationForm guest={false} />;
}
