import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { PROGRESS_STEPS, progressStates } from '../../../../machines/checkout.selectors.js';
import { useConfig } from '../../hooks.js';
import type { CheckoutActor } from './checkout-view.js';

/** The checkout's progress bar (§2: cart, sign in, payment, complete), from the machine's step tags. */
export function ProgressBar({ actor }: { actor: CheckoutActor }) {
  const intl = useIntl();
  // issue 16 item 15: 'Log in' is done only when the visitor logged in (an anonymous express payment skips it)
  const states = useSelector(actor, progressStates, (a, b) => a === b || (a !== null && b !== null && PROGRESS_STEPS.every((s) => a[s] === b[s])));
  const show = useConfig().showProgressBar;
  if (!show || states === null) return null;
  return (
    <nav className="progress" aria-label={intl.formatMessage({ id: 'checkout.progress' })}>
      <ol className="progress__list">
        {PROGRESS_STEPS.map((s, i) => (
          <li
            key={s}
            className={`progress__step progress__step--${states[s]}`}
            data-step-state={states[s]}
            aria-current={states[s] === 'current' ? 'step' : undefined}
          >
            <span className="progress__number" aria-hidden="true">
              {i + 1}
            </span>
            <FormattedMessage id={`checkout.step.${s}`} />
            {states[s] === 'skipped' && (
              <span className="visually-hidden">
                {' '}
                <FormattedMessage id="checkout.stepSkipped" />
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
