import { z } from 'zod/mini';
import { notAnObject } from './common';
import { isLocalDate, localDate, rruleSchema } from './plans';
import { PROPERTY_TYPES, propertySchema } from './properties';
import { AGREEMENT_TERMS, SERVICE_UNITS, TAX_CLASSES } from '../estimate-totals';
import { AGREEMENT_STATUSES, ESTIMATE_STATUSES } from '../estimates';
import { centsSchema } from '../money';
import { longText, optionalLine, requiredLine } from '../storable-text';
import { ESTIMATE_LIMITS } from './estimate-responses';
import { TAX_JURISDICTIONS } from '../tax-jurisdictions';

/**
 * Estimates and service agreements (issue 24): what staff write, what the prospect's page shows and
 * sends back, and what the portal shows. Money is integer cents, rates basis points; every total is
 * worked out by `estimateTotals` (src/shared/estimate-totals.ts), in the browser and on the server alike.
 */

const required = requiredLine;

const count = (label: string) =>
  z.optional(
    z.nullable(
      z
        .int({ error: `${label} must be a whole number` })
        .check(z.gte(0, `${label} cannot be negative`), z.lte(10_000_000, `${label} is too large`)),
    ),
  );

const id = (message: string) => z.string({ error: message }).check(z.uuid(message));

// ---------------------------------------------------------------------------------------------
// What staff write (POST /api/admin/estimates, PUT /api/admin/estimates/{id} while a draft)
// ---------------------------------------------------------------------------------------------

/**
 * A line: a price-book service, its price and frequency, included or optional. Its name, unit,
 * tax class and checklist come from the price book on the server; the price is what staff typed.
 * `rrule` is the plan form's recurrence for recurring work, null for one time (and for hourly work).
 */
export const estimateLineInputSchema = z.object(
  {
    serviceId: id('Choose a service from the price book'),
    unitPriceCents: centsSchema.check(z.lte(100_000_000, 'A price must be at most $1,000,000.00')),
    rrule: z.nullable(rruleSchema),
    optional: z.boolean({ error: 'Say whether the line is optional' }),
    description: z.optional(longText('The description', 500)),
  },
  notAnObject,
);
export type EstimateLineInput = z.output<typeof estimateLineInputSchema>;

/** A property on the estimate: an existing one of the customer's (`propertyId`), or a new site. */
export const estimatePropertyInputSchema = z.object(
  {
    propertyId: z.optional(z.nullable(id('Choose one of the customer’s properties'))),
    name: required('Property name', 200),
    address: required('Address', 300),
    city: required('City', 100),
    state: z.string({ error: 'State is required' }).check(z.trim(), z.regex(/^[A-Za-z]{2}$/, 'State must be two letters, such as WI')),
    zipCode: z
      .string({ error: 'ZIP code is required' })
      .check(z.trim(), z.regex(/^\d{5}(-\d{4})?$/, 'ZIP code must be 5 digits, such as 53202')),
    propertyType: z.enum(PROPERTY_TYPES, { error: `Property type must be one of: ${PROPERTY_TYPES.join(', ')}` }),
    parkingSpaces: count('Parking spaces'),
    squareFeet: count('Square feet'),
    taxJurisdiction: z.enum(TAX_JURISDICTIONS, { error: 'Choose where the property pays sales tax' }),
    crewUserIds: z.optional(
      z
        .array(id('Choose crew members from the list'), { error: 'Choose crew members from the list' })
        .check(z.maxLength(50, 'Propose at most 50 crew members')),
    ),
    lines: z
      .array(estimateLineInputSchema, { error: 'Lines are a list' })
      .check(
        z.minLength(1, 'Add at least one service to each property'),
        z.maxLength(ESTIMATE_LIMITS.linesPerProperty, `A property has at most ${ESTIMATE_LIMITS.linesPerProperty} lines`),
      ),
  },
  notAnObject,
);
export type EstimatePropertyInput = z.output<typeof estimatePropertyInputSchema>;

