/**
 * Event list (route tickets, §2): the events in the machine's order (sequence_no, then
 * sorting_datetime), filtered by venue and custom group; loading, failed (retry) and "no results
 * for the selection". Renders the ticketing actor's state and sends its events.
 */
import { useId } from 'react';
import { Link } from '@tanstack/react-router';
import { shallowEqual, useSelector } from '@xstate/react';
import { FilterSelect, ListPage } from '../../components/ListPage.js';
import { FormattedMessage, useIntl } from 'react-intl';
import { selectCustomGroups, selectListFailed, selectVenues, selectVisibleEvents, type TicketingActor } from '../../../../machines/eventTicketing.selectors.js';
import type { ShopEvent } from '../../../api/schemas/catalog.js';
import { formatDate } from '../../../i18n/format.js';
import { useLang } from '../../hooks.js';
import { useJourney } from '../../journeys/use-journey.js';
import { routeHref } from '../../../domain/routes.js';

function EventCard({ event, lang }: { event: ShopEvent; lang: string }) {
  const headingId = useId();
  return (
    <li className="event-card" aria-labelledby={headingId}>
      <h2 className="event-card__title" id={headingId}>
        {event.name}
      </h2>
      <p className="event-card__meta">
        <span className="event-card__venue">{event.venue.name}</span>
        <span className="event-card__dates">
          <FormattedMessage id="tickets.eventDates" values={{ start: formatDate(event.start), end: formatDate(event.end) }} />
        </span>
      </p>
      {event.custom_groups.length > 0 && (
        <ul className="event-card__groups">
          {event.custom_groups.map((group) => (
            <li key={group.id}>{group.name}</li>
          ))}
        </ul>
      )}
      {event.description && <p className="event-card__text">{event.description}</p>}
      {event.expired ? (
        <p className="event-card__expired">
          <FormattedMessage id="tickets.expired" />
        </p>
      ) : (
        <Link className="button event-card__cta" to={routeHref(lang, 'ticket', { id: event.id })}>
          <FormattedMessage id="tickets.chooseTickets" />
          <span className="visually-hidden">: {event.name}</span>
        </Link>
      )}
    </li>
  );
}

export function EventList({ actor }: { actor: TicketingActor }) {
  const intl = useIntl();
  const lang = useLang();
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const failed = useSelector(actor, selectListFailed);
  const events = useSelector(actor, selectVisibleEvents, shallowEqual);
  const total = useSelector(actor, (s) => s.context.events.length);
  const venues = useSelector(actor, selectVenues, shallowEqual);
  const groups = useSelector(actor, selectCustomGroups, shallowEqual);
  const filters = useSelector(actor, (s) => s.context.filters);

  return (
    <ListPage
      className="event-list"
      titleId="title.tickets"
      loadingId="tickets.loadingEvents"
      failedId="tickets.eventsFailed"
      loading={loading}
      failed={failed}
      onRetry={() => actor.send({ type: 'RETRY' })}
    >
      {(venues.length > 1 || groups.length > 0) && (
        <form className="event-filters" aria-label={intl.formatMessage({ id: 'tickets.filters' })} onSubmit={(e) => e.preventDefault()}>
          {venues.length > 1 && (
            <FilterSelect
              label={intl.formatMessage({ id: 'tickets.venue' })}
              all={intl.formatMessage({ id: 'tickets.allVenues' })}
              value={filters.venue}
              options={venues}
              onChange={(venue) => actor.send({ type: 'SET_VENUE_FILTER', venue: venue === null ? null : Number(venue) })}
            />
          )}
          {groups.length > 0 && (
            <FilterSelect
              label={intl.formatMessage({ id: 'tickets.group' })}
              all={intl.formatMessage({ id: 'tickets.allGroups' })}
              value={filters.customGroup}
              options={groups}
              onChange={(group) => actor.send({ type: 'SET_GROUP_FILTER', group: group === null ? null : Number(group) })}
            />
          )}
        </form>
      )}
      <p className="event-list__count" role="status">
        {total > 0 && <FormattedMessage id="tickets.eventCount" values={{ count: events.length }} />}
      </p>
      {events.length === 0 ? (
        <p className="notice notice--info" data-testid="no-results">
          <FormattedMessage id="tickets.noResults" />
        </p>
      ) : (
        <ul className="event-list__items">
          {events.map((event) => (
            <EventCard key={event.id} event={event} lang={lang} />
          ))}
        </ul>
      )}
    </ListPage>
  );
}

/** Route tickets: the event list. */
export default function EventListScreen() {
  return <EventList actor={useJourney('eventTicketing')} />;
}
