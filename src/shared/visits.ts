/**
 * Service plans and visits: the facts both sides need (states, reasons, site-issue
 * types, limits), defined once. See docs/decisions/006-plans-and-visits.md.
 */

/** All dates and windows are local to the company: a visit keeps its local day across daylight-saving changes. */
export const COMPANY_TIME_ZONE = 'America/Chicago';

/**
 * Where a visit is:
 * - `scheduled`: planned, not started;
 * - `in_progress`: a crew checked in;
 * - `completed`: the crew checked out;
 * - `skipped`: staff decided not to do it, with a reason;
 * - `missed`: not completed by the end of its local day (marked automatically).
 */
export const VISIT_STATUSES = ['scheduled', 'in_progress', 'completed', 'skipped', 'missed'] as const;

/**
 * What a visit is for: `service`, the work an agreement or a request pays for; or `assessment`, the
 * free property visit before an estimate (issue 24), which is never billed and sends no service report.
 */
export const VISIT_KINDS = ['service', 'assessment'] as const;
export type VisitKind = (typeof VISIT_KINDS)[number];

/** The checklist an assessment visit starts with: what the estimate needs from the site. */
export const ASSESSMENT_CHECKLIST = [
  'Walk the whole lot, the walks and the entrances',
  'Photograph each problem area',
  'Count the parking spaces or pace off the lot',
  'Note dumpsters, receptacles and landscaped beds',
] as const;
export type VisitStatus = (typeof VISIT_STATUSES)[number];

export const VISIT_STATUS_LABELS: Record<VisitStatus, string> = {
  scheduled: 'Scheduled',
  in_progress: 'In progress',
  completed: 'Completed',
  skipped: 'Skipped',
  missed: 'Missed',
};

/** Why a visit was skipped; `other` needs a note. */
export const SKIP_REASONS = ['weather', 'holiday', 'customer_request', 'other'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

export const SKIP_REASON_LABELS: Record<SkipReason, string> = {
  weather: 'Weather',
  holiday: 'Holiday',
  customer_request: 'Customer request',
  other: 'Other',
};

/** What a crew can report on a site. */
export const SITE_ISSUE_TYPES = ['illegal_dumping', 'hazard', 'damage', 'graffiti', 'abandoned_vehicle', 'other'] as const;
export type SiteIssueType = (typeof SITE_ISSUE_TYPES)[number];

export const SITE_ISSUE_TYPE_LABELS: Record<SiteIssueType, string> = {
  illegal_dumping: 'Illegal dumping',
  hazard: 'Hazard (needles, broken glass)',
  damage: 'Damage',
  graffiti: 'Graffiti',
  abandoned_vehicle: 'Abandoned vehicle',
  other: 'Other',
};

/**
 * How a check-in's location was judged:
 * - `verified`: within the fence of the property's location;
 * - `away`: farther than the fence (the distance is kept and the visit is flagged);
 * - `not_verified`: the location was refused or unavailable, or the property has no location yet.
 */
export const CHECK_IN_LOCATION_STATUSES = ['verified', 'away', 'not_verified'] as const;
export type CheckInLocationStatus = (typeof CHECK_IN_LOCATION_STATUSES)[number];

/** A check-in this close to the property (metres) is verified on site; configurable with CHECK_IN_FENCE_METERS. */
export const CHECK_IN_FENCE_METERS_DEFAULT = 250;
/** Visits are made from the plans this many weeks ahead; configurable with VISIT_HORIZON_WEEKS. */
export const VISIT_HORIZON_WEEKS_DEFAULT = 8;
/** Crew members see their visits from today and this many days back. */
export const CREW_LOOKBACK_DAYS = 7;

/** Where a property's location came from. */
export const LOCATION_SOURCES = ['typed', 'device', 'check-in'] as const;
export type LocationSource = (typeof LOCATION_SOURCES)[number];

/** What a visit's timeline records (one row per event, with who did it). */
export const VISIT_EVENT_KINDS = [
  'created',
  'checked_in',
  'checklist_item',
  'photo_added',
  'photo_removed',
  'issue_reported',
  'checked_out',
  'skipped',
  'moved',
  'reassigned',
  'missed',
  'corrected',
] as const;
export type VisitEventKind = (typeof VISIT_EVENT_KINDS)[number];

export const CHECKLIST_ITEM_MAX = 120;
export const CHECKLIST_MAX_ITEMS = 30;
export const INSTRUCTIONS_MAX = 1000;
export const VISIT_NOTE_MAX = 2000;
export const PLAN_NAME_MAX = 80;
/** An idempotency key chosen on the phone: a UUID or similar, at most this long. */
export const IDEMPOTENCY_KEY_MAX = 100;
