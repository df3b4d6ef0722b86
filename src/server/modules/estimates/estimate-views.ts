import { and, asc, desc, eq, gte, inArray, isNotNull, lt, ne, type SQL } from 'drizzle-orm';
import type { Estimate, EstimateLine, EstimateSummary, PortalEstimateSummary } from '../../../shared/api/estimates';
import { estimateTotals } from '../../../shared/estimate-totals';
import { estimateStatus, OPEN_ESTIMATE_STATUSES, type EstimateStatus } from '../../../shared/estimates';
import { localToday } from '../../../shared/local-dates';
import { lineFrequency } from '../../../shared/line-frequency';
import type { Executor } from '../../db/executor';
import {
  estimateLines,
  estimateProperties,
  estimates,
  quoteRequests,
  serviceAgreements,
  type EstimateLineRow,
  type EstimatePropertyRow,
  type EstimateRow,
} from '../../db/schema';
import { NotFoundError } from '../../errors';
import { photosOfEstimate } from './estimate-photos';

/** The list shows the newest estimates, this many at most. */
const LIST_MAX = 200;

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** An estimate's properties in order, each with its lines in order: two queries for any number of estimates. */
export async function propertiesOfEstimates(
  db: Executor,
  estimateIds: readonly string[],
): Promise<Map<string, Array<EstimatePropertyRow & { lines: EstimateLineRow[] }>>> {
  const byEstimate = new Map<string, Array<EstimatePropertyRow & { lines: EstimateLineRow[] }>>(estimateIds.map((id) => [id, []]));
  if (!estimateIds.length) return byEstimate;
  const propertyRows = await db
    .select()
    .from(estimateProperties)
    .where(inArray(estimateProperties.estimateId, [...estimateIds]))
    .orderBy(asc(estimateProperties.estimateId), asc(estimateProperties.position));
  const lineRows = propertyRows.length
    ? await db
        .select()
        .from(estimateLines)
        .where(
          inArray(
            estimateLines.estimatePropertyId,
            propertyRows.map((row) => row.id),
          ),
        )
        .orderBy(asc(estimateLines.estimatePropertyId), asc(estimateLines.position))
    : [];
  const linesOf = new Map<string, EstimateLineRow[]>();
  for (const line of lineRows) {
    const lines = linesOf.get(line.estimatePropertyId) ?? [];
    lines.push(line);
    linesOf.set(line.estimatePropertyId, lines);
  }
  for (const property of propertyRows) byEstimate.get(property.estimateId)!.push({ ...property, lines: linesOf.get(property.id) ?? [] });
  return byEstimate;
}

function lineView({ estimatePropertyId: _propertyId, position: _position, checklist: _checklist, ...line }: EstimateLineRow): EstimateLine {
  return { ...line, frequency: lineFrequency(line) };
}

/** Whole minutes from the quote request's arrival to the estimate sent, or null until both exist. */
const minutesBetween = (from: Date | null, to: Date | null) =>
  from && to ? Math.max(0, Math.floor((to.getTime() - from.getTime()) / 60_000)) : null;

/** The row locked for a change, or NotFoundError. */
export async function lockEstimate(db: Executor, id: string): Promise<EstimateRow> {
  const [row] = await db.select().from(estimates).where(eq(estimates.id, id)).for('update');
  if (!row) throw new NotFoundError();
  return row;
}

/** The status staff and the prospect see today: an open estimate past its last valid day is expired. */
export const shownStatus = (row: Pick<EstimateRow, 'status' | 'validUntil'>, today = localToday()): EstimateStatus =>
  estimateStatus(row.status, row.validUntil, today);

/** GET /api/admin/estimates/{id}: the estimate as staff see it, with its other versions, the quote time and any acceptance. */
export async function getEstimate(db: Executor, id: string): Promise<Estimate> {
  const [found] = await db
    .select({ row: estimates, submittedAt: quoteRequests.submittedAt, agreementId: serviceAgreements.id })
    .from(estimates)
    .leftJoin(quoteRequests, eq(quoteRequests.id, estimates.quoteRequestId))
    .leftJoin(serviceAgreements, eq(serviceAgreements.estimateId, estimates.id))
    .where(eq(estimates.id, id))
    .limit(1);
  if (!found) throw new NotFoundError();
  const { row } = found;
  const today = localToday();
  // One read after another, not at once: sending and accepting read it on their transaction, whose
  // one connection takes one query at a time (node-postgres deprecates queuing a second on it).
  const propertyMap = await propertiesOfEstimates(db, [row.id]);
  const versionRows = await db
    .select({ id: estimates.id, version: estimates.version, status: estimates.status, validUntil: estimates.validUntil })
    .from(estimates)
    .where(and(eq(estimates.number, row.number), ne(estimates.id, row.id)))
    .orderBy(asc(estimates.version));
  const shownPhotos = await photosOfEstimate(db, row.id);
  const choices = row.acceptedChoices;
  return {
    id: row.id,
    number: row.number,
    version: row.version,
    status: shownStatus(row, today),
    quoteRequestId: row.quoteRequestId,
    customerId: row.customerId,
    agreementId: found.agreementId,
    companyName: row.companyName,
    contactName: row.contactName,
    email: row.email,
    phone: row.phone,
    requestMessage: row.requestMessage,
    note: row.note,
    termsOffered: row.termsOffered,
    termDiscounts: row.termDiscounts,
    proposedStartDate: row.proposedStartDate,
    validUntil: row.validUntil,
    createdAt: row.createdAt.toISOString(),
    sentAt: iso(row.sentAt),
    firstViewedAt: iso(row.firstViewedAt),
    respondedAt: iso(row.respondedAt),
    responseMessage: row.responseMessage,
    quoteMinutes: minutesBetween(found.submittedAt, row.sentAt),
    versions: versionRows.map((version) => ({ id: version.id, version: version.version, status: shownStatus(version, today) })),
    acceptance:
      row.status === 'accepted' && choices && row.acceptedHash
        ? {
            name: row.acceptedName ?? '',
            title: row.acceptedTitle ?? '',
            at: (row.respondedAt ?? row.updatedAt).toISOString(),
            term: choices.term,
            optionalLineIds: choices.optionalLineIds,
            poNumbers: choices.poNumbers,
            hash: row.acceptedHash,
            ip: row.acceptedIp,
            userAgent: row.acceptedUserAgent,
          }
        : null,
    // A stored property and line are the staff view's, less their places in the estimate (and the line's checklist).
    properties: (propertyMap.get(row.id) ?? []).map(({ estimateId: _estimateId, position: _position, lines, ...property }) => ({
      ...property,
      lines: lines.map(lineView),
    })),
    photos: shownPhotos,
  };
}

