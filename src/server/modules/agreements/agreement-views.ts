import { and, asc, desc, eq, gte, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  AGREEMENT_LIST_MAX,
  type AgreementListQuery,
  type AgreementSummary,
  type ConsoleAgreement,
  type FirstVisit,
} from '../../../shared/api/agreements';
import { localToday } from '../../../shared/local-dates';
import { describeRrule } from '../../../shared/recurrence';
import type { Executor } from '../../db/executor';
import { agreementLines, customers, estimates, properties, serviceAgreements, servicePlans, visits } from '../../db/schema';
import { NotFoundError } from '../../errors';
import { peopleById } from '../visits';
import { agreementSummary } from './agreement-summary';
import { agreementLineView, renewsOn } from './agreements.service';

/** Where the console downloads an agreement's signed copy. */
export const consoleSignedPdfPath = (agreementId: string) => `/api/admin/agreements/${agreementId}/signed-pdf`;

const DAY_MS = 86_400_000;

const rowColumns = {
  agreement: serviceAgreements,
  customerName: customers.name,
  estimateNumber: estimates.number,
  estimateVersion: estimates.version,
};

/** The agreements' lines in order, with their properties' names and cities: one query for any number of agreements. */
async function linesOf(db: Executor, agreementIds: string[]) {
  return db
    .select({ line: agreementLines, propertyName: properties.name, city: properties.city })
    .from(agreementLines)
    .innerJoin(properties, eq(properties.id, agreementLines.propertyId))
    .where(inArray(agreementLines.agreementId, agreementIds))
    .orderBy(asc(agreementLines.agreementId), asc(agreementLines.position));
}

/**
 * The first visit each agreement put on the schedule at each of its properties: the earliest from
 * its start date that is not skipped, among the visits its plans make and the one-off visits booked
 * at the property since it was accepted (the initial cleanup, or the visit that keeps the promise
 * when no plan comes in time). One query for any number of agreements, on the visits' property and
 * date index.
 */
async function firstVisitsOf(db: Executor, agreementIds: string[]): Promise<Map<string, Map<string, FirstVisit>>> {
  const rows = await db
    .selectDistinctOn([serviceAgreements.id, visits.propertyId], {
      agreementId: serviceAgreements.id,
      propertyId: visits.propertyId,
      id: visits.id,
      date: visits.scheduledDate,
      status: visits.status,
      crewUserIds: visits.crewUserIds,
    })
    .from(serviceAgreements)
    .innerJoin(agreementLines, eq(agreementLines.agreementId, serviceAgreements.id))
    .innerJoin(
      visits,
      and(
        eq(visits.propertyId, agreementLines.propertyId),
        gte(visits.scheduledDate, serviceAgreements.startDate),
        ne(visits.status, 'skipped'),
        or(eq(visits.planId, agreementLines.planId), and(isNull(visits.planId), gte(visits.createdAt, serviceAgreements.createdAt))),
      ),
    )
    .where(inArray(serviceAgreements.id, agreementIds))
    .orderBy(serviceAgreements.id, visits.propertyId, asc(visits.scheduledDate), sql`${visits.windowStart} asc nulls last`, asc(visits.id));
  const people = await peopleById(
    db,
    rows.flatMap((row) => row.crewUserIds),
  );
  const byAgreement = new Map<string, Map<string, FirstVisit>>();
  for (const { agreementId, propertyId, crewUserIds, ...visit } of rows) {
    const firsts = byAgreement.get(agreementId) ?? new Map<string, FirstVisit>();
    firsts.set(propertyId, { ...visit, crew: crewUserIds.map((id) => people.get(id) ?? { id, name: 'Former crew member' }) });
    byAgreement.set(agreementId, firsts);
  }
  return byAgreement;
}

type AgreementRow = Awaited<ReturnType<typeof agreementRows>>[number];

function agreementRows(db: Executor, where: SQL | undefined, limit: number) {
  return db
    .select(rowColumns)
    .from(serviceAgreements)
    .innerJoin(customers, eq(customers.id, serviceAgreements.customerId))
    .innerJoin(estimates, eq(estimates.id, serviceAgreements.estimateId))
    .where(where)
    .orderBy(desc(serviceAgreements.createdAt), desc(serviceAgreements.id))
    .limit(limit);
}

type LineRows = Awaited<ReturnType<typeof linesOf>>;

/** One agreement's figures and first visits, from its lines (those of other agreements are passed over). */
const summaryOf = (agreement: AgreementRow['agreement'], lines: LineRows, firstVisits: Map<string, Map<string, FirstVisit>>) => {
  const own = lines.filter(({ line }) => line.agreementId === agreement.id);
  return agreementSummary({
    discountBp: agreement.discountBp,
    lines: own.map(({ line }) => line),
    properties: new Map(own.map(({ line, propertyName, city }) => [line.propertyId, { name: propertyName, city }])),
    firstVisits: firstVisits.get(agreement.id) ?? new Map(),
  });
};

/** The lines and first visits of these agreements. */
const partsOf = (db: Executor, ids: string[]) => Promise.all([linesOf(db, ids), firstVisitsOf(db, ids)]);

/**
 * GET /api/admin/agreements: the newest agreements (AGREEMENT_LIST_MAX at most), of one customer, of
 * one status, accepted within the last days, each with what it comes to a month and the first visit
 * at each of its properties.
 */
