import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SUBMISSIONS_REFRESH_MS } from '../../../../shared/constants';
import {
  NEXT_CURSOR_HEADER,
  TOTAL_COUNT_HEADER,
  type ContactSubmission,
  type SubmissionNote,
  type SubmissionStatus,
} from '../../../../shared/inbox-types';
import { apiRequest, getJson } from '../../../lib/api-client';

export interface SubmissionFilters {
  status: SubmissionStatus | '';
  service: string;
  q: string;
  includeSpam: boolean;
}

export function filterQuery(filters: SubmissionFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.service) params.set('service', filters.service);
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.includeSpam) params.set('includeSpam', 'true');
  return params;
}

export interface SubmissionsPage {
  rows: ContactSubmission[];
  total: number;
  nextCursor: string | null;
}

/** SPEC §7: a non-OK answer is the error "Failed to fetch submissions". */
async function fetchSubmissions(filters: SubmissionFilters, limit: number): Promise<SubmissionsPage> {
  const params = filterQuery(filters);
  params.set('limit', String(limit));
  const response = await fetch(`/api/contact?${params}`, { credentials: 'include' });
  if (!response.ok) throw new Error('Failed to fetch submissions');
  return {
    rows: (await response.json()) as ContactSubmission[],
    total: Number(response.headers.get(TOTAL_COUNT_HEADER) ?? 0),
    nextCursor: response.headers.get(NEXT_CURSOR_HEADER),
  };
}

/** The inbox, refreshed every 30 seconds (SPEC §2). `limit` grows with "Show more". */
export function useSubmissions(filters: SubmissionFilters, limit: number) {
  return useQuery({
    queryKey: ['/api/contact', filters, limit],
    queryFn: () => fetchSubmissions(filters, limit),
    refetchInterval: SUBMISSIONS_REFRESH_MS,
    placeholderData: (previous) => previous,
  });
}

export function useUpdateStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, status }: { id: string; status: SubmissionStatus }) =>
      (await (await apiRequest('PATCH', `/api/contact/${id}`, { status })).json()) as ContactSubmission,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/contact'] }),
  });
}

export function useNotes(id: string, enabled: boolean) {
  return useQuery({
    queryKey: ['/api/contact', id, 'notes'],
    queryFn: () => getJson<SubmissionNote[]>(`/api/contact/${id}/notes`),
    enabled,
  });
}

export function useAddNote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: string) => (await (await apiRequest('POST', `/api/contact/${id}/notes`, { body })).json()) as SubmissionNote,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['/api/contact', id, 'notes'] }),
  });
}
