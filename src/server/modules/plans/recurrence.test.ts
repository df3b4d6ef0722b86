import { afterEach, describe, expect, it } from 'vitest';
import { describeRrule, parseRrule, toRrule, type Recurrence } from '../../../shared/recurrence';
import { planDatesBetween, rruleProblem } from './recurrence';

const weekdayOf = (localDate: string) => ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'][new Date(`${localDate}T00:00:00Z`).getUTCDay()];

// The server's own clock zone must not matter: run every case as if the machine were in UTC and in Chicago.
const zones = ['UTC', 'America/Chicago', 'Asia/Kolkata'];
const originalTz = process.env.TZ;
afterEach(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

describe.each(zones)('a plan’s dates, with the server’s clock in %s', (zone) => {
  it.each([
    ['the March 2026 change', '2026-03-01', '2026-03-15'],
    ['the November 2026 change', '2026-10-25', '2026-11-08'],
    ['the March 2027 change', '2027-03-07', '2027-03-21'],
    ['the November 2027 change', '2027-10-31', '2027-11-14'],
  ])('keeps Monday and Thursday visits on their local weekday across %s', (_change, from, to) => {
    process.env.TZ = zone;
    const dates = planDatesBetween({ rrule: 'FREQ=WEEKLY;BYDAY=MO,TH', startDate: '2026-01-05' }, from, to);
    expect(dates).toHaveLength(4);
    expect(dates.map(weekdayOf)).toEqual(['MO', 'TH', 'MO', 'TH']);
  });

  it('lists the exact dates around the changes', () => {
    process.env.TZ = zone;
    const plan = { rrule: 'FREQ=WEEKLY;BYDAY=SU,MO', startDate: '2026-01-01' };
    // 2026-03-08 and 2026-11-01 are the change days themselves (Sundays).
    expect(planDatesBetween(plan, '2026-03-07', '2026-03-09')).toEqual(['2026-03-08', '2026-03-09']);
    expect(planDatesBetween(plan, '2026-10-31', '2026-11-02')).toEqual(['2026-11-01', '2026-11-02']);
    expect(planDatesBetween(plan, '2027-03-13', '2027-03-15')).toEqual(['2027-03-14', '2027-03-15']);
    expect(planDatesBetween(plan, '2027-11-06', '2027-11-08')).toEqual(['2027-11-07', '2027-11-08']);
  });

  it('counts every N weeks from the plan’s start date', () => {
    process.env.TZ = zone;
    const plan = { rrule: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU', startDate: '2026-02-24' };
    expect(planDatesBetween(plan, '2026-02-01', '2026-04-30')).toEqual([
      '2026-02-24',
      '2026-03-10',
      '2026-03-24',
      '2026-04-07',
      '2026-04-21',
    ]);
    // Read from a later date (across the November change), the fortnightly rhythm holds: it is not restarted from `from`.
    expect(planDatesBetween(plan, '2026-10-14', '2026-11-20')).toEqual(['2026-10-20', '2026-11-03', '2026-11-17']);
    // A start on a Wednesday: the first Tuesday is the one two weeks after the start's week.
    expect(planDatesBetween({ ...plan, startDate: '2026-03-04' }, '2026-03-01', '2026-04-01')).toEqual(['2026-03-17', '2026-03-31']);
  });

  it('skips months without the 31st (RFC 5545), and BYMONTHDAY=-1 takes each month’s last day', () => {
    process.env.TZ = zone;
    expect(planDatesBetween({ rrule: 'FREQ=MONTHLY;BYMONTHDAY=31', startDate: '2027-01-01' }, '2027-01-01', '2027-06-30')).toEqual([
      '2027-01-31',
      '2027-03-31',
      '2027-05-31',
    ]);
    expect(planDatesBetween({ rrule: 'FREQ=MONTHLY;BYMONTHDAY=-1', startDate: '2027-01-01' }, '2027-01-01', '2027-04-30')).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
    ]);
    expect(planDatesBetween({ rrule: 'FREQ=MONTHLY;BYMONTHDAY=15', startDate: '2026-10-16' }, '2026-10-01', '2027-01-31')).toEqual([
      '2026-11-15',
      '2026-12-15',
      '2027-01-15',
    ]);
  });

  it('finds the nth and the last weekday of each month', () => {
    process.env.TZ = zone;
    expect(planDatesBetween({ rrule: 'FREQ=MONTHLY;BYDAY=+2WE', startDate: '2026-01-01' }, '2026-02-01', '2026-05-31')).toEqual([
      '2026-02-11',
      '2026-03-11',
      '2026-04-08',
      '2026-05-13',
    ]);
    expect(planDatesBetween({ rrule: 'FREQ=MONTHLY;BYDAY=-1FR', startDate: '2026-01-01' }, '2026-10-01', '2026-12-31')).toEqual([
      '2026-10-30',
      '2026-11-27',
      '2026-12-25',
    ]);
  });

  it('includes the end date, and nothing after it', () => {
    process.env.TZ = zone;
    const plan = { rrule: 'FREQ=WEEKLY;BYDAY=MO,TH', startDate: '2026-03-02', endDate: '2026-03-12' };
    expect(planDatesBetween(plan, '2026-01-01', '2026-12-31')).toEqual(['2026-03-02', '2026-03-05', '2026-03-09', '2026-03-12']);
    expect(planDatesBetween(plan, '2026-03-13', '2026-12-31')).toEqual([]);
  });
});

