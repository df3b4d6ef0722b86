import { describe, expect, it } from 'vitest';
import { isHazardReport } from './service-requests';

describe('isHazardReport', () => {
  it.each([
    'Needles by the bus shelter',
    'Broken glass across the loading dock',
    'Broken bottles all over stall 14',
    'Someone spilled motor oil by the entrance',
    'Exposed wires at the base of the light pole',
    'The pothole by the entrance is dangerous',
    'HAZARD: chemical drums left behind the dumpster',
  ])('is a hazard when the note names one: %s', (note) => expect(isHazardReport({ kind: 'problem_report', note })).toBe(true));

  it('is not for an ordinary problem, nor for words that only contain one', () => {
    for (const note of [
      'Someone dumped a mattress by the dumpster enclosure',
      'Cars parked in the fire lane again',
      'Glass storefront by the entrance needs its planters swept',
      'Spillover parking from the church on Sundays',
    ]) {
      expect(isHazardReport({ kind: 'problem_report', note }), note).toBe(false);
    }
  });

  it('is never for an extra cleanup, whatever its note', () => {
    expect(isHazardReport({ kind: 'extra_cleanup', note: 'Sweep up the broken glass before the open house' })).toBe(false);
  });
});
