import { z } from 'zod/mini';
import { timeWindowSchema } from './common';
import { propertyPhotoSchema } from './properties';
import { SITE_ISSUE_TYPES, VISIT_STATUSES } from '../visits';

/**
 * A visit as the customer sees it: proof of service. Who came (first names), when, what was
 * done, the lot before and after, and what the crew found. Never the check-in's coordinates or
 * distance, nor the crew's note for the office: "verified on site" says what the customer needs.
 */
export const portalVisitSchema = z.object({
  id: z.string(),
  propertyId: z.string(),
  propertyName: z.string(),
  /** The local date (America/Chicago), YYYY-MM-DD. */
  scheduledDate: z.string(),
  status: z.enum(VISIT_STATUSES),
  window: timeWindowSchema,
  /** Check-in and check-out (ISO 8601). */
  arrivedAt: z.nullable(z.string()),
  departedAt: z.nullable(z.string()),
  durationMinutes: z.nullable(z.number()),
  /** The crew's first names. */
  crew: z.array(z.string()),
  /** Checked in within the fence of the property's location. */
  verifiedOnSite: z.boolean(),
  checklist: z.array(z.object({ label: z.string(), done: z.boolean() })),
  photos: z.object({ before: z.array(propertyPhotoSchema), after: z.array(propertyPhotoSchema) }),
  issues: z.array(
    z.object({
      id: z.string(),
      type: z.enum(SITE_ISSUE_TYPES),
      label: z.string(),
      note: z.string(),
      reportedAt: z.string(),
      photos: z.array(propertyPhotoSchema),
    }),
  ),
  /** Why the visit was skipped, in words. */
  skipReason: z.nullable(z.string()),
});
export type PortalVisit = z.infer<typeof portalVisitSchema>;

export const VISIT_HISTORY_PAGE_SIZE = 10;
const MONTH_MESSAGE = 'Choose a month as YYYY-MM, such as 2026-10';

export const visitHistoryQuerySchema = z.object({
  month: z.optional(z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, MONTH_MESSAGE))),
  page: z.optional(z.coerce.number().check(z.int('Pages are whole numbers'), z.minimum(1, 'Pages start at 1'))),
});
export type VisitHistoryQuery = z.infer<typeof visitHistoryQuerySchema>;

/** GET /api/properties/{id}/visits: the next visit, and the history newest first, a page at a time. */
export const visitHistorySchema = z.object({
  nextVisit: z.nullable(z.object({ scheduledDate: z.string(), window: timeWindowSchema })),
  /** The months (YYYY-MM) with visits in the history, newest first: the filter's choices. */
  months: z.array(z.string()),
  visits: z.array(portalVisitSchema),
  page: z.number(),
  pageCount: z.number(),
  total: z.number(),
});
export type VisitHistory = z.infer<typeof visitHistorySchema>;
