/**
 * The page of one guided tour (route guided-tours/{id}, §2, §4, §5, §8): its lifetime, the
 * calendar of the month plus the following month (the ticket page's date grid; sold-out days
 * crossed out and said in words), the times of the chosen day with places left (sold-out times
 * disabled and said so), the counts of §5 with every limit and its reason next to the control,
 * the group questions with their errors on the field, the price and adding to the cart. A tour
 * not bookable on the requested date says so and names the next available date.
 *
 * Components render machine state and send events; counts, limits and prices come from the
 * machine's selectors (src/domain/tours.ts).
 */
import { useEffect, useId, useRef } from 'react';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  selectCounts,
  selectMonthDays,
  selectMonthOffer,
  selectTimes,
  tourCalendarViewOf,
  tourCountsStateOf,
  tourPageStateOf,
  tourSelectionStateOf,
  type CountRow,
  type TourActor,
} from '../../../../machines/tourBooking.selectors.js';
import type { TourQuestion } from '../../../api/schemas/catalog.js';
import type { AnswerValue, CountProblem } from '../../../domain/tours.js';
import { formatDate, formatPrice } from '../../../i18n/format.js';
import { BookingCalendar } from '../../components/calendar/BookingCalendar.js';
import { TimeSlotSection } from '../../components/calendar/CalendarSection.js';
import { useCurrencySymbol } from '../../components/cart/use-cart.js';
import { RetryNotice } from '../../components/RetryNotice.js';
import { useLang } from '../../hooks.js';
import { usePageTitle } from '../../page-title.js';
import { useJourney } from '../../journeys/use-journey.js';
import { PageHeading } from '../PageHeading.js';
import { CartHolds } from '../../components/cart/CartHolds.js';
import { focusSoon } from '../../components/focus.js';
import { TourCounter } from './TourCounter.js';
import { routeHref } from '../../../domain/routes.js';

const sameData = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function BackToList() {
  const lang = useLang();
  return (
    <p className="ticket-page__back">
      <Link to={routeHref(lang, 'guidedTours')}>
        <FormattedMessage id="tour.backToList" />
      </Link>
    </p>
  );
}

function Calendar({ actor }: { actor: TourActor }) {
  return <BookingCalendar actor={actor} titleId="tour.stepDate" monthDays={selectMonthDays} calendarView={tourCalendarViewOf} />;
}

function Times({ actor }: { actor: TourActor }) {
  const times = useSelector(actor, selectTimes, sameData);
  const options = times.map((slot) => ({ value: slot.time, time: slot.time, places: slot.remaining, soldOut: slot.soldOut, selected: slot.selected }));
  return <TimeSlotSection titleId="tour.stepTime" name="tour-time" slots={options} onSelect={(time) => actor.send({ type: 'SELECT_TIME', time })} />;
}

function problemText(intl: ReturnType<typeof useIntl>, problem: CountProblem): string {
  return intl.formatMessage({ id: `tour.problem.${problem.kind}` }, 'max' in problem || 'min' in problem || 'tickets' in problem ? (problem as unknown as Record<string, number>) : undefined);
}

function LimitNotice({ actor }: { actor: TourActor }) {
  const intl = useIntl();
  const notice = useSelector(actor, (s) => s.context.limitNotice, sameData);
  return (
    <p role="status" className={notice ? 'notice notice--info' : 'visually-hidden'} data-testid="limit-notice">
      {notice && `${intl.formatMessage({ id: 'tour.limited' }, { max: notice.max })} ${intl.formatMessage({ id: `tour.limit.${notice.reason}` }, { max: notice.max })}`}
    </p>
  );
}

