/**
 * The guided tour rules of §4 and §5 (src/domain/tours.ts), each with worked examples on the demo
 * tours (numbers as src/server/seed/catalog.ts seeds them):
 * - 201 "Highlights": single tickets only, max 20 participants, adult 25.00, child 10.00, a
 *   family ticket (0.00) with 1–2 adults at 22.00 and 1–4 children at 8.00;
 * - 203 "Private group tour": the complete tour only, 25 per tour, at least 5, booking without
 *   tickets, group tour 250.00 / school class 120.00, Thursday 18:30 overrides them (320.00 /
 *   160.00), 3 guides per time, six questions;
 * - 204 "Architecture walk" (single tickets and complete tour both on) for the limit that is the
 *   places left.
 */
import { describe, expect, it } from 'vitest';
import {
  answerProblem,
  answerProblems,
  answersPayload,
  asksGroupSize,
  bookingModes,
  chooseTourTime,
  clearAnswer,
  countProblem,
  effectivePriceList,
  effectiveTourTicketCount,
  emptyTourForm,
  filterTours,
  formPrice,
  groupSize,
  heldInCart,
  initialTourDate,
  initialTourLanguage,
  nextDays,
  participantLimit,
  setAnswer,
  setBookingMode,
  setParticipants,
  setTourCount,
  setTourSubticketCount,
  setTourTicketCount,
  slotAfterCart,
  tourCartItem,
  tourCartLine,
  tourCategories,
  tourCountLimit,
  tourDayAvailability,
  tourItemTotals,
  tourMonthOffer,
  tourVenues,
  type QuestionInput,
  type TourForm,
  type TourInput,
  type TourSlotInput,
} from '../../src/domain/tours.js';

const vat = 8.1;
const tour201: TourInput = {
  id: 201, name: 'Highlights der Sammlung', max_participants: 20, min_participants: 1, single_ticketing: 1, book_complete_tour: 0, booking_without_tickets: 0,
  priceList: [],
  tickets: [
    { id: 2011, name: 'Erwachsene', price: 2500, vat_value: vat, subtickets: [] },
    { id: 2012, name: 'Kind', price: 1000, vat_value: vat, subtickets: [] },
    { id: 2013, name: 'Familienticket', price: 0, vat_value: vat, subtickets: [
      { id: 5021, name: 'Erwachsene', price: 2200, min_quantity: 1, max_quantity: 2 },
      { id: 5022, name: 'Kinder', price: 800, min_quantity: 1, max_quantity: 4 },
    ] },
  ],
};
const tour203: TourInput = {
  id: 203, name: 'Private Gruppenführung', max_participants: 25, min_participants: 5, single_ticketing: 0, book_complete_tour: 1, booking_without_tickets: 1,
  priceList: [
    { id: 2031, name: 'Gruppenführung', price: 25000, vat_value: vat },
    { id: 2032, name: 'Schulklasse', price: 12000, vat_value: vat },
  ],
  tickets: [{ id: 2033, name: 'Teilnehmende', price: 0, vat_value: vat, subtickets: [] }],
};
const tour204: TourInput = { ...tour203, id: 204, name: 'Architekturspaziergang', max_participants: 15, min_participants: 1, single_ticketing: 1, book_complete_tour: 1, booking_without_tickets: 0 };

const slot = (time: string, remaining: number, tours_remaining = 1, priceList: TourSlotInput['priceList'] = null): TourSlotInput => ({ time, remaining, tours_remaining, soldout: remaining <= 0, priceList });
/** 201 on a Tuesday at 11:00: 20 places */
const at11 = slot('11:00', 20);
/** 203 on a Monday at 10:30: 75 places, 3 guides */
const monday = slot('10:30', 75, 3);
/** 203 on a Thursday at 18:30: its own price list */
const thursdayEvening = slot('18:30', 75, 3, [{ id: 2031, price: 32000 }, { id: 2032, price: 16000 }]);

const single = (patch: Partial<TourForm> = {}): TourForm => ({ ...emptyTourForm(tour201), ...patch });
const complete = (patch: Partial<TourForm> = {}): TourForm => ({ ...emptyTourForm(tour203), ...patch });

