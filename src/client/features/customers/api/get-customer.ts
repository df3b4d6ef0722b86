import { useQuery } from '@tanstack/react-query';
import type { CustomerDetail } from '../../../../shared/api/customers';
import { getJson } from '../../../lib/api-client';
import { customerKeys } from '../../../api/query-keys';

/** GET /api/admin/customers/{id}: the customer, the people who sign in for it, and its properties. */
export const getCustomer = (id: string) => getJson<CustomerDetail>(`/api/admin/customers/${id}`);

export const useCustomer = (id: string) => useQuery({ queryKey: customerKeys.detail(id), queryFn: () => getCustomer(id) });
