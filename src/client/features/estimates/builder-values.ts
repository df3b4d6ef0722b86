import { z } from 'zod/mini';
import type { CustomerDetail } from '../../../shared/api/customers';
import { estimateDraftSchema, type Estimate, type EstimateDraft } from '../../../shared/api/estimates';
import { ESTIMATE_LIMITS } from '../../../shared/api/estimate-responses';
import { PROPERTY_TYPES, type Property } from '../../../shared/api/properties';
import type { QuoteRequest } from '../../../shared/api/quote-requests';
import { AGREEMENT_TERMS, type AgreementTerm, type ServiceUnit } from '../../../shared/estimate-totals';
import { fullName } from '../../../shared/display-name';
import { DEFAULT_VALID_DAYS } from '../../../shared/estimates';
import { addDays, localToday } from '../../../shared/local-dates';
import { centsToInput, parseDollars } from '../../../shared/money';
import { parseRrule, toRrule, type Recurrence } from '../../../shared/recurrence';
import { findStreetAddress } from '../../../shared/street-address';
import { guessTaxJurisdiction, type TaxJurisdiction } from '../../../shared/tax-jurisdictions';

/**
 * The estimate builder's fields. Each has the name of the draft contract's field it becomes
 * (`estimateDraftSchema`), so a message about `properties.1.lines.0.unitPriceCents`, from this
 * form's check or from the server, lands on its own field. What differs is only how it is typed:
 * prices in dollars, sizes as text, and a line's recurrence as the plan form's choice (null: one time).
 */
export interface LineValues {
  serviceId: string;
  /** Dollars as typed ("85", "1,250.00"); read with parseDollars. */
  unitPriceCents: string;
  rrule: Recurrence | null;
  optional: boolean;
}

export interface PropertyValues {
  /** One of the customer's properties, or null for a new site. */
  propertyId: string | null;
  name: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  propertyType: string;
  parkingSpaces: string;
  squareFeet: string;
  taxJurisdiction: TaxJurisdiction;
  crewUserIds: string[];
  lines: LineValues[];
}

export interface EstimateFormValues {
  quoteRequestId: string | null;
  customerId: string | null;
  companyName: string;
  contactName: string;
  email: string;
  phone: string;
  note: string;
  termsOffered: AgreementTerm[];
  proposedStartDate: string;
  validUntil: string;
  properties: PropertyValues[];
  /** Photos from the free property visit shown on the estimate, in order. */
  photoIds: string[];
}

/** How a new line of this unit repeats: per-visit and monthly work on a weekly round, one-time and hourly work not at all. */
export const defaultRecurrence = (unit: ServiceUnit): Recurrence | null =>
  unit === 'visit'
    ? { kind: 'weekly', weekdays: ['MO', 'TH'], interval: 1 }
    : unit === 'month'
      ? { kind: 'weekly', weekdays: ['MO'], interval: 1 }
      : null;

export const emptyLine: LineValues = { serviceId: '', unitPriceCents: '', rrule: null, optional: false };

export function newProperty(fields: Partial<PropertyValues> = {}): PropertyValues {
  const city = fields.city ?? '';
  return {
    propertyId: null,
    name: '',
    address: '',
    city,
    state: 'WI',
    zipCode: '',
    propertyType: 'Parking Lot',
    parkingSpaces: '',
    squareFeet: '',
    taxJurisdiction: guessTaxJurisdiction(city),
    crewUserIds: [],
    lines: [{ ...emptyLine }],
    ...fields,
  };
}

/** One of the customer's properties on the estimate: its address as on file, its lines to add. */
export const propertyFromCustomer = (property: Property): PropertyValues =>
  newProperty({
    propertyId: property.id,
    name: property.name,
    address: property.address,
    city: property.city,
    state: property.state,
    zipCode: property.zipCode,
    propertyType: (PROPERTY_TYPES as readonly string[]).includes(property.propertyType) ? property.propertyType : 'Other',
  });

function blankEstimate(today: string): EstimateFormValues {
  return {
    quoteRequestId: null,
    customerId: null,
    companyName: '',
    contactName: '',
    email: '',
    phone: '',
    note: '',
    termsOffered: [...AGREEMENT_TERMS],
    proposedStartDate: today,
    validUntil: addDays(today, DEFAULT_VALID_DAYS),
    properties: [newProperty()],
    photoIds: [],
  };
}

/**
 * Where a new estimate starts: blank, from a quote request (its person, and the sites its free
 * property visit assessed, else the address its message names), or from a customer. Every photo
 * from the property visits is on it to begin with.
 */
export function startingValues(
  from: { request?: QuoteRequest; customer?: CustomerDetail; photoIds?: readonly string[] },
  today: string = localToday(),
): EstimateFormValues {
  const values = { ...blankEstimate(today), photoIds: (from.photoIds ?? []).slice(0, ESTIMATE_LIMITS.photos) };
  if (from.request) {
    const { request } = from;
    const found = findStreetAddress(request.message);
    // A prospect's sites are the ones its free property visits assessed.
    const assessed = request.customer?.prospect ? (from.customer?.properties ?? []) : [];
    return {
      ...values,
      quoteRequestId: request.id,
      customerId: request.customer?.id ?? null,
      companyName: request.customer?.name ?? '',
      contactName: request.name,
      email: request.email,
      phone: request.phone ?? '',
      properties: assessed.length
        ? assessed.map(propertyFromCustomer)
        : [
            newProperty(
              found
                ? {
                    name: found.address,
                    address: found.address,
                    city: found.city ?? '',
                    state: found.state ?? 'WI',
                    zipCode: found.zipCode ?? '',
                  }
                : {},
            ),
          ],
    };
  }
  if (from.customer) {
    const { customer, properties, users } = from.customer;
    // The customer's contact, else the first of its people who has a name on file.
    const signer = users.find((user) => !user.disabled && fullName(user));
    return {
      ...values,
      customerId: customer.id,
      companyName: customer.name,
      contactName: customer.contactName ?? (signer ? fullName(signer) : ''),
      email: customer.email,
      phone: customer.phone ?? '',
      // A customer with one property most likely wants more for it; with several, staff choose.
      properties: properties.length === 1 ? [propertyFromCustomer(properties[0]!)] : [],
    };
  }
  return values;
}