/**
 * An estimate's draft, whole. `quoteRequestId` or `customerId` says where it comes from (the
 * request's name, e-mail, phone and message are carried over; a customer's properties may be chosen).
 * The start date is today or later, and "valid until" not before today (checked by the server with today's date).
 */
export const estimateDraftSchema = z
  .object(
    {
      quoteRequestId: z.optional(z.nullable(id('The quote request is not valid'))),
      customerId: z.optional(z.nullable(id('The customer is not valid'))),
      companyName: required('Company name', 200),
      contactName: required('Contact name', 100),
      email: z
        .string({ error: 'Please enter a valid email address' })
        .check(z.trim(), z.maxLength(254, 'Please enter a valid email address'), z.email('Please enter a valid email address')),
      phone: optionalLine('Phone', 40),
      note: z.optional(longText('The note', ESTIMATE_LIMITS.note)),
      termsOffered: z
        .array(z.enum(AGREEMENT_TERMS, { error: 'Choose the terms from the list' }), { error: 'Choose the terms to offer' })
        .check(z.minLength(1, 'Offer at least one term')),
      proposedStartDate: localDate('Start date'),
      validUntil: localDate('Valid until'),
      properties: z
        .array(estimatePropertyInputSchema, { error: 'Properties are a list' })
        .check(
          z.minLength(1, 'Add at least one property'),
          z.maxLength(ESTIMATE_LIMITS.properties, `An estimate covers at most ${ESTIMATE_LIMITS.properties} properties`),
        ),
      /** Photos from the free property visit, in the order shown (the customer's or prospect's own). */
      photoIds: z.optional(
        z
          .array(id('Choose photos from the property visit'), { error: 'Photos are a list' })
          .check(z.maxLength(ESTIMATE_LIMITS.photos, `Show at most ${ESTIMATE_LIMITS.photos} photos on an estimate`)),
      ),
    },
    notAnObject,
  )
  .check(
    z.superRefine((draft, context) => {
      if (new Set(draft.termsOffered).size !== draft.termsOffered.length)
        context.addIssue({ code: 'custom', message: 'Offer each term once', path: ['termsOffered'], input: draft.termsOffered });
      if (isLocalDate(draft.validUntil) && isLocalDate(draft.proposedStartDate) && draft.validUntil > addYear(draft.proposedStartDate))
        context.addIssue({
          code: 'custom',
          message: 'An estimate is valid for at most a year after its start date',
          path: ['validUntil'],
          input: draft.validUntil,
        });
    }),
  );
export type EstimateDraft = z.output<typeof estimateDraftSchema>;

const addYear = (localDate: string) => `${Number(localDate.slice(0, 4)) + 1}${localDate.slice(4)}`;

/** POST /api/admin/estimates/{id}/extend: a new last valid day. */
export const estimateExtendSchema = z.object({ validUntil: localDate('Valid until') }, notAnObject);

// ---------------------------------------------------------------------------------------------
// What staff see
// ---------------------------------------------------------------------------------------------

export const estimateLineSchema = z.object({
  id: z.string(),
  serviceId: z.nullable(z.string()),
  name: z.string(),
  description: z.string(),
  unit: z.enum(SERVICE_UNITS),
  unitPriceCents: z.number(),
  taxClass: z.enum(TAX_CLASSES),
  rrule: z.nullable(z.string()),
  /** The frequency in words ("Every Monday and Thursday", "One time", "As needed"). */
  frequency: z.string(),
  optional: z.boolean(),
});
export type EstimateLine = z.output<typeof estimateLineSchema>;

export const estimatePropertySchema = z.object({
  id: z.string(),
  propertyId: z.nullable(z.string()),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  propertyType: z.string(),
  parkingSpaces: z.nullable(z.number()),
  squareFeet: z.nullable(z.number()),
  taxJurisdiction: z.enum(TAX_JURISDICTIONS),
  taxRateBp: z.number(),
  lines: z.array(estimateLineSchema),
});
export type EstimateProperty = z.output<typeof estimatePropertySchema>;

/** Staff's view of a property adds the proposed crew; the prospect never sees it. */
export const staffEstimatePropertySchema = z.extend(estimatePropertySchema, {
  crewUserIds: z.array(z.string()),
});