const q203: QuestionInput[] = [
  { id: 2301, type: 'radio', mandatory: true, options: ['children', 'teenagers', 'adults', 'seniors'].map((value) => ({ value })), min: null, max: null },
  { id: 2302, type: 'select', mandatory: true, options: ['de', 'en', 'fr', 'it'].map((value) => ({ value })), min: null, max: null },
  { id: 2303, type: 'checkbox', mandatory: false, options: ['wheelchair', 'hearing_loop', 'seating'].map((value) => ({ value })), min: null, max: null },
  { id: 2304, type: 'text', mandatory: true, options: [], min: null, max: null },
  { id: 2305, type: 'textarea', mandatory: false, options: [], min: null, max: null },
  { id: 2306, type: 'number', mandatory: false, options: [], min: 0, max: 25 },
];

describe('the list (§4)', () => {
  const listTour = (id: number, lang: string, venue: number, groups: number[]) => ({
    id, langIdentifier: lang, langName: lang, venue: { id: venue, name: `venue ${venue}` }, custom_groups: groups.map((g) => ({ id: g, name: `group ${g}` })),
  });
  const tours = [listTour(201, 'de', 1, [21]), listTour(202, 'en', 1, [21]), listTour(203, 'de', 1, [22]), listTour(204, 'fr', 2, [21, 24])];

  it('starts the language filter on the interface language when tours exist in it, else on the default tour language', () => {
    expect(initialTourLanguage(tours, 'en', 'de')).toBe('en');
    expect(initialTourLanguage(tours, 'it', 'de')).toBe('de');
    expect(initialTourLanguage(tours, 'it', 'sv')).toBeNull();
  });

  it('offers only categories that have tours, and the venues (two here, so the venue filter is offered)', () => {
    const categories = [21, 22, 23, 24].map((id) => ({ id, name: `group ${id}` }));
    expect(tourCategories(tours, categories).map((c) => c.id)).toEqual([21, 22, 24]);
    expect(tourVenues(tours).map((v) => v.id)).toEqual([1, 2]);
    expect(tourVenues(tours.slice(0, 3)).map((v) => v.id)).toEqual([1]);
  });

  it('sets each next-days flag from its own date; "in four days" reads the fourth day, not the third (the reference defect)', () => {
    // Tuesday 2026-06-09: tours today and in four days, none in three days
    const overview = { '2026-06-09': [201], '2026-06-10': [], '2026-06-13': [201, 204] };
    const days = nextDays(overview, '2026-06-09');
    expect(days.map((d) => [d.key, d.date, d.hasTours])).toEqual([
      ['today', '2026-06-09', true],
      ['tomorrow', '2026-06-10', false],
      ['inTwoDays', '2026-06-11', false],
      ['inThreeDays', '2026-06-12', false],
      ['inFourDays', '2026-06-13', true],
    ]);
    // and the other way round: tours in three days only do not set the four-day flag
    const three = nextDays({ '2026-06-12': [201] }, '2026-06-09');
    expect(three.find((d) => d.key === 'inThreeDays')?.hasTours).toBe(true);
    expect(three.find((d) => d.key === 'inFourDays')?.hasTours).toBe(false);
  });

  it('filters by language, date (the overview of that day), category and venue', () => {
    const overview = { '2026-06-13': [201, 204] };
    const ids = (f: Partial<Parameters<typeof filterTours>[1]>) => filterTours(tours, { language: null, date: null, category: null, venue: null, ...f }, overview).map((t) => t.id);
    expect(ids({ language: 'de' })).toEqual([201, 203]);
    expect(ids({ date: '2026-06-13' })).toEqual([201, 204]);
    expect(ids({ date: '2026-06-14' })).toEqual([]);
    expect(ids({ category: 24 })).toEqual([204]);
    expect(ids({ venue: 1, language: 'de', category: 22 })).toEqual([203]);
  });
});