const recurrenceOf = (rrule: string | null) => {
  if (!rrule) return null;
  const parsed = parseRrule(rrule);
  return parsed.ok ? parsed.recurrence : null;
};

const countText = (count: number | null) => (count === null ? '' : String(count));

/** A draft's fields as the builder edits them. */
export function valuesOfEstimate(estimate: Estimate): EstimateFormValues {
  return {
    quoteRequestId: estimate.quoteRequestId,
    customerId: estimate.customerId,
    companyName: estimate.companyName,
    contactName: estimate.contactName,
    email: estimate.email,
    phone: estimate.phone ?? '',
    note: estimate.note,
    termsOffered: [...estimate.termsOffered],
    proposedStartDate: estimate.proposedStartDate,
    validUntil: estimate.validUntil,
    properties: estimate.properties.map(({ id: _id, taxRateBp: _rate, lines, parkingSpaces, squareFeet, crewUserIds, ...site }) => ({
      ...site,
      parkingSpaces: countText(parkingSpaces),
      squareFeet: countText(squareFeet),
      crewUserIds: [...crewUserIds],
      lines: lines.map((line) => ({
        serviceId: line.serviceId ?? '',
        unitPriceCents: centsToInput(line.unitPriceCents),
        rrule: recurrenceOf(line.rrule),
        optional: line.optional,
      })),
    })),
    photoIds: estimate.photos.map((photo) => photo.id),
  };
}

type Issue = { path: PropertyKey[]; message: string };

/** A size typed as text: empty is none; anything else must be a whole number (the contract says how large). */
function count(text: string, label: string, path: PropertyKey[], issues: Issue[]): number | null {
  const trimmed = text.trim().replace(/,/g, '');
  if (trimmed === '') return null;
  if (!/^\d+$/.test(trimmed)) {
    issues.push({ path, message: `${label} must be a whole number` });
    return null;
  }
  return Number(trimmed);
}

/** A weekly recurrence with no weekday goes as `FREQ=WEEKLY`, for the contract to refuse (as the plan form does). */
const rruleOf = (recurrence: Recurrence | null) =>
  recurrence === null ? null : recurrence.kind === 'weekly' && !recurrence.weekdays.length ? 'FREQ=WEEKLY' : toRrule(recurrence);

/** The form's fields as the draft contract takes them, with the issues of what could not be read (a price, a size). */
export function toDraftInput(values: EstimateFormValues): { input: unknown; issues: Issue[] } {
  const issues: Issue[] = [];
  const input = {
    ...values,
    phone: values.phone.trim() === '' ? null : values.phone,
    properties: values.properties.map((property, p) => ({
      ...property,
      parkingSpaces: count(property.parkingSpaces, 'Parking spaces', ['properties', p, 'parkingSpaces'], issues),
      squareFeet: count(property.squareFeet, 'Square feet', ['properties', p, 'squareFeet'], issues),
      lines: property.lines.map((line, l) => {
        const price = parseDollars(line.unitPriceCents);
        if (!price.ok) issues.push({ path: ['properties', p, 'lines', l, 'unitPriceCents'], message: price.message });
        return {
          serviceId: line.serviceId,
          unitPriceCents: price.ok ? price.cents : 0,
          rrule: rruleOf(line.rrule),
          optional: line.optional,
        };
      }),
    })),
  };
  return { input, issues };
}

const pathKey = (path: readonly PropertyKey[]) => path.map(String).join('.');

/**
 * The builder's check: the form's fields read (prices, sizes), then the shared draft contract, the
 * server's own; every issue at once, one per field. Dates the server checks against today are
 * checked here too, so the message comes before a round trip.
 */
export const estimateFormSchema = z.transform((values: EstimateFormValues, context): EstimateDraft => {
  const { input, issues } = toDraftInput(values);
  const parsed = estimateDraftSchema.safeParse(input);
  if (!parsed.success) issues.push(...parsed.error.issues.map((issue) => ({ path: issue.path, message: issue.message })));
  const today = localToday();
  if (values.proposedStartDate && values.proposedStartDate < today)
    issues.push({ path: ['proposedStartDate'], message: 'The start date must be today or later' });
  if (values.validUntil && values.validUntil < today)
    issues.push({ path: ['validUntil'], message: '“Valid until” must be today or later' });
  if (!issues.length && parsed.success) return parsed.data;
  const seen = new Set<string>();
  for (const issue of issues) {
    if (seen.has(pathKey(issue.path))) continue;
    seen.add(pathKey(issue.path));
    context.issues.push({ code: 'custom', message: issue.message, input: values, path: issue.path });
  }
  return z.NEVER;
});
