/**
 * Estimates (issue 24): the written, priced offer a prospect accepts online, and the service
 * agreement it becomes. The glossary is in docs/architecture.md; the money math is in
 * `estimate-totals.ts`.
 */

/**
 * Where an estimate is, as stored. A sent estimate past its "valid until" date is shown as
 * `expired` (`estimateStatus`): nothing has to run at midnight for it to expire.
 * `superseded`: a revision replaced it; its link says so and points to the new one.
 */
export const STORED_ESTIMATE_STATUSES = ['draft', 'sent', 'viewed', 'changes_requested', 'accepted', 'declined', 'superseded'] as const;
export type StoredEstimateStatus = (typeof STORED_ESTIMATE_STATUSES)[number];

export const ESTIMATE_STATUSES = [...STORED_ESTIMATE_STATUSES, 'expired'] as const;
export type EstimateStatus = (typeof ESTIMATE_STATUSES)[number];

export const ESTIMATE_STATUS_NAMES: Record<EstimateStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  viewed: 'Viewed',
  changes_requested: 'Changes requested',
  accepted: 'Accepted',
  declined: 'Declined',
  superseded: 'Replaced',
  expired: 'Expired',
};

/** Statuses in which the prospect can still answer (accept, ask for changes, decline) until "valid until". */
export const OPEN_ESTIMATE_STATUSES = ['sent', 'viewed', 'changes_requested'] as const satisfies readonly StoredEstimateStatus[];

/** The status to show: an open estimate whose last valid day (America/Chicago) is before today has expired. */
export function estimateStatus(stored: StoredEstimateStatus, validUntil: string, today: string): EstimateStatus {
  const open = (OPEN_ESTIMATE_STATUSES as readonly string[]).includes(stored);
  return open && validUntil < today ? 'expired' : stored;
}

/** How an estimate line's visits repeat: on a recurrence (the plan form's RRULE), or once. */
export const LINE_FREQUENCIES = ['recurring', 'once'] as const;
export type LineFrequency = (typeof LINE_FREQUENCIES)[number];

/** A service agreement's life: running, given notice (ends on `endsOn`), or ended. */
export const AGREEMENT_STATUSES = ['active', 'ending', 'ended'] as const;
export type AgreementStatus = (typeof AGREEMENT_STATUSES)[number];
export const AGREEMENT_STATUS_NAMES: Record<AgreementStatus, string> = {
  active: 'Active',
  ending: 'Notice given',
  ended: 'Ended',
};

/** How long an estimate stays valid unless staff choose otherwise. */
export const DEFAULT_VALID_DAYS = 30;
/** Notice a month-to-month customer gives to cancel from the portal ("no long-term contracts"). */
export const CANCEL_NOTICE_DAYS = 30;
/** The site promises service within 24-48 hours of confirmation: the first visit is at most this many business days after acceptance. */
export const FIRST_VISIT_BUSINESS_DAYS = 2;
