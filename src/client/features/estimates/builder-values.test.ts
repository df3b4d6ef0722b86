import { describe, expect, it } from 'vitest';
import type { QuoteRequest } from '../../../shared/api/quote-requests';
import { addDays, localToday } from '../../../shared/local-dates';
import { estimateFormSchema, newProperty, startingValues, type EstimateFormValues } from './builder-values';

const SERVICE = '0b8f6a52-3c1e-4c62-9a4f-1f2d3e4a5b6c';

const request: QuoteRequest = {
  id: '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f',
  name: 'Dana Kowalski',
  email: 'dana@bayviewplaza.example',
  phone: '(414) 555-0142',
  service: 'Parking Lot Cleaning',
  message: 'Our lot at 5300 S 76th St, Greendale, WI 53129 needs weekly sweeping.',
  submittedAt: '2026-11-20T15:00:00.000Z',
  status: 'new',
  propertySize: null,
  urgency: null,
  urgent: false,
  customer: null,
  estimateCount: 0,
};

function filled(): EstimateFormValues {
  const values = startingValues({ request });
  values.companyName = 'Bayview Plaza LLC';
  values.properties[0]!.lines = [
    { serviceId: SERVICE, unitPriceCents: '85.50', rrule: { kind: 'weekly', weekdays: ['MO', 'TH'], interval: 1 }, optional: false },
  ];
  return values;
}

const check = (values: EstimateFormValues) =>
  estimateFormSchema['~standard'].validate(values) as { value?: unknown; issues?: Array<{ path: PropertyKey[]; message: string }> };

describe('the estimate builder’s values', () => {
  it('carry over the request’s person and the address its message names, and ask for the company', () => {
    const values = startingValues({ request }, '2026-11-23');
    expect(values).toMatchObject({
      quoteRequestId: request.id,
      companyName: '',
      contactName: 'Dana Kowalski',
      email: request.email,
      phone: request.phone,
    });
    expect(values.properties[0]).toMatchObject({
      address: '5300 S 76th St',
      city: 'Greendale',
      zipCode: '53129',
      taxJurisdiction: 'milwaukee-county',
    });
    expect(values.validUntil).toBe('2026-12-23');
    expect(values.termsOffered).toEqual(['month-to-month', '6-months', '12-months']);
  });

  it('become the draft contract’s fields: dollars to cents, the recurrence to its RRULE, sizes to numbers', () => {
    const values = filled();
    values.properties[0]!.parkingSpaces = '1,200';
    const result = check(values);
    expect(result.issues).toBeUndefined();
    expect(result.value).toMatchObject({
      companyName: 'Bayview Plaza LLC',
      properties: [
        {
          parkingSpaces: 1200,
          squareFeet: null,
          lines: [{ serviceId: SERVICE, unitPriceCents: 8550, rrule: 'FREQ=WEEKLY;BYDAY=MO,TH', optional: false }],
        },
      ],
    });
  });

  it('put every problem on its own field at once: a price, a size, the company, a past start date', () => {
    const values = filled();
    values.companyName = ' ';
    values.proposedStartDate = addDays(localToday(), -1);
    values.properties.push(newProperty({ name: 'Annex', address: '1 Main St', city: 'Waukesha', zipCode: '53186', squareFeet: 'big' }));
    values.properties[1]!.lines = [{ serviceId: SERVICE, unitPriceCents: '12.345', rrule: null, optional: true }];
    const messages = Object.fromEntries((check(values).issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
    expect(messages).toEqual({
      companyName: 'Company name is required',
      proposedStartDate: 'The start date must be today or later',
      'properties.1.squareFeet': 'Square feet must be a whole number',
      'properties.1.lines.0.unitPriceCents': 'Enter at most 2 digits after the decimal point',
    });
  });

  it('refuses a line without a service and a weekly round without a weekday', () => {
    const values = filled();
    values.properties[0]!.lines.push({
      serviceId: '',
      unitPriceCents: '40',
      rrule: { kind: 'weekly', weekdays: [], interval: 1 },
      optional: false,
    });
    const messages = Object.fromEntries((check(values).issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
    expect(messages['properties.0.lines.1.serviceId']).toBe('Choose a service from the price book');
    expect(messages['properties.0.lines.1.rrule']).toMatch(/weekday|day/i);
  });
});
