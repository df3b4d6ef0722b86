import { z } from 'zod/mini';
import { CHOOSE_A_DATE, notAnObject, personSchema, timeWindowSchema } from './common';
import {
  CHECK_IN_LOCATION_STATUSES,
  CHECKLIST_ITEM_MAX,
  CHECKLIST_MAX_ITEMS,
  INSTRUCTIONS_MAX,
  SITE_ISSUE_TYPES,
  SKIP_REASONS,
  SKIP_REASON_LABELS,
  VISIT_EVENT_KINDS,
  VISIT_NOTE_MAX,
  VISIT_KINDS,
  VISIT_STATUSES,
} from '../visits';
import { invalidCharacterMessage, oneLineText, storableText } from '../storable-text';
import { isLocalDate, windowSchema } from './plans';
import { pointSchema, propertyNameSchema, propertyPhotoSchema, staffPropertySchema } from './properties';

/**
 * The staff console's schedule: the week's visits, today's progress, a visit's record with its
 * timeline, and the staff's changes to it (move, reassign, skip, correct). See
 * docs/decisions/006-plans-and-visits.md.
 */

/** The checklist of a one-off visit unless staff write another. */
export const DEFAULT_CHECKLIST = ['Pick up litter in parking areas', 'Empty exterior bins', 'Clear the dumpster corral'];

/** The longest range the schedule answers at once (a month view at most). */
export const SCHEDULE_MAX_DAYS = 42;

export const localDateSchema = (label: string) =>
  z.string({ error: `${label} must be a date, such as 2026-11-23` }).check(
    z.trim(),
    z.minLength(1, CHOOSE_A_DATE),
    // An empty field has its message above.
    z.refine((value) => value === '' || isLocalDate(value), `${label} must be a date, such as 2026-11-23`),
  );

const uuidList = (label: string) =>
  z
    .array(z.string().check(z.uuid(`Each ${label} must be an id`)), { error: `Choose the ${label}s as a list of ids` })
    .check(z.maxLength(10, `Assign at most 10 ${label}s`));

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .check(z.trim(), z.maxLength(max, `${label} must be at most ${max} characters`), storableText(invalidCharacterMessage(label)));

// --- The schedule ----------------------------------------------------------------------------

/** GET /api/admin/schedule?from&to: the visits on these local days (at most SCHEDULE_MAX_DAYS). */
const bothReal = (range: { from: string; to: string }) => isLocalDate(range.from) && isLocalDate(range.to);

export const scheduleQuerySchema = z.object({ from: localDateSchema('From'), to: localDateSchema('To') }, notAnObject).check(
  // Each only once both dates are real: a bad date has its own message.
  z.refine((range) => !bothReal(range) || range.from <= range.to, { message: 'To must be on or after From', path: ['to'] }),
  z.refine((range) => !bothReal(range) || (Date.parse(range.to) - Date.parse(range.from)) / 86_400_000 < SCHEDULE_MAX_DAYS, {
    message: `Ask for at most ${SCHEDULE_MAX_DAYS} days at once`,
    path: ['to'],
  }),
);
export type ScheduleQuery = z.output<typeof scheduleQuerySchema>;

/** What makes a visit stand out to staff. */
export const visitFlagsSchema = z.object({
  /** Checked in farther from the property than the fence; with the distance in metres. */
  away: z.boolean(),
  distanceMeters: z.nullable(z.number()),
  /** Checked in with the location refused or unavailable (or no location for the property). */
  notVerified: z.boolean(),
  /** How many site issues the crew reported. */
  siteIssues: z.number(),
  /** Not completed by the end of its day. */
  missed: z.boolean(),
});
export type VisitFlags = z.infer<typeof visitFlagsSchema>;

export const scheduleVisitSchema = z.object({
  id: z.string(),
  scheduledDate: z.string(),
  window: timeWindowSchema,
  status: z.enum(VISIT_STATUSES),
  skipReason: z.nullable(z.enum(SKIP_REASONS)),
  skipNote: z.nullable(z.string()),
  /** A one-off visit, not made from a plan. */
  oneOff: z.boolean(),
  /** A service visit, or a prospect's free property visit (issue 24). */
  kind: z.enum(VISIT_KINDS),
  property: propertyNameSchema,
  crew: z.array(personSchema),
  flags: visitFlagsSchema,
});
export type ScheduleVisit = z.infer<typeof scheduleVisitSchema>;

