import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'wouter';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { SEARCH_SETTLE_MS } from '../../../components/filter-bar';
import { filterQuery, filtersFromParams, NO_FILTERS, type QuoteRequestFilters } from '../api/quote-request-filters';

/**
 * The inbox's filters, kept in the URL (bookmark or share a view; Back and Forward step through
 * filter changes), and the search box's text, which writes to the URL once typing pauses.
 */
export function useQuoteRequestFilters() {
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  const filters = useMemo(() => filtersFromParams(new URLSearchParams(query)), [query]);

  // The search box: typed text settles into the URL (replacing the entry, so Back skips the keystrokes);
  // a search changed from outside (Back, Forward, Clear filters) comes back into the box.
  const [searchText, setSearchText] = useState(filters.q);
  const settledSearch = useDebouncedValue(searchText, SEARCH_SETTLE_MS);
  const searchInUrl = useRef(filters.q);
  useEffect(() => {
    if (settledSearch === searchInUrl.current) return;
    searchInUrl.current = settledSearch;
    setParams((current) => filterQuery({ ...filtersFromParams(current), q: settledSearch }), { replace: true });
  }, [settledSearch, setParams]);
  useEffect(() => {
    if (filters.q === searchInUrl.current) return;
    searchInUrl.current = filters.q;
    setSearchText(filters.q);
  }, [filters.q]);

  const change = (next: Partial<QuoteRequestFilters>) => {
    searchInUrl.current = searchText;
    setParams(filterQuery({ ...filters, q: searchText, ...next }));
  };
  const clearFilters = () => {
    searchInUrl.current = '';
    setSearchText('');
    setParams(filterQuery(NO_FILTERS));
  };

  return { query, filters, searchText, setSearchText, change, clearFilters };
}