describe('the calendar and the time (§4)', () => {
  const calendar = {
    '2026-06-09': { '11:00': { remaining: 20, tours_remaining: 1, soldout: false } },
    '2026-06-10': { '11:00': { remaining: 0, tours_remaining: 0, soldout: true }, '15:00': { remaining: 0, tours_remaining: 0, soldout: true } },
    '2026-06-13': { '11:00': { remaining: 0, tours_remaining: 0, soldout: true }, '15:00': { remaining: 20, tours_remaining: 1, soldout: false } },
  };

  it('marks days available, sold out (every time sold out), not offered or past', () => {
    expect(tourDayAvailability(calendar, '2026-06-09', '2026-06-09')).toBe('available');
    expect(tourDayAvailability(calendar, '2026-06-10', '2026-06-09')).toBe('soldOut'); // 201 on a Wednesday
    expect(tourDayAvailability(calendar, '2026-06-13', '2026-06-09')).toBe('available'); // Saturday: 11:00 sold out, 15:00 open
    expect(tourDayAvailability(calendar, '2026-06-11', '2026-06-09')).toBe('unavailable');
    expect(tourDayAvailability(calendar, '2026-06-08', '2026-06-09')).toBe('past');
  });

  it('opens on the requested date when available, else on the first available day', () => {
    expect(initialTourDate(calendar, '2026-06-13', '2026-06-09')).toBe('2026-06-13');
    expect(initialTourDate(calendar, '2026-06-10', '2026-06-09')).toBe('2026-06-09');
    expect(initialTourDate(calendar, null, '2026-06-10')).toBe('2026-06-13');
    expect(initialTourDate({ '2026-06-10': calendar['2026-06-10'] }, null, '2026-06-09')).toBeNull();
  });

  it('selects the only open time, else keeps the current time when still offered, else takes the first', () => {
    const saturday = [slot('11:00', 0), slot('15:00', 20)];
    const tuesday = [slot('11:00', 20), slot('15:00', 20)];
    expect(chooseTourTime(saturday, null)).toBe('15:00');
    expect(chooseTourTime(saturday, '11:00')).toBe('15:00');
    expect(chooseTourTime(tuesday, '15:00')).toBe('15:00');
    expect(chooseTourTime(tuesday, '13:00')).toBe('11:00');
    expect(chooseTourTime([slot('11:00', 0)], '11:00')).toBeNull();
  });
});

describe('prices (§4: the tour price list, overridden by the chosen slot)', () => {
  it('takes 203 at 250.00 on a Monday and at 320.00 on Thursday 18:30', () => {
    expect(effectivePriceList(tour203.priceList, monday.priceList).map((p) => p.price)).toEqual([25000, 12000]);
    expect(effectivePriceList(tour203.priceList, thursdayEvening.priceList).map((p) => p.price)).toEqual([32000, 16000]);
    expect(formPrice(tour203, thursdayEvening, complete({ tours: { 2031: 1, 2032: 1 }, participants: 30 }))).toBe(48000);
  });

  it('prices 201 single tickets: 2 adults + 1 child + a family ticket of 2 adults and 3 children = 50.00 + 10.00 + 68.00', () => {
    const form = single({ tickets: { 2011: 2, 2012: 1 }, subtickets: { 2013: { 5021: 2, 5022: 3 } } });
    expect(formPrice(tour201, at11, form)).toBe(12800);
    expect(tourItemTotals(tour201, null, { prices: [], tickets: [{ id: 2011, count: 2 }, { id: 2012, count: 1 }, { id: 2013, count: 1, subtickets: [{ id: 5021, count: 2 }, { id: 5022, count: 3 }] }] })).toEqual({
      amount: 12800, tours: 0, participants: 8,
    });
  });
});

