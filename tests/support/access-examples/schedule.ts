import { randomUUID } from 'node:crypto';
import { addDays, localToday } from '../../../src/shared/local-dates';
import { idOf, type MakeExample } from '../access-examples';
import { makeJpeg } from '../fixtures';
import { multipart } from '../multipart';
import { signInAs } from '../sign-in';
import { createTestVisit } from '../visits';

/** A scheduled visit at customer A's property, for a request that changes it. */
const newVisit = async (t: Parameters<MakeExample>[0]) =>
  (await createTestVisit(t.app.db, { propertyId: idOf(t.fixture).propertyId, scheduledDate: addDays(localToday(), 1) })).id;

/** The access matrix's examples for the schedule routes (see tests/support/access-examples.ts). */
export const SCHEDULE_EXAMPLES: Record<string, MakeExample> = {
  'GET /api/admin/crew-members': () => ({ url: '/api/admin/crew-members' }),
  'POST /api/admin/crew-members': () => ({
    url: '/api/admin/crew-members',
    payload: { email: `crew-${randomUUID().slice(0, 8)}@example.com`, firstName: 'Luis', lastName: 'Ortega' },
  }),
  'GET /api/admin/schedule': () => {
    const today = localToday();
    return { url: `/api/admin/schedule?from=${today}&to=${addDays(today, 6)}` };
  },
  'GET /api/admin/schedule/properties': () => ({ url: '/api/admin/schedule/properties' }),
  'POST /api/admin/visits': async (t) => {
    const crew = await signInAs(t.app, 'crew');
    return {
      url: '/api/admin/visits',
      payload: { propertyId: idOf(t.fixture).propertyId, date: addDays(localToday(), 2), crewUserIds: [crew.userId] },
    };
  },
  'GET /api/admin/visits/:id': async (t, caller) => ({
    url: `/api/admin/visits/${(await createTestVisit(t.app.db, { propertyId: idOf(t.fixture).propertyId, crewUserIds: caller.userId ? [caller.userId] : [] })).id}`,
  }),
  'PATCH /api/admin/visits/:id': async (t) => ({
    url: `/api/admin/visits/${await newVisit(t)}`,
    payload: { action: 'skip', reason: 'weather' },
  }),
  'POST /api/admin/visits/:id/photos': async (t) => {
    const body = multipart(
      { photoType: 'after' },
      { name: 'lot.jpg', type: 'image/jpeg', data: await makeJpeg({ color: `#${randomUUID().slice(0, 6)}` }) },
    );
    return { url: `/api/admin/visits/${await newVisit(t)}/photos`, payload: body.payload, headers: body.headers };
  },
};
