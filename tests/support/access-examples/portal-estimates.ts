import type { TestAppContext } from '../app';
import { idOf, type MakeExample } from '../access-examples';
import { createTestEstimate, greenfieldStation, type TestEstimate } from '../estimates';

/**
 * An estimate sent to customer A for one more site (an added property), waiting for their answer:
 * one of its own per call, as an answered estimate stays answered.
 */
export async function newCustomerEstimate(t: TestAppContext, customer = idOf(t.fixture)): Promise<TestEstimate> {
  return createTestEstimate(t.app.db, {
    customerId: customer.id,
    companyName: customer === t.fixture.customerA ? 'Customer A Properties' : 'Customer B Holdings',
    email: customer.userEmail,
    termsOffered: ['month-to-month', '12-months'],
    sites: [greenfieldStation([{ name: 'Parking Lot Cleaning', unit: 'visit', unitPriceCents: 8500, rrule: 'FREQ=WEEKLY;BYDAY=TU' }])],
  });
}

const url = async (t: TestAppContext, action = '') => `/api/portal/estimates/${(await newCustomerEstimate(t)).id}${action}`;

/** The access matrix's examples for the customer's estimates in the portal. */
export const PORTAL_ESTIMATE_EXAMPLES: Record<string, MakeExample> = {
  'GET /api/portal/estimates': () => ({ url: '/api/portal/estimates' }),
  'GET /api/portal/estimates/:id': async (t) => ({ url: await url(t) }),
  'GET /api/portal/estimates/:id/pdf': async (t) => ({ url: await url(t, '/pdf') }),
  'POST /api/portal/estimates/:id/accept': async (t) => ({
    url: await url(t, '/accept'),
    payload: { term: 'month-to-month', optionalLineIds: [], poNumbers: {}, name: 'ManagerA Test', title: 'Property Manager', agree: true },
  }),
  'POST /api/portal/estimates/:id/request-changes': async (t) => ({
    url: await url(t, '/request-changes'),
    payload: { message: 'Could the sweep be on Wednesdays?' },
  }),
  'POST /api/portal/estimates/:id/decline': async (t) => ({ url: await url(t, '/decline'), payload: {} }),
};
