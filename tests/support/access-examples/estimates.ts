import { eq } from 'drizzle-orm';
import { estimates } from '../../../src/server/db/schema';
import { createEstimate } from '../../../src/server/modules/estimates';
import { addDays, localToday } from '../../../src/shared/local-dates';
import type { TestAppContext } from '../app';
import type { MakeExample } from '../access-examples';
import { estimateDraft, insertQuoteRequest } from '../estimate-drafts';

/** A new estimate, a draft or marked sent (without its e-mail and PDF: the send route's own example sends one). */
async function newEstimate(t: TestAppContext, sent = false): Promise<string> {
  const estimate = await createEstimate(t.app.db, await estimateDraft(t.app.db), null);
  if (sent) await t.app.db.update(estimates).set({ status: 'sent', sentAt: new Date() }).where(eq(estimates.id, estimate.id));
  return estimate.id;
}

/** The access matrix's examples for the console's estimates. */
export const ESTIMATE_EXAMPLES: Record<string, MakeExample> = {
  'GET /api/admin/estimates': () => ({ url: '/api/admin/estimates?status=draft' }),
  'POST /api/admin/estimates': async (t) => ({ url: '/api/admin/estimates', payload: await estimateDraft(t.app.db) }),
  'GET /api/admin/estimates/:id': async (t) => ({ url: `/api/admin/estimates/${await newEstimate(t)}` }),
  'PUT /api/admin/estimates/:id': async (t) => ({
    url: `/api/admin/estimates/${await newEstimate(t)}`,
    payload: await estimateDraft(t.app.db, { companyName: 'Southridge Commons LLC' }),
  }),
  'GET /api/admin/estimates/:id/pdf': async (t) => ({ url: `/api/admin/estimates/${await newEstimate(t)}/pdf` }),
  'POST /api/admin/estimates/:id/send': async (t) => ({ url: `/api/admin/estimates/${await newEstimate(t)}/send` }),
  'POST /api/admin/estimates/:id/revise': async (t) => ({ url: `/api/admin/estimates/${await newEstimate(t, true)}/revise` }),
  'POST /api/admin/estimates/:id/extend': async (t) => ({
    url: `/api/admin/estimates/${await newEstimate(t, true)}/extend`,
    payload: { validUntil: addDays(localToday(), 60) },
  }),
  'GET /api/admin/quote-requests/:id/estimates': async (t) => ({
    url: `/api/admin/quote-requests/${await insertQuoteRequest(t.app.db)}/estimates`,
  }),
};
