import { describe, expect, it } from 'vitest';
import { milwaukeeTime } from '../../../shared/photo-dates';
import { isOnTime } from './monthly-report-data';
import { pdfText } from '../../pdf/fonts';

describe('on time', () => {
  const window = { from: '06:00', to: '10:00' };
  const visit = (checkedInAt: Date | null, options: { window?: typeof window | null; status?: string } = {}) => ({
    status: options.status ?? 'completed',
    date: '2026-11-03',
    window: options.window === undefined ? window : options.window,
    checkedInAt,
  });

  it('is a completed visit checked in on its day, within its window to the minute (any time that day without one)', () => {
    expect(isOnTime(visit(milwaukeeTime(2026, 11, 3, 6, 0)))).toBe(true);
    expect(isOnTime(visit(milwaukeeTime(2026, 11, 3, 10, 0, 59)))).toBe(true);
    expect(isOnTime(visit(milwaukeeTime(2026, 11, 3, 10, 1)))).toBe(false);
    expect(isOnTime(visit(milwaukeeTime(2026, 11, 3, 5, 59)))).toBe(false);
    expect(isOnTime(visit(milwaukeeTime(2026, 11, 3, 23, 30), { window: null }))).toBe(true);
    expect(isOnTime(visit(milwaukeeTime(2026, 11, 4, 0, 30), { window: null }))).toBe(false);
    expect(isOnTime(visit(null))).toBe(false);
    expect(isOnTime(visit(milwaukeeTime(2026, 11, 3, 7, 0), { status: 'in_progress' }))).toBe(false);
  });
});

describe('text for the report’s typeface', () => {
  it('keeps every letter Inter has, accents and all; falls back to the bare letter, and marks what it cannot show', () => {
    expect(pdfText('Café “Brücke” – 50% off… ’')).toBe('Café “Brücke” – 50% off… ’');
    expect(pdfText('Łukasz Wiśniewski, Dvořák, Şişli, Żółć')).toBe('Łukasz Wiśniewski, Dvořák, Şişli, Żółć');
    expect(pdfText('Ǆupanija')).toBe('DZupanija');
    expect(pdfText('Lot 🚗 北')).toBe('Lot ? ?');
    expect(pdfText('line\r\nbreak')).toBe('line\nbreak');
  });
});
