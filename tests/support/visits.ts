import type { Db } from '../../src/server/db/database';
import { visitChecklistItems, visits } from '../../src/server/db/schema';
import { addDays, localToday } from '../../src/shared/local-dates';
import { milwaukeeTime } from '../../src/shared/photo-dates';
import { reportMonthOf } from '../../src/shared/report-months';

export interface TestVisitOptions {
  propertyId: string;
  crewUserIds?: string[];
  /** A local date, YYYY-MM-DD; today in America/Chicago by default. */
  scheduledDate?: string;
  checklist?: string[];
  window?: { from: string; to: string };
  instructions?: string;
  status?: 'scheduled' | 'in_progress' | 'completed';
}

/**
 * A one-off visit written straight to the table, for tests of what happens to a visit
 * (the crew's work, the schedule); making visits from plans has its own tests.
 */
export async function createTestVisit(db: Db, options: TestVisitOptions): Promise<{ id: string }> {
  const [visit] = await db
    .insert(visits)
    .values({
      propertyId: options.propertyId,
      scheduledDate: options.scheduledDate ?? localToday(),
      crewUserIds: options.crewUserIds ?? [],
      windowStart: options.window?.from ?? null,
      windowEnd: options.window?.to ?? null,
      instructions: options.instructions ?? '',
      status: options.status ?? 'scheduled',
    })
    .returning({ id: visits.id });
  const checklist = options.checklist ?? ['Pick up litter in parking areas', 'Empty exterior bins', 'Clear the dumpster corral'];
  if (checklist.length) {
    await db.insert(visitChecklistItems).values(checklist.map((label, position) => ({ visitId: visit!.id, position, label })));
  }
  return visit!;
}

/** Last month, whole whatever day the tests run: its YYYY-MM, its n-th local date, and a Central-time instant on its n-th day. */
export function lastMonth(today: string = localToday()) {
  const month = reportMonthOf(addDays(`${reportMonthOf(today)}-01`, -1));
  return {
    month,
    day: (n: number) => `${month}-${String(n).padStart(2, '0')}`,
    at: (n: number, hour: number, minute: number) => milwaukeeTime(Number(month.slice(0, 4)), Number(month.slice(5)), n, hour, minute)!,
  };
}
