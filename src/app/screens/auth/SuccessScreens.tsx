import { Link } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { PageHeading } from '../PageHeading.js';
import { useLang } from '../../hooks.js';
import { returnDestination, safeReturnTo } from '../../navigation.js';
import { useSearch } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useAppActor } from '../../shell-context.js';
import { routeHref } from '../../../domain/routes.js';

/** Whether the visitor is logged in now (a logout on a success page changes what it says, issue 16 item 9). */
function useLoggedIn(): boolean {
  return useSelector(useAppActor(), (s) => s.context.jwt !== null);
}

function SuccessPage({ titleId, textId, next }: { titleId: string; textId: string; next: { href: string; labelId: string } }) {
  return (
    <section className="auth auth--success" aria-labelledby="auth-success-title">
      <PageHeading>
        <span id="auth-success-title">
          <FormattedMessage id={titleId} />
        </span>
      </PageHeading>
      <p className="notice notice--success" role="status">
        <FormattedMessage id={textId} />
      </p>
      <p>
        <Link to={next.href} className="button">
          <FormattedMessage id={next.labelId} />
        </Link>
      </p>
    </section>
  );
}

/** §2 register/success: the new account is logged in; continue where the visitor came from. */
export function RegisterSuccessScreen() {
  const lang = useLang();
  const returnTo = safeReturnTo((useSearch({ strict: false }) as { returnTo?: unknown }).returnTo);
  const loggedIn = useLoggedIn();
  return <SuccessPage titleId="title.registerSuccess" textId={loggedIn ? 'auth.registerSuccessText' : 'auth.registerSuccessLoggedOut'} next={{ href: returnDestination(returnTo, null, lang), labelId: 'auth.continue' }} />;
}

/** §2 password-reset-success: the recovery link is on its way. */
export function ForgotPasswordSuccessScreen() {
  const lang = useLang();
  return <SuccessPage titleId="title.forgotPasswordSuccess" textId="auth.forgotSuccessText" next={{ href: routeHref(lang, 'login'), labelId: 'auth.backToLogin' }} />;
}

/** §2 recover-success: the new password is set and the visitor is logged in. */
export function RecoverPasswordSuccessScreen() {
  const lang = useLang();
  const returnTo = safeReturnTo((useSearch({ strict: false }) as { returnTo?: unknown }).returnTo);
  const loggedIn = useLoggedIn();
  return <SuccessPage titleId="title.recoverPasswordSuccess" textId={loggedIn ? 'auth.recoverSuccessText' : 'auth.recoverSuccessLoggedOut'} next={{ href: returnDestination(returnTo, null, lang), labelId: 'auth.continue' }} />;
}
