import { useMemo } from 'react';
import { distanceMeters } from '../../../../shared/geo';
import type { CrewVisit } from '../../../../shared/api/crew';
import type { CheckInLocationStatus, SiteIssueType, VisitStatus } from '../../../../shared/visits';
import type { OutboxItem } from '../api/offline-store';
import { useOutbox } from './use-outbox';

type PhotoItem = Extract<OutboxItem, { type: 'photo' }>;

export interface LocalIssue {
  /** The server's id, or the key of an issue still on the phone. */
  id: string;
  type: SiteIssueType;
  note: string;
  photoCount: number;
  /** Still on the phone (not yet accepted by the server). */
  waiting: boolean;
}

/** A visit as the crew sees it right now: the server's record with everything still on the phone laid over it. */
export interface LocalVisit extends Omit<CrewVisit, 'issues' | 'checkIn'> {
  checkIn: { at: string; location: CheckInLocationStatus | null; distanceMeters: number | null; waiting: boolean } | null;
  issues: LocalIssue[];
  /** Photos on the phone, by kind (issue photos included), oldest first. */
  waitingPhotos: PhotoItem[];
  /** Items the server refused for good, with why. */
  refused: OutboxItem[];
  /** The check-out is on the phone, not yet sent. */
  completionWaiting: boolean;
}

/** Judges a check-in on the phone, as the server will (it decides when the check-in arrives). */
function localVerdict(visit: CrewVisit, position: { lat: number; lng: number } | null, fenceMeters: number) {
  const lot = visit.property.location;
  if (!position || !lot) return { location: 'not_verified' as const, distanceMeters: null };
  const distance = Math.round(distanceMeters(lot, position));
  return distance <= fenceMeters
    ? { location: 'verified' as const, distanceMeters: null }
    : { location: 'away' as const, distanceMeters: distance };
}

/** A visit's status as the phone knows it: the server's, moved on by a start or a check-out still on the phone. */
export function localStatus(visit: CrewVisit, waiting: readonly OutboxItem[]): VisitStatus {
  if (waiting.some((item) => item.type === 'complete')) return 'completed';
  const started = Boolean(visit.checkIn) || waiting.some((item) => item.type === 'start');
  return started && (visit.status === 'scheduled' || visit.status === 'missed') ? 'in_progress' : visit.status;
}

/** The items of one visit still waiting to be sent (not those the server refused). */
const waitingFor = (visitId: string, items: readonly OutboxItem[]) => items.filter((item) => item.visitId === visitId && !item.failed);

/**
 * How many of today's visits are left to do, as the phone knows them: without signal, the route
 * kept on the phone is the server's last answer, and the work done since is in the outbox.
 */
export function visitsLeft(visits: readonly CrewVisit[], items: readonly OutboxItem[]): number {
  return visits.filter((visit) => {
    const status = localStatus(visit, waitingFor(visit.id, items));
    return status === 'scheduled' || status === 'in_progress';
  }).length;
}

export function useLocalVisit(visit: CrewVisit | undefined, fenceMeters: number): LocalVisit | undefined {
  const outbox = useOutbox();
  return useMemo(() => {
    if (!visit) return undefined;
    const mine = outbox.items.filter((item) => item.visitId === visit.id);
    const waiting = waitingFor(visit.id, mine);
    const status = localStatus(visit, waiting);
    let checkIn: LocalVisit['checkIn'] = visit.checkIn && { ...visit.checkIn, waiting: false };
    const start = waiting.find((item) => item.type === 'start');
    if (start?.type === 'start' && !checkIn) checkIn = { at: start.at, ...localVerdict(visit, start.position, fenceMeters), waiting: true };

    const checklist = visit.checklist.map((item) => {
      const last = waiting.findLast((queued) => queued.type === 'checklist' && queued.position === item.position);
      return last?.type === 'checklist' ? { ...item, doneAt: last.done ? last.at : null } : item;
    });
    const photos = waiting.filter((item): item is PhotoItem => item.type === 'photo');
    const issues: LocalIssue[] = [
      ...visit.issues.map((issue) => ({ id: issue.id, type: issue.type, note: issue.note, photoCount: issue.photoCount, waiting: false })),
      ...waiting.flatMap((item) =>
        item.type === 'issue'
          ? [
              {
                id: item.key,
                type: item.issue.type,
                note: item.issue.note,
                photoCount: photos.filter((p) => p.issueKey === item.key).length,
                waiting: true,
              },
            ]
          : [],
      ),
    ];
    const complete = waiting.find((item) => item.type === 'complete');
    let { note, checkedOutAt } = visit;
    if (complete?.type === 'complete') {
      note = complete.note;
      checkedOutAt = complete.at;
    }
    return {
      ...visit,
      status,
      checkIn,
      checklist,
      issues,
      note,
      checkedOutAt,
      waitingPhotos: photos,
      refused: mine.filter((item) => item.failed),
      completionWaiting: Boolean(complete),
    };
  }, [visit, outbox.items, fenceMeters]);
}
