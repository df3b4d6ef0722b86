import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { AuditActorOption, AuditEvent, AuditEventQuery } from '../../../../shared/api/audit';
import { getJson } from '../../../lib/api-client';

/** The filters as a query string: only those that are set. */
export const auditQuery = (filters: AuditEventQuery) =>
  new URLSearchParams(
    Object.entries(filters)
      .filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '')
      .map(([k, v]) => [k, String(v)]),
  ).toString();

const auditKeys = {
  all: ['audit-events'] as const,
  list: (filters: AuditEventQuery) => [...auditKeys.all, 'list', filters] as const,
  people: () => [...auditKeys.all, 'people'] as const,
};

/** GET /api/admin/audit-events: 100 at a time, newest first; "Show older events" asks for the next. */
export const useAuditEvents = (filters: AuditEventQuery) =>
  useInfiniteQuery({
    queryKey: auditKeys.list(filters),
    queryFn: ({ pageParam }) =>
      getJson<{ events: AuditEvent[]; nextBefore: number | null }>(
        `/api/admin/audit-events?${auditQuery({ ...filters, before: pageParam ?? undefined })}`,
      ),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.nextBefore,
  });

/** GET /api/admin/audit-events/people: who appears in the log, for the "Person" filter. */
export const useAuditPeople = () =>
  useQuery({ queryKey: auditKeys.people(), queryFn: () => getJson<AuditActorOption[]>('/api/admin/audit-events/people') });

/** The CSV of exactly what the filters show. */
export const auditCsvHref = (filters: AuditEventQuery) => {
  const query = auditQuery(filters);
  return `/api/admin/audit-events.csv${query ? `?${query}` : ''}`;
};
