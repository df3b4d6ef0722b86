import { randomUUID } from 'node:crypto';
import type { Executor } from '../../src/server/db/executor';
import { agreementLines, customers, properties, serviceAgreements, servicePlans, visits } from '../../src/server/db/schema';
import type { ServiceUnit, TaxClass } from '../../src/shared/estimate-totals';
import type { PaymentTerms } from '../../src/shared/invoices';
import { createTestEstimate } from './estimates';

/** A line of a test agreement: its price, unit, tax and (for recurring work) the plan's rule. */
export interface TestAgreementLine {
  name: string;
  unit: ServiceUnit;
  unitPriceCents: number;
  rrule?: string;
  taxClass?: TaxClass;
  taxRateBp?: number;
}

export interface TestBillingCustomer {
  customerId: string;
  propertyIds: string[];
  agreementId: string;
  /** Each line's agreement line and plan, by name. */
  lines: Map<string, { agreementLineId: string; planId: string | null; propertyId: string }>;
}

/**
 * A customer with an accepted agreement, written straight to the tables (accepting an estimate has
 * its own tests): properties in Milwaukee County, each with the same lines, the plans they make
 * from `startDate` (lines on the same days share one), and the agreement's term discount. Visits are added with `addVisit`.
 */
export async function billingCustomer(
  db: Executor,
  options: {
    name?: string;
    startDate: string;
    discountBp?: number;
    sites?: number;
    lines: TestAgreementLine[];
    paymentTerms?: PaymentTerms;
    invoicePerProperty?: boolean;
  },
): Promise<TestBillingCustomer> {
  const tag = randomUUID().slice(0, 8);
  const [customer] = await db
    .insert(customers)
    .values({
      name: options.name ?? `Harbor Retail Group ${tag}`,
      email: `billing-${tag}@harborretail.example`,
      paymentTerms: options.paymentTerms ?? 'net_30',
      invoicePerProperty: options.invoicePerProperty ?? false,
    })
    .returning({ id: customers.id });
  const estimate = await createTestEstimate(db, { customerId: customer!.id, email: `billing-${tag}@harborretail.example` });
  const [agreement] = await db
    .insert(serviceAgreements)
    .values({
      customerId: customer!.id,
      estimateId: estimate.id,
      term: options.discountBp ? '12-months' : 'month-to-month',
      discountBp: options.discountBp ?? 0,
      startDate: options.startDate,
      status: 'active',
    })
    .returning({ id: serviceAgreements.id });
  const propertyIds: string[] = [];
  const lines = new Map<string, { agreementLineId: string; planId: string | null; propertyId: string }>();
  for (let site = 0; site < (options.sites ?? 1); site++) {
    const [property] = await db
      .insert(properties)
      .values({
        customerId: customer!.id,
        name: `Site ${site + 1}`,
        address: `${2100 + site * 100} S Kinnickinnic Ave`,
        city: 'Milwaukee',
        state: 'WI',
        zipCode: '53207',
        propertyType: 'Retail Center',
        taxJurisdiction: 'milwaukee-city',
      })
      .returning({ id: properties.id });
    propertyIds.push(property!.id);
    // Lines on the same days share a plan at a site, as accepting an estimate makes them.
    const planOn = new Map<string, { id: string }>();
    for (const [position, line] of options.lines.entries()) {
      if (line.rrule && !planOn.has(line.rrule)) {
        const [made] = await db
          .insert(servicePlans)
          .values({ propertyId: property!.id, name: line.name, rrule: line.rrule, startDate: options.startDate })
          .returning({ id: servicePlans.id });
        planOn.set(line.rrule, made!);
      }
      const plan = line.rrule ? planOn.get(line.rrule) : undefined;
      const [made] = await db
        .insert(agreementLines)
        .values({
          agreementId: agreement!.id,
          propertyId: property!.id,
          planId: plan?.id ?? null,
          position: site * 100 + position,
          name: line.name,
          unit: line.unit,
          unitPriceCents: line.unitPriceCents,
          taxClass: line.taxClass ?? 'exempt',
          taxRateBp: line.taxRateBp ?? 790,
          rrule: line.rrule ?? null,
        })
        .returning({ id: agreementLines.id });
      lines.set(`${line.name}@${site}`, { agreementLineId: made!.id, planId: plan?.id ?? null, propertyId: property!.id });
    }
  }
  return { customerId: customer!.id, propertyIds, agreementId: agreement!.id, lines };
}

/** A visit of a plan on a day, as the crew left it. */
export async function addVisit(
  db: Executor,
  at: { propertyId: string; planId: string | null },
  scheduledDate: string,
  outcome:
    | { status: 'completed'; verified?: boolean; hours?: number }
    | { status: 'missed' }
    | { status: 'skipped'; reason: 'weather' | 'holiday' | 'customer_request' }
    | { status: 'scheduled' } = { status: 'completed' },
): Promise<string> {
  const checkedInAt = new Date(`${scheduledDate}T14:00:00Z`);
  const [visit] = await db
    .insert(visits)
    .values({
      propertyId: at.propertyId,
      planId: at.planId,
      occurrenceDate: at.planId ? scheduledDate : null,
      scheduledDate,
      status: outcome.status,
      skipReason: outcome.status === 'skipped' ? outcome.reason : null,
      ...(outcome.status === 'completed'
        ? {
            checkedInAt,
            checkedOutAt: new Date(checkedInAt.getTime() + (outcome.hours ?? 1) * 3_600_000),
            checkInLocationStatus: outcome.verified === false ? ('away' as const) : ('verified' as const),
          }
        : {}),
    })
    .returning({ id: visits.id });
  return visit!.id;
}
