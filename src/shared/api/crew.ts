import { z } from 'zod/mini';
import { timeWindowSchema } from './common';
import { pointSchema, propertyAddressSchema } from './properties';
import { storableText } from '../storable-text';
import { ISSUE_NOTE_MESSAGE, ISSUE_TYPE_MESSAGE, issueNeedsNote } from './crew-rules';
import { CHECK_IN_LOCATION_STATUSES, IDEMPOTENCY_KEY_MAX, SITE_ISSUE_TYPES, VISIT_KINDS, VISIT_NOTE_MAX, VISIT_STATUSES } from '../visits';

/**
 * The crew page's API (/api/crew/…): a crew member's visits with the site details they need,
 * and their work on them. Nothing here names a customer's contact details or the check-in's
 * coordinates; the distance from the site is all a crew member is told.
 */

/** A visit as the crew page shows it. */
export const crewVisitSchema = z.object({
  id: z.string(),
  /** The local date (America/Chicago), YYYY-MM-DD. */
  scheduledDate: z.string(),
  /** HH:MM to HH:MM, local; null for an "anytime" visit done on the route. */
  window: timeWindowSchema,
  status: z.enum(VISIT_STATUSES),
  /** A service visit, or a prospect's free property assessment (photos and notes for the estimate). */
  kind: z.enum(VISIT_KINDS),
  instructions: z.string(),
  property: z.extend(propertyAddressSchema, {
    /** Opens the phone's maps app at the lot. */
    mapsLink: z.string(),
    /** Where the lot is, when staff have set it: the phone judges a check-in made offline with it. */
    location: z.nullable(pointSchema),
  }),
  checkIn: z.nullable(
    z.object({
      at: z.string(),
      location: z.nullable(z.enum(CHECK_IN_LOCATION_STATUSES)),
      /** Metres from the property's location, when the verdict is `away`. */
      distanceMeters: z.nullable(z.number()),
    }),
  ),
  checkedOutAt: z.nullable(z.string()),
  note: z.string(),
  checklist: z.array(z.object({ position: z.number(), label: z.string(), doneAt: z.nullable(z.string()) })),
  issues: z.array(
    z.object({ id: z.string(), type: z.enum(SITE_ISSUE_TYPES), note: z.string(), reportedAt: z.string(), photoCount: z.number() }),
  ),
  photoCounts: z.object({ before: z.number(), after: z.number(), issue: z.number() }),
});
export type CrewVisit = z.infer<typeof crewVisitSchema>;

/** GET /api/crew/visits: today's route in order (windowed visits by start, then anytime ones), and the last week's for reference. */
export const crewRouteSchema = z.object({
  today: z.string(),
  /** CHECK_IN_FENCE_METERS: a check-in this close to the lot is verified on site. */
  fenceMeters: z.number(),
  visits: z.array(crewVisitSchema),
  /** The visits of the last CREW_LOOKBACK_DAYS days, newest first. */
  recent: z.array(crewVisitSchema),
});
export type CrewRoute = z.infer<typeof crewRouteSchema>;

const KEY_MESSAGE = `Send an Idempotency-Key header: letters, digits, dashes or underscores, at most ${IDEMPOTENCY_KEY_MAX} characters`;

/** Every crew write carries a key chosen on the phone, so a retried request is applied once. */
export const idempotencyHeadersSchema = z.object({
  'idempotency-key': z
    .string({ error: KEY_MESSAGE })
    .check(z.regex(/^[\w-]+$/, KEY_MESSAGE), z.minLength(8, KEY_MESSAGE), z.maxLength(IDEMPOTENCY_KEY_MAX, KEY_MESSAGE)),
  /**
   * The user id of the crew member who did the work on the phone. Crews share phones: work one
   * member saved is refused (401) under another member's session, and waits for its maker.
   */
  'x-made-by': z.optional(z.string()),
});

/** The answer to work sent under another crew member's session than its maker's. */
export const NOT_THE_MAKER_MESSAGE = 'This was saved on the phone by another crew member. It is sent when they log in.';

