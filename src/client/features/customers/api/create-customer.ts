import type { CustomerInput } from '../../../../shared/staff-schemas';
import { sendJson } from '../../../lib/api-client';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation';
import { customerKeys } from './keys';

/** POST /api/admin/customers */
export const createCustomer = (input: CustomerInput) => sendJson<{ id: string }>('POST', '/api/admin/customers', input);

export const useCreateCustomer = () => useRefreshingMutation(createCustomer, customerKeys.all);
