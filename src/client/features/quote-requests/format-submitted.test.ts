import { describe, expect, it } from 'vitest';
import { recentDateText as formatReceived, timeOfDayText as formatClock } from '../../../shared/date-formats';
import { formatWait } from './format-submitted';

const minutes = (n: number) => n * 60_000;
const hours = (n: number) => minutes(60 * n);

describe('times in the inbox', () => {
  it('says how long a request has waited in the units a person uses', () => {
    expect(formatWait(minutes(1))).toBe('1 minute');
    expect(formatWait(minutes(45))).toBe('45 minutes');
    expect(formatWait(hours(1))).toBe('1 hour');
    expect(formatWait(hours(23) + minutes(59))).toBe('23 hours');
    expect(formatWait(hours(24))).toBe('1 day');
    expect(formatWait(hours(30) + minutes(5))).toBe('1 day 6 hours');
    expect(formatWait(hours(52))).toBe('2 days 4 hours');
    expect(formatWait(hours(24 * 12 + 5))).toBe('12 days');
    // A clock a little behind the server's is no wait at all, never a negative one.
    expect(formatWait(-5000)).toBe('0 minutes');
  });

  it('writes times in Central time, the year only when it is not this one', () => {
    const now = new Date('2026-11-23T15:00:00Z');
    expect(formatReceived('2026-11-22T15:05:00Z', now)).toBe('Nov 22, 9:05 AM');
    expect(formatReceived('2025-12-31T23:00:00Z', now)).toBe('Dec 31, 2025');
    expect(formatClock(new Date('2026-07-04T14:30:00Z'))).toBe('9:30 AM');
  });
});
