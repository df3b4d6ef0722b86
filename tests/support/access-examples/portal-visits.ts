import type { TestAppContext } from '../app';
import { idOf, type MakeExample } from '../access-examples';
import { createTestVisit } from '../visits';

/** A completed visit on customer A's property today: part of its history. */
const doneVisit = async (t: TestAppContext) =>
  (await createTestVisit(t.app.db, { propertyId: idOf(t.fixture).propertyId, status: 'completed' })).id;

/** The access matrix's examples for the portal's visit history (see tests/support/access-examples.ts). */
export const PORTAL_VISIT_EXAMPLES: Record<string, MakeExample> = {
  'GET /api/properties/:id/visits': (t) => ({ url: `/api/properties/${idOf(t.fixture).propertyId}/visits` }),
  'GET /api/visits/:id': async (t) => ({ url: `/api/visits/${await doneVisit(t)}` }),
  'GET /api/account/report-emails': () => ({ url: '/api/account/report-emails' }),
  'PUT /api/account/report-emails': () => ({ url: '/api/account/report-emails', payload: { frequency: 'weekly' } }),
};