describe('counts (§5)', () => {
  it('limits participants to min(max_participants, places left): 201 with 20 places is 20 (its maximum), with 7 places left 7', () => {
    expect(participantLimit(tour201, at11, 'single', 0)).toEqual({ max: 20, reason: 'maxParticipants' });
    expect(participantLimit(tour201, slot('11:00', 7), 'single', 0)).toEqual({ max: 7, reason: 'placesLeft' });
  });

  it('with single ticketing and complete-tour booking both on, the limit is the places left (204 with 30 places: 30, not 15)', () => {
    expect(participantLimit(tour204, slot('10:00', 30), 'single', 0)).toEqual({ max: 30, reason: 'placesLeft' });
    expect(participantLimit(tour204, slot('10:00', 30), 'complete', 1)).toEqual({ max: 30, reason: 'placesLeft' });
    // and only one whole tour at a time
    expect(tourCountLimit(tour204, slot('10:00', 30))).toEqual({ max: 1, reason: 'wholeTour' });
  });

  it('a complete tour holds max_participants per tour booked: 203 with 2 tours holds 50', () => {
    expect(participantLimit(tour203, monday, 'complete', 2)).toEqual({ max: 50, reason: 'perTour' });
    expect(setParticipants(tour203, monday, complete({ tours: { 2031: 2 } }), '60')).toMatchObject({ form: { participants: 50 }, limited: true, limit: { max: 50, reason: 'perTour' } });
  });

  it('tours ≤ tours left at that time: 203 has 3 guides per time, so 2 group tours leave 1 school class', () => {
    const form = complete({ tours: { 2031: 2 } });
    expect(setTourCount(tour203, monday, form, 2032, 5)).toMatchObject({ form: { tours: { 2031: 2, 2032: 1 } }, limited: true, limit: { max: 1, reason: 'toursLeft' } });
    expect(countProblem(tour203, slot('10:30', 75, 1), complete({ tours: { 2031: 2 }, participants: 10 }))).toEqual({ kind: 'tooManyTours', max: 1 });
  });

  it('non-numeric input is 0', () => {
    expect(setTourTicketCount(tour201, at11, single(), 2011, 'zwei').form.tickets[2011]).toBe(0);
    expect(setTourTicketCount(tour201, at11, single(), 2011, '').form.tickets[2011]).toBe(0);
    expect(setTourTicketCount(tour201, at11, single(), 2011, -3).form.tickets[2011]).toBe(0);
    expect(setParticipants(tour203, monday, complete(), 'viele').form.participants).toBe(0);
    expect(setTourCount(tour203, monday, complete(), 2031, '1x').form.tours[2031]).toBe(0);
  });

  it('caps a ticket by what the other tickets leave: 201 with 15 adults takes at most 5 children', () => {
    const form = single({ tickets: { 2011: 15 } });
    expect(setTourTicketCount(tour201, at11, form, 2012, 9)).toMatchObject({ form: { tickets: { 2011: 15, 2012: 5 } }, limited: true, limit: { max: 5, reason: 'maxParticipants' } });
  });

  it('a ticket with subtickets counts 1 when any subticket is chosen, and brings Σ subtickets participants', () => {
    const form = single({ subtickets: { 2013: { 5021: 1, 5022: 2 } } });
    expect(effectiveTourTicketCount(tour201.tickets[2]!, form)).toBe(1);
    expect(effectiveTourTicketCount(tour201.tickets[2]!, single())).toBe(0);
    expect(tourCartItem(tour201, '2026-06-09', '11:00', form, []).tickets).toEqual([{ id: 2013, count: 1, subtickets: [{ id: 5021, count: 1 }, { id: 5022, count: 2 }] }]);
    // a subticket is capped by its max_quantity: at most 2 adults on the family ticket
    expect(setTourSubticketCount(tour201, at11, single(), 2013, 5021, 3)).toMatchObject({ form: { subtickets: { 2013: { 5021: 2 } } }, limited: true, limit: { max: 2, reason: 'subticket' } });
  });

  it('tickets and participants must match for a complete tour: too many and too few are both said', () => {
    const base = { tours: { 2031: 1 }, participants: 12 };
    expect(countProblem(tour203, monday, complete({ ...base, tickets: { 2033: 14 } }))).toEqual({ kind: 'tooManyTickets', tickets: 14, participants: 12 });
    expect(countProblem(tour203, monday, complete({ ...base, tickets: { 2033: 10 } }))).toEqual({ kind: 'tooFewTickets', tickets: 10, participants: 12 });
    expect(countProblem(tour203, monday, complete({ ...base, tickets: { 2033: 12 } }))).toBeNull();
    // 203 books without tickets: none at all is fine
    expect(countProblem(tour203, monday, complete(base))).toBeNull();
  });

  it('a whole tour whose tickets are required takes its group from the tickets (§5, WCAG 3.3.7): never typed, the limits checked on their sum', () => {
    const whole = (tickets: Record<number, number>, participants = 0) => ({ ...emptyTourForm(tour204), mode: 'complete' as const, tours: { 2031: 1 }, tickets, participants });
    expect(asksGroupSize(tour204, 'complete')).toBe(false);
    expect(asksGroupSize(tour204, 'single')).toBe(false);
    // 203 books without tickets: its group size is typed
    expect(asksGroupSize(tour203, 'complete')).toBe(true);
    // no tickets chosen: no participants (a typed number does not count)
    expect(countProblem(tour204, slot('10:00', 15), whole({}, 6))).toEqual({ kind: 'noParticipants' });
    // 6 tickets are a group of 6, whatever was typed before
    expect(groupSize(tour204, whole({ 2033: 6 }, 2))).toBe(6);
    expect(countProblem(tour204, slot('10:00', 15), whole({ 2033: 6 }))).toBeNull();
    // the limits of §5 on that sum, with their usual words
    expect(countProblem(tour204, slot('10:00', 5), whole({ 2033: 6 }))).toEqual({ kind: 'tooManyParticipants', max: 5, reason: 'placesLeft' });
    expect(countProblem({ ...tour204, min_participants: 4 }, slot('10:00', 15), whole({ 2033: 3 }))).toEqual({ kind: 'belowMinimum', min: 4 });
  });

  it('a month without tour dates has no dates, it is not sold out; a month whose tour days are all sold out is', () => {
    const full = { '10:00': { timeslotId: 1, remaining: 0, tours_remaining: 0, soldout: true } };
    const open = { '10:00': { timeslotId: 2, remaining: 5, tours_remaining: 1, soldout: false } };
    const calendar = { '2026-06-10': full, '2026-06-13': full, '2026-08-05': open, '2026-09-01': full };
    expect(tourMonthOffer(calendar, '2026-06', '2026-06-01')).toBe('soldOut');
    expect(tourMonthOffer(calendar, '2026-07', '2026-06-01')).toBe('noDates');
    expect(tourMonthOffer(calendar, '2026-08', '2026-06-01')).toBe('available');
    // past days do not count: June seen on 20 June has no dates left
    expect(tourMonthOffer(calendar, '2026-06', '2026-06-20')).toBe('noDates');
  });

  it('a tour needs its minimum group size: 203 with 4 participants is refused, with 5 accepted', () => {
    expect(countProblem(tour203, monday, complete({ tours: { 2031: 1 }, participants: 4 }))).toEqual({ kind: 'belowMinimum', min: 5 });
    expect(countProblem(tour203, monday, complete({ tours: { 2031: 1 }, participants: 5 }))).toBeNull();
  });

  it('says what is missing: no tours, no participants, too many participants', () => {
    expect(countProblem(tour203, monday, complete({ participants: 10 }))).toEqual({ kind: 'noTours' });
    expect(countProblem(tour203, monday, complete({ tours: { 2031: 1 } }))).toEqual({ kind: 'noParticipants' });
    expect(countProblem(tour201, at11, single())).toEqual({ kind: 'noParticipants' });
    expect(countProblem(tour203, monday, complete({ tours: { 2031: 1 }, participants: 30 }))).toEqual({ kind: 'tooManyParticipants', max: 25, reason: 'perTour' });
    expect(countProblem(tour201, slot('11:00', 3), single({ tickets: { 2011: 4 } }))).toEqual({ kind: 'tooManyParticipants', max: 3, reason: 'placesLeft' });
  });

  it('offers the booking modes of the flags, and switching mode starts the counts afresh but keeps the answers', () => {
    expect(bookingModes(tour201)).toEqual(['single']);
    expect(bookingModes(tour203)).toEqual(['complete']);
    expect(bookingModes(tour204)).toEqual(['single', 'complete']);
    const form = { ...emptyTourForm(tour204), tickets: { 2033: 3 }, answers: { 2304: 'Klasse 4b' } };
    expect(setBookingMode(tour204, form, 'complete')).toEqual({ ...emptyTourForm(tour204), mode: 'complete', answers: { 2304: 'Klasse 4b' } });
    expect(setBookingMode(tour201, single(), 'complete')).toEqual(single());
  });

  it('counts what the cart already holds at the same tour, date and time', () => {
    const lines = [
      { type: 'guidedTour', id: 203, date: '2026-06-08', time: '10:30', totalCount: 12, prices: [{ id: 2031, count: 1 }] },
      { type: 'guidedTour', id: 203, date: '2026-06-08', time: '14:00', totalCount: 8, prices: [{ id: 2031, count: 1 }] },
      { type: 'ticket' },
    ];
    const held = heldInCart(lines, 203, '2026-06-08', '10:30');
    expect(held).toEqual({ places: 12, tours: 1 });
    expect(slotAfterCart(monday, held)).toMatchObject({ remaining: 63, tours_remaining: 2 });
  });
});