describe('an RRULE as a plan’s recurrence', () => {
  it('accepts the shapes the company sells, in any case and order', () => {
    for (const rule of [
      'FREQ=WEEKLY;BYDAY=MO,TH',
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU',
      'byday=tu;interval=2;freq=weekly',
      'FREQ=MONTHLY;BYMONTHDAY=15',
      'FREQ=MONTHLY;BYMONTHDAY=-1',
      'FREQ=MONTHLY;BYDAY=+2WE',
      'FREQ=MONTHLY;BYDAY=-1FR',
      'RRULE:FREQ=WEEKLY;BYDAY=SA',
    ]) {
      expect(rruleProblem(rule), rule).toBeNull();
    }
  });

  it.each([
    ['', 'Choose how often the visits repeat'],
    ['FREQ=DAILY', 'Plans repeat weekly or monthly (FREQ=WEEKLY or FREQ=MONTHLY), not DAILY'],
    ['FREQ=WEEKLY', 'Choose at least one weekday (BYDAY=MO,TH)'],
    ['FREQ=WEEKLY;BYDAY=MON', 'Weekdays are written MO, TU, WE, TH, FR, SA and SU; "MON" is not one'],
    ['FREQ=WEEKLY;INTERVAL=0;BYDAY=MO', 'INTERVAL must be a whole number of weeks from 1 to 12'],
    ['FREQ=WEEKLY;BYDAY=MO;COUNT=10', 'COUNT is not supported (use the plan’s end date instead)'],
    ['FREQ=MONTHLY;BYMONTHDAY=32', 'BYMONTHDAY must be one day of the month, 1 to 31, or -1 for the last day'],
    ['FREQ=MONTHLY;BYDAY=+5MO', 'A monthly weekday is one weekday with its place in the month'],
    ['FREQ=MONTHLY', 'Choose a day of the month (BYMONTHDAY=15) or a weekday of the month (BYDAY=+2WE)'],
    ['DTSTART:20260101T000000Z\nRRULE:FREQ=WEEKLY;BYDAY=MO', 'Give the rule without DTSTART'],
    ['every monday', '"every monday" is not a rule part'],
  ])('refuses %j with a clear message', (rule, message) => {
    expect(rruleProblem(rule)).toContain(message);
  });
});

describe('the console’s recurrence form', () => {
  const cases: Array<[Recurrence, string, string]> = [
    [{ kind: 'weekly', weekdays: ['TH', 'MO'], interval: 1 }, 'FREQ=WEEKLY;BYDAY=MO,TH', 'Every Monday and Thursday'],
    [{ kind: 'weekly', weekdays: ['TU'], interval: 2 }, 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU', 'Every 2 weeks on Tuesday'],
    [{ kind: 'weekly', weekdays: ['MO', 'WE', 'FR'], interval: 1 }, 'FREQ=WEEKLY;BYDAY=MO,WE,FR', 'Every Monday, Wednesday and Friday'],
    [{ kind: 'monthly-day', day: 15 }, 'FREQ=MONTHLY;BYMONTHDAY=15', 'Monthly on the 15th'],
    [{ kind: 'monthly-day', day: 1 }, 'FREQ=MONTHLY;BYMONTHDAY=1', 'Monthly on the 1st'],
    [{ kind: 'monthly-day', day: 22 }, 'FREQ=MONTHLY;BYMONTHDAY=22', 'Monthly on the 22nd'],
    [{ kind: 'monthly-day', day: 31 }, 'FREQ=MONTHLY;BYMONTHDAY=31', 'Monthly on the 31st (none in months without one)'],
    [{ kind: 'monthly-day', day: -1 }, 'FREQ=MONTHLY;BYMONTHDAY=-1', 'Monthly on the last day'],
    [{ kind: 'monthly-weekday', nth: 2, weekday: 'WE' }, 'FREQ=MONTHLY;BYDAY=+2WE', 'Monthly on the second Wednesday'],
    [{ kind: 'monthly-weekday', nth: -1, weekday: 'FR' }, 'FREQ=MONTHLY;BYDAY=-1FR', 'Monthly on the last Friday'],
  ];

  it.each(cases)('turns %j into %s and back, and says "%s"', (recurrence, rrule, words) => {
    expect(toRrule(recurrence)).toBe(rrule);
    const parsed = parseRrule(rrule);
    expect(parsed.ok && toRrule(parsed.recurrence)).toBe(rrule);
    expect(describeRrule(rrule)).toBe(words);
  });
});
