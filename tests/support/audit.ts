import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { auditEvents } from '../../src/server/db/schema';
import type { AuditEvent } from '../../src/shared/api/audit';
import type { TestAppContext } from './app';

/** The audit log's stored rows about one record (an estimate, an agreement), oldest first. */
export const auditRowsAbout = (t: TestAppContext, targetId: string) =>
  t.app.db.select().from(auditEvents).where(eq(auditEvents.targetId, targetId)).orderBy(asc(auditEvents.id));

/** The changes recorded about one record as the console's audit log reads them to an owner, oldest first. */
export async function auditWordsAbout(t: TestAppContext, targetId: string): Promise<string[]> {
  const response = await t.app.inject({ url: '/api/admin/audit-events?kind=write', headers: t.as('staff') });
  expect(response.statusCode, response.body).toBe(200);
  return response
    .json<{ events: AuditEvent[] }>()
    .events.filter((event) => event.targetId === targetId)
    .map((event) => event.words.text)
    .reverse();
}
