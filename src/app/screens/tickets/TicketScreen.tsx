/**
 * Ticket selection of one event (route tickets/{id}, §2, §5, §8): the calendar of the month plus
 * the following month, the times of the chosen date, counters with their limits and why, the
 * price of the selection and adding to the cart; every state of the machine has its words here
 * (loading, not found, expired, failed, sold-out day and time, no results, nothing chosen, family
 * incomplete, overbooked with the available count, added to cart).
 *
 * Components render machine state and send events; counts, limits and prices come from the
 * machine's selectors (src/domain rules).
 */
import { useEffect, useId, useRef } from 'react';
import { Link } from '@tanstack/react-router';
import { shallowEqual, useSelector } from '@xstate/react';
import { RetryNotice } from '../../components/RetryNotice.js';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  calendarViewOf,
  countsStateOf,
  pageStateOf,
  selectionStateOf,
  selectLimitNotice,
  selectMonthDays,
  selectOverbooking,
  selectSelectionPrice,
  selectTicketRows,
  selectTimeslots,
  type TicketingActor,
  type TicketRow,
} from '../../../../machines/eventTicketing.selectors.js';
import { formatDate, formatPrice } from '../../../i18n/format.js';
import { timeOf } from '../../../domain/tickets.js';
import { useLang } from '../../hooks.js';
import { BookingCalendar } from '../../components/calendar/BookingCalendar.js';
import { TimeSlotSection } from '../../components/calendar/CalendarSection.js';
import { useCurrencySymbol } from '../../components/cart/use-cart.js';
import { PageHeading } from '../PageHeading.js';
import { usePageTitle } from '../../page-title.js';
import { CartHolds } from '../../components/cart/CartHolds.js';
import { focusSoon } from '../../components/focus.js';
import { Counter } from './Counter.js';
import { useJourney } from '../../journeys/use-journey.js';
import { routeHref } from '../../../domain/routes.js';

function BackToList() {
  const lang = useLang();
  return (
    <p className="ticket-page__back">
      <Link to={routeHref(lang, 'tickets')} activeOptions={{ exact: true }}>
        <FormattedMessage id="tickets.backToList" />
      </Link>
    </p>
  );
}

function Calendar({ actor }: { actor: TicketingActor }) {
  return <BookingCalendar actor={actor} titleId="tickets.stepDate" monthDays={selectMonthDays} calendarView={calendarViewOf} />;
}

function TimeSlots({ actor }: { actor: TicketingActor }) {
  const slots = useSelector(actor, selectTimeslots, (a, b) => JSON.stringify(a) === JSON.stringify(b));
  const options = slots.map((slot) => ({ value: slot.datetime, time: slot.time, places: slot.available, soldOut: slot.soldOut, selected: slot.selected }));
  return <TimeSlotSection titleId="tickets.stepTime" name="timeslot" slots={options} onSelect={(datetime) => actor.send({ type: 'SELECT_TIME', datetime })} />;
}

function TicketRowView({ row, actor, price }: { row: TicketRow; actor: TicketingActor; price: (minor: number) => string }) {
  const intl = useIntl();
  const { ticket } = row;
  if (row.subtickets.length === 0) {
    return (
      <li className="ticket-row">
        <Counter
          label={`${ticket.name} – ${price(ticket.price)}`}
          count={row.count}
          limit={row.limit}
          onChange={(count) => actor.send({ type: 'SET_COUNT', ticketId: ticket.id, count })}
          note={row.dayTicket ? intl.formatMessage({ id: 'tickets.dayTicketNote' }) : null}
        />
      </li>
    );
  }
  return (
    <li className="ticket-row ticket-row--group">
      <fieldset className="ticket-group" aria-describedby={row.incompleteFamily ? `family-${ticket.id}` : undefined}>
        <legend className="ticket-group__legend">
          {ticket.name} – {price(ticket.price)}
        </legend>
        {ticket.family === 1 && (
          <p className="ticket-group__note">
            <FormattedMessage id="tickets.familyNote" />
          </p>
        )}
        {row.subtickets.map((sub) =>
          sub.fixed ? (
            <div className="ticket-toggle" key={sub.id}>
              <label>
                <input
                  type="checkbox"
                  checked={sub.count > 0}
                  onChange={() => actor.send({ type: 'TOGGLE_SUBTICKET', ticketId: ticket.id, subticketId: sub.id })}
                />{' '}
                {sub.name}
                {sub.price > 0 && <> – {price(sub.price)}</>}
              </label>
              <p className="counter__hint">
                <FormattedMessage id="tickets.fixedCount" values={{ count: ticket.subtickets.find((x) => x.id === sub.id)?.max_quantity ?? 0 }} />
              </p>
            </div>
          ) : (
            <Counter
              key={sub.id}
              label={sub.price > 0 ? `${sub.name} – ${price(sub.price)}` : sub.name}
              count={sub.count}
              limit={sub.limit}
              onChange={(count) => actor.send({ type: 'SET_SUBTICKET_COUNT', ticketId: ticket.id, subticketId: sub.id, count })}
            />
          ),
        )}
        {row.incompleteFamily && (
          <p className="field-error" id={`family-${ticket.id}`}>
            <FormattedMessage id="tickets.familyIncompleteRow" />
          </p>
        )}
      </fieldset>
    </li>
  );
}

