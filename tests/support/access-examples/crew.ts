import { randomUUID } from 'node:crypto';
import type { TestAppContext } from '../app';
import { idOf, type Caller, type MakeExample } from '../access-examples';
import { makeJpeg } from '../fixtures';
import { multipart } from '../multipart';
import { createTestVisit } from '../visits';

/** A visit on customer A's property today, assigned to the caller when they are crew (others see it through the office's grant). */
async function visitFor(t: TestAppContext, caller: Caller, status: 'scheduled' | 'in_progress' = 'scheduled'): Promise<string> {
  const crew = caller.role === 'crew' && caller.userId ? [caller.userId] : [];
  return (await createTestVisit(t.app.db, { propertyId: idOf(t.fixture).propertyId, crewUserIds: crew, status })).id;
}

const key = () => ({ 'idempotency-key': randomUUID() });
const now = () => new Date().toISOString();

/** The access matrix's examples for the crew routes (see tests/support/access-examples.ts). */
export const CREW_EXAMPLES: Record<string, MakeExample> = {
  'GET /api/crew/visits': () => ({ url: '/api/crew/visits' }),
  'GET /api/crew/visits/:id': async (t, caller) => ({ url: `/api/crew/visits/${await visitFor(t, caller)}` }),
  'POST /api/crew/visits/:id/start': async (t, caller) => ({
    url: `/api/crew/visits/${await visitFor(t, caller)}/start`,
    headers: key(),
    payload: { at: now(), position: null, positionError: 'denied' },
  }),
  'PUT /api/crew/visits/:id/checklist/:position': async (t, caller) => ({
    url: `/api/crew/visits/${await visitFor(t, caller, 'in_progress')}/checklist/0`,
    headers: key(),
    payload: { done: true, at: now() },
  }),
  'POST /api/crew/visits/:id/issues': async (t, caller) => ({
    url: `/api/crew/visits/${await visitFor(t, caller, 'in_progress')}/issues`,
    headers: key(),
    payload: { type: 'graffiti', note: 'Tag on the north wall of the dumpster corral', at: now() },
  }),
  'POST /api/crew/visits/:id/photos': async (t, caller) => {
    const body = multipart(
      { kind: 'before', at: now() },
      { name: 'lot.jpg', type: 'image/jpeg', data: await makeJpeg({ color: `#${randomUUID().slice(0, 6)}` }) },
    );
    return {
      url: `/api/crew/visits/${await visitFor(t, caller, 'in_progress')}/photos`,
      payload: body.payload,
      headers: { ...body.headers, ...key() },
    };
  },
  'POST /api/crew/visits/:id/complete': async (t, caller) => {
    const visitId = await visitFor(t, caller);
    // Completing needs a check-in first; only a crew member may make one.
    if (caller.role === 'crew') {
      await t.app.inject({
        method: 'POST',
        url: `/api/crew/visits/${visitId}/start`,
        headers: { ...caller.headers, ...key(), 'content-type': 'application/json' },
        payload: JSON.stringify({ at: now(), position: null }),
      });
    }
    return { url: `/api/crew/visits/${visitId}/complete`, headers: key(), payload: { note: 'All bins emptied', at: now() } };
  },
};
