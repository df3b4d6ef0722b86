import type { TestAppContext } from '../app';
import { idOf, type MakeExample } from '../access-examples';
import { createTestEstimate } from '../estimates';
import { customerAgreements } from '../../../src/server/modules/agreements';
import { acceptSentEstimate } from '../../../src/server/modules/estimates/estimate-responses';

/**
 * A month-to-month agreement of customer A's (an estimate for them, accepted), for a cancel that
 * succeeds: one of its own per call, as a cancelled agreement stays cancelled.
 */
export async function newAgreement(t: TestAppContext, customer = idOf(t.fixture)): Promise<string> {
  const estimate = await createTestEstimate(t.app.db, {
    customerId: customer.id,
    email: customer.userEmail,
    termsOffered: ['month-to-month'],
    sites: [
      {
        name: `Plaza ${customer === t.fixture.customerA ? 'A' : 'B'}`,
        propertyId: customer.propertyId,
        address: '200 Oak Ave',
        city: 'West Allis',
        zipCode: '53214',
        taxJurisdiction: 'milwaukee-county',
        taxRateBp: 590,
        lines: [{ name: 'Parking Lot Cleaning', unit: 'visit', unitPriceCents: 7500, rrule: 'FREQ=WEEKLY;BYDAY=WE' }],
      },
    ],
  });
  await acceptSentEstimate(t.app.db, t.app.photoStorage, t.app.mail, {
    access: { by: 'link', token: estimate.token },
    input: { term: 'month-to-month', optionalLineIds: [], poNumbers: {}, name: 'Manager Test', title: 'Owner', agree: true },
    horizonWeeks: 4,
    ip: null,
    userAgent: null,
  });
  const [newest] = await customerAgreements(t.app.db, customer.id);
  return newest!.id;
}

/** The access matrix's examples for service agreements in the portal and the console. */
export const AGREEMENT_EXAMPLES: Record<string, MakeExample> = {
  'GET /api/admin/agreements': () => ({ url: '/api/admin/agreements?acceptedWithinDays=14' }),
  'GET /api/admin/agreements/:id': async (t) => ({ url: `/api/admin/agreements/${await newAgreement(t)}` }),
  'GET /api/admin/agreements/:id/signed-pdf': async (t) => ({ url: `/api/admin/agreements/${await newAgreement(t)}/signed-pdf` }),
  'GET /api/portal/agreements': () => ({ url: '/api/portal/agreements' }),
  'GET /api/portal/agreements/:id/signed-pdf': async (t) => ({ url: `/api/portal/agreements/${await newAgreement(t)}/signed-pdf` }),
  'POST /api/portal/agreements/:id/cancel': async (t) => ({ url: `/api/portal/agreements/${await newAgreement(t)}/cancel` }),
};
