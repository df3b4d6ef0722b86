import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { servicePlans, visits } from '../../db/schema';
import { ConflictError, RequestError } from '../../errors';
import { localDateText, localToday } from '../../../shared/local-dates';
import { createOneOffVisit } from '../visits';

/** The visit a scheduled request is done on, as its status e-mail names it. */
export interface RequestVisit {
  id: string;
  /** Its local date (YYYY-MM-DD). */
  date: string;
  window: { from: string; to: string } | null;
  /** The service plan it belongs to, or null for a one-off visit. */
  planName: string | null;
  /** Made for this request just now (rather than a visit that was already planned that day). */
  madeForRequest: boolean;
}

/** A visit's date, window and plan, for the e-mail. */
export async function describeVisit(db: Executor, visitId: string, madeForRequest: boolean): Promise<RequestVisit> {
  const [row] = await db
    .select({
      id: visits.id,
      date: visits.scheduledDate,
      windowStart: visits.windowStart,
      windowEnd: visits.windowEnd,
      planName: servicePlans.name,
    })
    .from(visits)
    .leftJoin(servicePlans, eq(servicePlans.id, visits.planId))
    .where(eq(visits.id, visitId));
  if (!row) throw new Error(`visit ${visitId} is gone`);
  const window = row.windowStart && row.windowEnd ? { from: row.windowStart.slice(0, 5), to: row.windowEnd.slice(0, 5) } : null;
  return { id: row.id, date: row.date, window, planName: row.planName ?? null, madeForRequest };
}

/** A visit that will still happen, or happened, on its day: one that work can be done on. */
const LIVE_STATUSES = ['scheduled', 'in_progress', 'completed'] as const;

/**
 * The visit for a request scheduled on `date`, in the caller's transaction: the request's own visit
 * when it is on that day; else a visit the property already has that day (a plan's regular visit,
 * or another one-off); else a new one-off visit with the crew chosen (none yet when empty: the
 * schedule shows it under "No crew assigned") and the request's note as its instructions. A request whose visit is still planned on another day is refused: that visit is
 * moved in the schedule, so the crew's route and the request never disagree.
 */
export async function visitForScheduledRequest(
  tx: Executor,
  request: { propertyId: string; visitId: string | null; note: string },
  date: string,
  crewUserIds: string[],
  actorId: string,
): Promise<RequestVisit> {
  if (request.visitId) {
    const [own] = await tx.select({ date: visits.scheduledDate, status: visits.status }).from(visits).where(eq(visits.id, request.visitId));
    if (own && own.date === date && own.status !== 'skipped') return describeVisit(tx, request.visitId, false);
    if (own?.status === 'scheduled') {
      throw new ConflictError(
        'scheduledDate',
        `This request's visit is on ${localDateText(own.date)}: move that visit in the schedule, then save the new date here`,
      );
    }
  }
  if (date < localToday()) {
    const message = 'Choose today or a later day for the work';
    throw new RequestError(400, message, { scheduledDate: message });
  }
  const [planned] = await tx
    .select({ id: visits.id })
    .from(visits)
    .where(and(eq(visits.propertyId, request.propertyId), eq(visits.scheduledDate, date), inArray(visits.status, [...LIVE_STATUSES])))
    // A regular visit of a plan first, then the earliest made.
    .orderBy(sql`${visits.planId} is null`, asc(visits.createdAt))
    .limit(1);
  if (planned) return describeVisit(tx, planned.id, false);
  const made = await createOneOffVisit(tx, { propertyId: request.propertyId, date, crewUserIds, instructions: request.note }, actorId);
  return describeVisit(tx, made.id, true);
}
