import { useDeferredValue, useState } from 'react';
import { useSearchParams } from 'wouter';
import { QUOTE_REQUEST_PAGE_DEFAULT, QUOTE_REQUEST_PAGE_MAX } from '../../../../shared/constants';
import { useQuoteRequests } from '../api/get-quote-requests';
import { hasFilters } from '../api/quote-request-filters';
import { useInboxView } from '../inbox-view';
import { InboxTabs } from './inbox-tabs';
import { QuoteRequestsFilterBar } from './quote-requests-filter-bar';
import { QuoteRequestsHeader } from './quote-requests-header';
import { QuoteRequestsResults } from './quote-requests-results';
import { ServiceRequestsInbox } from './service-requests-inbox';
import { useQuoteRequestFilters } from './use-quote-request-filters';

/** Cards in the inbox's first render; the rest are rendered right after it. */
const FIRST_RENDER_CARDS = 10;

/**
 * /admin/submissions: the quote requests, urgent new ones first, refreshed every 30 seconds.
 * The filters live in the URL (bookmark or share a view; Back and Forward step through filter
 * changes); the search box writes to it once typing pauses.
 */
export default function QuoteRequestsPage() {
  const [params] = useSearchParams();
  if (params.get('view') === 'requests') {
    return (
      <>
        <InboxTabs current="requests" />
        <ServiceRequestsInbox />
      </>
    );
  }
  return <QuoteRequestsList />;
}

function QuoteRequestsList() {
  const { query, filters, searchText, setSearchText, change, clearFilters } = useQuoteRequestFilters();
  const [view, setView] = useInboxView();

  // "Show more" grows the page for the filters it was pressed on; other filters start at one page.
  const [more, setMore] = useState({ query, limit: QUOTE_REQUEST_PAGE_DEFAULT });
  const limit = more.query === query ? more.limit : QUOTE_REQUEST_PAGE_DEFAULT;
  const quoteRequests = useQuoteRequests(filters, limit);
  // The first render (the server's, and the hydration) shows the first cards, a phone's screenful
  // and more; the rest follow at once in the background, so no single task lays out all 50.
  const rowCount = quoteRequests.data?.rows.length ?? 0;
  const shownRows = useDeferredValue(rowCount, Math.min(rowCount, FIRST_RENDER_CARDS));
  const filtered = hasFilters(filters);

  return (
    <>
      <InboxTabs current="quotes" />
      <QuoteRequestsHeader quoteRequests={quoteRequests} filters={filters} view={view} onView={setView} />
      <QuoteRequestsFilterBar
        filters={filters}
        filtered={filtered}
        searchText={searchText}
        onSearch={setSearchText}
        onChange={change}
        onClear={clearFilters}
      />
      <QuoteRequestsResults
        quoteRequests={quoteRequests}
        filters={filters}
        filtered={filtered}
        view={view}
        shownRows={shownRows}
        limit={limit}
        onMore={() => setMore({ query, limit: Math.min(limit + QUOTE_REQUEST_PAGE_DEFAULT, QUOTE_REQUEST_PAGE_MAX) })}
        onClear={clearFilters}
      />
    </>
  );
}