function Question({ actor, question, value, problem }: { actor: TourActor; question: TourQuestion; value: AnswerValue | undefined; problem: 'required' | 'invalid' | undefined }) {
  const intl = useIntl();
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const invalid = problem !== undefined;
  const error = invalid ? (
    <p className="field__error" id={errorId} data-testid="answer-error">
      <FormattedMessage id={problem === 'required' ? 'tour.answerRequired' : 'tour.answerInvalid'} />
    </p>
  ) : null;
  const set = (v: string) => actor.send({ type: 'SET_ANSWER', questionId: question.id, value: v });
  const required = question.mandatory ? (
    <span className="field__required">
      {' '}
      <FormattedMessage id="form.requiredMark" />
    </span>
  ) : null;
  const hasValue = Array.isArray(value) ? value.length > 0 : value !== undefined && value !== '';
  const clear = hasValue ? (
    <button type="button" className="button button--secondary button--small tour-question__clear" onClick={() => actor.send({ type: 'CLEAR_ANSWER', questionId: question.id })}>
      <FormattedMessage id="tour.clearAnswer" />
      <span className="visually-hidden">: {question.label}</span>
    </button>
  ) : null;
  const range = question.type === 'number' && (question.min !== null || question.max !== null) ? intl.formatMessage({ id: 'tour.numberRange' }, { min: question.min ?? 0, max: question.max ?? 0 }) : null;
  const describedBy = [range ? hintId : null, invalid ? errorId : null].filter(Boolean).join(' ') || undefined;

  if (question.type === 'radio' || question.type === 'checkbox') {
    const list = Array.isArray(value) ? value : [];
    return (
      <fieldset className={`field tour-question${invalid ? ' field--invalid' : ''}`} aria-describedby={describedBy} aria-invalid={invalid || undefined} data-question={question.id}>
        <legend className="field__label">
          {question.label}
          {required}
        </legend>
        {question.options.map((option) => (
          <label key={option.value} className="choice__label">
            <input
              type={question.type}
              name={`q-${question.id}`}
              value={option.value}
              checked={question.type === 'radio' ? value === option.value : list.includes(option.value)}
              onChange={() => set(option.value)}
            />{' '}
            {option.label}
          </label>
        ))}
        {error}
        {clear}
      </fieldset>
    );
  }
  return (
    <div className={`field tour-question${invalid ? ' field--invalid' : ''}`} data-question={question.id}>
      <label className="field__label" htmlFor={id}>
        {question.label}
        {required}
      </label>
      {range && (
        <p className="field__hint" id={hintId}>
          {range}
        </p>
      )}
      {question.type === 'select' ? (
        <select id={id} className="field__input" value={typeof value === 'string' ? value : ''} aria-describedby={describedBy} aria-invalid={invalid || undefined} onChange={(e) => set(e.target.value)}>
          <option value="">{intl.formatMessage({ id: 'tour.selectPlaceholder' })}</option>
          {question.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : question.type === 'textarea' ? (
        <textarea id={id} className="field__input" rows={3} maxLength={2000} value={typeof value === 'string' ? value : ''} aria-describedby={describedBy} aria-invalid={invalid || undefined} onChange={(e) => set(e.target.value)} />
      ) : (
        <input
          id={id}
          className="field__input"
          type={question.type === 'number' ? 'number' : 'text'}
          inputMode={question.type === 'number' ? 'numeric' : undefined}
          min={question.min ?? undefined}
          max={question.max ?? undefined}
          maxLength={question.type === 'text' ? 2000 : undefined}
          value={typeof value === 'string' ? value : ''}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          onChange={(e) => set(e.target.value)}
        />
      )}
      {error}
      {clear}
    </div>
  );
}

function Questions({ actor }: { actor: TourActor }) {
  const labelId = useId();
  const questions = useSelector(actor, (s) => s.context.tour?.questions ?? [], sameData);
  const answers = useSelector(actor, (s) => s.context.form.answers, sameData);
  const problems = useSelector(actor, (s) => s.context.answerProblems, sameData);
  if (questions.length === 0) return null;
  return (
    <section className="ticket-step tour-questions" aria-labelledby={labelId}>
      <h3 id={labelId} className="ticket-step__title">
        <FormattedMessage id="tour.questions" />
      </h3>
      {questions.map((q) => (
        <Question key={q.id} actor={actor} question={q} value={answers[q.id]} problem={problems[q.id]} />
      ))}
    </section>
  );
}

function Counts({ actor }: { actor: TourActor }) {
  const intl = useIntl();
  const labelId = useId();
  const problemId = useId();
  const symbol = useCurrencySymbol();
  const price = (minor: number) => formatPrice(minor, symbol);
  const view = useSelector(actor, selectCounts, sameData);
  const state = useSelector(actor, tourCountsStateOf);
  const problem = useSelector(actor, (s) => s.context.countProblem, sameData);
  const answersMissing = useSelector(actor, (s) => Object.keys(s.context.answerProblems).length > 0);
  const soldOutTime = useSelector(actor, (s) => s.context.soldOutChoice);
  const formRef = useRef<HTMLFormElement>(null);
  // a refused add: the keyboard goes to the first field in error (the alert says why)
  useEffect(() => {
    if (state !== 'countsInvalid' && state !== 'answersMissing') return;
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    const target = invalid?.tagName === 'FIELDSET' ? invalid.querySelector<HTMLElement>('input, select, textarea') : invalid;
    target?.focus();
  }, [state]);
  if (!view) return null;
  const counter = (row: CountRow, event: (count: unknown) => void, name = row.name) => (
    <TourCounter key={row.id} label={row.price > 0 ? `${name} – ${price(row.price)}` : name} count={row.count} limit={row.limit} onChange={event} />
  );
  const participantsProblem = problem !== null && problem.kind !== 'noTours' && problem.kind !== 'tooManyTours' && problem.kind !== 'subticketRange';
  return (
    <section className="ticket-step" aria-labelledby={labelId}>
      <h2 id={labelId} className="ticket-step__title">
        <FormattedMessage id="tour.stepCounts" />
      </h2>
      {state === 'timeSoldOut' && soldOutTime && (
        <p className="notice notice--warning" role="alert">
          <FormattedMessage id="tour.timeSoldOut" values={{ time: soldOutTime }} />
        </p>
      )}
      <form
        ref={formRef}
        className="ticket-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'ADD_TO_CART' });
        }}
      >
        {view.modes.length > 1 && (
          <fieldset className="field tour-mode">
            <legend className="field__label">
              <FormattedMessage id="tour.mode" />
            </legend>
            {view.modes.map((mode) => (
              <label key={mode} className="choice__label">
                <input type="radio" name="tour-mode" value={mode} checked={view.mode === mode} onChange={() => actor.send({ type: 'SET_MODE', mode })} />{' '}
                <FormattedMessage id={mode === 'single' ? 'tour.modeSingle' : 'tour.modeComplete'} />
              </label>
            ))}
          </fieldset>
        )}
        {view.mode === 'complete' && (
          <div className="tour-counts">
            <h3 className="tour-counts__title">
              <FormattedMessage id="tour.toursHeading" />
            </h3>
            {view.tours.map((row) => counter(row, (count) => actor.send({ type: 'SET_TOURS', priceId: row.id, count })))}
            {view.participants.asked && (
              <TourCounter
                label={intl.formatMessage({ id: 'tour.participants' })}
                count={view.participants.count}
                limit={view.participants.limit}
                note={intl.formatMessage({ id: 'tour.minGroup' }, { min: view.minParticipants })}
                errorId={participantsProblem ? problemId : null}
                onChange={(count) => actor.send({ type: 'SET_PARTICIPANTS', count })}
              />
            )}
          </div>
        )}
        {view.tickets.length > 0 && (
          <div className="tour-counts">
            <h3 className="tour-counts__title">
              <FormattedMessage id="tour.ticketsHeading" />
            </h3>
            {view.mode === 'complete' && view.participants.asked && (
              <p className="counter__hint">
                <FormattedMessage id="tour.ticketsOptional" />
              </p>
            )}
            {view.mode === 'complete' && !view.participants.asked && (
              <p className="counter__hint">
                <FormattedMessage id="tour.minGroup" values={{ min: view.minParticipants }} />
              </p>
            )}
            {view.mode === 'single' && view.minParticipants > 1 && (
              <p className="counter__hint">
                <FormattedMessage id="tour.minGroup" values={{ min: view.minParticipants }} />
              </p>
            )}
            {view.tickets.map((ticket) =>
              ticket.subtickets.length === 0 ? (
                counter(ticket, (count) => actor.send({ type: 'SET_TICKETS', ticketId: ticket.id, count }))
              ) : (
                <fieldset key={ticket.id} className="ticket-group">
                  <legend className="ticket-group__legend">{ticket.price > 0 ? `${ticket.name} – ${price(ticket.price)}` : ticket.name}</legend>
                  {ticket.subtickets.map((sub) => counter(sub, (count) => actor.send({ type: 'SET_SUBTICKETS', ticketId: ticket.id, subticketId: sub.id, count }), `${sub.name}`))}
                </fieldset>
              ),
            )}
          </div>
        )}
        {view.tickets.length > 0 && !view.participants.asked && (
          <p className="tour-counts__group" aria-live="polite" data-testid="tour-participants">
            <FormattedMessage id="tour.participantsFromTickets" values={{ count: view.participants.count }} />
          </p>
        )}
        <LimitNotice actor={actor} />
        <Questions actor={actor} />
        <p className="ticket-form__total" aria-live="polite" data-testid="tour-price">
          <FormattedMessage id="tour.price" values={{ price: price(view.price) }} />
        </p>
        {problem && (
          <p className="notice notice--warning" role="alert" id={problemId} data-testid="count-problem">
            {problemText(intl, problem)}
          </p>
        )}
        {answersMissing && (
          <p className="notice notice--warning" role="alert" data-testid="answers-missing">
            <FormattedMessage id="tour.answerRequired" />
          </p>
        )}
        <button type="submit" className="button ticket-form__add">
          <FormattedMessage id="tour.addToCart" />
        </button>
      </form>
    </section>
  );
}

