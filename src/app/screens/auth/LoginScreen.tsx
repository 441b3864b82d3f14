import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { PageHeading } from '../PageHeading.js';
import { FromUnauthorizedNotice } from './FromUnauthorizedNotice.js';
import { useConfig, useLang } from '../../hooks.js';
import { FormAlert, TextField } from '../../components/form.js';
import { AccountForm } from '../../components/AccountForm.js';
import { useAuthActor, useReturnTo } from './use-auth.js';
import { routeHref } from '../../../domain/routes.js';

/** §2 login: e-mail and password; a failure is AUTH_LOGIN_FAILED as an announced alert at the form (no toast besides). */
export default function LoginScreen() {
  const intl = useIntl();
  const lang = useLang();
  const config = useConfig();
  const returnTo = useReturnTo();
  const actor = useAuthActor();
  const values = useSelector(actor, (s) => s.context.values);
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const formError = useSelector(actor, (s) => s.context.formError);
  const rejected = useSelector(actor, (s) => s.context.rejectedSubmits);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const search = returnTo ? { returnTo } : {};
  return (
    <section className="auth" aria-labelledby="login-title">
      <FromUnauthorizedNotice />
      <PageHeading>
        <span id="login-title">
          <FormattedMessage id="title.login" />
        </span>
      </PageHeading>
      <AccountForm rejectedSubmits={rejected} busy={busy} submitId="auth.loginSubmit" onSubmit={() => actor.send({ type: 'SUBMIT' })}>
        <FormAlert message={formError} />
        <TextField
          name="email"
          type="email"
          autoComplete="username"
          required
          label={intl.formatMessage({ id: 'auth.email' })}
          value={values.email}
          errors={fieldErrors.email}
          onChange={(value) => actor.send({ type: 'FIELD_CHANGED', field: 'email', value })}
        />
        <TextField
          name="password"
          type="password"
          autoComplete="current-password"
          required
          label={intl.formatMessage({ id: 'auth.password' })}
          value={values.password}
          errors={fieldErrors.password}
          onChange={(value) => actor.send({ type: 'FIELD_CHANGED', field: 'password', value })}
        />
      </AccountForm>
      <ul className="auth__links">
        <li>
          <Link to={routeHref(lang, 'forgotPassword')} search={search}>
            <FormattedMessage id="auth.forgotPasswordLink" />
          </Link>
        </li>
        {config.hasUserRegistration && (
          <li>
            <Link to={routeHref(lang, 'register')} search={search}>
              <FormattedMessage id="auth.registerLink" />
            </Link>
          </li>
        )}
        {config.hasGuestRegistration && (
          <li>
            <Link to={routeHref(lang, 'guestRegister')} search={search}>
              <FormattedMessage id="auth.guestLink" />
            </Link>
          </li>
        )}
      </ul>
    </section>
  );
}
