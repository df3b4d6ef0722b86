import { writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/database';
import { createEmptyPostgresDatabase } from '../../scripts/lib/postgres-database';

/*
 * Vitest's global setup: the migrations run once per `vitest run`, not once per suite. PGlite's
 * migrated data directory is dumped to a file that each suite loads (testDatabaseFor), and on
 * PostgreSQL a migrated database is the template each suite's database is copied from. Both go
 * when the run ends.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite data directory, a tar file. */
    pgliteSnapshot: string;
    /** The migrated PostgreSQL database the suites' databases are made from ('' without PostgreSQL). */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const pglite = await openDatabase({ dataDir: null });
  const dump = await pglite.pglite!.dumpDataDir('none');
  await pglite.close();
  const snapshot = path.join(tmpdir(), `lots-test-pglite-${process.pid}.tar`);
  await writeFile(snapshot, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteSnapshot', snapshot);

  let template: Awaited<ReturnType<typeof createEmptyPostgresDatabase>> | null = null;
  if (process.env.TEST_DATABASE_URL) {
    template = await createEmptyPostgresDatabase(process.env.TEST_DATABASE_URL, 'test_template');
    const migrated = await openDatabase({ databaseUrl: template.url });
    await migrated.close();
  }
  project.provide('postgresTemplate', template ? new URL(template.url).pathname.slice(1) : '');

  return async () => {
    await rm(snapshot, { force: true });
    await template?.drop();
  };
}
