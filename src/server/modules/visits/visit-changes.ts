import { and, eq, inArray } from 'drizzle-orm';
import { inTransaction, type Executor } from '../../db/executor';
import { properties, visitChecklistItems, visits } from '../../db/schema';
import { NotFoundError, RequestError } from '../../errors';
import { DEFAULT_CHECKLIST, type OneOffVisit, type VisitChange } from '../../../shared/api/schedule';
import { localToday } from '../../../shared/local-dates';
import { SKIP_REASON_LABELS, VISIT_STATUS_LABELS, type VisitKind, type VisitStatus } from '../../../shared/visits';
import { idsThatAreNotCrew } from '../accounts';
import { recordVisitEvent } from './visit-events';

type VisitRow = typeof visits.$inferSelect;

/** A 400 naming one field. */
const refuse = (field: string, message: string) => new RequestError(400, message, { [field]: message });

/** A phone's clock may run a little ahead of the server's: corrected times may be this far in the future. */
const CLOCK_SLACK_MS = 5 * 60_000;

async function checkCrew(db: Executor, crewUserIds: string[]) {
  const notCrew = await idsThatAreNotCrew(db, crewUserIds);
  if (notCrew.length) {
    throw refuse(
      'crewUserIds',
      notCrew.length === 1 ? 'One of the people chosen is not a crew member' : 'Some of the people chosen are not crew members',
    );
  }
}

/**
 * Adds a one-off visit (no plan) to a property on a local day, with its crew, window, checklist
 * (the usual three items unless others are given) and instructions, and a `created` event. A
 * prospect's free property visit is kind `assessment`.
 */
export async function createOneOffVisit(
  db: Executor,
  input: OneOffVisit & { kind?: VisitKind },
  /** The staff member who adds it, or null when the server does (an accepted estimate's first visit). */
  actorId: string | null,
  today: string = localToday(),
): Promise<{ id: string }> {
  const [property] = await db.select({ id: properties.id }).from(properties).where(eq(properties.id, input.propertyId)).limit(1);
  if (!property) throw refuse('propertyId', 'There is no such property');
  if (input.date < today) throw refuse('date', 'A one-off visit must be today or later');
  await checkCrew(db, input.crewUserIds);
  const checklist = input.checklist ?? DEFAULT_CHECKLIST;
  return inTransaction(db, async (tx) => {
    const [visit] = await tx
      .insert(visits)
      .values({
        propertyId: input.propertyId,
        scheduledDate: input.date,
        windowStart: input.window?.from ?? null,
        windowEnd: input.window?.to ?? null,
        crewUserIds: [...new Set(input.crewUserIds)],
        instructions: input.instructions ?? '',
        kind: input.kind ?? 'service',
      })
      .returning({ id: visits.id });
    if (checklist.length) {
      await tx.insert(visitChecklistItems).values(checklist.map((label, position) => ({ visitId: visit!.id, position, label })));
    }
    await recordVisitEvent(tx, {
      visitId: visit!.id,
      kind: 'created',
      actorId,
      detail: { oneOff: true, date: input.date, ...(input.kind === 'assessment' ? { assessment: true } : {}) },
    });
    return { id: visit!.id };
  });
}

const statusName = (status: VisitStatus) => VISIT_STATUS_LABELS[status].toLowerCase();

/**
 * A staff change to a visit: move it to another day, reassign its crew, skip it with a reason, or
 * correct its record (check-in and check-out times, checklist items, the note). Each is refused
 * with a clear message when it makes no sense for the visit as it stands; each records its event
 * (with who made it) and marks the visit customized, so plan edits leave it alone.
 */
export async function changeVisit(
  db: Executor,
  id: string,
  change: VisitChange,
  actorId: string,
  now: Date = new Date(),
): Promise<{ id: string }> {
  if (change.action === 'reassign') await checkCrew(db, change.crewUserIds);
  return inTransaction(db, async (tx) => {
    const [visit] = await tx.select().from(visits).where(eq(visits.id, id)).limit(1).for('update');
    if (!visit) throw new NotFoundError();
    const record = (kind: 'moved' | 'reassigned' | 'skipped' | 'corrected', detail: Record<string, unknown>) =>
      recordVisitEvent(tx, { visitId: id, kind, actorId, at: now, detail });
    const update = (values: Partial<typeof visits.$inferInsert>) =>
      tx
        .update(visits)
        .set({ ...values, customized: true, updatedAt: now })
        .where(eq(visits.id, id));

    switch (change.action) {
      case 'move': {
        if (visit.status === 'completed' || visit.status === 'in_progress' || visit.status === 'skipped') {
          throw refuse('date', `This visit is ${statusName(visit.status)}: only a scheduled or missed visit can be moved`);
        }
        if (change.date === visit.scheduledDate) throw refuse('date', 'The visit is already on that day');
        if (change.date < localToday(now)) throw refuse('date', 'Move the visit to today or a later day');
        if (visit.checkedInAt) {
          throw refuse('date', 'A crew checked in on this visit: correct its record instead, or add a one-off visit for the new day');
        }
        // A missed visit moved to a later day is to be done again.
        await update({ scheduledDate: change.date, status: 'scheduled' });
        await record('moved', { from: visit.scheduledDate, to: change.date });
        break;
      }
      case 'reassign': {
        if (visit.status === 'completed' || visit.status === 'skipped') {
          throw refuse('crewUserIds', `This visit is ${statusName(visit.status)}: there is no work left to reassign`);
        }
        const crew = [...new Set(change.crewUserIds)];
        if (crew.length === visit.crewUserIds.length && crew.every((userId) => visit.crewUserIds.includes(userId))) {
          throw refuse('crewUserIds', 'The visit already has this crew');
        }
        await update({ crewUserIds: crew });
        await record('reassigned', { from: visit.crewUserIds, to: crew });
        break;
      }
      case 'skip': {
        if (visit.status === 'completed' || visit.status === 'in_progress' || visit.status === 'skipped') {
          throw refuse('reason', `This visit is ${statusName(visit.status)} and cannot be skipped`);
        }
        await update({ status: 'skipped', skipReason: change.reason, skipNote: change.note || null });
        await record('skipped', { reason: change.reason, reasonLabel: SKIP_REASON_LABELS[change.reason], from: visit.status });
        break;
      }
      case 'correct':
        await correctRecord(tx, visit, change, now, update, record);
        break;
    }
    return { id };
  });
}

