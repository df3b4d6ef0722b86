import { useQuery } from '@tanstack/react-query';
import type { InboxStats } from '../../../../shared/api/quote-requests';
import { getJson } from '../../../lib/api-client';
import { takeFirstScreenData, takeFirstScreenReadAt } from '../../../lib/first-screen';
import { quoteRequestKeys } from './keys';

/** GET /api/admin/stats: quote requests per week by status, and how many are new. */
const STATS_URL = '/api/admin/stats';

export const getInboxStats = () => getJson<InboxStats>(STATS_URL);

export const useInboxStats = () =>
  useQuery({
    queryKey: quoteRequestKeys.stats(),
    queryFn: getInboxStats,
    initialData: () => takeFirstScreenData<InboxStats>(STATS_URL),
    // When the server read them: "overdue" counts from the same moment in the server's render and the hydration.
    initialDataUpdatedAt: () => takeFirstScreenReadAt(STATS_URL),
  });