export async function listAgreements(db: Executor, filter: AgreementListQuery = {}, now: Date = new Date()): Promise<AgreementSummary[]> {
  const rows = await agreementRows(
    db,
    and(
      filter.customerId ? eq(serviceAgreements.customerId, filter.customerId) : undefined,
      filter.status ? eq(serviceAgreements.status, filter.status) : undefined,
      filter.acceptedWithinDays
        ? gte(serviceAgreements.createdAt, new Date(now.getTime() - filter.acceptedWithinDays * DAY_MS))
        : undefined,
    ),
    AGREEMENT_LIST_MAX,
  );
  if (!rows.length) return [];
  const [lines, firstVisits] = await partsOf(
    db,
    rows.map((row) => row.agreement.id),
  );
  const today = localToday(now);
  return rows.map(({ agreement, customerName, estimateNumber, estimateVersion }) => {
    const summary = summaryOf(agreement, lines, firstVisits);
    return {
      id: agreement.id,
      customer: { id: agreement.customerId, name: customerName },
      estimateId: agreement.estimateId,
      estimateNumber,
      estimateVersion,
      term: agreement.term,
      status: agreement.status,
      startDate: agreement.startDate,
      renewsOn: renewsOn(agreement, today),
      endsOn: agreement.endsOn,
      acceptedAt: agreement.createdAt.toISOString(),
      monthlyTotalCents: summary.totals.monthlyTotalCents,
      oneTimeTotalCents: summary.totals.oneTimeTotalCents,
      properties: summary.properties,
    };
  });
}

/** GET /api/admin/agreements/{id}: one agreement whole, as the office sees it; NotFoundError for an unknown id. */
export async function consoleAgreement(db: Executor, id: string, now: Date = new Date()): Promise<ConsoleAgreement> {
  const [found] = await db
    .select({
      ...rowColumns,
      customer: {
        contactName: customers.contactName,
        email: customers.email,
        phone: customers.phone,
      },
      estimate: {
        quoteRequestId: estimates.quoteRequestId,
        acceptedName: estimates.acceptedName,
        acceptedTitle: estimates.acceptedTitle,
        respondedAt: estimates.respondedAt,
        acceptedIp: estimates.acceptedIp,
        acceptedUserAgent: estimates.acceptedUserAgent,
        acceptedHash: estimates.acceptedHash,
      },
    })
    .from(serviceAgreements)
    .innerJoin(customers, eq(customers.id, serviceAgreements.customerId))
    .innerJoin(estimates, eq(estimates.id, serviceAgreements.estimateId))
    .where(eq(serviceAgreements.id, id))
    .limit(1);
  if (!found) throw new NotFoundError();
  const { agreement, estimate } = found;
  const [lines, firstVisits] = await partsOf(db, [id]);
  const summary = summaryOf(agreement, lines, firstVisits);
  const propertyIds = summary.properties.map((property) => property.propertyId);
  const planIds = [...new Set(lines.flatMap(({ line }) => (line.planId ? [line.planId] : [])))];
  const [sites, plans] = await Promise.all([
    propertyIds.length
      ? db
          .select({
            id: properties.id,
            address: properties.address,
            state: properties.state,
            zipCode: properties.zipCode,
            poNumber: properties.poNumber,
          })
          .from(properties)
          .where(inArray(properties.id, propertyIds))
      : [],
    planIds.length
      ? db
          .select({ plan: servicePlans, propertyName: properties.name })
          .from(servicePlans)
          .innerJoin(properties, eq(properties.id, servicePlans.propertyId))
          .where(inArray(servicePlans.id, planIds))
      : [],
  ]);
  const crew = await peopleById(
    db,
    plans.flatMap(({ plan }) => plan.crewUserIds),
  );
  const acceptedAt = agreement.createdAt.toISOString();
  return {
    id: agreement.id,
    customerId: agreement.customerId,
    customer: { id: agreement.customerId, name: found.customerName, ...found.customer },
    estimateId: agreement.estimateId,
    estimateNumber: found.estimateNumber,
    estimateVersion: found.estimateVersion,
    quoteRequestId: estimate.quoteRequestId,
    term: agreement.term,
    discountBp: agreement.discountBp,
    startDate: agreement.startDate,
    termEndDate: agreement.termEndDate,
    renewsOn: renewsOn(agreement, localToday(now)),
    status: agreement.status,
    endsOn: agreement.endsOn,
    noticeGivenAt: agreement.noticeGivenAt?.toISOString() ?? null,
    acceptedAt,
    acceptance: {
      name: estimate.acceptedName ?? '',
      title: estimate.acceptedTitle ?? '',
      at: estimate.respondedAt?.toISOString() ?? acceptedAt,
      ip: estimate.acceptedIp,
      userAgent: estimate.acceptedUserAgent,
      hash: estimate.acceptedHash ?? '',
    },
    signedPdfUrl: consoleSignedPdfPath(agreement.id),
    lines: lines.map(({ line, propertyName }) => ({ ...agreementLineView(line, propertyName), ...summary.lines.get(line.id)! })),
    totals: summary.totals,
    properties: summary.properties.map((property) => {
      const site = sites.find((candidate) => candidate.id === property.propertyId);
      return {
        ...property,
        address: site?.address ?? '',
        state: site?.state ?? '',
        zipCode: site?.zipCode ?? '',
        poNumber: site?.poNumber ?? null,
      };
    }),
    plans: plans
      .map(({ plan, propertyName }) => ({
        id: plan.id,
        name: plan.name,
        propertyId: plan.propertyId,
        propertyName,
        frequency: describeRrule(plan.rrule),
        startDate: plan.startDate,
        endDate: plan.endDate,
        crew: plan.crewUserIds.map((userId) => crew.get(userId) ?? { id: userId, name: 'Former crew member' }),
      }))
      .sort((a, b) => planIds.indexOf(a.id) - planIds.indexOf(b.id)),
  };
}
