import { useQuery } from '@tanstack/react-query';
import type { CustomerSummary } from '../../../../shared/api/customers';
import { getJson } from '../../../lib/api-client';
import { customerKeys } from '../../../api/query-keys';

/** GET /api/admin/customers?q= */
export const getCustomers = (q: string) => getJson<CustomerSummary[]>(`/api/admin/customers?q=${encodeURIComponent(q)}`);

export function useCustomers(q: string) {
  return useQuery({ queryKey: customerKeys.list(q), queryFn: () => getCustomers(q), placeholderData: (previous) => previous });
}
