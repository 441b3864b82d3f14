import { describe, expect, it } from 'vitest';
import { calendarNavigation, canShowCalendarMonth } from '../../src/domain/calendar.js';

describe('months the calendar may show (§7, §9)', () => {
  it('shows no month before today\'s', () => {
    expect(canShowCalendarMonth('2026-11', '2026-12-15', null)).toBe(false);
    expect(canShowCalendarMonth('2026-12', '2026-12-15', null)).toBe(true);
    expect(canShowCalendarMonth('2031-07', '2026-12-15', null)).toBe(true);
  });

  it('shows no month after the last day\'s, in either date format', () => {
    expect(canShowCalendarMonth('2027-02', '2026-12-15', '20270210')).toBe(true);
    expect(canShowCalendarMonth('2027-03', '2026-12-15', '20270210')).toBe(false);
    expect(canShowCalendarMonth('2027-02', '2026-12-15', '2027-02-10 18:00:00')).toBe(true);
    expect(canShowCalendarMonth('2027-03', '2026-12-15', '2027-02-10')).toBe(false);
  });

  it('reads no last day, an empty or an unreadable one as no end', () => {
    for (const last of [null, undefined, '', 'soon']) expect(canShowCalendarMonth('2030-01', '2026-12-15', last)).toBe(true);
  });

  it('shows nothing that is not a month', () => {
    for (const month of ['', '2026-1', '2027-01-01', '202701', 'x']) expect(canShowCalendarMonth(month, '2026-12-15', null)).toBe(false);
  });

  it('lets the buttons go to the neighbouring months it may show', () => {
    expect(calendarNavigation('2026-12', '2026-12-15', '20270110')).toEqual({ previous: null, next: '2027-01' });
    expect(calendarNavigation('2027-01', '2026-12-15', '20270110')).toEqual({ previous: '2026-12', next: null });
    expect(calendarNavigation('2027-01', '2026-12-15', null)).toEqual({ previous: '2026-12', next: '2027-02' });
    expect(calendarNavigation('2027-12', '2027-11-30', null)).toEqual({ previous: '2027-11', next: '2028-01' });
  });
});