/** The stored rows that show as this status today (an open one past its last day shows as expired). */
function statusCondition(status: EstimateStatus, today: string): SQL | undefined {
  const open = [...OPEN_ESTIMATE_STATUSES];
  if (status === 'expired') return and(inArray(estimates.status, open), lt(estimates.validUntil, today));
  if ((open as string[]).includes(status)) return and(eq(estimates.status, status), gte(estimates.validUntil, today));
  return eq(estimates.status, status);
}

/**
 * Estimates in the list: the latest version of each number (of one quote request's when
 * `quoteRequestId` is given), newest first, of one status as shown today when `status` is given.
 */
export async function listEstimates(
  db: Executor,
  filter: { status?: EstimateStatus; quoteRequestId?: string } = {},
): Promise<EstimateSummary[]> {
  const today = localToday();
  const latest = db
    .selectDistinctOn([estimates.number], { id: estimates.id })
    .from(estimates)
    .where(filter.quoteRequestId ? eq(estimates.quoteRequestId, filter.quoteRequestId) : undefined)
    .orderBy(estimates.number, desc(estimates.version));
  const rows = await db
    .select({
      id: estimates.id,
      number: estimates.number,
      version: estimates.version,
      status: estimates.status,
      companyName: estimates.companyName,
      contactName: estimates.contactName,
      validUntil: estimates.validUntil,
      sentAt: estimates.sentAt,
      createdAt: estimates.createdAt,
      agreementId: serviceAgreements.id,
    })
    .from(estimates)
    .leftJoin(serviceAgreements, eq(serviceAgreements.estimateId, estimates.id))
    .where(and(inArray(estimates.id, latest), filter.status ? statusCondition(filter.status, today) : undefined))
    .orderBy(desc(estimates.createdAt), desc(estimates.id))
    .limit(LIST_MAX);
  const propertyMap = await propertiesOfEstimates(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const propertiesOfRow = propertyMap.get(row.id) ?? [];
    // Every included line, no optional one, before discount and tax.
    const totals = estimateTotals(propertiesOfRow, { discountBp: 0, chosenOptionalIds: [] });
    return {
      id: row.id,
      number: row.number,
      version: row.version,
      status: shownStatus(row, today),
      companyName: row.companyName,
      contactName: row.contactName,
      propertyCount: propertiesOfRow.length,
      monthlyCents: totals.monthlyCents,
      oneTimeCents: totals.oneTimeCents,
      validUntil: row.validUntil,
      sentAt: iso(row.sentAt),
      createdAt: row.createdAt.toISOString(),
      agreementId: row.agreementId,
    };
  });
}

/**
 * The portal's list of a customer's estimates waiting for an answer: sent to them (an added property
 * or service), viewed or with changes asked for, neither expired nor replaced, newest first. Their
 * figures are the included lines', before any option, discount and tax, as in the console's list.
 */
export async function openEstimatesOfCustomer(db: Executor, customerId: string, today = localToday()): Promise<PortalEstimateSummary[]> {
  const rows = await db
    .select()
    .from(estimates)
    .where(
      and(
        eq(estimates.customerId, customerId),
        inArray(estimates.status, [...OPEN_ESTIMATE_STATUSES]),
        gte(estimates.validUntil, today),
        isNotNull(estimates.sentAt),
      ),
    )
    .orderBy(desc(estimates.sentAt), desc(estimates.id))
    .limit(LIST_MAX);
  const propertyMap = await propertiesOfEstimates(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const sites = propertyMap.get(row.id) ?? [];
    const totals = estimateTotals(sites, { discountBp: 0, chosenOptionalIds: [] });
    return {
      id: row.id,
      number: row.number,
      version: row.version,
      status: shownStatus(row, today),
      propertyNames: sites.map((site) => site.name),
      monthlyCents: totals.monthlyCents,
      oneTimeCents: totals.oneTimeCents,
      proposedStartDate: row.proposedStartDate,
      validUntil: row.validUntil,
      sentAt: iso(row.sentAt),
    };
  });
}

/** A quote request's estimates (the latest version of each), for its page; NotFoundError for an unknown request. */
export async function estimatesOfQuoteRequest(db: Executor, quoteRequestId: string): Promise<EstimateSummary[]> {
  const [request] = await db.select({ id: quoteRequests.id }).from(quoteRequests).where(eq(quoteRequests.id, quoteRequestId)).limit(1);
  if (!request) throw new NotFoundError();
  return listEstimates(db, { quoteRequestId });
}
