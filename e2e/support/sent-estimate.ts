import { drizzle } from 'drizzle-orm/node-postgres';
import * as schema from '../../src/server/db/schema';
import { insertSampleEstimate, reviseSampleEstimate, type SampleEstimate } from '../../scripts/lib/sample-estimate';
import { withDatabase } from './database';

/** A sent estimate of three properties in the e2e server's database, and its link's token (scripts/lib/sample-estimate.ts). */
export const sentEstimate = (options?: { validUntil?: string }) =>
  withDatabase((client) => insertSampleEstimate(drizzle(client, { schema }), options));

/** Version 2 of an estimate sent with `sentEstimate`: the first version's link then says it was replaced. */
export const reviseEstimate = (first: SampleEstimate) => withDatabase((client) => reviseSampleEstimate(drizzle(client, { schema }), first));
