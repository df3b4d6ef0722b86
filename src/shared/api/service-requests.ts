import { z } from 'zod/mini';
import { addDays, localToday } from '../local-dates';
import { searchTextSchema } from './common';
import { localDateSchema } from './schedule';
import { invalidCharacterMessage, storableText } from '../storable-text';
import {
  PREFERRED_DATES_AHEAD_DAYS,
  PREFERRED_DATES_MAX,
  PROBLEM_PHOTO_MAX_BYTES,
  PROBLEM_PHOTOS_MAX,
  SERVICE_REQUEST_KINDS,
  SERVICE_REQUEST_NOTE_MAX,
  SERVICE_REQUEST_STATUSES,
} from '../service-requests';
import { propertyPhotoSchema } from './properties';

export const serviceRequestMessages = {
  notAnObject: 'Send the request as a JSON object',
  datesMissing: 'Choose at least one preferred date',
  datesTooMany: `Choose at most ${PREFERRED_DATES_MAX} preferred dates`,
  datesRange: `Choose a date from today to ${PREFERRED_DATES_AHEAD_DAYS} days ahead`,
  datesRepeated: 'Choose different dates',
  noteMissing: 'Please describe the problem',
  noteLong: `The note must be at most ${SERVICE_REQUEST_NOTE_MAX} characters`,
  noteCharacters: invalidCharacterMessage('The note'),
  photosTooMany: `Add at most ${PROBLEM_PHOTOS_MAX} photos`,
  photoNotImage: 'Photos must be images (JPEG, PNG, WebP or HEIC)',
  photoTooLarge: `Each photo must be ${PROBLEM_PHOTO_MAX_BYTES / 1024 / 1024} MB or smaller`,
  replyMissing: 'Write a reply that tells the customer why',
  replyLong: `The reply must be at most ${SERVICE_REQUEST_NOTE_MAX} characters`,
  replyCharacters: invalidCharacterMessage('The reply'),
} as const;

/** Today up to PREFERRED_DATES_AHEAD_DAYS ahead, in America/Chicago. */
export function isPreferredDateInRange(date: string, today: string = localToday()): boolean {
  return date >= today && date <= addDays(today, PREFERRED_DATES_AHEAD_DAYS);
}

const REAL_DATE = /^\d{4}-\d{2}-\d{2}$/;

const preferredDateSchema = localDateSchema('Each preferred date').check(
  // Only once the date is real: a malformed one has its own message.
  z.refine((date) => !REAL_DATE.test(date) || isPreferredDateInRange(date), serviceRequestMessages.datesRange),
);

/** Free text of up to SERVICE_REQUEST_NOTE_MAX characters, trimmed, with its own messages. */
const requestText = (messages: { long: string; characters: string }) =>
  z
    .string({ error: messages.long })
    .check(z.trim(), z.maxLength(SERVICE_REQUEST_NOTE_MAX, messages.long), storableText(messages.characters));

const noteText = requestText({ long: serviceRequestMessages.noteLong, characters: serviceRequestMessages.noteCharacters });

/** POST /api/properties/{id}/requests/cleanup: 1 to 3 preferred dates and an optional note. */
export const extraCleanupInputSchema = z.object(
  {
    preferredDates: z.array(preferredDateSchema, { error: serviceRequestMessages.datesMissing }).check(
      z.minLength(1, serviceRequestMessages.datesMissing),
      z.maxLength(PREFERRED_DATES_MAX, serviceRequestMessages.datesTooMany),
      z.refine((dates) => new Set(dates).size === dates.length, serviceRequestMessages.datesRepeated),
    ),
    note: z.optional(noteText),
  },
  { error: serviceRequestMessages.notAnObject },
);
export type ExtraCleanupInput = z.input<typeof extraCleanupInputSchema>;

/** The text fields of POST /api/properties/{id}/requests/problem (multipart, with up to 5 photos named `photos`). */
export const problemReportFieldsSchema = z.object(
  { note: noteText.check(z.minLength(1, serviceRequestMessages.noteMissing)) },
  { error: serviceRequestMessages.notAnObject },
);
export type ProblemReportFields = z.input<typeof problemReportFieldsSchema>;

/** A chosen file, as the browser's File describes it. */
export interface ChosenFile {
  type: string;
  size: number;
}

/**
 * The portal's problem report form: the server's note, and the photos as the browser can check
 * them before sending (the server checks them again, by their content, in the photo store).
 */