const termDiscountsSchema = z.partialRecord(z.enum(AGREEMENT_TERMS), z.number());

/** The evidence of an acceptance, as staff see it. */
export const acceptanceSchema = z.object({
  name: z.string(),
  title: z.string(),
  at: z.string(),
  term: z.enum(AGREEMENT_TERMS),
  optionalLineIds: z.array(z.string()),
  poNumbers: z.record(z.string(), z.string()),
  /** SHA-256 of exactly the version accepted with these choices. */
  hash: z.string(),
  /** Where the acceptance came from: staff only, like the quote form's consent evidence. */
  ip: z.nullable(z.string()),
  userAgent: z.nullable(z.string()),
});
export type Acceptance = z.output<typeof acceptanceSchema>;

/** A photo from the free property visit on an estimate: its WebP widths are served by the estimate's routes. */
export const estimatePhotoSchema = z.object({
  id: z.string(),
  caption: z.string(),
  /** The property it shows (the customer's record of the site visited), for its alt text and the PDF's caption. */
  propertyName: z.string(),
  width: z.number(),
  height: z.number(),
  variantWidths: z.array(z.number()),
  takenAt: z.nullable(z.string()),
});
export type EstimatePhoto = z.output<typeof estimatePhotoSchema>;

/** GET /api/admin/estimates/{id}. */
export const estimateSchema = z.object({
  id: z.string(),
  number: z.number(),
  version: z.number(),
  status: z.enum(ESTIMATE_STATUSES),
  quoteRequestId: z.nullable(z.string()),
  customerId: z.nullable(z.string()),
  agreementId: z.nullable(z.string()),
  companyName: z.string(),
  contactName: z.string(),
  email: z.string(),
  phone: z.nullable(z.string()),
  requestMessage: z.string(),
  note: z.string(),
  termsOffered: z.array(z.enum(AGREEMENT_TERMS)),
  termDiscounts: termDiscountsSchema,
  proposedStartDate: z.string(),
  validUntil: z.string(),
  createdAt: z.string(),
  sentAt: z.nullable(z.string()),
  firstViewedAt: z.nullable(z.string()),
  respondedAt: z.nullable(z.string()),
  /** The prospect's words with "Request changes", or their reason to decline. */
  responseMessage: z.nullable(z.string()),
  /** From the quote request's arrival to the estimate sent, in minutes (null until both exist). */
  quoteMinutes: z.nullable(z.number()),
  /** The other versions of this estimate, oldest first. */
  versions: z.array(z.object({ id: z.string(), version: z.number(), status: z.enum(ESTIMATE_STATUSES) })),
  acceptance: z.nullable(acceptanceSchema),
  properties: z.array(staffEstimatePropertySchema),
  photos: z.array(estimatePhotoSchema),
});
export type Estimate = z.output<typeof estimateSchema>;

/** GET /api/admin/estimates: an estimate in the list (the latest version of each number). */
export const estimateSummarySchema = z.object({
  id: z.string(),
  number: z.number(),
  version: z.number(),
  status: z.enum(ESTIMATE_STATUSES),
  companyName: z.string(),
  contactName: z.string(),
  propertyCount: z.number(),
  /** About this much a month, with every included line and no optional one, before discount and tax. */
  monthlyCents: z.number(),
  oneTimeCents: z.number(),
  validUntil: z.string(),
  sentAt: z.nullable(z.string()),
  createdAt: z.string(),
  /** The service agreement it became, once accepted. */
  agreementId: z.nullable(z.string()),
});
export type EstimateSummary = z.output<typeof estimateSummarySchema>;

export const estimateListQuerySchema = z.object({
  status: z.optional(z.enum(ESTIMATE_STATUSES, { error: `Status must be one of: ${ESTIMATE_STATUSES.join(', ')}` })),
});

// ---------------------------------------------------------------------------------------------
// The prospect's page, /estimates/<token> (no account): GET /api/estimates/{token} and its answers
// ---------------------------------------------------------------------------------------------

export const estimateTokenParamsSchema = z.object({
  token: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'Not found')),
});

