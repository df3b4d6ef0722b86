import type { Executor } from '../../db/executor';
import { visitEvents } from '../../db/schema';
import type { VisitEventKind } from '../../../shared/visits';

export interface NewVisitEvent {
  visitId: string;
  kind: VisitEventKind;
  /** Who did it; null for the server's own jobs (a visit marked missed). */
  actorId: string | null;
  /** When it happened: for a crew action sent later, the time on the phone. Now by default. */
  at?: Date;
  /** A short summary (ids, dates, the item's label), never personal data. */
  detail?: Record<string, unknown>;
}

/** Adds an event to a visit's timeline (docs/decisions/006-plans-and-visits.md). Call it in the transaction of the change. */
export async function recordVisitEvent(db: Executor, event: NewVisitEvent): Promise<void> {
  await db.insert(visitEvents).values({
    visitId: event.visitId,
    kind: event.kind,
    actorId: event.actorId,
    at: event.at ?? new Date(),
    detail: event.detail ?? {},
  });
}
