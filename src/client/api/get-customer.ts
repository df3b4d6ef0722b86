import { useQuery } from '@tanstack/react-query';
import type { CustomerDetail } from '../../shared/api/customers';
import { getJson } from '../lib/api-client';
import { customerKeys } from './query-keys';

/**
 * GET /api/admin/customers/{id}: the customer, the people who sign in for it, and its properties. Read by the
 * customer's page and by an estimate written for the customer; with no id (null), nothing is read.
 */
export const getCustomer = (id: string) => getJson<CustomerDetail>(`/api/admin/customers/${id}`);

export const useCustomer = (id: string | null) =>
  useQuery({ queryKey: customerKeys.detail(id ?? ''), queryFn: () => getCustomer(id!), enabled: id !== null });