async function correctRecord(
  db: Executor,
  visit: VisitRow,
  change: Extract<VisitChange, { action: 'correct' }>,
  now: Date,
  update: (values: Partial<typeof visits.$inferInsert>) => Promise<unknown>,
  record: (kind: 'corrected', detail: Record<string, unknown>) => Promise<void>,
) {
  if (visit.status === 'skipped') throw refuse('form', 'This visit was skipped: there is no record of work to correct');
  const checkedInAt =
    change.checkedInAt === undefined ? visit.checkedInAt : change.checkedInAt === null ? null : new Date(change.checkedInAt);
  const checkedOutAt =
    change.checkedOutAt === undefined ? visit.checkedOutAt : change.checkedOutAt === null ? null : new Date(change.checkedOutAt);
  const latest = now.getTime() + CLOCK_SLACK_MS;
  if (checkedInAt && checkedInAt.getTime() > latest) throw refuse('checkedInAt', 'The check-in time cannot be in the future');
  if (checkedOutAt && checkedOutAt.getTime() > latest) throw refuse('checkedOutAt', 'The check-out time cannot be in the future');
  if (checkedOutAt && !checkedInAt)
    throw refuse('checkedOutAt', 'Give the check-in time too: a visit cannot be checked out without a check-in');
  if (checkedInAt && checkedOutAt && checkedOutAt <= checkedInAt)
    throw refuse('checkedOutAt', 'The check-out time must be after the check-in time');

  const changes: Array<Record<string, unknown>> = [];
  const values: Partial<typeof visits.$inferInsert> = {};
  if (change.checkedInAt !== undefined && checkedInAt?.getTime() !== visit.checkedInAt?.getTime()) {
    values.checkedInAt = checkedInAt;
    // With no check-in, nothing of one stays: no verdict, distance or position.
    if (!checkedInAt) {
      Object.assign(values, {
        checkedInBy: null,
        checkInLocationStatus: null,
        checkInDistanceMeters: null,
        checkInLatitude: null,
        checkInLongitude: null,
        checkInAccuracyMeters: null,
      });
    }
    changes.push({ field: 'checkedInAt', from: visit.checkedInAt?.toISOString() ?? null, to: checkedInAt?.toISOString() ?? null });
  }
  if (change.checkedOutAt !== undefined && checkedOutAt?.getTime() !== visit.checkedOutAt?.getTime()) {
    values.checkedOutAt = checkedOutAt;
    changes.push({ field: 'checkedOutAt', from: visit.checkedOutAt?.toISOString() ?? null, to: checkedOutAt?.toISOString() ?? null });
  }
  if (change.note !== undefined && change.note !== visit.note) {
    values.note = change.note;
    changes.push({ field: 'note' });
  }
  if (change.checklist?.length) {
    const positions = change.checklist.map((item) => item.position);
    const items = await db
      .select()
      .from(visitChecklistItems)
      .where(and(eq(visitChecklistItems.visitId, visit.id), inArray(visitChecklistItems.position, positions)));
    const byPosition = new Map(items.map((item) => [item.position, item]));
    const unknown = positions.find((position) => !byPosition.has(position));
    if (unknown !== undefined) throw refuse('checklist', `This visit has no checklist item ${unknown + 1}`);
    for (const wanted of change.checklist) {
      const item = byPosition.get(wanted.position)!;
      if (wanted.done === (item.doneAt !== null)) continue;
      await db
        .update(visitChecklistItems)
        .set(wanted.done ? { doneAt: checkedOutAt ?? now, doneBy: null } : { doneAt: null, doneBy: null })
        .where(and(eq(visitChecklistItems.visitId, visit.id), eq(visitChecklistItems.position, wanted.position)));
      changes.push({ field: 'checklist', position: wanted.position, label: item.label, done: wanted.done });
    }
  }
  if (!changes.length) throw refuse('form', 'Nothing changed: the record already says this');

  // The state follows the record: a check-out completes the visit, a check-in alone starts it.
  const status: VisitStatus = checkedOutAt
    ? 'completed'
    : checkedInAt
      ? visit.status === 'missed'
        ? 'missed'
        : 'in_progress'
      : visit.status === 'missed'
        ? 'missed'
        : 'scheduled';
  if (status !== visit.status) values.status = status;
  await update(values);
  await record('corrected', { changes, ...(status !== visit.status ? { status: { from: visit.status, to: status } } : {}) });
}
