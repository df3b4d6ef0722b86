import { describe, expect, it } from 'vitest';
import { weekStartOf } from '../../../shared/local-dates';
import { windowText as formatWindow } from '../../../shared/date-formats';
import { formatDistance, fromChicagoLocal, toChicagoLocal } from './dates';

describe('the schedule’s dates and times', () => {
  it('starts each week on Monday, Sunday included in the week before it', () => {
    expect(weekStartOf('2026-11-23')).toBe('2026-11-23'); // a Monday
    expect(weekStartOf('2026-11-29')).toBe('2026-11-23'); // its Sunday
    expect(weekStartOf('2026-11-30')).toBe('2026-11-30');
    expect(weekStartOf('2027-01-01')).toBe('2026-12-28'); // across the new year
  });

  it('turns Milwaukee wall-clock times into instants and back, on both sides of daylight-saving changes', () => {
    expect(fromChicagoLocal('2026-11-23T07:15')).toBe('2026-11-23T13:15:00.000Z'); // CST, UTC-6
    expect(fromChicagoLocal('2026-07-14T07:15')).toBe('2026-07-14T12:15:00.000Z'); // CDT, UTC-5
    expect(fromChicagoLocal('2026-03-08T03:30')).toBe('2026-03-08T08:30:00.000Z'); // just after clocks spring forward
    expect(fromChicagoLocal('2026-11-01T03:00')).toBe('2026-11-01T09:00:00.000Z'); // just after they fall back
    for (const iso of ['2026-11-23T13:15:00.000Z', '2026-07-14T12:15:00.000Z', '2026-03-08T08:30:00.000Z']) {
      expect(fromChicagoLocal(toChicagoLocal(iso))).toBe(iso);
    }
    expect(toChicagoLocal('2026-11-23T05:59:00.000Z')).toBe('2026-11-22T23:59');
  });

  it('says windows and distances the way the office reads them', () => {
    expect(formatWindow({ from: '06:00', to: '10:30' })).toBe('6:00 AM – 10:30 AM');
    expect(formatWindow({ from: '12:00', to: '13:00' })).toBe('12:00 PM – 1:00 PM');
    expect(formatWindow(null)).toBe('Anytime');
    expect(formatDistance(38.6)).toBe('39 m');
    expect(formatDistance(2012)).toBe('2.0 km');
  });
});
