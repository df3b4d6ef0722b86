import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addBusinessDays, addMonths, firstVisitWindow, isBusinessDay, termEndDate } from './agreement-dates';
import { addDays } from './local-dates';

// 2026-03-06 is a Friday.
const FRIDAY = '2026-03-06';

describe('addBusinessDays', () => {
  it('skips the weekend: Friday plus 2 is Tuesday, Thursday plus 2 is Monday, Wednesday plus 2 is Friday', () => {
    expect(addBusinessDays(FRIDAY, 2)).toBe('2026-03-10');
    expect(addBusinessDays('2026-03-05', 2)).toBe('2026-03-09');
    expect(addBusinessDays('2026-03-04', 2)).toBe('2026-03-06');
  });

  it('counts from a weekend day to the next business days, and zero days is the day itself', () => {
    expect(addBusinessDays('2026-03-07', 1)).toBe('2026-03-09'); // Saturday: Monday
    expect(addBusinessDays('2026-03-08', 2)).toBe('2026-03-10'); // Sunday: Tuesday
    expect(addBusinessDays('2026-03-07', 0)).toBe('2026-03-07');
  });

  it('crosses months and years', () => {
    expect(addBusinessDays('2026-12-31', 2)).toBe('2027-01-04'); // Thursday: the next Monday
    expect(addBusinessDays('2026-02-27', 1)).toBe('2026-03-02');
  });

  it('always lands on a business day, n business days later, at most n + 2 days later', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2020-01-01'), max: new Date('2035-12-31'), noInvalidDate: true }), fc.nat(30), (day, n) => {
        const from = day.toISOString().slice(0, 10);
        if (n === 0) return;
        const to = addBusinessDays(from, n);
        expect(isBusinessDay(to)).toBe(true);
        let counted = 0;
        for (let d = addDays(from, 1); d <= to; d = addDays(d, 1)) if (isBusinessDay(d)) counted += 1;
        expect(counted).toBe(n);
      }),
    );
  });

  it('refuses a negative or fractional count', () => {
    expect(() => addBusinessDays(FRIDAY, -1)).toThrow(RangeError);
    expect(() => addBusinessDays(FRIDAY, 1.5)).toThrow(RangeError);
  });
});

describe('addMonths and termEndDate', () => {
  it('keeps the day of the month, or the month’s last day when it is shorter', () => {
    expect(addMonths('2026-03-15', 6)).toBe('2026-09-15');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28');
  });

  it('ends a fixed term the day before the same date 6 or 12 months on; month-to-month has no end', () => {
    expect(termEndDate('6-months', '2026-03-10')).toBe('2026-09-09');
    expect(termEndDate('12-months', '2026-03-10')).toBe('2027-03-09');
    expect(termEndDate('12-months', '2026-01-01')).toBe('2026-12-31');
    expect(termEndDate('month-to-month', '2026-03-10')).toBeNull();
  });
});

describe('firstVisitWindow', () => {
  it('after an acceptance on a Friday, service starts Saturday and the first visit is due by Tuesday', () => {
    expect(firstVisitWindow(FRIDAY, '2026-03-02')).toEqual({ from: '2026-03-07', by: '2026-03-10' });
  });

  it('waits for a later proposed start date, and the first visit is on it', () => {
    expect(firstVisitWindow(FRIDAY, '2026-03-16')).toEqual({ from: '2026-03-16', by: '2026-03-16' });
  });

  it('starts on a proposed date inside the two business days, still due by the promise', () => {
    expect(firstVisitWindow(FRIDAY, '2026-03-09')).toEqual({ from: '2026-03-09', by: '2026-03-10' });
  });
});
