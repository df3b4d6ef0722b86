import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { testAppFor } from '#test/app';
import { testDatabases } from '#test/database';
import { multipart } from '#test/multipart';
import { signInAs } from '#test/sign-in';
import { createTestVisit } from '#test/visits';

const UNREADABLE = 'This file is not an image we can read. Upload a JPEG, PNG or WebP photo.';
const notAPhoto = Buffer.from('Invoice #4411\nTotal: $1,250.00\n'.repeat(50));

/** The error plugin answers a photo the store refuses (PhotoRejectedError), so every route that stores one answers it alike. */
describe.each(testDatabases)('a refused photo on %s', (kind) => {
  const t = testAppFor(kind);

  it('gets 415 and the photo store’s message, and nothing else, from every route that stores a photo', async () => {
    const crew = await signInAs(t.app, 'crew');
    const visit = await createTestVisit(t.app.db, { propertyId: t.fixture.customerA.propertyId, crewUserIds: [crew.userId] });
    const file = { name: 'lot-photo.jpg', type: 'image/jpeg', data: notAPhoto };
    const uploads: Array<{ url: string; fields: Record<string, string>; headers: Record<string, string> }> = [
      { url: `/api/admin/properties/${t.fixture.customerA.propertyId}/photos`, fields: { photoType: 'other' }, headers: t.as('staff') },
      { url: `/api/admin/visits/${visit.id}/photos`, fields: { photoType: 'after' }, headers: t.as('staff') },
      {
        url: `/api/crew/visits/${visit.id}/photos`,
        fields: { kind: 'before', at: new Date().toISOString() },
        headers: { cookie: crew.cookie, 'idempotency-key': randomUUID() },
      },
    ];
    for (const upload of uploads) {
      const body = multipart(upload.fields, file);
      const response = await t.app.inject({
        method: 'POST',
        url: upload.url,
        headers: { ...upload.headers, ...body.headers },
        payload: body.payload,
      });
      expect([upload.url, response.statusCode, response.body]).toEqual([upload.url, 415, JSON.stringify({ message: UNREADABLE })]);
    }
  });
});
