/**
 * "Withdraw from contract here" (issue 46, Art. 11a): the withdrawal journey's page. It renders the
 * step of machines/withdrawal.machine.ts and sends its events, nothing else: identify the order,
 * choose the lines (the others shown with their reason), name and e-mail for the acknowledgement,
 * the second step "Confirm withdrawal", then the date and time received.
 *
 * Accessible as a form a consumer must be able to use as easily as the checkout: native fields with
 * labels, errors tied with aria-describedby, one fieldset of checkboxes for the lines, the step's
 * heading (or its error) takes the focus on every step, busy while waiting, one submit at a time.
 */
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { withdrawalMachine } from '../../../../machines/withdrawal.machine.js';
import { chosenLinesOf, withdrawalStepOf, type WithdrawalStep } from '../../../../machines/withdrawal.selectors.js';
import type { WithdrawalLine } from '../../../api/schemas/withdrawal.js';
import type { FormMessage } from '../../../domain/account-forms.js';
import { lineStatusMessage, receivedMoment } from '../../../domain/withdrawal-form.js';
import { formatDate, formatPrice } from '../../../i18n/format.js';
import { PageHeading } from '../PageHeading.js';
import { FieldErrors, FormAlert, TextField, messageText, useFocusFirstError } from '../../components/form.js';
import { useConfig } from '../../hooks.js';
import { useJourney } from '../../journeys/use-journey.js';

type WithdrawalActor = ActorRefFrom<typeof withdrawalMachine>;

/** A message whose `date` value is a day or an instant, with the date as the shop writes it (d.m.Y). */
function withDate(message: FormMessage): FormMessage {
  if (!('id' in message) || message.values?.date === undefined) return message;
  return { id: message.id, values: { ...message.values, date: formatDate(message.values.date) } };
}

/** The heading of a step: it takes the focus when the step begins (unless an error does). */
function StepHeading({ children }: { children: ReactNode }) {
  return (
    <h2 className="withdrawal__step-title" tabIndex={-1} data-step-heading>
      {children}
    </h2>
  );
}

/**
 * On every step after the first: the focus goes to the step's error (the notice above it) when it
 * failed, else to its heading, so the keyboard and a screen reader start where the page changed.
 */
function useStepFocus(root: RefObject<HTMLElement | null>, step: WithdrawalStep, rejected: number) {
  const seen = useRef({ step, rejected });
  useEffect(() => {
    const before = seen.current;
    seen.current = { step, rejected };
    if (before.step === step) return;
    const el = root.current;
    if (!el) return;
    const target = el.querySelector<HTMLElement>('[role="alert"] .notice') ?? el.querySelector<HTMLElement>('[data-step-heading]');
    if (!target) return;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus();
  }, [root, step, rejected]);
}

/** A line as the statement names it: its name (with the count) and amount. */
function LineLabel({ line }: { line: WithdrawalLine }) {
  const symbol = useConfig().currencySymbol;
  return (
    <>
      <span className="withdrawal-line__name">{line.count > 1 ? `${line.count} × ${line.name}` : line.name}</span>{' '}
      <span className="withdrawal-line__amount">{formatPrice(line.amount, symbol)}</span>
    </>
  );
}

