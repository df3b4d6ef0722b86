import { and, eq, max } from 'drizzle-orm';
import type { Estimate } from '../../../shared/api/estimates';
import { mediumDateText } from '../../../shared/date-formats';
import { DEFAULT_VALID_DAYS, OPEN_ESTIMATE_STATUSES, type StoredEstimateStatus } from '../../../shared/estimates';
import { addDays, localToday } from '../../../shared/local-dates';
import { inTransaction, type Executor } from '../../db/executor';
import { estimates, type EstimateRow } from '../../db/schema';
import { RequestError } from '../../errors';
import { insertEstimateProperties, type PropertyValues } from './estimate-drafts';
import { photosOfEstimate, setEstimatePhotos } from './estimate-photos';
import { getEstimate, lockEstimate, propertiesOfEstimates } from './estimate-views';

/** Why an estimate that is not open (sent, viewed, changes requested, or any of them expired) cannot be revised or extended. */
const NOT_OPEN: Record<Exclude<StoredEstimateStatus, (typeof OPEN_ESTIMATE_STATUSES)[number]>, string> = {
  draft: 'This estimate is still a draft: change it and send it',
  accepted: 'This estimate has been accepted: it is now a service agreement',
  declined: 'This estimate was declined: write a new estimate instead',
  superseded: 'A later version replaced this estimate: use that one',
};

function requireOpen(row: EstimateRow) {
  if (!(OPEN_ESTIMATE_STATUSES as readonly string[]).includes(row.status)) {
    throw new RequestError(409, NOT_OPEN[row.status as keyof typeof NOT_OPEN]);
  }
}

/** The last day an estimate may be valid: a year after its start, as the draft's contract says. */
const latestValidUntil = (proposedStartDate: string) => `${Number(proposedStartDate.slice(0, 4)) + 1}${proposedStartDate.slice(4)}`;

/**
 * POST /api/admin/estimates/{id}/revise: the next version of a sent, viewed, changes-requested
 * or expired estimate, as a new draft copying everything (same number, the next version). The
 * sent one stays valid until the revision is sent. A number has one open draft revision at a
 * time: revising again answers that draft (`created` false). Dates already past move forward
 * (the start to today, "valid until" DEFAULT_VALID_DAYS on), as any draft's must be today or later.
 */
export async function reviseEstimate(db: Executor, id: string, actorId: string | null): Promise<{ estimate: Estimate; created: boolean }> {
  const made = await inTransaction(db, async (tx) => {
    // Locked, so two presses of Revise make one draft.
    const source = await lockEstimate(tx, id);
    if (source.status === 'draft') throw new RequestError(409, NOT_OPEN.draft);
    const [open] = await tx
      .select({ id: estimates.id })
      .from(estimates)
      .where(and(eq(estimates.number, source.number), eq(estimates.status, 'draft')))
      .limit(1);
    if (open) return { id: open.id, created: false };
    requireOpen(source);
    const [latest] = await tx
      .select({ version: max(estimates.version) })
      .from(estimates)
      .where(eq(estimates.number, source.number));
    const today = localToday();
    const [row] = await tx
      .insert(estimates)
      .values({
        number: source.number,
        version: (latest?.version ?? source.version) + 1,
        quoteRequestId: source.quoteRequestId,
        customerId: source.customerId,
        companyName: source.companyName,
        contactName: source.contactName,
        email: source.email,
        phone: source.phone,
        requestMessage: source.requestMessage,
        note: source.note,
        termsOffered: source.termsOffered,
        termDiscounts: source.termDiscounts,
        proposedStartDate: source.proposedStartDate < today ? today : source.proposedStartDate,
        validUntil: source.validUntil < today ? addDays(today, DEFAULT_VALID_DAYS) : source.validUntil,
        createdBy: actorId,
      })
      .returning({ id: estimates.id });
    const copied = (await propertiesOfEstimates(tx, [source.id])).get(source.id) ?? [];
    await insertEstimateProperties(
      tx,
      row!.id,
      copied.map(({ id: _id, estimateId: _estimateId, position: _position, lines, ...property }): PropertyValues => ({
        ...property,
        lines: lines.map(({ id: _lineId, estimatePropertyId: _propertyId, position: _linePosition, ...line }) => line),
      })),
    );
    await setEstimatePhotos(
      tx,
      row!.id,
      (await photosOfEstimate(tx, source.id)).map((photo) => photo.id),
    );
    return { id: row!.id, created: true };
  });
  return { estimate: await getEstimate(db, made.id), created: made.created };
}

/**
 * POST /api/admin/estimates/{id}/extend: a later "valid until" for a sent, viewed,
 * changes-requested or expired estimate (an expired one opens again); never an earlier or a past
 * day, nor more than a year after its start.
 */
export async function extendEstimate(db: Executor, id: string, validUntil: string): Promise<Estimate> {
  await inTransaction(db, async (tx) => {
    const row = await lockEstimate(tx, id);
    requireOpen(row);
    let problem: string | null = null;
    if (validUntil < localToday()) problem = 'Choose today or a later date';
    else if (validUntil <= row.validUntil) problem = `Choose a day after ${mediumDateText(row.validUntil)}, the last day it is valid now`;
    else if (validUntil > latestValidUntil(row.proposedStartDate)) problem = 'An estimate is valid for at most a year after its start date';
    if (problem) throw new RequestError(400, problem, { validUntil: problem });
    await tx.update(estimates).set({ validUntil, updatedAt: new Date() }).where(eq(estimates.id, id));
  });
  return getEstimate(db, id);
}
