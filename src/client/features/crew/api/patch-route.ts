import type { CompleteVisitResult, CrewVisit, StartVisitResult } from '../../../../shared/api/crew';
import type { CrewRouteResult } from './get-crew-route';
import type { Sent } from './outbox';

/** The server's id of each issue sent from this phone, by the key it was sent with (its photos name it by key). */
const issueIds = new Map<string, string>();

function patchVisit(visit: CrewVisit, { item, answer }: Sent): CrewVisit {
  switch (item.type) {
    case 'start': {
      const result = answer as StartVisitResult;
      return {
        ...visit,
        status: visit.status === 'scheduled' || visit.status === 'missed' ? 'in_progress' : visit.status,
        checkIn: visit.checkIn ?? { at: result.checkedInAt, location: result.location, distanceMeters: result.distanceMeters },
      };
    }
    case 'checklist': {
      const { doneAt } = answer as { doneAt: string | null };
      return { ...visit, checklist: visit.checklist.map((entry) => (entry.position === item.position ? { ...entry, doneAt } : entry)) };
    }
    case 'issue': {
      const { id } = answer as { id: string };
      issueIds.set(item.key, id);
      if (visit.issues.some((issue) => issue.id === id)) return visit;
      return {
        ...visit,
        issues: [...visit.issues, { id, type: item.issue.type, note: item.issue.note, reportedAt: item.at, photoCount: 0 }],
      };
    }
    case 'photo': {
      const issueId = item.issueKey ? issueIds.get(item.issueKey) : undefined;
      return {
        ...visit,
        photoCounts: { ...visit.photoCounts, [item.kind]: visit.photoCounts[item.kind] + 1 },
        issues: visit.issues.map((issue) => (issue.id === issueId ? { ...issue, photoCount: issue.photoCount + 1 } : issue)),
      };
    }
    case 'complete': {
      const { checkedOutAt } = answer as CompleteVisitResult;
      return { ...visit, status: 'completed', checkedOutAt, note: item.note };
    }
  }
}

/**
 * The route as last read, with an item the server just accepted laid over it, so the screen
 * moves straight from "on this phone" to "sent"; the next read of the route replaces it.
 */
export function patchRoute(data: CrewRouteResult | undefined, sent: Sent): CrewRouteResult | undefined {
  if (!data) return data;
  const patch = (visits: CrewVisit[]) => visits.map((visit) => (visit.id === sent.item.visitId ? patchVisit(visit, sent) : visit));
  return { ...data, route: { ...data.route, visits: patch(data.route.visits), recent: patch(data.route.recent) } };
}