/** Today's visits (America/Chicago), by where they are. */
export const todayProgressSchema = z.object({
  date: z.string(),
  done: z.number(),
  inProgress: z.number(),
  toDo: z.number(),
  missed: z.number(),
  skipped: z.number(),
});
export type TodayProgress = z.infer<typeof todayProgressSchema>;

export const scheduleSchema = z.object({
  from: z.string(),
  to: z.string(),
  today: todayProgressSchema,
  /** Every crew member, for the week's columns and the reassign choices. */
  crew: z.array(personSchema),
  visits: z.array(scheduleVisitSchema),
});
export type Schedule = z.infer<typeof scheduleSchema>;

// --- A one-off visit -------------------------------------------------------------------------

/** POST /api/admin/visits: a one-off visit to a property. */
export const oneOffVisitSchema = z.object(
  {
    propertyId: z.string({ error: 'Choose the property' }).check(z.uuid('Choose the property')),
    date: localDateSchema('The date'),
    window: z.optional(z.nullable(windowSchema)),
    crewUserIds: uuidList('crew member').check(z.minLength(1, 'Choose at least one crew member')),
    checklist: z.optional(
      z
        .array(
          z
            .string({ error: 'Each checklist item must be text' })
            .check(
              z.trim(),
              z.minLength(1, 'Checklist items cannot be empty'),
              z.maxLength(CHECKLIST_ITEM_MAX, `Checklist items must be at most ${CHECKLIST_ITEM_MAX} characters`),
              storableText(invalidCharacterMessage('The checklist')),
              oneLineText('A checklist item'),
            ),
          { error: 'The checklist must be a list of items' },
        )
        .check(z.maxLength(CHECKLIST_MAX_ITEMS, `A checklist can have at most ${CHECKLIST_MAX_ITEMS} items`)),
    ),
    instructions: z.optional(text('Instructions', INSTRUCTIONS_MAX)),
  },
  notAnObject,
);
export type OneOffVisitInput = z.input<typeof oneOffVisitSchema>;
export type OneOffVisit = z.output<typeof oneOffVisitSchema>;

/** GET /api/admin/schedule/properties: every property a visit can be added to, by name. */
export const visitPropertySchema = z.extend(propertyNameSchema, { customerName: z.string() });
export type VisitProperty = z.infer<typeof visitPropertySchema>;

// --- Staff changes ---------------------------------------------------------------------------

const SKIP_REASON_MESSAGE = `Choose a reason: ${Object.values(SKIP_REASON_LABELS).join(', ')}`;

/** An instant with its offset (ISO 8601), for corrected check-in and check-out times. */
const instantSchema = (label: string) =>
  z
    .string({ error: `${label} must be a date and time` })
    .check(z.iso.datetime({ offset: true, error: `${label} must be a date and time, such as 2026-11-23T07:15:00-06:00` }));

export const moveVisitSchema = z.object({ action: z.literal('move'), date: localDateSchema('The new date') });
export const reassignVisitSchema = z.object({
  action: z.literal('reassign'),
  crewUserIds: uuidList('crew member').check(z.minLength(1, 'Choose at least one crew member')),
});
export const skipVisitSchema = z
  .object({
    action: z.literal('skip'),
    reason: z.enum(SKIP_REASONS, { error: SKIP_REASON_MESSAGE }),
    note: z.optional(text('The note', VISIT_NOTE_MAX)),
  })
  .check(z.refine((skip) => skip.reason !== 'other' || !!skip.note, { message: 'Say why the visit is skipped', path: ['note'] }));
