import { useQuery } from '@tanstack/react-query';
import type { InboxStats } from '../../../../shared/api/quote-requests';
import { getJson } from '../../../lib/api-client';
import { quoteRequestKeys } from './keys';

/** GET /api/admin/stats: quote requests per week by status, and how many are new. */
export const getInboxStats = () => getJson<InboxStats>('/api/admin/stats');

export const useInboxStats = () => useQuery({ queryKey: quoteRequestKeys.stats(), queryFn: getInboxStats });