/** The lines of the order: the open ones as checkboxes, the others with why they cannot be chosen. */
function LineChoice({ actor, interactive }: { actor: WithdrawalActor; interactive: boolean }) {
  const intl = useIntl();
  const lines = useSelector(actor, (s) => s.context.order?.lines ?? []);
  const chosen = useSelector(actor, (s) => s.context.chosen);
  const errors = useSelector(actor, (s) => s.context.errors.lines);
  const invalid = Boolean(errors && errors.length > 0);
  return (
    <fieldset className="withdrawal-lines" aria-describedby={invalid ? 'withdrawal-lines-error' : undefined} aria-invalid={invalid || undefined}>
      <legend className="withdrawal-lines__legend">
        <FormattedMessage id="withdrawal.linesLegend" />
      </legend>
      <ul className="withdrawal-lines__list">
        {lines.map((line) => {
          const id = `withdrawal-line-${line.line}`;
          const status = lineStatusMessage(line);
          const open = line.status === 'open';
          return (
            <li key={line.line} className={open ? 'withdrawal-line' : 'withdrawal-line withdrawal-line--excluded'} data-testid="withdrawal-line">
              <input
                id={id}
                type="checkbox"
                className="field__checkbox"
                checked={open && chosen.includes(line.line)}
                disabled={!open || !interactive}
                aria-describedby={status ? `${id}-status` : undefined}
                aria-invalid={(open && invalid) || undefined}
                onChange={(event) => actor.send({ type: 'LINE_TOGGLED', line: line.line, chosen: event.target.checked })}
              />
              <label htmlFor={id} className="withdrawal-line__label">
                <LineLabel line={line} />
              </label>
              {status && (
                <span id={`${id}-status`} className="withdrawal-line__status" data-testid="withdrawal-line-status">
                  {messageText(intl, withDate(status))}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      <FieldErrors id="withdrawal-lines-error" errors={errors} />
    </fieldset>
  );
}

/** The step's form: no native validation, busy while the machine waits, the focus on the first error after each refusal. */
function StepForm({ rejected, busy, submitId, onSubmit, onBack, children }: { rejected: number; busy: boolean; submitId: string; onSubmit: () => void; onBack?: () => void; children: ReactNode }) {
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstError(form, rejected);
  return (
    <form
      ref={form}
      className="withdrawal__form"
      noValidate
      aria-busy={busy}
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) onSubmit();
      }}
    >
      {children}
      <div className="withdrawal__buttons">
        {onBack && (
          <button type="button" className="button button--secondary" disabled={busy} onClick={onBack}>
            <FormattedMessage id="withdrawal.back" />
          </button>
        )}
        <button type="submit" className="button" disabled={busy} aria-disabled={busy || undefined}>
          <FormattedMessage id={submitId} />
        </button>
      </div>
    </form>
  );
}

/** What the statement says: the order, its lines, the name and the acknowledgement's address. */
function Statement({ actor }: { actor: WithdrawalActor }) {
  const orderId = useSelector(actor, (s) => s.context.order?.id ?? s.context.values.orderId);
  const lines = useSelector(actor, chosenLinesOf);
  const name = useSelector(actor, (s) => s.context.values.name.trim());
  const email = useSelector(actor, (s) => s.context.values.ackEmail.trim());
  return (
    <dl className="withdrawal-statement" data-testid="withdrawal-statement">
      <dt>
        <FormattedMessage id="withdrawal.statementOrder" />
      </dt>
      <dd>{orderId}</dd>
      <dt>
        <FormattedMessage id="withdrawal.statementLines" />
      </dt>
      <dd>
        <ul className="withdrawal-statement__lines">
          {lines.map((line) => (
            <li key={line.line}>
              <LineLabel line={line} />
            </li>
          ))}
        </ul>
      </dd>
      <dt>
        <FormattedMessage id="withdrawal.name" />
      </dt>
      <dd>{name}</dd>
      <dt>
        <FormattedMessage id="withdrawal.ackEmail" />
      </dt>
      <dd>{email}</dd>
    </dl>
  );
}

function Identify({ actor, rejected }: { actor: WithdrawalActor; rejected: number }) {
  const intl = useIntl();
  const values = useSelector(actor, (s) => s.context.values);
  const errors = useSelector(actor, (s) => s.context.errors);
  const notice = useSelector(actor, (s) => s.context.notice);
  const loggedIn = useSelector(actor, (s) => s.context.jwt !== null);
  return (
    <>
      <StepHeading>
        <FormattedMessage id="withdrawal.identifyTitle" />
      </StepHeading>
      <p className="withdrawal__intro">
        <FormattedMessage id={loggedIn ? 'withdrawal.identifyIntroLoggedIn' : 'withdrawal.identifyIntro'} />
      </p>
      <StepForm rejected={rejected} busy={false} submitId="withdrawal.continue" onSubmit={() => actor.send({ type: 'CONTINUE' })}>
        <FormAlert message={notice} />
        <TextField
          name="orderId"
          required
          autoComplete="off"
          label={intl.formatMessage({ id: 'withdrawal.orderId' })}
          hint={intl.formatMessage({ id: 'withdrawal.orderIdHint' })}
          value={values.orderId}
          errors={errors.orderId}
          onChange={(value) => actor.send({ type: 'FIELD_CHANGED', field: 'orderId', value })}
        />
        <TextField
          name="email"
          type="email"
          required={!loggedIn}
          autoComplete="email"
          label={intl.formatMessage({ id: 'withdrawal.email' })}
          value={values.email}
          errors={errors.email}
          onChange={(value) => actor.send({ type: 'FIELD_CHANGED', field: 'email', value })}
        />
      </StepForm>
    </>
  );
}

function Details({ actor, rejected }: { actor: WithdrawalActor; rejected: number }) {
  const intl = useIntl();
  const values = useSelector(actor, (s) => s.context.values);
  const errors = useSelector(actor, (s) => s.context.errors);
  const notice = useSelector(actor, (s) => s.context.notice);
  return (
    <>
      <StepHeading>
        <FormattedMessage id="withdrawal.detailsTitle" />
      </StepHeading>
      <StepForm
        rejected={rejected}
        busy={false}
        submitId="withdrawal.continue"
        onSubmit={() => actor.send({ type: 'CONTINUE' })}
        onBack={() => actor.send({ type: 'BACK' })}
      >
        <FormAlert message={notice} />
        <TextField
          name="name"
          required
          autoComplete="name"
          label={intl.formatMessage({ id: 'withdrawal.name' })}
          value={values.name}
          errors={errors.name}
          onChange={(value) => actor.send({ type: 'FIELD_CHANGED', field: 'name', value })}
        />
        <TextField
          name="ackEmail"
          type="email"
          required
          autoComplete="email"
          label={intl.formatMessage({ id: 'withdrawal.ackEmail' })}
          hint={intl.formatMessage({ id: 'withdrawal.ackEmailHint' })}
          value={values.ackEmail}
          errors={errors.ackEmail}
          onChange={(value) => actor.send({ type: 'FIELD_CHANGED', field: 'ackEmail', value })}
        />
      </StepForm>
    </>
  );
}

function Received({ actor }: { actor: WithdrawalActor }) {
  const result = useSelector(actor, (s) => s.context.result);
  if (!result) return null;
  const { date, time } = receivedMoment(result.statement.received_at);
  const values = { date: formatDate(date), time };
  return (
    <>
      <StepHeading>
        <FormattedMessage id="withdrawal.receivedTitle" />
      </StepHeading>
      <div role="status">
        <p className="notice notice--success" data-testid="withdrawal-received">
          <FormattedMessage id={result.repeated ? 'withdrawal.receivedBefore' : 'withdrawal.receivedAt'} values={values} />
        </p>
      </div>
      <p>
        <FormattedMessage id="withdrawal.ackSent" values={{ email: <strong>{result.statement.email}</strong> }} />
      </p>
      <Statement actor={actor} />
      <p className="withdrawal__refund">
        <FormattedMessage id="withdrawal.refundNote" />
      </p>
    </>
  );
}

export default function WithdrawalScreen() {
  const actor = useJourney('withdrawal');
  const step = useSelector(actor, withdrawalStepOf);
  const rejected = useSelector(actor, (s) => s.context.rejectedSubmits);
  const notice = useSelector(actor, (s) => s.context.notice);
  const root = useRef<HTMLElement>(null);
  useStepFocus(root, step, rejected);
  const sending = step === 'sending';
  return (
    <section ref={root} className="withdrawal" aria-labelledby="withdrawal-title" aria-busy={step === 'finding' || sending}>
      <PageHeading>
        <span id="withdrawal-title">
          <FormattedMessage id="title.withdrawal" />
        </span>
      </PageHeading>
      <div role="status">
        {step === 'finding' && (
          <p className="screen-loading">
            <FormattedMessage id="withdrawal.finding" />
          </p>
        )}
      </div>
      {step === 'identify' && <Identify actor={actor} rejected={rejected} />}
      {step === 'findFailed' && (
        <>
          <StepHeading>
            <FormattedMessage id="withdrawal.identifyTitle" />
          </StepHeading>
          <FormAlert message={notice} />
          <p className="withdrawal__buttons">
            <button type="button" className="button" onClick={() => actor.send({ type: 'RETRY' })}>
              <FormattedMessage id="withdrawal.retry" />
            </button>
            <button type="button" className="button button--secondary" onClick={() => actor.send({ type: 'OTHER_ORDER' })}>
              <FormattedMessage id="withdrawal.otherOrder" />
            </button>
          </p>
        </>
      )}
      {step === 'nothingOpen' && (
        <>
          <StepHeading>
            <FormattedMessage id="withdrawal.nothingOpenTitle" />
          </StepHeading>
          <div role="alert">
            <p className="notice notice--info" data-testid="withdrawal-nothing-open">
              <FormattedMessage id="withdrawal.error.nothingOpen" />
            </p>
          </div>
          <LineChoice actor={actor} interactive={false} />
          <p>
            <button type="button" className="button button--secondary" onClick={() => actor.send({ type: 'OTHER_ORDER' })}>
              <FormattedMessage id="withdrawal.otherOrder" />
            </button>
          </p>
        </>
      )}
      {step === 'lines' && (
        <>
          <StepHeading>
            <FormattedMessage id="withdrawal.linesTitle" />
          </StepHeading>
          <StepForm rejected={rejected} busy={false} submitId="withdrawal.continue" onSubmit={() => actor.send({ type: 'CONTINUE' })}>
            <FormAlert message={notice} />
            <LineChoice actor={actor} interactive />
          </StepForm>
        </>
      )}
      {step === 'details' && <Details actor={actor} rejected={rejected} />}
      {(step === 'confirm' || sending || step === 'sendFailed') && (
        <>
          <StepHeading>
            <FormattedMessage id="withdrawal.confirmTitle" />
          </StepHeading>
          <p>
            <FormattedMessage id="withdrawal.confirmIntro" />
          </p>
          <Statement actor={actor} />
          {step === 'sendFailed' ? (
            <>
              <FormAlert message={notice} />
              <p className="withdrawal__buttons">
                <button type="button" className="button button--secondary" onClick={() => actor.send({ type: 'BACK' })}>
                  <FormattedMessage id="withdrawal.back" />
                </button>
                <button type="button" className="button" onClick={() => actor.send({ type: 'RETRY' })}>
                  <FormattedMessage id="withdrawal.retry" />
                </button>
              </p>
            </>
          ) : (
            <StepForm
              rejected={rejected}
              busy={sending}
              submitId="withdrawal.confirm"
              onSubmit={() => actor.send({ type: 'CONFIRM' })}
              onBack={() => actor.send({ type: 'BACK' })}
            >
              <div role="status">
                {sending && (
                  <p className="screen-loading">
                    <FormattedMessage id="withdrawal.sending" />
                  </p>
                )}
              </div>
            </StepForm>
          )}
        </>
      )}
      {step === 'received' && <Received actor={actor} />}
      {step === 'off' && (
        <div role="alert">
          <p className="notice notice--warning" data-testid="withdrawal-off">
            <FormattedMessage id="withdrawal.off" />
          </p>
        </div>
      )}
    </section>
  );
}
