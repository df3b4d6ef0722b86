import { describe, expect, it } from 'vitest';
import {
  fullDateText,
  instantDateText,
  instantDateTimeText,
  instantSecondsText,
  instantShortDateTimeText,
  mediumDateText,
  monthText,
  recentDateText,
  shortDateText,
  shortWeekdayDateText,
  toChicagoLocal,
  weekdayDateText,
  weekText,
} from './date-formats';

describe('the date formats', () => {
  it('reads a local date as its calendar day, whatever the time zone', () => {
    expect(shortDateText('2026-11-23')).toBe('Nov 23');
    expect(shortWeekdayDateText('2026-11-23')).toBe('Mon, Nov 23');
    expect(mediumDateText('2026-03-02')).toBe('Mar 2, 2026');
    expect(weekdayDateText('2026-11-23')).toBe('Monday, November 23');
    expect(fullDateText('2026-11-23')).toBe('Monday, November 23, 2026');
    expect(monthText('2026-11')).toBe('November 2026');
    expect(weekText('2026-11-23')).toBe('Nov 23 – Nov 29');
    // A day on which the clocks change is still that day.
    expect(shortWeekdayDateText('2026-03-08')).toBe('Sun, Mar 8');
  });

  it('shows an instant as the wall clock in Milwaukee', () => {
    // 02:30 UTC on Oct 3 is still Oct 2 in Milwaukee.
    expect(instantDateText('2026-10-03T02:30:00Z')).toBe('Oct 2, 2026');
    expect(instantDateTimeText('2026-10-02T14:15:00Z').replace(/\s/g, ' ')).toBe('Oct 2, 2026, 9:15 AM');
    expect(instantShortDateTimeText(new Date('2026-11-23T13:02:00Z')).replace(/\s/g, ' ')).toBe('Nov 23, 7:02 AM');
    expect(instantSecondsText('2026-11-23T13:02:05Z').replace(/\s/g, ' ')).toBe('Nov 23, 2026, 7:02:05 AM');
  });

  it('leaves the year out of a recent date only when it is this year', () => {
    const now = new Date('2026-11-23T15:00:00Z');
    expect(recentDateText('2026-11-22T15:05:00Z', now)).toBe('Nov 22, 9:05 AM');
    expect(recentDateText('2025-12-31T23:00:00Z', now)).toBe('Dec 31, 2025');
    // Late on New Year's Eve in Milwaukee is still last year there.
    expect(recentDateText('2026-01-01T03:00:00Z', new Date('2026-01-01T12:00:00Z'))).toBe('Dec 31, 2025');
  });

  it('gives the datetime-local value of an instant in Milwaukee', () => {
    expect(toChicagoLocal('2026-11-23T13:02:00Z')).toBe('2026-11-23T07:02');
    expect(toChicagoLocal('2026-07-04T05:30:00Z')).toBe('2026-07-04T00:30');
  });
});
