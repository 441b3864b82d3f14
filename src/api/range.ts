/** The date ranges of §7's calendar calls, apart from the shell's HTTP client (./http.ts) so that only the calendars load the date helpers. */
import { toCompactDate } from '../domain/dates.js';

/** A date range of §7 as a path segment: `range/YYYYMMDD;YYYYMMDD` from two 'YYYY-MM-DD'. */
export const rangeSegment = (start: string, end: string): string => `range/${toCompactDate(start)};${toCompactDate(end)}`;
