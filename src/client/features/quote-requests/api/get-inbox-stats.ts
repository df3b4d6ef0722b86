import { useQuery } from '@tanstack/react-query';
import type { InboxStats } from '../../../../shared/api/quote-requests';
import { getJson } from '../../../lib/api-client';
import { takeFirstScreenData, takeFirstScreenReadAt } from '../../../lib/first-screen';
import { quoteRequestKeys } from './keys';
import { INBOX_STATS_URL } from './urls';

export const getInboxStats = () => getJson<InboxStats>(INBOX_STATS_URL);

export const useInboxStats = () =>
  useQuery({
    queryKey: quoteRequestKeys.stats(),
    queryFn: getInboxStats,
    initialData: () => takeFirstScreenData<InboxStats>(INBOX_STATS_URL),
    // When the server read them: "overdue" counts from the same moment in the server's render and the hydration.
    initialDataUpdatedAt: () => takeFirstScreenReadAt(INBOX_STATS_URL),
  });
