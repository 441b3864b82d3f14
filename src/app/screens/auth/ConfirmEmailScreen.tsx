import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import { PageHeading } from '../PageHeading.js';
import { useLang } from '../../hooks.js';
import { LoadFailedNotice } from '../../components/AccountForm.js';
import { useAuthActor } from './use-auth.js';
import { routeHref } from '../../../domain/routes.js';
import { emailConfirmationStageOf } from '../../../../machines/auth.selectors.js';

/**
 * confirm-email/{guid} (issue 44): the link mailed to a new address. Opening it confirms the
 * change (the auth journey's "E-mail confirmation"); the page says what happened.
 */
export default function ConfirmEmailScreen() {
  const lang = useLang();
  const actor = useAuthActor();
  const stage = useSelector(actor, emailConfirmationStageOf);
  const email = useSelector(actor, (s) => s.context.confirmedEmail ?? '');
  return (
    <section className="auth" aria-labelledby="confirm-email-title">
      <PageHeading>
        <span id="confirm-email-title">
          <FormattedMessage id="title.confirmEmail" />
        </span>
      </PageHeading>
      {(stage === 'confirming' || stage === 'other') && (
        <p className="screen-loading" role="status">
          <FormattedMessage id="emailConfirm.emailConfirming" />
        </p>
      )}
      {stage === 'confirmed' && (
        <div role="status" className="notice notice--success" data-testid="email-confirmed">
          <p>
            <FormattedMessage id="settings.emailChanged" />
          </p>
          <p>
            <FormattedMessage id="emailConfirm.emailConfirmedLogin" values={{ email: <strong>{email}</strong> }} />
          </p>
        </div>
      )}
      {stage === 'expired' && (
        <p className="notice notice--warning" role="alert" data-testid="email-link-expired">
          <FormattedMessage id="emailConfirm.emailLinkExpired" />
        </p>
      )}
      {stage === 'invalid' && (
        <p className="notice notice--warning" role="alert" data-testid="email-link-invalid">
          <FormattedMessage id="emailConfirm.emailLinkInvalid" />
        </p>
      )}
      {stage === 'taken' && (
        <p className="notice notice--warning" role="alert" data-testid="email-taken">
          <FormattedMessage id="emailConfirm.emailTakenMeanwhile" />
        </p>
      )}
      {stage === 'failed' && <LoadFailedNotice messageId="emailConfirm.emailConfirmFailed" onRetry={() => actor.send({ type: 'RETRY' })} />}
      {stage !== 'confirming' && stage !== 'other' && (
        <p className="auth__links">
          <Link to={routeHref(lang, 'settings')}>
            <FormattedMessage id="emailConfirm.toSettings" />
          </Link>
        </p>
      )}
    </section>
  );
}