function AddedToCart({ actor }: { actor: TourActor }) {
  const lang = useLang();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="notice notice--success added-to-cart" data-testid="added-to-cart">
      <h2 ref={heading} tabIndex={-1} className="added-to-cart__title">
        <FormattedMessage id="tour.added" />
      </h2>
      <CartHolds />
      <p className="added-to-cart__actions">
        <Link className="button" to={routeHref(lang, 'checkout')}>
          <FormattedMessage id="cart.goToCart" />
        </Link>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            actor.send({ type: 'BUY_MORE' });
            focusSoon(['main .ticket-form input:not([disabled])', 'main h1']);
          }}
        >
          <FormattedMessage id="tour.bookMore" />
        </button>
      </p>
    </section>
  );
}

function Selection({ actor }: { actor: TourActor }) {
  const state = useSelector(actor, tourSelectionStateOf);
  const offer = useSelector(actor, selectMonthOffer);
  const soldOut = useSelector(actor, (s) => s.context.soldOutChoice);
  const date = useSelector(actor, (s) => s.context.date);
  const unavailable = useSelector(actor, (s) => s.context.unavailableDate);
  return (
    <div className="ticket-selection">
      {unavailable && date && (
        <p className="notice notice--info" role="status" data-testid="unavailable-date">
          <FormattedMessage id="tour.unavailableDate" values={{ date: formatDate(unavailable), next: formatDate(date) }} />
        </p>
      )}
      {state === 'nothingToBook' && offer === 'soldOut' && (
        <p className="notice notice--warning" role="alert" data-testid="tour-sold-out">
          <FormattedMessage id="tour.soldOut" />
        </p>
      )}
      {state === 'nothingToBook' && offer === 'noDates' && (
        <p className="notice notice--info" role="status" data-testid="tour-no-dates">
          <FormattedMessage id="tour.noDatesInMonth" />
        </p>
      )}
      {state === 'daySoldOut' && soldOut && (
        <p className="notice notice--warning" role="alert" data-testid="day-sold-out">
          <FormattedMessage id="tour.daySoldOut" values={{ date: formatDate(soldOut) }} />
        </p>
      )}
      {state === 'loadingDay' && (
        <p className="screen-loading" role="status">
          <FormattedMessage id="tour.loadingDay" />
        </p>
      )}
      {state === 'dayFailed' && <RetryNotice messageId="tour.dayFailed" onRetry={() => actor.send({ type: 'RETRY' })} small />}
      {date && state === 'counts' && (
        <p className="ticket-selection__date">
          <FormattedMessage id="calendar.chosenDate" values={{ date: formatDate(date) }} />
        </p>
      )}
      {state === 'counts' && (
        <>
          <Times actor={actor} />
          <Counts actor={actor} />
        </>
      )}
      {state === 'added' && <AddedToCart actor={actor} />}
    </div>
  );
}