export const correctVisitSchema = z
  .object({
    action: z.literal('correct'),
    /** null removes the time (only with the other removed too). */
    checkedInAt: z.optional(z.nullable(instantSchema('The check-in time'))),
    checkedOutAt: z.optional(z.nullable(instantSchema('The check-out time'))),
    /** Checklist items by position, done or not. */
    checklist: z.optional(
      z.array(
        z.object({
          position: z.number({ error: 'Name each checklist item by its position' }).check(z.int(), z.nonnegative()),
          done: z.boolean({ error: 'Say whether each checklist item is done' }),
        }),
        { error: 'The checklist must be a list of items' },
      ),
    ),
    note: z.optional(text('The note', VISIT_NOTE_MAX)),
  })
  .check(
    z.refine(
      (change) => [change.checkedInAt, change.checkedOutAt, change.checklist, change.note].some((value) => value !== undefined),
      'Send at least one of checkedInAt, checkedOutAt, checklist or note to correct',
    ),
  );

/** PATCH /api/admin/visits/{id}: one staff change, named by `action`. */
export const visitChangeSchema = z.discriminatedUnion(
  'action',
  [moveVisitSchema, reassignVisitSchema, skipVisitSchema, correctVisitSchema],
  {
    error: 'Say what to change: action must be move, reassign, skip or correct',
  },
);
export type VisitChange = z.output<typeof visitChangeSchema>;
export type VisitChangeInput = z.input<typeof visitChangeSchema>;

// --- A visit's record ------------------------------------------------------------------------

export const visitEventSchema = z.object({
  id: z.number(),
  kind: z.enum(VISIT_EVENT_KINDS),
  at: z.string(),
  /** Who did it; null for the server's own jobs. */
  actor: z.nullable(personSchema),
  detail: z.record(z.string(), z.unknown()),
});
export type VisitEvent = z.infer<typeof visitEventSchema>;

export const visitDetailSchema = z.object({
  visit: z.object({
    id: z.string(),
    scheduledDate: z.string(),
    /** The plan's own date for it (differs from `scheduledDate` once moved). */
    occurrenceDate: z.nullable(z.string()),
    planId: z.nullable(z.string()),
    window: timeWindowSchema,
    status: z.enum(VISIT_STATUSES),
    skipReason: z.nullable(z.enum(SKIP_REASONS)),
    skipNote: z.nullable(z.string()),
    instructions: z.string(),
    note: z.string(),
    customized: z.boolean(),
    checkedInAt: z.nullable(z.string()),
    checkedInBy: z.nullable(personSchema),
    checkedOutAt: z.nullable(z.string()),
    checkedOutBy: z.nullable(personSchema),
    /** Staff only: where and how well the check-in was placed. */
    checkIn: z.nullable(
      z.object({
        locationStatus: z.nullable(z.enum(CHECK_IN_LOCATION_STATUSES)),
        distanceMeters: z.nullable(z.number()),
        latitude: z.nullable(z.number()),
        longitude: z.nullable(z.number()),
        accuracyMeters: z.nullable(z.number()),
      }),
    ),
    flags: visitFlagsSchema,
  }),
  property: z.extend(z.omit(staffPropertySchema, { propertyType: true }), { location: z.nullable(pointSchema) }),
  crew: z.array(personSchema),
  checklist: z.array(
    z.object({ position: z.number(), label: z.string(), doneAt: z.nullable(z.string()), doneBy: z.nullable(personSchema) }),
  ),
  siteIssues: z.array(
    z.object({
      id: z.string(),
      type: z.enum(SITE_ISSUE_TYPES),
      note: z.string(),
      reportedAt: z.string(),
      reportedBy: z.nullable(personSchema),
    }),
  ),
  photos: z.object({
    before: z.array(propertyPhotoSchema),
    after: z.array(propertyPhotoSchema),
    /** Photos of the site issues, and any other photo of the visit. */
    issues: z.array(propertyPhotoSchema),
  }),
  timeline: z.array(visitEventSchema),
});
export type VisitDetail = z.infer<typeof visitDetailSchema>;

/** POST /api/admin/visits/{id}/photos answers the photo's id, and whether it is new. */
export const visitPhotoResultSchema = z.object({ id: z.string(), created: z.boolean() });
