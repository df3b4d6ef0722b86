import { describe, expect, it } from 'vitest';
import type { VisitEvent } from '../../../../shared/api/schedule';
import { eventWords } from './visit-timeline';

const event = (kind: VisitEvent['kind'], detail: Record<string, unknown>): VisitEvent => ({
  id: 1,
  kind,
  at: '2026-11-23T13:15:00.000Z',
  actor: null,
  detail,
});
const names = new Map([
  ['m', 'Marcus Hill'],
  ['z', 'Zoe Lind'],
]);

describe('the timeline’s words', () => {
  it('reads what the crew’s phone records', () => {
    expect(eventWords(event('checked_in', { location: 'verified', distanceMeters: 38 }), names)).toBe(
      'Checked in, verified on site (38 m from the property)',
    );
    expect(eventWords(event('checked_in', { location: 'away', distanceMeters: 2012 }), names)).toBe(
      'Checked in away from the site: 2.0 km from the property',
    );
    expect(eventWords(event('checked_in', { location: 'not_verified', distanceMeters: null }), names)).toBe(
      'Checked in, location not verified (the phone gave no position, or the property has no location yet)',
    );
    expect(eventWords(event('checklist_item', { position: 1, label: 'Empty exterior bins', done: true }), names)).toBe(
      '“Empty exterior bins” done',
    );
    expect(eventWords(event('checklist_item', { position: 1, label: 'Empty exterior bins', done: false }), names)).toBe(
      '“Empty exterior bins” unticked',
    );
    expect(eventWords(event('issue_reported', { type: 'graffiti', label: 'Graffiti' }), names)).toBe('Reported a site issue: Graffiti');
    expect(eventWords(event('photo_added', { photoId: 'p', kind: 'issue' }), names)).toBe('Added a photo of a site issue');
    expect(eventWords(event('checked_out', { withNote: true }), names)).toBe('Checked out, with a note');
  });

  it('reads the plans’ and the office’s changes', () => {
    expect(eventWords(event('created', { planId: 'p', occurrenceDate: '2026-11-23' }), names)).toBe('Scheduled from the service plan');
    expect(eventWords(event('created', { oneOff: true, date: '2026-11-23' }), names)).toBe('One-off visit added');
    expect(eventWords(event('created', { oneOff: true, assessment: true, date: '2026-11-23' }), names)).toBe(
      'Free property visit scheduled for an estimate',
    );
    expect(eventWords(event('moved', { from: '2026-11-23', to: '2026-11-24' }), names)).toBe('Moved from Mon, Nov 23 to Tue, Nov 24');
    expect(eventWords(event('reassigned', { from: ['m'], to: ['z', 'gone'] }), names)).toBe(
      'Reassigned from Marcus Hill to Zoe Lind and a former crew member',
    );
    expect(eventWords(event('skipped', { reason: 'customer_request' }), names)).toBe('Skipped: customer request');
    expect(eventWords(event('photo_removed', { photoId: 'p', kind: 'after' }), names)).toBe('Removed an after photo');
    expect(
      eventWords(
        event('corrected', {
          changes: [
            { field: 'checkedOutAt', from: null, to: '2026-11-23T14:00:00.000Z' },
            { field: 'checklist', position: 0, label: 'Clear the dumpster corral', done: true },
          ],
        }),
        names,
      ),
    ).toBe('Corrected the record: check-out time set to Nov 23, 8:00 AM; “Clear the dumpster corral” marked done');
  });
});
