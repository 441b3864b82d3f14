import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { PageHeading } from '../PageHeading.js';
import { useLang } from '../../hooks.js';
import { FormAlert, TextField } from '../../components/form.js';
import { AccountForm } from '../../components/AccountForm.js';
import { useAuthActor } from './use-auth.js';
import { routeHref } from '../../../domain/routes.js';

/** §2 forgot password: a valid e-mail; the recovery link goes to that address. */
export default function ForgotPasswordScreen() {
  const intl = useIntl();
  const lang = useLang();
  const actor = useAuthActor();
  const email = useSelector(actor, (s) => s.context.values.email);
  const errors = useSelector(actor, (s) => s.context.fieldErrors.email);
  const formError = useSelector(actor, (s) => s.context.formError);
  const rejected = useSelector(actor, (s) => s.context.rejectedSubmits);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  return (
    <section className="auth" aria-labelledby="forgot-title">
      <PageHeading>
        <span id="forgot-title">
          <FormattedMessage id="title.forgotPassword" />
        </span>
      </PageHeading>
      <AccountForm rejectedSubmits={rejected} busy={busy} submitId="auth.forgotSubmit" onSubmit={() => actor.send({ type: 'SUBMIT' })}>
        <p className="auth__intro">
          <FormattedMessage id="auth.forgotIntro" />
        </p>
        <FormAlert message={formError} />
        <TextField
          name="email"
          type="email"
          autoComplete="email"
          required
          label={intl.formatMessage({ id: 'auth.email' })}
          value={email}
          errors={errors}
          onChange={(value) => actor.send({ type: 'FIELD_CHANGED', field: 'email', value })}
        />
      </AccountForm>
      <p className="auth__links">
        <Link to={routeHref(lang, 'login')}>
          <FormattedMessage id="auth.backToLogin" />
        </Link>
      </p>
    </section>
  );
}
