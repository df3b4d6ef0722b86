import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { properties, servicePlans } from '../../../src/server/db/schema';
import type { TestAppContext } from '../app';
import { idOf, type MakeExample } from '../access-examples';

const planBody = {
  name: 'Twice-weekly sweep',
  rrule: 'FREQ=WEEKLY;BYDAY=MO,TH',
  startDate: '2026-03-02',
  window: { from: '06:00', to: '10:00' },
  checklist: ['Pick up litter in parking areas', 'Empty exterior bins'],
};

/** A plan on customer A's property, written straight to the table (the API's own tests make them through it). */
async function newPlan(t: TestAppContext): Promise<string> {
  const [row] = await t.app.db
    .insert(servicePlans)
    .values({ ...planBody, propertyId: idOf(t.fixture).propertyId, name: `Plan ${randomUUID().slice(0, 8)}` })
    .returning({ id: servicePlans.id });
  return row!.id;
}

/** The access matrix's examples for the plans routes (see tests/support/access-examples.ts). */
export const PLAN_EXAMPLES: Record<string, MakeExample> = {
  'GET /api/admin/properties/:id': (t) => ({ url: `/api/admin/properties/${idOf(t.fixture).propertyId}` }),
  'GET /api/admin/properties/:id/visits': (t) => ({ url: `/api/admin/properties/${idOf(t.fixture).propertyId}/visits` }),
  'GET /api/admin/properties/:id/plans': (t) => ({ url: `/api/admin/properties/${idOf(t.fixture).propertyId}/plans` }),
  'POST /api/admin/properties/:id/plans': (t) => ({ url: `/api/admin/properties/${idOf(t.fixture).propertyId}/plans`, payload: planBody }),
  'PATCH /api/admin/plans/:id': async (t) => ({ url: `/api/admin/plans/${await newPlan(t)}`, payload: planBody }),
  'POST /api/admin/plans/:id/end': async (t) => ({ url: `/api/admin/plans/${await newPlan(t)}/end`, payload: { endDate: '2026-06-30' } }),
  'PUT /api/admin/properties/:id/location': (t) => ({
    url: `/api/admin/properties/${idOf(t.fixture).propertyId}/location`,
    payload: { lat: 43.0389, lng: -87.9065, source: 'typed' },
  }),
  'POST /api/admin/properties/:id/location/confirm': async (t) => {
    const propertyId = idOf(t.fixture).propertyId;
    await t.app.db.update(properties).set({ proposedLatitude: 43.0117, proposedLongitude: -88.2315 }).where(eq(properties.id, propertyId));
    return { url: `/api/admin/properties/${propertyId}/location/confirm`, payload: { lat: 43.0117, lng: -88.2315 } };
  },
  'DELETE /api/admin/properties/:id/location/proposal': (t) => ({
    url: `/api/admin/properties/${idOf(t.fixture).propertyId}/location/proposal`,
  }),
};
