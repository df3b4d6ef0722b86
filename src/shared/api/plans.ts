import { z } from 'zod/mini';
import { CHOOSE_A_DATE, notAnObject, personSchema, timeWindowSchema } from './common';
import { parseRrule } from '../recurrence';
import { invalidCharacterMessage, oneLineText, storableText } from '../storable-text';
import {
  CHECKLIST_ITEM_MAX,
  CHECKLIST_MAX_ITEMS,
  CHECK_IN_LOCATION_STATUSES,
  INSTRUCTIONS_MAX,
  PLAN_NAME_MAX,
  SKIP_REASONS,
  VISIT_STATUSES,
} from '../visits';

/** True for a real calendar date written YYYY-MM-DD. */
export function isLocalDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d && y >= 2000 && y <= 2100;
}

/**
 * A required date, YYYY-MM-DD (a plan's start, an estimate's dates). With `whenEmpty`, an empty
 * field (a form's date left blank) gets that message alone instead of "must be a date".
 */
export const localDate = (label: string, { whenEmpty }: { whenEmpty?: string } = {}) =>
  z.string({ error: `${label} is required` }).check(
    z.trim(),
    ...(whenEmpty === undefined ? [] : [z.minLength(1, whenEmpty)]),
    z.refine((value) => (whenEmpty !== undefined && value === '') || isLocalDate(value), `${label} must be a date such as 2026-03-02`),
  );

/** A time of day, HH:MM (24-hour). */
const timeOfDay = (label: string) =>
  z
    .string({ error: `${label} must be a time such as 06:00` })
    .check(z.trim(), z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${label} must be a time such as 06:00`));

/** A visit's window, local times (a plan's, a one-off visit's); absent or null for an "anytime" visit done on a route. */
export const windowSchema = z
  .object({ from: timeOfDay('The window’s start'), to: timeOfDay('The window’s end') }, { error: 'The window needs a start and an end' })
  .check(z.refine((window) => window.from < window.to, 'The window must end after it starts'));
export type VisitWindow = z.output<typeof windowSchema>;

const checklistItem = z
  .string({ error: 'Checklist items are text' })
  .check(
    z.trim(),
    z.minLength(1, 'Checklist items cannot be empty'),
    z.maxLength(CHECKLIST_ITEM_MAX, `Checklist items must be at most ${CHECKLIST_ITEM_MAX} characters`),
    storableText(invalidCharacterMessage('A checklist item')),
    oneLineText('A checklist item'),
  );

export const rruleSchema = z.string({ error: 'Choose how often the visits repeat' }).check(
  z.trim(),
  z.superRefine((value, context) => {
    const parsed = parseRrule(value);
    if (!parsed.ok) context.addIssue({ code: 'custom', message: parsed.message, input: value });
  }),
);

/** A plan's fields, one schema each: the console's form and the import (src/server/cli/portal-data.ts) share them. */
export const planFields = {
  name: z
    .string({ error: 'Plan name is required' })
    .check(
      z.trim(),
      z.minLength(1, 'Plan name is required'),
      z.maxLength(PLAN_NAME_MAX, `Plan name must be at most ${PLAN_NAME_MAX} characters`),
      storableText(invalidCharacterMessage('Plan name')),
      oneLineText('Plan name'),
    ),
  rrule: rruleSchema,
  startDate: localDate('Start date', { whenEmpty: CHOOSE_A_DATE }),
  endDate: z.optional(z.nullable(localDate('End date', { whenEmpty: CHOOSE_A_DATE }))),
  window: z.optional(z.nullable(windowSchema)),
  checklist: z
    .array(checklistItem, { error: 'The checklist is a list of items' })
    .check(
      z.minLength(1, 'Add at least one checklist item'),
      z.maxLength(CHECKLIST_MAX_ITEMS, `A checklist has at most ${CHECKLIST_MAX_ITEMS} items`),
    ),
  crewUserIds: z.optional(
    z
      .array(z.string().check(z.uuid('Choose crew members from the list')), { error: 'Choose crew members from the list' })
      .check(z.maxLength(50, 'Assign at most 50 crew members')),
  ),
  instructions: z.optional(
    z
      .string({ error: 'Instructions are text' })
      .check(
        z.trim(),
        z.maxLength(INSTRUCTIONS_MAX, `Instructions must be at most ${INSTRUCTIONS_MAX} characters`),
        storableText(invalidCharacterMessage('The instructions')),
      ),
  ),
};

/** The end date is the plan's last day: not before its first. */
export const endNotBeforeStart = z.superRefine<{ startDate: string; endDate?: string | null }>((plan, context) => {
  if (plan.endDate && plan.endDate < plan.startDate)
    context.addIssue({ code: 'custom', message: 'The end date cannot be before the start date', path: ['endDate'], input: plan.endDate });
});

/** POST /api/admin/properties/{id}/plans and PATCH /api/admin/plans/{id}: a plan, whole. */
export const planInputSchema = z.object(planFields, notAnObject).check(endNotBeforeStart);
export type PlanInput = z.output<typeof planInputSchema>;

/** POST /api/admin/plans/{id}/end: the plan's last day (visits after it are removed unless already worked or changed). */
export const planEndSchema = z.object({ endDate: localDate('End date', { whenEmpty: CHOOSE_A_DATE }) }, notAnObject);

/** A plan as the console shows it. */
export const planSchema = z.object({
  id: z.string(),
  propertyId: z.string(),
  name: z.string(),
  rrule: z.string(),
  /** The recurrence in words ("Every Monday and Thursday"). */
  description: z.string(),
  startDate: z.string(),
  endDate: z.nullable(z.string()),
  window: timeWindowSchema,
  checklist: z.array(z.string()),
  crewUserIds: z.array(z.string()),
  instructions: z.string(),
  /** Visits exist up to this local date. */
  generatedThrough: z.nullable(z.string()),
});
export type Plan = z.output<typeof planSchema>;

/** A visit on the property page. */
export const propertyVisitSchema = z.object({
  id: z.string(),
  scheduledDate: z.string(),
  status: z.enum(VISIT_STATUSES),
  planId: z.nullable(z.string()),
  planName: z.nullable(z.string()),
  window: timeWindowSchema,
  crew: z.array(personSchema),
  skipReason: z.nullable(z.enum(SKIP_REASONS)),
  skipNote: z.nullable(z.string()),
  checkInLocationStatus: z.nullable(z.enum(CHECK_IN_LOCATION_STATUSES)),
  checkInDistanceMeters: z.nullable(z.number()),
  issueCount: z.number(),
  photoCount: z.number(),
  /** Staff moved, reassigned or corrected it: plan edits leave it alone. */
  customized: z.boolean(),
});
export type PropertyVisit = z.output<typeof propertyVisitSchema>;

/** GET /api/admin/properties/{id}/visits: the last few weeks, newest first, and the coming weeks, soonest first. */
export const propertyVisitsSchema = z.object({
  recent: z.array(propertyVisitSchema),
  upcoming: z.array(propertyVisitSchema),
});
export type PropertyVisits = z.output<typeof propertyVisitsSchema>;
