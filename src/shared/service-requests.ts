/**
 * A service request: what a customer's user asks for from the portal, on one of their
 * properties. An extra cleanup (preferred dates, a note) or a problem report (a note, photos).
 * Staff work them in the inbox beside quote requests.
 */
export const SERVICE_REQUEST_KINDS = ['extra_cleanup', 'problem_report'] as const;
export type ServiceRequestKind = (typeof SERVICE_REQUEST_KINDS)[number];
export const SERVICE_REQUEST_KIND_LABELS: Record<ServiceRequestKind, string> = {
  extra_cleanup: 'Extra cleanup',
  problem_report: 'Problem report',
};

export const SERVICE_REQUEST_STATUSES = ['received', 'scheduled', 'done', 'declined'] as const;
export type ServiceRequestStatus = (typeof SERVICE_REQUEST_STATUSES)[number];
export const SERVICE_REQUEST_STATUS_LABELS: Record<ServiceRequestStatus, string> = {
  received: 'Received',
  scheduled: 'Scheduled',
  done: 'Done',
  declined: 'Declined',
};

export const SERVICE_REQUEST_NOTE_MAX = 2000;
export const PREFERRED_DATES_MAX = 3;
/** How far ahead a preferred date may be. */
export const PREFERRED_DATES_AHEAD_DAYS = 90;
export const PROBLEM_PHOTOS_MAX = 5;
/** The photo store's limit per file (src/server/modules/photos/photo-store.ts checks the same). */
export const PROBLEM_PHOTO_MAX_BYTES = 20 * 1024 * 1024;

/**
 * A problem report of a hazard: words in its note that name a danger to people on the lot
 * (needles, broken glass, a spill, exposed wires…). Such a report is urgent, as an emergency quote
 * request is (src/shared/urgency.ts): "URGENT:" in the staff e-mail and a badge in the inbox.
 */
const HAZARD_WORDS =
  /\b(hazard|hazards|hazardous|biohazard|danger|dangerous|unsafe|needle|needles|syringe|syringes|sharps|broken (?:glass|bottles?)|shattered glass|glass shards|spill|spills|spilled|spilling|chemical|chemicals|exposed wires?|live wires?|downed (?:power )?lines?|sinkhole|open manhole)\b/i;

export function isHazardReport(request: { kind: ServiceRequestKind; note: string }): boolean {
  return request.kind === 'problem_report' && HAZARD_WORDS.test(request.note);
}
