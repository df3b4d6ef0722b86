import { NEW_AGREEMENTS_FILTER } from '../../../shared/api/agreements';
import { QUOTE_REQUEST_PAGE_DEFAULT } from '../../../shared/constants';
import type { FirstReads } from '../../../shared/first-screen';
import { AUTH_USER_URL, agreementsUrl } from '../../api/api-urls';
import { NO_FILTERS } from './api/quote-request-filters';
import { INBOX_STATS_URL, quoteRequestsUrl } from './api/urls';

/** /admin: the console's overview, with the inbox's figures and the new service agreements. */
export const overviewFirstReads: FirstReads = {
  screen: 'src/client/features/quote-requests/components/overview-page.tsx',
  reads: () => [AUTH_USER_URL, INBOX_STATS_URL, agreementsUrl(NEW_AGREEMENTS_FILTER)],
};

/** /admin/submissions: the inbox as it opens; a filtered view or the customers' requests tab reads its list itself. */
export const inboxFirstReads: FirstReads = {
  screen: 'src/client/features/quote-requests/components/quote-requests-page.tsx',
  reads: (_params, query) =>
    query.size === 0
      ? [AUTH_USER_URL, INBOX_STATS_URL, quoteRequestsUrl(NO_FILTERS, QUOTE_REQUEST_PAGE_DEFAULT)]
      : [AUTH_USER_URL, INBOX_STATS_URL],
};