/** What the prospect sees: no crew, no staff notes, no request message. (The bodies of their answers: estimate-responses.ts.) */
export const publicEstimateSchema = z.object({
  number: z.number(),
  version: z.number(),
  status: z.enum(ESTIMATE_STATUSES),
  companyName: z.string(),
  contactName: z.string(),
  note: z.string(),
  termsOffered: z.array(z.enum(AGREEMENT_TERMS)),
  termDiscounts: termDiscountsSchema,
  proposedStartDate: z.string(),
  validUntil: z.string(),
  sentAt: z.nullable(z.string()),
  properties: z.array(estimatePropertySchema),
  /** Where the revision that replaced this one is (the same link, with its version). */
  replacement: z.nullable(z.object({ version: z.number(), url: z.string() })),
  acceptance: z.nullable(z.omit(acceptanceSchema, { hash: true, ip: true, userAgent: true })),
  pdfUrl: z.string(),
  /** Photos from the free property visit, in order, with the property and day each shows (its alt text). */
  photos: z.array(estimatePhotoSchema),
  /** Where their files are: `{photoBase}/{id}/{width}.webp` (the link's own route on the prospect's page). */
  photoBase: z.string(),
});
export type PublicEstimate = z.output<typeof publicEstimateSchema>;

// ---------------------------------------------------------------------------------------------
// Service agreements (console and portal)
// ---------------------------------------------------------------------------------------------

export const agreementLineSchema = z.object({
  id: z.string(),
  propertyId: z.string(),
  propertyName: z.string(),
  name: z.string(),
  unit: z.enum(SERVICE_UNITS),
  unitPriceCents: z.number(),
  taxClass: z.enum(TAX_CLASSES),
  taxRateBp: z.number(),
  frequency: z.string(),
  /** The line's recurrence as accepted (the plan form's RRULE), null for one-time and hourly work: what a month comes to. */
  rrule: z.nullable(z.string()),
  planId: z.nullable(z.string()),
});
export type AgreementLine = z.output<typeof agreementLineSchema>;

/** A property the agreement covers: where it is, and the PO number printed on its invoices. */
export const coveredPropertySchema = z.extend(
  z.pick(propertySchema, { id: true, name: true, address: true, city: true, state: true, zipCode: true }),
  { poNumber: z.nullable(z.string()) },
);

/** GET /api/admin/agreements/{id}, GET /api/portal/agreements. */
export const agreementSchema = z.object({
  id: z.string(),
  customerId: z.string(),
  estimateId: z.string(),
  estimateNumber: z.number(),
  term: z.enum(AGREEMENT_TERMS),
  discountBp: z.number(),
  startDate: z.string(),
  /** The end of a fixed term; it then renews month to month unless either side ends it. */
  termEndDate: z.nullable(z.string()),
  /** The date it renews, or ends after notice. */
  renewsOn: z.nullable(z.string()),
  status: z.enum(AGREEMENT_STATUSES),
  endsOn: z.nullable(z.string()),
  signedPdfUrl: z.string(),
  lines: z.array(agreementLineSchema),
  /** The properties of its lines, in the lines' order. */
  properties: z.array(coveredPropertySchema),
});
export type Agreement = z.output<typeof agreementSchema>;

// ---------------------------------------------------------------------------------------------
// A customer's estimates in the portal: GET /api/portal/estimates, and each one as the link shows it
// ---------------------------------------------------------------------------------------------

/**
 * An estimate waiting for the customer's answer (sent, viewed or changes requested; not expired, not
 * replaced). Its figures are the included lines', before any option, term discount and tax.
 */
export const portalEstimateSummarySchema = z.object({
  id: z.string(),
  number: z.number(),
  version: z.number(),
  status: z.enum(ESTIMATE_STATUSES),
  propertyNames: z.array(z.string()),
  monthlyCents: z.number(),
  oneTimeCents: z.number(),
  proposedStartDate: z.string(),
  validUntil: z.string(),
  sentAt: z.nullable(z.string()),
});
export type PortalEstimateSummary = z.output<typeof portalEstimateSummarySchema>;