function LimitNotice({ actor }: { actor: TicketingActor }) {
  const notice = useSelector(actor, selectLimitNotice);
  const name = useSelector(actor, (s) => {
    const n = s.context.limitNotice;
    if (!n) return '';
    const ticket = s.context.tickets.find((t) => t.id === n.ticketId);
    const sub = n.subticketId === null ? undefined : ticket?.subtickets.find((x) => x.id === n.subticketId);
    return sub?.name ?? ticket?.name ?? '';
  });
  return (
    <p role="status" className={notice ? 'notice notice--info' : 'visually-hidden'}>
      {notice && notice.max !== null && (
        <FormattedMessage id={notice.reason === 'subticket' ? 'tickets.limitedSubticket' : 'tickets.limitedTimeslot'} values={{ max: notice.max, name }} />
      )}
    </p>
  );
}

function Tickets({ actor }: { actor: TicketingActor }) {
  const labelId = useId();
  const symbol = useCurrencySymbol();
  const price = (minor: number) => formatPrice(minor, symbol);
  const rows = useSelector(actor, selectTicketRows);
  const total = useSelector(actor, selectSelectionPrice);
  const counts = useSelector(actor, countsStateOf);
  const overbooking = useSelector(actor, selectOverbooking);
  const families = useSelector(actor, (s) => s.context.tickets.filter((t) => s.context.incompleteFamilies.includes(t.id)).map((t) => t.name).join(', '));
  const datetime = useSelector(actor, (s) => s.context.datetime);
  const hasTimes = useSelector(actor, (s) => s.context.timeslots.length > 0);
  return (
    <section className="ticket-step" aria-labelledby={labelId}>
      <h2 id={labelId} className="ticket-step__title">
        <FormattedMessage id="tickets.stepTickets" values={{ step: hasTimes ? 3 : 2 }} />
      </h2>
      <form
        className="ticket-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'ADD_TO_CART' });
        }}
      >
        <ul className="ticket-rows">
          {rows.map((row) => (
            <TicketRowView key={row.ticket.id} row={row} actor={actor} price={price} />
          ))}
        </ul>
        <LimitNotice actor={actor} />
        <p className="ticket-form__total" aria-live="polite">
          <FormattedMessage id="tickets.selectionPrice" values={{ price: price(total) }} />
        </p>
        {counts === 'nothingChosen' && (
          <p className="notice notice--warning" role="alert">
            <FormattedMessage id="tickets.nothingChosen" />
          </p>
        )}
        {counts === 'familyIncomplete' && (
          <p className="notice notice--warning" role="alert">
            <FormattedMessage id="tickets.familyIncomplete" values={{ names: families }} />
          </p>
        )}
        {counts === 'overbooked' && overbooking && (
          <p className="notice notice--warning" role="alert" data-testid="overbooked">
            <FormattedMessage
              id="tickets.overbooked"
              values={{ available: overbooking.available, requested: overbooking.requested, time: datetime ? timeOf(datetime) : '' }}
            />
          </p>
        )}
        <button type="submit" className="button ticket-form__add">
          <FormattedMessage id="tickets.addToCart" />
        </button>
      </form>
    </section>
  );
}

/**
 * After the add (issue 16 item 4): what was added, by name and count, and what the cart now holds
 * in the basket badge's words; 'Buy more tickets' hands the focus to the counts it brings back.
 */