export const problemReportFormSchema = <File extends ChosenFile>() =>
  z.object({
    note: problemReportFieldsSchema.shape.note,
    photos: z.array(z.custom<File>((value) => typeof value === 'object' && value !== null)).check(
      z.maxLength(PROBLEM_PHOTOS_MAX, serviceRequestMessages.photosTooMany),
      z.refine((files) => files.every((file) => file.type.startsWith('image/')), serviceRequestMessages.photoNotImage),
      z.refine((files) => files.every((file) => file.size <= PROBLEM_PHOTO_MAX_BYTES), serviceRequestMessages.photoTooLarge),
    ),
  });

/** A service request, as the portal and the console show it. */
export const serviceRequestSchema = z.object({
  id: z.string(),
  kind: z.enum(SERVICE_REQUEST_KINDS),
  status: z.enum(SERVICE_REQUEST_STATUSES),
  propertyId: z.string(),
  propertyName: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  /** Who sent it (their name, or their e-mail when they have none), if they still have an account. */
  requestedBy: z.nullable(z.object({ name: z.string(), email: z.string() })),
  /** Local dates (YYYY-MM-DD), earliest first; empty for a problem report. */
  preferredDates: z.array(z.string()),
  note: z.string(),
  photos: z.array(propertyPhotoSchema),
  /** The local date of the work, once scheduled. */
  scheduledDate: z.nullable(z.string()),
  /** Staff's reply to the customer, with the latest status change (always one when declined). */
  reply: z.nullable(z.string()),
  /** The one-off visit made from it, if any. */
  visitId: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ServiceRequest = z.infer<typeof serviceRequestSchema>;

/** GET /api/admin/service-requests: one status or every one, one type or both, and words to find. */
export const serviceRequestListQuerySchema = z.object({
  status: z.optional(z.enum(SERVICE_REQUEST_STATUSES, { error: `Choose a status: ${SERVICE_REQUEST_STATUSES.join(', ')}` })),
  kind: z.optional(z.enum(SERVICE_REQUEST_KINDS, { error: `Choose a type: ${SERVICE_REQUEST_KINDS.join(', ')}` })),
  /** Found in the property's name or address, the customer's name, the note, or the sender's name or e-mail. */
  q: searchTextSchema,
});
export type ServiceRequestListQuery = z.infer<typeof serviceRequestListQuerySchema>;

/** Staff's reply to the customer: shown on the request in the portal and sent in the status e-mail. */
const replyText = requestText({ long: serviceRequestMessages.replyLong, characters: serviceRequestMessages.replyCharacters });

/**
 * PATCH /api/admin/service-requests/{id}: a new status, with the date when scheduled, and a reply
 * to the customer with any status (required when declined). Scheduled puts the request on a visit
 * that day (one already planned, or a new one-off with the crew chosen).
 */
export const serviceRequestStatusUpdateSchema = z.discriminatedUnion(
  'status',
  [
    z.object({ status: z.literal('received'), reply: z.optional(replyText) }),
    z.object({
      status: z.literal('scheduled'),
      scheduledDate: localDateSchema('The date'),
      /** The crew of the one-off visit made when the property has none that day (none yet when empty). */
      crewUserIds: z.optional(z.array(z.uuid('Choose the crew'), { error: 'Choose the crew from the list' })),
      reply: z.optional(replyText),
    }),
    z.object({ status: z.literal('done'), reply: z.optional(replyText) }),
    z.object({
      status: z.literal('declined'),
      reply: replyText.check(z.minLength(1, serviceRequestMessages.replyMissing)),
    }),
  ],
  { error: `Choose a status: ${SERVICE_REQUEST_STATUSES.join(', ')}` },
);
export type ServiceRequestStatusUpdate = z.input<typeof serviceRequestStatusUpdateSchema>;

/** POST /api/admin/service-requests/{id}/visit: a one-off visit on a day, with its crew. */
export const serviceRequestVisitSchema = z.object(
  {
    date: localDateSchema('The date'),
    crewUserIds: z
      .array(z.uuid('Choose the crew'), { error: 'Choose at least one crew member' })
      .check(z.minLength(1, 'Choose at least one crew member')),
  },
  { error: 'Send the visit as a JSON object' },
);
export type ServiceRequestVisitInput = z.input<typeof serviceRequestVisitSchema>;