export function TourPage({ actor }: { actor: TourActor }) {
  const page = useSelector(actor, tourPageStateOf);
  // the list already names the tour while its page loads
  const name = useSelector(actor, (s) => s.context.tour?.name ?? s.context.tours.find((t) => t.id === s.context.tourId)?.name ?? null);
  const lifetime = useSelector(actor, (s) => s.context.lifetime, sameData);
  const description = useSelector(actor, (s) => s.context.tour?.description ?? null);
  usePageTitle(page === 'notFound' ? null : name);
  if (page === 'notFound') {
    return (
      <section className="ticket-page tour-page">
        <PageHeading>
          <FormattedMessage id="tour.notFoundTitle" />
        </PageHeading>
        <p className="notice notice--warning" role="alert" data-testid="tour-not-found">
          <FormattedMessage id="tour.notFound" />
        </p>
        <BackToList />
      </section>
    );
  }
  return (
    <section className="ticket-page tour-page">
      <BackToList />
      <PageHeading>{name ?? <FormattedMessage id="title.guidedTour" />}</PageHeading>
      {description && <p className="tour-page__text">{description}</p>}
      {lifetime && (
        <p className="tour-page__lifetime" data-testid="tour-lifetime">
          <FormattedMessage id="tour.lifetime" values={{ first: formatDate(lifetime.first), last: formatDate(lifetime.last) }} />
        </p>
      )}
      {page === 'loading' && (
        <p className="screen-loading" role="status">
          <FormattedMessage id="tour.loadingTour" />
        </p>
      )}
      {page === 'over' && (
        <p className="notice notice--warning" role="alert" data-testid="tour-over">
          <FormattedMessage id="tour.over" />
        </p>
      )}
      {page === 'failed' && <RetryNotice messageId="tour.pageFailed" onRetry={() => actor.send({ type: 'RETRY' })} />}
      {page === 'booking' && (
        <div className="ticket-page__booking">
          <Calendar actor={actor} />
          <Selection actor={actor} />
        </div>
      )}
    </section>
  );
}

/** Route guided-tours/{id} (optional ?date=YYYY-MM-DD picks that date when bookable): the tour page. */
export default function TourScreen() {
  return <TourPage actor={useJourney('tourBooking')} />;
}
