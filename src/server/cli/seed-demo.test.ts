import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { invoices, serviceAgreements, visits } from '../db/schema';
import { diskStorage } from '../modules/photos/photo-store';
import { seedDemo } from './seed-demo';
import { createTestDatabase, testDatabases } from '#test/database';

/*
 * seed-demo on a clock before the demo's plans start (they start between 2026-10-01 and 10-07):
 * last month has no work, so the demo has its agreement but no invoice, and does not fail. The
 * demo on today's clock, with its invoice, is tested through the command (admin.test.ts).
 */
describe.each(testDatabases)('seed-demo before the plans start, on %s', (kind) => {
  it('makes the agreement from the plans’ first day, and no invoice: last month has nothing to bill', async () => {
    const database = await createTestDatabase(kind);
    try {
      const storage = diskStorage(mkdtempSync(path.join(tmpdir(), 'seed-demo-')));
      const options = { appUrl: new URL('http://localhost:3000'), today: '2026-10-03' };
      const demo = await seedDemo(database.db, storage, options);
      expect(demo.invoiceNumbers).toEqual([]);
      expect(await database.db.select().from(serviceAgreements)).toMatchObject([{ startDate: '2026-10-01', term: '12-months' }]);
      expect(await database.db.select().from(invoices)).toEqual([]);
      // The days before "today" are worked all the same: the yard's Friday visit on October 2.
      const worked = await database.db.select().from(visits);
      expect(worked.filter((visit) => visit.status === 'completed').map((visit) => visit.scheduledDate)).toEqual(['2026-10-02']);

      expect((await seedDemo(database.db, storage, options)).invoiceNumbers).toEqual([]);
      expect(await database.db.select().from(serviceAgreements)).toHaveLength(1);
    } finally {
      await database.drop();
    }
  }, 120_000); // it decodes the example photos with sharp
});
