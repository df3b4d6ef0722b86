/**
 * A service plan's recurrence, as the console's form shows it and as the plan stores it: an
 * RFC 5545 RRULE without DTSTART (docs/decisions/006-plans-and-visits.md). Only the shapes the
 * company sells are accepted, so every stored rule can be shown in the form and in words:
 * - weekly on chosen weekdays, every week or every N weeks (`FREQ=WEEKLY;INTERVAL=2;BYDAY=TU`);
 * - monthly on a day of the month (`FREQ=MONTHLY;BYMONTHDAY=15`, or -1 for the last day);
 * - monthly on the nth weekday (`FREQ=MONTHLY;BYDAY=+2WE`, or -1 for the last one).
 *
 * This module only reads and writes the text; expanding a rule into dates is the `rrule`
 * library's job on the server (src/server/modules/plans/recurrence.ts).
 */

export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const WEEKDAY_NAMES: Record<Weekday, string> = {
  MO: 'Monday',
  TU: 'Tuesday',
  WE: 'Wednesday',
  TH: 'Thursday',
  FR: 'Friday',
  SA: 'Saturday',
  SU: 'Sunday',
};

/** Which weekday of the month: the first to the fourth, or the last (-1). */
export const NTH_WEEKDAYS = [1, 2, 3, 4, -1] as const;
export type NthWeekday = (typeof NTH_WEEKDAYS)[number];
export const NTH_NAMES: Record<NthWeekday, string> = { 1: 'first', 2: 'second', 3: 'third', 4: 'fourth', [-1]: 'last' };

/** Every N weeks, at most this N. */
export const MAX_WEEK_INTERVAL = 12;
/** The last day of the month, in BYMONTHDAY. */
export const LAST_DAY_OF_MONTH = -1;

/** The console's recurrence form. */
export type Recurrence =
  | { kind: 'weekly'; weekdays: Weekday[]; interval: number }
  | { kind: 'monthly-day'; day: number }
  | { kind: 'monthly-weekday'; nth: NthWeekday; weekday: Weekday };

export type RecurrenceResult = { ok: true; recurrence: Recurrence } | { ok: false; message: string };

const EXAMPLES = 'such as FREQ=WEEKLY;BYDAY=MO,TH, FREQ=WEEKLY;INTERVAL=2;BYDAY=TU, FREQ=MONTHLY;BYMONTHDAY=15 or FREQ=MONTHLY;BYDAY=+2WE';
const fail = (message: string): RecurrenceResult => ({ ok: false, message });

/** Weekdays in the week's order (Monday first), without repeats. */
const inWeekOrder = (weekdays: readonly Weekday[]) => WEEKDAYS.filter((day) => weekdays.includes(day));

/** The RRULE of a recurrence, in one canonical spelling. */
export function toRrule(recurrence: Recurrence): string {
  switch (recurrence.kind) {
    case 'weekly': {
      const interval = recurrence.interval > 1 ? `;INTERVAL=${recurrence.interval}` : '';
      return `FREQ=WEEKLY${interval};BYDAY=${inWeekOrder(recurrence.weekdays).join(',')}`;
    }
    case 'monthly-day':
      return `FREQ=MONTHLY;BYMONTHDAY=${recurrence.day}`;
    case 'monthly-weekday':
      return `FREQ=MONTHLY;BYDAY=${recurrence.nth > 0 ? '+' : ''}${recurrence.nth}${recurrence.weekday}`;
  }
}

/**
 * Reads an RRULE into the form's recurrence, or says in plain words what is wrong with it.
 * Parts are case-insensitive and in any order; an optional `RRULE:` prefix is allowed.
 */