describe('group questions (§4, §5)', () => {
  const radio = q203[0]!;
  const checkbox = q203[2]!;
  const number = q203[5]!;

  it("says 'required' for a mandatory question without an answer, nothing for an optional one", () => {
    expect(answerProblems(q203, {})).toEqual({ 2301: 'required', 2302: 'required', 2304: 'required' });
    expect(answerProblems(q203, { 2301: 'adults', 2302: 'de', 2304: 'Klasse 4b' })).toEqual({});
    expect(answerProblem(q203[3]!, '   ')).toBe('required');
  });

  it('accepts only offered options, and numbers within min/max', () => {
    expect(answerProblem(radio, 'pirates')).toBe('invalid');
    expect(answerProblem(checkbox, ['wheelchair', 'jetpack'])).toBe('invalid');
    expect(answerProblem(number, '26')).toBe('invalid');
    expect(answerProblem(number, '-1')).toBe('invalid');
    expect(answerProblem(number, 'zwei')).toBe('invalid');
    expect(answerProblem(number, '3')).toBeNull();
    expect(answerProblem(q203[4]!, 'x'.repeat(2001))).toBe('invalid');
  });

  it('radio and select hold one value, a checkbox toggles values in its list, text holds what is typed; answers can be cleared', () => {
    let answers = setAnswer({}, radio, 'children');
    answers = setAnswer(answers, radio, 'adults');
    expect(answers[2301]).toBe('adults');
    answers = setAnswer(answers, checkbox, 'wheelchair');
    answers = setAnswer(answers, checkbox, 'seating');
    answers = setAnswer(answers, checkbox, 'wheelchair');
    expect(answers[2303]).toEqual(['seating']);
    answers = setAnswer(answers, number, '2');
    expect(clearAnswer(answers, 2301)).toEqual({ 2303: ['seating'], 2306: '2' });
    // the §7 answers: given ones only, numbers as numbers
    expect(answersPayload(q203, { ...answers, 2305: '' })).toEqual([
      { qId: 2301, type: 'radio', value: 'adults' },
      { qId: 2303, type: 'checkbox', value: ['seating'] },
      { qId: 2306, type: 'number', value: 2 },
    ]);
  });
});

