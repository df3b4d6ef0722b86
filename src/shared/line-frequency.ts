import type { ServiceUnit } from './estimate-totals';
import { describeRrule } from './recurrence';

/**
 * How often an estimate's or an agreement's line is done, in words: its recurrence ("Every Monday
 * and Thursday"), "As needed" for hourly work (the emergency callout), else "One time".
 */
export function lineFrequency(line: { unit: ServiceUnit; rrule: string | null }): string {
  if (line.rrule) return describeRrule(line.rrule);
  return line.unit === 'hour' ? 'As needed' : line.unit === 'month' ? 'Every month' : 'One time';
}