export function parseRrule(text: string): RecurrenceResult {
  const body = text.trim().replace(/^RRULE:/i, '');
  if (!body) return fail('Choose how often the visits repeat');
  if (/DTSTART|\n/i.test(body)) return fail('Give the rule without DTSTART: the plan’s start date says when it begins');
  const parts = new Map<string, string>();
  for (const part of body.split(';')) {
    const match = /^([A-Za-z]+)=([^=;]+)$/.exec(part.trim());
    if (!match) return fail(`"${part}" is not a rule part: write NAME=VALUE parts separated by semicolons, ${EXAMPLES}`);
    const name = match[1]!.toUpperCase();
    if (parts.has(name)) return fail(`${name} is given twice`);
    parts.set(name, match[2]!.trim().toUpperCase());
  }
  const allowed = new Set(['FREQ', 'INTERVAL', 'BYDAY', 'BYMONTHDAY', 'WKST']);
  const unsupported = [...parts.keys()].filter((name) => !allowed.has(name));
  if (unsupported.length) {
    const hint = unsupported.some((name) => name === 'UNTIL' || name === 'COUNT') ? ' (use the plan’s end date instead)' : '';
    return fail(`${unsupported.join(', ')} is not supported${hint}: plans repeat weekly or monthly, ${EXAMPLES}`);
  }
  if (parts.has('WKST') && parts.get('WKST') !== 'MO') return fail('Weeks start on Monday (WKST=MO)');
  const freq = parts.get('FREQ');
  if (!freq) return fail(`Say how often with FREQ=WEEKLY or FREQ=MONTHLY, ${EXAMPLES}`);

  if (freq === 'WEEKLY') {
    if (parts.has('BYMONTHDAY')) return fail('BYMONTHDAY belongs to monthly plans');
    const interval = parts.has('INTERVAL') ? Number(parts.get('INTERVAL')) : 1;
    if (!/^\d+$/.test(parts.get('INTERVAL') ?? '1') || interval < 1 || interval > MAX_WEEK_INTERVAL)
      return fail(`INTERVAL must be a whole number of weeks from 1 to ${MAX_WEEK_INTERVAL}`);
    const byDay = parts.get('BYDAY');
    if (!byDay) return fail(`${NO_WEEKDAY_MESSAGE} (BYDAY=MO,TH)`);
    const weekdays = byDay.split(',').map((day) => day.trim());
    const unknown = weekdays.filter((day) => !(WEEKDAYS as readonly string[]).includes(day));
    if (unknown.length) return fail(`Weekdays are written MO, TU, WE, TH, FR, SA and SU; "${unknown.join(',')}" is not one`);
    return { ok: true, recurrence: { kind: 'weekly', weekdays: inWeekOrder(weekdays as Weekday[]), interval } };
  }

  if (freq === 'MONTHLY') {
    if (parts.has('INTERVAL') && parts.get('INTERVAL') !== '1') return fail('Monthly plans repeat every month (no INTERVAL)');
    const byMonthDay = parts.get('BYMONTHDAY');
    const byDay = parts.get('BYDAY');
    if (byMonthDay && byDay) return fail('Give either a day of the month (BYMONTHDAY) or a weekday of the month (BYDAY), not both');
    if (byMonthDay) {
      const day = Number(byMonthDay);
      if (!/^-?\d+$/.test(byMonthDay) || !((day >= 1 && day <= 31) || day === LAST_DAY_OF_MONTH))
        return fail('BYMONTHDAY must be one day of the month, 1 to 31, or -1 for the last day');
      return { ok: true, recurrence: { kind: 'monthly-day', day } };
    }
    if (byDay) {
      const match = /^([+-]?\d)(MO|TU|WE|TH|FR|SA|SU)$/.exec(byDay);
      const nth = match ? Number(match[1]) : NaN;
      if (!match || !(NTH_WEEKDAYS as readonly number[]).includes(nth))
        return fail('A monthly weekday is one weekday with its place in the month: +1 to +4, or -1 for the last (BYDAY=+2WE)');
      return { ok: true, recurrence: { kind: 'monthly-weekday', nth: nth as NthWeekday, weekday: match[2] as Weekday } };
    }
    return fail('Choose a day of the month (BYMONTHDAY=15) or a weekday of the month (BYDAY=+2WE)');
  }

  return fail(`Plans repeat weekly or monthly (FREQ=WEEKLY or FREQ=MONTHLY), not ${freq}`);
}

/** A weekly plan without a weekday: the console's form says this alone (the API adds the RRULE's syntax). */
export const NO_WEEKDAY_MESSAGE = 'Choose at least one weekday';

const ordinal = (day: number) => {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  return `${day}${({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th'}`;
};

const list = (words: string[]) =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]!}`;

/** A recurrence in words: "Every Monday and Thursday", "Every 2 weeks on Tuesday", "Monthly on the 15th". */
export function describeRecurrence(recurrence: Recurrence): string {
  switch (recurrence.kind) {
    case 'weekly': {
      const days = list(inWeekOrder(recurrence.weekdays).map((day) => WEEKDAY_NAMES[day]));
      return recurrence.interval > 1 ? `Every ${recurrence.interval} weeks on ${days}` : `Every ${days}`;
    }
    case 'monthly-day':
      if (recurrence.day === LAST_DAY_OF_MONTH) return 'Monthly on the last day';
      // RFC 5545: a month without the day has no visit (see src/server/modules/plans/recurrence.ts).
      return recurrence.day > 28
        ? `Monthly on the ${ordinal(recurrence.day)} (none in months without one)`
        : `Monthly on the ${ordinal(recurrence.day)}`;
    case 'monthly-weekday':
      return `Monthly on the ${NTH_NAMES[recurrence.nth]} ${WEEKDAY_NAMES[recurrence.weekday]}`;
  }
}

/** A stored RRULE in words, or the rule itself when it cannot be read. */
export function describeRrule(rrule: string): string {
  const parsed = parseRrule(rrule);
  return parsed.ok ? describeRecurrence(parsed.recurrence) : rrule;
}