const AT_MESSAGE = 'Give the time on the phone as an ISO 8601 date and time (at)';
/** When it happened on the phone: an ISO 8601 instant with its offset. */
const at = z.iso.datetime({ offset: true, error: AT_MESSAGE });

const note = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .check(
      z.maxLength(VISIT_NOTE_MAX, `${label} must be at most ${VISIT_NOTE_MAX} characters`),
      storableText(`${label} contains an invalid character`),
    );

export const POSITION_ERRORS = ['denied', 'unavailable', 'timeout'] as const;
export type PositionError = (typeof POSITION_ERRORS)[number];

/** POST /api/crew/visits/{id}/start: the check-in, with where the phone was (or why it could not say). */
export const startVisitSchema = z.object({
  at,
  position: z.nullable(
    z.object(
      {
        lat: z.number().check(z.gte(-90, 'Latitude is between -90 and 90'), z.lte(90, 'Latitude is between -90 and 90')),
        lng: z.number().check(z.gte(-180, 'Longitude is between -180 and 180'), z.lte(180, 'Longitude is between -180 and 180')),
        accuracy: z.number().check(z.gte(0, 'Accuracy is a distance in metres, 0 or more')),
      },
      { error: 'Send the position ({ lat, lng, accuracy }), or null when the phone could not give one' },
    ),
  ),
  positionError: z.optional(z.enum(POSITION_ERRORS, { error: 'positionError is denied, unavailable or timeout' })),
});
export type StartVisitInput = z.infer<typeof startVisitSchema>;

export const startVisitResultSchema = z.object({
  checkedInAt: z.string(),
  location: z.enum(CHECK_IN_LOCATION_STATUSES),
  distanceMeters: z.nullable(z.number()),
});
export type StartVisitResult = z.infer<typeof startVisitResultSchema>;

export const checklistParamsSchema = z.object({ id: z.uuid(), position: z.coerce.number().check(z.int(), z.gte(0), z.lte(1000)) });

/** PUT /api/crew/visits/{id}/checklist/{position}: an item done, or undone. */
export const checklistItemSchema = z.object({ done: z.boolean({ error: 'Say whether the item is done (done: true or false)' }), at });
export type ChecklistItemInput = z.infer<typeof checklistItemSchema>;
export const checklistItemResultSchema = z.object({ position: z.number(), doneAt: z.nullable(z.string()) });

/** POST /api/crew/visits/{id}/issues: something found on the site. */
export const siteIssueSchema = z
  .object({
    type: z.enum(SITE_ISSUE_TYPES, { error: ISSUE_TYPE_MESSAGE }),
    note: note('The note'),
    at,
  })
  .check(z.refine((issue) => !issueNeedsNote(issue.type, issue.note), { message: ISSUE_NOTE_MESSAGE, path: ['note'] }));
export type SiteIssueInput = z.infer<typeof siteIssueSchema>;

/** POST /api/crew/visits/{id}/photos (multipart): what a photo shows. */
export const CREW_PHOTO_KINDS = ['before', 'after', 'issue'] as const;
export type CrewPhotoKind = (typeof CREW_PHOTO_KINDS)[number];
export const crewPhotoFieldsSchema = z.object({
  kind: z.enum(CREW_PHOTO_KINDS, { error: 'Say whether the photo is a before, after or issue photo (kind)' }),
  /** For an issue photo: the Idempotency-Key the issue was reported with (the phone may not know its id yet). */
  issueKey: z.optional(z.string().check(z.regex(/^[\w-]{8,100}$/, 'issueKey is the key the issue was reported with'))),
  at,
});
export const crewPhotoResultSchema = z.object({ id: z.string() });

/** POST /api/crew/visits/{id}/complete: the check-out, with the crew's note. */
export const completeVisitSchema = z.object({ note: note('The note'), at });
export type CompleteVisitInput = z.infer<typeof completeVisitSchema>;
export const completeVisitResultSchema = z.object({ checkedOutAt: z.string() });
export type CompleteVisitResult = z.infer<typeof completeVisitResultSchema>;
