import { randomUUID } from 'node:crypto';
import { localToday } from '../../../src/shared/local-dates';
import { idOf, type MakeExample } from '../access-examples';
import { insertQuoteRequest } from '../estimate-drafts';
import { signInAs } from '../sign-in';

/** The access matrix's examples for a prospect's free property visit (see tests/support/access-examples.ts). */
export const ASSESSMENT_EXAMPLES: Record<string, MakeExample> = {
  'POST /api/admin/quote-requests/:id/assessments': async (t) => {
    const crew = await signInAs(t.app, 'crew');
    return {
      url: `/api/admin/quote-requests/${await insertQuoteRequest(t.app.db, { email: `prospect-${randomUUID().slice(0, 8)}@example.com` })}/assessments`,
      payload: {
        companyName: 'Menomonee Falls Commerce Center',
        property: {
          name: 'North lot',
          address: 'N88 W16500 Main St',
          city: 'Menomonee Falls',
          state: 'WI',
          zipCode: '53051',
          propertyType: 'Office',
        },
        date: localToday(),
        crewUserIds: [crew.userId],
      },
    };
  },
  'GET /api/admin/quote-requests/:id/assessments': async (t) => ({
    url: `/api/admin/quote-requests/${await insertQuoteRequest(t.app.db)}/assessments`,
  }),
  'GET /api/admin/customers/:id/assessment-photos': (t) => ({ url: `/api/admin/customers/${idOf(t.fixture).id}/assessment-photos` }),
};
