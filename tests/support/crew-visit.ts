import type { CrewVisit } from '../../src/shared/api/crew';

/** A visit on a crew member's route as the server sends it: scheduled, nothing done yet. */
export const crewVisit = (overrides: Partial<CrewVisit> = {}): CrewVisit => ({
  id: 'v1',
  scheduledDate: '2026-03-09',
  window: null,
  status: 'scheduled',
  kind: 'service',
  instructions: '',
  property: {
    name: 'Mayfair Commons',
    address: '2500 N Mayfair Rd',
    city: 'Wauwatosa',
    state: 'WI',
    zipCode: '53226',
    mapsLink: '',
    location: null,
  },
  checkIn: null,
  checkedOutAt: null,
  note: '',
  checklist: [{ position: 0, label: 'Empty exterior bins', doneAt: null }],
  issues: [],
  photoCounts: { before: 0, after: 0, issue: 0 },
  ...overrides,
});
