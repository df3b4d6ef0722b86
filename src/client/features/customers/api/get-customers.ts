import { useQuery } from '@tanstack/react-query';
import type { StaffCustomerSummary } from '../../../../shared/portal-types';
import { getJson } from '../../../lib/api-client';
import { customerKeys } from '../../../api/query-keys';

/** GET /api/admin/customers?q= */
export const getCustomers = (q: string) => getJson<StaffCustomerSummary[]>(`/api/admin/customers?q=${encodeURIComponent(q)}`);

export function useCustomers(q: string) {
  return useQuery({ queryKey: customerKeys.list(q), queryFn: () => getCustomers(q), placeholderData: (previous) => previous });
}
