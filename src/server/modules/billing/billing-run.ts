import { and, eq, gte, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { shortDateText, monthText } from '../../../shared/date-formats';
import type { BasisPoints, TaxClass } from '../../../shared/estimate-totals';
import { invoiceTotals, lineFigures, quarterHoursMilli, shareOf, type PricedLine } from '../../../shared/invoice-math';
import { monthBounds, type InvoiceLineKind } from '../../../shared/invoices';
import { taxRateBp } from '../../../shared/tax-jurisdictions';
import { inTransaction, type Executor } from '../../db/executor';
import {
  agreementLines,
  customers,
  invoiceLines,
  invoices,
  priceBookServices,
  properties,
  serviceAgreements,
  serviceRequests,
  servicePlans,
  visits,
} from '../../db/schema';
import { planDatesBetween } from '../plans';
import { getInvoiceSettings, type InvoiceSettings } from '../pricing';

/**
 * The billing run (issue 25): for a month (or the month to date), every customer's invoice, a draft
 * made or brought up to date from its agreements and visits. Lines come from the agreements as they
 * were accepted:
 * - a per-visit price gives a line per completed visit of its plan (a visit of a plan serving several
 *   services bills each; visits not billed before roll forward onto the next invoice);
 * - a monthly price gives a line per month, for the share of the month's planned visits the agreement
 *   covers, and a credit for each visit missed, or skipped by the company when the settings say so;
 * - one-time work is billed once, on the first invoice of its agreement;
 * - a customer's extra cleanup is billed per visit, and a problem's callout by the hour (rounded up to
 *   the quarter hour), at the price book's prices.
 * The term discount applies to recurring work only; tax is per line by its class at the property's
 * rate. Each customer is done in its own transaction under a lock, and unique indexes bill a visit
 * (for each of its services), a month or one-time work once: run twice, or on two instances at once, it makes each invoice once.
 */

export interface BillingPeriod {
  /** The month's first local day. */
  start: string;
  /** Its last day, or today for a run of the month to date. */
  end: string;
}

export interface BillingRunResult {
  /** Drafts made, and drafts brought up to date, this run. */
  created: number;
  updated: number;
  /** Customers whose invoice for the month was sent already (their new work waits for the next one). */
  alreadySent: number;
}

/** A line the run wants on a draft: its key says what it bills, so it is added once. */
interface WantedLine extends PricedLine {
  key: string;
  propertyId: string;
  description: string;
  serviceDate: string;
  visitId: string | null;
  agreementLineId: string | null;
  verified: boolean;
}

type AgreementLine = {
  id: string;
  agreementId: string;
  customerId: string;
  propertyId: string;
  planId: string | null;
  name: string;
  unit: string;
  unitPriceCents: number;
  taxClass: TaxClass;
  taxRateBp: number;
  rrule: string | null;
  discountBp: BasisPoints;
  startDate: string;
  endsOn: string | null;
};

type BillableVisit = {
  id: string;
  propertyId: string;
  customerId: string;
  planId: string | null;
  scheduledDate: string;
  status: string;
  skipReason: string | null;
  checkedInAt: Date | null;
  checkedOutAt: Date | null;
  verified: boolean;
  requestKind: string | null;
};

const SKIP_WORDS: Record<string, string> = { weather: 'the weather', holiday: 'a holiday' };

/** Everything the period's invoices are made from, read once for all customers. */
async function readPeriod(db: Executor, period: BillingPeriod, settings: InvoiceSettings) {
  const lines: AgreementLine[] = await db
    .select({
      id: agreementLines.id,
      agreementId: agreementLines.agreementId,
      customerId: serviceAgreements.customerId,
      propertyId: agreementLines.propertyId,
      planId: agreementLines.planId,
      name: agreementLines.name,
      unit: agreementLines.unit,
      unitPriceCents: agreementLines.unitPriceCents,
      taxClass: agreementLines.taxClass,
      taxRateBp: agreementLines.taxRateBp,
      rrule: agreementLines.rrule,
      discountBp: serviceAgreements.discountBp,
      startDate: serviceAgreements.startDate,
      endsOn: serviceAgreements.endsOn,
    })
    .from(agreementLines)
    .innerJoin(serviceAgreements, eq(serviceAgreements.id, agreementLines.agreementId))
    .where(
      and(lte(serviceAgreements.startDate, period.end), or(isNull(serviceAgreements.endsOn), gte(serviceAgreements.endsOn, period.start))),
    );
  const planIds = [...new Set(lines.flatMap((line) => (line.planId ? [line.planId] : [])))];
  // The work done: completed visits of the agreements' plans and of customers' requests, up to the
  // period's end and not yet on an invoice; and this month's missed and skipped visits of the plans.
  const done = sql`${visits.status} = 'completed' and ${visits.scheduledDate} <= ${period.end}`;
  // A visit on a draft is still the draft's to bill (the next run keeps it there); once its invoice is sent, it is billed.
  const unbilled = sql`not exists (select 1 from ${invoiceLines} inner join ${invoices} on ${invoices.id} = ${invoiceLines.invoiceId} where ${invoiceLines.visitId} = ${visits.id} and not ${invoiceLines.voided} and ${invoiceLines.kind} in ('visit', 'hours') and ${invoices.status} = 'sent')`;
  const rows = await db
    .select({
      id: visits.id,
      propertyId: visits.propertyId,
      customerId: properties.customerId,
      planId: visits.planId,
      scheduledDate: visits.scheduledDate,
      status: visits.status,
      skipReason: visits.skipReason,
      checkedInAt: visits.checkedInAt,
      checkedOutAt: visits.checkedOutAt,
      verified: sql<boolean>`coalesce(${visits.checkInLocationStatus} = 'verified', false)`,
      requestKind: serviceRequests.kind,
    })
    .from(visits)
    .innerJoin(properties, eq(properties.id, visits.propertyId))
    .leftJoin(serviceRequests, eq(serviceRequests.visitId, visits.id))
    .where(
      and(
        eq(visits.kind, 'service'),
        or(
          and(planIds.length ? inArray(visits.planId, planIds) : sql`false`, done, unbilled),
          and(isNotNull(serviceRequests.id), done, unbilled),
          and(
            planIds.length ? inArray(visits.planId, planIds) : sql`false`,
            gte(visits.scheduledDate, period.start),
            lte(visits.scheduledDate, period.end),
            or(eq(visits.status, 'missed'), eq(visits.status, 'skipped')),
          ),
        ),
      ),
    );
  const visitRows = rows as BillableVisit[];
  const serviceIds = [settings.extraCleanupServiceId, settings.calloutServiceId].filter((id): id is string => id !== null);
  const services = new Map(
    (serviceIds.length ? await db.select().from(priceBookServices).where(inArray(priceBookServices.id, serviceIds)) : []).map((service) => [
      service.id,
      service,
    ]),
  );
  const customerIds = [...new Set([...lines.map((line) => line.customerId), ...visitRows.map((visit) => visit.customerId)])];
  const customerRows = customerIds.length
    ? await db
        .select({ id: customers.id, paymentTerms: customers.paymentTerms, perProperty: customers.invoicePerProperty })
        .from(customers)
        .where(inArray(customers.id, customerIds))
    : [];
  const propertyIds = [...new Set(visitRows.map((visit) => visit.propertyId))];
  const jurisdictions = new Map(
    (propertyIds.length
      ? await db
          .select({ id: properties.id, taxJurisdiction: properties.taxJurisdiction })
          .from(properties)
          .where(inArray(properties.id, propertyIds))
      : []
    ).map((row) => [row.id, row.taxJurisdiction]),
  );
  const plans = new Map(
    (planIds.length
      ? await db
          .select({ id: servicePlans.id, rrule: servicePlans.rrule, startDate: servicePlans.startDate, endDate: servicePlans.endDate })
          .from(servicePlans)
          .where(inArray(servicePlans.id, planIds))
      : []
    ).map((plan) => [plan.id, plan]),
  );
  return {
    linesOf: groupBy(lines, (line) => line.customerId),
    visitsOf: groupBy(visitRows, (visit) => visit.customerId),
    services,
    customerRows,
    jurisdictions,
    plans,
  };
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

type Period = Awaited<ReturnType<typeof readPeriod>>;

/** The lines a customer's work in the period calls for, by what they bill. */
function wantedLines(customerId: string, period: BillingPeriod, data: Period, settings: InvoiceSettings): WantedLine[] {
  const wanted: WantedLine[] = [];
  const month = monthText(period.start);
  const ownLines = data.linesOf.get(customerId) ?? [];
  const ownVisits = data.visitsOf.get(customerId) ?? [];
  // A plan may serve several lines (services on the same days, done on one visit): each bills the visit.
  const perVisitByPlan = new Map<string, AgreementLine[]>();
  for (const line of ownLines)
    if (line.planId && line.unit === 'visit') perVisitByPlan.set(line.planId, [...(perVisitByPlan.get(line.planId) ?? []), line]);

  for (const line of ownLines) {
    const recurring = { discountBp: line.discountBp, taxClass: line.taxClass, taxRateBp: line.taxRateBp };
    const base = { propertyId: line.propertyId, agreementLineId: line.id, verified: false, visitId: null };
    if (line.unit === 'once') {
      // The initial cleanup: once, on the agreement's first invoice. No discount on one-time work.
      if (line.startDate <= period.end)
        wanted.push({
          ...base,
          key: `one_time:${line.id}`,
          kind: 'one_time',
          description: line.name,
          serviceDate: line.startDate < period.start ? period.start : line.startDate,
          quantityMilli: 1000,
          unitPriceCents: line.unitPriceCents,
          discountBp: 0,
          taxClass: line.taxClass,
          taxRateBp: line.taxRateBp,
        });
      continue;
    }
    if (line.unit !== 'month' || !line.planId) continue;
    const plan = data.plans.get(line.planId);
    if (!plan) continue;
    const monthEnd = monthBounds(period.start.slice(0, 7)).end;
    // The month's planned visits, and those the agreement (and its plan) covers: a month begun or
    // ended part way is billed for its share.
    const whole = planDatesBetween({ rrule: plan.rrule, startDate: period.start }, period.start, monthEnd).length;
    const from = [line.startDate, plan.startDate, period.start].sort().at(-1)!;
    const to = [line.endsOn ?? monthEnd, plan.endDate ?? monthEnd, monthEnd].sort()[0]!;
    const covered = from <= to ? planDatesBetween({ rrule: plan.rrule, startDate: from }, from, to).length : 0;
    if (whole > 0 && covered === 0) continue;
    const part = whole > 0 && covered < whole;
    wanted.push({
      ...base,
      ...recurring,
      key: `month:${line.id}:${period.start}`,
      kind: 'month',
      description: part ? `${line.name}, ${month} (${covered} of ${whole} visits)` : `${line.name}, ${month}`,
      serviceDate: period.start,
      quantityMilli: 1000,
      unitPriceCents: part ? shareOf(line.unitPriceCents, covered, whole) : line.unitPriceCents,
    });
    // A visit missed, or skipped by the company, is credited at the month's price over its planned visits.
    for (const visit of ownVisits) {
      if (visit.planId !== line.planId || visit.scheduledDate < period.start) continue;
      const companySkip = visit.status === 'skipped' && (visit.skipReason === 'weather' || visit.skipReason === 'holiday');
      if (visit.status !== 'missed' && !(companySkip && settings.creditCompanySkips)) continue;
      wanted.push({
        ...base,
        ...recurring,
        key: `credit:${visit.id}:${line.id}`,
        kind: 'credit',
        visitId: visit.id,
        description: `Credit: ${line.name} on ${shortDateText(visit.scheduledDate)}, ${
          visit.status === 'missed' ? 'missed' : `skipped for ${SKIP_WORDS[visit.skipReason!]}`
        }`,
        serviceDate: visit.scheduledDate,
        quantityMilli: 1000,
        unitPriceCents: -shareOf(line.unitPriceCents, 1, Math.max(whole, 1)),
      });
    }
  }

  for (const visit of ownVisits) {
    if (visit.status !== 'completed') continue;
    const perVisit = visit.planId ? perVisitByPlan.get(visit.planId) : undefined;
    if (perVisit) {
      for (const line of perVisit) {
        if (visit.scheduledDate < line.startDate) continue;
        wanted.push({
          key: `visit:${visit.id}:${line.id}`,
          kind: 'visit',
          propertyId: visit.propertyId,
          description: line.name,
          serviceDate: visit.scheduledDate,
          visitId: visit.id,
          agreementLineId: line.id,
          verified: visit.verified,
          quantityMilli: 1000,
          unitPriceCents: line.unitPriceCents,
          discountBp: line.discountBp,
          taxClass: line.taxClass,
          taxRateBp: line.taxRateBp,
        });
      }
      continue;
    }
    if (!visit.requestKind) continue;
    // A visit the customer asked for: an extra cleanup per visit, a problem's callout by the hour.
    const callout = visit.requestKind === 'problem_report';
    const service = data.services.get((callout ? settings.calloutServiceId : settings.extraCleanupServiceId) ?? '');
    if (!service) continue;
    const rate = taxRateBp(data.jurisdictions.get(visit.propertyId) ?? 'wisconsin', settings.taxRates);
    const hours = callout && visit.checkedInAt && visit.checkedOutAt ? quarterHoursMilli(visit.checkedInAt, visit.checkedOutAt) : null;
    wanted.push({
      key: `visit:${visit.id}`,
      kind: hours === null ? 'visit' : 'hours',
      propertyId: visit.propertyId,
      description: hours === null ? `${service.name} (extra visit you asked for)` : `${service.name}, ${hoursText(hours)} on site`,
      serviceDate: visit.scheduledDate,
      visitId: visit.id,
      agreementLineId: null,
      verified: visit.verified,
      quantityMilli: hours ?? 1000,
      unitPriceCents: service.priceCents,
      discountBp: 0,
      taxClass: service.taxClass,
      taxRateBp: rate,
    });
  }
  return wanted;
}

const hoursText = (milli: number) =>
  `${(milli / 1000).toLocaleString('en-US', { maximumFractionDigits: 2 })} ${milli === 1000 ? 'hour' : 'hours'}`;

/** What an existing line bills, in the same words as a wanted line's key. */
const keyOf = (line: { kind: InvoiceLineKind; visitId: string | null; agreementLineId: string | null; serviceDate: string }) =>
  line.kind === 'month'
    ? `month:${line.agreementLineId}:${line.serviceDate}`
    : line.kind === 'one_time'
      ? `one_time:${line.agreementLineId}`
      : line.kind === 'credit'
        ? `credit:${line.visitId}:${line.agreementLineId}`
        : line.agreementLineId
          ? `visit:${line.visitId}:${line.agreementLineId}`
          : `visit:${line.visitId}`;

/**
 * One invoice's draft made or brought up to date, under a lock on its customer: the lines wanted
 * and not yet on any invoice are added (a unique index refuses a second), automatic lines no longer
 * wanted (a visit's record corrected) are dropped, and the totals are worked out again. A sent
 * invoice is left alone. Answers what happened.
 */
async function billGroup(
  db: Executor,
  customer: { id: string; paymentTerms: (typeof invoices.$inferInsert)['paymentTerms'] },
  propertyId: string | null,
  period: BillingPeriod,
  wanted: WantedLine[],
): Promise<'created' | 'updated' | 'sent' | 'none'> {
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`billing:${customer.id}`}, 0))`);
    const samePeriod = and(
      eq(invoices.customerId, customer.id),
      propertyId ? eq(invoices.propertyId, propertyId) : isNull(invoices.propertyId),
      eq(invoices.periodStart, period.start),
      ne(invoices.status, 'void'),
    );
    let [invoice] = await tx.select().from(invoices).where(samePeriod).limit(1).for('update');
    if (invoice?.status === 'sent') return 'sent';
    const made = !invoice;
    if (!invoice) {
      if (!wanted.length) return 'none';
      [invoice] = await tx
        .insert(invoices)
        .values({
          customerId: customer.id,
          propertyId,
          periodStart: period.start,
          periodEnd: period.end,
          paymentTerms: customer.paymentTerms,
        })
        .returning();
    }
    const draft = invoice!;
    const present = await tx.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, draft.id));
    const wantedKeys = new Set(wanted.map((line) => line.key));
    const stale = present.filter(
      (line) => line.kind !== 'adjustment' && line.addedBy === null && line.removedAt === null && !wantedKeys.has(keyOf(line)),
    );
    if (stale.length)
      await tx.delete(invoiceLines).where(
        inArray(
          invoiceLines.id,
          stale.map((line) => line.id),
        ),
      );
    const presentKeys = new Set(present.map(keyOf));
    const fresh = wanted.filter((line) => !presentKeys.has(line.key));
    if (fresh.length) {
      await tx
        .insert(invoiceLines)
        .values(
          fresh.map((line) => ({
            invoiceId: draft.id,
            propertyId: line.propertyId,
            kind: line.kind,
            description: line.description,
            serviceDate: line.serviceDate,
            visitId: line.visitId,
            agreementLineId: line.agreementLineId,
            quantityMilli: line.quantityMilli,
            unitPriceCents: line.unitPriceCents,
            taxClass: line.taxClass,
            taxRateBp: line.taxRateBp,
            verified: line.verified,
            ...lineFigures(line),
          })),
        )
        // Billed already, on another invoice of another period or by another instance: left there.
        .onConflictDoNothing();
    }
    if (made) {
      // Everything it would bill is on another draft already (an earlier month's, not yet sent): no invoice.
      const [kept] = await tx.select({ id: invoiceLines.id }).from(invoiceLines).where(eq(invoiceLines.invoiceId, draft.id)).limit(1);
      if (!kept) {
        await tx.delete(invoices).where(eq(invoices.id, draft.id));
        return 'none';
      }
    }
    await updateTotals(tx, draft.id, period.end > draft.periodEnd ? period.end : draft.periodEnd);
    return made ? 'created' : fresh.length || stale.length ? 'updated' : 'none';
  });
}

/** An invoice's totals from its lines (removed ones left out). */
export async function updateTotals(db: Executor, invoiceId: string, periodEnd?: string): Promise<void> {
  const lines = await db
    .select({ amountCents: invoiceLines.amountCents, discountCents: invoiceLines.discountCents, taxCents: invoiceLines.taxCents })
    .from(invoiceLines)
    .where(and(eq(invoiceLines.invoiceId, invoiceId), isNull(invoiceLines.removedAt)));
  await db
    .update(invoices)
    .set({ ...invoiceTotals(lines), ...(periodEnd ? { periodEnd } : {}), updatedAt: new Date() })
    .where(eq(invoices.id, invoiceId));
}

/** Runs the billing for a period: every customer's invoice (or each property's, for those billed per property). */
export async function prepareInvoices(db: Executor, period: BillingPeriod): Promise<BillingRunResult> {
  const settings = await getInvoiceSettings(db);
  const data = await readPeriod(db, period, settings);
  const result: BillingRunResult = { created: 0, updated: 0, alreadySent: 0 };
  for (const customer of data.customerRows) {
    const lines = wantedLines(customer.id, period, data, settings);
    const groups = new Map<string | null, WantedLine[]>();
    if (customer.perProperty) for (const line of lines) groups.set(line.propertyId, [...(groups.get(line.propertyId) ?? []), line]);
    else groups.set(null, lines);
    for (const [propertyId, groupLines] of groups) {
      const outcome = await billGroup(db, customer, propertyId, period, groupLines);
      if (outcome === 'created') result.created++;
      else if (outcome === 'updated') result.updated++;
      else if (outcome === 'sent') result.alreadySent++;
    }
  }
  return result;
}
