/**
 * Tour list (route guided-tours, §2, §4): the tours filtered by tour language, date (today,
 * tomorrow and the next days that have tours, or any date from the picker), category (only
 * categories with tours) and venue (only with more than one venue); loading, failed (retry) and
 * "no results for the selection" with the way back to every tour. Renders the tour booking
 * actor's state and sends its events.
 */
import { useId } from 'react';
import { Link } from '@tanstack/react-router';
import { shallowEqual, useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  selectCategories,
  selectListFailed,
  selectNextDays,
  selectTourLanguages,
  selectVenues,
  selectVisibleTours,
  type TourActor,
} from '../../../../machines/tourBooking.selectors.js';
import type { Tour } from '../../../api/schemas/catalog.js';
import { lastOverviewDate } from '../../../domain/tours.js';
import { FilterSelect, ListPage } from '../../components/ListPage.js';
import { useLang } from '../../hooks.js';
import { useJourney } from '../../journeys/use-journey.js';
import { routeHref } from '../../../domain/routes.js';

const sameData = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function TourCard({ tour, lang }: { tour: Tour; lang: string }) {
  const headingId = useId();
  return (
    <li className="event-card tour-card" aria-labelledby={headingId} data-testid="tour-card">
      <h2 className="event-card__title" id={headingId}>
        {tour.name}
      </h2>
      <p className="event-card__meta">
        <span className="event-card__venue">{tour.venue.name}</span>
        <span>{tour.langName}</span>
        <span>
          <FormattedMessage id="tours.duration" values={{ minutes: tour.duration }} />
        </span>
      </p>
      {tour.custom_groups.length > 0 && (
        <ul className="event-card__groups">
          {tour.custom_groups.map((group) => (
            <li key={group.id}>{group.name}</li>
          ))}
        </ul>
      )}
      {tour.description && <p className="event-card__text">{tour.description}</p>}
      <Link className="button event-card__cta" to={routeHref(lang, 'guidedTour', { id: tour.id })}>
        <FormattedMessage id="tours.chooseTour" />
        <span className="visually-hidden">: {tour.name}</span>
      </Link>
    </li>
  );
}

function DateFilter({ actor }: { actor: TourActor }) {
  const intl = useIntl();
  const id = useId();
  const days = useSelector(actor, selectNextDays, sameData);
  const chosen = useSelector(actor, (s) => s.context.filters.date);
  const today = useSelector(actor, (s) => s.context.today);
  const label = (key: string, offset: number) => (offset < 2 ? intl.formatMessage({ id: `tours.${key}` }) : intl.formatMessage({ id: 'tours.inDays' }, { count: offset }));
  return (
    <fieldset className="tour-dates">
      <legend>
        <FormattedMessage id="tours.date" />
      </legend>
      <div className="tour-dates__quick">
        {days
          .map((day, offset) => ({ ...day, offset }))
          .filter((day) => day.hasTours)
          .map((day) => (
            <button
              key={day.key}
              type="button"
              className={`button button--small ${chosen === day.date ? '' : 'button--secondary'}`}
              aria-pressed={chosen === day.date}
              onClick={() => actor.send({ type: 'SET_DATE_FILTER', date: chosen === day.date ? null : day.date })}
            >
              {label(day.key, day.offset)}
            </button>
          ))}
      </div>
      <div className="field tour-dates__picker">
        <label htmlFor={id}>
          <FormattedMessage id="tours.pickDate" />
        </label>
        <input
          id={id}
          type="date"
          className="field__input"
          min={today}
          max={lastOverviewDate(today)}
          value={chosen ?? ''}
          onChange={(e) => actor.send({ type: 'SET_DATE_FILTER', date: e.target.value === '' ? null : e.target.value })}
        />
      </div>
    </fieldset>
  );
}

export function TourList({ actor }: { actor: TourActor }) {
  const intl = useIntl();
  const lang = useLang();
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const failed = useSelector(actor, selectListFailed);
  const tours = useSelector(actor, selectVisibleTours, shallowEqual);
  const total = useSelector(actor, (s) => s.context.tours.length);
  const languages = useSelector(actor, selectTourLanguages, sameData);
  const categories = useSelector(actor, selectCategories, sameData);
  const venues = useSelector(actor, selectVenues, sameData);
  const filters = useSelector(actor, (s) => s.context.filters);

  return (
    <ListPage
      className="event-list tour-list"
      titleId="title.guidedTours"
      loadingId="tours.loadingList"
      failedId="tours.listFailed"
      loading={loading}
      failed={failed}
      onRetry={() => actor.send({ type: 'RETRY' })}
    >
      <form className="event-filters tour-filters" aria-label={intl.formatMessage({ id: 'tours.filters' })} onSubmit={(e) => e.preventDefault()}>
        <FilterSelect
          label={intl.formatMessage({ id: 'tours.language' })}
          all={intl.formatMessage({ id: 'tours.allLanguages' })}
          value={filters.language}
          options={languages}
          onChange={(language) => actor.send({ type: 'SET_LANGUAGE_FILTER', language })}
        />
        {categories.length > 0 && (
          <FilterSelect
            label={intl.formatMessage({ id: 'tours.category' })}
            all={intl.formatMessage({ id: 'tours.allCategories' })}
            value={filters.category}
            options={categories}
            onChange={(category) => actor.send({ type: 'SET_CATEGORY_FILTER', category: category === null ? null : Number(category) })}
          />
        )}
        {venues.length > 1 && (
          <FilterSelect
            label={intl.formatMessage({ id: 'tours.venue' })}
            all={intl.formatMessage({ id: 'tours.allVenues' })}
            value={filters.venue}
            options={venues}
            onChange={(venue) => actor.send({ type: 'SET_VENUE_FILTER', venue: venue === null ? null : Number(venue) })}
          />
        )}
        <DateFilter actor={actor} />
      </form>
      <p className="event-list__count" role="status">
        {total > 0 && <FormattedMessage id="tours.count" values={{ count: tours.length }} />}
      </p>
      {tours.length === 0 ? (
        <div className="notice notice--info" data-testid="no-results">
          <p>
            <FormattedMessage id="tours.noResults" />
          </p>
          <button type="button" className="button button--small" onClick={() => actor.send({ type: 'CLEAR_FILTERS' })}>
            <FormattedMessage id="tours.showAll" />
          </button>
        </div>
      ) : (
        <ul className="event-list__items">
          {tours.map((tour) => (
            <TourCard key={tour.id} tour={tour} lang={lang} />
          ))}
        </ul>
      )}
    </ListPage>
  );
}

/** Route guided-tours: the tour list. */
export default function TourListScreen() {
  return <TourList actor={useJourney('tourBooking')} />;
}