describe('the §7 cart item and the cart line', () => {
  it('203 as a complete tour on Thursday 18:30: prices, tickets and answers, at the slot price list', () => {
    const form = complete({ tours: { 2031: 1 }, participants: 12, tickets: { 2033: 12 }, answers: { 2301: 'adults', 2302: 'en', 2304: 'Klasse 4b' } });
    expect(tourCartItem(tour203, '2026-06-11', '18:30', form, q203)).toEqual({
      type: 'guidedTour',
      answers: [
        { qId: 2301, type: 'radio', value: 'adults' },
        { qId: 2302, type: 'select', value: 'en' },
        { qId: 2304, type: 'text', value: 'Klasse 4b' },
      ],
      datetime: '2026-06-11 18:30',
      tourId: 203,
      prices: [{ id: 2031, count: 1 }],
      tickets: [{ id: 2033, count: 12, subtickets: [] }],
    });
    const line = tourCartLine(tour203, thursdayEvening, '2026-06-11', form, q203);
    expect(line).toMatchObject({ type: 'guidedTour', id: 203, name: 'Private Gruppenführung', date: '2026-06-11', time: '18:30', totalPrice: 32000, totalCount: 12, vat_value: vat, single_ticketing: 0 });
    // each part says what it stands for, so a switch of language can rename it (issue 16 item 7), and its VAT rate (§9, issue 45)
    expect(line.parts).toEqual([
      { name: 'Gruppenführung', count: 1, price: 32000, vat_value: vat, ref: { kind: 'price', id: 2031 } },
      { name: 'Teilnehmende', count: 12, price: 0, vat_value: vat, ref: { kind: 'ticket', id: 2033 } },
    ]);
  });

  it('203 without tickets sends no tickets; 201 single tickets send no prices', () => {
    expect(tourCartItem(tour203, '2026-06-08', '10:30', complete({ tours: { 2032: 1 }, participants: 20 }), []).tickets).toEqual([]);
    expect(tourCartLine(tour203, monday, '2026-06-08', complete({ tours: { 2032: 1 }, participants: 20 }), [])).toMatchObject({ totalPrice: 12000, totalCount: 20 });
    const line = tourCartLine(tour201, at11, '2026-06-09', single({ tickets: { 2011: 2 }, subtickets: { 2013: { 5021: 2, 5022: 3 } } }), []);
    expect(line).toMatchObject({ prices: [], totalPrice: 5000 + 4400 + 2400, totalCount: 7, single_ticketing: 1 });
    expect(line.tickets).toEqual([{ id: 2011, count: 2, subtickets: [] }, { id: 2013, count: 1, subtickets: [{ id: 5021, count: 2 }, { id: 5022, count: 3 }] }]);
    expect(line.parts).toEqual([
      { name: 'Erwachsene', count: 2, price: 2500, vat_value: vat, ref: { kind: 'ticket', id: 2011 } },
      { name: 'Familienticket: Erwachsene', count: 2, price: 2200, vat_value: vat, ref: { kind: 'subticket', ticketId: 2013, id: 5021 } },
      { name: 'Familienticket: Kinder', count: 3, price: 800, vat_value: vat, ref: { kind: 'subticket', ticketId: 2013, id: 5022 } },
    ]);
  });
});
