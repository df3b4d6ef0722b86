import { describe, expect, it } from 'vitest';
import { crewVisit } from '#test/crew-visit';
import { formatDistance, locationVerdict } from '../../../../shared/api/crew-rules';
import type { CrewRouteResult } from './get-crew-route';
import type { OutboxItem } from './offline-store';
import { patchRoute } from './patch-route';

const visit = crewVisit();
const data: CrewRouteResult = { route: { today: '2026-03-09', fenceMeters: 250, visits: [visit], recent: [] }, offline: false };
const at = '2026-03-09T14:00:00.000Z';
const base = { visitId: 'v1', seq: 1, at, madeBy: 'dana@example.com' };
const patched = (item: OutboxItem, answer: unknown, from = data) => patchRoute(from, { item, answer })!.route.visits[0]!;

describe('what the crew page shows once the server takes an item', () => {
  it('shows the check-in with the server’s verdict, and the visit in progress', () => {
    const shown = patched(
      { ...base, key: 'k1', type: 'start', position: null },
      { checkedInAt: at, location: 'away', distanceMeters: 1900 },
    );
    expect(shown.status).toBe('in_progress');
    expect(shown.checkIn).toEqual({ at, location: 'away', distanceMeters: 1900 });
  });

  it('ticks the item, counts the photo, and shows the issue with its photo', () => {
    const ticked = patched({ ...base, key: 'k2', type: 'checklist', position: 0, done: true }, { position: 0, doneAt: at });
    expect(ticked.checklist[0]!.doneAt).toBe(at);
    const issue = patchRoute(data, {
      item: { ...base, key: 'issue-key', type: 'issue', issue: { type: 'hazard', note: 'Needles' } },
      answer: { id: 'i1' },
    })!;
    const photo = patched(
      { ...base, key: 'k3', type: 'photo', kind: 'issue', issueKey: 'issue-key', file: new Blob(), name: 'a.jpg' },
      { id: 'p1' },
      issue,
    );
    expect(photo.issues).toEqual([{ id: 'i1', type: 'hazard', note: 'Needles', reportedAt: at, photoCount: 1 }]);
    expect(photo.photoCounts).toEqual({ before: 0, after: 0, issue: 1 });
    // The same issue taken twice (a retry) is shown once.
    const again = patchRoute(issue, {
      item: { ...base, key: 'issue-key', type: 'issue', issue: { type: 'hazard', note: 'Needles' } },
      answer: { id: 'i1' },
    })!;
    expect(again.route.visits[0]!.issues).toHaveLength(1);
  });

  it('completes the visit with the check-out time and the note, and leaves other visits alone', () => {
    const other = { ...visit, id: 'v2' };
    const from = { ...data, route: { ...data.route, visits: [visit, other] } };
    const after = patchRoute(from, { item: { ...base, key: 'k4', type: 'complete', note: 'All clear' }, answer: { checkedOutAt: at } })!;
    expect(after.route.visits[0]).toMatchObject({ status: 'completed', checkedOutAt: at, note: 'All clear' });
    expect(after.route.visits[1]).toBe(other);
  });
});

describe('the check-in verdict in words', () => {
  it('says verified, away with a readable distance, or not verified', () => {
    expect(locationVerdict('verified', null)).toBe('Verified on site');
    expect(locationVerdict('away', 1890)).toBe('Away from the site (1.9 km)');
    expect(locationVerdict('away', 312)).toBe('Away from the site (310 m)');
    expect(locationVerdict('not_verified', null)).toBe('Location not verified');
    expect(locationVerdict(null, null)).toBe('Location not verified');
    expect(formatDistance(23_400)).toBe('23 km');
  });
});
