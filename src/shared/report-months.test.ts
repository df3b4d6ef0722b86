import { describe, expect, it } from 'vitest';
import { monthName, reportMonthProblem, reportRange } from './report-months';

describe('the monthly report’s months', () => {
  const today = '2026-11-23';

  it('covers a past month whole, and the current month from its first day to today', () => {
    expect(reportRange('2026-10', today)).toEqual({ from: '2026-10-01', to: '2026-10-31', toDate: false });
    expect(reportRange('2024-02', today)).toEqual({ from: '2024-02-01', to: '2024-02-29', toDate: false });
    expect(reportRange('2026-11', today)).toEqual({ from: '2026-11-01', to: '2026-11-23', toDate: true });
    expect(reportRange('2026-11', '2026-11-30')).toEqual({ from: '2026-11-01', to: '2026-11-30', toDate: true });
  });

  it('refuses a malformed month, a future one and one before reports began, saying what to send', () => {
    expect(reportMonthProblem('2026-11', today)).toBeNull();
    expect(reportMonthProblem('2019-01', today)).toBeNull();
    for (const bad of ['2026-13', '2026-00', '2026-1', '26-11', '2026-11-01', 'november', '']) {
      expect(reportMonthProblem(bad, today), bad).toBe('Give the month as YYYY-MM, for example 2026-11.');
    }
    expect(reportMonthProblem('2026-12', today)).toBe(
      'December 2026 has not started yet: reports cover the current month to date and past months.',
    );
    expect(reportMonthProblem('1999-12', today)).toBe('Reports start in January 2000.');
    expect(monthName('2026-02')).toBe('February 2026');
  });
});
