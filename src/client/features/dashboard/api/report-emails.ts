import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReportPreference } from '../../../../shared/api/report-emails';
import { getJson, sendJson } from '../../../lib/api-client';

export const reportEmailKeys = { mine: () => ['report-emails', 'mine'] as const };

/** GET /api/account/report-emails: how often I receive service reports. */
export const useReportEmails = () =>
  useQuery({ queryKey: reportEmailKeys.mine(), queryFn: () => getJson<ReportPreference>('/api/account/report-emails') });

/** PUT /api/account/report-emails. */
export function useSaveReportEmails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preference: ReportPreference) => sendJson<ReportPreference>('PUT', '/api/account/report-emails', preference),
    onSuccess: (saved) => queryClient.setQueryData(reportEmailKeys.mine(), saved),
  });
}
