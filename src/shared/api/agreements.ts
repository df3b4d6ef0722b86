import { z } from 'zod/mini';
import { personSchema } from './common';
import { customerDetailSchema } from './customers';
import { agreementLineSchema, agreementSchema } from './estimates';
import { AGREEMENT_TERMS } from '../estimate-totals';
import { AGREEMENT_STATUSES } from '../estimates';
import { VISIT_STATUSES } from '../visits';

/**
 * Service agreements in the staff console (issue 24): the list (a customer's, the overview's new
 * ones) and one agreement whole, with its prices, dates, the estimate it came from and the work it
 * put on the schedule. Crews see none of it: they see no prices. Money is integer cents, worked out
 * by `estimateTotals` from the accepted lines, so an agreement shows what the prospect accepted.
 */

/** The console's list shows the newest agreements, this many at most. */
export const AGREEMENT_LIST_MAX = 200;

/** The overview's "New agreements": those accepted in this many days. */
export const NEW_AGREEMENT_DAYS = 14;

/** GET /api/admin/agreements: a customer's, of one status, accepted within the last days; all of them without a filter. */
export const agreementListQuerySchema = z.object({
  customerId: z.optional(z.string({ error: 'The customer is not valid' }).check(z.uuid('The customer is not valid'))),
  status: z.optional(z.enum(AGREEMENT_STATUSES, { error: `Status must be one of: ${AGREEMENT_STATUSES.join(', ')}` })),
  acceptedWithinDays: z.optional(
    z.coerce
      .number({ error: 'acceptedWithinDays must be a whole number of days' })
      .check(
        z.int('acceptedWithinDays must be a whole number of days'),
        z.gte(1, 'acceptedWithinDays must be at least 1'),
        z.lte(366, 'acceptedWithinDays must be at most 366'),
      ),
  ),
});
export type AgreementListQuery = z.output<typeof agreementListQuerySchema>;

/** The overview's "New agreements" list, read with its page (decision 010). */
export const NEW_AGREEMENTS_FILTER: AgreementListQuery = { acceptedWithinDays: NEW_AGREEMENT_DAYS };

/** The first visit the agreement put on the schedule at one property: its day, where it is, and its crew (none: it needs one). */
export const firstVisitSchema = z.object({
  id: z.string(),
  date: z.string(),
  status: z.enum(VISIT_STATUSES),
  crew: z.array(personSchema),
});
export type FirstVisit = z.output<typeof firstVisitSchema>;

/** One of the agreement's properties: what it comes to with the term's discount and tax, and its first visit (null for work done only as needed). */
export const agreementPropertySchema = z.object({
  propertyId: z.string(),
  name: z.string(),
  city: z.string(),
  monthlyTotalCents: z.number(),
  oneTimeTotalCents: z.number(),
  firstVisit: z.nullable(firstVisitSchema),
});
export type AgreementProperty = z.output<typeof agreementPropertySchema>;

/** GET /api/admin/agreements: an agreement in the list. */
export const agreementSummarySchema = z.object({
  id: z.string(),
  customer: z.object({ id: z.string(), name: z.string() }),
  estimateId: z.string(),
  estimateNumber: z.number(),
  estimateVersion: z.number(),
  term: z.enum(AGREEMENT_TERMS),
  status: z.enum(AGREEMENT_STATUSES),
  startDate: z.string(),
  renewsOn: z.nullable(z.string()),
  endsOn: z.nullable(z.string()),
  /** When the estimate was accepted (the agreement was made then), ISO 8601. */
  acceptedAt: z.string(),
  /** About this much a month, with the term's discount and tax, as accepted. */
  monthlyTotalCents: z.number(),
  /** One-time work with its tax. */
  oneTimeTotalCents: z.number(),
  properties: z.array(agreementPropertySchema),
});
export type AgreementSummary = z.output<typeof agreementSummarySchema>;

/** The agreement's totals, as the estimate's page works them out for the term chosen. */
export const agreementTotalsSchema = z.object({
  monthlyCents: z.number(),
  monthlyDiscountCents: z.number(),
  monthlyTaxCents: z.number(),
  monthlyTotalCents: z.number(),
  oneTimeCents: z.number(),
  oneTimeTaxCents: z.number(),
  oneTimeTotalCents: z.number(),
});
export type AgreementTotals = z.output<typeof agreementTotalsSchema>;

/** GET /api/admin/agreements/{id}: one agreement whole, as the office sees it. */
export const consoleAgreementSchema = z.extend(agreementSchema, {
  customer: z.omit(customerDetailSchema.shape.customer, { address: true, prospect: true }),
  estimateVersion: z.number(),
  /** The quote request the estimate answered, if any (it is "won"). */
  quoteRequestId: z.nullable(z.string()),
  acceptedAt: z.string(),
  /** When the customer gave notice from the portal (the agreement ends on `endsOn`). */
  noticeGivenAt: z.nullable(z.string()),
  /** The evidence of the acceptance, in short: who, as what, when, from where, and the hash of exactly what they accepted. */
  acceptance: z.object({
    name: z.string(),
    title: z.string(),
    at: z.string(),
    ip: z.nullable(z.string()),
    userAgent: z.nullable(z.string()),
    hash: z.string(),
  }),
  lines: z.array(
    z.extend(agreementLineSchema, {
      /** What the line comes to a month (before discount and tax), or once; an hourly line neither. */
      monthlyCents: z.number(),
      oneTimeCents: z.number(),
    }),
  ),
  totals: agreementTotalsSchema,
  properties: z.array(
    z.extend(agreementPropertySchema, {
      address: z.string(),
      state: z.string(),
      zipCode: z.string(),
      poNumber: z.nullable(z.string()),
    }),
  ),
  /** The plans it made, one per recurring line, with their crews. */
  plans: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      propertyId: z.string(),
      propertyName: z.string(),
      frequency: z.string(),
      startDate: z.string(),
      endDate: z.nullable(z.string()),
      crew: z.array(personSchema),
    }),
  ),
});
export type ConsoleAgreement = z.output<typeof consoleAgreementSchema>;
