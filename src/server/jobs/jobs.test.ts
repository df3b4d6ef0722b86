import { describe, expect, it } from 'vitest';
import { periodicJobs } from './index';
import { createTestApp } from '#test/app';
import { testDatabaseFor, testDatabases } from '#test/database';

describe.each(testDatabases)('the periodic jobs on %s', (kind) => {
  const suite = testDatabaseFor(kind);

  it('are all in one table, with their intervals; the rate-limit purge only where the counters are in the database', async () => {
    const app = await createTestApp(suite.database);
    try {
      expect(periodicJobs(app).map((job) => [job.what, job.intervalMs / 1000, job.atStart ?? false])).toEqual([
        ['mark missed visits', 600, true],
        ['extend the plans’ visits', 3600, true],
        ['queue visit reports', 60, false],
        ['queue weekly summaries', 900, false],
        ['fold inbox totals', 2, false],
        ['prepare last month’s invoices', 3600, false],
        ['charge late fees and send invoice reminders', 1800, false],
        ['purge expired sessions', 3600, false],
        ['purge old audit events', 86_400, false],
        ...(kind === 'postgres' ? [['purge rate limits', 600, false]] : []),
      ]);
    } finally {
      await app.close();
    }
  });
});
