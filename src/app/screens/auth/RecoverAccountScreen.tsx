import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { PageHeading } from '../PageHeading.js';
import { useLang } from '../../hooks.js';
import { FormAlert, TextField } from '../../components/form.js';
import { AccountForm } from '../../components/AccountForm.js';
import { useAuthActor } from './use-auth.js';
import { routeHref } from '../../../domain/routes.js';
import { recoveryStageOf } from '../../../../machines/auth.selectors.js';

/** §2 recover/{guid}: the mailed link; a new password twice, then the visitor is logged in. */
export default function RecoverAccountScreen() {
  const intl = useIntl();
  const lang = useLang();
  const actor = useAuthActor();
  const values = useSelector(actor, (s) => s.context.values);
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const formError = useSelector(actor, (s) => s.context.formError);
  const rejected = useSelector(actor, (s) => s.context.rejectedSubmits);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const stage = useSelector(actor, recoveryStageOf);
  if (stage !== 'form') {
    return (
      <section className="auth" aria-labelledby="recover-title">
        <PageHeading>
          <span id="recover-title">
            <FormattedMessage id="title.recoverAccount" />
          </span>
        </PageHeading>
        {stage === 'checking' ? (
          <p className="screen-loading" role="status">
            <FormattedMessage id="auth.recoveryLinkChecking" />
          </p>
        ) : (
          <p className="notice notice--warning" role="alert" data-testid="recovery-link-invalid">
            <FormattedMessage id="auth.recoveryLinkInvalid" />
          </p>
        )}
        <p className="auth__links">
          <Link to={routeHref(lang, 'forgotPassword')}>
            <FormattedMessage id="auth.requestNewLink" />
          </Link>
        </p>
      </section>
    );
  }
  return (
    <section className="auth" aria-labelledby="recover-title">
      <PageHeading>
        <span id="recover-title">
          <FormattedMessage id="title.recoverAccount" />
        </span>
      </PageHeading>
      <AccountForm rejectedSubmits={rejected} busy={busy} submitId="auth.recoverSubmit" onSubmit={() => actor.send({ type: 'SUBMIT' })}>
        <p className="auth__intro">
          <FormattedMessage id="auth.recoverIntro" />
        </p>
        <FormAlert message={formError} />
        <TextField
          name="password"
          type="password"
          autoComplete="new-password"
          required
          label={intl.formatMessage({ id: 'auth.newPassword' })}
          hint={intl.formatMessage({ id: 'auth.passwordHint' })}
          value={values.password}
          errors={fieldErrors.password}
          onChange={(value) => actor.send({ type: 'FIELD_CHANGED', field: 'password', value })}
        />
        <TextField
          name="passwordConfirmation"
          type="password"
          autoComplete="new-password"
          required
          label={intl.formatMessage({ id: 'auth.field.passwordConfirmation' })}
          value={values.passwordConfirmation}
          errors={fieldErrors.passwordConfirmation}
          onChange={(value) => actor.send({ type: 'FIELD_CHANGED', field: 'passwordConfirmation', value })}
        />
      </AccountForm>
      <p className="auth__links">
        <Link to={routeHref(lang, 'forgotPassword')}>
          <FormattedMessage id="auth.requestNewLink" />
        </Link>
      </p>
    </section>
  );
}
