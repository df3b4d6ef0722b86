import { describe, expect, it } from 'vitest';
import { crewVisit } from '#test/crew-visit';
import type { CrewVisit } from '../../../../shared/api/crew';
import type { OutboxItem } from '../api/offline-store';
import { localStatus, visitsLeft } from './use-local-visit';

const visit = (id: string, status: CrewVisit['status'] = 'scheduled') => crewVisit({ id, status, checklist: [] });
const at = '2026-03-09T14:00:00.000Z';
let seq = 0;
const start = (visitId: string): OutboxItem => ({ visitId, seq: ++seq, key: `k${seq}`, at, madeBy: 'u1', type: 'start', position: null });
const complete = (visitId: string): OutboxItem => ({ visitId, seq: ++seq, key: `k${seq}`, at, madeBy: 'u1', type: 'complete', note: '' });

describe('the route as the phone knows it', () => {
  it('counts the visits left from the work still on the phone, not only the server’s last answer', () => {
    const route = [visit('a'), visit('b'), visit('c', 'skipped')];
    expect(visitsLeft(route, [])).toBe(2);
    // Started without signal: still to go.
    expect(visitsLeft(route, [start('a')])).toBe(2);
    expect(visitsLeft(route, [start('a'), complete('a')])).toBe(1);
    expect(visitsLeft(route, [start('a'), complete('a'), start('b'), complete('b')])).toBe(0);
  });

  it('leaves out work the server refused, which never happened for the office', () => {
    const refused = { ...complete('a'), failed: 'The office skipped this visit' };
    expect(visitsLeft([visit('a')], [start('a'), refused])).toBe(1);
  });

  it('moves a visit on by a start or a check-out on the phone', () => {
    expect(localStatus(visit('a'), [start('a')])).toBe('in_progress');
    expect(localStatus(visit('a', 'missed'), [start('a')])).toBe('in_progress');
    expect(localStatus(visit('a', 'in_progress'), [complete('a')])).toBe('completed');
    expect(localStatus(visit('a', 'skipped'), [])).toBe('skipped');
  });
});
