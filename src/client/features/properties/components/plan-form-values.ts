import { z } from 'zod/mini';
import { planInputSchema, type Plan, type PlanInput } from '../../../../shared/api/plans';
import { DEFAULT_CHECKLIST } from '../../../../shared/api/schedule';
import { localToday } from '../../../../shared/local-dates';
import { parseRrule, toRrule, type Recurrence } from '../../../../shared/recurrence';

/**
 * The plan form's fields. Each has the name of the contract's field it becomes, so a message
 * about `rrule` or `window`, from this form's check or from the server, lands on its own field.
 */
export interface PlanFormValues {
  name: string;
  /** The recurrence builder's choice; sent as its RRULE. */
  rrule: Recurrence;
  startDate: string;
  /** '' for a plan without an end. */
  endDate: string;
  /** "Anytime" (sent as no window), or between two times. */
  window: { anytime: boolean; from: string; to: string };
  checklist: string[];
  crewUserIds: string[];
  instructions: string;
}

/** What the form sends: a weekly recurrence without a weekday goes as `FREQ=WEEKLY`, for the contract to refuse. */
export function toPlanInput(values: PlanFormValues): z.input<typeof planInputSchema> {
  const { rrule, window } = values;
  return {
    name: values.name,
    rrule: rrule.kind === 'weekly' && !rrule.weekdays.length ? 'FREQ=WEEKLY' : toRrule(rrule),
    startDate: values.startDate,
    endDate: values.endDate.trim() === '' ? null : values.endDate,
    window: window.anytime ? null : { from: window.from, to: window.to },
    checklist: values.checklist,
    crewUserIds: values.crewUserIds,
    instructions: values.instructions,
  };
}

/** The form's fields, checked by the plan's contract (the server checks the same). */
export const planFormSchema = z.pipe(z.transform(toPlanInput), planInputSchema);
export type PlanFormOutput = PlanInput;

/** A new plan's fields, or a plan's as it is. */
export function planFormValues(plan?: Plan): PlanFormValues {
  const parsed = plan ? parseRrule(plan.rrule) : null;
  return {
    name: plan?.name ?? '',
    rrule: parsed?.ok ? parsed.recurrence : { kind: 'weekly', weekdays: ['MO', 'TH'], interval: 1 },
    startDate: plan?.startDate ?? localToday(),
    endDate: plan?.endDate ?? '',
    window: { anytime: plan ? !plan.window : true, from: plan?.window?.from ?? '06:00', to: plan?.window?.to ?? '10:00' },
    // What most lots get; the office edits it per property.
    checklist: plan?.checklist.length ? plan.checklist : [...DEFAULT_CHECKLIST],
    crewUserIds: plan?.crewUserIds ?? [],
    instructions: plan?.instructions ?? '',
  };
}

/** The first message in a field's errors, its own or one of its parts' (a checklist item, the window's start). */
export function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { message } = error as { message?: unknown };
  if (typeof message === 'string' && message) return message;
  for (const [key, part] of Object.entries(error)) {
    if (key === 'ref' || key === 'message' || key === 'type') continue;
    const found = firstMessage(part);
    if (found) return found;
  }
  return undefined;
}
