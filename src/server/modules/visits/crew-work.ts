import { and, arrayContains, asc, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { inTransaction, isTransaction, type Executor } from '../../db/executor';
import { crewActions, photos, properties, siteIssues, visitChecklistItems, visits } from '../../db/schema';
import { ConflictError, NotFoundError, RequestError } from '../../errors';
import type { MailContext } from '../mail';
import { addPhoto, type PhotoStorage } from '../photos';
import { queueSiteIssueAlert } from './site-issue-alert';
import { recordVisitEvent } from './visit-events';
import type {
  ChecklistItemInput,
  CompleteVisitInput,
  CrewPhotoKind,
  CrewRoute,
  CrewVisit,
  SiteIssueInput,
  StartVisitInput,
  StartVisitResult,
} from '../../../shared/api/crew';
import { distanceMeters, mapsLink } from '../../../shared/geo';
import { addDays, localDateOf, localToday } from '../../../shared/local-dates';
import { can, type PolicyActor } from '../../../shared/policy';
import { CREW_LOOKBACK_DAYS, SITE_ISSUE_TYPE_LABELS, SKIP_REASON_LABELS, type CheckInLocationStatus } from '../../../shared/visits';

/**
 * A crew member's work on the visits assigned to them (docs/decisions/006-plans-and-visits.md):
 * what the crew page reads, and each action the phone queues. Every action carries the key the
 * phone chose and the time on the phone; it is applied once however often it is retried.
 */

/** How far ahead of the server's clock a phone's time may be before it is refused (clocks drift). */
export const PHONE_CLOCK_SKEW_MS = 5 * 60 * 1000;

const KEY_REUSED = 'This Idempotency-Key was already used for another action. Send a new key.';

/** The dates a crew member may see: today and the last CREW_LOOKBACK_DAYS days. */
function crewDates(now: Date) {
  const today = localToday(now);
  return { today, from: addDays(today, -CREW_LOOKBACK_DAYS) };
}

const visitColumns = {
  id: visits.id,
  scheduledDate: visits.scheduledDate,
  windowStart: visits.windowStart,
  windowEnd: visits.windowEnd,
  status: visits.status,
  kind: visits.kind,
  instructions: visits.instructions,
  crewUserIds: visits.crewUserIds,
  checkedInAt: visits.checkedInAt,
  checkInLocationStatus: visits.checkInLocationStatus,
  checkInDistanceMeters: visits.checkInDistanceMeters,
  checkedOutAt: visits.checkedOutAt,
  note: visits.note,
  propertyName: properties.name,
  address: properties.address,
  city: properties.city,
  state: properties.state,
  zipCode: properties.zipCode,
  latitude: properties.latitude,
  longitude: properties.longitude,
};

const hhmm = (time: string) => time.slice(0, 5);
const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Visits with their checklists, issues and photo counts, in the order the query gives. */
async function loadCrewVisits(db: Executor, where: SQL | undefined, order: SQL[]): Promise<CrewVisit[]> {
  const rows = await db
    .select(visitColumns)
    .from(visits)
    .innerJoin(properties, eq(properties.id, visits.propertyId))
    .where(where)
    .orderBy(...order);
  if (!rows.length) return [];
  const ids = rows.map((row) => row.id);
  const [items, issues, photoCounts] = await Promise.all([
    db.select().from(visitChecklistItems).where(inArray(visitChecklistItems.visitId, ids)).orderBy(asc(visitChecklistItems.position)),
    db.select().from(siteIssues).where(inArray(siteIssues.visitId, ids)).orderBy(asc(siteIssues.reportedAt)),
    db
      .select({ visitId: photos.visitId, photoType: photos.photoType, siteIssueId: photos.siteIssueId, count: count() })
      .from(photos)
      .where(inArray(photos.visitId, ids))
      .groupBy(photos.visitId, photos.photoType, photos.siteIssueId),
  ]);
  return rows.map((row) => {
    const counts = { before: 0, after: 0, issue: 0 };
    const perIssue = new Map<string, number>();
    for (const photo of photoCounts) {
      if (photo.visitId !== row.id) continue;
      if (photo.siteIssueId) {
        counts.issue += photo.count;
        perIssue.set(photo.siteIssueId, (perIssue.get(photo.siteIssueId) ?? 0) + photo.count);
      } else if (photo.photoType === 'before' || photo.photoType === 'after') counts[photo.photoType] += photo.count;
    }
    const point = row.latitude !== null && row.longitude !== null ? { lat: row.latitude, lng: row.longitude } : null;
    return {
      id: row.id,
      scheduledDate: row.scheduledDate,
      window: row.windowStart && row.windowEnd ? { from: hhmm(row.windowStart), to: hhmm(row.windowEnd) } : null,
      status: row.status,
      kind: row.kind,
      instructions: row.instructions,
      property: {
        name: row.propertyName,
        address: row.address,
        city: row.city,
        state: row.state,
        zipCode: row.zipCode,
        mapsLink: mapsLink(`${row.address}, ${row.city}, ${row.state} ${row.zipCode}`, point),
        location: point,
      },
      checkIn: row.checkedInAt
        ? {
            at: row.checkedInAt.toISOString(),
            location: row.checkInLocationStatus,
            distanceMeters:
              row.checkInLocationStatus === 'away' && row.checkInDistanceMeters !== null ? Math.round(row.checkInDistanceMeters) : null,
          }
        : null,
      checkedOutAt: iso(row.checkedOutAt),
      note: row.note,
      checklist: items
        .filter((item) => item.visitId === row.id)
        .map((item) => ({ position: item.position, label: item.label, doneAt: iso(item.doneAt) })),
      issues: issues
        .filter((issue) => issue.visitId === row.id)
        .map((issue) => ({
          id: issue.id,
          type: issue.issueType,
          note: issue.note,
          reportedAt: issue.reportedAt.toISOString(),
          photoCount: perIssue.get(issue.id) ?? 0,
        })),
      photoCounts: counts,
    };
  });
}

/** Today's route (windowed visits by window start, then anytime ones) and the last week's visits, newest first. */
export async function crewRoute(db: Executor, userId: string, fenceMeters: number, now = new Date()): Promise<CrewRoute> {
  const { today, from } = crewDates(now);
  const theirs = arrayContains(visits.crewUserIds, [userId]);
  const [todays, recent] = await Promise.all([
    loadCrewVisits(db, and(theirs, eq(visits.scheduledDate, today)), [
      sql`${visits.windowStart} asc nulls last`,
      asc(properties.name),
      asc(visits.id),
    ]),
    loadCrewVisits(db, and(theirs, gte(visits.scheduledDate, from), lte(visits.scheduledDate, addDays(today, -1))), [
      desc(visits.scheduledDate),
      sql`${visits.windowStart} asc nulls last`,
      asc(properties.name),
    ]),
  ]);
  return { today, fenceMeters, visits: todays, recent };
}

interface VisitAccess {
  id: string;
  propertyId: string;
  scheduledDate: string;
  crewUserIds: string[];
}

/**
 * The visit, when this user may act on it this way: assigned to them (the policy's condition,
 * checked on the record) and dated today or in the last week. Anything else is "not found".
 */
async function visitFor(db: Executor, actor: PolicyActor, action: 'read' | 'create', visitId: string, now: Date): Promise<VisitAccess> {
  const [visit] = await db
    .select({ id: visits.id, propertyId: visits.propertyId, scheduledDate: visits.scheduledDate, crewUserIds: visits.crewUserIds })
    .from(visits)
    .where(eq(visits.id, visitId));
  if (!visit) throw new NotFoundError();
  const resource = action === 'read' ? 'visit' : 'visitWork';
  if (!can(actor, action, resource, { assignedUserIds: visit.crewUserIds })) throw new NotFoundError();
  const { today, from } = crewDates(now);
  if (visit.scheduledDate < from || visit.scheduledDate > today) throw new NotFoundError();
  return visit;
}

/** GET /api/crew/visits/{id}. */
export async function crewVisit(db: Executor, actor: PolicyActor, visitId: string, now = new Date()): Promise<CrewVisit> {
  const visit = await visitFor(db, actor, 'read', visitId, now);
  const [found] = await loadCrewVisits(db, eq(visits.id, visit.id), []);
  return found!;
}

/** The phone's time, sanity-checked: not ahead of the server by more than the clock skew, and not before the visit's day. */
function phoneTime(at: string, scheduledDate: string, now: Date): Date {
  const instant = new Date(at);
  if (instant.getTime() > now.getTime() + PHONE_CLOCK_SKEW_MS) {
    const message = 'The time sent is in the future. Check the date and time on the phone.';
    throw new RequestError(400, message, { at: message });
  }
  if (localDateOf(instant) < scheduledDate) {
    const message = `The time sent is before the visit’s day (${scheduledDate}). Check the date and time on the phone.`;
    throw new RequestError(400, message, { at: message });
  }
  return instant;
}

/** The visit's state, locked for the change; refuses work on a skipped or completed visit. */
async function lockOpenVisit(tx: Executor, visitId: string) {
  const [visit] = await tx.select().from(visits).where(eq(visits.id, visitId)).for('update');
  if (!visit) throw new NotFoundError();
  if (visit.status === 'skipped') {
    // A reason of its own ("The service plan ended on…") is told as written; a listed one, in brackets.
    if (visit.skipReason === 'other' && visit.skipNote) {
      throw new ConflictError(
        'visit',
        `The office skipped this visit: ${visit.skipNote}. There is nothing to record. Call the office if you are on site.`,
      );
    }
    const reason = visit.skipReason ? ` (${SKIP_REASON_LABELS[visit.skipReason].toLowerCase()})` : '';
    throw new ConflictError(
      'visit',
      `The office skipped this visit${reason}, so there is nothing to record. Call the office if you are on site.`,
    );
  }
  if (visit.status === 'completed') {
    throw new ConflictError('visit', 'This visit is already completed. Call the office to add to its record.');
  }
  return visit;
}

interface Action {
  key: string;
  userId: string;
  visitId: string;
  action: string;
}

/**
 * The answer already given for this key, or undefined. A retry is answered from it before any
 * access check: the work was allowed when it was done, and the phone only missed the answer
 * (the visit may since have been given to another crew, or its week have passed). Only the
 * crew member who sent it, for the same visit and action, gets it back.
 */
async function answeredBefore<T>(db: Executor, action: Action): Promise<T | undefined> {
  const [prior] = await db.select().from(crewActions).where(eq(crewActions.key, action.key));
  if (!prior) return undefined;
  if (prior.userId !== action.userId || prior.visitId !== action.visitId || prior.action !== action.action) {
    throw new ConflictError('idempotency-key', KEY_REUSED);
  }
  return prior.response as T;
}

/**
 * Applies an action once per key: the key is recorded in crew_actions in the same transaction
 * as the effect, with the answer, so a retry (even one racing the first call) answers the same
 * and changes nothing. A failed action records nothing, and may be retried.
 */
async function once<T>(db: Executor, action: Action, apply: (tx: Executor) => Promise<T>): Promise<T> {
  return inTransaction(db, async (tx) => {
    const claimed = await tx
      .insert(crewActions)
      .values({ key: action.key, userId: action.userId, visitId: action.visitId, action: action.action })
      .onConflictDoNothing()
      .returning({ key: crewActions.key });
    if (!claimed.length) {
      const [prior] = await tx.select().from(crewActions).where(eq(crewActions.key, action.key));
      if (!prior || prior.userId !== action.userId || prior.visitId !== action.visitId || prior.action !== action.action) {
        throw new ConflictError('idempotency-key', KEY_REUSED);
      }
      return prior.response as T;
    }
    const result = await apply(tx);
    await tx.update(crewActions).set({ response: result }).where(eq(crewActions.key, action.key));
    return result;
  });
}

export interface StartVisit {
  actor: PolicyActor;
  visitId: string;
  key: string;
  input: StartVisitInput;
  fenceMeters: number;
  now?: Date;
}

/**
 * The check-in: the phone's time, and a verdict on where it was. Within the fence of the
 * property's location, verified on site; farther, away (with the distance, for staff); no
 * position or no property location, not verified. A property with no location gets the
 * position as a proposal for staff to confirm. Starting a visit a teammate already started
 * answers their check-in and changes nothing.
 */
export async function startVisit(
  db: Executor,
  { actor, visitId, key, input, fenceMeters, now = new Date() }: StartVisit,
): Promise<StartVisitResult> {
  const action = { key, userId: actor.id, visitId, action: 'start' };
  const answered = await answeredBefore<StartVisitResult>(db, action);
  if (answered) return answered;
  const access = await visitFor(db, actor, 'create', visitId, now);
  const at = phoneTime(input.at, access.scheduledDate, now);
  return once(db, action, async (tx) => {
    const visit = await lockOpenVisit(tx, visitId);
    if (visit.checkedInAt) {
      return {
        checkedInAt: visit.checkedInAt.toISOString(),
        location: visit.checkInLocationStatus ?? 'not_verified',
        distanceMeters: visit.checkInDistanceMeters === null ? null : Math.round(visit.checkInDistanceMeters),
      };
    }
    const [property] = await tx.select().from(properties).where(eq(properties.id, visit.propertyId)).for('update');
    const position = input.position;
    let location: CheckInLocationStatus = 'not_verified';
    let distance: number | null = null;
    if (position && property!.latitude !== null && property!.longitude !== null) {
      distance = distanceMeters({ lat: property!.latitude, lng: property!.longitude }, position);
      location = distance <= fenceMeters ? 'verified' : 'away';
    } else if (position && property!.proposedLatitude === null) {
      await tx
        .update(properties)
        .set({ proposedLatitude: position.lat, proposedLongitude: position.lng, proposedByVisitId: visitId })
        .where(eq(properties.id, visit.propertyId));
    }
    await tx
      .update(visits)
      .set({
        status: 'in_progress',
        checkedInAt: at,
        checkedInBy: actor.id,
        checkInLatitude: position?.lat ?? null,
        checkInLongitude: position?.lng ?? null,
        checkInAccuracyMeters: position?.accuracy ?? null,
        checkInDistanceMeters: distance,
        checkInLocationStatus: location,
        updatedAt: new Date(),
      })
      .where(eq(visits.id, visitId));
    const rounded = distance === null ? null : Math.round(distance);
    await recordVisitEvent(tx, {
      visitId,
      kind: 'checked_in',
      actorId: actor.id,
      at,
      detail: { location, distanceMeters: rounded, ...(input.positionError ? { positionError: input.positionError } : {}) },
    });
    return { checkedInAt: at.toISOString(), location, distanceMeters: rounded };
  });
}

export interface CrewAction<Input> {
  actor: PolicyActor;
  visitId: string;
  key: string;
  input: Input;
  now?: Date;
}

/** A checklist item done (at the phone's time) or undone. */
export async function setChecklistItem(
  db: Executor,
  { actor, visitId, key, input, now = new Date(), position }: CrewAction<ChecklistItemInput> & { position: number },
): Promise<{ position: number; doneAt: string | null }> {
  const action = { key, userId: actor.id, visitId, action: `checklist:${position}` };
  const answered = await answeredBefore<{ position: number; doneAt: string | null }>(db, action);
  if (answered) return answered;
  const access = await visitFor(db, actor, 'create', visitId, now);
  const at = phoneTime(input.at, access.scheduledDate, now);
  return once(db, action, async (tx) => {
    await lockOpenVisit(tx, visitId);
    const [item] = await tx
      .update(visitChecklistItems)
      .set({ doneAt: input.done ? at : null, doneBy: input.done ? actor.id : null })
      .where(and(eq(visitChecklistItems.visitId, visitId), eq(visitChecklistItems.position, position)))
      .returning();
    if (!item) throw new NotFoundError();
    await recordVisitEvent(tx, {
      visitId,
      kind: 'checklist_item',
      actorId: actor.id,
      at,
      detail: { position, label: item.label, done: input.done },
    });
    return { position, doneAt: iso(item.doneAt) };
  });
}

/** The issue or photo stored with this key, when this crew member sent it for this visit (see answeredBefore). */
function sentBefore(row: { id: string; visitId: string | null; by: string | null } | undefined, actor: PolicyActor, visitId: string) {
  if (!row) return null;
  if (row.visitId !== visitId || row.by !== actor.id) throw new ConflictError('idempotency-key', KEY_REUSED);
  return { id: row.id, created: false };
}

async function issueByKey(db: Executor, key: string) {
  const [issue] = await db
    .select({ id: siteIssues.id, visitId: siteIssues.visitId, by: siteIssues.reportedBy })
    .from(siteIssues)
    .where(eq(siteIssues.idempotencyKey, key));
  return issue;
}

/**
 * A site issue, stored once per key (site_issues.idempotency_key): a retry answers the issue already
 * stored. A hazard or damage is e-mailed to the customer, sent once the issue has committed.
 */
export async function reportSiteIssue(
  db: Executor,
  mail: MailContext,
  { actor, visitId, key, input, now = new Date() }: CrewAction<SiteIssueInput>,
): Promise<{ id: string; created: boolean }> {
  const sent = sentBefore(await issueByKey(db, key), actor, visitId);
  if (sent) return sent;
  const access = await visitFor(db, actor, 'create', visitId, now);
  const at = phoneTime(input.at, access.scheduledDate, now);
  try {
    const stored = await inTransaction(db, async (tx) => {
      await lockOpenVisit(tx, visitId);
      const [issue] = await tx
        .insert(siteIssues)
        .values({ visitId, issueType: input.type, note: input.note.trim(), reportedBy: actor.id, reportedAt: at, idempotencyKey: key })
        .returning({ id: siteIssues.id });
      await recordVisitEvent(tx, {
        visitId,
        kind: 'issue_reported',
        actorId: actor.id,
        at,
        detail: { issueId: issue!.id, type: input.type, label: SITE_ISSUE_TYPE_LABELS[input.type] },
      });
      // A hazard or damage reaches the customer at once, with the issue or not at all.
      await queueSiteIssueAlert(tx, mail.appUrl, { visitId, type: input.type, note: input.note.trim(), reportedAt: at });
      return { id: issue!.id, created: true };
    });
    mail.queued();
    return stored;
  } catch (error) {
    // The same report sent twice at once: the other request stored it. Not inside a caller's
    // transaction: the failed insert has aborted it, so the error is the caller's to handle.
    if (isTransaction(db)) throw error;
    const winner = await issueByKey(db, key);
    if (winner) return sentBefore(winner, actor, visitId)!;
    throw error;
  }
}

export interface CrewPhoto {
  actor: PolicyActor;
  visitId: string;
  key: string;
  kind: CrewPhotoKind;
  issueKey?: string;
  at: string;
  data: Buffer;
  now?: Date;
}

/**
 * A photo taken on a visit, through the photo store (orientation fixed, metadata and GPS
 * stripped, WebP variants), stored once per key. An issue photo names its issue by the key it
 * was reported with, since the phone may have sent both while it never saw the issue's id.
 */
export async function addCrewPhoto(db: Executor, storage: PhotoStorage, photo: CrewPhoto): Promise<{ id: string; created: boolean }> {
  const { actor, visitId, key, now = new Date() } = photo;
  const [stored] = await db
    .select({ id: photos.id, visitId: photos.visitId, by: photos.uploadedBy })
    .from(photos)
    .where(eq(photos.idempotencyKey, key));
  const sent = sentBefore(stored, actor, visitId);
  if (sent) return sent;
  const access = await visitFor(db, actor, 'create', visitId, now);
  const at = phoneTime(photo.at, access.scheduledDate, now);
  // Refused early, before any image work, as the visit is (skipped or completed) now.
  await inTransaction(db, (tx) => lockOpenVisit(tx, visitId));
  let siteIssueId: string | null = null;
  let caption = '';
  if (photo.kind === 'issue') {
    const message = 'Report the issue before sending its photos (issueKey names an issue of this visit)';
    if (!photo.issueKey) throw new RequestError(400, message, { issueKey: message });
    const [issue] = await db
      .select({ id: siteIssues.id, type: siteIssues.issueType })
      .from(siteIssues)
      .where(and(eq(siteIssues.idempotencyKey, photo.issueKey), eq(siteIssues.visitId, visitId)));
    if (!issue) throw new RequestError(409, message, { issueKey: message });
    siteIssueId = issue.id;
    caption = SITE_ISSUE_TYPE_LABELS[issue.type];
  }
  return addPhoto(db, storage, {
    propertyId: access.propertyId,
    data: photo.data,
    caption,
    photoType: photo.kind === 'issue' ? 'other' : photo.kind,
    takenAt: at,
    visitId,
    siteIssueId,
    uploadedBy: actor.id,
    idempotencyKey: key,
    // The visit may have been closed while the image was processed: checked again with the row.
    check: async (tx) => void (await lockOpenVisit(tx, visitId)),
    record: (tx, photoId) =>
      recordVisitEvent(tx, { visitId, kind: 'photo_added', actorId: actor.id, at, detail: { photoId, kind: photo.kind } }),
  });
}

/** The check-out: the phone's time (never before the check-in) and the crew's note. */
export async function completeVisit(
  db: Executor,
  { actor, visitId, key, input, now = new Date() }: CrewAction<CompleteVisitInput>,
): Promise<{ checkedOutAt: string }> {
  const action = { key, userId: actor.id, visitId, action: 'complete' };
  const answered = await answeredBefore<{ checkedOutAt: string }>(db, action);
  if (answered) return answered;
  const access = await visitFor(db, actor, 'create', visitId, now);
  const at = phoneTime(input.at, access.scheduledDate, now);
  return once(db, action, async (tx) => {
    const visit = await lockOpenVisit(tx, visitId);
    if (!visit.checkedInAt) throw new ConflictError('visit', 'Start the visit before completing it.');
    // Two phones' clocks may disagree by a little; the record never ends before it began.
    const checkedOutAt = at < visit.checkedInAt ? visit.checkedInAt : at;
    await tx
      .update(visits)
      .set({ status: 'completed', checkedOutAt, checkedOutBy: actor.id, note: input.note.trim(), updatedAt: new Date() })
      .where(eq(visits.id, visitId));
    await recordVisitEvent(tx, {
      visitId,
      kind: 'checked_out',
      actorId: actor.id,
      at: checkedOutAt,
      detail: { withNote: input.note.trim() !== '' },
    });
    return { checkedOutAt: checkedOutAt.toISOString() };
  });
}
