import * as rruleModule from 'rrule';
import { parseRrule } from '../../../shared/recurrence';

// rrule gives Node its CommonJS build, whose names come only through `default`, and bundlers
// (Vite, the tests) its ES modules, which have no `default`.
const { RRule } = ((rruleModule as { default?: typeof rruleModule }).default ?? rruleModule) as typeof rruleModule;

/**
 * A plan's dates, expanded by the `rrule` library on floating dates: each local date is read as
 * midnight UTC, so the library never meets a time zone and a daylight-saving change cannot move a
 * visit to another day (docs/decisions/006-plans-and-visits.md).
 *
 * A monthly day the month does not have (the 31st in April, the 30th in February) gives no visit
 * that month, as RFC 5545 says; a plan that wants the month's end uses BYMONTHDAY=-1.
 */

export interface PlanDates {
  rrule: string;
  /** Local dates, YYYY-MM-DD. */
  startDate: string;
  endDate?: string | null;
}

const toFloating = (localDate: string) => {
  const [y, m, d] = localDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
};
const fromFloating = (date: Date) => date.toISOString().slice(0, 10);

/** Why an RRULE cannot be a plan's recurrence, or null when it can. */
export function rruleProblem(rrule: string): string | null {
  const parsed = parseRrule(rrule);
  if (!parsed.ok) return parsed.message;
  try {
    RRule.parseString(rrule.trim().replace(/^RRULE:/i, ''));
    return null;
  } catch {
    return 'This recurrence rule cannot be read';
  }
}

/**
 * The plan's local dates from `from` through `to` (both inclusive), never before its start date
 * nor after its end date (inclusive too).
 */
export function planDatesBetween(plan: PlanDates, from: string, to: string): string[] {
  const first = from > plan.startDate ? from : plan.startDate;
  const last = plan.endDate && plan.endDate < to ? plan.endDate : to;
  if (first > last) return [];
  const options = RRule.parseString(plan.rrule.trim().replace(/^RRULE:/i, ''));
  const rule = new RRule({ ...options, wkst: RRule.MO, dtstart: toFloating(plan.startDate), tzid: null });
  return rule.between(toFloating(first), toFloating(last), true).map(fromFloating);
}
