import type { MakeExample } from '../access-examples';

/** The audit log's routes (issue 13): owners only, and none that changes it. */
export const AUDIT_EXAMPLES: Record<string, MakeExample> = {
  'GET /api/admin/audit-events': () => ({ url: '/api/admin/audit-events?kind=write' }),
  'GET /api/admin/audit-events/people': () => ({ url: '/api/admin/audit-events/people' }),
  'GET /api/admin/audit-events.csv': () => ({ url: '/api/admin/audit-events.csv' }),
};
