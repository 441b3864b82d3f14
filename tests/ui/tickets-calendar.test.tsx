/**
 * The date grid on its own: WAI-ARIA grid with one tab stop, keys by day, week, week ends and
 * month, months beyond the allowed range refused, every day's status in its name, sold-out days
 * focusable and announced, choosing by Enter or click reported to the owner.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { IntlProvider } from 'react-intl';
import { DateGrid, type DayState } from '../../src/app/components/calendar/DateGrid.js';

afterEach(() => cleanup());

const states: Record<string, DayState> = { '2026-12-05': 'available', '2026-12-07': 'soldOut', '2026-12-01': 'past' };

function Harness({ chosen, shown, lastMonth = '2027-01' }: { chosen: string[]; shown: string[]; lastMonth?: string }) {
  const [month, setMonth] = useState('2026-12');
  return (
    <IntlProvider locale="en" messages={{}}>
      <DateGrid
        months={[month]}
        dayState={(date) => states[date] ?? 'unavailable'}
        dayStatus={(date) => (states[date] === 'available' ? '3 places left' : states[date] === 'soldOut' ? 'sold out' : 'not available')}
        selected={null}
        canShowMonth={(m) => m >= '2026-12' && m <= lastMonth}
        onShowMonths={(m) => {
          shown.push(m);
          setMonth(m);
        }}
        onChoose={(date) => chosen.push(date)}
      />
    </IntlProvider>
  );
}

const focused = () => (document.activeElement as HTMLElement | null)?.dataset.date;
const key = (k: string) => fireEvent.keyDown(document.activeElement as HTMLElement, { key: k });

describe('DateGrid', () => {
  it('is a grid with one tab stop on the first available day and says each day\'s status in words', () => {
    render(<Harness chosen={[]} shown={[]} />);
    expect(screen.getByRole('grid')).toBeTruthy();
    const stops = document.querySelectorAll('button[data-date][tabindex="0"]');
    expect([...stops].map((b) => (b as HTMLElement).dataset.date)).toEqual(['2026-12-05']);
    expect(screen.getByRole('button', { name: 'Saturday, December 5, 2026, 3 places left' }).getAttribute('aria-disabled')).toBeNull();
    const soldOut = screen.getByRole('button', { name: 'Monday, December 7, 2026, sold out' });
    expect(soldOut.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getAllByRole('columnheader').map((th) => th.getAttribute('abbr'))).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
  });

  it('moves by day, week, week start and end, and by month within the allowed months; reports choices', () => {
    const chosen: string[] = [];
    const shown: string[] = [];
    render(<Harness chosen={chosen} shown={shown} />);
    (document.querySelector('button[data-date="2026-12-05"]') as HTMLButtonElement).focus();
    key('ArrowRight');
    expect(focused()).toBe('2026-12-06');
    key('ArrowDown');
    expect(focused()).toBe('2026-12-13');
    key('Home');
    expect(focused()).toBe('2026-12-07');
    key('End');
    expect(focused()).toBe('2026-12-13');
    key('ArrowUp');
    key('ArrowLeft');
    expect(focused()).toBe('2026-12-05');
    expect(document.querySelectorAll('button[data-date][tabindex="0"]')).toHaveLength(1);
    key('PageUp');
    expect(focused()).toBe('2026-12-05');
    expect(shown).toEqual([]);
    key('PageDown');
    expect(shown).toEqual(['2027-01']);
    expect(focused()).toBe('2027-01-05');
    key('PageDown');
    expect(focused()).toBe('2027-01-05');
    key('PageUp');
    expect(focused()).toBe('2026-12-05');
    fireEvent.click(document.activeElement as HTMLElement);
    key('ArrowRight');
    key('ArrowRight');
    fireEvent.click(document.activeElement as HTMLElement);
    expect(chosen).toEqual(['2026-12-05', '2026-12-07']);
  });

  it('Home and End stop at the month\'s first and last day where the week runs into a month that cannot be shown', () => {
    const shown: string[] = [];
    render(<Harness chosen={[]} shown={shown} lastMonth="2026-12" />);
    (document.querySelector('button[data-date="2026-12-05"]') as HTMLButtonElement).focus();
    // the week of Saturday 5 December began on Monday 30 November, before the months allowed
    key('Home');
    expect(focused()).toBe('2026-12-01');
    key('End');
    expect(focused()).toBe('2026-12-06');
    key('ArrowDown');
    key('ArrowDown');
    key('ArrowDown');
    key('ArrowDown');
    // Sunday 3 January is after them
    expect(focused()).toBe('2026-12-27');
    key('ArrowLeft');
    key('ArrowLeft');
    key('ArrowLeft');
    key('ArrowLeft');
    key('ArrowLeft');
    expect(focused()).toBe('2026-12-22');
    key('ArrowDown');
    expect(focused()).toBe('2026-12-29');
    key('End');
    expect(focused()).toBe('2026-12-31');
    // the other keys stay where they cannot go
    key('ArrowDown');
    expect(focused()).toBe('2026-12-31');
    key('Home');
    expect(focused()).toBe('2026-12-28');
    expect(shown).toEqual([]);
  });
});
