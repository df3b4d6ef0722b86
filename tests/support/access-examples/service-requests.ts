import { randomUUID } from 'node:crypto';
import { serviceRequests, users } from '../../../src/server/db/schema';
import { addDays, localToday } from '../../../src/shared/local-dates';
import type { TestAppContext } from '../app';
import { idOf, type MakeExample } from '../access-examples';
import { makeJpeg } from '../fixtures';
import { multipartFiles } from '../multipart';

/** A new extra cleanup request from customer A's manager on their property. */
export async function newServiceRequest(t: TestAppContext, customer = idOf(t.fixture)): Promise<string> {
  const [row] = await t.app.db
    .insert(serviceRequests)
    .values({ kind: 'extra_cleanup', customerId: customer.id, propertyId: customer.propertyId, preferredDates: [addDays(localToday(), 2)] })
    .returning({ id: serviceRequests.id });
  return row!.id;
}

async function newCrewMember(t: TestAppContext): Promise<string> {
  const [crew] = await t.app.db
    .insert(users)
    .values({ email: `crew-${randomUUID().slice(0, 8)}@example.com`, firstName: 'Rosa', role: 'crew' })
    .returning({ id: users.id });
  return crew!.id;
}

/** The access matrix's examples for requests from the portal and the inbox's side of them. */
export const SERVICE_REQUEST_EXAMPLES: Record<string, MakeExample> = {
  'GET /api/properties/:id/requests': (t) => ({ url: `/api/properties/${idOf(t.fixture).propertyId}/requests` }),
  'POST /api/properties/:id/requests/cleanup': (t) => ({
    url: `/api/properties/${idOf(t.fixture).propertyId}/requests/cleanup`,
    payload: { preferredDates: [addDays(localToday(), 1)], note: 'Before the open house' },
  }),
  'POST /api/properties/:id/requests/problem': async (t) => {
    const photo = { name: 'dumping.jpg', type: 'image/jpeg', data: await makeJpeg({ color: `#${randomUUID().slice(0, 6)}` }) };
    const body = multipartFiles({ note: 'Someone dumped tires by the fence' }, [photo], 'photos');
    return { url: `/api/properties/${idOf(t.fixture).propertyId}/requests/problem`, payload: body.payload, headers: body.headers };
  },
  'GET /api/admin/service-requests': () => ({ url: '/api/admin/service-requests' }),
  'PATCH /api/admin/service-requests/:id': async (t) => ({
    url: `/api/admin/service-requests/${await newServiceRequest(t)}`,
    payload: { status: 'declined', reply: 'That lot is not in our contract' },
  }),
  'POST /api/admin/service-requests/:id/visit': async (t) => ({
    url: `/api/admin/service-requests/${await newServiceRequest(t)}/visit`,
    payload: { date: addDays(localToday(), 2), crewUserIds: [await newCrewMember(t)] },
  }),
};
