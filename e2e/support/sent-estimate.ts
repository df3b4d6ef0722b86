import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { drizzle } from 'drizzle-orm/node-postgres';
import * as schema from '../../src/server/db/schema';
import { setEstimatePhotos } from '../../src/server/modules/estimates/estimate-photos';
import { addPhoto } from '../../src/server/modules/photos/add-photo';
import { photosDir } from '../../src/server/modules/photos/configured-storage';
import { diskStorage } from '../../src/server/modules/photos/photo-store';
import type { AgreementTerm } from '../../src/shared/estimate-totals';
import { insertSampleEstimate, reviseSampleEstimate, type SampleEstimate } from '../../scripts/lib/sample-estimate';
import { createTestEstimate, GREENFIELD_WITH_OPTION } from '../../tests/support/estimates';
import { withDatabase } from './database';

/** A sent estimate of three properties in the e2e server's database, and its link's token (scripts/lib/sample-estimate.ts). */
export const sentEstimate = (options?: { validUntil?: string }) =>
  withDatabase((client) => insertSampleEstimate(drizzle(client, { schema }), options));

/** Version 2 of an estimate sent with `sentEstimate`: the first version's link then says it was replaced. */
export const reviseEstimate = (first: SampleEstimate) => withDatabase((client) => reviseSampleEstimate(drizzle(client, { schema }), first));

/**
 * A sample estimate accepted through its link, as the prospect's page sends it (12 months unless
 * told otherwise, no option, no PO number), and the service agreement it became: no property has a
 * crew proposed, so each first visit needs one.
 */
export async function acceptedEstimate(
  request: APIRequestContext,
  { term = '12-months' }: { term?: AgreementTerm } = {},
): Promise<SampleEstimate & { agreementId: string }> {
  const estimate = await sentEstimate();
  const accepted = await request.post(`/api/estimates/${estimate.token}/accept`, {
    data: { term, optionalLineIds: [], poNumbers: {}, name: 'Dana Kowalski', title: 'Property Manager', agree: true },
  });
  if (!accepted.ok()) throw new Error(`accepting estimate ${estimate.number}: ${accepted.status()} ${await accepted.text()}`);
  const agreementId = await withDatabase(
    async (client) => (await client.query('select id from service_agreements where estimate_id = $1', [estimate.id])).rows[0].id as string,
  );
  return { ...estimate, agreementId };
}

/**
 * An estimate sent to an existing customer for an added property, Greenfield Station: a weekly lot
 * sweep, and an optional taxable landscaping line; month-to-month or 12 months (tests/support/estimates.ts).
 */
export const estimateForCustomer = (customerId: string, email: string) =>
  withDatabase((client) =>
    createTestEstimate(drizzle(client, { schema }), {
      customerId,
      email,
      companyName: 'Brightwater Property Management',
      contactName: 'Dana Kowalski',
      termsOffered: ['month-to-month', '12-months'],
      sites: [GREENFIELD_WITH_OPTION],
    }),
  );

/** A photo from the free property visit: one of the example photos (docs/examples/photos), its caption, and when it was taken. */
export interface VisitPhotoInput {
  file: string;
  caption: string;
  takenAt: string;
}

/**
 * Photos from the free property visit on an estimate, as the crew's phone and the office would leave
 * them: stored for the property in the e2e server's own photo store (DATA_DIR/photos, as its photo
 * routes read it) and shown on the estimate in this order. Answers their ids.
 */
export const showVisitPhotos = (estimateId: string, propertyId: string, photos: VisitPhotoInput[]) =>
  withDatabase(async (client) => {
    const db = drizzle(client, { schema });
    const storage = diskStorage(photosDir(process.env.E2E_DATA_DIR!));
    const ids: string[] = [];
    for (const photo of photos) {
      const stored = await addPhoto(db, storage, {
        propertyId,
        data: readFileSync(`docs/examples/photos/${photo.file}`),
        caption: photo.caption,
        photoType: 'before',
        takenAt: new Date(photo.takenAt),
      });
      ids.push(stored.id);
    }
    await setEstimatePhotos(db, estimateId, ids);
    return ids;
  });