function AddedToCart({ actor }: { actor: TicketingActor }) {
  const lang = useLang();
  const intl = useIntl();
  const added = useSelector(actor, (s) => s.context.addedLines, shallowEqual);
  const what = intl.formatList(
    added.map((line) => intl.formatMessage({ id: 'cart.countedName' }, { count: 'totalCount' in line ? line.totalCount : 1, name: line.name })),
    { type: 'conjunction' },
  );
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="notice notice--success added-to-cart" data-testid="added-to-cart">
      <h2 ref={heading} tabIndex={-1} className="added-to-cart__title">
        <FormattedMessage id="tickets.addedWhat" values={{ what }} />
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
          <FormattedMessage id="tickets.buyMore" />
        </button>
      </p>
    </section>
  );
}

function Selection({ actor }: { actor: TicketingActor }) {
  const state = useSelector(actor, selectionStateOf);
  const soldOut = useSelector(actor, (s) => s.context.soldOutChoice);
  const date = useSelector(actor, (s) => s.context.date);
  const showTimes = state === 'choosingTime' || state === 'timeSoldOut' || state === 'counts';
  return (
    <div className="ticket-selection">
      {state === 'choosingDate' && (
        <p className="ticket-selection__hint">
          <FormattedMessage id="tickets.chooseDate" />
        </p>
      )}
      {state === 'daySoldOut' && soldOut && (
        <p className="notice notice--warning" role="alert" data-testid="day-sold-out">
          <FormattedMessage id="tickets.daySoldOut" values={{ date: formatDate(soldOut) }} />
        </p>
      )}
      {state === 'loadingTickets' && (
        <p className="screen-loading" role="status">
          <FormattedMessage id="tickets.loadingTickets" />
        </p>
      )}
      {state === 'ticketsFailed' && (
        <RetryNotice messageId="tickets.ticketsFailed" onRetry={() => actor.send({ type: 'RETRY' })} small />
      )}
      {state === 'noResults' && (
        <p className="notice notice--info" role="status" data-testid="no-results">
          <FormattedMessage id="tickets.noResults" />
        </p>
      )}
      {date && state !== 'loadingTickets' && state !== 'choosingDate' && state !== 'daySoldOut' && (
        <p className="ticket-selection__date">
          <FormattedMessage id="calendar.chosenDate" values={{ date: formatDate(date) }} />
        </p>
      )}
      {showTimes && <TimeSlots actor={actor} />}
      {state === 'timeSoldOut' && soldOut && (
        <p className="notice notice--warning" role="alert">
          <FormattedMessage id="tickets.timeSoldOut" values={{ time: timeOf(soldOut) }} />
        </p>
      )}
      {state === 'choosingTime' && (
        <p className="ticket-selection__hint">
          <FormattedMessage id="tickets.chooseTime" />
        </p>
      )}
      {state === 'counts' && <Tickets actor={actor} />}
      {state === 'added' && <AddedToCart actor={actor} />}
    </div>
  );
}

export function TicketSelection({ actor }: { actor: TicketingActor }) {
  const page = useSelector(actor, pageStateOf);
  const eventName = useSelector(actor, (s) => s.context.event?.name ?? null);
  const heading = eventName ?? <FormattedMessage id="title.ticket" />;
  usePageTitle(page === 'notFound' ? null : eventName);

  if (page === 'notFound') {
    return (
      <section className="ticket-page">
        <PageHeading>
          <FormattedMessage id="tickets.notFoundTitle" />
        </PageHeading>
        <p className="notice notice--warning" role="alert">
          <FormattedMessage id="tickets.notFound" />
        </p>
        <BackToList />
      </section>
    );
  }
  return (
    <section className="ticket-page">
      <BackToList />
      <PageHeading>{heading}</PageHeading>
      {page === 'loading' && (
        <p className="screen-loading" role="status">
          <FormattedMessage id="tickets.loadingEvent" />
        </p>
      )}
      {page === 'expired' && (
        <p className="notice notice--warning" role="alert" data-testid="event-expired">
          <FormattedMessage id="tickets.eventExpired" />
        </p>
      )}
      {page === 'failed' && (
        <RetryNotice messageId="tickets.pageFailed" onRetry={() => actor.send({ type: 'RETRY' })} />
      )}
      {page === 'booking' && (
        <div className="ticket-page__booking">
          <Calendar actor={actor} />
          <Selection actor={actor} />
        </div>
      )}
    </section>
  );
}

/** Route tickets/{id} (optional ?date=YYYY-MM-DD preselects a bookable date): the journey's ticket page. */
export default function TicketScreen() {
  return <TicketSelection actor={useJourney('eventTicketing')} />;
}

