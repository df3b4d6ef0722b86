import { describe, expect, it } from 'vitest';
import type { z } from 'zod/mini';
import { CHOOSE_A_DATE } from './common';
import { planEndSchema, planFields } from './plans';
import { moveVisitSchema, oneOffVisitSchema } from './schedule';
import { extraCleanupInputSchema, serviceRequestStatusUpdateSchema, serviceRequestVisitSchema } from './service-requests';

/** The messages of the issues at `field` (the first path segment; null for a field's own schema), in order. */
function messages(schema: z.ZodMiniType, input: unknown, field: string | null): string[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.filter((issue) => field === null || issue.path[0] === field).map((issue) => issue.message);
}

describe('a required date left empty', () => {
  const crew = ['0b7c9f7e-4a53-4b38-9b5c-5a3b1d0c2e11'];
  const cases: Array<[string, z.ZodMiniType, unknown, string | null]> = [
    ['the portal’s preferred dates', extraCleanupInputSchema, { preferredDates: [''], note: '' }, 'preferredDates'],
    ['a plan’s start date', planFields.startDate, '', null],
    ['ending a plan', planEndSchema, { endDate: ' ' }, 'endDate'],
    ['a one-off visit', oneOffVisitSchema, { propertyId: crew[0], date: '', crewUserIds: crew }, 'date'],
    ['moving a visit', moveVisitSchema, { action: 'move', date: '' }, 'date'],
    ['scheduling a customer’s request', serviceRequestStatusUpdateSchema, { status: 'scheduled', scheduledDate: '' }, 'scheduledDate'],
    ['turning a request into a visit', serviceRequestVisitSchema, { date: '', crewUserIds: crew }, 'date'],
  ];

  it.each(cases)('says "Choose a date", once: %s', (_, schema, input, field) => {
    expect(messages(schema, input, field)).toEqual([CHOOSE_A_DATE]);
  });

  it('keeps its own message for a date that is written but not real', () => {
    expect(messages(extraCleanupInputSchema, { preferredDates: ['next Tuesday'] }, 'preferredDates')).toEqual([
      'Each preferred date must be a date, such as 2026-11-23',
    ]);
    expect(messages(moveVisitSchema, { action: 'move', date: '2026-02-30' }, 'date')).toEqual([
      'The new date must be a date, such as 2026-11-23',
    ]);
    expect(messages(planEndSchema, { endDate: '2026-02-30' }, 'endDate')).toEqual(['End date must be a date such as 2026-03-02']);
  });
});
