import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/executor';
import { COMPANY_TIME_ZONE } from '../../../shared/visits';

/**
 * Marks as `missed` every visit still `scheduled` or `in_progress` whose local day (America/Chicago)
 * ended before `now`, with a `missed` event by nobody, once per visit: a visit a phone started late
 * (its work sent after the day ended) is marked again if it is still not completed, without a second
 * event. One statement, so two instances running it together mark each visit once. Answers how
 * many it marked for the first time.
 */
export async function markMissedVisits(db: Executor, now: Date = new Date()): Promise<number> {
  const result = await db.execute<{ id: string }>(sql`
    with missed as (
      update visits set status = 'missed', updated_at = now()
      where status in ('scheduled', 'in_progress')
        and scheduled_date < (${now.toISOString()}::timestamptz at time zone ${COMPANY_TIME_ZONE})::date
      returning id
    )
    insert into visit_events (visit_id, kind, actor_id, detail)
    select id, 'missed', null, '{}'::jsonb from missed
    where not exists (select 1 from visit_events seen where seen.visit_id = missed.id and seen.kind = 'missed')
    returning visit_id as id`);
  return (result as unknown as { rows: unknown[] }).rows.length;
}
