import type { APIRequestContext } from '@playwright/test';
import { drizzle } from 'drizzle-orm/node-postgres';
import * as schema from '../../src/server/db/schema';
import { insertSampleEstimate, reviseSampleEstimate, type SampleEstimate } from '../../scripts/lib/sample-estimate';
import { withDatabase } from './database';

/** A sent estimate of three properties in the e2e server's database, and its link's token (scripts/lib/sample-estimate.ts). */
export const sentEstimate = (options?: { validUntil?: string }) =>
  withDatabase((client) => insertSampleEstimate(drizzle(client, { schema }), options));

/** Version 2 of an estimate sent with `sentEstimate`: the first version's link then says it was replaced. */
export const reviseEstimate = (first: SampleEstimate) => withDatabase((client) => reviseSampleEstimate(drizzle(client, { schema }), first));

/**
 * A sample estimate accepted through its link, as the prospect's page sends it (12 months, no
 * option, no PO number), and the service agreement it became: no property has a crew proposed, so
 * each first visit needs one.
 */
export async function acceptedEstimate(request: APIRequestContext): Promise<SampleEstimate & { agreementId: string }> {
  const estimate = await sentEstimate();
  const accepted = await request.post(`/api/estimates/${estimate.token}/accept`, {
    data: { term: '12-months', optionalLineIds: [], poNumbers: {}, name: 'Dana Kowalski', title: 'Property Manager', agree: true },
  });
  if (!accepted.ok()) throw new Error(`accepting estimate ${estimate.number}: ${accepted.status()} ${await accepted.text()}`);
  const agreementId = await withDatabase(
    async (client) => (await client.query('select id from service_agreements where estimate_id = $1', [estimate.id])).rows[0].id as string,
  );
  return { ...estimate, agreementId };
}
